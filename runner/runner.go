// Package runner runs the suite: it reads the features, builds what every
// scenario shares (client, token cache, schemas), runs godog in strict mode
// against the target, classifies each scenario and writes the report files.
package runner

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/cucumber/godog"

	"github.com/wallet-conformance/wallet-conformance/profile"
	"github.com/wallet-conformance/wallet-conformance/record"
	"github.com/wallet-conformance/wallet-conformance/reports"
	"github.com/wallet-conformance/wallet-conformance/schemas"
	"github.com/wallet-conformance/wallet-conformance/steps"
	"github.com/wallet-conformance/wallet-conformance/targetclient"
)

// Options configure one run.
type Options struct {
	Profile     *profile.Profile
	Tags        string // godog tag expression selecting scenarios
	ReportDir   string // "" writes no files
	Concurrency int    // scenarios run at once; < 1 means 1
	Progress    io.Writer
	// Features overrides the embedded feature files (tests).
	Features fs.FS
	// HTTPClient overrides the client used to reach the target (tests).
	HTTPClient *http.Client
	// Waivers name known failures that do not fail the verdict until they expire.
	Waivers []record.Waiver
	// MaxDuration bounds the whole run; 0 means no bound. Scenarios cut
	// short by it end as ERROR. It must not be negative (ValidMaxDuration).
	MaxDuration time.Duration
	// Select, when set, runs only the scenarios it accepts among those
	// Tags selects (conformancetest runs what go test -run selects); the
	// report lists only them and marks the clauses it left out "not
	// selected", as a tag filter does.
	Select func(Scenario) bool
	// Start is when MaxDuration began to count (the command's start, so
	// that starting a server and reading the profile count too); zero
	// means when Run is called.
	Start time.Time
	// AllowEnvironment is the explicit consent to run against a profile
	// whose environment is not sandbox: it must name that environment.
	AllowEnvironment string
	// Shard runs one part of the scenarios Tags selects (run --shard) and
	// reports only that part; the zero Shard runs them all. The part
	// depends only on the features, Tags, the profile's scope and Timings,
	// so jobs given the same ones split a run without overlap or gap.
	Shard record.Shard
	// Timings weigh the scenarios for Shard (LoadTimings of an earlier
	// report.json); scenarios it lacks are estimated (EstimateDuration).
	Timings Timings
	// Rerun runs only the scenarios it lists (of those Tags selects), the
	// ones that did not pass in run Rerun.Of (run --rerun-failed), and the
	// report says it is a partial rerun; nil runs what Tags selects.
	Rerun *record.Rerun
	// Explore, when set, explores the target after the scenarios, within
	// the run's --max-duration: its scenarios join the run's results (a
	// broken normative invariant fails the verdict) and what it was goes to
	// the report. The CLI sets it to package explore's Run (which imports
	// this package).
	Explore func(ctx context.Context) (*Explored, error)
	// Timer is the clock the run's throttle spaces its calls and waits out
	// HTTP 429s by (tests); nil is the machine's.
	Timer targetclient.Timer
}

// exploreResult is what Options.Explore returned.
type exploreResult struct {
	ex  *Explored
	err error
}

// Explored is what an exploration gives a run.
type Explored struct {
	Exploration record.Exploration // Runs 0: no exploration was made (a sweep alone)
	Scenarios   []record.Scenario
	Notices     []string
	// Sweep is the bad-input sweep made beside the exploration; nil for none.
	Sweep *record.Sweep
}

// UnknownScenarioError is a rerun that names scenarios by keys the suite
// does not have: they were renamed, moved to another file or removed since
// the earlier run, or the earlier report was written from other features.
type UnknownScenarioError struct {
	Of   string   // the run ID of the earlier run
	Keys []string // the keys no scenario has
}

func (e *UnknownScenarioError) Error() string {
	return fmt.Sprintf("no scenario of this suite has the key %s (renamed, moved to another file or removed since run %s, or that run had other features): a rerun runs no scenario in its place; run the whole suite, or rerun with --tags", strings.Join(e.Keys, ", "), e.Of)
}

// UnreachableError is a target that cannot be used at all: no connection,
// or it issues no token for the profile's credentials. The run is aborted
// (verdict ERROR) and its report says what the target answered.
type UnreachableError struct {
	Target string
	Err    error
}

func (e *UnreachableError) Error() string {
	var te *targetclient.TokenError
	if errors.As(e.Err, &te) {
		if te.Refused() {
			return fmt.Sprintf("the target at %s refused to issue a token: %v; check credentials.userId and credentials.password", e.Target, e.Err)
		}
		return fmt.Sprintf("the target at %s issued no token: %v; the suite needs one to test anything", e.Target, e.Err)
	}
	return fmt.Sprintf("the target at %s cannot be reached: %v", e.Target, e.Err)
}
func (e *UnreachableError) Unwrap() error { return e.Err }

// UnknownTagError is a tag expression that names tags no scenario carries:
// most likely a typing mistake, which would otherwise select nothing.
type UnknownTagError struct {
	Tags []string // without "@"
}

func (e *UnknownTagError) Error() string {
	return fmt.Sprintf("no scenario is tagged @%s: see `wallet-conformance list` for the clause tags", strings.Join(e.Tags, ", @"))
}

// NewClient returns a client that reaches the profile's target, with the
// profile's TLS settings (unless hc is given), call allowance,
// Accept-Language, a redactor that knows the profile's secrets and a
// throttle of its own at the profile's rate, and a func that releases its
// connections. Its calls made under a run's context (a part of the run:
// its exploration, its sweep) go through the run's throttle instead
// (targetclient.WithThrottle). A profile it cannot use is a *profile.Error.
func NewClient(p *profile.Profile, hc *http.Client) (*targetclient.Client, func(), error) {
	return newClient(p, hc, targetclient.NewThrottle(p.RateLimit.PerSecond, nil))
}

// newClient is NewClient with the throttle th.
func newClient(p *profile.Profile, hc *http.Client, th *targetclient.Throttle) (*targetclient.Client, func(), error) {
	release := func() {}
	if hc == nil {
		var err error
		if hc, err = targetclient.NewHTTPClient(targetclient.TLSOptions{
			CAFile: p.TLS.CAFile, CertFile: p.TLS.CertFile, KeyFile: p.TLS.KeyFile, InsecureSkipVerify: p.TLS.InsecureSkipVerify,
		}, p.CallTimeout.Duration); err != nil {
			return nil, nil, &profile.Error{Msg: err.Error()}
		}
		release = hc.CloseIdleConnections
	}
	client, err := targetclient.NewClient(targetclient.Config{
		BaseURL:        p.BaseURL,
		AcceptLanguage: p.AcceptLanguage,
		CallTimeout:    p.CallTimeout.Duration,
		HTTPClient:     hc,
		Throttle:       th,
	}, targetclient.NewRedactor(p.Secrets()...))
	if err != nil {
		release()
		return nil, nil, &profile.Error{Msg: err.Error()}
	}
	return client, release, nil
}

// waitsOf is what a run's throttle has waited, as the record keeps it.
func waitsOf(th *targetclient.Throttle) record.Waits {
	w := th.Waits()
	return record.Waits{RateLimit: w.RateLimit, RateWait: w.RateWait, TooMany: w.TooMany, TooManyWait: w.TooManyWait, TooManyJudged: w.TooManyJudged}
}

// MinMaxDuration is the shortest --max-duration a run accepts: less
// leaves no time to issue a token and write the report.
const MinMaxDuration = 500 * time.Millisecond

// ValidMaxDuration checks a --max-duration: 0 (no bound), or at least
// MinMaxDuration. A negative bound is no bound a user meant.
func ValidMaxDuration(d time.Duration) error {
	switch {
	case d < 0:
		return fmt.Errorf("--max-duration %s is negative: give a bound such as 30m, or 0 for none", d)
	case d > 0 && d < MinMaxDuration:
		return fmt.Errorf("--max-duration %s is too short for any run: a run needs at least %s to issue a token and write the report", d, MinMaxDuration)
	}
	return nil
}

// reportReserve is the part of --max-duration kept for writing the report:
// scenarios stop this much before the bound.
func reportReserve(maxDuration time.Duration) time.Duration {
	return min(max(maxDuration/5, 300*time.Millisecond), 2*time.Second)
}

// unknownTags returns the tags expr names that no scenario carries.
func unknownTags(expr TagExpr, all []Scenario) []string {
	known := map[string]bool{}
	for _, s := range all {
		for _, t := range s.Tags {
			known[t] = true
		}
	}
	var out []string
	for _, t := range expr.Tags() {
		if !known[t] {
			out = append(out, t)
		}
	}
	return out
}

// checkScope refuses a scope.exclude entry that is no clause of Documents
// A and B, as the waivers do: a mistyped clause would otherwise be claimed
// without a word.
func checkScope(p *profile.Profile) error {
	for _, c := range p.Scope.Exclude {
		tag := strings.TrimPrefix(c, "@")
		if !slices.ContainsFunc(reports.SpecClauses(), func(sc reports.Clause) bool { return sc.Tag == tag }) {
			return &profile.Error{Msg: fmt.Sprintf("scope.exclude: %q is not a clause of Documents A and B (e.g. B-4.19; wallet-conformance list names them)", c)}
		}
	}
	return nil
}

// safetyNotices checks the profile's environment and returns what the report
// must say about the run's safety. The suite creates accounts and moves
// money: a profile must declare environment sandbox, or the run must name
// the other environment explicitly.
func safetyNotices(p *profile.Profile, allow string) ([]string, error) {
	var notices []string
	if p.Environment != profile.Sandbox {
		if allow != p.Environment {
			return nil, &profile.Error{Msg: fmt.Sprintf("environment is %q, not %q: the suite creates accounts and moves money; to run anyway pass --allow-environment %s", p.Environment, profile.Sandbox, p.Environment)}
		}
		notices = append(notices, fmt.Sprintf("the run targeted environment %q, not sandbox, by explicit consent (--allow-environment)", p.Environment))
	}
	if p.TLS.InsecureSkipVerify {
		notices = append(notices, "TLS certificate verification was skipped (tls.insecureSkipVerify): the target's identity is not proven")
	}
	return notices, nil
}

// shardOf returns the part of scoped that shard sh runs and reports. A
// scenario the profile does not claim weighs nothing (it does not run) but
// still belongs to one shard, so the merged report lists it once.
func shardOf(scoped []Scenario, p *profile.Profile, sh record.Shard, t Timings) []Scenario {
	weights := Weigh(scoped, t)
	parts := Partition(scoped, sh.Count, func(s Scenario) time.Duration {
		if excluded(p, s) {
			return 0
		}
		return weights[s.ID]
	})
	return parts[sh.Index-1]
}

// claimed returns the scenarios that will run and the tag expression that
// selects exactly them: the user's expression without the clauses the
// profile does not claim.
func claimed(all []Scenario, user TagExpr, p *profile.Profile) ([]Scenario, TagExpr) {
	expr := user.AndNot(p.Scope.Exclude...)
	var sel []Scenario
	for _, s := range all {
		if expr.Match(s.Tags) {
			sel = append(sel, s)
		}
	}
	return sel, expr
}

func excluded(p *profile.Profile, s Scenario) bool {
	for _, t := range s.Tags {
		if p.Excludes(t) {
			return true
		}
	}
	return false
}

func featurePaths(all []Scenario) []string {
	var paths []string
	seen := map[string]bool{}
	for _, s := range all {
		if !seen[s.URI] {
			seen[s.URI] = true
			paths = append(paths, s.URI)
		}
	}
	return paths
}

func classify(s Scenario, o outcome) (record.Status, string) {
	if o.missingKey != "" {
		return record.Skipped, "the profile has no " + o.missingKey
	}
	if o.err == nil {
		if len(o.advice) > 0 {
			return record.Warning, adviceMessage(o.advice)
		}
		return record.Passed, ""
	}
	var infra *targetclient.InfraError
	switch {
	case errors.As(o.err, &infra), errors.Is(o.err, context.DeadlineExceeded), errors.Is(o.err, context.Canceled):
		return record.Error, o.message
	case errors.Is(o.err, godog.ErrUndefined), errors.Is(o.err, godog.ErrAmbiguous):
		for _, st := range o.rec.Steps {
			switch st.Status {
			case record.StepUndefined:
				return record.Error, fmt.Sprintf("the suite cannot run this scenario: undefined step %q: no step definition matches it (the console shows godog's snippet for one)", st.Text)
			case record.StepAmbiguous:
				return record.Error, fmt.Sprintf("the suite cannot run this scenario: ambiguous step %q: %s", st.Text, o.message)
			}
		}
		return record.Error, "the suite cannot run this scenario: " + o.message
	case o.rec.BlockedBy != nil:
		return record.Blocked, blockedMessage(o.rec.BlockedBy, o.message) + hintLines(o.hints)
	case s.Advisory:
		return record.Warning, o.message + hintLines(o.hints)
	default:
		return record.Failed, o.message + hintLines(o.hints)
	}
}

// hintLines writes a scenario's hints (steps.Explain) after its message,
// one line each: the profile setting its evidence points to.
func hintLines(hints []record.Hint) string {
	var b strings.Builder
	for _, h := range hints {
		b.WriteString("\nprofile: " + h.String())
	}
	return b.String()
}

// failingExchanges returns the exchanges of a scenario up to the call that
// went wrong: the last call of the operation that blocked it, or the last
// call of its failed step or of the nearest step before it that made one
// (a Then checks its When's answer); nil when no call did.
func failingExchanges(rec record.Scenario) []record.Exchange {
	var upTo []record.Exchange
	for _, st := range rec.Steps {
		if len(st.Exchanges) > 0 {
			upTo = append(upTo, st.Exchanges...)
		}
		if st.Status != record.StepPassed && st.Status != record.StepSkipped {
			break
		}
	}
	if rec.BlockedBy != nil && rec.BlockedBy.Operation != "" {
		for i := len(upTo) - 1; i >= 0; i-- {
			if upTo[i].Operation == rec.BlockedBy.Operation {
				return upTo[:i+1]
			}
		}
	}
	return upTo
}

// blockedMessage says what blocked a scenario, then why.
func blockedMessage(b *record.Blocker, msg string) string {
	op, known := schemas.Lookup(b.Operation)
	if known && b.Permitted != "" {
		return fmt.Sprintf("blocked: %s (%s) refused the data the scenario sent, which the spec permits (%s), so the scenario cannot judge its rule with them (the step %q): %s", op.Name, op.Clause, b.Permitted, b.Step, msg)
	}
	if known {
		return fmt.Sprintf("blocked by %s (%s), which did not succeed in the setup step %q: %s", op.Name, op.Clause, b.Step, msg)
	}
	if b.Operation != "" { // a call of the suite's own machinery (the redirect trigger), no operation of the spec
		return fmt.Sprintf("blocked by the suite's call %s in the step %q: %s", b.Operation, b.Step, msg)
	}
	return fmt.Sprintf("blocked: the setup step %q failed: %s", b.Step, msg)
}

// outcome is what the After hook saw of a scenario.
type outcome struct {
	rec        record.Scenario // what the scenario's World recorded: steps, duration, blocker
	err        error
	status     record.Status // classify's, once the scenario has ended
	message    string        // why it did not pass: the error, then classify's account
	ended      time.Time
	missingKey string // the profile key whose absence skipped the scenario
	advice     []record.Advice
	broke      string        // the rule the failing check named, when it named one
	hints      []record.Hint // the profile settings its evidence points to (steps.Explain)
}

// adviceMessage sums up the advisory checks that did not hold.
func adviceMessage(advice []record.Advice) string {
	parts := make([]string, len(advice))
	for i, a := range advice {
		parts[i] = fmt.Sprintf("advisory %s: %s", a.Rule, a.Message)
	}
	return strings.Join(parts, "\n")
}

// collector gathers outcomes from concurrently running scenarios and
// tells the console as each one ends.
type collector struct {
	scenarios map[string]Scenario // the selected ones, by key
	console   *console

	mu  sync.Mutex         // guards out
	out map[string]outcome // by key(feature URI, scenario name)
}

func newCollector(selected []Scenario, con *console) *collector {
	c := &collector{scenarios: make(map[string]Scenario, len(selected)), console: con, out: map[string]outcome{}}
	for _, s := range selected {
		c.scenarios[key(s.URI, s.Name)] = s
	}
	return c
}

func (c *collector) observe(r *targetclient.Redactor, p *profile.Profile) func(*godog.Scenario, *steps.World, error) {
	return func(s *godog.Scenario, w *steps.World, err error) {
		o := outcome{err: err, missingKey: w.MissingKey(), ended: time.Now(), advice: w.Advice()}
		o.rec = w.Record(o.ended)
		if err != nil {
			if ex := failingExchanges(o.rec); len(ex) > 0 {
				o.hints = steps.Explain(p, ex[:len(ex)-1], ex[len(ex)-1])
			}
		}
		if err != nil {
			o.message = r.String(err.Error())
			var f *steps.Failure
			if errors.As(err, &f) {
				o.broke = f.Rule
			}
		}
		uri := featureURI(s.Uri) // godog appends ":LINE" when a path selects one definition
		if sc, ok := c.scenarios[key(uri, s.Name)]; ok {
			o.status, o.message = classify(sc, o) // once: the console and the report read it
			c.console.ended(uri, s.Name, o.status)
		}
		c.mu.Lock()
		c.out[key(uri, s.Name)] = o
		c.mu.Unlock()
	}
}

func (c *collector) get(uri, name string) (outcome, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	o, ok := c.out[key(uri, name)]
	return o, ok
}

// unknownScenarios lists the keys of keys that no scenario of all has.
func unknownScenarios(keys []string, all []Scenario) []string {
	var unknown []string
	for _, k := range keys {
		if !slices.ContainsFunc(all, func(s Scenario) bool { return s.Key == k }) {
			unknown = append(unknown, k)
		}
	}
	return unknown
}

// rerunOf keeps of scoped the scenarios a rerun of keys runs: those of
// keys, and the other example rows of an outline one of them belongs to
// (godog runs an outline whole, and the report lists what ran).
func rerunOf(scoped, all []Scenario, keys []string) []Scenario {
	defs := map[string]bool{}
	for _, s := range all {
		if slices.Contains(keys, s.Key) {
			defs[definitionID(s)] = true
		}
	}
	return slices.DeleteFunc(slices.Clone(scoped), func(s Scenario) bool { return !defs[definitionID(s)] })
}

// rerunNotice is what a partial rerun's report says first.
func rerunNotice(r *record.Rerun, ran int) string {
	return fmt.Sprintf("partial rerun of run %s: it ran only the %d scenario(s) that did not pass there (with the other rows of their outlines: %d in all, as --tags and scope.exclude allow); its verdict speaks for those alone and is not a certificate: run the whole suite for one", r.Of, len(r.Scenarios), ran)
}

func shardMeta(sh record.Shard) *record.Shard {
	if sh.Count == 0 {
		return nil
	}
	return &sh
}

// redactingWriter passes console output through the redactor.
type redactingWriter struct {
	w io.Writer
	r *targetclient.Redactor
}

func (rw *redactingWriter) Write(p []byte) (int, error) {
	if _, err := io.WriteString(rw.w, rw.r.String(string(p))); err != nil {
		return 0, err
	}
	return len(p), nil
}

func runID() string {
	b := make([]byte, 3)
	_, _ = rand.Read(b)
	return "r" + hex.EncodeToString(b)
}
