package main

import (
	"path/filepath"
	"slices"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wallet-conformance/wallet-conformance/explore"
	"github.com/wallet-conformance/wallet-conformance/reports"
)

// swept lists the scenarios of a report that its sweep made.
func swept(rep *reports.Report) []reports.ScenarioReport {
	var out []reports.ScenarioReport
	for _, s := range rep.Scenarios {
		if slices.Contains(s.Tags, "sweep") {
			out = append(out, s)
		}
	}
	return out
}

// A run of the whole suite sweeps by default, a seeded sample of every
// operation: report.json records seed, sample and findings, verify shows
// them. --sweep 0 leaves it out, a run of some tags sweeps only when asked,
// and a bad --sweep is a usage error.
func TestRunSweepsByDefault(t *testing.T) {
	dir := t.TempDir()
	code, out, errOut := run(t, "run", "--explore", "0", "--report-dir", dir)
	require.Equal(t, ExitConformant, code, out+errOut)
	rep := readReport(t, dir)
	require.NotNil(t, rep.Sweep)
	assert.Nil(t, rep.Exploration, "--explore 0 leaves the exploration out, not the sweep")
	assert.Equal(t, uint64(explore.DefaultSweepSeed), rep.Sweep.Seed)
	assert.Equal(t, explore.DefaultSweepPerOperation, rep.Sweep.PerOperation)
	assert.Equal(t, 32*explore.DefaultSweepPerOperation, rep.Sweep.Inputs, "every operation of the catalogue is tried")
	assert.Greater(t, rep.Sweep.Generated, rep.Sweep.Inputs)
	assert.Positive(t, rep.Sweep.Calls)
	assert.Empty(t, rep.Sweep.Findings)
	assert.Len(t, swept(rep), 32, "one passing scenario per operation")
	assert.Contains(t, rep.Notices, "bad-input sweep with seed 1: 128 of "+strconv.Itoa(rep.Sweep.Generated)+" generated inputs sent (4 of each operation), "+strconv.Itoa(rep.Sweep.Calls)+" calls with the states they need and the read-backs")

	bundle := filepath.Join(t.TempDir(), "b.zip")
	code, _, errOut = run(t, "bundle", "--report-dir", dir, "--out", bundle)
	require.Equal(t, ExitConformant, code, errOut)
	code, out, errOut = run(t, "verify", bundle)
	require.Equal(t, ExitConformant, code, errOut)
	assert.Contains(t, out, "swept:     seed 1: 128 of ")
	assert.Contains(t, out, "nothing found; made again by run --sweep 4")

	none := t.TempDir()
	code, out, errOut = run(t, "run", "--explore", "0", "--sweep", "0", "--report-dir", none)
	require.Equal(t, ExitConformant, code, out+errOut)
	assert.Nil(t, readReport(t, none).Sweep)
	assert.Empty(t, swept(readReport(t, none)))

	tagged := t.TempDir()
	code, out, errOut = run(t, "run", "--tags", "@A-4.1", "--report-dir", tagged)
	require.Equal(t, ExitConformant, code, out+errOut)
	assert.Nil(t, readReport(t, tagged).Sweep, "a run of some tags is a focused run")
	code, out, errOut = run(t, "run", "--tags", "@A-4.1", "--sweep", "1", "--report-dir", tagged)
	require.Equal(t, ExitConformant, code, out+errOut)
	require.NotNil(t, readReport(t, tagged).Sweep, "unless asked")
	assert.Equal(t, 32, readReport(t, tagged).Sweep.Inputs)

	for _, bad := range []string{"-1", "many", "1001"} {
		code, _, errOut = run(t, "run", "--sweep", bad)
		assert.Equal(t, ExitUsage, code, bad)
		assert.Contains(t, errOut, "--sweep takes a number of inputs of each operation", bad)
	}
}

// A target that crashes on one kind of bad input in one operation (a
// modifiedAmount of 1e308 answered 500 by Capture and KC-Capture) passes
// every scenario; the full sweep finds it: NOT CONFORMANT, one finding per
// operation and field, named by its cause, with the request that shows it
// as curl; --rerun-failed sweeps again with the same seed and sample.
func TestOnlyTheSweepFindsAFault(t *testing.T) {
	mutant := mutantProfile(t, "huge-exponent-crashes-capture")
	plain := t.TempDir()
	code, out, errOut := run(t, "run", "--profile", mutant, "--explore", "0", "--sweep", "0", "--report-dir", plain)
	require.Equal(t, ExitConformant, code, "no scenario finds it:\n"+out+errOut)

	dir := t.TempDir()
	code, out, errOut = run(t, "run", "--profile", mutant, "--explore", "0", "--sweep", "all", "--report-dir", dir)
	require.Equal(t, ExitFailed, code, out+errOut)
	rep := readReport(t, dir)
	assert.Equal(t, reports.NotConformant, rep.Verdict)
	require.NotNil(t, rep.Sweep)
	assert.Equal(t, 0, rep.Sweep.PerOperation, "all: the full sweep")
	assert.Equal(t, rep.Sweep.Generated, rep.Sweep.Inputs)
	assert.Equal(t, []string{"Capture: modifiedAmount 1e308 answered HTTP 500 0099", "KC-Capture: modifiedAmount 1e308 answered HTTP 500 0099"}, rep.Sweep.Findings)
	var failed []reports.ScenarioReport
	for _, s := range swept(rep) {
		if s.Status == reports.Failed {
			failed = append(failed, s)
		}
	}
	require.Len(t, failed, 2)
	f := failed[0]
	assert.Equal(t, "Capture: modifiedAmount 1e308 answered HTTP 500 0099", f.Name)
	assert.Contains(t, f.Tags, "A-7#6")
	assert.Contains(t, f.Message, "curl -sS -i -X POST http://")
	assert.Contains(t, f.Message, `"modifiedAmount":1e308`)
	assert.Contains(t, f.Message, "unexpected server error")
	assert.Contains(t, out, "FAILED "+f.ID, "the console names it")

	again := t.TempDir()
	code, out, errOut = run(t, "run", "--profile", mutant, "--explore", "0", "--rerun-failed", dir, "--report-dir", again)
	assert.Equal(t, ExitFailed, code, out+errOut)
	rerun := readReport(t, again)
	require.NotNil(t, rerun.Rerun)
	require.NotNil(t, rerun.Rerun.Sweep, "the sweep found something: it is made again")
	require.NotNil(t, rerun.Sweep)
	assert.Equal(t, rep.Sweep.Findings, rerun.Sweep.Findings, "the same seed and sample find the same faults")
}
