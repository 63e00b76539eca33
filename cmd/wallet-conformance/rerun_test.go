package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wallet-conformance/wallet-conformance/record"
	"github.com/wallet-conformance/wallet-conformance/reports"
)

// notPassed lists the keys of rep's scenarios a rerun runs again.
func notPassed(rep *reports.Report) []string {
	var keys []string
	for _, s := range rep.Scenarios {
		switch s.Status {
		case record.Failed, record.Blocked, record.Error, record.Warning:
			keys = append(keys, s.Key)
		}
	}
	return keys
}

// run --rerun-failed REPORT runs only what did not pass in REPORT: against
// the same faulty target it fails again, and against one with the fault
// fixed it passes; either way its report says it is a partial rerun of
// that run, and it can be neither bundled nor merged as a whole run.
func TestRerunFailedRunsOnlyWhatDidNotPass(t *testing.T) {
	const tags = "@B-4.5 or @B-4.18"
	mutant := mutantProfile(t, "refund-above-captured")
	first := t.TempDir()
	code, out, errOut := run(t, "run", "--profile", mutant, "--tags", tags, "--report-dir", first, "--concurrency", "4")
	require.Equal(t, ExitFailed, code, out+errOut)
	earlier := readReport(t, first)
	failed := notPassed(earlier)
	require.NotEmpty(t, failed)
	require.Less(t, len(failed), len(earlier.Scenarios), "some scenarios passed: a rerun leaves them out")

	again := t.TempDir()
	code, out, errOut = run(t, "run", "--profile", mutant, "--rerun-failed", first, "--report-dir", again, "--concurrency", "4")
	require.Equal(t, ExitFailed, code, out+errOut)
	assert.Contains(t, out, "partial rerun of run "+earlier.RunID)
	rerun := readReport(t, again)
	require.NotNil(t, rerun.Rerun)
	assert.Equal(t, earlier.RunID, rerun.Rerun.Of)
	assert.Equal(t, failed, rerun.Rerun.Scenarios)
	var ran []string
	for _, s := range rerun.Scenarios {
		ran = append(ran, s.Key)
	}
	for _, k := range failed {
		assert.Contains(t, ran, k, "every scenario that did not pass runs again")
	}
	for _, s := range rerun.Scenarios {
		if !slices.Contains(failed, s.Key) {
			// only another row of an outline that has a failed row, which ran in the first run too
			assert.True(t, slices.ContainsFunc(earlier.Scenarios, func(e reports.ScenarioReport) bool {
				return e.ID == s.ID && e.Feature == s.Feature
			}), s.ID)
		}
	}
	assert.Less(t, len(rerun.Scenarios), len(earlier.Scenarios), "what passed did not run again")
	assert.Equal(t, record.NotConformant, rerun.Verdict)
	require.NotEmpty(t, rerun.Notices)
	assert.Contains(t, rerun.Notices[len(rerun.Notices)-1], "partial rerun of run "+earlier.RunID)
	summary, err := os.ReadFile(filepath.Join(again, "summary.md"))
	require.NoError(t, err)
	assert.Contains(t, string(summary), "partial rerun of run "+earlier.RunID)

	// The fault fixed: the rerun passes, and still speaks for its scenarios only.
	fixed := t.TempDir()
	code, out, errOut = run(t, "run", "--profile", mutantProfile(t, ""), "--rerun-failed", filepath.Join(first, "report.json"), "--report-dir", fixed)
	require.Equal(t, ExitConformant, code, out+errOut)
	rep := readReport(t, fixed)
	assert.Equal(t, record.Conformant, rep.Verdict)
	require.NotNil(t, rep.Rerun)

	code, _, errOut = run(t, "bundle", "--report-dir", fixed, "--out", filepath.Join(t.TempDir(), "b.zip"))
	assert.NotEqual(t, ExitConformant, code)
	assert.Contains(t, errOut, "partial rerun of run "+earlier.RunID)
	assert.Contains(t, errOut, "not a certificate")

	code, _, errOut = run(t, "merge", "--out", t.TempDir(), fixed, again)
	assert.Equal(t, ExitUsage, code)
	assert.Contains(t, errOut, "partial rerun")

	// Nothing to rerun after a run that passed.
	code, out, _ = run(t, "run", "--rerun-failed", fixed, "--report-dir", t.TempDir())
	assert.Equal(t, ExitConformant, code)
	assert.Contains(t, out, "nothing to rerun: every scenario of run "+rep.RunID)
}

// A rerun is refused, naming why, with --shard, or for a report one of
// whose scenarios this suite no longer has (by key: a report of other
// features whose scenarios this suite has is rerun).
func TestRerunFailedUsageErrors(t *testing.T) {
	dir := t.TempDir()
	code, out, errOut := run(t, "run", "--tags", "@A-4.1", "--report-dir", dir)
	require.Equal(t, ExitConformant, code, out+errOut)

	code, _, errOut = run(t, "run", "--rerun-failed", dir, "--shard", "1/2")
	assert.Equal(t, ExitUsage, code)
	assert.Contains(t, errOut, "takes no --shard")

	code, _, errOut = run(t, "run", "--rerun-failed", filepath.Join(t.TempDir(), "missing"))
	assert.Equal(t, ExitUsage, code)
	assert.Contains(t, errOut, "--rerun-failed: ")

	// The same report, as if written by other features, its first scenario
	// failed: its key names a scenario of this suite, which is rerun.
	edit := func(key string) string {
		var m map[string]any
		data, err := os.ReadFile(filepath.Join(dir, "report.json"))
		require.NoError(t, err)
		require.NoError(t, json.Unmarshal(data, &m))
		m["suite"].(map[string]any)["featuresSha256"] = strings.Repeat("ab", 32)
		s := m["scenarios"].([]any)[0].(map[string]any)
		s["status"] = "FAILED"
		if key != "" {
			s["key"] = key
		}
		other := t.TempDir()
		edited, err := json.Marshal(m)
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join(other, "report.json"), edited, 0o644))
		return other
	}
	code, out, errOut = run(t, "run", "--rerun-failed", edit(""), "--report-dir", t.TempDir())
	assert.Equal(t, ExitConformant, code, out+errOut)
	assert.Contains(t, out, "partial rerun of run ")

	// Its key names no scenario any more: nothing runs in its place.
	gone := "A-4.01-issue-token.feature/A token is issued since renamed"
	code, _, errOut = run(t, "run", "--rerun-failed", edit(gone))
	assert.Equal(t, ExitUsage, code)
	assert.Contains(t, errOut, "no scenario of this suite has the key "+gone)
}
