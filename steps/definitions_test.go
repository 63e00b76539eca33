package steps

import (
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Definitions lists every step definition once, at the line of the
// sc.Step that registers it (what cucumber.json names in match.location),
// and the Locator finds a step's definition by its text.
func TestDefinitionsAreWhereTheyAreRegistered(t *testing.T) {
	defs := Definitions()
	require.NotEmpty(t, defs)
	registered := 0
	files := map[string][]string{}
	for _, d := range defs {
		file, line, ok := strings.Cut(d.Location, ":")
		require.True(t, ok, d.Location)
		if files[file] == nil {
			data, err := os.ReadFile(file)
			require.NoError(t, err)
			files[file] = strings.Split(string(data), "\n")
		}
		n, err := strconv.Atoi(line)
		require.NoError(t, err)
		require.LessOrEqual(t, n, len(files[file]), d.Location)
		src := files[file][n-1]
		assert.Contains(t, src, "sc.Step(", "%s registers %s", d.Location, d.Pattern)
	}
	for _, lines := range files {
		for _, l := range lines {
			if strings.Contains(l, "sc.Step(") && !strings.HasPrefix(strings.TrimSpace(l), "//") {
				registered++
			}
		}
	}
	assert.GreaterOrEqual(t, len(defs), registered, "every sc.Step line registers a definition (a loop may register more)")

	l := NewLocator(defs)
	assert.Regexp(t, `^accounts\.go:[0-9]+$`, l.Locate("the partner has created an account"))
	assert.Regexp(t, `^operations\.go:[0-9]+$`, l.Locate("the call succeeds"))
	assert.Equal(t, "", l.Locate("the partner whistles a tune"), "undefined")
}
