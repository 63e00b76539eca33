package reference

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestVariantTable(t *testing.T) {
	t.Parallel()
	seen := map[string]bool{}
	var all []string
	for _, v := range Variants() {
		assert.Regexp(t, `^[a-z0-9]+(-[a-z0-9]+)*$`, v.Name)
		assert.Regexp(t, `^[AB]-\d+(\.\d+)?$`, v.Clause, v.Name)
		assert.NotEmpty(t, v.Description, v.Name)
		assert.False(t, seen[v.Name], "duplicate variant %s", v.Name)
		assert.False(t, knownMutant(v.Name) && v.Name != "", "variant %s has a mutant's name", v.Name)
		seen[v.Name] = true
		all = append(all, v.Name)
		cfg := DefaultConfig()
		cfg.Variants = []string{v.Name}
		_, err := NewHandler(cfg)
		assert.NoError(t, err, v.Name)
	}
	cfg := DefaultConfig()
	cfg.Variants = all
	_, err := NewHandler(cfg)
	assert.NoError(t, err, "every variant combines with every other")

	cfg.Variants = []string{"no-such-variant"}
	_, err = NewHandler(cfg)
	assert.ErrorContains(t, err, `unknown variant "no-such-variant"`)
}

// TestVariantsReferenced checks that every variant of the tables is used by
// the code through h.variant("name"), and that the code names no other.
func TestVariantsReferenced(t *testing.T) {
	t.Parallel()
	used := namesCalled(t, "variant")
	for _, v := range Variants() {
		assert.True(t, used[v.Name], "variant %s is never checked in the code", v.Name)
		delete(used, v.Name)
	}
	assert.Empty(t, used, "code checks variants missing from the tables")
}

// namesCalled returns every name the package's code passes to
// h.<method>("name"), such as h.mutant("…") and h.variant("…").
func namesCalled(t *testing.T, method string) map[string]bool {
	t.Helper()
	files, err := filepath.Glob("*.go")
	require.NoError(t, err)
	used := map[string]bool{}
	call := regexp.MustCompile(`\.` + method + `\("([^"]+)"\)`)
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		src, err := os.ReadFile(f)
		require.NoError(t, err)
		for _, m := range call.FindAllStringSubmatch(string(src), -1) {
			used[m[1]] = true
		}
	}
	return used
}
