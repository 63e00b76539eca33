package reports

import (
	"fmt"
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/wallet-conformance/wallet-conformance/record"
)

// Unexercised is a clause the run's scope claims but no scenario of the
// run exercised: every scenario of it was SKIPPED (the profile lacks what
// it needs), or none was selected, or the suite has none.
type Unexercised struct {
	Clause string
	Result string // ClauseNotRun or ClauseUntested
	// Keys are the profile keys whose absence skipped its scenarios: set
	// them and the clause is exercised. Sorted; empty when none would.
	Keys []string
}

// skippedKey reads the profile key a SKIPPED scenario's message names.
var skippedKey = regexp.MustCompile(`the profile has no ([A-Za-z0-9_.]+)`)

// NotExercised lists, in the spec's clause order, the clauses the run
// claims (not in scope.exclude, not left empty by the spec) that no
// scenario exercised, each with the profile keys that would run it. A
// verdict says nothing about them: the reports show them beside it.
func (rep *Report) NotExercised() []Unexercised {
	keys := map[string][]string{} // clause -> keys its skipped scenarios lack
	for _, s := range rep.Scenarios {
		if s.Status != record.Skipped {
			continue
		}
		m := skippedKey.FindStringSubmatch(s.Message)
		if m == nil {
			continue
		}
		for _, c := range s.Clauses {
			if !slices.Contains(keys[c], m[1]) {
				keys[c] = append(keys[c], m[1])
			}
		}
	}
	var out []Unexercised
	for _, c := range rep.Clauses {
		if c.Empty || slices.Contains(rep.Scope.Exclude, c.Tag) {
			continue
		}
		switch c.Result { // a clause the tags or the shard left out is said by the scope's tags line
		case ClauseNotRun, ClauseUntested:
			k := append([]string{}, keys[c.Tag]...)
			sort.Strings(k)
			out = append(out, Unexercised{Clause: c.Tag, Result: c.Result, Keys: k})
		}
	}
	return out
}

// ScopeLines say, for the lines beside a verdict, what the verdict covers:
// the clauses not claimed, the clauses claimed but not exercised with the
// profile keys that would exercise them, and the tag filter or shard.
// None when every claimed clause was exercised.
func (rep *Report) ScopeLines() []string {
	var lines []string
	if len(rep.Scope.Exclude) > 0 {
		lines = append(lines, "not claimed (scope.exclude): "+strings.Join(rep.Scope.Exclude, " "))
	}
	if rep.Scope.Tags != "" {
		lines = append(lines, fmt.Sprintf("selected by the tags %q: the verdict covers those scenarios only", rep.Scope.Tags))
	}
	if rep.Shard != nil {
		lines = append(lines, fmt.Sprintf("shard %d of %d: the verdict covers part of a run", rep.Shard.Index, rep.Shard.Count))
	}
	if sw := rep.Sweep; sw != nil && sw.Partial {
		lines = append(lines, PartialSweepLine(sw.Inputs, sw.Generated))
	}
	un := rep.NotExercised()
	if len(un) == 0 {
		return lines
	}
	var clauses, keys []string
	for _, u := range un {
		clauses = append(clauses, u.Clause)
		for _, k := range u.Keys {
			if !slices.Contains(keys, k) {
				keys = append(keys, k)
			}
		}
	}
	sort.Strings(keys)
	line := fmt.Sprintf("NOT EXERCISED: %d claimed clause(s) no scenario of this run checked, so the verdict says nothing about them: %s", len(un), strings.Join(clauses, " "))
	if len(keys) > 0 {
		line += "; set the profile keys their scenarios asked for (each names the first it lacked): " + strings.Join(keys, ", ")
	}
	return append(lines, line)
}

// WaiverLines say what each waiver did, for the lines beside a verdict:
// applied (with the scenarios it waived), expired or unused.
func (rep *Report) WaiverLines() []string {
	var lines []string
	for _, ws := range rep.Waivers {
		line := fmt.Sprintf("waiver %s (until %s): %s", ws.Waiver.Target(), ws.Waiver.Expires, ws.State)
		switch {
		case ws.State == WaiverApplied:
			line += fmt.Sprintf(", %d scenario(s) waived", len(ws.Waived))
		case ws.Reason != "":
			line += ": " + ws.Reason
		}
		lines = append(lines, line)
	}
	return lines
}

// PartialSweepLine says, beside a verdict, that the bad-input sweep tried
// part of its inputs: the verdict certifies those only.
func PartialSweepLine(tried, generated int) string {
	return fmt.Sprintf("PARTIAL SWEEP: the bad-input sweep tried %d of %d generated inputs, so the verdict certifies those only; the full sweep (run without --sweep, or --sweep all) is the certification", tried, generated)
}
