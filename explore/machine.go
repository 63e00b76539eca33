package explore

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"time"

	"github.com/shopspring/decimal"
	"pgregory.net/rapid"

	"github.com/wallet-conformance/wallet-conformance/calls"
	"github.com/wallet-conformance/wallet-conformance/record"
	"github.com/wallet-conformance/wallet-conformance/schemas"
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
	repeated bool            // a repeat of a move already made (KC-Capture of a captured payment)
	fields   map[string]any  // the account data Create Account sent
	expect   expectation
	accepted bool // the target answered a success (steps.World would take it)
	// settles is set on a move whose money may show later than its answer:
	// a Capture's Load Account (B-3; allows for delays of external systems).
	settles  bool
	followed bool // the model moved with it (accepted, and the spec does not require a refusal)

	given string   // the sentence of the move as a precondition that must succeed ("" for none)
	plain string   // the sentence of the move as a call whose outcome is not asserted
	thens []string // the checks of the move as Then sentences (the balance's is added when written)

	// alts are other balances the spec permits after the move than the
	// model's (a partial KC-Capture may keep the rest of the block or
	// release it; a second KC-Capture may capture more or nothing), each
	// with what brings the model to it when the target shows it.
	alts []outcomeAlt

	newAccount bool          // the move made a new current account
	balanced   bool          // the balance was read after the move and compared with the model
	before     calls.Balance // the model's balance of the current account before the move
	after      calls.Balance // ... and after it

	violations []violation
	exchanges  []record.Exchange

	// pay is the payment the move acted on, payBefore what it was before
	// the move (nil and zero for a move on no payment).
	pay       *payment
	payBefore payment
}

// outcomeAlt is a balance the spec permits after a move besides the
// model's, and what brings the model to it.
type outcomeAlt struct {
	bal  calls.Balance
	take func()
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
	reached  [twiceKinds]bool // the sequences of twice.go the run reached
	scripted bool             // the run of twiceScript, not one rapid drew
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
	// Requests builds the moves' requests, with values unique to the run.
	calls.Requests
	stop bool // the bounds or an infrastructure error ended the run: moves do nothing
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
// the model, which says what the spec expects of it (the move functions of
// moves_*.go).
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
	// Two of a thing (twice.go): short sequences of a second move of a
	// kind, which single moves drawn at random rarely make one after
	// another: a second block while the first is open, a capture in two
	// parts, a refund in two parts (or a part and the rest).
	{name: "kc-authorize-twice", weight: 3, applies: func(x *machine) bool { return x.e.caps.kc && x.hasMoney() }},
	{name: "kc-capture-in-parts", weight: 4, applies: func(x *machine) bool {
		p := x.m.payment()
		return x.onPayment(payKCAuth) && p.status == stAuthorized && p.amount.GreaterThanOrEqual(decimal.New(2, -2))
	}},
	{name: "refund-in-parts", weight: 4, applies: func(x *machine) bool {
		p := x.m.payment()
		return p != nil && p.status == stCaptured && p.left().GreaterThanOrEqual(decimal.New(2, -2))
	}},
	// Never drawn (weight 0): a KC-Refund of an amount as given, above what
	// is left or not, for the sequential replay of a concurrent round.
	{name: "kc-refund-of", applies: func(x *machine) bool { return x.onPayment(payKCAuth) || x.onPayment(payKCDebit) }},
	{name: "kc-debit-concurrent", weight: 1, applies: func(x *machine) bool { return x.e.caps.kc && x.m.openAccount() != nil }},
	{name: "add-consent", weight: 2, applies: func(x *machine) bool { return x.m.openAccount() != nil }},
	{name: "revoke-consent", weight: 2, applies: func(x *machine) bool { c := x.m.consent(); return c != nil && !c.revoked }}, // revoking twice: open
	{name: "account-enquiry", weight: 2, applies: func(x *machine) bool { return x.m.openAccount() != nil }},
	// Asked only of a balance that is not negative: "one cent more than the
	// account can afford" is then an amount.
	{name: "check-available", weight: 2, applies: func(x *machine) bool { a := x.m.openAccount(); return a != nil && !a.bal.Avl().IsNegative() }},
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
	return !x.e.unclaimed[k.name] && k.applies(x) && (!u.extra || k.moreWhen(x))
}

// kindOperations are the operations each kind of move calls, besides the
// reads that observe it: a kind that calls an operation whose clause the
// profile does not claim (scope.exclude) is not drawn.
var kindOperations = map[string][]string{
	"create-account": {schemas.CreateAccount}, "close-account": {schemas.CloseAccount}, "get-account": {schemas.GetAccount},
	"update-account": {schemas.UpdateAccount}, "load": {schemas.InitAuthorize, schemas.CompleteAuthorize, schemas.Capture},
	"authorize-load": {schemas.InitAuthorize, schemas.CompleteAuthorize}, "init-load": {schemas.InitAuthorize},
	"complete-authorize": {schemas.CompleteAuthorize}, "capture": {schemas.Capture}, "refund": {schemas.Refund}, "cancel": {schemas.Cancel},
	"kc-authorize": {schemas.KCAuthorize}, "kc-debit": {schemas.KCDebitAccount}, "kc-capture": {schemas.KCCapture},
	"kc-cancel": {schemas.KCCancel}, "kc-refund": {schemas.KCRefund}, "kc-debit-concurrent": {schemas.KCDebitAccount},
	"kc-authorize-twice": {schemas.KCAuthorize}, "kc-capture-in-parts": {schemas.KCCapture}, "refund-in-parts": {schemas.Refund, schemas.KCRefund}, "kc-refund-of": {schemas.KCRefund},
	"add-consent": {schemas.AddConsent}, "revoke-consent": {schemas.RevokeConsent}, "account-enquiry": {schemas.AccountEnquiry},
	"check-available": {schemas.CheckAvailablePaymentAmount},
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
		x.refund(nil)
	case "cancel":
		x.cancel()
	case "kc-authorize", "kc-debit":
		x.walletPayment(kind, x.walletAmount())
	case "kc-capture":
		x.kcCapture(x.partOf(x.m.payment().amount))
	case "kc-authorize-twice":
		afford := x.m.account().affordable().Shift(2).IntPart()
		x.walletPayment("kc-authorize", x.cents("amount", minCents, max(minCents, afford/2)))
		if x.goesOnAfter("kc-authorize") {
			x.walletPayment("kc-authorize", x.walletAmount())
		}
	case "kc-capture-in-parts":
		p := x.m.payment()
		part := x.cents("part", 1, p.amount.Shift(2).IntPart()-1)
		x.kcCapture(&part)
		if x.goesOnAfter("kc-capture") {
			x.kcCapture(x.partOf(p.amount.Sub(p.captured)))
		}
	case "refund-in-parts":
		p := x.m.payment()
		refund := x.refund
		if p.kind != payLoad {
			refund = x.kcRefund
		}
		refund(&refundPick{choice: 1, amount: x.cents("part", 1, p.left().Shift(2).IntPart()-1)})
		if x.goesOnAfter("refund") || x.goesOnAfter("kc-refund") {
			then := &refundPick{choice: x.draw("then", 0, 2)}
			switch left := p.left(); then.choice {
			case 1:
				then.amount = x.cents("part", 1, max(1, left.Shift(2).IntPart()))
			case 2:
				then.amount = left.Add(x.cents("excess", 1, 5000))
			}
			refund(then)
		}
	case "kc-refund-of":
		x.kcRefund(&refundPick{choice: 1, amount: x.cents("amount", 1, 1e8)})
	case "kc-cancel":
		x.kcCancel()
	case "kc-refund":
		x.kcRefund(nil)
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
	st := &step{kind: kind, op: op}
	if a := x.m.account(); a != nil {
		st.before, st.after = a.bal, a.bal
	}
	if p := x.m.payment(); p != nil {
		st.pay, st.payBefore = p, *p
	}
	return st
}

// done ends a move: it records the step, and the run's first normative break.
func (x *machine) done(st *step) {
	if a := x.m.account(); a != nil {
		st.after = a.bal
	}
	x.tr.steps = append(x.tr.steps, st)
	x.noteTwice(st, st.pay, st.payBefore)
	for _, v := range st.violations {
		if v.inv.Normative() && x.tr.failure == nil {
			v := v
			x.tr.failure, x.tr.failedAt = &v, len(x.tr.steps)-1
		}
	}
}

// violate records a break of inv by the move.
func (x *machine) violate(st *step, inv *Invariant, msg string) {
	st.violations = append(st.violations, violation{inv: inv, msg: x.e.red.String(msg)})
}

// took files a call of the step: its exchange, and an error that ends the
// run (the bounds reached: cut; the target unusable: an infrastructure
// error). false when the call ended the run.
func (x *machine) took(st *step, r *calls.Reply, err error) bool {
	if r != nil {
		st.exchanges = append(st.exchanges, r.Ex)
	}
	if err == nil {
		return true
	}
	x.stop = true
	if errors.Is(err, calls.ErrHalted) {
		x.tr.cut = true
	} else {
		x.tr.infra = err
	}
	return false
}

// send makes a call of the move. false means the run ends here: the
// bounds were reached or the target could not be used (an infrastructure
// error, kept apart from conformance failures).
func (x *machine) send(st *step, opID string, path map[string]string, fields map[string]any) (*calls.Reply, bool) {
	r, err := x.e.caller.Call(x.ctx, opID, path, fields)
	if !x.took(st, r, err) {
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
func (x *machine) outcome(st *step, r *calls.Reply, exp expectation) bool {
	st.expect = exp
	set := x.e.caller.Schemas
	switch exp {
	case expSuccess:
		st.thens = append(st.thens, "the call succeeds")
		if msg := r.Success(set); msg != "" {
			x.violate(st, invAllowed, msg+"\n  "+r.Evidence(x.e.red))
		}
	case expRefusal, expClosed:
		st.thens = append(st.thens, "the call fails as a handled error")
		inv := invRefused
		if exp == expClosed {
			inv = invClosed
		}
		if msg := r.HandledError(set); msg != "" {
			x.violate(st, inv, msg+"\n  "+r.Evidence(x.e.red))
		}
	case expNotSuccess:
		st.thens = append(st.thens, "the call is not a success")
		if msg := r.NotASuccess(set); msg != "" {
			x.violate(st, invRefund, msg+"\n  "+r.Evidence(x.e.red))
		}
	case expAdvise:
		if r.Succeeded() {
			x.violate(st, invMinimum, fmt.Sprintf("%s beyond what the wallet can afford before its minimumAllowedBalance (%s) succeeded", r.Op.Name, x.m.account().affordable().StringFixed(2)))
		}
	}
	st.accepted = r.Succeeded()
	st.followed = st.accepted && exp != expRefusal && exp != expNotSuccess && exp != expClosed
	return st.followed
}

// expectField checks a text field of an accepted move's answer.
func (x *machine) expectField(st *step, r *calls.Reply, inv *Invariant, name, want string) {
	st.thens = append(st.thens, fmt.Sprintf("the response's %s is %q", name, want))
	if msg := r.Field(name, want); msg != "" {
		x.violate(st, inv, msg)
	}
}

// expectAmount checks an amount field of an accepted move's answer.
func (x *machine) expectAmount(st *step, r *calls.Reply, inv *Invariant, name string, want decimal.Decimal) {
	st.thens = append(st.thens, fmt.Sprintf("the response's %s is %s", name, want.StringFixed(2)))
	if msg := r.Amount(name, want); msg != "" {
		x.violate(st, inv, msg)
	}
}
