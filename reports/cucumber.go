package reports

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/wallet-conformance/wallet-conformance/record"
)

// CucumberFile is the name of the cucumber JSON a run writes next to the
// report files.
const CucumberFile = "cucumber.json"

// Gherkin is what cucumber.json shows of the feature files beyond what the
// model of a run holds: each feature's keyword, description, line and tags,
// each scenario's keyword, line and tags with their lines, and each step's
// keyword and line. The runner reads it from the features it ran, merge
// from the suite's features (runner.IndexOf).
type Gherkin struct {
	Features  []GherkinFeature           // in the suite's order
	Scenarios map[string]GherkinScenario // by scenario ID
	// Locate names the step definition a step's text matches, as godog
	// does in match.location ("accounts.go:437"); "" when none matches.
	// nil leaves every location at the step's own place in its feature.
	Locate func(text string) string
}

// GherkinFeature is a feature file as cucumber.json shows it.
type GherkinFeature struct {
	URI         string
	ID          string // godog's: the name, lower case, spaces as "-"
	Keyword     string
	Name        string
	Description string
	Line        int
	Tags        []GherkinTag
}

// GherkinTag is a tag where it is written.
type GherkinTag struct {
	Name string `json:"name"` // with "@"
	Line int    `json:"line"`
}

// GherkinScenario is a scenario (an outline's row counts as one) as
// cucumber.json shows it.
type GherkinScenario struct {
	ID      string // godog's: feature;scenario, and ;examples;row for an outline's row
	Keyword string
	Line    int // of the scenario, or of its example row
	Tags    []GherkinTag
	Steps   []GherkinStep
}

// GherkinStep is a step as its feature file writes it.
type GherkinStep struct {
	Keyword string // as written, with its trailing space: "Given "
	Text    string
	Line    int
}

type cukeFeature struct {
	URI         string        `json:"uri"`
	ID          string        `json:"id"`
	Keyword     string        `json:"keyword"`
	Name        string        `json:"name"`
	Description string        `json:"description"`
	Line        int           `json:"line"`
	Tags        []GherkinTag  `json:"tags,omitempty"`
	Elements    []cukeElement `json:"elements"`
}

type cukeElement struct {
	ID          string       `json:"id"`
	Keyword     string       `json:"keyword"`
	Name        string       `json:"name"`
	Description string       `json:"description"`
	Line        int          `json:"line"`
	Type        string       `json:"type"`
	Tags        []GherkinTag `json:"tags,omitempty"`
	Steps       []cukeStep   `json:"steps"`
}

type cukeStep struct {
	Keyword string     `json:"keyword"`
	Name    string     `json:"name"`
	Line    int        `json:"line"`
	Match   cukeMatch  `json:"match"`
	Result  cukeResult `json:"result"`
}

type cukeMatch struct {
	Location string `json:"location"`
}

type cukeResult struct {
	Status   string `json:"status"` // passed, failed, skipped
	Error    string `json:"error_message,omitempty"`
	Duration int64  `json:"duration,omitempty"` // nanoseconds; absent for a step that did not run
}

// Cucumber's step statuses, as cucumber.json writes them.
const (
	cukePassed  = "passed"
	cukeFailed  = "failed"
	cukeSkipped = "skipped"
)

// WriteCucumber writes cucumber.json: every scenario of rep, grouped by
// feature file in the order of g's features, in cucumber's JSON format
// (features > elements > steps, with keyword, name, line, match.location,
// result.status, result.duration and result.error_message, and tags; an
// undefined, ambiguous or pending step's location is its own place in its
// feature, as godog writes it),
// compact. It is a writer of the same model as report.json, so both say
// the same of every scenario. Cucumber knows no WARNING, BLOCKED, NOT
// CLAIMED or waiver; its step statuses carry the suite's status by one rule:
//
//   - PASSED: every step "passed".
//   - FAILED, ERROR, BLOCKED: the steps before the one that failed
//     "passed", that step "failed" with the scenario's message (why it did
//     not pass, what blocked it) as its error_message, the later steps
//     "skipped". A scenario that ended without a failing step (cut short by
//     --max-duration) fails at the first step it did not complete.
//   - WARNING: the advisory step that failed, or each step whose advisory
//     checks did not hold, "skipped" with the message in error_message;
//     the other steps as they ran ("passed", or "skipped" after the failed
//     one). A CI tool stays green, as the verdict does.
//   - NOT CLAIMED, SKIPPED: every step "skipped", the first with the status
//     and the reason as its error_message.
//
// A waiver changes no status, here as in report.json. A scenario the
// features do not hold (an exploration's finding) is written from the
// model alone: its steps under the keyword "* ", at its own line. g may
// be nil.
func WriteCucumber(w io.Writer, rep *Report, g *Gherkin) error {
	if g == nil {
		g = &Gherkin{}
	}
	rank := make(map[string]int, len(g.Features))
	facts := make(map[string]GherkinFeature, len(g.Features))
	for i, f := range g.Features {
		rank[f.URI] = i
		facts[f.URI] = f
	}
	var features []*cukeFeature
	byURI := map[string]*cukeFeature{}
	for _, s := range rep.Scenarios {
		uri, line := splitID(s.ID)
		f, ok := byURI[uri]
		if !ok {
			gf, known := facts[uri]
			if !known {
				gf = GherkinFeature{URI: uri, ID: cukeID(s.Feature), Keyword: "Feature", Name: s.Feature, Line: 1}
			}
			f = &cukeFeature{URI: uri, ID: gf.ID, Keyword: gf.Keyword, Name: gf.Name, Description: gf.Description, Line: gf.Line, Tags: gf.Tags, Elements: []cukeElement{}}
			byURI[uri] = f
			features = append(features, f)
		}
		gs, known := g.Scenarios[s.ID]
		if !known {
			gs = GherkinScenario{ID: f.ID + ";" + cukeID(s.Name), Keyword: "Scenario", Line: line}
			for _, t := range s.Tags {
				gs.Tags = append(gs.Tags, GherkinTag{Name: "@" + t, Line: line})
			}
			for _, st := range s.Steps {
				gs.Steps = append(gs.Steps, GherkinStep{Keyword: "* ", Text: st.Text, Line: line})
			}
		}
		f.Elements = append(f.Elements, cukeElement{
			ID: gs.ID, Keyword: gs.Keyword, Name: s.Name, Line: gs.Line, Type: "scenario", Tags: gs.Tags,
			Steps: cucumberSteps(s, gs, uri, g.Locate),
		})
	}
	order := func(f *cukeFeature) int {
		if r, ok := rank[f.URI]; ok {
			return r
		}
		return len(rank)
	}
	// A stable insertion sort: the scenarios are already in feature order,
	// so this only moves the features the suite does not know to the end.
	for i := 1; i < len(features); i++ {
		for j := i; j > 0 && order(features[j]) < order(features[j-1]); j-- {
			features[j], features[j-1] = features[j-1], features[j]
		}
	}
	if features == nil {
		features = []*cukeFeature{}
	}
	bw := bufio.NewWriterSize(w, 1<<16)
	enc := json.NewEncoder(bw)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(features); err != nil {
		return err
	}
	return bw.Flush()
}

// cucumberSteps writes the steps of a scenario with the statuses of the
// rule of WriteCucumber.
func cucumberSteps(s ScenarioReport, gs GherkinScenario, uri string, locate func(string) string) []cukeStep {
	steps := gs.Steps
	if len(steps) == 0 && s.Status != record.Passed {
		// A scenario that ended before any step ran (the exploration could
		// not be made) still shows its status.
		steps = []GherkinStep{{Keyword: "* ", Text: "(no step ran)", Line: gs.Line}}
	}
	out := make([]cukeStep, len(steps))
	for i, st := range steps {
		c := cukeStep{Keyword: st.Keyword, Name: st.Text, Line: st.Line, Result: cukeResult{Status: cukePassed}}
		unmatched := false // no one definition ran it: godog then names the step's own place
		if i < len(s.Steps) {
			c.Result.Duration = int64(math.Round(s.Steps[i].DurationMs * 1e6))
			switch s.Steps[i].Status {
			case record.StepUndefined, record.StepAmbiguous, record.StepPending:
				unmatched = true
			}
		}
		if locate != nil && !unmatched {
			c.Match.Location = locate(st.Text)
		}
		if c.Match.Location == "" {
			c.Match.Location = fmt.Sprintf("%s:%d", uri, st.Line)
		}
		out[i] = c
	}
	if len(out) == 0 {
		return out
	}
	failed := -1 // the first step that did not pass, of those that ran
	for i, st := range s.Steps {
		if st.Status != cukePassed && st.Status != cukeSkipped {
			failed = i
			break
		}
	}
	from := func(at int, status, msg string) {
		for i := at; i < len(out); i++ {
			out[i].Result.Status = cukeSkipped
		}
		out[at].Result.Status, out[at].Result.Error = status, msg
	}
	switch s.Status {
	case record.Passed:
	case record.Failed, record.Error, record.Blocked:
		at := failed
		if at < 0 || at >= len(out) {
			at = min(len(s.Steps), len(out)-1) // the first step it did not complete
		}
		from(at, cukeFailed, message(s, at))
	case record.Warning:
		if failed >= 0 && failed < len(out) {
			from(failed, cukeSkipped, message(s, failed))
			break
		}
		for i, st := range s.Steps {
			if i < len(out) && len(st.Advice) > 0 {
				msgs := make([]string, len(st.Advice))
				for j, a := range st.Advice {
					msgs[j] = fmt.Sprintf("advisory %s: %s", a.Rule, a.Message)
				}
				out[i].Result.Status, out[i].Result.Error = cukeSkipped, strings.Join(msgs, "\n")
			}
		}
	default: // SKIPPED, NOT CLAIMED
		msg := string(s.Status)
		if s.Message != "" {
			msg += ": " + s.Message
		}
		from(0, cukeSkipped, msg)
	}
	return out
}

// message is why a scenario did not pass, for the step at which it
// stopped: the scenario's message, else the step's error.
func message(s ScenarioReport, at int) string {
	if s.Message != "" {
		return s.Message
	}
	if at < len(s.Steps) {
		return s.Steps[at].Error
	}
	return string(s.Status)
}

// splitID splits a scenario ID "file.feature:LINE" into its file and line
// (0 when it has none).
func splitID(id string) (string, int) {
	i := strings.LastIndexByte(id, ':')
	if i < 0 {
		return id, 0
	}
	n, err := strconv.Atoi(id[i+1:])
	if err != nil {
		return id, 0
	}
	return id[:i], n
}

// cukeID makes an element ID as godog does: lower case, spaces as "-".
func cukeID(name string) string { return strings.ReplaceAll(strings.ToLower(name), " ", "-") }
