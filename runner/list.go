package runner

import (
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"strings"

	"github.com/wallet-conformance/wallet-conformance/reports"
	"github.com/wallet-conformance/wallet-conformance/schemas"
)

// ClauseEntry is one clause of the spec in the catalogue an auditor reads:
// the operations the clause defines and the scenarios that check it.
type ClauseEntry struct {
	Tag   string `json:"tag"`   // "A-4.2"
	Title string `json:"title"` // "Create Account"
	// Untested is true when no scenario carries the clause's tag; Reason
	// says why when the spec explains it ("left empty by the spec").
	Untested   bool             `json:"untested"`
	Reason     string           `json:"reason,omitempty"`
	Operations []OperationEntry `json:"operations"` // in catalogue order
	Scenarios  []ScenarioEntry  `json:"scenarios"`  // in feature file order
}

// OperationEntry is an operation of schemas.Catalogue() defined by a clause.
type OperationEntry struct {
	ID     string `json:"id"`
	Name   string `json:"name"`
	Method string `json:"method"`
	Path   string `json:"path"`
}

// ScenarioEntry is a scenario tagged with a clause and what it asserts.
type ScenarioEntry struct {
	ID       string `json:"id"`  // file.feature:line
	Key      string `json:"key"` // file.feature/Scenario name: what a waiver names it by
	Feature  string `json:"feature"`
	Name     string `json:"name"`
	Advisory bool   `json:"advisory"`
	// Asserts are the texts of its outcome steps: the Then after the When
	// and the And and But steps that continue it.
	Asserts []string `json:"asserts"`
}

// EmptyClauseReason explains an untested clause that the spec leaves empty.
const EmptyClauseReason = "left empty by the spec"

// Catalogue lists every clause of reports.SpecClauses(), in the spec's
// order, with the operations of schemas.Catalogue() it defines and the
// scenarios of the feature files in fsys tagged with it. A scenario tagged
// with several clauses appears under each. The result is deterministic.
func Catalogue(fsys fs.FS) ([]ClauseEntry, error) {
	all, err := LoadScenarios(fsys)
	if err != nil {
		return nil, err
	}
	ops := schemas.Catalogue()
	var out []ClauseEntry
	for _, c := range reports.SpecClauses() {
		e := ClauseEntry{Tag: c.Tag, Title: c.Title, Operations: []OperationEntry{}, Scenarios: []ScenarioEntry{}}
		for _, op := range ops {
			if op.Clause == c.Tag {
				e.Operations = append(e.Operations, OperationEntry{ID: op.ID, Name: op.Name, Method: op.Method, Path: op.Path})
			}
		}
		for _, s := range all {
			if !hasTag(s.Clauses, c.Tag) {
				continue
			}
			e.Scenarios = append(e.Scenarios, ScenarioEntry{
				ID: s.ID, Key: s.Key, Feature: s.Feature, Name: s.Name, Advisory: s.Advisory, Asserts: assertions(s),
			})
		}
		if len(e.Scenarios) == 0 {
			e.Untested = true
			if c.Empty {
				e.Reason = EmptyClauseReason
			}
		}
		out = append(out, e)
	}
	return out, nil
}

func hasTag(tags []string, tag string) bool {
	for _, t := range tags {
		if t == tag {
			return true
		}
	}
	return false
}

// assertions returns the texts of a scenario's outcome steps: those whose
// keyword is Then, or And, But or * continuing a Then.
func assertions(s Scenario) []string {
	out := []string{}
	kind := ""
	for i, text := range s.Steps {
		kw := ""
		if i < len(s.Keywords) {
			kw = s.Keywords[i]
		}
		switch kw {
		case "Given", "When", "Then":
			kind = kw
		}
		if kind == "Then" {
			out = append(out, text)
		}
	}
	return out
}

// WriteCatalogueMarkdown writes the catalogue as a Markdown document: one
// section per clause with its operations and its scenarios, each scenario
// with what it asserts.
func WriteCatalogueMarkdown(w io.Writer, entries []ClauseEntry) error {
	var b strings.Builder
	b.WriteString("# Conformance catalogue\n\n")
	b.WriteString("Every clause of Documents A and B of the Wallet Payments Service API, in the spec's order, " +
		"with the operations it defines and the scenarios that check it. What a scenario asserts is the text " +
		"of its Then steps. An *advisory* scenario checks what the spec implies but does not state: " +
		"its failure is a warning and never fails the verdict.\n")
	for _, e := range entries {
		fmt.Fprintf(&b, "\n## %s %s\n\n", e.Tag, e.Title)
		if len(e.Operations) > 0 {
			b.WriteString("Operations:")
			for i, op := range e.Operations {
				sep := ","
				if i == 0 {
					sep = ""
				}
				fmt.Fprintf(&b, "%s `%s %s` (%s)", sep, op.Method, op.Path, op.Name)
			}
			b.WriteString("\n\n")
		}
		if e.Untested {
			if e.Reason != "" {
				fmt.Fprintf(&b, "**Untested**: %s.\n", e.Reason)
			} else {
				b.WriteString("**Untested**: no scenario checks this clause.\n")
			}
			continue
		}
		fmt.Fprintf(&b, "%d %s:\n\n", len(e.Scenarios), plural(len(e.Scenarios), "scenario", "scenarios"))
		for _, s := range e.Scenarios {
			advisory := ""
			if s.Advisory {
				advisory = " *advisory*"
			}
			fmt.Fprintf(&b, "- **%s**%s (`%s`, %s)\n", s.Name, advisory, s.ID, s.Feature)
			for _, a := range s.Asserts {
				fmt.Fprintf(&b, "  - %s\n", a)
			}
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// WriteCatalogueJSON writes the catalogue as an indented JSON object
// {"clauses": [...]}.
func WriteCatalogueJSON(w io.Writer, entries []ClauseEntry) error {
	if entries == nil {
		entries = []ClauseEntry{}
	}
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(struct {
		Clauses []ClauseEntry `json:"clauses"`
	}{entries})
}
