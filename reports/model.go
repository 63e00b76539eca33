// Package reports writes the model of a run (package record) for its
// readers: the verdict with the waivers applied (waivers.go), the
// documented and versioned report.json (report.go,
// schemas/report.schema.json) with its evidence store, a self-contained
// report.html for auditors, a junit.xml for CI, the summary.md of a CI job
// and cucumber.json for Cucumber tools (cucumber.go). Build derives from a
// run the *Report every writer works from, so the files agree on every
// scenario, and they can be regenerated from report.json (merge reads it
// back into the model).
package reports

import "github.com/wallet-conformance/wallet-conformance/rules"

// ClauseLess orders clause tags as the spec does: A before B, then by each
// number ("A-4.2" < "A-4.10"), as rules.Less orders rule ids.
func ClauseLess(a, b string) bool { return rules.Less(a, b) }
