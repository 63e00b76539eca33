package reports

import (
	"bufio"
	"encoding/xml"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/wallet-conformance/wallet-conformance/record"
)

// JUnit XML, as CI systems read it: one <testsuite> per feature file, one
// <testcase> per scenario. Only FAILED and ERROR scenarios that no waiver
// covers are failures (<failure>) and errors (<error>); WARNING and waived
// scenarios pass with a <system-out> that says why; SKIPPED and NOT
// CLAIMED are <skipped>.
type junitSuites struct {
	XMLName  xml.Name     `xml:"testsuites"`
	Name     string       `xml:"name,attr"`
	Tests    int          `xml:"tests,attr"`
	Failures int          `xml:"failures,attr"`
	Errors   int          `xml:"errors,attr"`
	Skipped  int          `xml:"skipped,attr"`
	Time     string       `xml:"time,attr"`
	Suites   []junitSuite `xml:"testsuite"`
}

type junitSuite struct {
	Name      string      `xml:"name,attr"`
	File      string      `xml:"file,attr"`
	Tests     int         `xml:"tests,attr"`
	Failures  int         `xml:"failures,attr"`
	Errors    int         `xml:"errors,attr"`
	Skipped   int         `xml:"skipped,attr"`
	Time      string      `xml:"time,attr"`
	Timestamp string      `xml:"timestamp,attr,omitempty"`
	Cases     []junitCase `xml:"testcase"`
}

type junitCase struct {
	Name       string          `xml:"name,attr"`
	Classname  string          `xml:"classname,attr"`
	File       string          `xml:"file,attr"`
	Time       string          `xml:"time,attr"`
	Properties []junitProperty `xml:"properties>property"`
	Failure    *junitProblem   `xml:"failure"`
	Error      *junitProblem   `xml:"error"`
	Skipped    *junitSkipped   `xml:"skipped"`
	SystemOut  string          `xml:"system-out,omitempty"`
}

type junitProperty struct {
	Name  string `xml:"name,attr"`
	Value string `xml:"value,attr"`
}

type junitProblem struct {
	Message string `xml:"message,attr"`
	Type    string `xml:"type,attr"`
	Text    string `xml:",chardata"`
}

type junitSkipped struct {
	Message string `xml:"message,attr"`
}

// WriteJUnit writes junit.xml, compact. Each test case carries properties:
// "id" (the scenario ID), "key" when the scenario's key is not its file
// and name (record.ScenarioKey of the case's file and name attributes, the
// key a waiver names it by, as it is for every scenario of a feature
// file), one "clause" per clause tag, "advisory" for an
// advisory scenario, and "waiver" (its expiry and justification) when a
// waiver covers it. The scenario's status is what its elements say (no
// CI tool reads a property for it, so none repeats it): none for PASSED;
// <failure type="FAILED">; <error> whose type is ERROR or BLOCKED; a
// <system-out> that begins with "WARNING" or, for a waived scenario, with
// its status; <skipped> whose message begins with "SKIPPED" or "NOT
// CLAIMED". The output is a function of the report alone.
func WriteJUnit(w io.Writer, rep *Report) error {
	root := junitSuites{Name: "wallet-conformance"}
	var totalMs float64
	suiteOf := map[string]int{} // feature file -> index in root.Suites, lookups only
	suiteMs := map[string]float64{}
	for _, s := range rep.Scenarios {
		file := s.File()
		i, ok := suiteOf[file]
		if !ok {
			i = len(root.Suites)
			suiteOf[file] = i
			root.Suites = append(root.Suites, junitSuite{Name: s.Feature, File: file, Timestamp: rep.Time})
		}
		suite := &root.Suites[i]
		c := junitCase{Name: s.Name, Classname: s.Feature, File: file, Time: seconds(s.DurationMs)}
		c.Properties = append(c.Properties, junitProperty{Name: "id", Value: s.ID})
		if k := s.StableKey(); k != record.ScenarioKey(file, s.Name) {
			c.Properties = append(c.Properties, junitProperty{Name: "key", Value: k})
		}
		for _, cl := range s.Clauses {
			c.Properties = append(c.Properties, junitProperty{Name: "clause", Value: cl})
		}
		if s.Advisory {
			c.Properties = append(c.Properties, junitProperty{Name: "advisory", Value: "true"})
		}
		if s.Waiver != nil {
			c.Properties = append(c.Properties, junitProperty{Name: "waiver", Value: fmt.Sprintf("until %s: %s", s.Waiver.Expires, s.Waiver.Justification)})
		}
		suite.Tests++
		switch {
		case s.Failing() && s.Status == record.Failed:
			c.Failure = &junitProblem{Message: firstLine(s.Message), Type: string(s.Status), Text: s.Message}
			suite.Failures++
		case s.Failing():
			c.Error = &junitProblem{Message: firstLine(s.Message), Type: string(s.Status), Text: s.Message}
			suite.Errors++
		case s.Waiver != nil:
			c.SystemOut = fmt.Sprintf("%s, waived until %s (%s): %s\n\n%s", s.Status, s.Waiver.Expires, s.Waiver.Target(), s.Waiver.Justification, s.Message)
		case s.Status == record.Warning:
			c.SystemOut = "WARNING: an @advisory rule (implied, not stated by the spec) did not hold; it does not fail the verdict.\n\n" + s.Message
		case s.Status == record.Skipped:
			c.Skipped = &junitSkipped{Message: "SKIPPED: " + s.Message}
			suite.Skipped++
		case s.Status == record.NotClaimed:
			c.Skipped = &junitSkipped{Message: "NOT CLAIMED: excluded by the profile's scope"}
			suite.Skipped++
		}
		suite.Cases = append(suite.Cases, c)
		suiteMs[file] += s.DurationMs
		totalMs += s.DurationMs
	}
	for i := range root.Suites {
		s := &root.Suites[i]
		s.Time = seconds(suiteMs[s.File])
		root.Tests += s.Tests
		root.Failures += s.Failures
		root.Errors += s.Errors
		root.Skipped += s.Skipped
	}
	root.Time = seconds(totalMs)
	bw := bufio.NewWriterSize(w, 1<<16)
	root.write(bw)
	return bw.Flush()
}

// write writes the document compact, as CI tools read it: one line per
// suite and per test case, no indentation, empty elements closed in
// place (the indented output of encoding/xml was a third of the file).
func (root *junitSuites) write(w *bufio.Writer) {
	w.WriteString(xml.Header)
	fmt.Fprintf(w, `<testsuites name="%s" tests="%d" failures="%d" errors="%d" skipped="%d" time="%s">`+"\n",
		xmlAttr(root.Name), root.Tests, root.Failures, root.Errors, root.Skipped, root.Time)
	for _, s := range root.Suites {
		fmt.Fprintf(w, `<testsuite name="%s" file="%s" tests="%d" failures="%d" errors="%d" skipped="%d" time="%s"`,
			xmlAttr(s.Name), xmlAttr(s.File), s.Tests, s.Failures, s.Errors, s.Skipped, s.Time)
		if s.Timestamp != "" {
			fmt.Fprintf(w, ` timestamp="%s"`, xmlAttr(s.Timestamp))
		}
		w.WriteString(">\n")
		for _, c := range s.Cases {
			fmt.Fprintf(w, `<testcase name="%s" classname="%s" file="%s" time="%s">`, xmlAttr(c.Name), xmlAttr(c.Classname), xmlAttr(c.File), c.Time)
			if len(c.Properties) > 0 {
				w.WriteString("<properties>")
				for _, p := range c.Properties {
					fmt.Fprintf(w, `<property name="%s" value="%s"/>`, xmlAttr(p.Name), xmlAttr(p.Value))
				}
				w.WriteString("</properties>")
			}
			for _, p := range []struct {
				tag string
				pr  *junitProblem
			}{{"failure", c.Failure}, {"error", c.Error}} {
				if p.pr != nil {
					fmt.Fprintf(w, "\n"+`<%s message="%s" type="%s">%s</%s>`, p.tag, xmlAttr(p.pr.Message), xmlAttr(p.pr.Type), xmlText(p.pr.Text, false), p.tag)
				}
			}
			if c.Skipped != nil {
				fmt.Fprintf(w, `<skipped message="%s"/>`, xmlAttr(c.Skipped.Message))
			}
			if c.SystemOut != "" {
				fmt.Fprintf(w, "\n<system-out>%s</system-out>", xmlText(c.SystemOut, false))
			}
			w.WriteString("</testcase>\n")
		}
		w.WriteString("</testsuite>\n")
	}
	w.WriteString("</testsuites>\n")
}

func xmlAttr(s string) string { return xmlText(s, true) }

// xmlText escapes s for XML character data, or for an attribute value in
// double quotes (attr), where a line break or tab is a character
// reference so that it survives attribute normalization. A character XML
// cannot hold becomes U+FFFD, as encoding/xml writes it.
func xmlText(s string, attr bool) string {
	clean := true
	for _, r := range s {
		if r == '&' || r == '<' || r == '>' || r == utf8.RuneError || !xmlChar(r) || (attr && (r == '"' || r == '\n' || r == '\r' || r == '\t')) || r == '\r' {
			clean = false
			break
		}
	}
	if clean {
		return s
	}
	var b strings.Builder
	for i, r := range s {
		switch {
		case r == '&':
			b.WriteString("&amp;")
		case r == '<':
			b.WriteString("&lt;")
		case r == '>':
			b.WriteString("&gt;")
		case r == '"' && attr:
			b.WriteString("&#34;")
		case r == '\n' && attr:
			b.WriteString("&#xA;")
		case r == '\r':
			b.WriteString("&#xD;")
		case r == '\t' && attr:
			b.WriteString("&#x9;")
		case r == utf8.RuneError && !strings.HasPrefix(s[i:], "\uFFFD"), !xmlChar(r):
			b.WriteRune('\uFFFD')
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// xmlChar reports whether XML 1.0 allows r in a document.
func xmlChar(r rune) bool {
	return r == 0x09 || r == 0x0A || r == 0x0D || r >= 0x20 && r <= 0xD7FF || r >= 0xE000 && r <= 0xFFFD || r >= 0x10000 && r <= 0x10FFFF
}

func seconds(ms float64) string { return fmt.Sprintf("%.3f", ms/1000) }

// firstLine returns the first line of a message, cut to a length fit for
// an attribute.
func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i]
	}
	if len(s) > 500 {
		s = s[:500] + "..."
	}
	return s
}
