package reports

import (
	"fmt"
	"net/http"
	"regexp"
	"sort"
	"strings"

	"github.com/wallet-conformance/wallet-conformance/record"
)

// CauseExample returns the scenario that shows a cause best, its own
// failure if it has one (else the first scenario it blocked), with the
// exchanges that show why (FailureEvidence: for a move whose effect a read
// revealed, the move first, then the read).
func (rep *Report) CauseExample(c Cause) (ScenarioReport, []record.Exchange, bool) {
	var first *ScenarioReport
	for _, id := range c.Scenarios {
		s, ok := rep.Scenario(id)
		if !ok {
			continue
		}
		if _, _, defect := suiteStep(s); defect {
			return s, nil, true // a step the suite could not run: no call shows it
		}
		if s.Status != record.Blocked {
			_, ex := rep.FailureEvidence(s)
			return s, ex, true
		}
		if first == nil {
			first = &s
		}
	}
	if first == nil {
		return ScenarioReport{}, nil, false
	}
	_, ex := rep.FailureEvidence(*first)
	if first.BlockedBy != nil { // the blocking call, not what came after it
		for i := len(ex) - 1; i >= 0; i-- {
			if ex[i].Operation == first.BlockedBy.Operation {
				ex = ex[:i+1]
				break
			}
		}
	}
	return *first, ex, true
}

// RuleQuote returns a rule's level and the spec's words it quotes, as
// plain text (PlainQuote); ok is false for a rule the catalogue lacks.
func RuleQuote(id string) (level, quote string, ok bool) {
	cat, err := catalogue()
	if err != nil {
		return "", "", false
	}
	r, ok := cat.Rule(id)
	if !ok {
		return "", "", false
	}
	return string(r.Level), PlainQuote(r.Quote), true
}

var (
	quoteHeading = regexp.MustCompile(`(^|… )#{1,6} `)
	quoteCode    = regexp.MustCompile("`([^`]*)`")
)

// PlainQuote is a rule's quote without the markdown of the spec's source:
// no heading marks ("### 4.6 Init Add ..." reads "4.6 Init Add ...") and
// no code backticks; the words stay whole.
func PlainQuote(q string) string {
	q = quoteHeading.ReplaceAllString(q, "$1")
	return quoteCode.ReplaceAllString(q, "$1")
}

// ExchangeText writes exchanges as people read them on a console or in a
// CI summary: each request (method, URL, headers, body) beside its
// response (status, headers, body), secrets redacted as in the report.
// Each line starts with indent; bodies longer than maxBody are cut, with
// how much more the report holds; headers are written when asked.
func ExchangeText(exchanges []record.Exchange, indent string, maxBody int, headers bool) string {
	var b strings.Builder
	for _, ex := range exchanges {
		fmt.Fprintf(&b, "%srequest: %s %s\n", indent, ex.Method, ex.URL)
		if headers {
			writeHeaderLines(&b, indent+"  ", ex.RequestHeaders)
		}
		writeBodyLine(&b, indent+"  ", ex.RequestBody, maxBody)
		if ex.Status == 0 {
			fmt.Fprintf(&b, "%sresponse: none (%s)\n", indent, ex.Error)
			continue
		}
		fmt.Fprintf(&b, "%sresponse: HTTP %d %s (%.0f ms", indent, ex.Status, http.StatusText(ex.Status), ex.LatencyMs())
		if ex.Retries > 0 {
			fmt.Fprintf(&b, ", after %d retries on %s", ex.Retries, strings.Join(ex.RetriedCodes, ", "))
		}
		b.WriteString(")\n")
		if headers {
			writeHeaderLines(&b, indent+"  ", ex.ResponseHeaders)
		}
		writeBodyLine(&b, indent+"  ", ex.ResponseBody, maxBody)
	}
	return b.String()
}

func writeHeaderLines(b *strings.Builder, indent string, h http.Header) {
	names := make([]string, 0, len(h))
	for k := range h {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, k := range names {
		for _, v := range h[k] {
			fmt.Fprintf(b, "%s%s: %s\n", indent, k, v)
		}
	}
}

func writeBodyLine(b *strings.Builder, indent, body string, max int) {
	if body == "" {
		return
	}
	if max > 0 && len(body) > max {
		body = fmt.Sprintf("%s… (%d more bytes in the report)", body[:max], len(body)-max)
	}
	b.WriteString(indent + strings.ReplaceAll(body, "\n", "\n"+indent) + "\n")
}
