package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wallet-conformance/wallet-conformance/record"
	"github.com/wallet-conformance/wallet-conformance/reports"
)

// idsBefore is a feature whose second scenario fails against the reference
// (a wrong password is no success), at line 8.
const idsBefore = `@A-4.1
Feature: Scenario identity

  Scenario: A token is issued
    When the partner requests a token
    Then the call succeeds

  Scenario: A later scenario fails
    When the partner requests a token with a wrong password
    Then the call succeeds
`

// idsAfter is the same feature with a scenario and a Rule inserted in the
// middle: the inserted scenario, failing too, now sits at line 8, and the
// later one at line 14.
const idsAfter = `@A-4.1
Feature: Scenario identity

  Scenario: A token is issued
    When the partner requests a token
    Then the call succeeds

  Scenario: An inserted scenario fails
    When the partner requests a token with a wrong password
    Then the call succeeds

  Rule: A rule inserted above

    Scenario: A later scenario fails
      When the partner requests a token with a wrong password
      Then the call succeeds
`

const (
	idsFile     = "A-4.01-ids.feature"
	laterKey    = idsFile + "/A later scenario fails"
	insertedKey = idsFile + "/An inserted scenario fails"
)

func featuresDir(t *testing.T, text string) string {
	t.Helper()
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, idsFile), []byte(text), 0o644))
	return dir
}

func waiversFile(t *testing.T, scenario string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "waivers.yaml")
	require.NoError(t, os.WriteFile(path, []byte("waivers:\n  - scenario: \""+scenario+"\"\n    justification: known\n    expires: 2999-12-31\n"), 0o644))
	return path
}

func byName(rep *reports.Report) map[string]reports.ScenarioReport {
	out := map[string]reports.ScenarioReport{}
	for _, s := range rep.Scenarios {
		out[s.Name] = s
	}
	return out
}

// asBefore24 rewrites the report of dir as a report written before keys
// (schema 2.3): no scenario key.
func asBefore24(t *testing.T, dir string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, reports.ReportJSONFile))
	require.NoError(t, err)
	var m map[string]any
	require.NoError(t, json.Unmarshal(data, &m))
	m["schemaVersion"] = "2.3"
	for _, s := range m["scenarios"].([]any) {
		delete(s.(map[string]any), "key")
	}
	data, err = json.Marshal(m)
	require.NoError(t, err)
	old := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(old, reports.ReportJSONFile), data, 0o644))
	return old
}

// Inserting a scenario and a Rule in the middle of a feature renumbers the
// later scenario; its waiver, the baseline's failure and the rerun of it
// still name it, and nothing of them goes to the scenario now at its old
// line. A waiver by that old line, or by a key that names nothing, is
// refused, naming the waiver's file and line.
func TestIdentitySurvivesAnInsertion(t *testing.T) {
	before, after := featuresDir(t, idsBefore), featuresDir(t, idsAfter)
	first := t.TempDir()
	code, out, errOut := run(t, "run", "--features", before, "--report-dir", first)
	require.Equal(t, ExitFailed, code, out+errOut)
	earlier := readReport(t, first)
	later := byName(earlier)["A later scenario fails"]
	require.Equal(t, record.Failed, later.Status)
	assert.Equal(t, idsFile+":8", later.ID)
	assert.Equal(t, laterKey, later.Key)

	for name, base := range map[string]string{"report 2.4": first, "report 2.3": asBefore24(t, first)} {
		t.Run(name, func(t *testing.T) {
			// The baseline: the later scenario's failure is known, the
			// inserted one's (at line 8 now) is new.
			code, out, errOut := run(t, "run", "--features", after, "--baseline", base, "--report-dir", t.TempDir())
			assert.Equal(t, ExitFailed, code, out+errOut)
			assert.Contains(t, out, "1 of this run's 2 failures were failing there already; 1 new")
			assert.Contains(t, out, "new failures (1):\n  FAILED  "+idsFile+":8  An inserted scenario fails (not in the baseline)")

			// The rerun runs the later scenario, at its new line, and not
			// the one now at its old line.
			dir := t.TempDir()
			code, out, errOut = run(t, "run", "--features", after, "--rerun-failed", base, "--report-dir", dir)
			assert.Equal(t, ExitFailed, code, out+errOut)
			rerun := readReport(t, dir)
			require.Len(t, rerun.Scenarios, 1)
			assert.Equal(t, idsFile+":14", rerun.Scenarios[0].ID)
			assert.Equal(t, "A later scenario fails", rerun.Scenarios[0].Name)
			assert.Equal(t, []string{laterKey}, rerun.Rerun.Scenarios)
		})
	}

	// The waiver by key waives the later scenario, not the inserted one.
	dir := t.TempDir()
	code, out, errOut = run(t, "run", "--features", after, "--waivers", waiversFile(t, laterKey), "--report-dir", dir)
	assert.Equal(t, ExitFailed, code, out+errOut)
	got := byName(readReport(t, dir))
	require.NotNil(t, got["A later scenario fails"].Waiver)
	assert.Equal(t, idsFile+":14", got["A later scenario fails"].ID)
	assert.Nil(t, got["An inserted scenario fails"].Waiver)

	// A waiver by the old line names the inserted scenario now: refused.
	path := waiversFile(t, idsFile+":8")
	code, _, errOut = run(t, "run", "--features", after, "--waivers", path, "--report-dir", t.TempDir())
	assert.Equal(t, ExitUsage, code)
	assert.Contains(t, errOut, path+" line 2: scenario \""+idsFile+":8\" names a line, and lines move when a feature file is edited: it is not applied to whatever sits there now")
	assert.Contains(t, errOut, "the one at that line now is \""+insertedKey+"\"")

	// A key no scenario has: refused.
	path = waiversFile(t, idsFile+"/A scenario since renamed")
	code, _, errOut = run(t, "run", "--features", after, "--waivers", path, "--report-dir", t.TempDir())
	assert.Equal(t, ExitUsage, code)
	assert.Contains(t, errOut, path+" line 2: scenario \""+idsFile+"/A scenario since renamed\" names no scenario of this suite (renamed, moved to another file or removed)")
}

// A rerun of a scenario since renamed runs nothing in its place: refused,
// naming its key; a baseline failure whose scenario is gone is shown.
func TestARenamedScenarioIsNeitherRerunNorBaselinedAsAnother(t *testing.T) {
	before := featuresDir(t, idsBefore)
	first := t.TempDir()
	code, out, errOut := run(t, "run", "--features", before, "--report-dir", first)
	require.Equal(t, ExitFailed, code, out+errOut)
	renamed := featuresDir(t, `@A-4.1
Feature: Scenario identity

  Scenario: A token is issued
    When the partner requests a token
    Then the call succeeds

  Scenario: A renamed scenario fails
    When the partner requests a token with a wrong password
    Then the call succeeds
`)
	code, _, errOut = run(t, "run", "--features", renamed, "--rerun-failed", first, "--report-dir", t.TempDir())
	assert.Equal(t, ExitUsage, code)
	assert.Contains(t, errOut, "no scenario of this suite has the key "+laterKey+" (renamed, moved to another file or removed since run ")

	code, out, errOut = run(t, "run", "--features", renamed, "--baseline", first, "--report-dir", t.TempDir())
	assert.Equal(t, ExitFailed, code, out+errOut)
	assert.Contains(t, out, "new failures (1):\n  FAILED  "+idsFile+":8  A renamed scenario fails (not in the baseline)")
	assert.Contains(t, out, "baseline failures that name no scenario of this run (1; renamed, moved to another file, removed or not selected: they accept no failure here):\n  FAILED  "+idsFile+":8  A later scenario fails")
}
