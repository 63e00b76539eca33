package explore

// This file is the only coupling of the exploration to the report model
// (package reports): it turns the runs into a record.Run and writes it
// with the suite's writers, so that an exploration's report, verdict and
// exit code are those of a run.

import (
	"cmp"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/wallet-conformance/wallet-conformance/profile"
	"github.com/wallet-conformance/wallet-conformance/record"
	"github.com/wallet-conformance/wallet-conformance/reports"
	"github.com/wallet-conformance/wallet-conformance/runner"
	"github.com/wallet-conformance/wallet-conformance/schemas"
)

// The exploration a run makes by default (DefaultRunSeeds): a fixed seed
// and budget, so that a run is as repeatable as its scenarios; a few
// hundred sequential calls, which the scenarios' own time hides against a
// target across a network (it runs beside them).
const (
	DefaultRunRuns  = 4 // property runs of each seed
	DefaultRunSteps = 20
)

// DefaultRunSeeds are the seeds a run explores by default.
func DefaultRunSeeds() []uint64 { return []uint64{1} }

// A run's exploration shrinks a failure for at most so many runs and so
// long: a target that fails is shown the shortest sequence found by then.
const (
	runShrinkAttempts = 90
	runShrinkTime     = 6 * time.Second
)

// exploreTag marks what the exploration reports and writes, twiceTag its
// scripted run of two of a thing (twice.go).
const (
	exploreTag = "explore"
	twiceTag   = "two-of-a-thing"
)

// buildResult makes one scenario of each property run the exploration
// made before its first failure, and one of the shrunk failure.
func buildResult(e *explorer, out *Outcome, started time.Time) *record.Run {
	res := &record.Run{Target: e.caller.Client.BaseURL(), Started: started, Duration: time.Since(started)}
	feature := fmt.Sprintf("Stateful exploration (seed %d)", out.Seed)
	for _, tr := range e.runs {
		if tr == e.found {
			continue // reported below, shrunk
		}
		clauses := traceClauses(tr.steps)
		tags := []string{exploreTag}
		if tr.scripted {
			tags = append(tags, twiceTag)
		}
		s := record.Scenario{
			ID:       fmt.Sprintf("explore-%d.run:%d", out.Seed, tr.number),
			Feature:  feature,
			Name:     runName(tr),
			Tags:     append(tags, clauses...),
			Clauses:  clauses,
			Status:   record.Passed,
			Duration: tr.duration,
			Steps:    stepResults(tr.steps, -1),
		}
		if adv := tr.advice(); len(adv) > 0 {
			s.Status = record.Warning
			var msgs []string
			for _, v := range adv {
				msgs = append(msgs, fmt.Sprintf("advisory %s: %s", v.inv.ID, v.msg))
			}
			s.Message = strings.Join(msgs, "\n")
		}
		if tr.cut {
			// As run's --max-duration: work the bounds cut short is ERROR
			// and counted, never a green run of moves not made.
			s.Status = record.Error
			s.Message = strings.TrimSpace(s.Message + "\nthe exploration's bounds (--max-calls, --max-duration) cut this run short after its last move: ERROR, the moves it did not make were not checked")
		}
		if tr.infra != nil {
			s.Status, s.Message = record.Error, e.red.String(tr.infra.Error())
		}
		res.Scenarios = append(res.Scenarios, s)
	}
	for _, r := range e.rounds {
		res.Scenarios = append(res.Scenarios, roundScenario(e, out.Seed, r))
	}
	if f := out.Failure; f != nil {
		tags := scenarioTags(f.Invariant, f.trace.steps[f.trace.failedAt].op)
		msg := fmt.Sprintf("%s (%s) broke: %s\n%s\nProperty run %d broke it after %d moves; rapid shrank the sequence to %d moves (%d attempts).",
			f.Invariant.Title, f.Invariant.ID, f.Message, "  the spec: \""+f.Invariant.Quote+"\"", f.Run, f.OriginalMoves, f.Moves, f.Attempts)
		if f.FeaturePath != "" {
			msg += "\nWritten to " + f.FeaturePath + "; replay it with: wallet-conformance run --features " + filepath.Dir(f.FeaturePath)
		}
		if f.Replayed != "" {
			msg += fmt.Sprintf("\nReplayed against the target, the written scenario ended %s.", f.Replayed)
		}
		msg += "\n\n" + f.Feature
		res.Scenarios = append(res.Scenarios, record.Scenario{
			ID:       fmt.Sprintf("%s:%d", f.FeatureName, f.ScenarioLine),
			Feature:  "Stateful exploration: " + f.Invariant.Title,
			Name:     fmt.Sprintf("%s after %d moves: %s", opName(f.trace.steps[f.trace.failedAt].op), f.Moves, f.Invariant.Title),
			Tags:     append([]string{exploreTag}, tags...),
			Clauses:  tags,
			Status:   record.Failed,
			Message:  e.red.String(msg),
			Duration: f.trace.duration,
			Steps:    stepResults(f.trace.steps[:f.trace.failedAt+1], f.trace.failedAt),
		})
	}
	return res
}

// runName names a property run in the report.
func runName(tr *runTrace) string {
	if tr.scripted {
		return fmt.Sprintf("property run %d (two of a thing, scripted): %d moves", tr.number, len(tr.steps))
	}
	return fmt.Sprintf("property run %d: %d moves", tr.number, len(tr.steps))
}

// stepResults reports each move as a step with its exchanges; failed is
// the index of the move that broke a normative invariant, or -1.
func stepResults(steps []*step, failed int) []record.Step {
	out := make([]record.Step, 0, len(steps))
	for i, s := range steps {
		sr := record.Step{Text: s.plain, Status: "passed", Exchanges: s.exchanges}
		var errs []string
		for _, v := range s.violations {
			if v.inv.Normative() {
				errs = append(errs, fmt.Sprintf("%s: %s", v.inv.ID, v.msg))
			} else {
				sr.Advice = append(sr.Advice, record.Advice{Rule: v.inv.ID, Message: v.msg})
			}
		}
		if i == failed {
			sr.Status, sr.Error = "failed", strings.Join(errs, "\n")
		}
		out = append(out, sr)
	}
	return out
}

// traceClauses are the clauses a run's moves exercised: their operations'
// and the invariants they checked.
func traceClauses(steps []*step) []string {
	seen := map[string]bool{}
	var out []string
	add := func(c string) {
		if !seen[c] {
			seen[c] = true
			out = append(out, c)
		}
	}
	for _, s := range steps {
		for _, ex := range s.exchanges {
			if op, ok := schemas.Lookup(ex.Operation); ok {
				add(op.Clause)
			}
		}
		if s.balanced {
			add("B-2.4")
		}
		switch s.kind {
		case "create-account", "close-account", "get-account":
			add("A-3")
		case "add-consent", "revoke-consent", "init-load", "complete-authorize", "capture", "refund", "cancel",
			"kc-authorize", "kc-debit", "kc-capture", "kc-cancel", "kc-refund":
			add("B-3")
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return reports.ClauseLess(out[i], out[j]) })
	return out
}

// writeReport writes the report files and the redacted profile into dir.
func writeReport(dir string, p *profile.Profile, set *schemas.Set, runID string, out *Outcome) error {
	redacted := p.Redacted()
	rep := reports.Build(out.Result, record.Meta{
		RunID: runID, Time: out.Result.Started, SuiteVersion: runner.SuiteVersion,
		Target: out.Result.Target, Profile: redacted, Exclude: p.Scope.Exclude,
		CallAllowance: p.CallTimeout.Duration, Notices: out.Notices,
	}, nil, set)
	if err := reports.WriteAll(dir, rep); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, reports.BundleProfile), []byte(redacted.YAML()), 0o644)
}

// ForRun returns the exploration a run makes beside its scenarios
// (runner.Options.Explore): Run with opts for each seed in turn (rapid's
// settings, the seed among them, are process-wide, so explorations of
// different seeds cannot run at once), their property runs and the shrunk
// scenario of each broken invariant as the run's scenarios, and the seeds,
// runs and steps that replay them in the report. The run writes the
// report; only the scenario of a failure is written, to opts.FeaturesDir.
// Shrinking is bounded for a run (runShrinkAttempts, runShrinkTime) unless
// opts says otherwise.
func ForRun(seeds []uint64, opts Options) func(ctx context.Context) (*runner.Explored, error) {
	opts.ReportDir, opts.Replay, opts.Progress = "", false, nil
	opts.SharedMerchant = true // the scenarios and the other seeds pay the merchant too
	opts.ShrinkAttempts = cmp.Or(opts.ShrinkAttempts, runShrinkAttempts)
	opts.ShrinkTime = cmp.Or(opts.ShrinkTime, runShrinkTime)
	return func(ctx context.Context) (*runner.Explored, error) {
		var outs []*Outcome
		for _, seed := range seeds {
			o := opts
			o.Seed = seed
			out, err := Run(ctx, o)
			if err != nil {
				return nil, err
			}
			outs = append(outs, out)
		}
		ex := &runner.Explored{Exploration: record.Exploration{Seeds: slices.Clone(seeds), Runs: opts.Runs, Steps: opts.Steps, Failed: []string{}}}
		for _, out := range outs {
			ex.Exploration.Made += out.Runs
			ex.Exploration.Calls += out.Calls
			ex.Scenarios = append(ex.Scenarios, out.Result.Scenarios...)
			ex.Notices = append(ex.Notices, out.Notices...)
			if out.Failure != nil {
				ex.Exploration.Failed = append(ex.Exploration.Failed, out.Failure.Invariant.ID)
			}
			ex.Exploration.Failed = append(ex.Exploration.Failed, out.RoundsFailed...)
		}
		return ex, nil
	}
}

// roundScenario reports a concurrent round: its moves, and what broke.
func roundScenario(e *explorer, seed uint64, r *conRound) record.Scenario {
	tr := r.x.tr
	clauses := traceClauses(tr.steps)
	s := record.Scenario{
		ID:       fmt.Sprintf("explore-%d.concurrent:%d", seed, r.number),
		Feature:  fmt.Sprintf("Stateful exploration (seed %d): moves sent at once", seed),
		Name:     fmt.Sprintf("concurrent round %d: %s", r.number, cmp.Or(r.what, "readying the wallet")),
		Tags:     append([]string{exploreTag, "concurrent"}, clauses...),
		Clauses:  clauses,
		Status:   record.Passed,
		Duration: time.Since(tr.started),
		Steps:    stepResults(tr.steps, -1),
	}
	if v := r.failure; v != nil {
		tags := scenarioTags(v.inv, tr.steps[tr.failedAt].op)
		s.Tags, s.Clauses = append([]string{exploreTag, "concurrent"}, tags...), tags
		s.Status = record.Failed
		msg := fmt.Sprintf("%s (%s) broke: %s\n  the spec: \"%s\"", v.inv.Title, v.inv.ID, v.msg, v.inv.Quote)
		s.Steps = stepResults(tr.steps[:tr.failedAt+1], tr.failedAt)
		if r.small != nil && tr.failedAt == len(tr.steps)-1 {
			s.Name = fmt.Sprintf("concurrent round %d: %s sent at once: %s", r.number, movesSentAtOnce(r), v.inv.Title)
			s.Steps = append(s.Steps[:tr.failedAt], roundSteps(r, tr.steps[tr.failedAt], stepResults(tr.steps[:tr.failedAt], -1))...)
			msg += "\n" + sequentialNote(r)
		}
		s.Message = e.red.String(msg)
		return s
	}
	if len(r.advice) > 0 {
		s.Status = record.Warning
		var msgs []string
		for _, v := range r.advice {
			msgs = append(msgs, fmt.Sprintf("advisory %s: %s", v.inv.ID, v.msg))
		}
		s.Message = strings.Join(msgs, "\n")
	}
	if tr.cut {
		s.Status, s.Message = record.Error, "the exploration's bounds (--max-calls, --max-duration) cut this round short: ERROR, its moves were not checked"
	}
	if tr.infra != nil {
		s.Status, s.Message = record.Error, e.red.String(tr.infra.Error())
	}
	return s
}

// movesSentAtOnce names the moves of a round's smallest illegal history:
// "KC-Refund x3", "KC-Capture x1 and KC-Cancel x2".
func movesSentAtOnce(r *conRound) string {
	var ops []string
	count := map[string]int{}
	for _, o := range r.small {
		in := o.Input.(conInput)
		if in.kind == conRead {
			continue
		}
		op := opName(conOperation[in.kind])
		if count[op] == 0 {
			ops = append(ops, op)
		}
		count[op]++
	}
	parts := make([]string, len(ops))
	for i, op := range ops {
		parts[i] = fmt.Sprintf("%s x%d", op, count[op])
	}
	return strings.Join(parts, " and ")
}

// roundSteps reports a failed round's concurrent move as two steps: the
// moves sent at once (their exchanges), and the check of the history,
// which failed, with the read after them as its exchange and the moves of
// the smallest illegal history as the calls it judged (record.Step.Checks:
// the report names the move, and the read as what revealed it).
func roundSteps(r *conRound, st *step, before []record.Step) []record.Step {
	offset := 0
	for _, b := range before {
		offset += len(b.Exchanges)
	}
	n := len(st.exchanges) - 1 // the moves; the last exchange is the read
	if n < 1 {
		return stepResults([]*step{st}, 0)
	}
	var checks []int
	var last int = -1
	for _, o := range r.small {
		if in := o.Input.(conInput); in.kind != conRead && o.ClientId < n {
			if o.Output.(conOutput).ok && last < 0 {
				last = o.ClientId // a move that succeeded: the one the report names
				continue
			}
			checks = append(checks, offset+o.ClientId)
		}
	}
	if last >= 0 {
		checks = append(checks, offset+last)
	}
	res := stepResults([]*step{st}, 0)[0]
	sent := record.Step{Text: st.plain, Status: "passed", Exchanges: st.exchanges[:n]}
	judged := record.Step{Text: "some order of the moves sent at once explains their answers and the balance read after them",
		Status: "failed", Error: res.Error, Advice: res.Advice, Exchanges: st.exchanges[n:], Checks: checks}
	return []record.Step{sent, judged}
}

// sequentialNote says what the round's moves did sent one after another.
func sequentialNote(r *conRound) string {
	if f := r.sequential; f != nil {
		note := fmt.Sprintf("Sent one after another %s, on a wallet readied the same way, the moves break %s (%s) too: %s",
			f.Order, f.Invariant.ID, f.Invariant.Level, firstLine(f.Message))
		if f.FeaturePath != "" {
			note += "\nWritten to " + f.FeaturePath + "; replay it with: wallet-conformance run --features " + filepath.Dir(f.FeaturePath)
		}
		if f.Replayed != "" {
			note += fmt.Sprintf("\nReplayed against the target, the written scenario ended %s.", f.Replayed)
		}
		return note + "\n\n" + f.Feature
	}
	if len(r.sequentialOrders) == 0 {
		return "The moves were not sent again one after another (the exploration's bounds)."
	}
	return "Sent one after another on a wallet readied the same way (" + strings.Join(r.sequentialOrders, "; ") + "), the moves break no invariant: " +
		"only their overlap shows the fault. No feature is written: a scenario's steps make one call after another and cannot send moves at once; " +
		"the moves, their answers and the balance read above are the evidence."
}
