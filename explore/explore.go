// Package explore is stateful exploration of a target: property runs that
// make random sequences of valid and invalid moves (A-3, B-3) on wallets
// the exploration creates, keep a model of every account, payment and
// consent with its money to the cent, and check after every call the
// invariants the spec implies (invariants.go). When a normative invariant
// breaks, rapid (pgregory.net/rapid) shrinks the sequence, passes of the
// exploration's own (replay.go) remove what rapid left that the break does
// not need, and the shortest sequence that still breaks the same invariant
// is written as a scenario in the suite's own step sentences (gherkin.go),
// which `wallet-conformance run --features DIR` replays against the target.
//
// Results are a record.Run (report.go), written with the suite's
// report writers, with the same verdict and exit codes as a run.
//
// The bad-input and valid-request sweeps are not exploration: they live
// in package sweep. What both need and is neither (the caller, the reply
// and its judgement, the steps' request bodies, the balance) is package
// calls.
package explore

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"time"

	"pgregory.net/rapid"

	"github.com/wallet-conformance/wallet-conformance/calls"
	"github.com/wallet-conformance/wallet-conformance/profile"
	"github.com/wallet-conformance/wallet-conformance/record"
	"github.com/wallet-conformance/wallet-conformance/runner"
	"github.com/wallet-conformance/wallet-conformance/schemas"
	"github.com/wallet-conformance/wallet-conformance/targetclient"
)

// Options configure one exploration.
type Options struct {
	Profile *profile.Profile
	// Seed makes the exploration repeatable: the same seed against the same
	// (deterministic) target makes the same moves. 0 picks one at random,
	// which Outcome.Seed reports.
	Seed uint64
	// Steps is the average number of moves of a property run (rapid draws
	// each run's length); no run makes more than three times as many.
	Steps int
	// Runs is the number of property runs; the exploration stops earlier at
	// the first run that breaks a normative invariant, to shrink it.
	Runs int
	// MaxDuration and MaxCalls bound the whole exploration, shrinking
	// included; 0 means no bound. A run the bounds cut short is reported
	// with the moves it made.
	MaxDuration time.Duration
	MaxCalls    int
	// ShrinkTime bounds the shrinking's time, ShrinkAttempts its runs (a
	// third for rapid's shrinker, the rest for the passes on the moves); 0
	// means 30s and 300. The scenario written is the shortest found until then.
	ShrinkTime     time.Duration
	ShrinkAttempts int
	// ReportDir receives the report files and, in features/, the scenario
	// of a failure with its exchanges; "" writes nothing.
	ReportDir string
	// FeaturesDir, with ReportDir "", receives the scenario of a failure
	// with its exchanges alone (a run's exploration: the run writes the
	// report); "" writes nothing.
	FeaturesDir string
	// Progress receives the progress display (redacted); nil for none.
	Progress io.Writer
	// Replay runs a written scenario against the target with the suite's
	// runner, to show that it reproduces the failure.
	Replay bool
	// HTTPClient overrides the client that reaches the target (tests).
	HTTPClient *http.Client
	// SharedMerchant says that others move the merchant's money while the
	// exploration runs (a run's scenarios, other seeds): the merchant's
	// balance is then not read, and merchant-is-credited asserts nothing.
	SharedMerchant bool
	// ConcurrentRounds is how many concurrent rounds (concurrent.go) follow
	// the property runs: moves sent at once on one wallet and one payment,
	// checked for linearizability. 0 means DefaultConcurrentRounds, a
	// negative number none.
	ConcurrentRounds int
}

// Outcome is what an exploration found.
type Outcome struct {
	Result  *record.Run // one scenario per property run, and one per shrunk failure
	Seed    uint64
	Runs    int // property runs made before the exploration stopped
	Calls   int // calls sent, shrinking included
	Failure *Failure
	Notices []string
	// Rounds is the number of concurrent rounds made, RoundsFailed the
	// invariant broken by each that failed (counted apart from the runs).
	Rounds       int
	RoundsFailed []string
	// RoundFeatures are the failed rounds whose moves, sent one after
	// another, break a normative invariant too: each written as a feature.
	RoundFeatures []*Failure
}

// Failure is a normative invariant that broke, with the shortest sequence
// found that breaks it.
type Failure struct {
	Invariant     *Invariant
	Message       string // expected versus got, secrets redacted
	Run           int    // the property run that broke it
	OriginalMoves int    // moves of that run up to the break
	Moves         int    // moves of the shrunk sequence
	Attempts      int    // runs the shrinker made
	FeatureName   string // file name of the written scenario
	Feature       string // the feature file's text
	FeaturePath   string // where it was written; "" when nothing was written
	ScenarioLine  int
	// Replayed is the status the written scenario ended with when run
	// against the target (Options.Replay); "" when it was not replayed.
	Replayed record.Status
	// Round is, for the failure of a concurrent round whose moves break
	// the invariant sent one after another too, the round's number, and
	// Order the order they were sent in; 0 and "" for a property run's.
	Round int
	Order string
	trace *runTrace
}

// capabilities are the moves the profile's keys allow.
type capabilities struct {
	load bool // programAccno: loads (B-4.1)
	kc   bool // programAccno and merchant.accno: wallet-to-merchant payments (B-4.14 to B-4.18)
}

// explorer is one exploration. rapid runs the property one run at a time,
// so the bookkeeping below is touched by one goroutine.
type explorer struct {
	profile *profile.Profile
	caller  *calls.Caller
	red     *targetclient.Redactor
	clock   targetclient.Clock
	caps    capabilities
	// ownMerchant: nothing but the exploration moves the merchant's money,
	// so its balance may be read around a move (invMerchant).
	ownMerchant bool
	// shrinkTime bounds the shrinking, rapid's and the passes after it,
	// from the first failure on (shrinkUntil): a failing check may wait
	// out the profile's settleAllowance in every attempt.
	shrinkTime  time.Duration
	shrinkUntil time.Time
	unclaimed   map[string]bool // kinds of move the profile's scope does not claim
	maxMoves    int
	// maxAttempts bounds the runs of rapid's shrinker, which then stops:
	// the same seed against a deterministic target shrinks to the same
	// scenario however fast it is.
	maxAttempts int
	runID       string
	ctx         context.Context
	progress    *progress

	invocations int
	shrinking   bool
	runs        []*runTrace // the property runs before the first failure, and it
	found       *runTrace   // the first run that broke a normative invariant
	best        *runTrace   // the shortest run that breaks the same invariant
	attempts    int         // runs of the shrinker
	reproduced  int         // ... that broke the same invariant
	stopErr     error       // an infrastructure error ended the exploration
	cut         bool        // the bounds ended the exploration
	rounds      []*conRound // the concurrent rounds, after the property runs
}

// halted reports whether no more calls may be made.
func (e *explorer) halted() bool {
	return e.stopErr != nil || e.cut || e.caller.Exhausted(e.ctx)
}

// prop is rapid's property: one run that starts with a new account and
// then makes moves, each drawn from those that apply.
func (e *explorer) prop(t *rapid.T) {
	if e.halted() {
		e.cut = e.stopErr == nil
		return
	}
	if e.shrinking && (e.attempts >= e.maxAttempts || time.Now().After(e.shrinkUntil)) {
		stopRapid() // rapid's shrinker has had its runs, or its time
	}
	e.invocations++
	x := e.newMachine()
	defer e.finish(x)
	x.createAccount() // every scenario starts with an account of its own
	t.Repeat(x.actions())
}

// fileRun files a run of the exploration (a property run, or the scripted
// run of two of a thing): its first failure starts the shrinker.
func (e *explorer) fileRun(tr *runTrace) {
	tr.number = len(e.runs) + 1
	e.runs = append(e.runs, tr)
	if tr.failure != nil {
		e.shrinking, e.found, e.best = true, tr, tr
		e.shrinkUntil = time.Now().Add(e.shrinkTime)
		e.progress.found(tr)
		return
	}
	if len(tr.advice()) == 0 && tr.infra == nil {
		lighten(tr)
	}
	e.progress.run(tr)
}

// finish files a run: before the first failure as a run of the
// exploration, after it as an attempt of the shrinker.
func (e *explorer) finish(x *machine) {
	tr := x.tr
	tr.duration = time.Since(tr.started)
	if tr.infra != nil && e.stopErr == nil {
		e.stopErr = tr.infra
	}
	if tr.cut {
		e.cut = true
	}
	if !e.shrinking {
		if len(tr.steps) == 0 && tr.infra == nil {
			return // cut before its first move: not a run
		}
		e.fileRun(tr)
		return
	}
	e.attempts++
	if f := tr.failure; f != nil && f.inv == e.found.failure.inv {
		e.reproduced++
		if tr.failedAt < e.best.failedAt {
			e.progress.shorter(e.attempts, tr.failedAt+1)
		}
		if tr.failedAt <= e.best.failedAt {
			e.best = tr // rapid's last replay is its shortest; of equal ones keep the latest
		}
	}
}

// lighten drops the bodies and headers of a passing run's exchanges: the
// report keeps what each call was and how long it took.
func lighten(tr *runTrace) {
	for _, s := range tr.steps {
		for i := range s.exchanges {
			ex := &s.exchanges[i]
			ex.RequestHeaders, ex.ResponseHeaders, ex.RequestBody, ex.ResponseBody = nil, nil, "", ""
		}
	}
}

// Run explores the profile's target and returns what it found. An error
// means the exploration could not take place (a profile or usage problem,
// or a target that cannot be used at all: runner.UnreachableError).
func Run(ctx context.Context, opts Options) (*Outcome, error) {
	p := opts.Profile
	if opts.Steps < 1 || opts.Runs < 1 {
		return nil, errors.New("explore: steps and runs must be at least 1")
	}
	set, client, tokens, closeClient, err := calls.Connect(ctx, p, opts.HTTPClient, "the exploration")
	if err != nil {
		return nil, err
	}
	defer closeClient()
	red := client.Redactor()

	seed := opts.Seed
	for seed == 0 {
		b := make([]byte, 4)
		_, _ = rand.Read(b)
		seed = uint64(b[0])<<24 | uint64(b[1])<<16 | uint64(b[2])<<8 | uint64(b[3])
	}
	started := time.Now()
	exploreCtx := ctx
	c := &calls.Caller{Profile: p, Client: client, Tokens: tokens, Schemas: set, Clock: targetclient.LocalClock, MaxCalls: opts.MaxCalls}
	if opts.MaxDuration > 0 {
		var cancel context.CancelFunc
		c.Deadline = started.Add(opts.MaxDuration)
		exploreCtx, cancel = context.WithDeadline(ctx, c.Deadline)
		defer cancel()
	}
	shrink := opts.ShrinkTime
	if shrink <= 0 {
		shrink = 30 * time.Second
	}
	e := &explorer{
		profile: p, caller: c, red: red, clock: targetclient.LocalClock,
		caps:        capabilities{load: p.ProgramAccno != "", kc: p.ProgramAccno != "" && p.Merchant.Accno != ""},
		ownMerchant: !opts.SharedMerchant,
		shrinkTime:  shrink,
		unclaimed:   unclaimedKinds(p),
		maxMoves:    max(10, 3*opts.Steps),
		maxAttempts: max(1, cmpOr(opts.ShrinkAttempts, 300)/3),
		runID:       runID(),
		ctx:         exploreCtx,
		progress:    newProgress(opts.Progress, red),
	}
	featuresDir := opts.FeaturesDir
	if opts.ReportDir != "" {
		featuresDir = filepath.Join(opts.ReportDir, "features")
	}
	if featuresDir != "" {
		// A scenario an earlier exploration wrote here is not this one's.
		if err := removeWritten(featuresDir); err != nil {
			return nil, err
		}
	}
	e.progress.start(seed, opts.Runs, opts.Steps, client.BaseURL())
	checkWithRapid(rapidSettings{seed: seed, runs: opts.Runs, steps: opts.Steps, shrink: shrink}, e.prop)
	e.twiceRun()
	if e.found != nil {
		e.minimize(cmpOr(opts.ShrinkAttempts, 300) - e.maxAttempts)
		e.progress.shrunk(e.best.failedAt+1, e.attempts)
	}

	rounds := opts.ConcurrentRounds
	if rounds == 0 {
		rounds = DefaultConcurrentRounds
	}
	e.rounds = e.concurrentRounds(seed, rounds)

	made := len(e.runs)
	if slices.ContainsFunc(e.runs, func(tr *runTrace) bool { return tr.scripted }) {
		made-- // the scripted run of two of a thing is not one of the runs asked
	}
	out := &Outcome{Seed: seed, Runs: made, Calls: c.Calls(), Rounds: len(e.rounds)}
	sentAtOnce := 0
	for _, r := range e.rounds {
		if r.failure != nil {
			out.RoundsFailed = append(out.RoundsFailed, r.failure.inv.ID)
		}
		sentAtOnce += max(0, len(r.history)-1)
		if r.sequential != nil {
			out.RoundFeatures = append(out.RoundFeatures, r.sequential)
		}
	}
	if r := tokens.Reading(); r != targetclient.ReadingBodyLine {
		out.Notices = append(out.Notices, "Issue Token: the target refused A-4.1's body as its body line lists it and issued a token to one "+r.String())
	}
	out.Notices = append(out.Notices, fmt.Sprintf("stateful exploration with seed %d: %d property runs of about %d moves asked, %d made, and %d scripted of two of a thing; %d calls", seed, opts.Runs, opts.Steps, made, len(e.runs)-made, c.Calls()))
	out.Notices = append(out.Notices, twiceSummary(e.runs))
	if len(e.rounds) > 0 {
		out.Notices = append(out.Notices, fmt.Sprintf("concurrent rounds: %d, %d moves sent at once on one wallet or payment, each round's answers and balance checked for linearizability (porcupine); %d failed", len(e.rounds), sentAtOnce, len(out.RoundsFailed)))
	}
	if e.cut {
		out.Notices = append(out.Notices, fmt.Sprintf("the exploration reached its bounds (--max-duration %s, --max-calls %d) and stopped; runs it cut short report the moves they made", opts.MaxDuration, opts.MaxCalls))
	}
	if e.stopErr != nil {
		out.Notices = append(out.Notices, "an infrastructure error ended the exploration: "+red.String(e.stopErr.Error()))
	}
	if e.found != nil {
		f := e.failure(seed)
		out.Failure = f
		if e.reproduced == 0 && !e.cut && e.stopErr == nil {
			// rapid replays a failing run before it shrinks it: a run that
			// never breaks again says the target answered differently.
			out.Notices = append(out.Notices, "the failing run did not break again when rapid replayed it: the target does not answer the same moves the same way, so the scenario was not shrunk")
		}
		if e.best == e.found && e.cut {
			out.Notices = append(out.Notices, "the bounds stopped the shrinking: the scenario is the shortest found until then")
		}
		dir := featuresDir
		if dir == "" && opts.Replay {
			if dir, err = os.MkdirTemp("", "wallet-conformance-explore"); err != nil {
				return nil, err
			}
			defer os.RemoveAll(dir)
		}
		if dir != "" {
			if err := writeFeature(dir, f, red); err != nil {
				return nil, err
			}
		}
		if opts.Replay && dir != "" && ctx.Err() == nil {
			f.Replayed = replay(ctx, p, opts.HTTPClient, dir, f)
			e.progress.replayed(f)
		}
		if featuresDir == "" {
			f.FeaturePath = "" // written to a temporary directory for the replay only
		}
	}
	for _, f := range out.RoundFeatures {
		dir := featuresDir
		if dir == "" {
			continue
		}
		if err := writeFeature(dir, f, red); err != nil {
			return nil, err
		}
		if opts.Replay && ctx.Err() == nil {
			f.Replayed = replay(ctx, p, opts.HTTPClient, dir, f)
		}
	}
	out.Result = buildResult(e, out, started)
	e.progress.done(out, opts.ReportDir)
	if opts.ReportDir != "" {
		if err := writeReport(opts.ReportDir, p, set, e.runID, out); err != nil {
			return out, err
		}
	}
	return out, nil
}

// failure describes the shortest failing run found and writes its scenario.
func (e *explorer) failure(seed uint64) *Failure {
	tr := e.best
	f := &Failure{
		Invariant:     tr.failure.inv,
		Message:       tr.failure.msg,
		Run:           e.found.number,
		OriginalMoves: e.found.failedAt + 1,
		Moves:         tr.failedAt + 1,
		Attempts:      e.attempts,
		trace:         tr,
	}
	f.FeatureName = fmt.Sprintf("explore-%d-%s.feature", seed, f.Invariant.ID)
	f.Feature, f.ScenarioLine = writeScenario(tr, f, seed)
	return f
}

// replay runs the written scenario against the target with the suite's
// runner and returns the status it ended with.
func replay(ctx context.Context, p *profile.Profile, hc *http.Client, dir string, f *Failure) record.Status {
	ctx, cancel := context.WithTimeout(ctx, 5*time.Minute)
	defer cancel()
	res, err := runner.Run(ctx, runner.Options{Profile: p, Features: os.DirFS(dir), HTTPClient: hc, Concurrency: 1, Tags: "@explore"})
	if err != nil {
		return record.Error
	}
	for _, s := range res.Scenarios {
		if s.ID == fmt.Sprintf("%s:%d", f.FeatureName, f.ScenarioLine) {
			return s.Status
		}
	}
	return record.Error
}

// unclaimedKinds are the kinds of move that call an operation whose
// clause the profile excludes.
func unclaimedKinds(p *profile.Profile) map[string]bool {
	out := map[string]bool{}
	for kind, ops := range kindOperations {
		for _, id := range ops {
			if op, ok := schemas.Lookup(id); ok && p.Excludes(op.Clause) {
				out[kind] = true
			}
		}
	}
	return out
}

func cmpOr(v, def int) int {
	if v > 0 {
		return v
	}
	return def
}

func runID() string {
	b := make([]byte, 3)
	_, _ = rand.Read(b)
	return "x" + hex.EncodeToString(b)
}
