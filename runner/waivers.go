package runner

import (
	"fmt"
	"strings"

	"github.com/wallet-conformance/wallet-conformance/record"
)

// WaiverError is a waivers file some of whose scenario waivers name no
// scenario of the suite for sure: a key no scenario has, or a line. The
// run does not start: a waiver is never applied to whatever took the
// place of the scenario it was written for.
type WaiverError struct {
	Problems []string // one per waiver, naming its file and line
}

func (e *WaiverError) Error() string {
	return "waivers: " + strings.Join(e.Problems, "; ")
}

// CheckWaivers checks that every scenario waiver of ws names a scenario of
// all by its key (record.ScenarioKey). A key that no scenario has (the
// scenario was renamed, moved to another file or removed) is refused; so
// is an ID by line (file.feature:12, as waivers were written before keys),
// whatever sits at that line now, since an edit above it moves it: the
// message says which scenario is there now, to check and write its key.
// Clause waivers are checked when the file is read (reports.ParseWaivers).
func CheckWaivers(ws []record.Waiver, all []Scenario) error {
	byKey := make(map[string]bool, len(all))
	byID := make(map[string]Scenario, len(all))
	for _, s := range all {
		byKey[s.Key] = true
		byID[s.ID] = s
	}
	var problems []string
	for i, w := range ws {
		if w.Scenario == "" || byKey[w.Scenario] {
			continue
		}
		where := fmt.Sprintf("waiver %d", i+1)
		switch {
		case w.File != "" && w.Line > 0:
			where = fmt.Sprintf("%s line %d", w.File, w.Line)
		case w.Line > 0:
			where += fmt.Sprintf(" (line %d)", w.Line)
		}
		switch s, ok := byID[w.Scenario]; {
		case record.IsLineID(w.Scenario) && ok:
			problems = append(problems, fmt.Sprintf("%s: scenario %q names a line, and lines move when a feature file is edited: it is not applied to whatever sits there now. Name the scenario by its key; the one at that line now is %q: write that key if it is the scenario the waiver was written for", where, w.Scenario, s.Key))
		case record.IsLineID(w.Scenario):
			problems = append(problems, fmt.Sprintf("%s: scenario %q names a line, and lines move when a feature file is edited; no scenario is at that line now. Name the scenario the waiver was written for by its key (file.feature/Scenario name; wallet-conformance list --format json shows every key)", where, w.Scenario))
		default:
			problems = append(problems, fmt.Sprintf("%s: scenario %q names no scenario of this suite (renamed, moved to another file or removed): write the key of the scenario it was written for (wallet-conformance list --format json shows every key), or remove the waiver", where, w.Scenario))
		}
	}
	if len(problems) > 0 {
		return &WaiverError{Problems: problems}
	}
	return nil
}
