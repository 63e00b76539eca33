package record

// Status is the result level of one scenario. The values are a stable,
// append-only list: reports and CI jobs match on them.
type Status string

const (
	Passed     Status = "PASSED"      // every check held
	Failed     Status = "FAILED"      // a normative check broke
	Warning    Status = "WARNING"     // an @advisory scenario failed; never fails the verdict
	NotClaimed Status = "NOT CLAIMED" // excluded by the profile's scope
	Skipped    Status = "SKIPPED"     // the profile lacks what the scenario needs
	Error      Status = "ERROR"       // infrastructure: no connection, timeout, unreadable response; or a step the suite cannot run
	// Blocked: the scenario's setup failed (a Given step, or a call made
	// only to reach a state), so it could not judge its own rule: the
	// operation that failed is named (Scenario.BlockedBy), and its own
	// scenarios judge it. A blocked normative scenario still fails the
	// verdict: its clause was not verified.
	Blocked Status = "BLOCKED"
)

// Statuses lists every status in report order.
func Statuses() []Status {
	return []Status{Passed, Failed, Blocked, Error, Warning, Skipped, NotClaimed}
}

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
