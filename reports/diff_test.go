package reports

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wallet-conformance/wallet-conformance/record"
)

func sr(id, name string, st record.Status) ScenarioReport {
	return ScenarioReport{ID: id, Name: name, Clauses: []string{"A-4.2"}, Status: st, Message: name + " went wrong"}
}

func ids(cs []Change) []string {
	out := []string{}
	for _, c := range cs {
		out = append(out, c.ID)
	}
	return out
}

// Every kind of change lands in its list, in NEW's order, and only there.
func TestCompareSortsEveryChange(t *testing.T) {
	waived := func(s ScenarioReport) ScenarioReport { s.Waiver = &record.Waiver{Clause: "A-4.2"}; return s }
	advisory := func(s ScenarioReport) ScenarioReport { s.Advisory = true; return s }
	old := []ScenarioReport{
		sr("a.feature:1", "stays passed", record.Passed),
		sr("a.feature:2", "breaks", record.Passed),
		sr("a.feature:3", "is fixed", record.Failed),
		sr("a.feature:4", "stays failed", record.Failed),
		sr("a.feature:5", "failed now blocked", record.Failed),
		sr("a.feature:6", "passed now warns", record.Passed),
		waived(sr("a.feature:7", "waiver expired", record.Failed)),
		sr("a.feature:8", "now waived", record.Error),
		sr("a.feature:9", "is removed", record.Failed),
		sr("a.feature:10", "errs now skipped", record.Error),
		sr("a.feature:11", "blocked now advisory blocked", record.Blocked),
	}
	new := []ScenarioReport{
		sr("a.feature:1", "stays passed", record.Passed),
		sr("a.feature:2", "breaks", record.Failed),
		sr("a.feature:3", "is fixed", record.Passed),
		sr("a.feature:4", "stays failed", record.Failed),
		sr("a.feature:5", "failed now blocked", record.Blocked),
		advisory(sr("a.feature:6", "passed now warns", record.Warning)),
		sr("a.feature:7", "waiver expired", record.Failed),
		waived(sr("a.feature:8", "now waived", record.Error)),
		sr("a.feature:10", "errs now skipped", record.Skipped),
		advisory(sr("a.feature:11", "blocked now advisory blocked", record.Blocked)),
		sr("a.feature:12", "is new and fails", record.Error),
		sr("a.feature:13", "is new and passes", record.Passed),
	}
	d := CompareScenarios(old, new)
	assert.Equal(t, []string{"a.feature:2", "a.feature:7", "a.feature:12"}, ids(d.NewFailures))
	assert.Equal(t, []string{"a.feature:3", "a.feature:10", "a.feature:11"}, ids(d.Fixed))
	assert.Equal(t, []string{"a.feature:5", "a.feature:6", "a.feature:8"}, ids(d.Changed))
	assert.Equal(t, []string{"a.feature:12", "a.feature:13"}, ids(d.Added))
	assert.Equal(t, []string{"a.feature:9"}, ids(d.Removed))
	assert.Equal(t, 5, d.Failing, "breaks, stays failed, blocked, waiver expired, new and fails")
	assert.Equal(t, 2, d.Known, "stays failed, failed now blocked")
	assert.True(t, d.Regressed())

	fixed := d.Fixed[0]
	assert.Equal(t, record.Failed, fixed.Old)
	assert.Equal(t, record.Passed, fixed.New)
	assert.Equal(t, "is fixed went wrong", fixed.Message, "a fixed scenario shows what was wrong")
	assert.Equal(t, record.Status(""), d.NewFailures[2].Old, "a new scenario has no old level")

	same := CompareScenarios(old, old)
	assert.False(t, same.Regressed())
	assert.Empty(t, same.NewFailures)
	assert.Empty(t, same.Changed)
	assert.Equal(t, same.Failing, same.Known)
}

// A scenario whose lines moved is still itself: it pairs by feature file and
// name, in order, once the IDs do not match.
func TestCompareFollowsMovedScenarios(t *testing.T) {
	old := []ScenarioReport{sr("a.feature:10", "x", record.Passed), sr("a.feature:20", "y", record.Failed), sr("a.feature:30", "y", record.Passed), sr("b.feature:5", "x", record.Passed)}
	new := []ScenarioReport{sr("a.feature:12", "x", record.Passed), sr("a.feature:22", "y", record.Failed), sr("a.feature:32", "y", record.Failed), sr("c.feature:5", "x", record.Passed)}
	d := CompareScenarios(old, new)
	assert.Equal(t, []string{"a.feature:32"}, ids(d.NewFailures))
	assert.Equal(t, "a.feature:30", d.NewFailures[0].OldID)
	assert.Equal(t, 1, d.Known)
	assert.Equal(t, []string{"c.feature:5"}, ids(d.Added), "another file is another scenario")
	assert.Equal(t, []string{"b.feature:5"}, ids(d.Removed))
}

// A scenario inserted above another takes its line, never its identity:
// the baseline's failure at that line stays with the scenario it was (by
// key, or for a report written before keys by file and name), and the
// newcomer's failure is new.
func TestCompareMatchesByKeyNeverByLine(t *testing.T) {
	keyed := func(s ScenarioReport) ScenarioReport { s.Key = record.ScenarioKey(s.File(), s.Name); return s }
	old := []ScenarioReport{sr("a.feature:10", "Later", record.Failed)} // a 2.3 report: no key
	new := []ScenarioReport{keyed(sr("a.feature:10", "Inserted", record.Failed)), keyed(sr("a.feature:14", "Later", record.Failed))}
	d := CompareScenarios(old, new)
	assert.Equal(t, []string{"a.feature:10"}, ids(d.NewFailures), "the scenario now at line 10 is not the one that failed there")
	assert.Equal(t, "Inserted", d.NewFailures[0].Name)
	assert.Equal(t, record.Status(""), d.NewFailures[0].Old)
	assert.Equal(t, 1, d.Known)
	assert.Empty(t, d.Removed)

	// Between two reports with keys, the same.
	d = CompareScenarios([]ScenarioReport{keyed(old[0])}, new)
	assert.Equal(t, []string{"a.feature:10"}, ids(d.NewFailures))
	assert.Equal(t, 1, d.Known)
}

// The diff reads as lists of old -> new levels with the new failures'
// messages, and a closing count; an aborted NEW is a regression.
func TestWriteDiff(t *testing.T) {
	old := Build(testResult(), testMeta(), nil, nil)
	r := testResult()
	r.Scenarios[0].Status, r.Scenarios[0].Message = record.Failed, "expected HTTP 201, got 200\nresponse: ..."
	r.Scenarios[2].Status, r.Scenarios[2].Message = record.Passed, ""
	new := Build(r, testMeta(), nil, nil)
	d := Compare(old, new)
	var b strings.Builder
	require.NoError(t, WriteDiff(&b, d, "OLD", "NEW"))
	assert.Equal(t, `new failures (1):
  PASSED -> FAILED  A-4.02-create-account.feature:10  An account is created
      expected HTTP 201, got 200

fixed (1):
  FAILED -> PASSED  A-4.03-update-account.feature:14  A missing lastName is refused
      expected a handled error (HTTP 400, responseCode 0001), got HTTP 200 with responseCode 0000

OLD -> NEW: 1 new failures, 1 fixed, 0 changed levels, 0 added, 0 removed; 1 of NEW's 2 failures were failing in OLD
`, b.String())

	aborted := Build(&record.Run{Aborted: "the target at x cannot be reached"}, testMeta(), nil, nil)
	d = Compare(old, aborted)
	assert.True(t, d.Regressed())
	assert.Empty(t, d.NewFailures)
	assert.Len(t, d.Removed, len(old.Scenarios))
	b.Reset()
	require.NoError(t, WriteDiff(&b, d, "OLD", "NEW"))
	assert.True(t, strings.HasPrefix(b.String(), "NEW was aborted: the target at x cannot be reached\n"))
}
