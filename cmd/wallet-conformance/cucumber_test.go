package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wallet-conformance/wallet-conformance/profile"
	"github.com/wallet-conformance/wallet-conformance/record"
	"github.com/wallet-conformance/wallet-conformance/reports"
)

// cukeElement is a scenario of cucumber.json, as far as its statuses go.
type cukeElement struct {
	Line  int `json:"line"`
	Steps []struct {
		Keyword string `json:"keyword"`
		Name    string `json:"name"`
		Line    int    `json:"line"`
		Match   struct {
			Location string `json:"location"`
		} `json:"match"`
		Result struct {
			Status   string `json:"status"`
			Error    string `json:"error_message"`
			Duration int64  `json:"duration"`
		} `json:"result"`
	} `json:"steps"`
}

// readCucumber reads a report directory's cucumber.json, by scenario ID.
func readCucumber(t *testing.T, dir string) map[string]cukeElement {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, reports.CucumberFile))
	require.NoError(t, err)
	var features []struct {
		URI      string        `json:"uri"`
		Keyword  string        `json:"keyword"`
		Line     int           `json:"line"`
		Elements []cukeElement `json:"elements"`
	}
	require.NoError(t, json.Unmarshal(data, &features))
	out := map[string]cukeElement{}
	for _, f := range features {
		require.Equal(t, "Feature", f.Keyword, f.URI)
		require.Positive(t, f.Line, f.URI)
		for _, e := range f.Elements {
			id := fmt.Sprintf("%s:%d", f.URI, e.Line)
			require.NotContains(t, out, id, "a scenario written twice")
			out[id] = e
		}
	}
	return out
}

// cucumberStatus reads back the suite's status of a scenario from its
// cucumber steps by the rule of reports.WriteCucumber: a failed step is
// FAILED, ERROR or BLOCKED; a skipped step with a message after steps that
// ran is WARNING; every step skipped is SKIPPED or NOT CLAIMED, named by
// the first step's message; every step passed is PASSED.
func cucumberStatus(e cukeElement) string {
	passed, skipped := 0, 0
	warned := false
	for _, st := range e.Steps {
		switch st.Result.Status {
		case "failed":
			return "failed"
		case "passed":
			passed++
		case "skipped":
			skipped++
			warned = warned || (st.Result.Error != "" && st.Result.Duration > 0)
		}
	}
	switch {
	case skipped == len(e.Steps) && !warned && len(e.Steps) > 0:
		return "skipped"
	case warned:
		return "warning"
	case passed == len(e.Steps):
		return "passed"
	}
	return "?"
}

// suiteClass is the cucumber status of each of the suite's.
var suiteClass = map[record.Status]string{
	record.Passed: "passed", record.Failed: "failed", record.Error: "failed", record.Blocked: "failed",
	record.Warning: "warning", record.Skipped: "skipped", record.NotClaimed: "skipped",
}

// cucumber.json and report.json are two writers of one model: they agree
// on every scenario's status, for a mutant (FAILED), an advisory fault
// (WARNING), a setup that did not reach its state (BLOCKED) and a clause the
// profile does not claim (NOT CLAIMED), and the failing step carries the
// scenario's message.
func TestCucumberJSONAgreesWithReportJSON(t *testing.T) {
	cases := []struct {
		name    string
		profile func(t *testing.T) string
		tags    string
		want    record.Status
	}{
		{"a mutant fails", func(t *testing.T) string { return mutantProfile(t, "create-account-status-200") }, "@A-4.2", record.Failed},
		{"an advisory fault warns", func(t *testing.T) string { return mutantProfile(t, "setdefault-two-defaults") }, "@A-4.11", record.Warning},
		{"a setup that does not reach its state blocks", func(t *testing.T) string {
			return faultyCreateAccount(t, 0, func(m map[string]any) { delete(m, "accno") })
		}, "@B-4.13", record.Blocked},
		{"a clause the profile does not claim", func(t *testing.T) string {
			return referenceWith(t, func(p *profile.Profile) { p.Scope.Exclude = []string{"A-4.10"} })
		}, "@A-4.9,@A-4.10", record.NotClaimed},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			run(t, "run", "--profile", c.profile(t), "--tags", c.tags, "--report-dir", dir)
			rep := readReport(t, dir)
			cuke := readCucumber(t, dir)
			require.Len(t, cuke, len(rep.Scenarios), "every scenario of report.json, once")
			seen := 0
			for _, s := range rep.Scenarios {
				e, ok := cuke[s.ID]
				require.True(t, ok, "%s is not in cucumber.json", s.ID)
				assert.Equal(t, suiteClass[s.Status], cucumberStatus(e), "%s: %s in report.json", s.ID, s.Status)
				if s.Status == c.want {
					seen++
				}
				for i, st := range e.Steps {
					assert.NotEmpty(t, st.Keyword, s.ID)
					assert.Positive(t, st.Line, s.ID)
					assert.NotEmpty(t, st.Match.Location, s.ID)
					if i < len(s.Steps) {
						assert.Equal(t, s.Steps[i].Text, st.Name, s.ID)
					}
					if st.Result.Status == "failed" {
						assert.Equal(t, s.Message, st.Result.Error, "%s: the failed step says why the scenario did not pass", s.ID)
					}
				}
				if s.Status == record.NotClaimed || s.Status == record.Skipped {
					require.NotEmpty(t, e.Steps, s.ID)
					assert.Contains(t, e.Steps[0].Result.Error, string(s.Status), s.ID)
				}
			}
			assert.Positive(t, seen, "no scenario ended %s", c.want)
		})
	}
}
