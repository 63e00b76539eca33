// Package reports turns a run's results into what its readers need: the
// verdict with the waivers applied (waivers.go), the documented and
// versioned report.json (report.go, schemas/report.schema.json), a
// self-contained report.html for auditors, a junit.xml for CI and the
// summary.md of a CI job. Every writer works from a *Report, so the other
// files can be regenerated from report.json.
package reports

import (
	"sort"
	"time"

	"github.com/wallet-conformance/wallet-conformance/steps/target"
)

// Status is the result level of one scenario. The values are a stable,
// append-only list: reports and CI jobs match on them.
type Status string

const (
	Passed     Status = "PASSED"      // every check held
	Failed     Status = "FAILED"      // a normative check broke
	Warning    Status = "WARNING"     // an @advisory scenario failed; never fails the verdict
	NotClaimed Status = "NOT CLAIMED" // excluded by the profile's scope
	Skipped    Status = "SKIPPED"     // the profile lacks what the scenario needs
	Error      Status = "ERROR"       // infrastructure: no connection, timeout, unreadable response
)

// Verdicts of a run. Like the statuses, an append-only list.
const (
	Conformant    = "CONFORMANT"
	NotConformant = "NOT CONFORMANT"
	// ConformantWithWaivers: every normative scenario in scope passed,
	// except FAILED or ERROR ones that an unexpired waiver covers (at least one).
	ConformantWithWaivers = "CONFORMANT WITH WAIVERS"
)

// ScenarioResult is the outcome of one scenario.
type ScenarioResult struct {
	ID       string        `json:"id"` // file.feature:line
	Feature  string        `json:"feature"`
	Name     string        `json:"name"`
	Tags     []string      `json:"tags"`
	Clauses  []string      `json:"clauses"`
	Advisory bool          `json:"advisory"`
	Status   Status        `json:"status"`
	Message  string        `json:"message,omitempty"` // why it did not pass, secrets redacted
	Duration time.Duration `json:"-"`
	Steps    []StepResult  `json:"steps"`
	// Waiver is the waiver that covers this FAILED or ERROR scenario, set
	// by ApplyWaivers; the status stays FAILED or ERROR.
	Waiver *Waiver `json:"waiver,omitempty"`
}

// StepResult is one step of a scenario with the HTTP exchanges it made.
type StepResult struct {
	Text      string            `json:"text"`
	Status    string            `json:"status"`
	Error     string            `json:"error,omitempty"`
	Exchanges []target.Exchange `json:"exchanges"`
	// Waited is how long the step waited for the target's clock to turn.
	Waited time.Duration `json:"waited,omitempty"`
	// Advice lists the step's advisory checks that did not hold.
	Advice []Advice `json:"advice,omitempty"`
}

// Advice is an advisory check that did not hold: a rule the spec implies
// without stating it. It makes a scenario a WARNING, never a failure.
type Advice struct {
	Rule    string `json:"rule"`    // the rule's id, e.g. "A-4.2#7"
	Message string `json:"message"` // expected versus got
}

// Exchanges returns every exchange of the scenario in order.
func (s ScenarioResult) Exchanges() []target.Exchange {
	var out []target.Exchange
	for _, st := range s.Steps {
		out = append(out, st.Exchanges...)
	}
	return out
}

// Result is a whole run.
type Result struct {
	Target    string           `json:"target"`
	Started   time.Time        `json:"started"`
	Duration  time.Duration    `json:"durationNs"`
	Scenarios []ScenarioResult `json:"scenarios"` // in feature file order
}

// Verdict is NOT CONFORMANT when a FAILED or ERROR scenario is not
// waived, CONFORMANT WITH WAIVERS when every such scenario is waived and
// at least one is, and CONFORMANT otherwise. WARNING, SKIPPED and NOT
// CLAIMED never change it.
func (r *Result) Verdict() string {
	waived := false
	for _, s := range r.Scenarios {
		if s.Status != Failed && s.Status != Error {
			continue
		}
		if s.Waiver == nil {
			return NotConformant
		}
		waived = true
	}
	if waived {
		return ConformantWithWaivers
	}
	return Conformant
}

// Counts returns how many scenarios ended in each status.
func (r *Result) Counts() map[Status]int {
	c := map[Status]int{}
	for _, s := range r.Scenarios {
		c[s.Status]++
	}
	return c
}

// Statuses lists every status in report order.
func Statuses() []Status { return []Status{Passed, Failed, Error, Warning, Skipped, NotClaimed} }

// ClauseRow is one clause tag with its scenarios' results.
type ClauseRow struct {
	Clause string
	Counts map[Status]int
	Total  int
}

// ByClause groups results by clause tag, in the spec's clause order.
func (r *Result) ByClause() []ClauseRow {
	idx := map[string]*ClauseRow{}
	var order []string
	for _, s := range r.Scenarios {
		for _, c := range s.Clauses {
			row, ok := idx[c]
			if !ok {
				row = &ClauseRow{Clause: c, Counts: map[Status]int{}}
				idx[c] = row
				order = append(order, c)
			}
			row.Counts[s.Status]++
			row.Total++
		}
	}
	sort.Slice(order, func(i, j int) bool { return ClauseLess(order[i], order[j]) })
	rows := make([]ClauseRow, len(order))
	for i, c := range order {
		rows[i] = *idx[c]
	}
	return rows
}

// ClauseLess orders clause tags as the spec does: A before B, then by each
// number ("A-4.2" < "A-4.10").
func ClauseLess(a, b string) bool {
	ka, kb := clauseKey(a), clauseKey(b)
	for i := 0; i < len(ka) && i < len(kb); i++ {
		if ka[i] != kb[i] {
			return ka[i] < kb[i]
		}
	}
	return len(ka) < len(kb)
}

func clauseKey(c string) []int {
	var key []int
	n, inNum := 0, false
	for _, r := range c {
		switch {
		case r >= '0' && r <= '9':
			n, inNum = n*10+int(r-'0'), true
		case inNum:
			key, n, inNum = append(key, n), 0, false
		}
	}
	if inNum {
		key = append(key, n)
	}
	if len(c) > 0 {
		key = append([]int{int(c[0])}, key...)
	}
	return key
}
