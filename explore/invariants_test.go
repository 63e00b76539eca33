package explore

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/wallet-conformance/wallet-conformance/rules"
)

// specDoc returns a spec document as rules' test finds it, beside the
// clone (or in WALLET_SPEC_DIR).
func specDoc(t *testing.T, doc string) string {
	t.Helper()
	dir := os.Getenv("WALLET_SPEC_DIR")
	if dir == "" {
		dir = filepath.Join("..", "..", "shared", "spec")
	}
	data, err := os.ReadFile(filepath.Join(dir, "document-"+doc+".md"))
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("the spec is not beside the clone: %v", err)
		}
		t.Skipf("the spec is not beside the clone (%v): quotes not checked", err)
	}
	return string(data)
}

func normalise(s string) string {
	s = strings.NewReplacer("`", "", "|", " ", "*", "").Replace(s)
	return strings.Join(strings.Fields(s), " ")
}

// Every invariant quotes the spec word for word: each part of its quote
// (parts joined by " … ") stands in document A or B.
func TestEveryInvariantQuotesTheSpec(t *testing.T) {
	a, b := normalise(specDoc(t, "a")), normalise(specDoc(t, "b"))
	for _, inv := range Invariants() {
		for _, part := range strings.Split(inv.Quote, "…") {
			part = normalise(part)
			assert.True(t, part == "" || strings.Contains(a, part) || strings.Contains(b, part), "%s: %q is in neither document", inv.ID, part)
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
