package explore

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"mime"
	"strings"
	"sync"
	"time"

	"github.com/shopspring/decimal"
	"github.com/tidwall/gjson"
	"pgregory.net/rapid"

	"github.com/wallet-conformance/wallet-conformance/schemas"
	"github.com/wallet-conformance/wallet-conformance/steps/target"
)

// expectation is what the spec expects of a move before it is sent.
type expectation int

const (
	expSuccess    expectation = iota // the table allows it: it succeeds (invAllowed)
	expRefusal                       // the table does not allow it: a handled error (invRefused)
	expNotSuccess                    // beyond an amount's bound: not a success (invRefund)
	expClosed                        // on a closed account: a handled error (invClosed)
	expAdvise                        // beyond minimumAllowedBalance: a refusal is expected, an acceptance is a warning (invMinimum)
	expOpen                          // the spec leaves the outcome open: either is followed
)

// violation is an invariant that did not hold after a move.
type violation struct {
	inv *Invariant
	op  string // the operation whose clause the break also belongs to
	msg string // expected versus got, secrets redacted
}

// step is one move of a property run as it ran: what was sent, what the
// model expected, what came back, and how to write it as a step of a
// scenario.
type step struct {
	kind     string
	op       string          // the operation the move calls
	amount   decimal.Decimal // the amount of a load or a wallet payment
	full     bool            // a capture of the whole amount (no amount sent)
	fields   map[string]any  // the account data Create Account sent
	expect   expectation
	accepted bool // the target answered a success (steps.World would take it)
	followed bool // the model moved with it (accepted, and the spec does not require a refusal)

	given string   // the sentence of the move as a precondition that must succeed ("" for none)
	plain string   // the sentence of the move as a call whose outcome is not asserted
	thens []string // the checks of the move as Then sentences (the balance's is added when written)

	account    int     // the current account after the move
	newAccount bool    // the move made a new current account
	balanced   bool    // the balance was read after the move and compared with the model
	before     balance // the model's balance of the current account before the move
	after      balance // ... and after it

	violations []violation
	exchanges  []target.Exchange
}

// runTrace is one property run: the moves it made and how it ended.
type runTrace struct {
	number   int // 1-based in the exploration; 0 for the runs of the shrinker
	steps    []*step
	actions  []action   // the moves as drawn, for replays
	failure  *violation // the first normative break; nil when none
	failedAt int        // index of the step that broke it
	infra    error      // an infrastructure error ended the run
	cut      bool       // the bounds cut the run short
	started  time.Time
	duration time.Duration
}

// advice returns the advisory breaks of the run.
func (r *runTrace) advice() []violation {
	var out []violation
	for _, s := range r.steps {
		for _, v := range s.violations {
			if !v.inv.Normative() {
				out = append(out, v)
			}
		}
	}
	return out
}

// machine is the state machine of one property run against the target:
// the model, the trace, and the moves.
type machine struct {
	e     *explorer
	draws draws // where the current move's values come from
	ctx   context.Context
	m     *model
	tr    *runTrace
	uid   string
	n     int
	stop  bool // the bounds or an infrastructure error ended the run: moves do nothing
}

// check fails the property when a normative invariant broke. rapid runs
// it after every move; the failure names only the invariant, so that the
// shrinker keeps a shorter sequence only when it breaks the same one.
func (x *machine) check(t *rapid.T) {
	if v := x.tr.failure; v != nil {
		t.Fatalf("%s", v.inv.ID)
	}
}

// moveKind is a kind of move: when it applies, and how often rapid draws it.
type moveKind struct {
	name    string
	applies func(x *machine) bool
	weight  int // in halves
	// more adds weight while its condition holds (a closed account makes
	// opening another likely; money makes wallet payments likely).
	more     int
	moreWhen func(x *machine) bool
}

// moveKinds are the moves, valid and invalid: each applies in a state of
// the model, and the expectation of each is the model's (machine.go's
// move functions).
var moveKinds = []moveKind{
	{name: "create-account", weight: 2, applies: func(x *machine) bool { return x.closed() || len(x.m.accounts) < maxAccounts },
		more: 14, moreWhen: (*machine).closed},
	{name: "close-account", weight: 1, applies: func(x *machine) bool { return x.m.openAccount() != nil }},
	{name: "get-account", weight: 2, applies: func(x *machine) bool { return x.m.account() != nil }},
	// The suite's "the account has been loaded with": Init Authorize with
	// the wallet's accno, Complete Authorize, Capture, each a move.
	{name: "load", weight: 4, applies: (*machine).loadable},
	// ... and "an authorized guest payment ... to load the account".
	{name: "authorize-load", weight: 3, applies: (*machine).loadable},
	{name: "init-load", weight: 2, applies: func(x *machine) bool { return x.loadable() || (x.e.caps.load && x.closed()) }},
	{name: "complete-authorize", weight: 3, applies: func(x *machine) bool { return x.onPayment(payLoad) }},
	{name: "capture", weight: 5, applies: func(x *machine) bool { return x.onPayment(payLoad) && x.m.payment().status != stCaptured }}, // capturing twice: open
	{name: "refund", weight: 4, applies: func(x *machine) bool { return x.onPayment(payLoad) }},
	{name: "cancel", weight: 4, applies: func(x *machine) bool { return x.onPayment(payLoad) && x.m.payment().status != stCancelled }}, // cancelling twice: open
	{name: "kc-authorize", weight: 2, applies: (*machine).walletPays, more: 3, moreWhen: (*machine).hasMoney},
	{name: "kc-debit", weight: 2, applies: (*machine).walletPays, more: 3, moreWhen: (*machine).hasMoney},
	{name: "kc-capture", weight: 5, applies: func(x *machine) bool { return x.onPayment(payKCAuth) || x.onPayment(payKCDebit) }},
	{name: "kc-cancel", weight: 4, applies: func(x *machine) bool { return x.onPayment(payKCAuth) || x.onPayment(payKCDebit) }},
	{name: "kc-refund", weight: 4, applies: func(x *machine) bool { return x.onPayment(payKCAuth) || x.onPayment(payKCDebit) }},
	{name: "kc-debit-concurrent", weight: 1, applies: func(x *machine) bool { return x.e.caps.kc && x.m.openAccount() != nil }},
	{name: "add-consent", weight: 2, applies: func(x *machine) bool { return x.e.caps.consent && x.m.openAccount() != nil }},
	{name: "revoke-consent", weight: 2, applies: func(x *machine) bool { c := x.m.consent(); return c != nil && !c.revoked }}, // revoking twice: open
	{name: "account-enquiry", weight: 2, applies: func(x *machine) bool { return x.m.openAccount() != nil }},
	// Asked only of a balance that is not negative: "one cent more than the
	// account can afford" is then an amount.
	{name: "check-available", weight: 2, applies: func(x *machine) bool { a := x.m.openAccount(); return a != nil && !a.bal.avl().IsNegative() }},
	{name: "update-account", weight: 1, applies: func(x *machine) bool { return x.m.account() != nil }},
}

func (x *machine) closed() bool { a := x.m.account(); return a != nil && a.closed }

func (x *machine) loadable() bool {
	a := x.m.openAccount()
	return x.e.caps.load && a != nil && x.m.exposure(x.m.acc).Add(maxLoad).LessThanOrEqual(a.max)
}

func (x *machine) walletPays() bool { return x.e.caps.kc && x.m.account() != nil }

func (x *machine) hasMoney() bool {
	a := x.m.openAccount()
	return a != nil && a.affordable().GreaterThanOrEqual(decimal.New(minCents, -2))
}

func (x *machine) onPayment(kind payKind) bool {
	p := x.m.payment()
	return p != nil && p.kind == kind
}

// unit is one unit of weight of a move kind: rapid draws a unit uniformly.
type unit struct {
	kind  int  // index into moveKinds
	extra bool // a unit of k.more: it applies only while k.moreWhen holds
}

// units lists every unit of weight, the kinds interleaved so that walking
// on from a unit that does not apply reaches a different kind soon.
var units = func() []unit {
	var out []unit
	for round := 0; ; round++ {
		added := false
		for i, k := range moveKinds {
			if round < k.weight+k.more {
				out = append(out, unit{kind: i, extra: round >= k.weight})
				added = true
			}
		}
		if !added {
			return out
		}
	}
}()

func (u unit) applies(x *machine) bool {
	k := moveKinds[u.kind]
	return k.applies(x) && (!u.extra || k.moreWhen(x))
}

// actions are rapid's actions of a machine: one move, and the check.
func (x *machine) actions() map[string]func(*rapid.T) {
	return map[string]func(*rapid.T){"": x.check, "move": func(t *rapid.T) {
		if x.stop || x.e.halted() || len(x.tr.steps) >= x.e.maxMoves {
			x.halt()
			return
		}
		x.draws = &rapidDraws{t: t}
		x.move(x.drawKind(t))
	}}
}

// drawKind draws a unit uniformly, from unbiased bits (rapid's integer
// generators favour small values, which would favour the first kinds); a
// unit that does not apply is drawn again, up to eight times, and then the
// next one that applies is taken. The kinds come from a fixed list, so a
// shrunk sequence keeps the kinds of the moves it keeps.
func (x *machine) drawKind(t *rapid.T) string {
	n := len(units)
	u := 0
	for try := 0; try < 8; try++ {
		u = 0
		for range bits.Len(uint(n - 1)) {
			u <<= 1
			if rapid.Bool().Draw(t, "bit") {
				u |= 1
			}
		}
		u %= n
		if units[u].applies(x) {
			return moveKinds[units[u].kind].name
		}
	}
	for i := range n {
		if un := units[(u+i)%n]; un.applies(x) {
			return moveKinds[un.kind].name
		}
	}
	return "get-account" // never: an account exists once the run began
}

// Bounds of the moves: accounts per run, and the amounts drawn (in cents).
const (
	maxAccounts = 6
	minCents    = 100
	maxCents    = 10000
)

var maxLoad = decimal.New(maxCents, -2)

// halt ends the run's moves when the bounds are reached.
func (x *machine) halt() {
	if !x.stop && x.e.halted() {
		x.stop, x.tr.cut = true, true
	}
}

// move makes one move of the kind, which applies, drawing its values from
// x.draws, and records it as an action of the run (for replays).
func (x *machine) move(kind string) {
	first := len(x.tr.steps)
	defer func() {
		if len(x.tr.steps) > first {
			x.tr.actions = append(x.tr.actions, action{kind: kind, values: x.draws.values(), steps: len(x.tr.steps) - first})
		}
	}()
	switch kind {
	case "create-account":
		x.createAccount()
	case "close-account":
		x.closeAccount()
	case "get-account":
		x.getAccount()
	case "update-account":
		x.updateAccount()
	case "load", "authorize-load":
		x.initLoad(x.cents("amount", minCents, maxCents))
		if x.goesOnAfter("init-load") {
			x.completeAuthorize()
			if kind == "load" && x.goesOnAfter("complete-authorize") {
				x.capture(nil)
			}
		}
	case "init-load":
		x.initLoad(x.cents("amount", minCents, maxCents))
	case "complete-authorize":
		x.completeAuthorize()
	case "capture":
		x.capture(x.partOf(x.m.payment().amount))
	case "refund":
		x.refund()
	case "cancel":
		x.cancel()
	case "kc-authorize", "kc-debit":
		x.walletPayment(kind, x.walletAmount())
	case "kc-capture":
		x.kcCapture(x.partOf(x.m.payment().amount))
	case "kc-cancel":
		x.kcCancel()
	case "kc-refund":
		x.kcRefund()
	case "kc-debit-concurrent":
		n := x.draw("times", 2, 5)
		x.concurrentDebits(n, x.cents("amount", minCents, 3000))
	case "add-consent":
		x.addConsent()
	case "revoke-consent":
		x.revokeConsent()
	case "account-enquiry":
		x.accountEnquiry(x.draw("top", 0, 1) == 1)
	case "check-available":
		x.checkAvailable(x.draw("above", 0, 1) == 1)
	}
}

// goesOnAfter reports whether the last move was kind, the target accepted
// it, and the run goes on.
func (x *machine) goesOnAfter(kind string) bool {
	if x.stop || x.tr.failure != nil || len(x.tr.steps) == 0 {
		return false
	}
	last := x.tr.steps[len(x.tr.steps)-1]
	return last.kind == kind && last.accepted
}

// cents draws an amount between lo and hi cents.
func (x *machine) cents(label string, lo, hi int64) decimal.Decimal {
	return decimal.New(int64(x.draw(label, int(lo), int(hi))), -2)
}

// partOf draws the whole of an amount (nothing sent) or a part of it.
func (x *machine) partOf(whole decimal.Decimal) *decimal.Decimal {
	if x.draw("partial", 0, 1) == 0 {
		return nil
	}
	d := x.cents("part", 1, whole.Shift(2).IntPart())
	return &d
}

// walletAmount draws the amount of a wallet payment: mostly what the
// wallet can afford, sometimes any amount.
func (x *machine) walletAmount() decimal.Decimal {
	a := x.m.account()
	afford := a.affordable().Shift(2).IntPart()
	if x.draw("affordable", 0, 1) == 1 && afford >= minCents {
		return x.cents("amount", minCents, afford)
	}
	return x.cents("amount", minCents, maxCents)
}

// newStep starts a move of the current account's money.
func (x *machine) newStep(kind, op string) *step {
	st := &step{kind: kind, op: op, account: x.m.acc}
	if a := x.m.account(); a != nil {
		st.before, st.after = a.bal, a.bal
	}
	return st
}

// done ends a move: it records the step, and the run's first normative break.
func (x *machine) done(st *step) {
	if a := x.m.account(); a != nil {
		st.after = a.bal
	}
	st.account = x.m.acc
	x.tr.steps = append(x.tr.steps, st)
	for _, v := range st.violations {
		if v.inv.Normative() && x.tr.failure == nil {
			v := v
			x.tr.failure, x.tr.failedAt = &v, len(x.tr.steps)-1
		}
	}
}

// violate records a break of inv by the move.
func (x *machine) violate(st *step, inv *Invariant, msg string) {
	st.violations = append(st.violations, violation{inv: inv, op: st.op, msg: x.e.red.String(msg)})
}

// send makes a call of the move. false means the run ends here: the
// bounds were reached or the target could not be used (an infrastructure
// error, kept apart from conformance failures).
func (x *machine) send(st *step, opID string, path map[string]string, fields map[string]any) (*reply, bool) {
	r, err := x.e.caller.call(x.ctx, opID, path, fields)
	if r != nil {
		st.exchanges = append(st.exchanges, r.ex)
	}
	if err != nil {
		x.stop = true
		if errors.Is(err, errHalted) {
			x.tr.cut = true
		} else {
			x.tr.infra = err
		}
		if len(st.exchanges) > 0 {
			x.done(st)
		}
		return nil, false
	}
	return r, true
}

// outcome checks the move's answer against what was expected, adds the
// Then sentence of that check, and reports whether the model follows the
// move: the target accepted it, and the spec does not require a refusal
// (a move accepted against the spec has already broken the run; the model
// keeps saying what the spec expects, for the rest of the move's checks).
func (x *machine) outcome(st *step, r *reply, exp expectation) bool {
	st.expect = exp
	set := x.e.caller.schemas
	switch exp {
	case expSuccess:
		st.thens = append(st.thens, "the call succeeds")
		if msg := r.success(set); msg != "" {
			x.violate(st, invAllowed, msg+"\n  "+r.evidence(x.e.red))
		}
	case expRefusal, expClosed:
		st.thens = append(st.thens, "the call fails as a handled error")
		inv := invRefused
		if exp == expClosed {
			inv = invClosed
		}
		if msg := r.handledError(set); msg != "" {
			x.violate(st, inv, msg+"\n  "+r.evidence(x.e.red))
		}
	case expNotSuccess:
		st.thens = append(st.thens, "the call is not a success")
		if msg := r.notASuccess(set); msg != "" {
			x.violate(st, invRefund, msg+"\n  "+r.evidence(x.e.red))
		}
	case expAdvise:
		if r.succeeded() {
			x.violate(st, invMinimum, fmt.Sprintf("%s beyond what the wallet can afford before its minimumAllowedBalance (%s) succeeded", r.op.Name, x.m.account().affordable().StringFixed(2)))
		}
	}
	st.accepted = r.succeeded()
	st.followed = st.accepted && exp != expRefusal && exp != expNotSuccess && exp != expClosed
	return st.followed
}

// expectField checks a text field of an accepted move's answer.
func (x *machine) expectField(st *step, r *reply, inv *Invariant, name, want string) {
	st.thens = append(st.thens, fmt.Sprintf("the response's %s is %q", name, want))
	if msg := r.field(name, want); msg != "" {
		x.violate(st, inv, msg)
	}
}

// expectAmount checks an amount field of an accepted move's answer.
func (x *machine) expectAmount(st *step, r *reply, inv *Invariant, name string, want decimal.Decimal) {
	st.thens = append(st.thens, fmt.Sprintf("the response's %s is %s", name, want.StringFixed(2)))
	if msg := r.amount(name, want); msg != "" {
		x.violate(st, inv, msg)
	}
}

// balanceRule says how the balance read after a move is judged.
type balanceRule int

const (
	balStated     balanceRule = iota // the spec states the move's effect: it must agree to the cent
	balImplied                       // the effect is implied (invLoadAuthorization, invLoadRefund): a difference is a warning, and the model takes the balance read
	balUnobserved                    // the move cannot be read back (closed account)
)

// observeBalance reads the current account's balance after a move and
// compares it with the model (B-2.4). implied names the advisory rule of a
// move whose effect the spec only implies; nil for a stated one.
func (x *machine) observeBalance(st *step, implied *Invariant) bool {
	a := x.m.openAccount()
	if a == nil {
		return true
	}
	r, ok := x.send(st, "balance-enquiry", map[string]string{"accno": a.accno}, x.accountFields(true))
	if !ok {
		return false
	}
	st.balanced = true
	if msg := r.success(x.e.caller.schemas); msg != "" {
		x.violate(st, invAllowed, "Balance Enquiry of an open account: "+msg+"\n  "+r.evidence(x.e.red))
		return true
	}
	got, msg := balanceOf(r.json)
	if msg != "" {
		x.violate(st, invAvailable, msg)
		return true
	}
	if got.equal(a.bal) {
		return true
	}
	inv := invBalance
	switch {
	case !st.accepted:
		inv = invRefusalChangesNothing
	case implied != nil && st.followed:
		x.violate(st, implied, fmt.Sprintf("after %s the balance is %s, the model expected %s", opName(st.op), got, a.bal))
		a.bal = got // the model takes the balance read and goes on
		return true
	}
	x.violate(st, inv, fmt.Sprintf("after %s expected the balance to be %s (before it: %s), got %s", opName(st.op), a.bal, st.before, got))
	return true
}

func opName(id string) string {
	if op, ok := schemas.Lookup(id); ok {
		return op.Name
	}
	return id
}

// balanceOf reads bkBal, blkAmt and avlBal to the cent and checks B-2.4.
func balanceOf(j gjson.Result) (balance, string) {
	var b balance
	var avl decimal.Decimal
	for _, f := range []struct {
		name string
		into *decimal.Decimal
	}{{"bkBal", &b.bk}, {"blkAmt", &b.blk}, {"avlBal", &avl}} {
		v := j.Get(f.name)
		d, err := decimal.NewFromString(v.Raw)
		if v.Type != gjson.Number || err != nil {
			return b, fmt.Sprintf("expected %s as a decimal number, got %s", f.name, rawOrAbsent(v.Raw))
		}
		*f.into = d
	}
	if !avl.Equal(b.avl()) {
		return b, fmt.Sprintf("avlBal must be bkBal minus blkAmt (B-2.4): bkBal %s, blkAmt %s, avlBal %s", b.bk.StringFixed(2), b.blk.StringFixed(2), avl.StringFixed(2))
	}
	return b, ""
}

// observeStatus reads the status of a load payment with Get Payment
// Status (B-4.7) and compares it with the model.
func (x *machine) observeStatus(st *step, p *payment) bool {
	r, ok := x.send(st, "get-payment-status", map[string]string{"uniqueReference": p.ref}, x.envelope(false))
	if !ok {
		return false
	}
	st.thens = append(st.thens, "the payment's status reads "+p.status)
	if msg := r.success(x.e.caller.schemas); msg != "" {
		x.violate(st, invAllowed, "Get Payment Status: "+msg+"\n  "+r.evidence(x.e.red))
		return true
	}
	if got := r.json.Get("statusCode").String(); got != p.status {
		inv := invStatus
		if !st.accepted {
			inv = invRefusalChangesNothing
		}
		x.violate(st, inv, fmt.Sprintf("after %s expected Get Payment Status to read statusCode %q, got %s", opName(st.op), p.status, rawOrAbsent(r.json.Get("statusCode").Raw)))
	}
	// What the suite's "the payment status agrees with what was
	// authorized" compares: the amount, currency and usage, the reference,
	// and the billing address the payment was initiated with.
	st.thens = append(st.thens, "the payment status agrees with what was authorized")
	var diffs []string
	if got, err := decimal.NewFromString(r.json.Get("presentationAmount").Raw); err != nil || !got.Equal(p.amount) {
		diffs = append(diffs, fmt.Sprintf("presentationAmount: authorized %s, got %s", p.amount.StringFixed(2), rawOrAbsent(r.json.Get("presentationAmount").Raw)))
	}
	want := map[string]any{"presentationCurrCode": x.e.profile.Currency, "presentationUsage": p.init["presentationUsage"], "uniqueReference": p.ref,
		"customerFullName": p.init["customerFullName"], "addr1": p.init["addr1"], "city": p.init["city"], "postCode": p.init["postCode"]}
	for _, k := range []string{"presentationCurrCode", "presentationUsage", "uniqueReference", "customerFullName", "addr1", "city", "postCode"} {
		if got := r.json.Get(k); got.String() != fmt.Sprint(want[k]) {
			diffs = append(diffs, fmt.Sprintf("%s: expected %q, got %s", k, want[k], rawOrAbsent(got.Raw)))
		}
	}
	if len(diffs) > 0 {
		x.violate(st, invStatusAgrees, "Get Payment Status does not agree with what was authorized: "+strings.Join(diffs, "; "))
	}
	return true
}

// Accounts.

func (x *machine) createAccount() {
	st := x.newStep("create-account", "create-account")
	st.given, st.plain = "the partner has created an account", "the partner creates an account"
	st.fields = x.createAccountFields()
	r, ok := x.send(st, "create-account", nil, st.fields)
	if !ok {
		return
	}
	if !x.outcome(st, r, expSuccess) {
		x.done(st)
		return
	}
	x.expectField(st, r, invAccountStatus, "statusCode", acActive)
	x.expectField(st, r, invAccountStatus, "twoFAStatusCode", "2FADIS")
	x.expectField(st, r, invAccountStatus, "accFlowStatusCode", "APPROVEDSV")
	a := &account{accno: r.json.Get("accno").String(), max: decimal.New(1, 9), fields: st.fields}
	x.m.accounts = append(x.m.accounts, a)
	x.m.acc = len(x.m.accounts) - 1
	st.newAccount = true
	// What the model needs to know of the new account: its limits
	// and its opening balance, which the spec does not state. These reads
	// check nothing (no scenario could say it of this move): the moves
	// that read the account and its balance check them.
	g, ok := x.send(st, "get-account", map[string]string{"accno": a.accno}, x.accountFields(true))
	if !ok {
		return
	}
	if d, err := decimal.NewFromString(g.json.Get("minimumAllowedBalance").Raw); err == nil {
		a.min = d
	}
	if d, err := decimal.NewFromString(g.json.Get("maximumAllowedBalance").Raw); err == nil && d.IsPositive() {
		a.max = d
	}
	b, ok := x.send(st, "balance-enquiry", map[string]string{"accno": a.accno}, x.accountFields(true))
	if !ok {
		return
	}
	if got, msg := balanceOf(b.json); msg == "" {
		a.bal = got
	}
	st.before = a.bal
	x.done(st)
}

func (x *machine) closeAccount() {
	st := x.newStep("close-account", "close-account")
	st.given, st.plain = "the partner has closed the account", "the partner closes the account"
	a := x.m.account()
	f := x.accountFields(true)
	f["closingReason"] = "Closed by the wallet conformance exploration"
	r, ok := x.send(st, "close-account", map[string]string{"accno": a.accno}, f)
	if !ok {
		return
	}
	if x.outcome(st, r, expSuccess) {
		x.expectField(st, r, invAccountStatus, "statusCode", acClosed)
		a.closed = true
	}
	x.done(st)
}

func (x *machine) getAccount() {
	st := x.newStep("get-account", "get-account")
	st.plain = "the partner reads the account information"
	a := x.m.account()
	r, ok := x.send(st, "get-account", map[string]string{"accno": a.accno}, x.accountFields(true))
	if !ok {
		return
	}
	// Reading a closed account: whether it is served is open (A-3 says
	// only that its usage is disabled); when it is, it reads CLOSED.
	exp, want := expSuccess, acActive
	if a.closed {
		exp, want = expOpen, acClosed
	}
	if x.outcome(st, r, exp) {
		x.expectField(st, r, invAccountStatus, "statusCode", want)
	}
	x.done(st)
}

// updateAccount updates the account's information: a success on an
// open account, refused on a closed one ("further usage of the account is
// disabled", A-3).
func (x *machine) updateAccount() {
	st := x.newStep("update-account", "update-account")
	st.plain = "the partner updates the account information"
	a := x.m.account()
	r, ok := x.send(st, "update-account", map[string]string{"accno": a.accno}, x.updateAccountFields(a))
	if !ok {
		return
	}
	exp := expSuccess
	if a.closed {
		exp = expClosed
	}
	x.outcome(st, r, exp)
	x.done(st)
}

// Loads: an external payment with the wallet's accno, authorized and
// captured (B-3, B-4.1 to B-4.7).

func (x *machine) initLoad(amount decimal.Decimal) {
	st := x.newStep("init-load", "init-authorize")
	st.plain = "the partner initiates a guest payment to load the account with presentationAmount set to " + amount.StringFixed(2)
	st.amount = amount
	a := x.m.account()
	r, ok := x.send(st, "init-authorize", nil, x.initLoadFields(a.accno, amount))
	if !ok {
		return
	}
	exp := expSuccess
	if a.closed {
		exp = expClosed
	}
	if x.outcome(st, r, exp) {
		x.expectField(st, r, invStatus, "statusCode", stReceived)
		x.m.payments = append(x.m.payments, &payment{
			kind: payLoad, ref: r.json.Get("uniqueReference").String(), token: r.json.Get("authorizationToken").String(),
			account: x.m.acc, status: stReceived, amount: amount, init: r.fields,
		})
		x.m.pay = len(x.m.payments) - 1
		if !x.observeStatus(st, x.m.payments[x.m.pay]) {
			return
		}
	}
	if !x.observeBalance(st, invLoadAuthorization) {
		return
	}
	x.done(st)
}

// onLoad runs a move on the current load payment: the table's status for
// an allowed move, a refusal for any other. allowed returns the
// expectation (expSuccess when the move applies), apply moves the model
// after a success.
func (x *machine) onLoad(st *step, fields map[string]any, exp expectation, implied *Invariant, apply func(r *reply)) {
	p := x.m.payment()
	r, ok := x.send(st, st.op, map[string]string{"uniqueReference": p.ref}, fields)
	if !ok {
		return
	}
	if x.outcome(st, r, exp) {
		apply(r)
	}
	if !x.observeStatus(st, p) || !x.observeBalance(st, implied) {
		return
	}
	x.done(st)
}

func (x *machine) completeAuthorize() {
	st := x.newStep("complete-authorize", "complete-authorize")
	st.plain = "the partner completes the authorization"
	p := x.m.payment()
	f := x.envelope(false)
	f["authorizationToken"] = p.token
	exp := expRefusal
	if p.status == stReceived {
		exp = expSuccess
	}
	x.onLoad(st, f, exp, invLoadAuthorization, func(r *reply) {
		x.expectField(st, r, invStatus, "statusCode", stAuthorized)
		p.status = stAuthorized
	})
}

func (x *machine) capture(part *decimal.Decimal) {
	st := x.newStep("capture", "capture")
	p := x.m.payment()
	f := x.envelope(false)
	amount := p.amount
	st.plain, st.full = "the partner captures the payment", part == nil
	if part != nil {
		amount = *part
		f["modifiedAmount"] = money(amount)
		st.given = "the partner has captured " + amount.StringFixed(2) + " of the payment"
		st.plain = "the partner captures " + amount.StringFixed(2) + " of the payment"
	}
	exp := expRefusal
	if p.status == stAuthorized {
		exp = expSuccess
	}
	x.onLoad(st, f, exp, nil, func(r *reply) {
		x.expectField(st, r, invStatus, "statusCode", stCaptured)
		x.expectAmount(st, r, invCaptured, "modifiedAmount", amount)
		p.status, p.captured = stCaptured, amount
		// B-3: Capture "internally performs Load Account when accno was given at authorization".
		x.m.accounts[p.account].book(x.m.pay, amount, true)
	})
}

func (x *machine) refund() {
	st := x.newStep("refund", "refund")
	p := x.m.payment()
	f := x.envelope(false)
	amount, exp := x.refundAmount(st, p, f, "payment")
	if exp == expSuccess && amount.GreaterThan(x.m.account().affordable()) {
		// Whether a refund of a load the wallet no longer covers is
		// refused is not shown.
		exp = expOpen
	}
	x.onLoad(st, f, exp, invLoadRefund, func(r *reply) {
		x.expectField(st, r, invStatus, "statusCode", stCaptured)
		x.expectAmount(st, r, invRefund, "refundAmount", amount)
		p.refunded = p.refunded.Add(amount)
		x.m.accounts[p.account].book(x.m.pay, amount, false)
	})
}

// refundAmount draws a refund (the rest, a part of it, or more than is
// left), fills the request and the sentences, and returns the amount and
// the expectation.
func (x *machine) refundAmount(st *step, p *payment, f map[string]any, what string) (decimal.Decimal, expectation) {
	left := p.left()
	choice := x.draw("refund", 0, 2)
	if choice == 0 && !left.IsPositive() {
		choice = 2 // refunding the rest of nothing: open; refund too much instead
	}
	amount := left
	switch choice {
	case 1:
		hi := left.Shift(2).IntPart()
		if hi < 1 {
			hi = 1
		}
		amount = x.cents("part", 1, hi)
	case 2:
		amount = left.Add(x.cents("excess", 1, 5000))
	}
	if choice == 0 {
		st.plain = "the partner refunds the " + what
		if what == "wallet payment" {
			st.given = "the partner has refunded the wallet payment"
		}
	} else {
		f["refundAmount"] = money(amount)
		st.given = "the partner has refunded " + amount.StringFixed(2) + " of the " + what
		st.plain = "the partner refunds " + amount.StringFixed(2) + " of the " + what
	}
	switch {
	case p.status != stCaptured:
		return amount, expRefusal
	case amount.GreaterThan(left):
		return amount, expNotSuccess
	}
	return amount, expSuccess
}

func (x *machine) cancel() {
	st := x.newStep("cancel", "cancel")
	st.plain = "the partner cancels the payment"
	p := x.m.payment()
	exp := expRefusal
	if p.status == stAuthorized {
		exp = expSuccess
	}
	x.onLoad(st, x.envelope(false), exp, invLoadAuthorization, func(r *reply) {
		x.expectField(st, r, invStatus, "statusCode", stCancelled)
		p.status = stCancelled
	})
}

// Wallet-to-merchant payments (B-3's KC rows, B-4.14 to B-4.18).

func (x *machine) walletPayment(kind string, amount decimal.Decimal) {
	op, status := "kc-authorize", stAuthorized
	st := x.newStep(kind, op)
	st.amount = amount
	st.given = "the partner has authorized a wallet payment of " + amount.StringFixed(2) + " to the merchant"
	st.plain = "the partner authorizes a wallet payment of " + amount.StringFixed(2) + " to the merchant"
	if kind == "kc-debit" {
		op, status = "kc-debit-account", stCaptured
		st.op = op
		st.given = "the partner has debited " + amount.StringFixed(2) + " from the account for the merchant"
		st.plain = "the partner debits " + amount.StringFixed(2) + " from the account for the merchant"
	}
	a := x.m.account()
	r, ok := x.send(st, op, nil, x.walletFields(op, a.accno, amount))
	if !ok {
		return
	}
	exp := expSuccess
	switch {
	case a.closed:
		exp = expClosed
	case amount.GreaterThan(a.affordable()):
		exp = expAdvise
	}
	if x.outcome(st, r, exp) {
		x.expectField(st, r, invStatus, "statusCode", status)
		p := &payment{kind: payKCAuth, ref: r.json.Get("uniqueReference").String(), account: x.m.acc, status: status, amount: amount}
		x.m.payments = append(x.m.payments, p)
		x.m.pay = len(x.m.payments) - 1
		if !a.closed {
			if kind == "kc-debit" {
				p.kind, p.captured = payKCDebit, amount
				a.book(x.m.pay, amount, false)
			} else {
				// B-2.4: blkAmt is the "blocked amount (authorized until captured or cancelled)".
				p.blocked = amount
				a.bal.blk = a.bal.blk.Add(amount)
			}
		}
	}
	if !x.observeBalance(st, nil) {
		return
	}
	x.done(st)
}

// onWallet runs a move on the current wallet payment.
func (x *machine) onWallet(st *step, fields map[string]any, exp expectation, apply func(r *reply)) {
	p := x.m.payment()
	r, ok := x.send(st, st.op, map[string]string{"uniqueReference": p.ref}, fields)
	if !ok {
		return
	}
	if x.outcome(st, r, exp) {
		apply(r)
	}
	if !x.observeBalance(st, nil) {
		return
	}
	x.done(st)
}

func (x *machine) kcCapture(part *decimal.Decimal) {
	st := x.newStep("kc-capture", "kc-capture")
	p := x.m.payment()
	f := x.envelope(false)
	f["modifiedAmountCurrCode"] = x.e.profile.Currency
	amount := p.amount
	st.given, st.plain = "the partner has captured the wallet payment", "the partner captures the wallet payment"
	st.full = part == nil
	if part != nil {
		amount = *part
		f["modifiedAmount"] = money(amount)
		st.given = "the partner has captured " + amount.StringFixed(2) + " of the wallet payment"
		st.plain = "the partner captures " + amount.StringFixed(2) + " of the wallet payment"
	}
	exp := expRefusal
	if p.kind == payKCAuth && p.status == stAuthorized {
		exp = expSuccess
	}
	x.onWallet(st, f, exp, func(r *reply) {
		x.expectField(st, r, invStatus, "statusCode", stCaptured)
		x.expectAmount(st, r, invCaptured, "modifiedAmount", amount)
		a := x.m.accounts[p.account]
		a.bal.blk = a.bal.blk.Sub(p.blocked)
		p.blocked = decimal.Zero
		p.status, p.captured = stCaptured, amount
		a.book(x.m.pay, amount, false)
	})
}

func (x *machine) kcCancel() {
	st := x.newStep("kc-cancel", "kc-cancel")
	st.given, st.plain = "the partner has cancelled the wallet payment", "the partner cancels the wallet payment"
	p := x.m.payment()
	exp := expRefusal
	if p.kind == payKCAuth && p.status == stAuthorized {
		exp = expSuccess
	}
	x.onWallet(st, x.envelope(false), exp, func(r *reply) {
		x.expectField(st, r, invStatus, "statusCode", stCancelled)
		a := x.m.accounts[p.account]
		a.bal.blk = a.bal.blk.Sub(p.blocked)
		p.blocked = decimal.Zero
		p.status = stCancelled
	})
}

func (x *machine) kcRefund() {
	st := x.newStep("kc-refund", "kc-refund")
	p := x.m.payment()
	f := x.envelope(false)
	amount, exp := x.refundAmount(st, p, f, "wallet payment")
	x.onWallet(st, f, exp, func(r *reply) {
		x.expectField(st, r, invStatus, "statusCode", stCaptured)
		p.refunded = p.refunded.Add(amount)
		x.m.accounts[p.account].book(x.m.pay, amount, true)
	})
}

// concurrentDebits sends n KC-Debit Accounts of amount at once. The
// balance must agree with those that succeeded (B-2.4); that only as many
// succeed as the money allows is advisory.
func (x *machine) concurrentDebits(n int, amount decimal.Decimal) {
	st := x.newStep("kc-debit-concurrent", "kc-debit-account")
	st.plain = fmt.Sprintf("the partner debits the account for the merchant %d times at once, %s each", n, amount.StringFixed(2))
	st.expect = expOpen
	a := x.m.account()
	if x.e.caller.exhausted(x.ctx) {
		x.stop, x.tr.cut = true, true
		return
	}
	replies := make([]*reply, n)
	errs := make([]error, n)
	var wg sync.WaitGroup
	for i := range n {
		fields := x.walletFields("kc-debit-account", a.accno, amount)
		wg.Add(1)
		go func() {
			defer wg.Done()
			replies[i], errs[i] = x.e.caller.call(x.ctx, "kc-debit-account", nil, fields)
		}()
	}
	wg.Wait()
	succeeded := 0
	for i, r := range replies {
		if r != nil {
			st.exchanges = append(st.exchanges, r.ex)
		}
		if errs[i] != nil {
			x.stop = true
			if errors.Is(errs[i], errHalted) {
				x.tr.cut = true
			} else {
				x.tr.infra = errs[i]
			}
			continue
		}
		if r.succeeded() {
			succeeded++
			x.m.payments = append(x.m.payments, &payment{kind: payKCDebit, ref: r.json.Get("uniqueReference").String(), account: x.m.acc, status: stCaptured, amount: amount, captured: amount})
			a.book(len(x.m.payments)-1, amount, false)
		}
	}
	if x.stop {
		x.done(st)
		return
	}
	st.accepted, st.followed = succeeded > 0, true
	can := int(st.before.avl().Sub(a.min).Div(amount).Floor().IntPart())
	can = max(0, min(can, n))
	if succeeded != can {
		x.violate(st, invMinimum, fmt.Sprintf("expected %d of the %d concurrent debits of %s to succeed, as avlBal %s and minimumAllowedBalance %s allow; %d did",
			can, n, amount.StringFixed(2), st.before.avl().StringFixed(2), a.min.StringFixed(2), succeeded))
	}
	st.thens = append(st.thens, "the balances agree to the cent with the debits that succeeded, each with its entry")
	if !x.observeBalance(st, nil) {
		return
	}
	x.done(st)
}

// Consent (B-3's consent table, B-4.8, B-4.9).

func (x *machine) addConsent() {
	st := x.newStep("add-consent", "add-consent")
	st.given, st.plain = "the partner has added a consent", "the partner adds a consent"
	a := x.m.account()
	r, ok := x.send(st, "add-consent", map[string]string{"accno": a.accno}, x.consentFields())
	if !ok {
		return
	}
	if x.outcome(st, r, expSuccess) {
		x.expectField(st, r, invConsent, "consentStatusCode", csConfirmed)
		x.m.consents = append(x.m.consents, &consent{ref: r.json.Get("consentReference").String(), account: x.m.acc})
		x.m.con = len(x.m.consents) - 1
	}
	x.done(st)
}

func (x *machine) revokeConsent() {
	st := x.newStep("revoke-consent", "revoke-consent")
	st.plain = "the partner revokes the consent"
	c := x.m.consent()
	a := x.m.account()
	r, ok := x.send(st, "revoke-consent", map[string]string{"accno": a.accno, "consentReference": c.ref}, x.consentFields())
	if !ok {
		return
	}
	if x.outcome(st, r, expSuccess) {
		x.expectField(st, r, invConsent, "consentStatusCode", csRevoked)
		c.revoked = true
	}
	x.done(st)
}

// Account information (B-4.11, B-4.12).

func (x *machine) accountEnquiry(top bool) {
	st := x.newStep("account-enquiry", "account-enquiry")
	st.plain = "the partner reads the account entries"
	a := x.m.account()
	f := x.accountFields(true)
	if top {
		st.plain += " with top set to 1"
		f["top"] = 1
	}
	r, ok := x.send(st, "account-enquiry", map[string]string{"accno": a.accno}, f)
	if !ok {
		return
	}
	if !x.outcome(st, r, expSuccess) {
		x.done(st)
		return
	}
	page := r.json.Get("entries").Array()
	entries := page
	if top {
		// count is the total without the page; the total is what a listing
		// without top and skip holds (the suite's step reads one too).
		all, ok := x.send(st, "account-enquiry", map[string]string{"accno": a.accno}, x.accountFields(true))
		if !ok {
			return
		}
		if msg := all.success(x.e.caller.schemas); msg != "" {
			x.violate(st, invAllowed, "Account Enquiry without top: "+msg)
			x.done(st)
			return
		}
		entries = all.json.Get("entries").Array()
	}
	st.thens = append(st.thens, "the response's count is the number of the account's entries")
	if c := r.json.Get("count"); c.Type != gjson.Number || c.Int() != int64(len(entries)) {
		x.violate(st, invCount, fmt.Sprintf("expected count to be the number of the account's entries, %d, got %s", len(entries), rawOrAbsent(c.Raw)))
	}
	if top {
		want := min(1, len(entries))
		st.thens = append(st.thens, fmt.Sprintf("the response holds %d %s", want, map[bool]string{true: "entry", false: "entries"}[want == 1]))
		if len(page) != want {
			x.violate(st, invTop, fmt.Sprintf("with top 1 and %d entries, expected %d entries, got %d", len(entries), want, len(page)))
		}
	}
	// Each distinct amount booked shows among the entries, as the suite's
	// "an entry of ... appears" checks; that every entry is a booking, and
	// that amounts appear as often as they were booked, is advisory.
	listed := map[string]int{}
	for _, e := range entries {
		if d, err := decimal.NewFromString(e.Get("amount").Raw); err == nil {
			listed[d.Abs().StringFixed(2)]++
		}
	}
	booked := map[string]int{}
	var order []string
	for _, b := range a.bookings {
		k := b.amount.StringFixed(2)
		if booked[k] == 0 {
			order = append(order, k)
		}
		booked[k]++
	}
	for _, k := range order {
		st.thens = append(st.thens, "an entry of "+k+" appears among the account entries")
		if listed[k] == 0 {
			x.violate(st, invBookingsListed, fmt.Sprintf("expected an account entry of %s (booked %d times), none among the %d entries listed", k, booked[k], len(entries)))
		}
	}
	var extra []string
	for _, e := range entries {
		d, err := decimal.NewFromString(e.Get("amount").Raw)
		k := d.Abs().StringFixed(2)
		if err != nil || booked[k] < listed[k] {
			extra = append(extra, truncate(e.Raw, 300))
			listed[k] = booked[k] // report each amount once
		}
	}
	for _, k := range order {
		if n := listed[k]; n > 0 && n < booked[k] {
			extra = append(extra, fmt.Sprintf("amount %s booked %d times, listed %d times", k, booked[k], n))
		}
	}
	if len(extra) > 0 {
		x.violate(st, invEntriesMatch, "entries that match no move of the exploration: "+strings.Join(extra, "; "))
	}
	x.done(st)
}

func truncate(s string, n int) string {
	if len(s) > n {
		return s[:n] + "..."
	}
	return s
}

// checkAvailable asks B-4.11 about what the account can afford, or one
// cent more, as the suite's step does: "what the account can afford" is
// the smaller of avlBal and avlBal less minimumAllowedBalance, "one cent
// more" one cent above the larger.
func (x *machine) checkAvailable(above bool) {
	st := x.newStep("check-available", "check-available-payment-amount")
	a := x.m.account()
	avl := a.bal.avl()
	amount, want := decimal.Min(avl, avl.Sub(a.min)), "yes"
	st.plain = "the partner checks whether what the account can afford is available"
	if above || !amount.IsPositive() {
		amount, want = decimal.Max(avl, avl.Sub(a.min)).Add(decimal.New(1, -2)), "no"
		st.plain = "the partner checks whether one cent more than the account can afford is available"
	}
	f := x.accountFields(true)
	f["amount"] = amount.StringFixed(2)
	f["currCode"] = x.e.profile.Currency
	r, ok := x.send(st, "check-available-payment-amount", map[string]string{"accno": a.accno}, f)
	if !ok {
		return
	}
	st.expect = expSuccess
	st.accepted = r.resp.Status == 200
	st.thens = append(st.thens, "the answer is exactly "+want+" as plain text")
	ct, body := r.resp.ContentType, string(r.resp.Body)
	if mt, _, _ := mime.ParseMediaType(ct); r.resp.Status != 200 || mt != "text/plain" || body != want {
		x.violate(st, invCheckAmount, fmt.Sprintf("with avlBal %s and minimumAllowedBalance %s, expected the answer to %s to be exactly %q as text/plain with HTTP 200; got HTTP %d, Content-Type %q, body %q",
			avl.StringFixed(2), a.min.StringFixed(2), amount.StringFixed(2), want, r.resp.Status, ct, truncate(body, 200)))
	}
	x.done(st)
}
