package reports

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/wallet-conformance/wallet-conformance/record"
)

// TestCallCountsTellTheParts counts each part of a run by its scenarios'
// tags, as the explore and sweep packages tag them: an exploration's
// concurrent round (tagged explore and concurrent, explore/report.go) is a
// concurrency check, not the exploration's property runs.
func TestCallCountsTellTheParts(t *testing.T) {
	ex := func(n int) []record.Step {
		st := record.Step{Text: "a step", Status: "passed"}
		for range n {
			st.Exchanges = append(st.Exchanges, createAccountExchange(0))
		}
		return []record.Step{st}
	}
	r := &record.Run{Scenarios: []record.Scenario{
		{ID: "a.feature:3", Tags: []string{"A-4.2"}, Status: record.Passed, Steps: ex(1)},
		{ID: "explore-1.run:1", Tags: []string{"explore", "A-4.2"}, Status: record.Passed, Steps: ex(2)},
		{ID: "explore-1.concurrent:1", Tags: []string{"explore", "concurrent", "B-4.15"}, Status: record.Passed, Steps: ex(3)},
		{ID: "sweep:1", Tags: []string{"sweep", "A-4.2"}, Status: record.Passed, Steps: ex(4)},
		{ID: "valid-sweep:1", Tags: []string{"sweep", "valid-sweep", "A-4.2"}, Status: record.Passed, Steps: ex(5)},
	}}
	rep := Build(r, testMeta(), nil, nil)
	assert.Equal(t, CallCounts{Total: 15, Scenarios: 1, Exploration: 2, Concurrency: 3, BadInputSweep: 4, ValidSweep: 5}, *rep.Calls)
}
