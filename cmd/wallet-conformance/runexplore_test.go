package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wallet-conformance/wallet-conformance/explore"
	"github.com/wallet-conformance/wallet-conformance/record"
	"github.com/wallet-conformance/wallet-conformance/reports"
)

// explored lists the scenarios of a report that its exploration made.
func explored(rep *reports.Report) []reports.ScenarioReport {
	var out []reports.ScenarioReport
	for _, s := range rep.Scenarios {
		if slices.Contains(s.Tags, "explore") && !slices.Contains(s.Tags, "concurrent") {
			out = append(out, s)
		}
	}
	return out
}

// concurrentRounds are the scenarios of the exploration's concurrent rounds.
func concurrentRounds(rep *reports.Report) []reports.ScenarioReport {
	var out []reports.ScenarioReport
	for _, s := range rep.Scenarios {
		if slices.Contains(s.Tags, "explore") && slices.Contains(s.Tags, "concurrent") {
			out = append(out, s)
		}
	}
	return out
}

// A run of the whole suite explores by default, with fixed seeds: its
// property runs are scenarios of the run, report.json says how to replay
// them and verify shows it. --explore 0 leaves it out, and a run of some
// tags makes none unless asked.
func TestRunExploresByDefault(t *testing.T) {
	dir := t.TempDir()
	// --sweep 0: the sweeps are another part, proven in runsweep_test.go.
	code, out, errOut := run(t, "run", "--sweep", "0", "--report-dir", dir)
	require.Equal(t, ExitConformant, code, out+errOut)
	rep := readReport(t, dir)
	require.NotNil(t, rep.Exploration)
	assert.Equal(t, explore.DefaultRunSeeds(), rep.Exploration.Seeds)
	assert.Equal(t, explore.DefaultRunRuns, rep.Exploration.Runs)
	assert.Equal(t, len(explore.DefaultRunSeeds())*explore.DefaultRunRuns, rep.Exploration.Made)
	assert.Positive(t, rep.Exploration.Calls)
	assert.Empty(t, rep.Exploration.Failed)
	assert.Len(t, explored(rep), rep.Exploration.Made+len(explore.DefaultRunSeeds()), "one scenario per property run, and each seed's scripted run of two of a thing")
	for _, s := range explored(rep) {
		assert.Equal(t, record.Passed, s.Status, s.ID)
	}
	assert.Len(t, concurrentRounds(rep), len(explore.DefaultRunSeeds())*explore.DefaultConcurrentRounds, "one scenario per concurrent round, apart from the runs")
	for _, s := range concurrentRounds(rep) {
		assert.Equal(t, record.Passed, s.Status, s.ID)
	}

	bundle := filepath.Join(t.TempDir(), "b.zip")
	code, _, errOut = run(t, "bundle", "--report-dir", dir, "--out", bundle)
	require.Equal(t, ExitConformant, code, errOut)
	code, out, errOut = run(t, "verify", bundle)
	require.Equal(t, ExitConformant, code, errOut)
	assert.Contains(t, out, "explored:  seed 1: 4 property runs of about 20 moves each (4 made, ")
	assert.Contains(t, out, "no invariant broke; replay with wallet-conformance explore --seed 1 --runs 4 --steps 20")

	none := t.TempDir()
	code, out, errOut = run(t, "run", "--explore", "0", "--report-dir", none)
	require.Equal(t, ExitConformant, code, out+errOut)
	assert.Nil(t, readReport(t, none).Exploration)
	assert.Empty(t, explored(readReport(t, none)))

	tagged := t.TempDir()
	code, out, errOut = run(t, "run", "--tags", "@A-4.1", "--report-dir", tagged)
	require.Equal(t, ExitConformant, code, out+errOut)
	assert.Nil(t, readReport(t, tagged).Exploration, "a run of some tags is a focused run")
	code, out, errOut = run(t, "run", "--tags", "@A-4.1", "--explore", "1", "--report-dir", tagged)
	require.Equal(t, ExitConformant, code, out+errOut)
	require.NotNil(t, readReport(t, tagged).Exploration, "unless asked")

	code, _, errOut = run(t, "run", "--explore", "-1")
	assert.Equal(t, ExitUsage, code)
	assert.Contains(t, errOut, "--explore must be from 0 to")
}

// A target whose fault no scenario reveals (a wallet with three entries is
// not loaded by a fourth Capture) passes every scenario and fails the run's
// exploration: NOT CONFORMANT, exit 1, the shrunk sequence a scenario of
// the report written as Gherkin beside it, which run --features replays;
// --rerun-failed explores again with the same seeds.
func TestOnlyTheExplorationFindsAFault(t *testing.T) {
	mutant := mutantProfile(t, "load-after-three-entries-not-credited")
	plain := t.TempDir()
	// --sweep 0: the sweeps are another part (and find nothing of it).
	code, out, errOut := run(t, "run", "--profile", mutant, "--explore", "0", "--sweep", "0", "--report-dir", plain)
	require.Equal(t, ExitConformant, code, "no scenario finds it:\n"+out+errOut)

	dir := t.TempDir()
	code, out, errOut = run(t, "run", "--profile", mutant, "--sweep", "0", "--report-dir", dir)
	require.Equal(t, ExitFailed, code, out+errOut)
	rep := readReport(t, dir)
	assert.Equal(t, record.NotConformant, rep.Verdict)
	require.NotNil(t, rep.Exploration)
	require.NotEmpty(t, rep.Exploration.Failed)
	assert.Equal(t, "balances-agree-with-the-moves", rep.Exploration.Failed[0])
	var failed []reports.ScenarioReport
	for _, s := range explored(rep) {
		if s.Status == record.Failed {
			failed = append(failed, s)
		}
	}
	require.NotEmpty(t, failed)
	f := failed[0]
	assert.Contains(t, f.Message, "balances-agree-with-the-moves")
	assert.Contains(t, f.Message, "Scenario:", "the shrunk sequence, in the suite's sentences")
	assert.Contains(t, out, "FAILED "+f.ID, "the console names it")
	written, err := filepath.Glob(filepath.Join(dir, "explore-features", "*.feature"))
	require.NoError(t, err)
	require.NotEmpty(t, written)
	text, err := os.ReadFile(written[0])
	require.NoError(t, err)
	assert.True(t, strings.Contains(string(text), "Scenario:"))

	replayed := t.TempDir()
	code, out, errOut = run(t, "run", "--profile", mutant, "--features", filepath.Join(dir, "explore-features"), "--report-dir", replayed)
	assert.Equal(t, ExitFailed, code, "the written scenario fails against the faulty target:\n"+out+errOut)

	again := t.TempDir()
	code, out, errOut = run(t, "run", "--profile", mutant, "--rerun-failed", dir, "--report-dir", again)
	assert.Equal(t, ExitFailed, code, out+errOut)
	rerun := readReport(t, again)
	require.NotNil(t, rerun.Rerun)
	require.NotNil(t, rerun.Rerun.Exploration, "the exploration did not pass: it is made again")
	require.NotNil(t, rerun.Exploration)
	assert.Equal(t, rep.Exploration.Seeds, rerun.Exploration.Seeds)
	assert.Equal(t, rep.Exploration.Failed, rerun.Exploration.Failed, "the same seeds find the same fault")
}
