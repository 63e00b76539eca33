package runner

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wallet-conformance/wallet-conformance/features"
	"github.com/wallet-conformance/wallet-conformance/record"
	"github.com/wallet-conformance/wallet-conformance/reference"
	"github.com/wallet-conformance/wallet-conformance/rules"
)

// Every normative rule of the catalogue is checked by a scenario tagged
// with it and proven by a mutant of the reference server that breaks it
// (TestEveryMutantIsKilled then requires a scenario tagged with the rule to
// fail against it); a rule the suite cannot check is untestable and says
// why. Advisory and profile rules are checked by a scenario too.
func TestEveryNormativeRuleIsCheckedAndProven(t *testing.T) {
	entries, err := RuleCatalogue(features.FS())
	require.NoError(t, err)
	require.NotEmpty(t, entries)
	for _, e := range entries {
		switch e.Level {
		case rules.Normative:
			assert.NotEmpty(t, e.Scenarios, "normative rule %s (%q) is checked by no scenario", e.ID, e.Quote)
			assert.NotEmpty(t, e.Mutants, "normative rule %s (%q) has no mutant that breaks it", e.ID, e.Quote)
		case rules.Advisory, rules.Profile:
			assert.NotEmpty(t, e.Scenarios, "%s rule %s (%q) is checked by no scenario", e.Level, e.ID, e.Quote)
		}
	}
	// A mutant names a rule of the catalogue, of its own clause.
	cat, err := rules.Load()
	require.NoError(t, err)
	for _, m := range reference.Mutants() {
		if m.Rule == "" {
			continue
		}
		r, ok := cat.Rule(m.Rule)
		if assert.True(t, ok, "mutant %s names %s, which is not in the catalogue", m.Name, m.Rule) {
			assert.Equal(t, m.Clause, r.Clause(), "mutant %s names %s of another clause", m.Name, m.Rule)
			assert.Contains(t, []rules.Level{rules.Normative, rules.Advisory, rules.Profile}, r.Level, "mutant %s breaks %s, an %s rule: nothing to break", m.Name, m.Rule, r.Level)
		}
	}
}

// rules/CATALOGUE.md is what `wallet-conformance rules` prints: the audit
// an auditor reads in the repository never drifts from the catalogue.
func TestTheCatalogueFileIsCurrent(t *testing.T) {
	entries, err := RuleCatalogue(features.FS())
	require.NoError(t, err)
	var b bytes.Buffer
	require.NoError(t, WriteRulesMarkdown(&b, entries))
	got, err := os.ReadFile(filepath.Join("..", "rules", "CATALOGUE.md"))
	require.NoError(t, err)
	assert.True(t, bytes.Equal(b.Bytes(), got), "rules/CATALOGUE.md is out of date: run `go run ./cmd/wallet-conformance rules > rules/CATALOGUE.md`")
}

// No scenario expects a success of a request that a rule of its operation
// says is not owed one (rules.Rule.Requests): the catalogue does not
// contradict itself. The check itself finds the scenario of issue 22, which
// debited for the merchant named by its external account reference under
// the accnoType of an account number and expected a success, though
// "accnoType applies to both account numbers" (B-4.15#7).
func TestNoScenarioContradictsTheCatalogue(t *testing.T) {
	cfg := reference.DefaultConfig()
	srv, err := reference.New(cfg)
	require.NoError(t, err)
	t.Cleanup(srv.Close)
	p := ReferenceProfile(srv.URL, cfg)

	res, err := Run(context.Background(), Options{Profile: p, Concurrency: 4})
	require.NoError(t, err)
	require.NotEmpty(t, res.Scenarios)
	got, err := Contradictions(res, p.Value)
	require.NoError(t, err)
	assert.Empty(t, got)

	fsys := fstest.MapFS{"B-4.15-contradiction.feature": {Data: []byte(`@B-4.15
Feature: KC-Debit Account as issue 22 found it
  @B-4.15#5
  Scenario: KC-Debit Account to the merchant's external reference with merchantProgramCode is accepted
    Given the partner has created an account
    And the account has been loaded with 50.00
    When the partner debits the account for the merchant named by its external account reference
    Then the call succeeds
`)}}
	res, err = Run(context.Background(), Options{Profile: p, Features: fsys})
	require.NoError(t, err)
	require.Len(t, res.Scenarios, 1)
	require.Equal(t, record.Passed, res.Scenarios[0].Status, "the Standard server accepts it, so only the catalogue can tell")
	got, err = Contradictions(res, p.Value)
	require.NoError(t, err)
	require.Len(t, got, 1)
	assert.Contains(t, got[0], "kc-debit-account")
	assert.Contains(t, got[0], "merchantAccno")
	assert.Contains(t, got[0], "B-4.15#7")
}
