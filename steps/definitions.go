package steps

import (
	"io"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/cucumber/godog"
)

// Definition is a step definition of the suite: its pattern and where it
// is registered, "accounts.go:437" (the line of its sc.Step, as godog
// names a definition in cucumber.json's match.location).
type Definition struct {
	Pattern  *regexp.Regexp
	Location string
}

// Definitions lists the suite's step definitions, by location. godog
// registers them as it does for a run (its ShowStepDefinitions mode runs
// the scenario initializer once, with no feature), so the list is exactly
// what a run matches steps against.
func Definitions() []Definition {
	env := &Env{RunID: "definitions"}
	godog.TestSuite{
		Name:                "wallet-conformance",
		ScenarioInitializer: ScenarioInitializer(env, nil),
		Options:             &godog.Options{ShowStepDefinitions: true, Format: "progress", Output: io.Discard, NoColors: true},
	}.Run()
	var out []Definition
	env.patterns.Range(func(k, v any) bool {
		loc, _ := env.defined.Load(k)
		s, _ := loc.(string)
		out = append(out, Definition{Pattern: v.(*regexp.Regexp), Location: s})
		return true
	})
	sort.Slice(out, func(i, j int) bool { return locationLess(out[i].Location, out[j].Location) })
	return out
}

// locationLess orders "file.go:LINE" by file, then line.
func locationLess(a, b string) bool {
	fa, la, _ := strings.Cut(a, ":")
	fb, lb, _ := strings.Cut(b, ":")
	if fa != fb {
		return fa < fb
	}
	na, _ := strconv.Atoi(la)
	nb, _ := strconv.Atoi(lb)
	return na < nb
}

// Locator finds the definition that matches a step's text. It is safe for
// concurrent use; each text is matched once.
type Locator struct {
	defs   []Definition
	prefix []string // each pattern's literal prefix, to skip most patterns at once

	mu   sync.Mutex        // guards seen
	seen map[string]string // step text -> location
}

// NewLocator returns a Locator over defs (Definitions).
func NewLocator(defs []Definition) *Locator {
	l := &Locator{defs: defs, seen: map[string]string{}}
	for _, d := range defs {
		l.prefix = append(l.prefix, literalPrefix(d.Pattern))
	}
	return l
}

// literalPrefix returns the literal text every match of an anchored
// pattern ("^the partner ...") starts with ("" when it has none).
func literalPrefix(re *regexp.Regexp) string {
	rest, anchored := strings.CutPrefix(re.String(), "^")
	if !anchored {
		return ""
	}
	after, err := regexp.Compile(rest)
	if err != nil {
		return ""
	}
	p, _ := after.LiteralPrefix()
	return p
}

// Locate returns the location of the definition whose pattern matches
// text, "" when none does (an undefined step). godog's strict mode makes
// an ambiguous step fail, so a step that ran matched exactly one.
func (l *Locator) Locate(text string) string {
	l.mu.Lock()
	loc, ok := l.seen[text]
	l.mu.Unlock()
	if ok {
		return loc
	}
	for i, d := range l.defs {
		if strings.HasPrefix(text, l.prefix[i]) && d.Pattern.MatchString(text) {
			loc = d.Location
			break
		}
	}
	l.mu.Lock()
	l.seen[text] = loc
	l.mu.Unlock()
	return loc
}
