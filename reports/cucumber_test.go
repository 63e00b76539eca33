package reports

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wallet-conformance/wallet-conformance/record"
)

// WriteCucumber maps each of the suite's statuses into cucumber's step
// statuses by its one rule, and writes valid cucumber JSON: features >
// elements > steps, grouped by feature file in the suite's order.
func TestWriteCucumberMapsEveryStatusByOneRule(t *testing.T) {
	three := func(statuses ...string) []StepReport {
		var out []StepReport
		for i, st := range statuses {
			out = append(out, StepReport{Text: []string{"given", "when", "then"}[i], Status: st, DurationMs: 1.5})
		}
		return out
	}
	rep := &Report{Scenarios: []ScenarioReport{
		{ID: "b.feature:3", Feature: "B", Name: "passes", Status: record.Passed, Steps: three("passed", "passed", "passed")},
		{ID: "a.feature:3", Feature: "A", Name: "fails", Status: record.Failed, Message: "expected 0000, got 0099", Steps: three("passed", "failed", "skipped")},
		{ID: "a.feature:9", Feature: "A", Name: "blocked", Status: record.Blocked, Message: "blocked by Create Account", Steps: three("failed", "skipped", "skipped")},
		{ID: "a.feature:15", Feature: "A", Name: "cut short", Status: record.Error, Message: "the run reached --max-duration", Steps: three("passed")},
		{ID: "a.feature:21", Feature: "A", Name: "advice", Status: record.Warning, Message: "advisory A-1#1: x", Steps: func() []StepReport {
			s := three("passed", "passed", "passed")
			s[2].Advice = []record.Advice{{Rule: "A-1#1", Message: "x"}}
			return s
		}()},
		{ID: "a.feature:27", Feature: "A", Name: "advisory scenario", Status: record.Warning, Message: "expected y", Steps: three("passed", "failed", "skipped")},
		{ID: "a.feature:33", Feature: "A", Name: "not claimed", Status: record.NotClaimed},
		{ID: "a.feature:39", Feature: "A", Name: "skipped", Status: record.Skipped, Message: "the profile has no merchant.accno", Steps: three("skipped", "skipped", "skipped")},
	}}
	g := &Gherkin{
		Features:  []GherkinFeature{{URI: "a.feature", ID: "a", Keyword: "Feature", Name: "A", Line: 2}, {URI: "b.feature", ID: "b", Keyword: "Feature", Name: "B", Line: 1}},
		Scenarios: map[string]GherkinScenario{},
		Locate:    func(text string) string { return "steps.go:" + text },
	}
	for _, s := range rep.Scenarios {
		_, line := splitID(s.ID)
		g.Scenarios[s.ID] = GherkinScenario{ID: "x", Keyword: "Scenario", Line: line, Steps: []GherkinStep{
			{Keyword: "Given ", Text: "given", Line: line + 1}, {Keyword: "When ", Text: "when", Line: line + 2}, {Keyword: "Then ", Text: "then", Line: line + 3},
		}}
	}
	var b bytes.Buffer
	require.NoError(t, WriteCucumber(&b, rep, g))
	var got []struct {
		URI      string `json:"uri"`
		Elements []struct {
			Name  string `json:"name"`
			Type  string `json:"type"`
			Steps []struct {
				Keyword string `json:"keyword"`
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
		} `json:"elements"`
	}
	require.NoError(t, json.Unmarshal(b.Bytes(), &got))
	require.Len(t, got, 2)
	assert.Equal(t, "a.feature", got[0].URI, "in the suite's order of features")
	type step struct{ status, msg string }
	results := map[string][]step{}
	for _, f := range got {
		for _, e := range f.Elements {
			assert.Equal(t, "scenario", e.Type)
			for _, st := range e.Steps {
				assert.Equal(t, "steps.go:", st.Match.Location[:len("steps.go:")])
				results[e.Name] = append(results[e.Name], step{st.Result.Status, st.Result.Error})
			}
		}
	}
	assert.Equal(t, map[string][]step{
		"passes":            {{"passed", ""}, {"passed", ""}, {"passed", ""}},
		"fails":             {{"passed", ""}, {"failed", "expected 0000, got 0099"}, {"skipped", ""}},
		"blocked":           {{"failed", "blocked by Create Account"}, {"skipped", ""}, {"skipped", ""}},
		"cut short":         {{"passed", ""}, {"failed", "the run reached --max-duration"}, {"skipped", ""}},
		"advice":            {{"passed", ""}, {"passed", ""}, {"skipped", "advisory A-1#1: x"}},
		"advisory scenario": {{"passed", ""}, {"skipped", "expected y"}, {"skipped", ""}},
		"not claimed":       {{"skipped", "NOT CLAIMED"}, {"skipped", ""}, {"skipped", ""}},
		"skipped":           {{"skipped", "SKIPPED: the profile has no merchant.accno"}, {"skipped", ""}, {"skipped", ""}},
	}, results)
	assert.Equal(t, int64(1500000), got[1].Elements[0].Steps[0].Result.Duration, "nanoseconds")
	assert.NotContains(t, b.String(), "\n ", "compact")

	// Without the features, every scenario is written from the model alone.
	b.Reset()
	require.NoError(t, WriteCucumber(&b, rep, nil))
	assert.Contains(t, b.String(), `"keyword":"* ","name":"when"`)
	b.Reset()
	require.NoError(t, WriteCucumber(&b, &Report{}, nil))
	assert.Equal(t, "[]\n", b.String())
}
