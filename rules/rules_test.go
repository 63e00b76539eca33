package rules

import (
	"regexp"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Every rule quotes its document word for word: the quote, or each of its
// parts joined by " … ", stands in that order in document-a.md (A- rules) or
// document-b.md (B- rules).
func TestEveryQuoteIsTheSpecsOwnWords(t *testing.T) {
	c, err := Load()
	require.NoError(t, err)
	spec := loadSpec(t)
	for _, r := range c.All() {
		assert.True(t, spec.Holds(r.ID[0], r.Quote), "%s: %q is not in document-%c.md", r.ID, r.Quote, r.ID[0]+'a'-'A')
	}
	assert.False(t, spec.Holds('A', "Every response carries a four-digit responseKode"), "a changed word is not the spec's")
	assert.True(t, spec.Holds('A', "`0000` means success … Every response carries"), "parts in order (A-2.1, then A-7)")
	assert.False(t, spec.Holds('A', "Every response carries … `0000` means success"), "parts out of order")
}

func TestTheCatalogueLoadsAndIsOrdered(t *testing.T) {
	c, err := Load()
	require.NoError(t, err)
	all := c.All()
	for i := 1; i < len(all); i++ {
		assert.True(t, Less(all[i-1].ID, all[i].ID), "%s before %s", all[i-1].ID, all[i].ID)
	}
	for _, r := range all {
		got, ok := c.Rule("@" + r.ID)
		assert.True(t, ok)
		assert.Equal(t, r, got)
	}
}

func TestLoadRefusesAMalformedCatalogue(t *testing.T) {
	for name, yml := range map[string]string{
		"bad id":          "rules:\n- {id: A-4.5, quote: x, level: normative}\n",
		"no quote":        "rules:\n- {id: A-4.5#1, level: normative}\n",
		"unknown level":   "rules:\n- {id: A-4.5#1, quote: x, level: maybe}\n",
		"profile no key":  "rules:\n- {id: A-4.5#1, quote: x, level: profile}\n",
		"advisory no why": "rules:\n- {id: A-4.5#1, quote: x, level: advisory}\n",
		"twice":           "rules:\n- {id: A-4.5#1, quote: x, level: normative}\n- {id: A-4.5#1, quote: y, level: normative}\n",
		"unknown field":   "rules:\n- {id: A-4.5#1, quote: x, level: normative, colour: red}\n",
	} {
		_, err := LoadFS(fstest.MapFS{"x.yaml": {Data: []byte(yml)}})
		assert.Error(t, err, name)
	}
}

func TestLessOrdersAsTheSpec(t *testing.T) {
	ids := []string{"A-1#2", "A-2.1#1", "A-4.2#1", "A-4.10#1", "A-7#1", "B-3#1", "B-4.1#9", "B-4.1#10", "B-4.19#1"}
	for i := 1; i < len(ids); i++ {
		assert.True(t, Less(ids[i-1], ids[i]), "%s < %s", ids[i-1], ids[i])
		assert.False(t, Less(ids[i], ids[i-1]))
	}
	assert.True(t, IsRuleTag("A-4.5#3"))
	assert.False(t, IsRuleTag("A-4.5"))
	assert.False(t, IsRuleTag("A-4.5#0"))
	assert.True(t, regexp.MustCompile(`^[AB]-`).MatchString("B-3#1"))
}
