// Package reports turns a run's results into what its readers need: the
// verdict with the waivers applied (waivers.go), the documented and
// versioned report.json (report.go, schemas/report.schema.json), a
// self-contained report.html for auditors, a junit.xml for CI and the
// summary.md of a CI job. Every writer works from a *Report, so the other
// files can be regenerated from report.json.
package reports

import (
	"time"

	"github.com/wallet-conformance/wallet-conformance/rules"
	"github.com/wallet-conformance/wallet-conformance/target"
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
	// Blocked: the scenario's setup failed (a Given step, or a call made
	// only to reach a state), so it could not judge its own rule; the
	// operation that failed is named (ScenarioResult.BlockedBy), and its
	// own scenarios judge it. A blocked normative scenario still fails the
	// verdict: its clause was not verified.
	Blocked Status = "BLOCKED"
)

// Verdicts of a run. Like the statuses, an append-only list.
const (
	Conformant    = "CONFORMANT"
	NotConformant = "NOT CONFORMANT"
	// ConformantWithWaivers: every normative scenario in scope passed,
	// except FAILED or ERROR ones that an unexpired waiver covers (at least one).
	ConformantWithWaivers = "CONFORMANT WITH WAIVERS"
	// VerdictError: the run started but could not be carried out (the
	// target issued no token, the suite itself failed); the report says why.
	VerdictError = "ERROR"
	// NoScenarioRun: the run executed no scenario (the tags, the shard or
	// the scope selected none, or every one was skipped): it says nothing
	// about the target.
	NoScenarioRun = "NO SCENARIO RUN"
)

// Counting reports whether a scenario that ended in st counts against the
// verdict when nothing waives it: FAILED and ERROR always, BLOCKED when the
// scenario is normative (an @advisory scenario never fails the verdict).
func Counting(st Status, advisory bool) bool {
	return st == Failed || st == Error || (st == Blocked && !advisory)
}

// Executed reports whether a scenario that ended in st was carried out
// (it made its checks, or tried to): not SKIPPED and not NOT CLAIMED.
func Executed(st Status) bool { return st != Skipped && st != NotClaimed }

// DeriveVerdict computes a run's verdict from its scenarios: ERROR when the
// run was aborted, NO SCENARIO RUN when none was executed, NOT CONFORMANT
// when a counting scenario (Counting) is not waived, CONFORMANT WITH
// WAIVERS when every counting scenario is waived and at least one is, and
// CONFORMANT otherwise. at returns the i-th scenario's status, whether it
// is @advisory and whether a waiver covers it.
func DeriveVerdict(aborted bool, n int, at func(i int) (st Status, advisory, waived bool)) string {
	if aborted {
		return VerdictError
	}
	executed, waived := 0, false
	for i := 0; i < n; i++ {
		st, advisory, w := at(i)
		if Executed(st) {
			executed++
		}
		if !Counting(st, advisory) {
			continue
		}
		if !w {
			return NotConformant
		}
		waived = true
	}
	switch {
	case executed == 0:
		return NoScenarioRun
	case waived:
		return ConformantWithWaivers
	}
	return Conformant
}

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
	// Waiver is the waiver that covers this FAILED, ERROR or BLOCKED
	// scenario, set by ApplyWaivers; the status stays as it was.
	Waiver *Waiver `json:"waiver,omitempty"`
	// BlockedBy names what blocked a BLOCKED scenario.
	BlockedBy *Blocker `json:"blockedBy,omitempty"`
	// Rules are the ids of the catalogue rules the scenario checks (its rule tags).
	Rules []string `json:"rules,omitempty"`
	// Broke is the rule the failing check named, when it named one: the
	// rule the target broke, of all the scenario checks.
	Broke string `json:"broke,omitempty"`
}

// Blocker is the setup that blocked a scenario: the operation whose call
// failed (with its clause), in which step.
type Blocker struct {
	Operation string `json:"operation"` // operation ID; "" when the setup failed without a call
	Clause    string `json:"clause"`    // the operation's clause, e.g. "A-4.2"; "" without an operation
	Step      string `json:"step"`      // the text of the step that failed
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
	// Checks names, for a step that judged the effect of an earlier call
	// of the scenario (its When) by reading the state back, that call: its
	// position among the scenario's exchanges (Exchanges of every step, in
	// order). The move is what the step judges; its own reads reveal it.
	Checks []int `json:"-"`
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
	// Aborted says why a run that started could not be carried out (the
	// target issued no token, the suite failed); "" for a run that was.
	Aborted string `json:"aborted,omitempty"`
	// AbortEvidence is what the target answered when the run was aborted.
	AbortEvidence []target.Exchange `json:"-"`
	// ReportWriting is how long writing the report files took (set once
	// they are written; not part of Duration).
	ReportWriting time.Duration `json:"-"`
}

// Verdict derives the run's verdict from its scenarios (DeriveVerdict).
// WARNING, SKIPPED and NOT CLAIMED never make it NOT CONFORMANT.
func (r *Result) Verdict() string {
	return DeriveVerdict(r.Aborted != "", len(r.Scenarios), func(i int) (Status, bool, bool) {
		s := r.Scenarios[i]
		return s.Status, s.Advisory, s.Waiver != nil
	})
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
func Statuses() []Status {
	return []Status{Passed, Failed, Blocked, Error, Warning, Skipped, NotClaimed}
}

// ClauseLess orders clause tags as the spec does: A before B, then by each
// number ("A-4.2" < "A-4.10"), as rules.Less orders rule ids.
func ClauseLess(a, b string) bool { return rules.Less(a, b) }
