package runner

import (
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wallet-conformance/wallet-conformance/features"
	"github.com/wallet-conformance/wallet-conformance/reports"
	"github.com/wallet-conformance/wallet-conformance/rules"
)

func TestEveryScenarioIsTracedToAClauseAndNamedUniquely(t *testing.T) {
	all, err := LoadScenarios(features.FS())
	require.NoError(t, err)
	require.NotEmpty(t, all)
	seen := map[string]string{}
	for _, s := range all {
		assert.NotEmpty(t, s.Clauses, "%s %q has no clause tag", s.ID, s.Name)
		assert.Equal(t, s.URI+"/"+s.Name, s.Key)
		if prev, ok := seen[s.Key]; ok {
			t.Errorf("%s and %s share the key %q: results are matched, and waivers, baselines, reruns and timings name a scenario, by its file and name; name them apart (an outline's rows by a value of their row)", prev, s.ID, s.Key)
		}
		seen[s.Key] = s.ID
	}
}

// A scenario's key is its file and name, wherever its line is: a Rule and
// a scenario inserted above it change its ID and leave its key.
func TestAScenarioKeepsItsKeyWhenLinesMove(t *testing.T) {
	const before = "Feature: F\n  Scenario: First\n    Given a step\n\n  Scenario Outline: Later <n>\n    Given a step\n\n    Examples:\n      | n |\n      | 1 |\n      | 2 |\n"
	const after = "Feature: F\n  Scenario: First\n    Given a step\n\n  Rule: R\n\n    Scenario: Inserted\n      Given a step\n\n    Scenario Outline: Later <n>\n      Given a step\n\n      Examples:\n        | n |\n        | 0 |\n        | 1 |\n        | 2 |\n"
	load := func(text string) map[string]string {
		all, err := LoadScenarios(fstest.MapFS{"a.feature": {Data: []byte(text)}})
		require.NoError(t, err)
		ids := map[string]string{}
		for _, s := range all {
			ids[s.Key] = s.ID
		}
		return ids
	}
	old, moved := load(before), load(after)
	assert.Equal(t, map[string]string{"a.feature/First": "a.feature:2", "a.feature/Later 1": "a.feature:10", "a.feature/Later 2": "a.feature:11"}, old)
	assert.Equal(t, "a.feature:16", moved["a.feature/Later 1"], "an inserted row and scenario move its line")
	assert.Equal(t, "a.feature:17", moved["a.feature/Later 2"])
	assert.Equal(t, "a.feature:7", moved["a.feature/Inserted"])
}

// A rule tag is a promise like a clause tag: it names a rule of the
// catalogue, of one of the scenario's own clauses, and an @advisory
// scenario checks no normative rule.
func TestEveryRuleTagNamesARuleOfTheCatalogue(t *testing.T) {
	all, err := LoadScenarios(features.FS())
	require.NoError(t, err)
	cat, err := rules.Load()
	require.NoError(t, err)
	for _, s := range all {
		for _, id := range s.Rules {
			r, ok := cat.Rule(id)
			if !assert.True(t, ok, "%s %q is tagged @%s, which is not in the catalogue (rules/)", s.ID, s.Name, id) {
				continue
			}
			assert.Contains(t, s.Clauses, r.Clause(), "%s %q checks %s but is not tagged with its clause", s.ID, s.Name, id)
			if s.Advisory {
				assert.NotEqual(t, rules.Normative, r.Level, "%s %q is @advisory but checks the normative rule %s", s.ID, s.Name, id)
			}
		}
	}
}

func TestTagExpressionsOfGodogStillSelect(t *testing.T) {
	tags := []string{"A-4.2", "A-7"}
	for expr, want := range map[string]bool{
		"":                       true,
		"@A-4.2":                 true,
		"@B-4.1":                 false,
		"@B-4.1,@A-7":            true,
		"@A-4.2 && ~@A-7":        false,
		"@A-4.2 && ~@advisory":   true,
		"@B-4.1,@A-4.2 && ~@A-8": true,
	} {
		e, err := ParseTags(expr)
		require.NoError(t, err, expr)
		assert.Equal(t, want, e.Match(tags), expr)
	}
}

// Every clause of both documents with content has at least one scenario,
// and every clause tag names a clause of the spec.
func TestEveryClauseHasAScenario(t *testing.T) {
	all, err := LoadScenarios(features.FS())
	require.NoError(t, err)
	tagged := map[string]bool{}
	for _, s := range all {
		for _, c := range s.Clauses {
			tagged[c] = true
		}
	}
	known := map[string]bool{}
	for _, c := range reports.SpecClauses() {
		known[c.Tag] = true
		if !c.Empty {
			assert.True(t, tagged[c.Tag], "clause %s (%s) has no scenario", c.Tag, c.Title)
		}
	}
	for tag := range tagged {
		assert.True(t, known[tag], "tag @%s names no clause of the spec", tag)
	}
}
