package reports

import (
	"fmt"
	"io"
	"strings"
)

// WriteSummary writes summary.md: the verdict, the counts, the result per
// clause tag and what did not pass, for a CI job summary.
func WriteSummary(w io.Writer, r *Result) error {
	var b strings.Builder
	fmt.Fprintf(&b, "# Wallet Payments Service conformance: %s\n\n", r.Verdict())
	fmt.Fprintf(&b, "Target: `%s`  \nStarted: %s  \nDuration: %s\n\n", r.Target, r.Started.UTC().Format("2006-01-02T15:04:05Z07:00"), r.Duration.Round(1e6))
	counts := r.Counts()
	b.WriteString("| Status | Scenarios |\n|---|---|\n")
	for _, s := range Statuses() {
		fmt.Fprintf(&b, "| %s | %d |\n", s, counts[s])
	}
	fmt.Fprintf(&b, "| total | %d |\n\n", len(r.Scenarios))

	b.WriteString("## Clauses\n\n| Clause | Scenarios | Passed | Failed | Error | Warning | Skipped | Not claimed | Result |\n|---|---|---|---|---|---|---|---|---|\n")
	for _, row := range r.ByClause() {
		res := "pass"
		switch {
		case row.Counts[Failed] > 0 || row.Counts[Error] > 0:
			res = "**fail**"
		case row.Counts[Passed] == 0 && row.Counts[Warning] == 0:
			res = "not run"
		case row.Counts[Warning] > 0:
			res = "pass with warnings"
		}
		fmt.Fprintf(&b, "| %s | %d | %d | %d | %d | %d | %d | %d | %s |\n", row.Clause, row.Total,
			row.Counts[Passed], row.Counts[Failed], row.Counts[Error], row.Counts[Warning], row.Counts[Skipped], row.Counts[NotClaimed], res)
	}

	var problems []ScenarioResult
	for _, s := range r.Scenarios {
		if s.Status == Failed || s.Status == Error || s.Status == Warning {
			problems = append(problems, s)
		}
	}
	if len(problems) > 0 {
		b.WriteString("\n## Did not pass\n\n")
		for _, s := range problems {
			fmt.Fprintf(&b, "- **%s** `%s` %s (%s)\n", s.Status, s.ID, s.Name, strings.Join(s.Clauses, ", "))
			if s.Message != "" {
				msg := s.Message
				if len(msg) > 1500 {
					msg = msg[:1500] + "...(cut)"
				}
				fmt.Fprintf(&b, "  ```\n  %s\n  ```\n", strings.ReplaceAll(msg, "\n", "\n  "))
			}
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}
