package runner

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/cucumber/godog"

	"github.com/wallet-conformance/wallet-conformance/features"
	"github.com/wallet-conformance/wallet-conformance/profile"
	"github.com/wallet-conformance/wallet-conformance/record"
	"github.com/wallet-conformance/wallet-conformance/reports"
	"github.com/wallet-conformance/wallet-conformance/schemas"
	"github.com/wallet-conformance/wallet-conformance/steps"
	"github.com/wallet-conformance/wallet-conformance/targetclient"
)

// Run runs the selected scenarios against the profile's target and returns
// their results. An error without a result means the run could not start
// (usage, profile, a tag expression that does not parse). Once the run has
// started, a report is written whatever happens: an error with a result is
// a run that was aborted (Result.Aborted, verdict ERROR).
//
// A run is its plan (what it lists and runs, decided before the target is
// touched), its start (the client and the throttle its parts share, and
// its record begun), its parts (the scenarios, and beside them the
// exploration and the sweeps), the record of what they gave, and the
// report, written from the record alone.
func Run(ctx context.Context, opts Options) (*record.Run, error) {
	pl, err := newPlan(opts)
	if err != nil {
		return nil, err
	}
	r, err := start(opts, pl)
	if err != nil {
		return nil, err
	}
	defer r.release()

	// The run has started: from here on its report is written whatever happens.
	runCtx, cancel := r.context(ctx)
	defer cancel()
	env, ab := r.connect(ctx, runCtx)
	if ab != nil {
		return r.abort(ab)
	}
	defer env.Callbacks.Close()
	if opts.Rerun != nil {
		r.notice(rerunNotice(opts.Rerun, len(pl.scoped)))
	}

	con, col := r.console()
	scenariosEnded, beside, stopBeside := r.beside(runCtx, con)
	defer stopBeside()
	if ab := r.runScenarios(runCtx, env, col, con); ab != nil {
		return r.abort(ab)
	}
	scenariosEnded()
	r.rec.Duration = time.Since(r.rec.Started)

	cut := r.recordScenarios(runCtx, col)
	if beside != nil {
		r.recordBeside(beside())
		r.rec.Duration = time.Since(r.rec.Started)
	}
	r.rec.Waivers = reports.ApplyWaivers(r.rec, opts.Waivers, time.Now())
	if cut > 0 {
		r.notice(fmt.Sprintf("the run reached --max-duration (%s): %d scenario(s) were cut short and are ERROR", opts.MaxDuration, cut))
	}
	err = r.write()
	con.finish(r.rec, r.written)
	return r.rec, err
}

// plan is what a run lists and runs, decided from its options and the
// features before the target is touched.
type plan struct {
	fsys fs.FS
	all  []Scenario // every scenario of the features
	// scoped is what the report lists: the scenarios the user's tags
	// select (of this shard or rerun, as Options.Select keeps them);
	// selected is what runs: scoped less the clauses the profile does not
	// claim, which tags selects for godog among the feature files paths.
	scoped, selected []Scenario
	tags             TagExpr
	paths            []string
	schemas          *schemas.Set
	// notices are what the report must say of the run's safety.
	notices                       []string
	featuresSHA256, schemasSHA256 string
}

// newPlan checks a run's options against the features and the profile, and
// decides what the run lists and runs. An error is a run that cannot start.
func newPlan(opts Options) (*plan, error) {
	if err := ValidMaxDuration(opts.MaxDuration); err != nil {
		return nil, err
	}
	p := opts.Profile
	pl := &plan{fsys: opts.Features}
	if pl.fsys == nil {
		pl.fsys = features.FS()
	}
	all, err := LoadScenarios(pl.fsys)
	if err != nil {
		return nil, err
	}
	pl.all = all
	expr, err := ParseTags(opts.Tags)
	if err != nil {
		return nil, err
	}
	if unknown := unknownTags(expr, all); len(unknown) > 0 {
		return nil, &UnknownTagError{Tags: unknown}
	}
	if sh := opts.Shard; sh != (record.Shard{}) && (sh.Count < 1 || sh.Index < 1 || sh.Index > sh.Count) {
		return nil, fmt.Errorf("shard %s: the index must be from 1 to the count", sh)
	}
	if opts.Rerun != nil {
		if opts.Shard.Count > 0 {
			return nil, fmt.Errorf("a rerun of an earlier run's failures is not split into shards")
		}
		if unknown := unknownScenarios(opts.Rerun.Scenarios, all); len(unknown) > 0 {
			return nil, &UnknownScenarioError{Of: opts.Rerun.Of, Keys: unknown}
		}
	}
	if err := CheckWaivers(opts.Waivers, all); err != nil {
		return nil, err
	}
	if pl.schemas, err = schemas.Load(); err != nil {
		return nil, err
	}
	if pl.notices, err = safetyNotices(p, opts.AllowEnvironment); err != nil {
		return nil, err
	}
	if err := checkScope(p); err != nil {
		return nil, err
	}
	if pl.featuresSHA256, err = digestFS(pl.fsys); err != nil {
		return nil, err
	}
	if pl.schemasSHA256, err = digestFS(schemas.FS()); err != nil {
		return nil, err
	}
	pl.choose(opts, expr)
	return pl, nil
}

// choose decides the scenarios the run lists (the user's expression expr,
// then the shard, the rerun and Options.Select) and those it runs, and the
// feature files godog reads them from, heaviest first.
func (pl *plan) choose(opts Options, expr TagExpr) {
	p := opts.Profile
	var scoped []Scenario
	for _, s := range pl.all {
		if expr.Match(s.Tags) {
			scoped = append(scoped, s)
		}
	}
	if opts.Shard.Count > 0 {
		scoped = shardOf(scoped, p, opts.Shard, opts.Timings)
	}
	if opts.Rerun != nil {
		scoped = rerunOf(scoped, pl.all, opts.Rerun.Scenarios)
	}
	if opts.Select != nil {
		var kept []Scenario
		for _, s := range scoped {
			if opts.Select(s) {
				kept = append(kept, s)
			}
		}
		scoped = kept
	}
	pl.scoped = scoped
	pl.selected, pl.tags = claimed(scoped, expr, p)
	pl.paths = heaviestFirst(featurePaths(pl.all), pl.selected, func(s Scenario) string { return s.URI })
	if opts.Shard.Count > 0 || opts.Rerun != nil || opts.Select != nil {
		// godog selects by definition: an outline's rows run together, and
		// the rows not selected are left out of the results below.
		pl.paths = heaviestFirst(definitionPaths(pl.selected), pl.selected, definitionID)
	}
}

// run is a run under way: its plan, what its parts share (the client, the
// throttle every call of the run goes through), and its record, from which
// the report is written.
type run struct {
	opts     Options
	plan     *plan
	client   *targetclient.Client
	release  func() // releases the client's connections
	throttle *targetclient.Throttle
	// gherkin is what cucumber.json shows of the features, read while the
	// scenarios run, off the time the report takes to write.
	gherkin func() (*reports.Gherkin, error)
	rec     *record.Run
	written *reports.Report // the report of the files, once written: the console reads it too
}

// start readies the run of pl: its throttle, its client, the report
// directory, and its record, which says from here on what the run is.
func start(opts Options, pl *plan) (*run, error) {
	p := opts.Profile
	th := targetclient.NewThrottle(p.RateLimit.PerSecond, opts.Timer)
	client, release, err := newClient(p, opts.HTTPClient, th)
	if err != nil {
		return nil, err
	}
	if opts.ReportDir != "" {
		if err := os.MkdirAll(opts.ReportDir, 0o755); err != nil {
			release()
			return nil, err
		}
	}
	r := &run{opts: opts, plan: pl, client: client, release: release, throttle: th}
	r.gherkin = sync.OnceValues(func() (*reports.Gherkin, error) { return GherkinOf(pl.fsys) })
	if opts.ReportDir != "" {
		go r.gherkin()
	}
	r.rec = &record.Run{Target: client.BaseURL(), Started: time.Now()}
	r.rec.Meta = record.Meta{
		RunID: runID(), Time: r.rec.Started, SuiteVersion: SuiteVersion,
		FeaturesSHA256: pl.featuresSHA256, SchemasSHA256: pl.schemasSHA256,
		Target: r.rec.Target, Profile: p.Redacted(),
		Exclude: p.Scope.Exclude, Tags: opts.Tags,
		CallAllowance: p.CallTimeout.Duration,
		Notices:       pl.notices,
		Shard:         shardMeta(opts.Shard),
		Rerun:         opts.Rerun,
		Selected:      opts.Select != nil,
		Checks:        indexOf(pl.all).Checks,
	}
	return r, nil
}

// notice adds a fact about the run the report must not let a reader miss.
func (r *run) notice(n string) { r.rec.Meta.Notices = append(r.rec.Meta.Notices, n) }

// context is the context the run's parts run under: the run's throttle,
// and --max-duration, less the time kept for writing the report.
func (r *run) context(ctx context.Context) (context.Context, context.CancelFunc) {
	ctx = targetclient.WithThrottle(ctx, r.throttle)
	if r.opts.MaxDuration <= 0 {
		return ctx, func() {}
	}
	start := r.opts.Start
	if start.IsZero() {
		start = r.rec.Started
	}
	return context.WithDeadline(ctx, start.Add(r.opts.MaxDuration-reportReserve(r.opts.MaxDuration)))
}

// abortion is why a run that started could not be carried out: the reason
// its report gives, what the target answered, and the error Run returns.
type abortion struct {
	reason   string
	evidence []record.Exchange
	err      error
}

// abort records the run as aborted and writes its report.
func (r *run) abort(a *abortion) (*record.Run, error) {
	r.rec.Aborted = r.client.Redactor().String(a.reason)
	r.rec.AbortEvidence = a.evidence
	r.rec.Duration = time.Since(r.rec.Started)
	if err := r.write(); err != nil {
		return r.rec, errors.Join(a.err, fmt.Errorf("writing the report: %w", err))
	}
	return r.rec, a.err
}

// connect readies what the scenarios share of the target: the token it
// must issue first (a target that cannot issue it cannot be tested), and
// the listener of A-6's redirect callbacks. ctx is the caller's, runCtx
// the run's (context): which of them ended tells the bound from the target.
func (r *run) connect(ctx, runCtx context.Context) (*steps.Env, *abortion) {
	p := r.opts.Profile
	tokens := targetclient.NewTokenSource(r.client, targetclient.Credentials{UserID: p.Credentials.UserID, Password: p.Credentials.Password}, targetclient.LocalClock)
	if exs, err := tokens.Preflight(runCtx); err != nil {
		if runCtx.Err() != nil && ctx.Err() == nil {
			// The bound, not the target, ended the run.
			err := fmt.Errorf("the run reached --max-duration (%s) before the target had issued a token: no scenario ran; the bound is too short for this target", r.opts.MaxDuration)
			return nil, &abortion{err.Error(), exs, err}
		}
		uerr := &UnreachableError{Target: r.client.BaseURL(), Err: err}
		return nil, &abortion{uerr.Error(), exs, uerr}
	}
	if rd := tokens.Reading(); rd != targetclient.ReadingBodyLine {
		r.notice("Issue Token: the target refused A-4.1's body as its body line lists it (password, localDate, localTime) and issued a token to one " + rd.String() + "; every token of this run was requested so")
	}
	callbacks, err := targetclient.NewCallbackListener()
	if err != nil {
		return nil, &abortion{"the suite could not listen for the redirect callbacks of A-6: " + err.Error(), nil, err}
	}
	return &steps.Env{Profile: p, Client: r.client, Tokens: tokens, Schemas: r.plan.schemas, Clock: targetclient.LocalClock, Callbacks: callbacks, RunID: r.rec.Meta.RunID}, nil
}

// console returns the run's console, which prints the scenarios' progress
// (redacted) as they end, and the collector of their outcomes.
func (r *run) console() (*console, *collector) {
	progress := r.opts.Progress
	if progress == nil {
		progress = io.Discard
	}
	con := newConsole(&redactingWriter{w: progress, r: r.client.Redactor()}, r.plan.selected)
	con.quiet = r.opts.Progress == nil
	return con, newCollector(r.plan.selected, con)
}

// beside starts what runs beside the scenarios (Options.Explore: the
// exploration and the sweeps), one worker more: its calls are sequential,
// and against a target across a network the scenarios' time hides its
// own. It ends with the run (an abort, or --max-duration). beside returns
// the func that tells it the scenarios have ended, the one that waits for
// what it gave (nil when the run explores nothing), and the one that ends
// it, for when the run does.
func (r *run) beside(runCtx context.Context, con *console) (scenariosEnded func(), gave func() exploreResult, stop func()) {
	if r.opts.Explore == nil {
		return func() {}, nil, func() {}
	}
	exploreCtx, cancelExplore := context.WithCancel(runCtx)
	exploreCtx, scenariosEnded = withBeside(exploreCtx, r.opts.Concurrency, con.line)
	explored := make(chan exploreResult, 1)
	go func() {
		ex, err := r.opts.Explore(exploreCtx)
		explored <- exploreResult{ex, err}
	}()
	return scenariosEnded, func() exploreResult { return <-explored }, func() {
		scenariosEnded()
		cancelExplore()
	}
}

// runScenarios runs the plan's selected scenarios on godog under runCtx,
// each outcome to col; an abortion when godog could not run them at all.
func (r *run) runScenarios(runCtx context.Context, env *steps.Env, col *collector, con *console) *abortion {
	if len(r.plan.selected) == 0 {
		return nil
	}
	// godog's own output is its progress formatter: the console of this
	// runner prints in feature order instead, so godog's goes to a
	// buffer, and what only godog can say (the snippet of an undefined
	// step) is passed on to the console. cucumber.json is written from
	// the run's record with the other report files (writeReport).
	var godogOut bytes.Buffer
	suite := godog.TestSuite{
		Name:                "wallet-conformance",
		ScenarioInitializer: steps.ScenarioInitializer(env, col.observe(r.client.Redactor(), r.opts.Profile)),
		Options: &godog.Options{
			Format:         "progress",
			Output:         &godogOut,
			Strict:         true,
			NoColors:       true,
			Concurrency:    max(r.opts.Concurrency, 1),
			Tags:           r.plan.tags.Godog(),
			FS:             r.plan.fsys,
			Paths:          r.plan.paths,
			DefaultContext: runCtx,
		},
	}
	if status := suite.Run(); status > 1 {
		err := fmt.Errorf("the suite could not run (godog status %d)", status)
		return &abortion{err.Error(), nil, err}
	}
	con.snippets(godogSnippets(godogOut.String()))
	return nil
}

// recordScenarios records each scenario the run lists, in feature order,
// as it ended (col), and returns how many the run's bound cut short.
func (r *run) recordScenarios(runCtx context.Context, col *collector) (cut int) {
	p, maxDuration := r.opts.Profile, r.opts.MaxDuration
	// A scenario the run's deadline (--max-duration) ended, or never let
	// start, is cut short: ERROR, and the report says so.
	deadline, bounded := runCtx.Deadline()
	for _, s := range r.plan.scoped {
		rs := record.Scenario{ID: s.ID, Key: s.Key, Feature: s.Feature, Name: s.Name, Tags: s.Tags, Clauses: s.Clauses, Rules: s.Rules, Advisory: s.Advisory}
		switch {
		case excluded(p, s):
			rs.Status = record.NotClaimed
		default:
			o, ok := col.get(s.URI, s.Name)
			switch {
			case !ok:
				rs.Status, rs.Message = record.Error, "the scenario did not run to its end"
			default:
				rs.Status, rs.Message = o.status, o.message
				if rs.Status == record.Failed || rs.Status == record.Warning {
					rs.Broke = o.broke
				}
				rs.Steps, rs.Duration = o.rec.Steps, o.rec.Duration
				if rs.Status == record.Blocked {
					rs.BlockedBy = o.rec.BlockedBy
				}
				if rs.Status != record.Passed && rs.Status != record.Skipped {
					rs.Hints = o.hints
				}
			}
			// Whatever a scenario that did not pass was doing when the bound
			// came (a Given, a When, a check), it was cut short: the bound,
			// not the target, ended it.
			if maxDuration > 0 && bounded && rs.Status != record.Passed && rs.Status != record.Skipped && (!ok || !o.ended.Before(deadline)) {
				cut++
				rs.Status, rs.Broke, rs.BlockedBy, rs.Hints = record.Error, "", nil, nil
				rs.Message = fmt.Sprintf("the run reached --max-duration (%s) before this scenario ended: %s", maxDuration, rs.Message)
			}
		}
		r.rec.Scenarios = append(r.rec.Scenarios, rs)
	}
	return cut
}

// recordBeside records what the exploration and the sweeps gave the run:
// their scenarios among its results, what they were, and their notices;
// or, when the target could not be explored at all, an ERROR of the run's
// own, not a finding.
func (r *run) recordBeside(x exploreResult) {
	if x.err != nil {
		r.rec.Scenarios = append(r.rec.Scenarios, record.Scenario{
			ID: "explore", Feature: "Stateful exploration", Name: "the exploration could not be made",
			Tags: []string{"explore"}, Status: record.Error, Message: r.client.Redactor().String(x.err.Error()),
		})
		return
	}
	if e := x.ex.Exploration; e.Runs > 0 {
		r.rec.Meta.Exploration = &e
	}
	r.rec.Meta.Sweep = x.ex.Sweep
	r.rec.Scenarios = append(r.rec.Scenarios, x.ex.Scenarios...)
	r.rec.Meta.Notices = append(r.rec.Meta.Notices, x.ex.Notices...)
}

// write records what the run waited, and writes its report when it has a
// directory (Options.ReportDir).
func (r *run) write() error {
	r.rec.Waited = waitsOf(r.throttle)
	if r.opts.ReportDir == "" {
		return nil
	}
	start := time.Now()
	defer func() { r.rec.ReportWriting = time.Since(start) }()
	var err error
	r.written, err = writeReport(r.opts.ReportDir, r.rec, r.opts.Profile, r.plan.schemas, r.gherkin)
	return err
}

// writeReport writes report.json, report.html, summary.md, junit.xml,
// cucumber.json and the redacted profile into dir: every one from the
// run's record (and what cucumber.json shows of the features, gherkin).
func writeReport(dir string, res *record.Run, p *profile.Profile, set *schemas.Set, gherkin func() (*reports.Gherkin, error)) (*reports.Report, error) {
	rep := reports.Build(res, res.Meta, res.Waivers, set)
	g, err := gherkin()
	if err != nil {
		return nil, err
	}
	if err := reports.WriteRun(dir, rep, g); err != nil {
		return nil, err
	}
	redacted := p.Redacted()
	return rep, os.WriteFile(filepath.Join(dir, reports.BundleProfile), []byte(redacted.YAML()), 0o644)
}
