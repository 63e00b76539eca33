package reports

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/wallet-conformance/wallet-conformance/record"
)

// WriteSummary writes summary.md for a result alone (no run metadata, the
// waivers already applied to r, none reported): see WriteSummaryReport.
func WriteSummary(w io.Writer, r *record.Run) error {
	return WriteSummaryReport(w, Build(r, record.Meta{}, nil, nil))
}

// WriteSummaryReport writes summary.md, fit for a CI job summary: the
// verdict, the counts, what went wrong grouped by cause, the result of
// every clause of Documents A and B, what did not pass (FAILED, ERROR and
// WARNING scenarios, each with the rules it checks, quoted), the waivers (applied, expired, unused) and the
// slowest call against the call allowance.
func WriteSummaryReport(w io.Writer, rep *Report) error {
	var b strings.Builder
	fmt.Fprintf(&b, "# Wallet Payments Service conformance: %s\n\n", rep.Verdict)
	lines := []string{"Target: `" + rep.Target + "`", "Started: " + rep.Time, "Duration: " + formatMs(rep.DurationMs)}
	if rep.RunID != "" {
		lines = append(lines, "Run: `"+rep.RunID+"`")
	}
	if rep.Suite.Version != "" {
		lines = append(lines, "Suite: "+rep.Suite.Version)
	}
	b.WriteString(strings.Join(lines, "  \n") + "\n\n")
	for _, line := range rep.ScopeLines() {
		fmt.Fprintf(&b, "> **Scope:** %s\n\n", line)
	}
	for _, line := range rep.WaiverLines() {
		fmt.Fprintf(&b, "> **Waiver:** %s\n\n", line)
	}
	for _, n := range rep.Notices {
		fmt.Fprintf(&b, "> **Notice:** %s\n\n", n)
	}
	b.WriteString("| Status | Scenarios |\n|---|---|\n")
	for _, s := range record.Statuses() {
		fmt.Fprintf(&b, "| %s | %d |\n", s, rep.Counts.ByStatus[s])
	}
	fmt.Fprintf(&b, "| total | %d |\n", rep.Counts.Total)
	if rep.Counts.Waived > 0 {
		fmt.Fprintf(&b, "| of them waived | %d |\n", rep.Counts.Waived)
	}
	b.WriteString("\n")
	if l, ok := rep.Slowest(); ok {
		fmt.Fprintf(&b, "Latency: the slowest call took %s (%s, median %s over %d call(s)); the call allowance is %s.\n\n",
			formatMs(l.MaxMs), l.Operation, formatMs(l.MedianMs), l.Count, rep.CallAllowance)
	} else {
		fmt.Fprintf(&b, "Latency: no call was made; the call allowance is %s.\n\n", rep.CallAllowance)
	}

	if w := rep.Waited.Text(); w != "" {
		b.WriteString("Waits: " + w + "\n\n")
	}
	if rep.Aborted != nil {
		fmt.Fprintf(&b, "## The run could not be carried out\n\n```\n%s\n```\n\n", rep.Aborted.Reason)
	}
	if len(rep.Causes) > 0 {
		b.WriteString("## What went wrong\n\nThe scenarios that failed, were blocked or ended in an error, grouped by cause; root causes first.\n\n| Cause | Answer | Failed | Blocked | Errors | Example |\n|---|---|---|---|---|---|\n")
		for _, c := range rep.Causes {
			what := "(no call)"
			switch {
			case c.Input != "":
				what = c.Input + ", in `" + strings.Join(c.Operations, "`, `") + "`"
			case c.Operation != "":
				what = "`" + c.Operation + "`" + strings.TrimPrefix(c.Title(), c.Operation)
			}
			if !c.Root {
				what += ", blocked only"
			}
			fmt.Fprintf(&b, "| %s | %s | %d | %d | %d | %s |\n", what, mdCell(c.Answer), c.Failed, c.Blocked, c.Errors, mdCell(c.Message))
		}
		b.WriteString("\n")
		// The profile settings the causes' evidence points to.
		for i, c := range rep.Causes {
			for _, h := range c.Hints {
				fmt.Fprintf(&b, "- Cause %d (%s): the profile setting `%s` would change it: %s\n", i+1, mdCell(c.Title()), h.Setting, mdCell(h.Why))
			}
		}
		if slices.ContainsFunc(rep.Causes, func(c Cause) bool { return len(c.Hints) > 0 }) {
			b.WriteString("\n")
		}
		// Each cause's rule and call: the request beside the response.
		for i, c := range rep.Causes {
			ex, exchanges, ok := rep.CauseExample(c)
			if !ok {
				continue
			}
			fmt.Fprintf(&b, "<details><summary>%d. %s: %s (<code>%s</code>)</summary>\n\n", i+1, htmlText(c.Title()), htmlText(c.Answer), htmlText(ex.ID))
			if level, quote, ok := RuleQuote(ex.Broke); ok {
				fmt.Fprintf(&b, "Broken rule %s (%s): “%s”\n\n", ex.Broke, level, mdCell(quote))
			}
			if len(exchanges) > 0 {
				fmt.Fprintf(&b, "```\n%s```\n\n", strings.ReplaceAll(ExchangeText(exchanges, "", summaryBody, true), "```", "`‵`"))
			}
			b.WriteString("</details>\n\n")
		}
	}

	b.WriteString("## Clauses\n\nEvery clause of Documents A and B, with the scenarios that check it.\n\n| Clause | Title | Scenarios | Passed | Failed | Blocked | Error | Warning | Skipped | Not claimed | Result |\n|---|---|---|---|---|---|---|---|---|---|---|\n")
	for _, c := range rep.Clauses {
		switch c.Result {
		case ClauseLeftEmpty:
			fmt.Fprintf(&b, "| %s | %s | 0 | | | | | | | | the spec leaves it empty |\n", c.Tag, c.Title)
			continue
		case ClauseUntested:
			fmt.Fprintf(&b, "| %s | %s | 0 | | | | | | | | **untested** |\n", c.Tag, c.Title)
			continue
		case ClauseNotSelected:
			fmt.Fprintf(&b, "| %s | %s | 0 | | | | | | | | not selected in this run |\n", c.Tag, c.Title)
			continue
		}
		res := c.Result
		switch {
		case res == ClauseFail && clauseAllWaived(c):
			res = "fail (waived)"
		case res == ClauseFail || res == ClauseBlocked:
			res = "**" + res + "**"
		}
		fmt.Fprintf(&b, "| %s | %s | %d | %d | %d | %d | %d | %d | %d | %d | %s |\n", c.Tag, c.Title, len(c.Scenarios),
			c.Count(record.Passed), c.Count(record.Failed), c.Count(record.Blocked), c.Count(record.Error), c.Count(record.Warning), c.Count(record.Skipped), c.Count(record.NotClaimed), res)
	}

	var problems []ScenarioReport
	for _, s := range rep.Scenarios {
		if s.Status == record.Failed || s.Status == record.Error || s.Status == record.Warning {
			problems = append(problems, s)
		}
	}
	if len(problems) > 0 {
		b.WriteString("\n## Did not pass\n\n")
		for _, s := range problems {
			waived := ""
			if s.Waiver != nil {
				waived = fmt.Sprintf(" (waived until %s: %s)", s.Waiver.Expires, s.Waiver.Justification)
			}
			fmt.Fprintf(&b, "- **%s**%s `%s` %s (%s)\n", s.Status, waived, s.ID, s.Name, strings.Join(s.Clauses, ", "))
			if s.Broke != "" {
				if r := ruleViews([]string{s.Broke})[0]; r.Level != "" {
					fmt.Fprintf(&b, "  - broken rule %s (%s): “%s”\n", r.ID, r.Level, mdCell(r.Quote))
				}
			}
			for _, r := range ruleViews(s.Rules) {
				if r.Level != "" {
					fmt.Fprintf(&b, "  - rule %s (%s): “%s”\n", r.ID, r.Level, mdCell(r.Quote))
				}
			}
			if s.Message != "" {
				msg := s.Message
				if len(msg) > 1500 {
					msg = msg[:1500] + "...(cut)"
				}
				fmt.Fprintf(&b, "  ```\n  %s\n  ```\n", strings.ReplaceAll(msg, "\n", "\n  "))
			}
		}
	}

	if len(rep.Waivers) > 0 {
		b.WriteString("\n## Waivers\n\n| Waiver | Expires | State | Scenarios waived | Justification |\n|---|---|---|---|---|\n")
		for _, ws := range rep.Waivers {
			ids := make([]string, len(ws.Waived))
			for i, id := range ws.Waived {
				ids[i] = "`" + id + "`"
			}
			state := ws.State
			if ws.State != WaiverApplied {
				state = "**" + ws.State + "**: " + ws.Reason
			}
			fmt.Fprintf(&b, "| `%s` | %s | %s | %s | %s |\n", ws.Waiver.Target(), ws.Waiver.Expires, state,
				strings.Join(ids, " "), mdCell(ws.Waiver.Justification))
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// clauseAllWaived reports whether every FAILED, ERROR or BLOCKED scenario
// of a clause is waived.
func clauseAllWaived(c ClauseReport) bool {
	for _, s := range c.Scenarios {
		if (s.Status == record.Failed || s.Status == record.Error || s.Status == record.Blocked) && !s.Waived {
			return false
		}
	}
	return true
}

// summaryBody is how much of a body summary.md shows of a cause's call.
const summaryBody = 2000

// htmlText escapes text for the HTML summary.md holds (details summaries).
func htmlText(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;").Replace(s)
}

func mdCell(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "|", `\|`), "\n", " ")
}

// formatMs writes milliseconds for people: "850 ms", "1.234 s".
func formatMs(v float64) string {
	switch {
	case v < 10:
		return fmt.Sprintf("%.2f ms", v)
	case v < 1000:
		return fmt.Sprintf("%.0f ms", v)
	}
	return fmt.Sprintf("%.3f s", v/1000)
}
