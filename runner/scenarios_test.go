package runner

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wallet-conformance/wallet-conformance/features"
)

func TestEveryScenarioIsTracedToAClauseAndNamedUniquely(t *testing.T) {
	all, err := LoadScenarios(features.FS())
	require.NoError(t, err)
	require.NotEmpty(t, all)
	seen := map[string]string{}
	for _, s := range all {
		assert.NotEmpty(t, s.Clauses, "%s %q has no clause tag", s.ID, s.Name)
		key := s.URI + "\x00" + s.Name
		if prev, ok := seen[key]; ok {
			t.Errorf("%s and %s share the name %q: results are matched by name", prev, s.ID, s.Name)
		}
		seen[key] = s.ID
	}
}

func TestMatchTagsFollowsGodogRules(t *testing.T) {
	tags := []string{"A-4.2", "A-7"}
	for expr, want := range map[string]bool{
		"":                       true,
		"@A-4.2":                 true,
		"A-4.2":                  true,
		"@B-4.1":                 false,
		"@B-4.1,@A-7":            true,
		"@A-4.2 && ~@A-7":        false,
		"@A-4.2 && ~@advisory":   true,
		"@B-4.1,@A-4.2 && ~@A-8": true,
	} {
		assert.Equal(t, want, MatchTags(expr, tags), expr)
	}
}
