package runner

import (
	"fmt"
	"io/fs"
	"strings"

	messages "github.com/cucumber/messages/go/v21"

	"github.com/wallet-conformance/wallet-conformance/reports"
	"github.com/wallet-conformance/wallet-conformance/steps"
)

// GherkinOf reads what cucumber.json shows of the feature files of fsys
// (reports.Gherkin): each feature's and scenario's keyword, lines and tags,
// each step's keyword and line, and the step definitions that match the
// steps' texts.
func GherkinOf(fsys fs.FS) (*reports.Gherkin, error) {
	g := &reports.Gherkin{Scenarios: map[string]reports.GherkinScenario{}, Locate: steps.NewLocator(steps.Definitions()).Locate}
	err := eachFeature(fsys, func(name string, doc *messages.GherkinDocument, pickles []*messages.Pickle) {
		ft := doc.Feature
		f := reports.GherkinFeature{URI: name, ID: cukeID(ft.Name), Keyword: ft.Keyword, Name: ft.Name, Description: ft.Description, Line: int(ft.Location.Line), Tags: tagsOf(ft.Tags)}
		g.Features = append(g.Features, f)
		n := nodesOf(doc)
		for _, p := range pickles {
			sc := n.scenarios[p.AstNodeIds[0]]
			s := reports.GherkinScenario{ID: f.ID + ";" + cukeID(p.Name), Keyword: sc.Keyword, Line: int(sc.Location.Line)}
			if len(p.AstNodeIds) > 1 {
				row := n.rows[p.AstNodeIds[len(p.AstNodeIds)-1]]
				s.ID += fmt.Sprintf(";%s;%d", cukeID(row.examples), row.index+2)
				s.Line = row.line
			}
			for _, t := range p.Tags {
				s.Tags = append(s.Tags, reports.GherkinTag{Name: t.Name, Line: n.tags[t.AstNodeId]})
			}
			for _, st := range p.Steps {
				node := n.steps[st.AstNodeIds[0]]
				s.Steps = append(s.Steps, reports.GherkinStep{Keyword: node.Keyword, Text: st.Text, Line: int(node.Location.Line)})
			}
			g.Scenarios[fmt.Sprintf("%s:%d", name, s.Line)] = s
		}
	})
	if err != nil {
		return nil, err
	}
	return g, nil
}

// gherkinNodes are a document's AST nodes by id.
type gherkinNodes struct {
	scenarios map[string]*messages.Scenario
	steps     map[string]*messages.Step
	tags      map[string]int // tag node id -> line
	rows      map[string]exampleRow
}

type exampleRow struct {
	examples string // the name of its Examples
	index    int    // among the Examples' rows
	line     int
}

func nodesOf(doc *messages.GherkinDocument) gherkinNodes {
	n := gherkinNodes{scenarios: map[string]*messages.Scenario{}, steps: map[string]*messages.Step{}, tags: map[string]int{}, rows: map[string]exampleRow{}}
	addTags := func(tags []*messages.Tag) {
		for _, t := range tags {
			n.tags[t.Id] = int(t.Location.Line)
		}
	}
	addSteps := func(steps []*messages.Step) {
		for _, st := range steps {
			n.steps[st.Id] = st
		}
	}
	add := func(bg *messages.Background, sc *messages.Scenario) {
		if bg != nil {
			addSteps(bg.Steps)
		}
		if sc == nil {
			return
		}
		n.scenarios[sc.Id] = sc
		addTags(sc.Tags)
		addSteps(sc.Steps)
		for _, ex := range sc.Examples {
			addTags(ex.Tags)
			for i, row := range ex.TableBody {
				n.rows[row.Id] = exampleRow{examples: ex.Name, index: i, line: int(row.Location.Line)}
			}
		}
	}
	addTags(doc.Feature.Tags)
	for _, c := range doc.Feature.Children {
		add(c.Background, c.Scenario)
		if c.Rule != nil {
			addTags(c.Rule.Tags)
			for _, rc := range c.Rule.Children {
				add(rc.Background, rc.Scenario)
			}
		}
	}
	return n
}

func tagsOf(tags []*messages.Tag) []reports.GherkinTag {
	var out []reports.GherkinTag
	for _, t := range tags {
		out = append(out, reports.GherkinTag{Name: t.Name, Line: int(t.Location.Line)})
	}
	return out
}

// cukeID makes a cucumber element ID as godog does: lower case, spaces as "-".
func cukeID(name string) string { return strings.ReplaceAll(strings.ToLower(name), " ", "-") }
