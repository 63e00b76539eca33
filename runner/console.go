package runner

import (
	"fmt"
	"io"
	"runtime"
	"strings"
	"sync"

	"github.com/wallet-conformance/wallet-conformance/record"
	"github.com/wallet-conformance/wallet-conformance/reports"
)

// console prints the run's progress in feature order whatever the
// concurrency: a scenario's mark is printed once every scenario before it
// has ended, so two runs of the same target print the same lines.
type console struct {
	w     io.Writer
	index map[string]int // scenario key -> position among the selected

	mu    sync.Mutex // guards marks, next, col
	marks []byte     // 0 until the scenario ended
	next  int        // first position not yet printed
	col   int        // marks printed on the current line

	// snippet is godog's code for the undefined steps of the run, printed
	// last; "" when every step is defined.
	snippet string
	// quiet: no one reads the console (Options.Progress is nil), so finish
	// neither builds nor prints the account of what went wrong.
	quiet bool
}

const consoleWidth = 70

// DefaultConcurrency is how many scenarios run at once by default: the
// suite mostly waits on the target, so a few per CPU, within bounds a
// sandbox can take.
func DefaultConcurrency() int {
	return min(max(4*runtime.NumCPU(), 4), 32)
}

// marks of each result level on the console.
var marks = map[record.Status]byte{
	record.Passed: '.', record.Failed: 'F', record.Blocked: 'B', record.Error: 'E', record.Warning: 'W', record.Skipped: 'S',
}

func newConsole(w io.Writer, selected []Scenario) *console {
	c := &console{w: w, index: make(map[string]int, len(selected)), marks: make([]byte, len(selected))}
	for i, s := range selected {
		c.index[key(s.URI, s.Name)] = i
	}
	return c
}

func key(uri, name string) string { return uri + "\x00" + name }

// ended records a scenario's level and prints every mark that is now due.
func (c *console) ended(uri, name string, st record.Status) {
	c.mu.Lock()
	defer c.mu.Unlock()
	i, ok := c.index[key(uri, name)]
	if !ok {
		return
	}
	c.marks[i] = marks[st]
	for c.next < len(c.marks) && c.marks[c.next] != 0 {
		c.put(c.marks[c.next])
		c.next++
	}
}

// snippets keeps godog's snippet for the undefined steps, to print last.
func (c *console) snippets(text string) {
	c.mu.Lock()
	c.snippet = text
	c.mu.Unlock()
}

// snippetHeading is the line before godog's snippet in its output.
const snippetHeading = "You can implement step definitions for undefined steps with these snippets:"

// godogSnippets returns, of godog's output, the snippet of code it proposes
// for the undefined steps (its heading included); "" when it proposes none.
func godogSnippets(out string) string {
	i := strings.Index(out, snippetHeading)
	if i < 0 {
		return ""
	}
	return strings.TrimSpace(out[i:]) + "\n"
}

func (c *console) put(m byte) {
	fmt.Fprintf(c.w, "%c", m)
	c.col++
	if c.col == consoleWidth {
		fmt.Fprintf(c.w, " %d\n", c.next+1)
		c.col = 0
	}
}

// line prints a line of the work beside the scenarios (the sweep's
// progress) once they have ended: their last line of marks is ended
// first, with its count, as finish ends it.
func (c *console) line(text string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.quiet {
		return
	}
	if c.col > 0 {
		fmt.Fprintf(c.w, "%s %d\n", strings.Repeat(" ", consoleWidth-c.col), c.next)
		c.col = 0
	}
	fmt.Fprintf(c.w, "%s\n", text)
}

// finish ends the progress lines and lists, in feature order, every
// scenario that did not pass. rep is the run's report when its files were
// written (nil: the console builds it from res).
func (c *console) finish(res *record.Run, rep *reports.Report) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for c.next < len(c.marks) { // scenarios that never ended
		c.put('E')
		c.next++
	}
	if c.col > 0 {
		fmt.Fprintf(c.w, "%s %d\n", strings.Repeat(" ", consoleWidth-c.col), c.next)
	}
	if c.quiet {
		return
	}
	// What did not pass, grouped by cause, root causes first: one fault
	// of a target shows once, with how many scenarios it failed or blocked.
	if rep == nil {
		rep = reports.Build(res, record.Meta{}, nil, nil)
	}
	if w := rep.Waited.Text(); w != "" {
		fmt.Fprintf(c.w, "\n%s\n", w)
	}
	if len(rep.Causes) > 0 {
		fmt.Fprintf(c.w, "\nWhat went wrong (%d cause(s), root causes first):\n", len(rep.Causes))
	}
	for i, cause := range rep.Causes {
		what := cause.Title()
		var counts []string
		for _, n := range []struct {
			n    int
			word string
		}{{cause.Failed, "failed"}, {cause.Blocked, "blocked"}, {cause.Errors, "errors"}} {
			if n.n > 0 {
				counts = append(counts, fmt.Sprintf("%d %s", n.n, n.word))
			}
		}
		fmt.Fprintf(c.w, "\n%d. %s: %s: %s\n   %s\n", i+1, what, cause.Answer, strings.Join(counts, ", "), cause.Message)
		// The profile setting the evidence points to, beside the cause.
		for _, h := range cause.Hints {
			fmt.Fprintf(c.w, "   profile: %s\n", h)
		}
		// The rule that broke, whole, and the call that shows it: request
		// beside response, for the deciding fact is often in the request.
		if ex, exchanges, ok := rep.CauseExample(cause); ok {
			if level, quote, ok := reports.RuleQuote(ex.Broke); ok {
				fmt.Fprintf(c.w, "   rule %s (%s): “%s”\n", ex.Broke, level, quote)
			}
			io.WriteString(c.w, reports.ExchangeText(exchanges, "   ", consoleBody, false))
		}
		// The scenarios of the cause's own failures first, then those it blocked.
		var examples []reports.ScenarioReport
		for _, blocked := range []bool{false, true} {
			for _, id := range cause.Scenarios {
				if sc, _ := rep.Scenario(id); (sc.Status == record.Blocked) == blocked {
					examples = append(examples, sc)
				}
			}
		}
		for j, sc := range examples {
			if j == consoleExamples {
				fmt.Fprintf(c.w, "   ... and %d more (report.html lists them)\n", len(examples)-j)
				break
			}
			fmt.Fprintf(c.w, "   %s %s %s\n", sc.Status, sc.ID, sc.Name)
		}
	}
	for _, s := range res.Scenarios {
		if s.Status != record.Warning && s.Status != record.Skipped {
			continue
		}
		msg, _, _ := strings.Cut(s.Message, "\n")
		fmt.Fprintf(c.w, "\n%s %s %s (%s)\n  %s\n", s.Status, s.ID, s.Name, strings.Join(s.Clauses, ", "), msg)
	}
	if c.snippet != "" {
		// A step the suite does not define: godog's code for it, to paste
		// into the domain's file of steps/ (registered there with sc.Step).
		fmt.Fprintf(c.w, "\n%s", c.snippet)
	}
}

// consoleBody is how much of a body the console shows of a cause's call.
const consoleBody = 600

// consoleExamples is how many scenarios of a cause the console names.
const consoleExamples = 5
