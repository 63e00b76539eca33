package steps

import (
	"bytes"
	"fmt"
	"io/fs"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	gherkin "github.com/cucumber/gherkin/go/v26"
	messages "github.com/cucumber/messages/go/v21"
	"github.com/stretchr/testify/require"

	"github.com/wallet-conformance/wallet-conformance/features"
	"github.com/wallet-conformance/wallet-conformance/rules"
)

// pickle is a scenario of the features as the citation checks see it: its
// tags (without "@") and its steps' texts and types.
type pickle struct {
	name  string
	tags  map[string]bool
	steps []*messages.PickleStep
}

func featurePickles(t *testing.T) []pickle {
	t.Helper()
	var out []pickle
	err := fs.WalkDir(features.FS(), ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".feature") {
			return err
		}
		data, err := fs.ReadFile(features.FS(), path)
		if err != nil {
			return err
		}
		ids := (&messages.Incrementing{}).NewId
		doc, err := gherkin.ParseGherkinDocument(bytes.NewReader(data), ids)
		if err != nil {
			return err
		}
		for _, p := range gherkin.Pickles(*doc, path, ids) {
			pk := pickle{name: path + ": " + p.Name, tags: map[string]bool{}, steps: p.Steps}
			for _, tg := range p.Tags {
				pk.tags[strings.TrimPrefix(tg.Name, "@")] = true
			}
			out = append(out, pk)
		}
		return nil
	})
	require.NoError(t, err)
	return out
}

// TestEveryStepCitesWhatItRestsOn holds the citation tables of the domains'
// files (citationTables) to the registered step definitions (Definitions),
// the catalogue (rules.Load) and the features. It fails, naming the step, on:
//
//   - a registered step with no row, a row that names no registered step,
//     a row twice; a row in the table of a file other than the one whose
//     sc.Step registers its pattern (the citation sits beside its step), a
//     file's table out of the order of the files' names;
//   - a row that is neither State nor cites something, or is State and
//     cites something;
//   - a cited rule the catalogue does not hold; a rule a failure rests on
//     (Rules, Reads) that is advisory or open, which only warns or asserts
//     nothing; an advised rule (Advises) that is not advisory;
//   - a comparing step cited as State. A step is comparing when a feature
//     uses it as an outcome (a Then, or an And or But after one): every
//     Then checks. A Given or When compares when its implementation can
//     fail other than by a call that does not reach its state (a balance
//     read checks B-2.4#2, a load is awaited): that is read from its code,
//     and the row says it by citing its rules;
//   - an advisory-only step (Advises, no Rules) that neither says
//     "(advisory)" in its words (it warns) nor is used only in scenarios
//     tagged @advisory (it fails only there, as a WARNING);
//   - a cited rule (Rules, Advises) that no scenario using the step is
//     tagged with, by the rule's tag or its clause's: the feature must
//     promise what the step checks. Reads, held by every response of their
//     kind, are exempt;
//   - a Scenario step (the value compared is in its text) used in a
//     scenario that carries no rule tag of a stated rule and is not
//     @advisory.
func TestEveryStepCitesWhatItRestsOn(t *testing.T) {
	for _, p := range citationProblems(t, citationTables()) {
		t.Error(p)
	}
}

// TestTheCitationCheckBites proves the check above fails on a step whose
// row is removed, a row moved to another file's table, a row that cites a
// rule the catalogue lacks, an advised rule the spec states, a Then cited
// as State, and a rule no scenario of the step promises.
func TestTheCitationCheckBites(t *testing.T) {
	const (
		dropped = `^the call is refused as unauthorized$`
		moved   = `^the partner has revoked the consent$`
	)
	var tables []citationTable
	var movedRow StepCitation
	for _, tb := range citationTables() {
		var rows []StepCitation // new rows: the domains' tables stay as they are
		for _, c := range tb.rows {
			switch c.Pattern {
			case dropped:
				continue
			case moved:
				movedRow = c
				continue
			case `^the response carries the response envelope$`:
				c.Citation = rests("A-2.1#99")
			case `^the partner has closed the account$`:
				c.Citation = advises("A-3#5")
			case `^the response's (\w+) is "([^"]*)"$`:
				c.Citation = state
			case `^as many of the debits succeeded as the money allows$`:
				c.Citation = advises("B-2.3#5")
			}
			rows = append(rows, c)
		}
		tables = append(tables, citationTable{file: tb.file, rows: rows})
	}
	require.Equal(t, moved, movedRow.Pattern)
	for i := range tables {
		if tables[i].file == "payments.go" {
			tables[i].rows = append(tables[i].rows, movedRow)
		}
	}
	got := strings.Join(citationProblems(t, tables), "\n")
	require.Contains(t, got, "step "+dropped+" (operations.go:")
	require.Contains(t, got, "has no row in the citation table of operations.go")
	require.Contains(t, got, "the citation table of payments.go holds "+moved+", which consent.go registers (consent.go:")
	require.Contains(t, got, "^the response carries the response envelope$ cites A-2.1#99, which the catalogue does not hold")
	require.Contains(t, got, "^the partner has closed the account$ advises A-3#5, a rule of level normative")
	require.Contains(t, got, `step ^the response's (\w+) is "([^"]*)"$ (operations.go:`)
	require.Contains(t, got, "is a Then, which compares")
	require.Contains(t, got, "step ^as many of the debits succeeded as the money allows$ cites B-2.3#5, but no scenario that uses it is tagged @B-2.3#5 or @B-2.3")
}

func citationProblems(t *testing.T, tables []citationTable) []string {
	t.Helper()
	cat, err := rules.Load()
	require.NoError(t, err)
	defs := Definitions()
	require.Greater(t, len(defs), 50)
	pickles := featurePickles(t)

	var problems []string
	add := func(format string, args ...any) { problems = append(problems, fmt.Sprintf(format, args...)) }

	rows := map[string]Citation{}
	for i, tb := range tables {
		if i > 0 && tables[i-1].file >= tb.file {
			add("the citation table of %s follows that of %s: citationTables lists them in the order of their files' names", tb.file, tables[i-1].file)
		}
		for _, c := range tb.rows {
			if _, dup := rows[c.Pattern]; dup {
				add("the citation tables hold %s twice", c.Pattern)
			}
			rows[c.Pattern] = c.Citation
		}
	}
	registered := map[string]string{} // pattern -> location of its sc.Step
	for _, d := range defs {
		registered[d.Pattern.String()] = d.Location
	}
	for _, tb := range tables {
		for _, c := range tb.rows {
			loc, ok := registered[c.Pattern]
			switch file, _, _ := strings.Cut(loc, ":"); {
			case !ok:
				add("the citation table of %s names %s, which no registered step has as its pattern", tb.file, c.Pattern)
			case file != tb.file:
				add("the citation table of %s holds %s, which %s registers (%s): move the row to %s's table, beside its sc.Step", tb.file, c.Pattern, file, loc, file)
			}
		}
	}

	stated := func(id string) bool {
		r, ok := cat.Rule(id)
		return ok && (r.Level == rules.Normative || r.Level == rules.Profile || r.Level == rules.Untestable)
	}
	for _, d := range defs {
		p := d.Pattern.String()
		c, ok := rows[p]
		if !ok {
			file, _, _ := strings.Cut(d.Location, ":")
			hint := ""
			if !slices.ContainsFunc(tables, func(tb citationTable) bool { return tb.file == file }) {
				hint = "; citationTables (steps/citations.go) lists no table of " + file
			}
			add("step %s (%s) has no row in the citation table of %s (the []StepCitation beside its registrations): cite the rules its comparisons rest on, advisory, or state%s", p, d.Location, file, hint)
			continue
		}
		cites := len(c.Rules) > 0 || len(c.Reads) > 0 || len(c.Advises) > 0 || c.Scenario
		if c.State == cites {
			add("step %s (%s) must be either State or cite what it compares", p, d.Location)
		}
		for _, id := range append(append([]string(nil), c.Rules...), c.Reads...) {
			r, ok := cat.Rule(id)
			switch {
			case !ok:
				add("step %s cites %s, which the catalogue does not hold", p, id)
			case !stated(id):
				add("step %s fails on %s, a rule of level %s: only a rule the spec states may fail a scenario (cite it in Advises)", p, id, r.Level)
			}
		}
		for _, id := range c.Advises {
			r, ok := cat.Rule(id)
			switch {
			case !ok:
				add("step %s cites %s, which the catalogue does not hold", p, id)
			case r.Level != rules.Advisory:
				add("step %s advises %s, a rule of level %s: a rule the spec states is cited in Rules", p, id, r.Level)
			}
		}

		var using []pickle
		outcome := false
		for _, pk := range pickles {
			used := false
			for _, s := range pk.steps {
				if d.Pattern.MatchString(s.Text) {
					used = true
					outcome = outcome || s.Type == messages.PickleStepType_OUTCOME
				}
			}
			if used {
				using = append(using, pk)
			}
		}
		if outcome && c.State {
			add("step %s (%s) is a Then, which compares: it cites the rules it rests on, or is advisory, not State", p, d.Location)
		}
		if len(c.Rules) == 0 && len(c.Reads) == 0 && len(c.Advises) > 0 && !strings.Contains(p, `\(advisory\)`) {
			for _, pk := range using {
				if !pk.tags["advisory"] {
					add("step %s only advises (%s), but fails %q, a scenario not tagged @advisory", p, strings.Join(c.Advises, ", "), pk.name)
				}
			}
		}
		for _, id := range append(append([]string(nil), c.Rules...), c.Advises...) {
			r, ok := cat.Rule(id)
			if !ok {
				continue
			}
			found := false
			for _, pk := range using {
				found = found || pk.tags[id] || pk.tags[r.Clause()]
			}
			if !found {
				add("step %s cites %s, but no scenario that uses it is tagged @%s or @%s", p, id, id, r.Clause())
			}
		}
		if c.Scenario {
			for _, pk := range using {
				var tagged []string
				for tag := range pk.tags {
					if rules.IsRuleTag(tag) && stated(tag) {
						tagged = append(tagged, tag)
					}
				}
				if len(tagged) == 0 && !pk.tags["advisory"] {
					add("step %s compares the value its text gives, but %q carries no tag of a rule the spec states", p, pk.name)
				}
			}
		}
	}
	sort.Strings(problems)
	return problems
}

// ruleID and clauseRef find the rules and clauses a GivenRoute's Why names.
var (
	ruleID    = regexp.MustCompile(`\b[AB]-[0-9]+(?:\.[0-9]+)?#[0-9]+`)
	clauseRef = regexp.MustCompile(`\b[AB]-[0-9]+(?:\.[0-9]+)?`)
)

// TestEveryGivenRouteCitesWhatItDemands holds each GivenRoute's Why to
// the catalogue: every rule id it names exists, every clause it names is a
// clause of the catalogue, and a route that demands more of the target
// than reaching its state (a Given step whose citation is not State)
// names in Why every rule its citation holds; only a route whose every
// step is State may name no rule.
func TestEveryGivenRouteCitesWhatItDemands(t *testing.T) {
	for _, p := range givenRouteProblems(t, GivenRoutes()) {
		t.Error(p)
	}
}

// TestTheGivenRouteCheckBites proves the check above fails on a route that
// names a clause the spec lacks, and on one that drops a rule it rests on.
func TestTheGivenRouteCheckBites(t *testing.T) {
	routes := GivenRoutes()
	for i, r := range routes {
		switch r.Step {
		case "^the partner has noted the account's balance":
			routes[i].Why = "B-4.13"
		case "^the partner has closed the account":
			routes[i].Why = "A-4.55"
		}
	}
	got := strings.Join(givenRouteProblems(t, routes), "\n")
	require.Contains(t, got, `GivenRoute "^the partner has noted the account's balance" demands B-2.4#2 of the target (^the partner has noted the account's balance$), which its Why does not name`)
	require.Contains(t, got, `GivenRoute "^the partner has closed the account" names A-4.55, no clause of the catalogue`)
}

func givenRouteProblems(t *testing.T, routes []GivenRoute) []string {
	t.Helper()
	cat, err := rules.Load()
	require.NoError(t, err)
	clauses := map[string]bool{}
	for _, r := range cat.All() {
		clauses[r.Clause()] = true
	}
	rows := map[string]Citation{}
	for _, c := range StepCitations() {
		rows[c.Pattern] = c.Citation
	}
	defs := Definitions()
	var problems []string
	add := func(format string, args ...any) { problems = append(problems, fmt.Sprintf(format, args...)) }
	for _, r := range routes {
		named := map[string]bool{}
		for _, id := range ruleID.FindAllString(r.Why, -1) {
			named[id] = true
			if _, ok := cat.Rule(id); !ok {
				add("GivenRoute %q names %s, which the catalogue does not hold", r.Step, id)
			}
		}
		for _, m := range clauseRef.FindAllStringIndex(r.Why, -1) {
			c := r.Why[m[0]:m[1]]
			if m[1] < len(r.Why) && r.Why[m[1]] == '#' {
				continue // a rule id, checked above
			}
			if !clauses[c] {
				add("GivenRoute %q names %s, no clause of the catalogue", r.Step, c)
			}
		}
		for _, d := range defs {
			p := d.Pattern.String()
			if !strings.HasPrefix(p, r.Step) {
				continue
			}
			c := rows[p]
			for _, id := range append(append(append([]string(nil), c.Rules...), c.Reads...), c.Advises...) {
				if !named[id] {
					add("GivenRoute %q demands %s of the target (%s), which its Why does not name", r.Step, id, p)
				}
			}
		}
	}
	sort.Strings(problems)
	return problems
}
