package sweep

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/shopspring/decimal"
	"github.com/tidwall/gjson"

	"github.com/wallet-conformance/wallet-conformance/calls"
	"github.com/wallet-conformance/wallet-conformance/profile"
	"github.com/wallet-conformance/wallet-conformance/record"
	"github.com/wallet-conformance/wallet-conformance/schemas"
	"github.com/wallet-conformance/wallet-conformance/steps"
	"github.com/wallet-conformance/wallet-conformance/targetclient"
)

// The bad-input sweep: for every operation of the catalogue, a valid
// request built from a real state (a wallet the sweep opens and loads, its
// payments, a consent), then generated bad inputs (inputs.go), one
// change each, each judged by the rule the input breaks, and after every
// refused call of an operation that moves money or changes an account, the
// state read back: nothing may have been lost.

// Options configure a sweep.
type Options struct {
	Profile *profile.Profile
	// deriveEvery makes build take every read of an account by the default
	// state, its own case or not: a test's switch
	// (TestTheDefaultStateServesEveryReadOfAnAccount), which shows the
	// default accepted for each such operation of the catalogue, not only
	// for those without a case.
	deriveEvery bool
	// Seed chooses the sample; the same seed against the same target
	// sends the same inputs. 0 means 1.
	Seed uint64
	// PerOperation is how many generated inputs of each operation are
	// sent; 0 or less sends every one (the full sweep).
	PerOperation int
	// MaxCalls bounds the sweep's calls; 0 means none.
	MaxCalls int
	// Concurrency is how many inputs are sent at once, each on fixtures of
	// its own; 0 means runner.DefaultConcurrency(). Beside a run's
	// scenarios the run decides (runner.BesideOf).
	Concurrency int
	// SharedMerchant says that others move the merchant's money while the
	// sweep runs (a run's scenarios and exploration): the merchant's balance
	// is then not read back, as explore's merchant-is-credited decides it.
	SharedMerchant bool
	// NoValid leaves out the valid-request sweep (valid.go), which
	// a sweep otherwise makes after its bad inputs.
	NoValid    bool
	HTTPClient *http.Client // tests
}

// DefaultPerOperation is what a run sends of each operation by
// default: 0, every generated input. A certificate must not depend on
// which few inputs of an operation a seed happens to pick (issue 34).
const DefaultPerOperation = 0

// QuickPerOperation is the sample of a quick gating run (--sweep 4):
// every operation tried, about a thirtieth of the inputs; the report says
// the sweep was partial.
const QuickPerOperation = 4

// DefaultSeed is the seed of a run's sweep.
const DefaultSeed = 1

// Outcome is what a sweep found.
type Outcome struct {
	Seed         uint64
	PerOperation int
	Inputs       int // generated inputs sent
	Generated    int // generated inputs of every operation, sent or not
	Calls        int // calls sent, fixtures and read-backs included
	// Partial: not every generated input was tried (a sample, --sweep N,
	// or a sweep its bounds cut short); the sweep certifies only what it tried.
	Partial bool
	// Tried names each input tried ("Capture: modifiedAmount 1e308"), in
	// the sweep's order (its operations', then each sample's).
	Tried    []string
	Findings []*Finding
	Result   *record.Run
	Notices  []string
	Valid    *ValidOutcome // the valid-request sweep; nil when none was made
}

// Finding is one cause: the inputs of an operation's field whose
// answers broke the same rule the same way, shown by the one request of
// them with the shortest body.
type Finding struct {
	Operation schemas.Operation
	Field     string // "" for the whole body
	Label     string // the value shown ("1e308")
	Kind      string // the kind of input shown (inputs.go)
	Cause     string // "answered HTTP 500 0099"
	Rule      string // the catalogue's rule
	Message   string
	Inputs    int // inputs that showed it
	Exchanges []record.Exchange
	size      int
}

// Name is the finding as one line: "Capture: modifiedAmount 1e308 answered HTTP 500 0099".
func (f *Finding) Name() string {
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
	// seen: accountSeen and optionsSeen were read since the fixture was
	// made or an accepted input changed it (see).
	seen bool
}

// sweeper is one worker of a sweep: its own machine, wallet and fixtures
// (the states of the operations it sends inputs of), so that what one
// worker's inputs do to the target never reaches another's read-backs.
type sweeper struct {
	run   *sweepRun
	id    int
	e     *env
	x     *fixtures
	set   *schemas.Set
	opts  Options
	red   *targetclient.Redactor
	ctx   context.Context
	state map[string]*opState
	// wallet is the worker's loaded wallet (the model's account index);
	// walletBal its balance as last read, refreshed after every accepted
	// input that may move money.
	wallet    int
	walletBal calls.Balance
	// loadsPending counts the Captures whose Load Account had not shown
	// in the wallet when the settle allowance passed: a change a read-back
	// after a refused call sees while one is pending is taken as it, not
	// blamed on the call.
	loadsPending int
	// merchantBk is the merchant's booked balance as last read, when
	// merchantRead; ownMerchant: nothing but this worker moves it (the
	// operations that move it are sent by one worker, sweepRun.pinned).
	merchantBk   decimal.Decimal
	merchantRead bool
	ownMerchant  bool
	notices      []string
	// walletKnown: walletBal is the wallet's balance as far as the worker
	// knows (read since the last call that may have moved its money);
	// merchantKnown the same of merchantBk.
	walletKnown, merchantKnown bool
	// addAccno is the account Complete Add's states store options on, and
	// addStates how many states were started on it (optionsPerAccount).
	addAccno  string
	addStates int
	// bisecting counts the bisections under way (apart): their fixtures must be new
	// ones, not the wallet a change was seen on (state.go).
	bisecting int
	// current is the operation the worker sends inputs of: the calls it
	// makes are that operation's evidence.
	current string

	// The whole sweep's findings, once the workers have ended (the
	// sweeper that makes the report).
	findings map[string]*Finding
	order    []string
	sent     map[string]int
	calls    map[string][]record.Exchange
}

// Run sends the bad inputs to the profile's target and judges them, up
// to opts.Concurrency inputs at once (pool.go).
func Run(ctx context.Context, opts Options) (*Outcome, error) {
	p := opts.Profile
	if opts.Seed == 0 {
		opts.Seed = DefaultSeed
	}
	set, client, tokens, closeClient, err := calls.Connect(ctx, p, opts.HTTPClient, "the sweep")
	if err != nil {
		return nil, err
	}
	defer closeClient()
	red := client.Redactor()
	started := time.Now()
	run := newSweepRun(ctx, opts)
	c := &calls.Caller{Profile: p, Client: client, Tokens: tokens, Schemas: set, Clock: targetclient.LocalClock, MaxCalls: opts.MaxCalls}
	c.Record = func(ctx context.Context, ex record.Exchange) {
		op := ""
		if w, ok := ctx.Value(sweepWorkerKey{}).(*sweeper); ok {
			op = w.current
		}
		run.calls[op] = append(run.calls[op], ex) // under c.mu
	}
	caps := capabilities{load: p.ProgramAccno != "", kc: p.ProgramAccno != "" && p.Merchant.Accno != ""}
	id := runID()
	ownMerchant := !opts.SharedMerchant && p.Merchant.Accno != ""
	run.pinned = ownMerchant
	newWorker := func(n int) *sweeper {
		s := &sweeper{run: run, id: n, set: set, opts: opts, red: red, state: map[string]*opState{}, wallet: -1, ownMerchant: ownMerchant && n == 0}
		s.ctx = context.WithValue(ctx, sweepWorkerKey{}, s)
		s.e = &env{profile: p, caller: c, clock: targetclient.LocalClock, caps: caps}
		// As long as an exploration's UID: unique values keep their lengths.
		s.x = &fixtures{Requests: calls.Requests{Profile: p, Clock: targetclient.LocalClock, UID: fmt.Sprintf("%s%04d", id, n)}}
		return s
	}
	n, _, _ := run.workers()
	workers := make([]*sweeper, n)
	for i := range workers {
		workers[i] = newWorker(i)
	}
	run.start(workers)
	out := &Outcome{Seed: opts.Seed, PerOperation: opts.PerOperation, Inputs: run.inputs, Generated: run.generated, Partial: run.err != nil || run.inputs < run.generated}
	badCalls := c.Calls()
	// The report's sweeper: the findings filed in the order of the inputs
	// (each operation's in catalogue order, then its sample's), as one
	// worker sending them one after another would file them; a crash and
	// what its read-backs saw changed are one finding (oneCrash). It sends
	// nothing; its number is past every worker's.
	s := newWorker(reportWorker)
	s.findings, s.sent, s.calls = map[string]*Finding{}, run.sent, run.calls
	for _, r := range foldCrashes(run.ordered()) {
		s.record(r.in, r.cause, r.rule, r.msg, r.req, r.exchanges)
	}
	runErr := run.err
	if runErr == nil && !opts.NoValid {
		// The valid requests, on the pool's workers and the states their
		// bad inputs left, but for the operations a bad input broke a rule
		// of, whose states are made anew.
		found := map[string]bool{}
		for _, f := range s.findings {
			found[f.Operation.ID] = true
		}
		run.startValid(workers, found)
		out.Valid, runErr = mergeValid(run.validParts, run.calls), run.err
	}
	out.Calls = c.Calls()
	out.Tried = run.triedList()
	out.Notices = append(out.Notices, fmt.Sprintf("bad-input sweep with seed %d: %d of %d generated inputs sent (%s), %d calls with the states they need and the read-backs",
		opts.Seed, out.Inputs, out.Generated, perOpText(opts.PerOperation), badCalls))
	out.Notices = append(out.Notices, run.noticeList()...)
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

// env is what a worker's calls are made with: the profile, the caller
// that sends them through the suite's client and records them (package
// calls), the clock of the request envelopes, and what the profile lets
// the sweep make.
type env struct {
	profile *profile.Profile
	caller  *calls.Caller
	clock   targetclient.Clock
	caps    capabilities
}

// capabilities is what the profile lets the sweep make.
type capabilities struct {
	load bool // programAccno: loads (B-4.1)
	kc   bool // programAccno and merchant.accno: wallet-to-merchant payments (B-4.14 to B-4.18)
}

// fixtures builds a worker's requests (the steps' valid bodies, with
// values unique to the worker) and holds the accounts it opened: the
// first its wallet.
type fixtures struct {
	calls.Requests
	accounts []*account
}

// account is an account a worker opened: its accno, its balance as last
// read, and what Create Account sent.
type account struct {
	accno  string
	bal    calls.Balance
	fields map[string]any
}

// payment is a payment a worker made for a state.
type payment struct {
	ref     string // uniqueReference
	token   string // authorizationToken (Complete Authorize)
	account int    // index into fixtures.accounts
	status  string
	amount  decimal.Decimal
}

// The payment statuses of B-3 the sweep takes its payments to.
const (
	stReceived   = "RECEIVED"
	stAuthorized = "AUTHORIZED"
	stCaptured   = "CAPTURED"
)

// runID is a sweep's run id: "s" and 6 hex digits, as long as an
// exploration's, so that the values it makes unique keep their lengths.
func runID() string {
	b := make([]byte, 3)
	_, _ = rand.Read(b)
	return "s" + hex.EncodeToString(b)
}

// opName is an operation's name, or its id when the catalogue has none.
func opName(id string) string {
	if op, ok := schemas.Lookup(id); ok {
		return op.Name
	}
	return id
}

// reportWorker numbers the report's sweeper, past every worker of a pool
// (at most the largest --concurrency): its unique values, were it to make
// any, would repeat none of theirs.
const reportWorker = 9999

// sweepWorkerKey carries a worker in its context: the calls it makes are
// evidence of the operation it is sending inputs of.
type sweepWorkerKey struct{}

// sendable is what a sweep of perOperation inputs of each operation may
// send of inputs: a sample (perOperation > 0, --sweep N) never presents a
// wrong password (Issue Token's password, A-4.1), since a sandbox that
// counts failed logins could lock the partner out in the middle of a
// quick run; the scenarios of already send one wrong
// password each. The full sweep (a run's default) sends them all.
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

// sentInput is an input sent on a fixture and refused: its read-back is
// owed.
type sentInput struct {
	in        indexedInput
	req       targetclient.Request
	exchanges []record.Exchange
}

// readsBack: a refused call of the state's operation is read back.
func readsBack(st *opState) bool {
	return st.money || st.merchant || st.payment != "" || st.account != "" || st.options != ""
}

// batch sends inputs of op one after another on the worker's fixture of
// op. A fixture serves every input that cannot change it: the refused ones
// are read back together, once, before an input that may be accepted (the
// spec leaves it open, or the state is no real one) and at the end; only
// when the read-back sees a change are they sent again apart, by halves,
// to name the one that made it (apart). What a read-back compares with is
// read before an input that should be refused (see), not before one the
// target is expected to accept (a kind it has accepted): should that be
// refused after all, it is sent again, unjudged, on a fixture read before
// it, so that every refused input is read back. An accepted input may use
// the fixture up: the next gets a new one. judged: the answers are judged
// (false: the inputs are sent again only to read what they did). found: a
// change was filed.
func (s *sweeper) batch(op schemas.Operation, inputs []indexedInput, judged bool) (found bool, err error) {
	var pending, unread []sentInput
	settle := func() error {
		if len(pending) == 0 {
			return nil
		}
		f, err := s.settle(op, pending)
		found = found || f
		pending = nil
		return err
	}
	again := func(sent []sentInput) error {
		f, err := s.batch(op, inputsOf(sent), false)
		found = found || f
		return err
	}
	for _, in := range inputs {
		if s.run.stopped() {
			return found, errSweepHalted
		}
		st, err := s.base(op)
		if err != nil {
			return found, err
		}
		open := (in.want == wantHandled || !st.real) && s.run.mayAccept(in.badInput)
		if len(pending) > 0 && open {
			// It may be accepted and change the fixture as a success may:
			// what the refused inputs before it did is read first. (An
			// input of a kind the target has refused so far is sent on: if
			// it is accepted after all, the refused ones before it are
			// sent again below.)
			if err := settle(); err != nil {
				return found, err
			}
			if st, err = s.base(op); err != nil {
				return found, err
			}
		}
		if readsBack(st) && (!open || !judged || op.ID == schemas.Capture) {
			// A Capture's load is awaited from the balance before it.
			if err := s.see(st); err != nil {
				return found, err
			}
		}
		known := s.known(st)
		sent, accepted, err := s.sendInput(in, st, judged)
		if err != nil {
			return found, err
		}
		if judged && in.want == wantHandled && st.real {
			s.run.answered(in.badInput, accepted)
		}
		if !accepted {
			switch {
			case !readsBack(st):
			case known || !judged:
				// Refused, or not answered as a success at all (a crash may
				// have booked before it failed): nothing may have been lost.
				// (Sent again, it is read back on what could be read.)
				pending = append(pending, sent)
			default:
				unread = append(unread, sent)
			}
			continue
		}
		// The state the request needed may be used up (a payment captured,
		// an account closed): the next input gets a new one.
		if !keepsFixture(op) {
			if err := s.used(op, st, !keptAfter(op.ID)); err != nil {
				return found, err
			}
		}
		if len(pending) > 0 {
			// An input that must be refused was accepted (a finding of its
			// own): the refused ones before it are sent again on the new
			// fixture, to read what they did apart from it.
			sent := pending
			pending = nil
			if err := again(sent); err != nil {
				return found, err
			}
		}
	}
	if err := settle(); err != nil {
		return found, err
	}
	if len(unread) > 0 {
		// Refused where the target was expected to accept: sent again on
		// a fixture read before them, to read what they did.
		return found, again(unread)
	}
	return found, nil
}

// keptAfter: an accepted input of the operation changes its fixture
// without using it up: the next input takes it as it is, read again
// before an input that needs it (see): an account whose information was
// updated takes the same update again.
func keptAfter(opID string) bool { return opID == schemas.UpdateAccount }

// keepsFixture: an accepted input of the operation leaves its fixture as
// the next input needs it, and nothing of it is read back: a read changes
// nothing (every GET, taken from the method, so that a new read needs no
// entry here; and Perform Address Check, a POST that checks an address);
// Issue Token
// issues a token with the same credentials, and Authorize pays with the
// stored option it names, which stays stored and verified (no sentence of
// or B-4.3 removes or unverifies an option that paid).
// Create Account has no fixture. Strict inputs are sent first on a
// fixture: only inputs whose answer the spec leaves open follow an
// accepted one.
func keepsFixture(op schemas.Operation) bool {
	if op.BodyInQuery() {
		return true
	}
	switch op.ID {
	case schemas.IssueToken, schemas.CreateAccount, schemas.AddressCheck, schemas.Authorize:
		return true
	}
	return false
}

func inputsOf(sent []sentInput) []indexedInput {
	out := make([]indexedInput, len(sent))
	for i, si := range sent {
		out[i] = si.in
	}
	return out
}

// settle reads back the fixture the refused inputs were sent on. A change
// is filed at the one input that made it: the only one, or the one apart
// finds.
func (s *sweeper) settle(op schemas.Operation, pending []sentInput) (bool, error) {
	st := s.state[op.ID]
	if st == nil {
		return false, nil
	}
	changes, reads, err := s.readBack(st)
	if err != nil || len(changes) == 0 {
		return false, err
	}
	if len(pending) == 1 {
		s.fileChanges(pending[0], changes, reads, "")
		s.renew(op) // the fixture changed: the next input gets a new one
		return true, nil
	}
	return true, s.apart(op, pending, changes, reads)
}

// apart sends refused inputs again by halves, each half on a new fixture,
// until the read-back names the input that changed the fixture. A change
// neither half makes again (one that settles late, a target that does not
// repeat itself) is filed at the first input it was seen after, saying so.
func (s *sweeper) apart(op schemas.Operation, pending []sentInput, changes []change, reads []record.Exchange) error {
	found := false
	s.bisecting++
	defer func() { s.bisecting-- }()
	half := len(pending) / 2
	for _, part := range [][]sentInput{pending[:half], pending[half:]} {
		s.renew(op)
		f, err := s.batch(op, inputsOf(part), false)
		found = found || f
		if err != nil {
			return err
		}
	}
	s.renew(op)
	if !found {
		s.fileChanges(pending[0], changes, reads, fmt.Sprintf(" (seen by one read-back after %d refused inputs, the first of them this one; sent again apart, none of them made it again)", len(pending)))
	}
	return nil
}

// renew forgets the worker's fixture of op: the next input gets a new one.
func (s *sweeper) renew(op schemas.Operation) { delete(s.state, op.ID) }

// fileChanges files the changes a read-back saw at the input that made them.
func (s *sweeper) fileChanges(si sentInput, changes []change, reads []record.Exchange, note string) {
	for i, c := range changes {
		s.run.file(sweepResult{idx: si.in.idx, seq: i, in: si.in.badInput, cause: c.cause, rule: c.rule, msg: c.msg + note, req: si.req,
			exchanges: append(slices.Clone(si.exchanges), reads...)})
	}
}

// sendInput sends one input on st and, when judged, judges its answer.
func (s *sweeper) sendInput(in indexedInput, st *opState, judged bool) (sentInput, bool, error) {
	op := in.op
	req, err := s.request(in.badInput, st)
	if err != nil {
		return sentInput{}, false, err
	}
	r, err := s.send(op, req)
	if errors.Is(err, calls.ErrHalted) {
		return sentInput{}, false, errSweepHalted
	}
	si := sentInput{in: in, req: req, exchanges: []record.Exchange{}}
	if r != nil {
		si.exchanges = append(si.exchanges, r.Ex)
	}
	accepted := err == nil && r.Succeeded()
	if judged {
		cause, rule, msg := s.judge(in.badInput, st, r, err)
		s.run.judged(in, cause == "")
		if cause != "" {
			s.run.file(sweepResult{idx: in.idx, seq: judgedSeq, in: in.badInput, cause: cause, rule: rule, msg: msg, req: req, exchanges: si.exchanges})
		}
	}
	return si, accepted, nil
}

// foldCrashes keeps a crash one finding (oneCrash): the changes the
// read-backs saw after an input that got no handled answer (0099, a 5xx
// without a handled code, no answer) are told in its message, not filed
// apart. results are in the order ordered gives them.
func foldCrashes(results []sweepResult) []sweepResult {
	out := make([]sweepResult, 0, len(results))
	for i := 0; i < len(results); {
		j := i
		for j < len(results) && results[j].idx == results[i].idx {
			j++
		}
		group := results[i:j]
		last := group[len(group)-1]
		if last.seq == judgedSeq && crashed(last) && len(group) > 1 {
			var changes []change
			var reads []record.Exchange
			for _, r := range group[:len(group)-1] {
				changes = append(changes, change{r.cause, r.rule, r.msg})
				reads = append(reads, r.exchanges...)
			}
			last.msg, last.exchanges, _ = oneCrash(last.cause, last.msg, last.exchanges, changes, reads)
			out = append(out, last)
		} else {
			out = append(out, group...)
		}
		i = j
	}
	return out
}

// crashed reports whether a judged answer is no handled answer at all.
func crashed(r sweepResult) bool {
	return r.rule == "A-7#6" && (strings.HasPrefix(r.cause, "got ") || strings.HasPrefix(r.cause, "answered "))
}

// judgedSeq files an input's own answer after the changes its read-back
// saw, as the sweep has always filed them.
const judgedSeq = 1 << 20

// send sends a request of the sweep through the exploration's caller.
func (s *sweeper) send(op schemas.Operation, req targetclient.Request) (*calls.Reply, error) {
	return s.e.caller.Send(s.ctx, op, nil, req)
}

// request builds the input's request from the operation's valid one.
func (s *sweeper) request(in badInput, st *opState) (targetclient.Request, error) {
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
		fields["partnerReference"] = s.x.Unique("pr-")
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
		req.Body = bytes.Replace(req.Body, []byte(`{`), []byte(`{"partnerReference":"`+s.x.Unique("dup-")+`",`), 1)
	case kContentType:
		req.Header.Set("Content-Type", in.contentType)
	}
	return req, nil
}

// judge checks an answer against what the spec lets it be. It returns the
// cause ("" when the answer passes), the rule it breaks and the message.
func (s *sweeper) judge(in badInput, st *opState, r *calls.Reply, err error) (cause, rule, msg string) {
	if err != nil {
		var ie *targetclient.InfraError
		kind := "no answer"
		if errors.As(err, &ie) {
			kind = "no answer (" + ie.Kind + ")"
		}
		return "got " + kind, "A-7#6", fmt.Sprintf("the target gave %s to a bad input: %s. A-7 classes errors as handled (0001, 0096, …) or unexpected (0099); a crash, a dropped connection or no answer within the call allowance is neither", kind, s.red.String(err.Error()))
	}
	code := r.JSON.Get("responseCode").String()
	answer := fmt.Sprintf("HTTP %d %s", r.Resp.Status, codeText(code))
	// A-7 classes errors as handled or unexpected (0099). It pairs 500
	// with 0099 alone and shows no status for 0096, 0058, 0098 or the codes
	// it does not list: a handled code with a 5xx is a handled answer. A 5xx
	// that carries no code of a handled error (no JSON, no four-digit code,
	// or 0000) is no handled answer: it is the server's failure, not its
	// refusal.
	if code == "0099" || r.Resp.Status >= 500 && !handledCode(code) {
		return "answered " + answer, "A-7#6", fmt.Sprintf("expected a handled answer (a success, or an error code other than 0099 with an HTTP error status); got %s\n  %s", answer, r.Evidence(s.red))
	}
	w := in.want
	if !st.real {
		w = wantHandled // the valid request could not be built from a real state: another refusal may come first
	}
	switch w {
	case wantRefused:
		if m := r.HandledError(s.set); m != "" {
			return "was not refused (" + answer + ")", in.rule, m + "\n  " + r.Evidence(s.red)
		}
	case want0001, want0001Named:
		if m := r.Readable(); m != "" {
			return "answered " + answer + " that is not JSON", in.rule, m + "\n  " + r.Evidence(s.red)
		}
		if code != "0001" || r.Resp.Status != http.StatusBadRequest {
			rule := in.rule
			if w == want0001Named {
				rule = "A-7#3" // the code of a missing field; A-7#4 is its naming
			}
			return "answered " + answer + ", not 0001 with HTTP 400", rule, fmt.Sprintf("expected 0001 with HTTP 400 (A-7: \"mandatory field missing or syntax error (wrong data type, spelling)\"); got %s\n  %s", answer, r.Evidence(s.red))
		}
		if w == want0001Named {
			desc := r.JSON.Get("responseDescription").String()
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
func (s *sweeper) record(in badInput, cause, rule, msg string, req targetclient.Request, exchanges []record.Exchange) {
	key := in.op.ID + "\x00" + in.field + "\x00" + cause
	size := len(req.Body) + len(req.Query.Encode()) + len(req.Path)
	f, ok := s.findings[key]
	if !ok {
		f = &Finding{Operation: in.op, Field: in.field, Cause: cause, Rule: rule}
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
		a := x.accounts[s.wallet]
		got, ok, rs, err := s.settledWallet()
		reads = append(reads, rs...)
		if err != nil {
			return changes, reads, err
		}
		if ok && !got.Equal(s.walletBal) {
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
			reads = append(reads, r.Ex)
		}
		if s.merchantRead && !s.merchantBk.Equal(before) && !walletMoved {
			changes = append(changes, change{"was refused but moved the merchant's money", "B-3#15",
				fmt.Sprintf("a refused %s changed the merchant's booked balance from %s to %s: a move answered with an error moves no money (B-3: \"| Operation | Condition | Resulting statusCode | What else happens |\"; B-2.4's balances change only by the moves that succeed)", opName(st.op), before.StringFixed(2), s.merchantBk.StringFixed(2))})
		}
	}
	if st.payment != "" {
		r, err := s.call(schemas.GetPaymentStatus, map[string]string{"uniqueReference": st.payment}, x.Envelope(false))
		if err != nil {
			return changes, reads, err
		}
		reads = append(reads, r.Ex)
		if got := r.JSON.Get("statusCode").String(); r.Succeeded() && got != st.status {
			before := st.status
			st.status = got
			changes = append(changes, change{"was refused but changed the payment's status", "B-3#25",
				fmt.Sprintf("a refused call changed the payment's status from %s to %s (advisory, B-3#25: B-3's table states the status a move results in, not that a refused one leaves it, and failure statuses are not shown)", before, got)})
		}
	}
	if st.account != "" {
		r, err := s.call(schemas.GetAccount, map[string]string{"accno": st.account}, x.AccountFields(true))
		if err != nil {
			return changes, reads, err
		}
		reads = append(reads, r.Ex)
		if r.Succeeded() {
			if diff := accountDiff(st.accountSeen, r.JSON); diff != "" {
				for _, k := range comparedAccountFields {
					st.accountSeen[k] = r.JSON.Get(k).String()
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
		reads = append(reads, r.Ex)
		if r.Succeeded() {
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
func (s *sweeper) settledWallet() (got calls.Balance, ok bool, reads []record.Exchange, err error) {
	a := s.x.accounts[s.wallet]
	read := func() (calls.Balance, bool, error) {
		r, err := s.call(schemas.BalanceEnquiry, map[string]string{"accno": a.accno}, s.x.AccountFields(true))
		if err != nil {
			return calls.Balance{}, false, err
		}
		reads = append(reads, r.Ex)
		b, bad := calls.BalanceOf(r.JSON)
		return b, bad == "" && r.Succeeded(), nil
	}
	got, ok, err = read()
	if err != nil || !ok || got.Equal(s.walletBal) {
		return got, ok, reads, err
	}
	deadline := time.Now().Add(s.e.profile.Settle())
	for time.Now().Add(calls.SettlePoll).Before(deadline) {
		select {
		case <-s.ctx.Done():
			return got, ok, reads, errSweepHalted
		case <-time.After(calls.SettlePoll):
		}
		again, ok2, err := read()
		if err != nil {
			return got, ok, reads, err
		}
		if !ok2 {
			continue
		}
		if again.Equal(got) {
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
func (s *sweeper) call(opID string, path map[string]string, fields map[string]any) (*calls.Reply, error) {
	r, err := s.e.caller.Call(s.ctx, opID, path, fields)
	if errors.Is(err, calls.ErrHalted) {
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
