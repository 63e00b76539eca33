package explore

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/shopspring/decimal"
	"github.com/tidwall/gjson"

	"github.com/wallet-conformance/wallet-conformance/profile"
	"github.com/wallet-conformance/wallet-conformance/record"
	"github.com/wallet-conformance/wallet-conformance/schemas"
	"github.com/wallet-conformance/wallet-conformance/steps"
	"github.com/wallet-conformance/wallet-conformance/target"
)

// The bad-input sweep: for every operation of the catalogue, a valid
// request built from a real state (a wallet the sweep opens and loads, its
// payments, a consent), then generated bad inputs (sweep_inputs.go), one
// change each, each judged by the rule the input breaks, and after every
// refused call of an operation that moves money or changes an account, the
// state read back: nothing may have been lost.

// SweepOptions configure a sweep.
type SweepOptions struct {
	Profile *profile.Profile
	// Seed chooses the sample; the same seed against the same target
	// sends the same inputs. 0 means 1.
	Seed uint64
	// PerOperation is how many generated inputs of each operation are
	// sent; 0 or less sends every one (the full sweep).
	PerOperation int
	// MaxCalls bounds the sweep's calls; 0 means none.
	MaxCalls int
	// SharedMerchant says that others move the merchant's money while the
	// sweep runs (a run's scenarios and exploration): the merchant's balance
	// is then not read back, as explore's merchant-is-credited decides it.
	SharedMerchant bool
	// NoValid leaves out the valid-request sweep (sweep_valid.go), which
	// a sweep otherwise makes after its bad inputs.
	NoValid    bool
	HTTPClient *http.Client // tests
}

// DefaultSweepPerOperation is the sample a run sends of each operation:
// small enough that the sweep adds at most a quarter to a default run's
// calls, and every operation is tried.
const DefaultSweepPerOperation = 4

// DefaultSweepSeed is the seed of a run's sweep.
const DefaultSweepSeed = 1

// SweepOutcome is what a sweep found.
type SweepOutcome struct {
	Seed         uint64
	PerOperation int
	Inputs       int // generated inputs sent
	Generated    int // generated inputs of every operation, sent or not
	Calls        int // calls sent, fixtures and read-backs included
	Findings     []*SweepFinding
	Result       *record.Run
	Notices      []string
	Valid        *ValidOutcome // the valid-request sweep; nil when none was made
}

// SweepFinding is one cause: the inputs of an operation's field whose
// answers broke the same rule the same way, shown by the one request of
// them with the shortest body.
type SweepFinding struct {
	Operation schemas.Operation
	Field     string // "" for the whole body
	Label     string // the value shown ("1e308")
	Kind      string // the kind of input shown (sweep_inputs.go)
	Cause     string // "answered HTTP 500 0099"
	Rule      string // the catalogue's rule
	Message   string
	Inputs    int // inputs that showed it
	Exchanges []record.Exchange
	size      int
}

// Name is the finding as one line: "Capture: modifiedAmount 1e308 answered HTTP 500 0099".
func (f *SweepFinding) Name() string {
	more := ""
	if f.Inputs > 1 {
		more = fmt.Sprintf(" (and %d more inputs)", f.Inputs-1)
	}
	return fmt.Sprintf("%s: %s %s%s", f.Operation.Name, inputText(f), f.Cause, more)
}

// opState is what the sweep holds for an operation's valid request.
type opState struct {
	op     string
	path   map[string]string
	fields map[string]any
	real   bool // built from a state the target accepted: a refusal can only be the input's
	// readBack is how a refused call is checked for a lost change: it
	// returns what was read, or an error that ends the sweep.
	payment string // the payment the operation moves, read back by Get Payment Status
	account string // the account it changes, read back by Get Account Information
	money   bool   // it may move the wallet's money: the wallet's balance is read back
	status  string // the payment's status before the calls
	// merchant: it may move the merchant's money (a KC operation, when the
	// sweep owns the profile's merchant): its booked balance is read back.
	merchant bool
	// accountSeen holds the account's compared fields before the calls.
	accountSeen map[string]string
	// options is the account whose stored payment options the operation
	// changes, read back by Get Stored Payment Options; optionsSeen the
	// listing before the calls (optionsOf).
	options     string
	optionsSeen map[string]string
}

// sweeper is one sweep against a target.
type sweeper struct {
	e     *explorer
	x     *machine
	set   *schemas.Set
	opts  SweepOptions
	red   *target.Redactor
	ctx   context.Context
	state map[string]*opState
	// wallet is the sweep's loaded wallet (the model's account index);
	// walletBal its balance as last read, refreshed after every accepted
	// input that may move money.
	wallet    int
	walletBal balance
	// loadsPending counts the Captures whose Load Account had not shown
	// in the wallet when the settle allowance passed: a change a read-back
	// after a refused call sees while one is pending is taken as it, not
	// blamed on the call.
	loadsPending int
	// merchantBk is the merchant's booked balance as last read, when
	// merchantRead; ownMerchant: nothing but the sweep moves it.
	merchantBk   decimal.Decimal
	merchantRead bool
	ownMerchant  bool
	findings     map[string]*SweepFinding
	order        []string
	passed       map[string]int // inputs per operation that passed
	sent         map[string]int
	notices      []string
	// current is the operation being swept; calls holds every exchange
	// the sweep sent for each operation (its state, inputs, read-backs),
	// in order: its scenarios' evidence.
	current string
	calls   map[string][]record.Exchange
}

// Sweep sends the bad inputs to the profile's target and judges them.
func Sweep(ctx context.Context, opts SweepOptions) (*SweepOutcome, error) {
	p := opts.Profile
	if opts.Seed == 0 {
		opts.Seed = DefaultSweepSeed
	}
	set, client, tokens, closeClient, err := connect(ctx, p, opts.HTTPClient, "the sweep")
	if err != nil {
		return nil, err
	}
	defer closeClient()
	red := client.Redactor()
	started := time.Now()
	c := &caller{profile: p, client: client, tokens: tokens, schemas: set, clock: target.LocalClock, maxCalls: opts.MaxCalls}
	e := &explorer{
		profile: p, caller: c, red: red, clock: target.LocalClock,
		caps:     capabilities{load: p.ProgramAccno != "", kc: p.ProgramAccno != "" && p.Merchant.Accno != ""},
		runID:    "s" + runID()[1:],
		ctx:      ctx,
		progress: newProgress(nil, red),
	}
	s := &sweeper{e: e, x: e.newMachine(), set: set, opts: opts, red: red, ctx: ctx, state: map[string]*opState{},
		wallet: -1, findings: map[string]*SweepFinding{}, passed: map[string]int{}, sent: map[string]int{},
		ownMerchant: !opts.SharedMerchant && p.Merchant.Accno != "", calls: map[string][]record.Exchange{}}
	c.record = func(ex record.Exchange) { s.calls[s.current] = append(s.calls[s.current], ex) }
	out := &SweepOutcome{Seed: opts.Seed, PerOperation: opts.PerOperation}
	var runErr error
	for _, op := range schemas.Catalogue() {
		if p.Excludes(op.Clause) {
			continue
		}
		s.current = op.ID
		st, err := s.base(op)
		if err != nil {
			runErr = err
			break
		}
		inputs := generateInputs(op, set.RequestFields(op.ID), st.fields)
		out.Generated += len(inputs)
		for _, in := range sample(sendable(inputs, opts.PerOperation), opts.PerOperation, opts.Seed, op.ID) {
			if err := s.try(in); err != nil {
				runErr = err
				break
			}
			out.Inputs++
		}
		if runErr != nil {
			break
		}
	}
	badCalls := c.Calls()
	if runErr == nil && !opts.NoValid {
		out.Valid, runErr = s.validSweep()
	}
	out.Calls = c.Calls()
	out.Notices = append(out.Notices, fmt.Sprintf("bad-input sweep with seed %d: %d of %d generated inputs sent (%s), %d calls with the states they need and the read-backs",
		opts.Seed, out.Inputs, out.Generated, perOpText(opts.PerOperation), badCalls))
	out.Notices = append(out.Notices, s.notices...)
	for _, k := range s.order {
		out.Findings = append(out.Findings, s.findings[k])
	}
	out.Result = s.result(out, started, runErr)
	if out.Valid != nil {
		out.Notices = append(out.Notices, out.Valid.notice())
		out.Result.Scenarios = append(out.Result.Scenarios, s.validScenarios(opts.Seed, out.Valid)...)
	}
	return out, nil
}

// sendable is what a sweep of perOperation inputs of each operation may
// send of inputs: a sample (perOperation > 0, a run's default) never
// presents a wrong password (Issue Token's password, A-4.1), since a
// sandbox that counts failed logins could lock the partner out in the
// middle of a certification; the scenarios of already send
// one wrong password each. The full sweep (--sweep all) sends them all.
func sendable(inputs []badInput, perOperation int) []badInput {
	if perOperation <= 0 {
		return inputs
	}
	return slices.DeleteFunc(slices.Clone(inputs), func(in badInput) bool {
		return in.op.ID == schemas.IssueToken && in.field == "password" || in.size > bodyEverywhere // no 16 MiB body in a run's sample
	})
}

func perOpText(n int) string {
	if n <= 0 {
		return "the full sweep"
	}
	return fmt.Sprintf("%d of each operation", n)
}

// errSweepHalted ends a sweep that reached its bounds or the run's end.
var errSweepHalted = errors.New("the sweep reached its bounds")

// try sends one input and judges its answer; an error ends the sweep.
func (s *sweeper) try(in badInput) error {
	op := in.op
	st, err := s.base(op)
	if err != nil {
		return err
	}
	req, err := s.request(in, st)
	if err != nil {
		return err
	}
	r, err := s.send(op, req)
	if errors.Is(err, errHalted) {
		return errSweepHalted
	}
	s.sent[op.ID]++
	exchanges := []record.Exchange{}
	if r != nil {
		exchanges = append(exchanges, r.ex)
	}
	cause, rule, msg := s.judge(in, st, r, err)
	accepted := err == nil && r.succeeded()
	if !accepted && (st.money || st.merchant || st.payment != "" || st.account != "" || st.options != "") {
		// Refused, or not answered as a success at all (a crash may have
		// booked before it failed): nothing may have been lost.
		changes, reads, err := s.readBack(st)
		if err != nil {
			if cause != "" {
				s.record(in, cause, rule, msg, req, exchanges)
			}
			return err
		}
		msg, exchanges, changes = oneCrash(cause, msg, exchanges, changes, reads)
		for _, c := range changes {
			s.record(in, c.cause, c.rule, c.msg, req, append(slices.Clone(exchanges), reads...))
		}
	}
	if accepted {
		// The state the request needed may be used up (a payment captured,
		// an account closed): the next input of the operation gets a new one.
		if err := s.refresh(op, st); err != nil {
			return err
		}
	}
	if cause == "" {
		s.passed[op.ID]++
		return nil
	}
	s.record(in, cause, rule, msg, req, exchanges)
	return nil
}

// send sends a request of the sweep through the exploration's caller.
func (s *sweeper) send(op schemas.Operation, req target.Request) (*reply, error) {
	return s.e.caller.send(s.ctx, op, nil, req)
}

// request builds the input's request from the operation's valid one.
func (s *sweeper) request(in badInput, st *opState) (target.Request, error) {
	fields := make(map[string]any, len(st.fields)+1)
	for k, v := range st.fields {
		fields[k] = v
	}
	path := make(map[string]string, len(st.path))
	for k, v := range st.path {
		path[k] = v
	}
	if _, has := fields["partnerReference"]; has {
		// Each call is a service call of its own (A-2.1: partnerReference
		// is the "identifier of the partner's service call"): a target may
		// refuse a reference it has already accepted, before anything else.
		fields["partnerReference"] = s.x.unique("pr-")
	}
	if in.field != "" && !strings.HasPrefix(in.field, "{") {
		if in.remove {
			delete(fields, in.field)
		} else {
			fields[in.field] = in.value
		}
	}
	if strings.HasPrefix(in.field, "{") {
		path[strings.Trim(in.field, "{}")] = in.pathValue
	}
	req, err := steps.EncodeRequest(s.e.profile, in.op, path, fields)
	if err != nil {
		return req, err
	}
	switch in.kind {
	case kMalformed, kEmpty:
		req.Body = in.body
	case kTruncated:
		req.Body = req.Body[:len(req.Body)/2]
	case kDeep:
		req.Body = deepBody(req.Body)
	case kBodySize:
		req.Body = sizedBody(req.Body, in.size)
	case kDuplicate:
		req.Body = bytes.Replace(req.Body, []byte(`{`), []byte(`{"partnerReference":"`+s.x.unique("dup-")+`",`), 1)
	case kContentType:
		req.Header.Set("Content-Type", in.contentType)
	}
	return req, nil
}

// judge checks an answer against what the spec lets it be. It returns the
// cause ("" when the answer passes), the rule it breaks and the message.
func (s *sweeper) judge(in badInput, st *opState, r *reply, err error) (cause, rule, msg string) {
	if err != nil {
		var ie *target.InfraError
		kind := "no answer"
		if errors.As(err, &ie) {
			kind = "no answer (" + ie.Kind + ")"
		}
		return "got " + kind, "A-7#6", fmt.Sprintf("the target gave %s to a bad input: %s. A-7 classes errors as handled (0001, 0096, …) or unexpected (0099); a crash, a dropped connection or no answer within the call allowance is neither", kind, s.red.String(err.Error()))
	}
	code := r.json.Get("responseCode").String()
	answer := fmt.Sprintf("HTTP %d %s", r.resp.Status, codeText(code))
	// A-7 classes errors as handled or unexpected (0099). It pairs 500
	// with 0099 alone and shows no status for 0096, 0058, 0098 or the codes
	// it does not list: a handled code with a 5xx is a handled answer. A 5xx
	// that carries no code of a handled error (no JSON, no four-digit code,
	// or 0000) is no handled answer: it is the server's failure, not its
	// refusal.
	if code == "0099" || r.resp.Status >= 500 && !handledCode(code) {
		return "answered " + answer, "A-7#6", fmt.Sprintf("expected a handled answer (a success, or an error code other than 0099 with an HTTP error status); got %s\n  %s", answer, r.evidence(s.red))
	}
	w := in.want
	if !st.real {
		w = wantHandled // the valid request could not be built from a real state: another refusal may come first
	}
	switch w {
	case wantRefused:
		if m := r.handledError(s.set); m != "" {
			return "was not refused (" + answer + ")", in.rule, m + "\n  " + r.evidence(s.red)
		}
	case want0001, want0001Named:
		if m := r.readable(); m != "" {
			return "answered " + answer + " that is not JSON", in.rule, m + "\n  " + r.evidence(s.red)
		}
		if code != "0001" || r.resp.Status != http.StatusBadRequest {
			rule := in.rule
			if w == want0001Named {
				rule = "A-7#3" // the code of a missing field; A-7#4 is its naming
			}
			return "answered " + answer + ", not 0001 with HTTP 400", rule, fmt.Sprintf("expected 0001 with HTTP 400 (A-7: \"mandatory field missing or syntax error (wrong data type, spelling)\"); got %s\n  %s", answer, r.evidence(s.red))
		}
		if w == want0001Named {
			desc := r.json.Get("responseDescription").String()
			if !steps.NamesWord(desc, in.field) {
				return "answered 0001 without naming it", in.rule, fmt.Sprintf("expected the description of 0001 to name the missing field %s (A-7: \"the description names the missing field(s)\"); got %q", in.field, desc)
			}
		}
	}
	return "", "", ""
}

// handledCode reports whether code is a four-digit responseCode of a
// handled error: neither 0000 (success) nor 0099 (unexpected, A-7).
func handledCode(code string) bool {
	if len(code) != 4 || code == "0000" || code == "0099" {
		return false
	}
	for _, c := range code {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

func codeText(code string) string {
	if code == "" {
		return "without a responseCode"
	}
	return code
}

// record files a cause under its operation, field and cause.
func (s *sweeper) record(in badInput, cause, rule, msg string, req target.Request, exchanges []record.Exchange) {
	key := in.op.ID + "\x00" + in.field + "\x00" + cause
	size := len(req.Body) + len(req.Query.Encode()) + len(req.Path)
	f, ok := s.findings[key]
	if !ok {
		f = &SweepFinding{Operation: in.op, Field: in.field, Cause: cause, Rule: rule}
		s.findings[key] = f
		s.order = append(s.order, key)
	}
	f.Inputs++
	if f.Exchanges == nil || size < f.size {
		f.Label, f.Kind, f.Message, f.Exchanges, f.size, f.Rule = in.label, in.kind, s.red.String(msg), exchanges, size, rule
	}
}

// change is a change a refused call made: the cause, the rule it breaks
// ("" for an advisory one) and the message.
type change struct{ cause, rule, msg string }

// readBack reads the state a refused call must have left as it was: the
// wallet's balance, the merchant's, the payment's status, the account's
// fields, the stored options. Every read keeps what the sweep knows of its
// fixtures current, whether or not it found a change, so that the next
// input is judged against the state as it is and not blamed for a change
// an earlier one made.
func (s *sweeper) readBack(st *opState) (changes []change, reads []record.Exchange, err error) {
	x := s.x
	walletMoved := false // the merchant's side of the same move is then read, not reported again
	if st.money && s.wallet >= 0 {
		a := x.m.accounts[s.wallet]
		got, ok, rs, err := s.settledWallet()
		reads = append(reads, rs...)
		if err != nil {
			return changes, reads, err
		}
		if ok && !got.equal(s.walletBal) {
			before := s.walletBal
			s.walletBal, a.bal = got, got // reported once, at the input that moved it
			if s.loadsPending > 0 {
				// A Capture's Load Account the sweep stopped waiting for
				// (its settleAllowance passed) settled since: not this call's.
				s.loadsPending--
			} else {
				walletMoved = true
				cause := "was refused but moved money"
				if st.op == schemas.Refund || st.op == schemas.KCRefund {
					cause = "was refused but booked the refund"
				}
				changes = append(changes, change{cause, "B-3#15",
					fmt.Sprintf("a refused %s changed the wallet's balance from %s to %s: a move answered with an error moves no money (B-3: \"| Operation | Condition | Resulting statusCode | What else happens |\"; B-2.4's balances change only by the moves that succeed)", opName(st.op), before, got)})
			}
		}
	}
	if st.merchant && s.merchantRead {
		before := s.merchantBk
		r, err := s.readMerchant()
		if err != nil {
			return changes, reads, err
		}
		if r != nil {
			reads = append(reads, r.ex)
		}
		if s.merchantRead && !s.merchantBk.Equal(before) && !walletMoved {
			changes = append(changes, change{"was refused but moved the merchant's money", "B-3#15",
				fmt.Sprintf("a refused %s changed the merchant's booked balance from %s to %s: a move answered with an error moves no money (B-3: \"| Operation | Condition | Resulting statusCode | What else happens |\"; B-2.4's balances change only by the moves that succeed)", opName(st.op), before.StringFixed(2), s.merchantBk.StringFixed(2))})
		}
	}
	if st.payment != "" {
		r, err := s.call(schemas.GetPaymentStatus, map[string]string{"uniqueReference": st.payment}, x.envelope(false))
		if err != nil {
			return changes, reads, err
		}
		reads = append(reads, r.ex)
		if got := r.json.Get("statusCode").String(); r.succeeded() && got != st.status {
			before := st.status
			st.status = got
			changes = append(changes, change{"was refused but changed the payment's status", "B-3#25",
				fmt.Sprintf("a refused call changed the payment's status from %s to %s (advisory, B-3#25: B-3's table states the status a move results in, not that a refused one leaves it, and failure statuses are not shown)", before, got)})
		}
	}
	if st.account != "" {
		r, err := s.call(schemas.GetAccount, map[string]string{"accno": st.account}, x.accountFields(true))
		if err != nil {
			return changes, reads, err
		}
		reads = append(reads, r.ex)
		if r.succeeded() {
			if diff := accountDiff(st.accountSeen, r.json); diff != "" {
				for _, k := range comparedAccountFields {
					st.accountSeen[k] = r.json.Get(k).String()
				}
				changes = append(changes, change{"was refused but changed the account", "",
					fmt.Sprintf("a refused call changed the account: %s (advisory: A-7 answers it as an error, not a success, \"| 0000 | 200 or 201 | success |\"; no sentence states that a refused account operation leaves the account as it was, as B-3's table does for payments)", diff)})
			}
		}
	}
	if st.options != "" {
		r, err := s.listOptions(st.options)
		if err != nil {
			return changes, reads, err
		}
		reads = append(reads, r.ex)
		if r.succeeded() {
			now := optionsOf(r)
			if diff := optionsDiff(st.optionsSeen, now); diff != "" {
				st.optionsSeen = now // reported once, at the input that changed them
				rule := ""
				if st.op == schemas.DeleteStoredPaymentOption {
					rule = "A-4.10#7" // "responseCode 0000 means the payment option is deleted"
				}
				changes = append(changes, change{"was refused but changed the stored payment options", rule,
					fmt.Sprintf("a refused %s changed the account's stored payment options: %s (advisory: A-7 answers it as an error, not a success, \"| 0000 | 200 or 201 | success |\", and A-4.10 \"responseCode `0000` means the payment option is deleted\"; no sentence states that a refused option operation leaves the options as they were, as B-3's table does for payments)", opName(st.op), diff)})
			}
		}
	}
	return changes, reads, nil
}

// settledWallet reads the wallet's balance after a refused call. When it
// differs from what the sweep knows, it is read again every settlePoll
// until two reads agree or the settle allowance (A-1.4, B-3) has passed,
// so that a change still settling is judged, and known, as it ends, and
// none of it is left to be blamed on the next input. ok is false when no
// read gave a balance.
func (s *sweeper) settledWallet() (got balance, ok bool, reads []record.Exchange, err error) {
	a := s.x.m.accounts[s.wallet]
	read := func() (balance, bool, error) {
		r, err := s.call(schemas.BalanceEnquiry, map[string]string{"accno": a.accno}, s.x.accountFields(true))
		if err != nil {
			return balance{}, false, err
		}
		reads = append(reads, r.ex)
		b, bad := balanceOf(r.json)
		return b, bad == "" && r.succeeded(), nil
	}
	got, ok, err = read()
	if err != nil || !ok || got.equal(s.walletBal) {
		return got, ok, reads, err
	}
	deadline := time.Now().Add(s.e.profile.Settle())
	for time.Now().Add(settlePoll).Before(deadline) {
		select {
		case <-s.ctx.Done():
			return got, ok, reads, errSweepHalted
		case <-time.After(settlePoll):
		}
		again, ok2, err := read()
		if err != nil {
			return got, ok, reads, err
		}
		if !ok2 {
			continue
		}
		if again.equal(got) {
			return got, true, reads, nil
		}
		got = again
	}
	return got, ok, reads, nil
}

// accountFields are the fields of Get Account Information compared before
// and after a refused call.
var comparedAccountFields = []string{"statusCode", "title", "lastName", "firstName", "addr1", "houseNumber", "city", "postCode", "countryCode", "dob", "emailAddress"}

func accountDiff(before map[string]string, after gjson.Result) string {
	var diffs []string
	for _, k := range comparedAccountFields {
		if got := after.Get(k).String(); before != nil && got != before[k] {
			diffs = append(diffs, fmt.Sprintf("%s %q became %q", k, before[k], got))
		}
	}
	return strings.Join(diffs, ", ")
}

// call makes a read of the sweep; a failure to answer ends the sweep.
func (s *sweeper) call(opID string, path map[string]string, fields map[string]any) (*reply, error) {
	r, err := s.e.caller.call(s.ctx, opID, path, fields)
	if errors.Is(err, errHalted) {
		return nil, errSweepHalted
	}
	if err != nil {
		return nil, err
	}
	return r, nil
}

// loadAmount is what the sweep loads into its wallet; payments of fixtures
// are payAmount each.
var (
	loadAmount = decimal.New(10000, -2)
	payAmount  = decimal.New(100, -2)
)
