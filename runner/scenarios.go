package runner

import (
	"bytes"
	"fmt"
	"io/fs"
	"regexp"
	"sort"
	"strings"

	gherkin "github.com/cucumber/gherkin/go/v26"
	messages "github.com/cucumber/messages/go/v21"

	"github.com/wallet-conformance/wallet-conformance/record"
	"github.com/wallet-conformance/wallet-conformance/reports"
	"github.com/wallet-conformance/wallet-conformance/rules"
)

// Scenario is one runnable scenario (an outline row counts as one) of the
// feature files, as the catalogue and the report know it.
type Scenario struct {
	ID       string   // "file.feature:line", where a reader finds it; it moves when lines are inserted above
	Key      string   // "file.feature/Scenario name" (record.ScenarioKey): what waivers, baselines, reruns and timings name it by
	URI      string   // feature file name
	Line     int      // line of the scenario, or of its example row
	DefLine  int      // line of its Scenario (Outline) keyword: godog selects "file.feature:DefLine", every row of an outline at once
	Feature  string   // feature name
	Name     string   // scenario name with outline values filled in
	Tags     []string // every tag, without "@", in file order
	Clauses  []string // the clause tags (A-…, B-…) among Tags
	Rules    []string // the rule tags (A-4.5#3 …, package rules) among Tags
	Advisory bool     // tagged @advisory: reported as a warning, never fails the verdict
	Steps    []string // step texts
	Keywords []string // each step's keyword as written ("Given", "When", "Then", "And", "But", "*"), parallel to Steps
}

// AdvisoryTag marks a scenario that checks what the spec implies but does not state.
const AdvisoryTag = "advisory"

var clauseTag = regexp.MustCompile(`^[AB]-[0-9]+(\.[0-9]+)?$`)

// IsClause reports whether a tag (without "@") names a clause, e.g. "A-4.2".
func IsClause(tag string) bool { return clauseTag.MatchString(tag) }

// LoadScenarios parses every feature file of fsys in name order and returns
// its scenarios in file order.
func LoadScenarios(fsys fs.FS) ([]Scenario, error) {
	var out []Scenario
	err := eachFeature(fsys, func(name string, doc *messages.GherkinDocument, pickles []*messages.Pickle) {
		n := nodesOf(doc)
		for _, p := range pickles {
			s := Scenario{URI: name, Feature: doc.Feature.Name, Name: p.Name}
			s.DefLine = int(n.scenarios[p.AstNodeIds[0]].Location.Line)
			s.Line = s.DefLine
			if len(p.AstNodeIds) > 1 {
				s.Line = n.rows[p.AstNodeIds[len(p.AstNodeIds)-1]].line
			}
			s.ID = fmt.Sprintf("%s:%d", name, s.Line)
			s.Key = record.ScenarioKey(name, p.Name)
			for _, t := range p.Tags {
				tag := strings.TrimPrefix(t.Name, "@")
				s.Tags = append(s.Tags, tag)
				if IsClause(tag) {
					s.Clauses = append(s.Clauses, tag)
				}
				if rules.IsRuleTag(tag) {
					s.Rules = append(s.Rules, tag)
				}
				if tag == AdvisoryTag {
					s.Advisory = true
				}
			}
			for _, st := range p.Steps {
				s.Steps = append(s.Steps, st.Text)
				s.Keywords = append(s.Keywords, strings.TrimSpace(n.steps[st.AstNodeIds[0]].Keyword))
			}
			out = append(out, s)
		}
	})
	return out, err
}

// eachFeature parses the feature files of fsys in name order and hands
// each document with a feature, and its pickles, to do.
func eachFeature(fsys fs.FS, do func(name string, doc *messages.GherkinDocument, pickles []*messages.Pickle)) error {
	names, err := fs.Glob(fsys, "*.feature")
	if err != nil {
		return err
	}
	sort.Strings(names)
	for _, name := range names {
		data, err := fs.ReadFile(fsys, name)
		if err != nil {
			return err
		}
		ids := &messages.Incrementing{}
		doc, err := gherkin.ParseGherkinDocument(bytes.NewReader(data), ids.NewId)
		if err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		if doc.Feature != nil {
			do(name, doc, gherkin.Pickles(*doc, name, ids.NewId))
		}
	}
	return nil
}

// IndexOf returns what a report knows of the whole suite of fsys: every
// scenario ID in feature order, the scenarios tagged with each rule, and
// what cucumber.json shows of the features (GherkinOf).
func IndexOf(fsys fs.FS) (reports.Index, error) {
	all, err := LoadScenarios(fsys)
	if err != nil {
		return reports.Index{}, err
	}
	idx := indexOf(all)
	if idx.Gherkin, err = GherkinOf(fsys); err != nil {
		return reports.Index{}, err
	}
	return idx, nil
}

func indexOf(all []Scenario) reports.Index {
	idx := reports.Index{Order: make([]string, len(all)), Checks: map[string][]string{}}
	for i, s := range all {
		idx.Order[i] = s.ID
		for _, r := range s.Rules {
			idx.Checks[r] = append(idx.Checks[r], s.ID)
		}
	}
	return idx
}
