package runner_test

import (
	"strings"
	"testing"
	"unicode"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wallet-conformance/wallet-conformance/features"
	"github.com/wallet-conformance/wallet-conformance/runner"
)

// Auditors read the scenario names, in the reports and in list, as the
// specification: every name, an outline's rows filled in, reads as a
// sentence (a capital first, no placeholder left, no doubled space), not
// as a step phrase cut loose ("creates an account for a business user
// with businessCompanyName of 201 characters is accepted").
func TestScenarioNamesReadAsSentences(t *testing.T) {
	all, err := runner.LoadScenarios(features.FS())
	require.NoError(t, err)
	for _, s := range all {
		first := []rune(s.Name)[0]
		assert.True(t, unicode.IsUpper(first), "%s: %q does not begin a sentence", s.ID, s.Name)
		assert.False(t, strings.ContainsAny(s.Name, "<>"), "%s: %q keeps a placeholder", s.ID, s.Name)
		assert.NotContains(t, s.Name, "  ", s.ID)
	}
}
