package explore

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/wallet-conformance/wallet-conformance/rules"
)

// loadSpec returns the spec text (rules.FindSpec): skipped, said once, on a
// clone with no spec beside it; a failure when $WALLET_SPEC_DIR names a
// folder without it.
func loadSpec(t *testing.T) *rules.Spec {
	t.Helper()
	s, from, required, err := rules.FindSpec(".")
	if err == nil {
		return s
	}
	if required {
		t.Fatalf("%s=%s: %v", rules.SpecDirVar, from, err)
	}
	t.Skipf("the spec text is not beside the clone (%s): quotes not checked", from)
	return nil
}

// Every invariant quotes the spec word for word: each part of its quote
// (parts joined by " … ") stands in document A or B.
func TestEveryInvariantQuotesTheSpec(t *testing.T) {
	spec := loadSpec(t)
	for _, inv := range Invariants() {
		for _, part := range strings.Split(inv.Quote, "…") {
			assert.True(t, spec.Holds(0, part), "%s: %q is in neither document", inv.ID, part)
		}
	}
}

// Invariant IDs are unique, levels are normative or advisory, and every
// advisory one says why.
func TestTheInvariantCatalogue(t *testing.T) {
	seen := map[string]bool{}
	for _, inv := range Invariants() {
		assert.False(t, seen[inv.ID], inv.ID)
		seen[inv.ID] = true
		assert.Contains(t, []rules.Level{rules.Normative, rules.Advisory}, inv.Level, inv.ID)
		assert.NotEmpty(t, inv.Clauses, inv.ID)
		assert.NotEmpty(t, inv.Title, inv.ID)
		if inv.Level == rules.Advisory {
			assert.NotEmpty(t, inv.Why, inv.ID)
		}
	}
}
