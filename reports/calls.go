package reports

import (
	"fmt"
	"slices"
	"strings"
)

// CallCounts are a run's calls by the part of the run that sent them, as
// its evidence holds them: a certification's cost, part by part.
type CallCounts struct {
	Total       int `json:"total"`
	Scenarios   int `json:"scenarios"`
	Exploration int `json:"exploration"`
	// BadInputSweep and ValidSweep are the two sweeps' calls: the inputs,
	// the fixtures they need and the read-backs.
	BadInputSweep int `json:"badInputSweep"`
	ValidSweep    int `json:"validRequestSweep"`
	// Concurrency is the calls of the scenarios that check concurrent
	// calls (a tag that names concurrency): the exploration's concurrent
	// rounds (tagged explore and concurrent) among them.
	Concurrency int `json:"concurrencyChecks"`
	// Other is the calls no scenario holds (the token of the preflight,
	// an abort's evidence).
	Other int `json:"other"`
}

// The tags that tell the parts of a run apart (explore's and the sweeps'
// scenarios carry them). An exploration's concurrent round carries both
// exploreTag and "concurrent": the concurrency is tested before the
// exploration.
const (
	exploreTag    = "explore"
	sweepTag      = "sweep"
	validSweepTag = "valid-sweep"
)

// callCounts counts the evidence's calls by part; an exchange two
// scenarios share counts once, for the first.
func callCounts(rep *Report) *CallCounts {
	c := &CallCounts{Total: len(rep.exchanges)}
	seen := make([]bool, len(rep.exchanges))
	for _, s := range rep.Scenarios {
		n := 0
		for _, st := range s.Steps {
			for _, i := range st.Exchanges {
				if i >= 0 && i < len(seen) && !seen[i] {
					seen[i] = true
					n++
				}
			}
		}
		switch {
		case slices.Contains(s.Tags, validSweepTag):
			c.ValidSweep += n
		case slices.Contains(s.Tags, sweepTag):
			c.BadInputSweep += n
		case slices.ContainsFunc(s.Tags, func(t string) bool { return strings.Contains(strings.ToLower(t), "concurren") }):
			c.Concurrency += n
		case slices.Contains(s.Tags, exploreTag):
			c.Exploration += n
		default:
			c.Scenarios += n
		}
	}
	c.Other = c.Total - c.Scenarios - c.Exploration - c.BadInputSweep - c.ValidSweep - c.Concurrency
	return c
}

// Line is the counts in one line, as verify prints them.
func (c *CallCounts) Line() string {
	if c == nil {
		return "(not recorded)"
	}
	return fmt.Sprintf("%d: scenarios %d, exploration %d, bad-input sweep %d, valid-request sweep %d, concurrency checks %d, other %d",
		c.Total, c.Scenarios, c.Exploration, c.BadInputSweep, c.ValidSweep, c.Concurrency, c.Other)
}
