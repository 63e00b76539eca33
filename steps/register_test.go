package steps

import (
	"bytes"
	"regexp"
	"strings"
	"testing"

	"github.com/cucumber/godog"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// featureSteps returns the text of every step of every embedded feature,
// outlines expanded, each once.
func featureSteps(t *testing.T) []string {
	t.Helper()
	seen := map[string]bool{}
	var texts []string
	for _, p := range featurePickles(t) {
		for _, s := range p.steps {
			require.Nil(t, s.Argument, "%s: %q has a data table or doc string, which the step table does not bind", p.name, s.Text)
			if !seen[s.Text] {
				seen[s.Text] = true
				texts = append(texts, s.Text)
			}
		}
	}
	return texts
}

// definitions lists the step definitions godog holds for a scenario, as
// godog itself lists them (--godog.definitions): pattern and function.
func definitions(t *testing.T, env *Env) []registered {
	t.Helper()
	var out bytes.Buffer
	status := godog.TestSuite{
		ScenarioInitializer: ScenarioInitializer(env, nil),
		Options:             &godog.Options{ShowStepDefinitions: true, NoColors: true, Format: "progress", Output: &out},
	}.Run()
	require.Equal(t, 2, status, "godog's listing of step definitions ends with its option status")
	var defs []registered
	// godog colours this listing whatever NoColors says.
	plain := regexp.MustCompile("\x1b\\[[0-9;]*m").ReplaceAllString(out.String(), "")
	for _, line := range strings.Split(strings.TrimSpace(plain), "\n") {
		i := strings.LastIndex(line, " # ")
		require.Positive(t, i, "a definition line is 'PATTERN # FUNCTION': %q", line)
		defs = append(defs, registered{pattern: strings.TrimSpace(line[:i]), fn: strings.TrimSpace(line[i+3:])})
	}
	return defs
}

type registered struct{ pattern, fn string }

// Every step of the features matches exactly one of the definitions godog
// holds (strict mode would otherwise fail it as undefined or ambiguous),
// and every definition is used by some step.
func TestEveryFeatureStepMatchesOneDefinition(t *testing.T) {
	w, _ := testWorld(t)
	defs := definitions(t, w.env)
	require.Greater(t, len(defs), 50)
	texts := featureSteps(t)
	require.Greater(t, len(texts), 300)
	used := make([]bool, len(defs))
	for _, text := range texts {
		var matching []string
		for i, d := range defs {
			if regexp.MustCompile(d.pattern).MatchString(text) {
				used[i] = true
				matching = append(matching, d.pattern)
			}
		}
		assert.Len(t, matching, 1, "%q must match exactly one definition; it matches %v", text, matching)
	}
	for i, d := range defs {
		assert.True(t, used[i], "no feature step uses the definition %s (%s)", d.pattern, d.fn)
		assert.Regexp(t, `^\^.*\$$`, d.pattern, "a step pattern is anchored at both ends, as a step's whole text")
		assert.NotContains(t, d.fn, "register.go", "godog locates %s in its domain's file, where it is written", d.pattern)
	}
}

// Each pattern is compiled once per run: every scenario's definitions share
// the Env's compiled expressions.
func TestEveryWorldSharesTheCompiledPatterns(t *testing.T) {
	w, _ := testWorld(t)
	first := definitions(t, w.env)
	n := 0
	w.env.patterns.Range(func(_, _ any) bool { n++; return true })
	second := definitions(t, w.env)
	m := 0
	w.env.patterns.Range(func(_, _ any) bool { m++; return true })
	assert.Equal(t, first, second)
	assert.Equal(t, n, m, "a second scenario compiles no pattern anew")
	assert.LessOrEqual(t, n, len(first))
}

// Every Given step has its route recorded (GivenRoutes), and every route
// names a Given step godog holds: the catalogue says how each Given
// reaches its state, and why that route.
func TestEveryGivenStepHasItsRoute(t *testing.T) {
	w, _ := testWorld(t)
	routes := GivenRoutes()
	used := make([]bool, len(routes))
	for _, d := range definitions(t, w.env) {
		given := false
		for _, p := range []string{"^the partner has ", "^the account has been ", "^the partner uses ", "^the partner holds "} {
			given = given || strings.HasPrefix(d.pattern, p)
		}
		if !given {
			continue
		}
		found := false
		for i, r := range routes {
			if strings.HasPrefix(d.pattern, r.Step) {
				found, used[i] = true, true
			}
		}
		assert.True(t, found, "the Given step %q has no route in GivenRoutes", d.pattern)
	}
	for i, r := range routes {
		assert.True(t, used[i], "GivenRoutes names %q, which no Given step matches", r.Step)
		assert.NotEmpty(t, r.Route, r.Step)
		assert.NotEmpty(t, r.Why, r.Step)
	}
}
