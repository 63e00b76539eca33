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

	b.WriteString("## Clauses\n\nEvery clause of Documents A and B, with the scenarios that check it.\n\n| Clause | Title | Scenarios | Passed | Failed | Error | Warning | Skipped | Not claimed | Result |\n|---|---|---|---|---|---|---|---|---|---|\n")
	rows := map[string]ClauseRow{}
	for _, row := range r.ByClause() {
		rows[row.Clause] = row
	}
	for _, c := range SpecClauses() {
		row, ok := rows[c.Tag]
		switch {
		case c.Empty:
			fmt.Fprintf(&b, "| %s | %s | 0 | | | | | | | the spec leaves it empty |\n", c.Tag, c.Title)
			continue
		case !ok:
			fmt.Fprintf(&b, "| %s | %s | 0 | | | | | | | **untested** |\n", c.Tag, c.Title)
			continue
		}
		res := "pass"
		switch {
		case row.Counts[Failed] > 0 || row.Counts[Error] > 0:
			res = "**fail**"
		case row.Counts[Passed] == 0 && row.Counts[Warning] == 0:
			res = "not run"
		case row.Counts[Warning] > 0:
			res = "pass with warnings"
		}
		fmt.Fprintf(&b, "| %s | %s | %d | %d | %d | %d | %d | %d | %d | %s |\n", row.Clause, c.Title, row.Total,
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
