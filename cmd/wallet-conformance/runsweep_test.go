package main

import (
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wallet-conformance/wallet-conformance/record"
	"github.com/wallet-conformance/wallet-conformance/reports"
	"github.com/wallet-conformance/wallet-conformance/schemas"
	"github.com/wallet-conformance/wallet-conformance/sweep"
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

// A run of the whole suite sweeps by default, every generated input (the
// certification): report.json records seed, inputs tried of those
// generated, findings and the calls of each part of the run, verify shows
// them. A run that asks for a sample (--sweep N, a quick run) tried part
// of the inputs, and says so beside the verdict, in report.json,
// summary.md, the bundle and verify.
func TestRunSweepsByDefault(t *testing.T) {
	dir := t.TempDir()
	code, out, errOut := run(t, "run", "--explore", "0", "--report-dir", dir)
	require.Equal(t, ExitConformant, code, out+errOut)
	assert.NotContains(t, out, "PARTIAL SWEEP")
	rep := readReport(t, dir)
	require.NotNil(t, rep.Sweep)
	assert.Nil(t, rep.Exploration, "--explore 0 leaves the exploration out, not the sweep")
	assert.Equal(t, uint64(sweep.DefaultSeed), rep.Sweep.Seed)
	assert.Equal(t, 0, rep.Sweep.PerOperation, "every input")
	assert.Equal(t, rep.Sweep.Generated, rep.Sweep.Inputs, "every generated input is tried")
	assert.Greater(t, rep.Sweep.Inputs, 3000)
	assert.False(t, rep.Sweep.Partial)
	assert.Positive(t, rep.Sweep.Calls)
	assert.Empty(t, rep.Sweep.Findings)
	valid := 0
	for _, s := range swept(rep) {
		if slices.Contains(s.Tags, "valid-sweep") {
			valid++
		}
	}
	ops := len(schemas.Catalogue())
	assert.Equal(t, 2*ops, len(swept(rep)), "one passing scenario per operation, of each side")
	assert.Equal(t, ops, valid, "one passing scenario per operation of the valid-request sweep")
	require.NotNil(t, rep.Sweep.Valid, "the valid-request sweep goes with the bad inputs")
	assert.Empty(t, rep.Sweep.Valid.Findings)
	assert.Greater(t, rep.Sweep.Valid.Inputs, 100, "every operation's valid requests")
	assert.Contains(t, rep.Notices, "bad-input sweep with seed 1: "+strconv.Itoa(rep.Sweep.Inputs)+" of "+strconv.Itoa(rep.Sweep.Generated)+" generated inputs sent (the full sweep), "+strconv.Itoa(rep.Sweep.Calls-rep.Sweep.Valid.Calls)+" calls with the states they need and the read-backs")
	require.NotNil(t, rep.Calls)
	assert.Equal(t, rep.Sweep.Calls-rep.Sweep.Valid.Calls, rep.Calls.BadInputSweep, "report.json counts the calls of each part")
	assert.Equal(t, rep.Sweep.Valid.Calls, rep.Calls.ValidSweep)
	assert.Positive(t, rep.Calls.Scenarios)
	assert.Zero(t, rep.Calls.Exploration)
	assert.Equal(t, rep.Calls.Total, len(rep.Exchanges()))

	bundle := filepath.Join(t.TempDir(), "b.zip")
	code, _, errOut = run(t, "bundle", "--report-dir", dir, "--out", bundle)
	require.Equal(t, ExitConformant, code, errOut)
	code, out, errOut = run(t, "verify", bundle)
	require.Equal(t, ExitConformant, code, errOut)
	assert.Contains(t, out, "swept:     seed 1: "+strconv.Itoa(rep.Sweep.Inputs)+" of "+strconv.Itoa(rep.Sweep.Generated)+" generated bad inputs ("+strconv.Itoa(rep.Sweep.Calls)+" calls, every generated input), nothing found; valid requests: ")
	assert.Contains(t, out, "; made again by run --sweep all")
	assert.Contains(t, out, "calls:     "+rep.Calls.Line())
	assert.Contains(t, out, "bad-input sweep "+strconv.Itoa(rep.Sweep.Calls-rep.Sweep.Valid.Calls))

	tagged := t.TempDir()
	code, out, errOut = run(t, "run", "--tags", "@A-4.1", "--sweep", "1", "--report-dir", tagged)
	require.Equal(t, ExitConformant, code, out+errOut)
	part := readReport(t, tagged)
	require.NotNil(t, part.Sweep, "a run of some tags sweeps when asked")
	assert.Equal(t, ops, part.Sweep.Inputs, "one input of each operation")
	assert.True(t, part.Sweep.Partial, "a sample is a partial sweep")
	partial := "PARTIAL SWEEP: the bad-input sweep tried " + strconv.Itoa(ops) + " of " + strconv.Itoa(part.Sweep.Generated) + " generated inputs"
	assert.Contains(t, out, partial, "beside the verdict")
	summary, err := os.ReadFile(filepath.Join(tagged, "summary.md"))
	require.NoError(t, err)
	assert.Contains(t, string(summary), partial)
	raw, err := os.ReadFile(filepath.Join(tagged, reports.ReportJSONFile))
	require.NoError(t, err)
	assert.Contains(t, string(raw), `"partial":true`)
	code, _, errOut = run(t, "bundle", "--report-dir", tagged, "--out", bundle+".part.zip")
	require.Equal(t, ExitConformant, code, errOut)
	code, out, errOut = run(t, "verify", bundle+".part.zip")
	require.Equal(t, ExitConformant, code, errOut)
	assert.Contains(t, out, "PARTIAL: the verdict certifies the inputs tried only), nothing found; valid requests: ")
	assert.Contains(t, out, "; made again by run --sweep 1")

	none := t.TempDir()
	code, out, errOut = run(t, "run", "--explore", "0", "--sweep", "0", "--report-dir", none)
	require.Equal(t, ExitConformant, code, out+errOut)
	assert.Contains(t, out, "NO SWEEP: --sweep 0 left the bad-input sweep out")
	assert.Nil(t, readReport(t, none).Sweep)

	code, _, errOut = run(t, "run", "--sweep", "many")
	assert.Equal(t, ExitUsage, code)
	assert.Contains(t, errOut, "--sweep takes a number of inputs of each operation")
}

// runSweep decides a run's sweep as runExploration decides its
// exploration: the default sample for a whole run or its first shard, none
// for a focused run unless asked, --sweep 0 none, all every input, and a
// rerun sweeps again as the earlier run did when its sweep found something.
func TestRunSweepDecidesTheSweep(t *testing.T) {
	flagOf := func(v string) *sweepFlag {
		f := newSweepFlag()
		if v != "" {
			require.NoError(t, f.Set(v))
		}
		return f
	}
	def := &record.Sweep{Seed: 1, PerOperation: 0} // every input
	assert.Equal(t, def, runSweep(flagOf(""), "", "", record.Shard{}, nil))
	assert.Equal(t, def, runSweep(flagOf(""), "", "", record.Shard{Index: 1, Count: 3}, nil))
	assert.Nil(t, runSweep(flagOf(""), "", "", record.Shard{Index: 2, Count: 3}, nil))
	assert.Nil(t, runSweep(flagOf(""), "@A-4.1", "", record.Shard{}, nil))
	assert.Nil(t, runSweep(flagOf(""), "", "dir", record.Shard{}, nil))
	assert.Nil(t, runSweep(flagOf("0"), "", "", record.Shard{}, nil))
	assert.Equal(t, &record.Sweep{Seed: 1, PerOperation: 0}, runSweep(flagOf("all"), "", "", record.Shard{}, nil), "0 in the record: the full sweep")
	assert.Equal(t, &record.Sweep{Seed: 1, PerOperation: 9}, runSweep(flagOf("9"), "@A-4.1", "", record.Shard{}, nil))
	assert.Nil(t, runSweep(flagOf(""), "", "", record.Shard{}, &record.Rerun{}))
	again := &record.Rerun{Sweep: &record.Sweep{Seed: 1, PerOperation: 0, Findings: []string{"x"}}}
	assert.Equal(t, &record.Sweep{Seed: 1, PerOperation: 0}, runSweep(flagOf(""), "", "", record.Shard{}, again))
	for _, bad := range []string{"-1", "many", "1001", ""} {
		assert.Error(t, (&sweepFlag{}).Set(bad), bad)
	}
	assert.Equal(t, "(none)", sweepLine(nil))
	sample := 4 * len(schemas.Catalogue()) // --sweep 4: four inputs of each operation
	assert.Equal(t, "seed 1: "+strconv.Itoa(sample)+" of 4000 generated bad inputs (320 calls, PARTIAL: the verdict certifies the inputs tried only), 1 finding(s): Capture: modifiedAmount 1e308 answered HTTP 500 0099; made again by run --sweep 4",
		sweepLine(&record.Sweep{Seed: 1, PerOperation: 4, Generated: 4000, Inputs: sample, Calls: 320, Partial: true, Findings: []string{"Capture: modifiedAmount 1e308 answered HTTP 500 0099"}}))
}

// A target that crashes on one kind of bad input in one operation (a
// modifiedAmount of 1e308 answered 500 by Capture and KC-Capture; no
// scenario finds it: runner's TestEveryMutantIsKilled) fails the full
// sweep: NOT CONFORMANT, one finding per operation and field, named by its
// cause, with the request that shows it as curl; --rerun-failed sweeps
// again with the same seed and sample.
func TestOnlyTheSweepFindsAFault(t *testing.T) {
	mutant := mutantProfile(t, "huge-exponent-crashes-capture")
	dir := t.TempDir()
	code, out, errOut := run(t, "run", "--profile", mutant, "--tags", "@A-4.1", "--sweep", "all", "--report-dir", dir)
	require.Equal(t, ExitFailed, code, out+errOut)
	rep := readReport(t, dir)
	assert.Equal(t, record.NotConformant, rep.Verdict)
	require.NotNil(t, rep.Sweep)
	assert.Equal(t, 0, rep.Sweep.PerOperation, "all: the full sweep")
	assert.Equal(t, rep.Sweep.Generated, rep.Sweep.Inputs)
	assert.Equal(t, []string{"Capture: modifiedAmount 1e308 answered HTTP 500 0099", "KC-Capture: modifiedAmount 1e308 answered HTTP 500 0099"}, rep.Sweep.Findings)
	var failed []reports.ScenarioReport
	for _, s := range swept(rep) {
		if s.Status == record.Failed {
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
	code, out, errOut = run(t, "run", "--profile", mutant, "--rerun-failed", dir, "--report-dir", again)
	assert.Equal(t, ExitFailed, code, out+errOut)
	rerun := readReport(t, again)
	require.NotNil(t, rerun.Rerun)
	require.NotNil(t, rerun.Rerun.Sweep, "the sweep found something: it is made again")
	require.NotNil(t, rerun.Sweep)
	assert.Equal(t, rep.Sweep.Findings, rerun.Sweep.Findings, "the same seed and sample find the same faults")
}
