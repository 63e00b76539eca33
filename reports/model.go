// Package reports turns a run's results into what its readers need: the
// verdict with the waivers applied (waivers.go), the documented and
// versioned report.json (report.go, schemas/report.schema.json), a
// self-contained report.html for auditors, a junit.xml for CI and the
// summary.md of a CI job. Every writer works from a *Report, so the other
// files can be regenerated from report.json.
package reports

import (
	"github.com/wallet-conformance/wallet-conformance/record"
	"github.com/wallet-conformance/wallet-conformance/rules"
)

// The model of a run lives in package record (one model, many writers);
// these names keep the report writers' vocabulary.
type (
	Status         = record.Status
	Result         = record.Run
	ScenarioResult = record.Scenario
	StepResult     = record.Step
	Blocker        = record.Blocker
	Advice         = record.Advice
)

// Statuses of a scenario (record.Status): an append-only list.
const (
	Passed     = record.Passed
	Failed     = record.Failed
	Warning    = record.Warning
	NotClaimed = record.NotClaimed
	Skipped    = record.Skipped
	Error      = record.Error
	Blocked    = record.Blocked
)

// Verdicts of a run (record): an append-only list.
const (
	Conformant            = record.Conformant
	NotConformant         = record.NotConformant
	ConformantWithWaivers = record.ConformantWithWaivers
	VerdictError          = record.VerdictError
	NoScenarioRun         = record.NoScenarioRun
)

// Counting, Executed, DeriveVerdict and Statuses are record's.
var (
	Counting      = record.Counting
	Executed      = record.Executed
	DeriveVerdict = record.DeriveVerdict
	Statuses      = record.Statuses
)

// ClauseLess orders clause tags as the spec does: A before B, then by each
// number ("A-4.2" < "A-4.10"), as rules.Less orders rule ids.
func ClauseLess(a, b string) bool { return rules.Less(a, b) }
