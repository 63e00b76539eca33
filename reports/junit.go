package reports

import (
	"encoding/xml"
	"fmt"
	"io"
	"strings"

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

// WriteJUnit writes junit.xml. Each test case carries properties: "id"
// (the scenario ID), one "clause" per clause tag, "advisory" for an
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
		c.Properties = append(c.Properties, junitProperty{Name: "id", Value: s.ID}, junitProperty{Name: "key", Value: s.StableKey()})
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
	if _, err := io.WriteString(w, xml.Header); err != nil {
		return err
	}
	enc := xml.NewEncoder(w)
	enc.Indent("", "  ")
	if err := enc.Encode(root); err != nil {
		return err
	}
	_, err := io.WriteString(w, "\n")
	return err
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
