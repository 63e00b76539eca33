package main

import (
	"path/filepath"
	"regexp"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wallet-conformance/wallet-conformance/record"
	"github.com/wallet-conformance/wallet-conformance/reports"
)

// diff of a broken run and a fixed one: fixed going forward (exit 0), new
// failures going back (exit 1); run --baseline gates only on failures the
// baseline lacks, and leaves the verdict honest.
func TestDiffAndBaseline(t *testing.T) {
	const tags = "@A-4.2"
	root := t.TempDir()
	broken, fixed := filepath.Join(root, "broken"), filepath.Join(root, "fixed")
	mutant := mutantProfile(t, "create-account-status-200")
	code, out, errOut := run(t, "run", "--profile", mutant, "--tags", tags, "--report-dir", broken)
	require.Equal(t, ExitFailed, code, out+errOut)
	code, out, errOut = run(t, "run", "--profile", mutantProfile(t, ""), "--tags", tags, "--report-dir", fixed)
	require.Equal(t, ExitConformant, code, out+errOut)
	failing := 0
	for _, s := range readReport(t, broken).Scenarios {
		if s.Failing() {
			failing++
		}
	}
	require.Positive(t, failing)

	code, out, errOut = run(t, "diff", broken, filepath.Join(fixed, reports.ReportJSONFile))
	assert.Equal(t, ExitConformant, code, out+errOut)
	assert.Regexp(t, `(?m)^OLD .*broken: run r[0-9a-f]+ of .*, NOT CONFORMANT, \d+ scenarios$`, out)
	assert.Regexp(t, `(?m)^fixed \(\d+\):$`, out)
	assert.Regexp(t, `(?m)^  FAILED -> PASSED  A-4\.02-create-account\.feature:\d+  `, out)
	assert.Regexp(t, regexp.MustCompile(`(?m)^OLD -> NEW: 0 new failures, \d+ fixed, `), out)
	assert.NotContains(t, out, "new failures (")

	code, out, _ = run(t, "diff", fixed, broken)
	assert.Equal(t, ExitFailed, code, out)
	assert.Regexp(t, `(?m)^new failures \(\d+\):$`, out)
	assert.Regexp(t, `(?m)^  PASSED -> FAILED  A-4\.02-create-account\.feature:\d+  `, out)
	assert.Contains(t, out, "got HTTP 200", "a new failure says what went wrong")

	// The same faults as the baseline: the verdict stays, the exit is 0.
	again := filepath.Join(root, "again")
	code, out, errOut = run(t, "run", "--profile", mutant, "--tags", tags, "--report-dir", again, "--baseline", broken)
	assert.Equal(t, ExitConformant, code, out+errOut)
	assert.Contains(t, out, "\nNOT CONFORMANT: ")
	assert.Regexp(t, `baseline .*broken \(run r[0-9a-f]+, NOT CONFORMANT\): (\d+) of this run's (\d+) failures were failing there already; 0 new`, out)
	assert.Contains(t, out, "exit status 0: no failure beyond the baseline's; the verdict stays NOT CONFORMANT")
	assert.Equal(t, record.NotConformant, readReport(t, again).Verdict, "report.json keeps the run's own verdict")

	// A clean baseline: every failure is new.
	code, out, _ = run(t, "run", "--profile", mutant, "--tags", tags, "--report-dir", filepath.Join(root, "gated"), "--baseline", filepath.Join(fixed, reports.ReportJSONFile))
	assert.Equal(t, ExitFailed, code, out)
	assert.Regexp(t, `0 of this run's \d+ failures were failing there already; \d+ new`, out)
	assert.Regexp(t, `(?m)^  (FAILED|BLOCKED)  A-4\.02-create-account\.feature:\d+  .* \(was PASSED\)$`, out)
	assert.Contains(t, out, "exit status 1: failures the baseline does not have")
}

func TestDiffAndBaselineUsageErrors(t *testing.T) {
	code, _, errOut := run(t, "diff", t.TempDir())
	assert.Equal(t, ExitUsage, code)
	assert.Contains(t, errOut, "diff takes two reports")

	missing := filepath.Join(t.TempDir(), "none")
	code, _, errOut = run(t, "diff", missing, missing)
	assert.Equal(t, ExitUsage, code)
	assert.Contains(t, errOut, "OLD: open "+filepath.Join(missing, "report.json"))

	code, out, errOut := run(t, "run", "--baseline", missing, "--report-dir", t.TempDir())
	assert.Equal(t, ExitUsage, code)
	assert.Contains(t, errOut, "--baseline: open ")
	assert.Empty(t, out, "nothing runs")
}
