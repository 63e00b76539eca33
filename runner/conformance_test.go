package runner_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wallet-conformance/wallet-conformance/explore"
	"github.com/wallet-conformance/wallet-conformance/record"
	"github.com/wallet-conformance/wallet-conformance/reference"
	"github.com/wallet-conformance/wallet-conformance/reports"
	"github.com/wallet-conformance/wallet-conformance/runner"
	"github.com/wallet-conformance/wallet-conformance/sweep"
)

func runAgainst(t *testing.T, cfg reference.Config, tags string) *record.Run {
	t.Helper()
	return runExploring(t, cfg, tags, false)
}

// runExploring is runAgainst, with the exploration and the bad-input
// sweep (every input) a run makes by default when explored is true.
func runExploring(t *testing.T, cfg reference.Config, tags string, explored bool) *record.Run {
	t.Helper()
	return runExploringSwept(t, cfg, tags, explored, sweep.DefaultPerOperation)
}

// runSampled is runExploring with a quick run's sample of the sweep
// (--sweep 4): the runs of every variant and mutant, which the full sweep
// of each would make the longest of make test; the sweep's own tests sweep
// the variants and mutants that bear on it in full (explore's
// TestTheSweepAcceptsEitherChoiceTheSpecLeavesOpen and
// TestTheSweepFindsEachMutant, runSweeping below).
func runSampled(t *testing.T, cfg reference.Config, tags string, explored bool) *record.Run {
	t.Helper()
	return runExploringSwept(t, cfg, tags, explored, sweep.QuickPerOperation)
}

func runExploringSwept(t *testing.T, cfg reference.Config, tags string, explored bool, perOperation int) *record.Run {
	t.Helper()
	srv, err := reference.New(cfg)
	require.NoError(t, err)
	t.Cleanup(srv.Close)
	p := runner.ReferenceProfile(srv.URL, cfg)
	opts := runner.Options{Profile: p, Tags: tags, Concurrency: 4}
	if explored {
		// As a run makes them: the default exploration and the default
		// bad-input sweep beside the scenarios.
		opts.Explore = sweep.With(
			explore.ForRun(explore.DefaultRunSeeds(), explore.Options{Profile: p, Runs: explore.DefaultRunRuns, Steps: explore.DefaultRunSteps}),
			sweep.ForRun(sweep.Options{Profile: p, Seed: sweep.DefaultSeed, PerOperation: perOperation}))
	}
	res, err := runner.Run(context.Background(), opts)
	require.NoError(t, err)
	require.NotEmpty(t, res.Scenarios)
	return res
}

// runSweeping runs the scenarios tags selects against the reference server
// of cfg with the full bad-input sweep (run --sweep all) beside them.
func runSweeping(t *testing.T, cfg reference.Config, tags string) *record.Run {
	t.Helper()
	srv, err := reference.New(cfg)
	require.NoError(t, err)
	t.Cleanup(srv.Close)
	p := runner.ReferenceProfile(srv.URL, cfg)
	res, err := runner.Run(context.Background(), runner.Options{Profile: p, Tags: tags, Concurrency: 4,
		Explore: sweep.ForRun(sweep.Options{Profile: p, Seed: sweep.DefaultSeed})})
	require.NoError(t, err)
	return res
}

func failures(res *record.Run) string {
	var b strings.Builder
	for _, s := range res.Scenarios {
		if s.Status != record.Passed {
			fmt.Fprintf(&b, "%s %s %s\n%s\n", s.Status, s.ID, s.Name, s.Message)
		}
	}
	return b.String()
}

// The whole suite passes against both personalities of the reference
// server: the second makes every choice the spec leaves open differently,
// so no assertion depends on the reference server's own choices.
func TestBothPersonalitiesAreConformant(t *testing.T) {
	for name, pers := range map[string]reference.Personality{"standard": reference.Standard, "alternative": reference.Alternative} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			cfg := reference.DefaultConfig()
			cfg.Personality = pers
			res := runExploring(t, cfg, "", true) // as a run makes it, exploration included
			assert.Equal(t, record.Conformant, res.Verdict(), failures(res))
			assert.Zero(t, res.Counts()[record.Warning], failures(res))
			assert.Zero(t, res.Counts()[record.Skipped], failures(res))
		})
	}
}

// Variants are the mirror of mutants: each makes a choice the spec permits
// that the Standard server makes otherwise. The whole suite passes against
// every variant alone and against all of them together: no check asserts
// more than the spec states. (Warnings are allowed: an advisory rule is one
// the spec implies, and a variant may choose against it.)
func TestEveryVariantIsConformant(t *testing.T) {
	skipUnderRace(t)
	var all []string
	for _, v := range reference.Variants() {
		all = append(all, v.Name)
	}
	runs := map[string][]string{"all together": all}
	for _, v := range all {
		runs[v] = []string{v}
	}
	for name, vs := range runs {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			cfg := reference.DefaultConfig()
			cfg.Variants = vs
			// As a vendor's run makes it: the scenarios and the default
			// exploration beside them, which must accept every choice the
			// features accept.
			res := runSampled(t, cfg, "", true)
			assert.NotEqual(t, record.NotConformant, res.Verdict(), "variants %v: %s", vs, failures(res))
			assert.Zero(t, res.Counts()[record.Skipped], failures(res))
		})
	}
}

// Every mutant of the reference server breaks one rule of one clause; the
// suite must fail at least one scenario tagged with that clause (a warning,
// for a rule the spec implies and an @advisory scenario checks), and, when
// the mutant names its rule, one tagged with that rule.
func TestEveryMutantIsKilled(t *testing.T) {
	skipUnderRace(t)
	for _, m := range reference.Mutants() {
		t.Run(m.Name, func(t *testing.T) {
			t.Parallel()
			cfg := reference.DefaultConfig()
			cfg.Mutant = m.Name
			// A mutant that names its rule needs only the scenarios tagged
			// with it; one that does not, every scenario of its clause.
			tags := "@" + m.Clause
			if m.Rule != "" {
				tags = "@" + m.Rule
			}
			if m.Swept {
				// Only the breadth of the full sweep reveals it: a finding
				// tagged with its rule, and no scenario of the whole suite.
				res := runSweeping(t, cfg, tags)
				killed := 0
				for _, sc := range res.Scenarios {
					if (sc.Status == record.Failed || sc.Status == record.Warning) && slices.Contains(sc.Tags, "sweep") && slices.Contains(sc.Tags, m.Rule) {
						killed++
					}
				}
				assert.Positive(t, killed, "mutant %s (%s) survived the full bad-input sweep", m.Name, m.Description)
				whole := runAgainst(t, cfg, "")
				assert.Equal(t, record.Conformant, whole.Verdict(), "mutant %s is marked Swept, but a scenario of the suite kills it:\n%s", m.Name, failures(whole))
				return
			}
			// A mutant only a sequence of moves reveals is killed by the
			// run's exploration (and no scenario of the whole suite).
			res := runSampled(t, cfg, tags, m.Explored)
			killed := 0
			for _, s := range res.Scenarios {
				if s.Status == record.Failed || s.Status == record.Warning {
					killed++
				}
			}
			if m.Explored {
				assert.Positive(t, killed, "mutant %s (%s) survived the run's exploration", m.Name, m.Description)
				whole := runAgainst(t, cfg, "")
				assert.Equal(t, record.Conformant, whole.Verdict(), "mutant %s is marked Explored, but a scenario of the suite kills it:\n%s", m.Name, failures(whole))
				return
			}
			if m.Rule != "" {
				assert.Positive(t, killed, "mutant %s (%s) survived every scenario tagged @%s", m.Name, m.Description, m.Rule)
				return
			}
			assert.Positive(t, killed, "mutant %s (%s: %s) survived every @%s scenario", m.Name, m.Clause, m.Description, m.Clause)
		})
	}
}

// A profile that lacks a key a scenario needs skips that scenario, naming
// the key; a clause the profile excludes is reported NOT CLAIMED and not run.
func TestProfileGapsSkipAndScopeExcludes(t *testing.T) {
	cfg := reference.DefaultConfig()
	srv, err := reference.New(cfg)
	require.NoError(t, err)
	defer srv.Close()
	p := runner.ReferenceProfile(srv.URL, cfg)
	p.Sandbox.VerificationCode = ""
	p.Scope.Exclude = []string{"A-4.10"}
	res, err := runner.Run(context.Background(), runner.Options{Profile: p, Tags: "@A-4.8,@A-4.9,@A-4.10", Concurrency: 4})
	require.NoError(t, err)
	assert.Equal(t, record.Conformant, res.Verdict(), failures(res))
	var skipped, unclaimed, passed int
	for _, s := range res.Scenarios {
		switch s.Status {
		case record.Skipped:
			skipped++
			assert.Contains(t, s.Message, "sandbox.verificationCode")
		case record.NotClaimed:
			unclaimed++
			assert.Contains(t, s.Clauses, "A-4.10")
			assert.Empty(t, s.Exchanges(), "a scenario not claimed is not run")
		case record.Passed:
			passed++
		}
	}
	assert.Positive(t, skipped)
	assert.Positive(t, unclaimed)
	assert.Positive(t, passed, "scenarios that need no verification code still run")
}

// A scenario that stores two options on one account takes two codes (a
// target may keep one option per code): without the profile's
// secondPaymentOptionCode it is SKIPPED naming the key, and those that
// store one option still run.
func TestTwoStoredOptionsNeedASecondCode(t *testing.T) {
	cfg := reference.DefaultConfig()
	srv, err := reference.New(cfg)
	require.NoError(t, err)
	defer srv.Close()
	p := runner.ReferenceProfile(srv.URL, cfg)
	p.SecondPaymentOptionCode = ""
	res, err := runner.Run(context.Background(), runner.Options{Profile: p, Tags: "@A-4.11,@B-4.3", Concurrency: 4})
	require.NoError(t, err)
	assert.Equal(t, record.Conformant, res.Verdict(), failures(res))
	var skipped []string
	for _, s := range res.Scenarios {
		if s.Status == record.Skipped {
			skipped = append(skipped, s.Name)
			assert.Contains(t, s.Message, "secondPaymentOptionCode")
		}
	}
	assert.ElementsMatch(t, []string{"The default moves from one stored option to another", "Authorize without a different billing address uses the stored option's billing address"}, skipped)
}

// The console and the report list scenarios in the same order whatever the
// concurrency.
func TestOrderIsTheSameWhateverTheConcurrency(t *testing.T) {
	cfg := reference.DefaultConfig()
	srv, err := reference.New(cfg)
	require.NoError(t, err)
	defer srv.Close()
	var outputs []string
	var orders [][]string
	for _, conc := range []int{1, 8} {
		var console strings.Builder
		res, err := runner.Run(context.Background(), runner.Options{Profile: runner.ReferenceProfile(srv.URL, cfg), Tags: "@A-4.6,@B-4.5", Concurrency: conc, Progress: &console})
		require.NoError(t, err)
		var ids []string
		for _, s := range res.Scenarios {
			ids = append(ids, s.ID)
		}
		outputs = append(outputs, console.String())
		orders = append(orders, ids)
	}
	assert.Equal(t, orders[0], orders[1])
	assert.Equal(t, outputs[0], outputs[1])
	assert.NotEmpty(t, outputs[0])
}

// A step the suite has no definition for, or more than one, is a defect of
// the suite: its scenario is ERROR and names the step, whatever the target;
// its cause is the undefined step (not the operation of the last call), and
// the console shows godog's snippet for it.
func TestAStepWithoutADefinitionIsAnError(t *testing.T) {
	srv, err := reference.New(reference.DefaultConfig())
	require.NoError(t, err)
	t.Cleanup(srv.Close)
	fsys := fstest.MapFS{"A-4.01-undefined.feature": {Data: []byte(`@A-4.1
Feature: Undefined steps
  Scenario: A step nobody wrote
    Given the partner has requested a token
    When the partner whistles 3 tunes
    Then the call succeeds
`)}}
	var console bytes.Buffer
	dir := t.TempDir()
	res, err := runner.Run(context.Background(), runner.Options{Profile: runner.ReferenceProfile(srv.URL, reference.DefaultConfig()), Features: fsys, Progress: &console, ReportDir: dir})
	require.NoError(t, err)
	require.Len(t, res.Scenarios, 1)
	s := res.Scenarios[0]
	assert.Equal(t, record.Error, s.Status)
	assert.Contains(t, s.Message, `the suite cannot run this scenario: undefined step "the partner whistles 3 tunes"`)
	assert.Equal(t, record.NotConformant, res.Verdict())

	// The console: the cause, then godog's snippet to paste into steps/.
	out := console.String()
	assert.Contains(t, out, "1. the suite's steps: undefined step: 1 errors")
	assert.NotContains(t, out, "request: POST", "the Given's call is no evidence of the undefined step")
	assert.Contains(t, out, "You can implement step definitions for undefined steps with these snippets:")
	assert.Contains(t, out, "func thePartnerWhistlesTunes(arg1 int) error {")
	assert.Contains(t, out, `ctx.Step(`+"`"+`^the partner whistles (\d+) tunes$`+"`"+`, thePartnerWhistlesTunes)`)

	// The report files: the cause is the undefined step, no operation.
	data, err := os.ReadFile(filepath.Join(dir, reports.ReportJSONFile))
	require.NoError(t, err)
	var rep reports.Report
	require.NoError(t, json.Unmarshal(data, &rep))
	require.Len(t, rep.Causes, 1)
	c := rep.Causes[0]
	assert.Equal(t, "", c.Operation, "not the operation of the Given's call")
	assert.Equal(t, reports.AnswerUndefinedStep, c.Answer)
	assert.Contains(t, c.Message, `undefined step "the partner whistles 3 tunes"`)
	assert.Equal(t, "the suite's steps", c.Title())
}

// A check that names the rule it rests on makes the report quote that rule
// as the one broken, of all the rules its scenario checks.
func TestAFailedCheckNamesTheRuleItBroke(t *testing.T) {
	cfg := reference.DefaultConfig()
	cfg.Mutant = "sysdate-stuck"
	res := runAgainst(t, cfg, "@A-2.1#6")
	broke := 0
	for _, s := range res.Scenarios {
		if s.Status == record.Failed {
			assert.Equal(t, "A-2.1#6", s.Broke, s.ID)
			broke++
		}
	}
	assert.Positive(t, broke, failures(res))
}
