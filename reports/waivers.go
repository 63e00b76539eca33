package reports

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"regexp"
	"strings"
	"time"

	"go.yaml.in/yaml/v3"

	"github.com/wallet-conformance/wallet-conformance/record"
)

// States of a waiver after a run (WaiverStatus.State), an append-only list.
const (
	WaiverApplied = "applied" // it waives at least one FAILED or ERROR scenario
	WaiverExpired = "expired" // its date has passed: it waives nothing; remove or renew it
	WaiverUnused  = "unused"  // no scenario it names failed (or none ran): remove it
)

// WaiverStatus is what one waiver did in a run: the run's record holds
// it (record.Run.Waivers).
type WaiverStatus = record.WaiverStatus

const dateLayout = "2006-01-02"

// waiverFile is the layout of a waivers file.
type waiverFile struct {
	Waivers []record.Waiver `yaml:"waivers"`
}

var unknownField = regexp.MustCompile(`field (\S+) not found in type (?:reports|record)\.(\w+)`)

// ParseWaivers reads a waivers file (YAML, strict):
//
//	waivers:
//	  - scenario: "A-4.02-create-account.feature/An account in an unknown currency is refused"
//	    justification: "fix scheduled for release 4.2"
//	    expires: 2027-01-31
//	  - clause: B-4.19
//	    justification: "address check not wired in the sandbox"
//	    expires: 2027-03-01
//
// A scenario is named by its key (record.ScenarioKey: feature file and
// scenario name, as wallet-conformance list and report.json show it), which
// survives an edit above it. An ID by line (file.feature:12), as waivers
// were written before keys, passes this syntax check so that the run can
// refuse it saying what sits at that line now (runner.CheckWaivers); it
// never matches a scenario.
//
// Each entry names exactly one of scenario and clause, and has a non-empty
// justification and an expiry date. An unknown key, a missing field or a
// malformed value is an error naming the entry and its line; every
// problem of the file is reported at once. An empty file has no waivers.
func ParseWaivers(data []byte) ([]record.Waiver, error) {
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	var f waiverFile
	if err := dec.Decode(&f); err != nil {
		if errors.Is(err, io.EOF) {
			return nil, nil
		}
		var te *yaml.TypeError
		if errors.As(err, &te) {
			msgs := make([]string, len(te.Errors))
			for i, m := range te.Errors {
				msgs[i] = unknownField.ReplaceAllStringFunc(m, func(s string) string {
					sub := unknownField.FindStringSubmatch(s)
					if sub[2] == "waiverFile" {
						return fmt.Sprintf("unknown key %q (the file has one key: waivers)", sub[1])
					}
					return fmt.Sprintf("unknown key %q in a waiver (keys: scenario, clause, justification, expires)", sub[1])
				})
			}
			return nil, fmt.Errorf("waivers: %s", strings.Join(msgs, "; "))
		}
		return nil, fmt.Errorf("waivers: %w", err)
	}
	lines := entryLines(data)
	var problems []string
	for i := range f.Waivers {
		w := &f.Waivers[i]
		w.Scenario = strings.TrimSpace(w.Scenario)
		w.Clause = strings.TrimPrefix(strings.TrimSpace(w.Clause), "@")
		w.Expires = strings.TrimSpace(w.Expires)
		where := fmt.Sprintf("waiver %d", i+1)
		if i < len(lines) {
			w.Line = lines[i]
			where += fmt.Sprintf(" (line %d)", lines[i])
		}
		switch {
		case w.Scenario != "" && w.Clause != "":
			problems = append(problems, where+": names both a scenario and a clause; give one")
		case w.Scenario == "" && w.Clause == "":
			problems = append(problems, where+": names neither a scenario (file.feature/Scenario name) nor a clause (e.g. B-4.19)")
		case w.Scenario != "" && !record.IsScenarioKey(w.Scenario) && !record.IsLineID(w.Scenario):
			problems = append(problems, fmt.Sprintf("%s: scenario %q is not a scenario key (file.feature/Scenario name, as wallet-conformance list shows it)", where, w.Scenario))
		case w.Clause != "" && !isSpecClause(w.Clause):
			problems = append(problems, fmt.Sprintf("%s: clause %q is not a clause of Documents A and B", where, w.Clause))
		}
		if strings.TrimSpace(w.Justification) == "" {
			problems = append(problems, where+": has no justification")
		}
		if w.Expires == "" {
			problems = append(problems, where+": has no expires date (YYYY-MM-DD)")
		} else if _, err := time.Parse(dateLayout, w.Expires); err != nil || len(w.Expires) != len(dateLayout) {
			problems = append(problems, fmt.Sprintf("%s: expires %q is not a date YYYY-MM-DD", where, w.Expires))
		}
	}
	if len(problems) > 0 {
		return nil, fmt.Errorf("waivers: %s", strings.Join(problems, "; "))
	}
	return f.Waivers, nil
}

// LoadWaivers reads and checks the waivers file at path.
func LoadWaivers(path string) ([]record.Waiver, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	ws, err := ParseWaivers(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	for i := range ws {
		ws[i].File = path
	}
	return ws, nil
}

// entryLines returns the line of each entry of the waivers list.
func entryLines(data []byte) []int {
	var root yaml.Node
	if yaml.Unmarshal(data, &root) != nil || len(root.Content) == 0 {
		return nil
	}
	doc := root.Content[0]
	if doc.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(doc.Content); i += 2 {
		if doc.Content[i].Value != "waivers" || doc.Content[i+1].Kind != yaml.SequenceNode {
			continue
		}
		var lines []int
		for _, e := range doc.Content[i+1].Content {
			lines = append(lines, e.Line)
		}
		return lines
	}
	return nil
}

func isSpecClause(tag string) bool {
	for _, c := range SpecClauses() {
		if c.Tag == tag {
			return true
		}
	}
	return false
}

// ApplyWaivers marks each counting scenario (FAILED, ERROR, or a normative
// BLOCKED one) of r that an unexpired
// waiver names (by ID, or by one of its clauses) as waived, setting its
// Waiver to the first such waiver in file order; the status stays FAILED or
// ERROR and Verdict turns CONFORMANT WITH WAIVERS when nothing else fails.
// Waivers set by an earlier call are cleared first. It returns what each
// waiver did, in the order given. today is compared by calendar date: a
// waiver applies up to and including its expiry date.
func ApplyWaivers(r *record.Run, ws []record.Waiver, today time.Time) []WaiverStatus {
	for i := range r.Scenarios {
		r.Scenarios[i].Waiver = nil
	}
	out := make([]WaiverStatus, 0, len(ws))
	for _, w := range ws {
		st := WaiverStatus{Waiver: w, Matched: []string{}, Waived: []string{}, Expired: w.Expired(today)}
		for i := range r.Scenarios {
			s := &r.Scenarios[i]
			if !w.Matches(*s) {
				continue
			}
			st.Matched = append(st.Matched, s.ID)
			if st.Expired || !record.Counting(s.Status, s.Advisory) {
				continue
			}
			st.Waived = append(st.Waived, s.ID)
			if s.Waiver == nil {
				cp := w
				s.Waiver = &cp
			}
		}
		switch {
		case st.Expired:
			st.State = WaiverExpired
			st.Reason = fmt.Sprintf("past its date (%s): it waives nothing; remove or renew it", w.Expires)
		case len(st.Waived) > 0:
			st.State = WaiverApplied
			st.Reason = fmt.Sprintf("waives %d failing scenario(s) until %s", len(st.Waived), w.Expires)
		case len(st.Matched) == 0:
			st.State, st.Unused = WaiverUnused, true
			st.Reason = "names no scenario of this run: remove it, or check the ID or clause"
		default:
			st.State, st.Unused = WaiverUnused, true
			st.Reason = fmt.Sprintf("none of the %d scenario(s) it names failed: remove it", len(st.Matched))
		}
		out = append(out, st)
	}
	return out
}
