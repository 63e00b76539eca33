package sweep

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/wallet-conformance/wallet-conformance/record"
	"github.com/wallet-conformance/wallet-conformance/reports"
	"github.com/wallet-conformance/wallet-conformance/rules"
	"github.com/wallet-conformance/wallet-conformance/runner"
	"github.com/wallet-conformance/wallet-conformance/schemas"
)

// sweepTag marks what the sweep reports.
const sweepTag = "sweep"

// result makes the sweep's scenarios: one per operation whose inputs all
// passed, and one per finding, at its rule's level.
func (s *sweeper) result(out *Outcome, started time.Time, runErr error) *record.Run {
	res := &record.Run{Target: s.e.caller.Client.BaseURL(), Started: started, Duration: time.Since(started)}
	feature := fmt.Sprintf("Bad-input sweep (seed %d)", out.Seed)
	cat, _ := rules.Load()
	found := map[string]bool{}
	shown := map[exchangeKey]bool{} // the findings' exchanges, evidence of their own scenarios
	for _, f := range out.Findings {
		found[f.Operation.ID] = true
		for _, ex := range f.Exchanges {
			shown[keyOf(ex)] = true
		}
	}
	// Every call the sweep sent for an operation (its state, its inputs,
	// the read-backs) is evidence of the operation's scenario: the passing
	// one, or the first finding's, as a first step; a finding's own
	// exchanges stay with its step.
	rest := map[string][]record.Exchange{}
	restStep := func(op schemas.Operation, n int) record.Step {
		return record.Step{Text: fmt.Sprintf("the partner sends %d bad inputs of %s, each a valid request with one field changed", n, op.Name), Status: "passed", Exchanges: rest[op.ID]}
	}
	for _, op := range schemas.Catalogue() {
		rest[op.ID] = []record.Exchange{}
		for _, ex := range s.calls[op.ID] {
			if !shown[keyOf(ex)] {
				rest[op.ID] = append(rest[op.ID], abridged(ex))
			}
		}
		n := s.sent[op.ID]
		if n == 0 || found[op.ID] {
			continue
		}
		clauses := sortedClauses(op.Clause, "A-7")
		res.Scenarios = append(res.Scenarios, record.Scenario{
			ID: fmt.Sprintf("sweep-%d.%s", out.Seed, op.ID), Feature: feature,
			Name:    fmt.Sprintf("%s: %d bad inputs answered as the spec classes them", op.Name, n),
			Tags:    append([]string{sweepTag}, clauses...),
			Clauses: clauses, Status: record.Passed,
			Steps: []record.Step{restStep(op, n)},
		})
		delete(rest, op.ID)
	}
	for _, f := range out.Findings {
		status, advisory, clauses, msg := s.judgement(cat, f, "A-7")
		step := fmt.Sprintf("the partner sends %s with %s", f.Operation.Name, inputText(f))
		steps := []record.Step{{Text: step, Status: "failed", Error: s.red.String(f.Message), Exchanges: huge(f.Exchanges)}}
		if _, ok := rest[f.Operation.ID]; ok {
			steps = append([]record.Step{restStep(f.Operation, s.sent[f.Operation.ID])}, steps...)
			delete(rest, f.Operation.ID)
		}
		res.Scenarios = append(res.Scenarios, record.Scenario{
			ID: fmt.Sprintf("sweep-%d.%s.%s", out.Seed, f.Operation.ID, slug(f.Field+" "+f.Cause)), Feature: feature,
			Name:    f.Name(),
			Tags:    tagsOf(clauses, f.Rule),
			Clauses: clauses, Advisory: advisory, Status: status,
			Message: s.red.String(msg),
			Rules:   rulesOf(f.Rule), Broke: f.Rule,
			Input: kindText(f.Kind, f.Label),
			Steps: steps,
		})
	}
	if runErr != nil {
		msg := "the sweep's bounds (--max-calls, --max-duration) cut it short: ERROR, the inputs it did not send were not checked"
		if runErr != errSweepHalted {
			msg = "an infrastructure error ended the sweep: " + s.red.String(runErr.Error())
		}
		// The calls of the operation the sweep stopped at.
		var left []record.Exchange
		for _, op := range schemas.Catalogue() {
			left = append(left, rest[op.ID]...)
		}
		res.Scenarios = append(res.Scenarios, record.Scenario{
			ID: fmt.Sprintf("sweep-%d.cut", out.Seed), Feature: feature, Name: "the sweep did not end",
			Tags: []string{sweepTag}, Status: record.Error, Message: msg,
			Steps: []record.Step{{Text: "the partner sends the bad inputs of the sweep", Status: "failed", Error: msg, Exchanges: left}},
		})
	}
	return res
}

func tagsOf(clauses []string, rule string) []string {
	tags := append([]string{sweepTag}, clauses...)
	if rule != "" {
		tags = append(tags, rule)
	}
	return tags
}

func rulesOf(rule string) []string {
	if rule == "" {
		return nil
	}
	return []string{rule}
}

// slug writes a finding's field and cause as a stable part of its ID (a
// baseline or a rerun names it): lower case, words joined by "-".
func slug(s string) string {
	return strings.Join(strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9')
	}), "-")
}

// inputText names a finding's input in words, as its heading does:
// "modifiedAmount 1e308", "a body nested 10,000 levels deep", "the path
// parameter accno over 8 KiB".
func inputText(f *Finding) string {
	switch {
	case f.Field == "":
		return "a body " + f.Label
	case strings.HasPrefix(f.Field, "{"):
		return "the path parameter " + strings.Trim(f.Field, "{}") + " " + f.Label
	}
	return f.Field + " " + f.Label
}

// judgement is how a finding is reported: FAILED by a normative rule,
// WARNING by another or by none (implied, not stated; its clause then
// fallback); its message quotes the rule and shows the request as curl.
func (s *sweeper) judgement(cat *rules.Catalogue, f *Finding, fallback string) (status record.Status, advisory bool, clauses []string, msg string) {
	status = record.Failed
	quote := ""
	if f.Rule == "" {
		status, advisory = record.Warning, true // implied, not stated
	}
	if r, ok := cat.Rule(f.Rule); ok {
		quote = r.Quote
		if r.Level != rules.Normative {
			status, advisory = record.Warning, true
		}
	}
	ruleClause, _, _ := strings.Cut(f.Rule, "#")
	if f.Rule == "" {
		ruleClause = fallback
	}
	clauses = sortedClauses(f.Operation.Clause, ruleClause)
	msg = f.Message
	if quote != "" {
		msg += "\n  the spec (" + f.Rule + "): \"" + quote + "\""
	}
	if len(f.Exchanges) > 0 {
		ex := huge(f.Exchanges[:1])[0]
		msg += "\n  the request that shows it:\n" + reports.Curl(record.Exchange{Method: ex.Method, URL: s.red.URL(ex.URL), RequestHeaders: ex.RequestHeaders, RequestBody: ex.RequestBody})
	}
	return status, advisory, clauses, msg
}

// oneCrash keeps a call that got no handled answer (cause set: 0099, a
// 5xx, no answer) one finding: what the read-backs after it found changed
// is told in its message, with the reads as its evidence, not filed as
// findings of their own. A crash that booked before it failed is one fault
// of the call; the B-3 reading of a refused move is for moves refused as
// handled errors.
func oneCrash(cause, msg string, exchanges []record.Exchange, changes []change, reads []record.Exchange) (string, []record.Exchange, []change) {
	if cause == "" || len(changes) == 0 {
		return msg, exchanges, changes
	}
	for _, c := range changes {
		msg += "\n  and after it, the call " + c.cause + ": " + c.msg
	}
	return msg, append(exchanges, reads...), nil
}

func sortedClauses(cs ...string) []string {
	var out []string
	for _, c := range cs {
		if c != "" && !slices.Contains(out, c) {
			out = append(out, c)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return reports.ClauseLess(out[i], out[j]) })
	return out
}

// Record is the sweep as report.json records it.
func (o *Outcome) Record() *record.Sweep {
	rec := &record.Sweep{Seed: o.Seed, PerOperation: max(o.PerOperation, 0), Generated: o.Generated, Inputs: o.Inputs, Calls: o.Calls, Findings: []string{}}
	for _, f := range o.Findings {
		rec.Findings = append(rec.Findings, f.Name())
	}
	rec.Valid = o.Valid.Record()
	return rec
}

// ForRun returns the sweep a run makes beside its scenarios (through
// runner.Options.Explore, with or without an exploration: see With).
func ForRun(opts Options) func(ctx context.Context) (*runner.Explored, error) {
	opts.SharedMerchant = true // the run's scenarios and exploration pay the merchant too
	return func(ctx context.Context) (*runner.Explored, error) {
		out, err := Run(ctx, opts)
		if err != nil {
			return nil, err
		}
		return &runner.Explored{Scenarios: out.Result.Scenarios, Notices: out.Notices, Sweep: out.Record()}, nil
	}
}

// With runs a run's exploration (nil for none) and its sweep at once,
// and joins what they give the run. Either may be nil; both nil is nil.
func With(explore, sweep func(ctx context.Context) (*runner.Explored, error)) func(ctx context.Context) (*runner.Explored, error) {
	switch {
	case sweep == nil:
		return explore
	case explore == nil:
		return sweep
	}
	return func(ctx context.Context) (*runner.Explored, error) {
		type result struct {
			ex  *runner.Explored
			err error
		}
		swept := make(chan result, 1)
		go func() {
			ex, err := sweep(ctx)
			swept <- result{ex, err}
		}()
		ex, err := explore(ctx)
		sw := <-swept
		if err != nil {
			return nil, err
		}
		if sw.err != nil {
			return nil, sw.err
		}
		ex.Scenarios = append(ex.Scenarios, sw.ex.Scenarios...)
		ex.Notices = append(ex.Notices, sw.ex.Notices...)
		ex.Sweep = sw.ex.Sweep
		return ex, nil
	}
}

// exchangeKey tells one exchange of the sweep from another: the same
// request answered with the same latency to the nanosecond is the same call.
type exchangeKey struct {
	method, url, body string
	latency           time.Duration
}

func keyOf(ex record.Exchange) exchangeKey {
	return exchangeKey{ex.Method, ex.URL, ex.RequestBody, ex.Latency}
}

// abridgeAbove is the request body, in bytes, above which a passing call's
// evidence keeps its start only: the few inputs that long (10,000 nested
// arrays, 4n+100 characters of an S(8192)) are regenerated from the seed,
// and keeping them whole would cost every report a fifth of the sweep's
// evidence. A finding's request is kept whole, for its curl.
const abridgeAbove = 4096

func abridged(ex record.Exchange) record.Exchange {
	ex.RequestBody = cut(ex.RequestBody, abridgeAbove, 1024)
	ex.URL = cut(ex.URL, abridgeAbove, 1024)
	return ex
}

// hugeAbove is the request body or URL, in bytes, above which even a
// finding's evidence keeps its start only: the absolute sizes (a body of
// 16 MiB, a path over 64 KiB) would make the report as large as the
// request, and its curl could not be pasted; the seed sends it again.
const hugeAbove = 64 << 10

func huge(exs []record.Exchange) []record.Exchange {
	out := make([]record.Exchange, len(exs))
	for i, ex := range exs {
		ex.RequestBody = cut(ex.RequestBody, hugeAbove, 4096)
		ex.URL = cut(ex.URL, hugeAbove, 4096)
		out[i] = ex
	}
	return out
}

// cut keeps the first keep bytes of s (at a character's start) when s is
// longer than above, and says how long it was.
func cut(s string, above, keep int) string {
	n := len(s)
	if n <= above {
		return s
	}
	for keep > 0 && !utf8.RuneStart(s[keep]) {
		keep--
	}
	return s[:keep] + fmt.Sprintf("…(%d bytes in all; the sweep's seed sends it again)", n)
}
