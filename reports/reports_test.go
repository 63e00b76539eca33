package reports

import (
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wallet-conformance/wallet-conformance/record"
)

func TestClausesSortInSpecOrder(t *testing.T) {
	c := []string{"B-3", "A-4.10", "A-4.2", "A-7", "A-2.1", "B-4.1", "A-4.1"}
	sort.Slice(c, func(i, j int) bool { return ClauseLess(c[i], c[j]) })
	assert.Equal(t, []string{"A-2.1", "A-4.1", "A-4.2", "A-4.10", "A-7", "B-3", "B-4.1"}, c)
}

func TestVerdictIgnoresWarningsAndUnclaimed(t *testing.T) {
	r := &record.Run{Scenarios: []record.Scenario{
		{ID: "a:1", Clauses: []string{"A-4.2"}, Status: record.Passed},
		{ID: "a:2", Clauses: []string{"A-4.2"}, Status: record.Warning, Advisory: true},
		{ID: "a:3", Clauses: []string{"B-4.19"}, Status: record.NotClaimed},
	}}
	assert.Equal(t, record.Conformant, r.Verdict())
	r.Scenarios = append(r.Scenarios, record.Scenario{ID: "a:4", Clauses: []string{"A-7"}, Status: record.Error})
	assert.Equal(t, record.NotConformant, r.Verdict())
}

func TestSummaryListsClausesAndFailures(t *testing.T) {
	r := &record.Run{Target: "http://t", Scenarios: []record.Scenario{
		{ID: "x.feature:3", Name: "ok", Clauses: []string{"A-4.2"}, Status: record.Passed},
		{ID: "x.feature:9", Name: "broken", Clauses: []string{"A-4.10", "A-7"}, Status: record.Failed, Message: "expected HTTP 201, got 200"},
	}}
	var b strings.Builder
	require.NoError(t, WriteSummary(&b, r))
	out := b.String()
	assert.Contains(t, out, "NOT CONFORMANT")
	assert.Less(t, strings.Index(out, "| A-4.2 |"), strings.Index(out, "| A-4.10 |"))
	assert.Contains(t, out, "| A-4.2 | Create Account | 1 | 1 | 0 |")
	assert.Contains(t, out, "| A-4.10 | Delete Stored Payment Option | 1 | 0 | 1 |")
	assert.Contains(t, out, "| B-4.19 | Perform Address Check | 0 | | | | | | | | **untested** |")
	assert.Contains(t, out, "| A-9 | Versioning | 0 |")
	assert.Contains(t, out, "expected HTTP 201, got 200")
}

func TestSummaryReportShowsWaiversAndLatency(t *testing.T) {
	r := testResult()
	st := ApplyWaivers(r, []record.Waiver{clauseWaiver("2026-12-31"), errorWaiver("2026-06-01"),
		{Clause: "A-4.2", Justification: "was flaky", Expires: "2026-12-31"},
		{Clause: "A-4.6", Justification: "old", Expires: "2026-01-01"}}, today)
	var b strings.Builder
	require.NoError(t, WriteSummaryReport(&b, Build(r, testMeta(), st, nil)))
	out := b.String()
	assert.True(t, strings.HasPrefix(out, "# Wallet Payments Service conformance: CONFORMANT WITH WAIVERS\n"))
	assert.Contains(t, out, "| of them waived | 2 |")
	assert.Contains(t, out, "| A-4.3 | Update Account Information | 1 | 0 | 1 | 0 | 0 | 0 | 0 | 0 | fail (waived) |")
	assert.Contains(t, out, "| A-4.6 | Init Add Stored Payment Option | 1 | 0 | 0 | 0 | 0 | 1 | 0 | 0 | pass with warnings |")
	assert.Contains(t, out, "| B-4.19 | Perform Address Check | 1 | 0 | 0 | 0 | 0 | 0 | 0 | 1 | not run |")
	assert.Contains(t, out, "- **FAILED** (waived until 2026-12-31: fix scheduled for release 4.2) `A-4.03-update-account.feature:14`")
	assert.Contains(t, out, "Latency: the slowest call took 90.000 s (close-account, median 90.000 s over 1 call(s)); the call allowance is 90s.")
	assert.Contains(t, out, "## Waivers")
	assert.Contains(t, out, "| `A-4.3` | 2026-12-31 | applied | `A-4.03-update-account.feature:14` | fix scheduled for release 4.2 |")
	assert.Contains(t, out, "| `A-4.2` | 2026-12-31 | **unused**: none of the 2 scenario(s) it names failed: remove it |")
	assert.Contains(t, out, "| `A-4.6` | 2026-01-01 | **expired**: past its date (2026-01-01)")
	assert.NotContains(t, out, plantedSecret)
}

func TestVerdictWithWaivers(t *testing.T) {
	w := &record.Waiver{Clause: "A-7", Justification: "j", Expires: "2027-01-01"}
	r := &record.Run{Scenarios: []record.Scenario{
		{ID: "a.feature:1", Status: record.Passed},
		{ID: "a.feature:2", Status: record.Failed, Waiver: w},
	}}
	assert.Equal(t, record.ConformantWithWaivers, r.Verdict())
	r.Scenarios = append(r.Scenarios, record.Scenario{ID: "a.feature:3", Status: record.Error, Waiver: w})
	assert.Equal(t, record.ConformantWithWaivers, r.Verdict())
	r.Scenarios = append(r.Scenarios, record.Scenario{ID: "a.feature:4", Status: record.Error})
	assert.Equal(t, record.NotConformant, r.Verdict())
}

// Rules are quoted plain wherever a report shows them: no markdown heading
// marks and no code backticks of the spec's source, the words whole.
func TestRuleQuotesArePlain(t *testing.T) {
	cat, err := catalogue()
	require.NoError(t, err)
	for _, r := range cat.All() {
		_, q, ok := RuleQuote(r.ID)
		require.True(t, ok)
		assert.NotContains(t, q, "#", r.ID)
		assert.NotContains(t, q, "`", r.ID)
		assert.Equal(t, len(strings.Fields(strings.NewReplacer("`", "", "### ", "", "## ", "").Replace(r.Quote))), len(strings.Fields(q)), r.ID)
	}
	assert.Equal(t, "4.6 Init Add Stored Payment Option … Body: partnerReference Y", PlainQuote("### 4.6 Init Add Stored Payment Option … Body: partnerReference Y"))
}
