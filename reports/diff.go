package reports

import (
	"fmt"
	"io"
	"strings"

	"github.com/wallet-conformance/wallet-conformance/record"
)

// Change is one scenario as two runs saw it. A side the scenario is absent
// from has the empty Status.
type Change struct {
	ID      string   // the scenario ID in NEW (in OLD when it was removed)
	OldID   string   // the scenario ID in OLD when it differs (its lines moved); "" otherwise
	Name    string   // the scenario's name
	Clauses []string // its clauses
	Old     record.Status
	New     record.Status
	// OldWaived and NewWaived tell whether a waiver covered the scenario.
	OldWaived, NewWaived bool
	// Message is why the scenario did not pass: NEW's, or OLD's when it
	// passes in NEW or was removed.
	Message string
}

// Diff compares two runs scenario by scenario (Compare). Every list is in
// NEW's feature order, except Removed, in OLD's.
type Diff struct {
	// NewFailures are the scenarios that count against NEW's verdict
	// (ScenarioReport.Failing: FAILED, ERROR, normative BLOCKED, none of
	// them waived) and did not count against OLD's, or were not in OLD.
	NewFailures []Change
	// Fixed are the scenarios that counted against OLD's verdict and ended
	// in NEW in a status that does not count (PASSED, WARNING, SKIPPED, ...).
	Fixed []Change
	// Changed are the other scenarios of both runs whose level changed:
	// another status (PASSED -> WARNING, FAILED -> BLOCKED), or a failure
	// that a waiver covers in NEW and did not in OLD.
	Changed []Change
	// Added are in NEW only; Removed in OLD only (another selection, a
	// shard, or another version of the features).
	Added, Removed []Change
	// Failing counts NEW's scenarios that count against its verdict, and
	// Known those of them that already did in OLD.
	Failing, Known int
	// NewAborted is why NEW was aborted (verdict ERROR); "" when it ran.
	NewAborted string
}

// Regressed reports whether NEW is worse than OLD: a new failure, or NEW
// was aborted.
func (d Diff) Regressed() bool { return len(d.NewFailures) > 0 || d.NewAborted != "" }

// Compare compares the scenarios of two reports. A scenario is the same in
// both when its key is (ScenarioReport.StableKey: its feature file and
// name), wherever its line now is: a scenario whose lines moved in an
// edited feature file is still itself, and one that took another's line is
// not that other.
func Compare(old, new *Report) Diff {
	d := CompareScenarios(old.Scenarios, new.Scenarios)
	if new.Aborted != nil {
		d.NewAborted = new.Aborted.Reason
	}
	return d
}

// CompareScenarios compares two runs' scenarios (see Compare).
func CompareScenarios(old, new []ScenarioReport) Diff {
	match := matchScenarios(old, new)
	var d Diff
	matched := make([]bool, len(old))
	for j, n := range new {
		i, ok := match[j]
		c := Change{ID: n.ID, Name: n.Name, Clauses: n.Clauses, New: n.Status, NewWaived: n.Waiver != nil, Message: n.Message}
		if n.Failing() {
			d.Failing++
		}
		if !ok {
			d.Added = append(d.Added, c)
			if n.Failing() {
				d.NewFailures = append(d.NewFailures, c)
			}
			continue
		}
		matched[i] = true
		o := old[i]
		c.Old, c.OldWaived = o.Status, o.Waiver != nil
		if o.ID != n.ID {
			c.OldID = o.ID
		}
		switch {
		case n.Failing() && o.Failing():
			d.Known++
			if o.Status != n.Status {
				d.Changed = append(d.Changed, c)
			}
		case n.Failing():
			d.NewFailures = append(d.NewFailures, c)
		case o.Failing() && !record.Counting(n.Status, n.Advisory):
			c.Message = o.Message
			d.Fixed = append(d.Fixed, c)
		case o.Status != n.Status || c.OldWaived != c.NewWaived:
			d.Changed = append(d.Changed, c)
		}
	}
	for i, o := range old {
		if !matched[i] {
			d.Removed = append(d.Removed, Change{ID: o.ID, Name: o.Name, Clauses: o.Clauses, Old: o.Status, OldWaived: o.Waiver != nil, Message: o.Message})
		}
	}
	return d
}

// matchScenarios maps the index of each scenario of new to the index of
// the same scenario in old: the one with the same key (StableKey), never
// the one at the same line. Keys the suite gives one scenario each pair
// once; should a key repeat (runs of the exploration), its scenarios pair
// in order.
func matchScenarios(old, new []ScenarioReport) map[int]int {
	match := map[int]int{}
	left := map[string][]int{}
	for i, o := range old {
		k := o.StableKey()
		left[k] = append(left[k], i)
	}
	for j, n := range new {
		k := n.StableKey()
		if q := left[k]; len(q) > 0 {
			match[j], left[k] = q[0], q[1:]
		}
	}
	return match
}

// level writes a status as the diff shows it: "FAILED (waived)", "-" when absent.
func level(st record.Status, waived bool) string {
	switch {
	case st == "":
		return "-"
	case waived:
		return string(st) + " (waived)"
	}
	return string(st)
}

// WriteDiff writes the diff for a person: a heading per list that is not
// empty, one line per scenario (old level -> new level, the ID, the name),
// the message of new failures and fixed ones indented below, and a closing
// line with the counts. oldName and newName name the two runs.
func WriteDiff(w io.Writer, d Diff, oldName, newName string) error {
	var b strings.Builder
	if d.NewAborted != "" {
		fmt.Fprintf(&b, "NEW was aborted: %s\n\n", d.NewAborted)
	}
	section := func(title string, cs []Change, withMessage bool) {
		if len(cs) == 0 {
			return
		}
		fmt.Fprintf(&b, "%s (%d):\n", title, len(cs))
		for _, c := range cs {
			fmt.Fprintf(&b, "  %s -> %s  %s  %s", level(c.Old, c.OldWaived), level(c.New, c.NewWaived), c.ID, c.Name)
			if c.OldID != "" {
				fmt.Fprintf(&b, " (was %s)", c.OldID)
			}
			b.WriteByte('\n')
			if withMessage && c.Message != "" {
				fmt.Fprintf(&b, "      %s\n", firstLine(c.Message))
			}
		}
		b.WriteByte('\n')
	}
	section("new failures", d.NewFailures, true)
	section("fixed", d.Fixed, true)
	section("changed levels", d.Changed, false)
	section("added", d.Added, false)
	section("removed", d.Removed, false)
	fmt.Fprintf(&b, "%s -> %s: %d new failures, %d fixed, %d changed levels, %d added, %d removed; %d of NEW's %d failures were failing in OLD\n",
		oldName, newName, len(d.NewFailures), len(d.Fixed), len(d.Changed), len(d.Added), len(d.Removed), d.Known, d.Failing)
	_, err := io.WriteString(w, b.String())
	return err
}
