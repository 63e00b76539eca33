package explore

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/wallet-conformance/wallet-conformance/rules"
)

// loadSpec returns the spec beside the clone (or in WALLET_SPEC_DIR).
func loadSpec(t *testing.T) *rules.Spec {
	t.Helper()
	dir := os.Getenv("WALLET_SPEC_DIR")
	if dir == "" {
		dir = filepath.Join("..", "..", "shared", "spec")
	}
	s, err := rules.LoadSpec(dir)
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("the spec is not beside the clone: %v", err)
		}
		t.Skipf("the spec is not beside the clone (%v): quotes not checked", err)
	}
	return s
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
