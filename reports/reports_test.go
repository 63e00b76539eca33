package reports

import (
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestClausesSortInSpecOrder(t *testing.T) {
	c := []string{"B-3", "A-4.10", "A-4.2", "A-7", "A-2.1", "B-4.1", "A-4.1"}
	sort.Slice(c, func(i, j int) bool { return ClauseLess(c[i], c[j]) })
	assert.Equal(t, []string{"A-2.1", "A-4.1", "A-4.2", "A-4.10", "A-7", "B-3", "B-4.1"}, c)
}

func TestVerdictIgnoresWarningsAndUnclaimed(t *testing.T) {
	r := &Result{Scenarios: []ScenarioResult{
		{ID: "a:1", Clauses: []string{"A-4.2"}, Status: Passed},
		{ID: "a:2", Clauses: []string{"A-4.2"}, Status: Warning, Advisory: true},
		{ID: "a:3", Clauses: []string{"B-4.19"}, Status: NotClaimed},
	}}
	assert.Equal(t, Conformant, r.Verdict())
	r.Scenarios = append(r.Scenarios, ScenarioResult{ID: "a:4", Clauses: []string{"A-7"}, Status: Error})
	assert.Equal(t, NotConformant, r.Verdict())
}

func TestSummaryListsClausesAndFailures(t *testing.T) {
	r := &Result{Target: "http://t", Scenarios: []ScenarioResult{
		{ID: "x.feature:3", Name: "ok", Clauses: []string{"A-4.2"}, Status: Passed},
		{ID: "x.feature:9", Name: "broken", Clauses: []string{"A-4.10", "A-7"}, Status: Failed, Message: "expected HTTP 201, got 200"},
	}}
	var b strings.Builder
	require.NoError(t, WriteSummary(&b, r))
	out := b.String()
	assert.Contains(t, out, "NOT CONFORMANT")
	assert.Less(t, strings.Index(out, "| A-4.2 |"), strings.Index(out, "| A-4.10 |"))
	assert.Contains(t, out, "| A-4.2 | Create Account | 1 | 1 | 0 |")
	assert.Contains(t, out, "| A-4.10 | Delete Stored Payment Option | 1 | 0 | 1 |")
	assert.Contains(t, out, "| B-4.19 | Perform Address Check | 0 | | | | | | | **untested** |")
	assert.Contains(t, out, "| A-9 | Versioning | 0 |")
	assert.Contains(t, out, "expected HTTP 201, got 200")
}
