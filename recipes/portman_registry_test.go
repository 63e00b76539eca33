package recipes

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wallet-conformance/wallet-conformance/schemas"
)

// The Portman recipe's story (portman-config.json, integration test "Wallet
// story") is a list kept by hand of the operations Newman calls, in the
// order their states need: an operation of the catalogue missing from it is
// never called by the recipe (Newman runs the story's folder only), and an
// operation ID it names that the catalogue has not (a renamed or a removed
// operation) is ignored by Portman in silence. This test needs neither node
// nor npm, so that it runs wherever the suite's tests do; TestPortmanRecipe
// then runs the story itself.
func TestPortmanStoryNamesEveryOperation(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(portmanDir, "portman-config.json"))
	require.NoError(t, err)
	var config struct {
		Tests struct {
			IntegrationTests []struct {
				Name       string `json:"name"`
				Operations []struct {
					ID         string `json:"openApiOperationId"`
					Variations []struct {
						Name string `json:"name"`
					} `json:"variations"`
				} `json:"operations"`
			} `json:"integrationTests"`
		} `json:"tests"`
	}
	require.NoError(t, json.Unmarshal(data, &config))
	require.Len(t, config.Tests.IntegrationTests, 1, "one story, the folder newman-options.json runs")

	known := map[string]bool{}
	for _, op := range schemas.Catalogue() {
		known[op.ID] = true
	}
	called := map[string]bool{}
	for _, step := range config.Tests.IntegrationTests[0].Operations {
		assert.True(t, known[step.ID], "the Portman story calls %q, which is no operation of the catalogue (schemas/catalogue.go)", step.ID)
		called[step.ID] = true
		for _, v := range step.Variations {
			// newmanExecutions names an execution by the first word of its item.
			first, _, _ := strings.Cut(v.Name, " ")
			assert.Equal(t, step.ID, first, "a variation's name starts with its operation's ID")
		}
	}
	for _, op := range schemas.Catalogue() {
		assert.True(t, called[op.ID], "the Portman story (recipes/portman/portman-config.json) never calls %s (%s): add it where its state is made", op.ID, op.Name)
	}

	// Every operation ID named anywhere else (overwrites, exclusions) is
	// one of the catalogue: Portman skips an unknown one without a word.
	var raw any
	require.NoError(t, json.Unmarshal(data, &raw))
	ids := operationIDsIn(raw)
	slices.Sort(ids)
	for _, id := range ids {
		assert.True(t, known[id], "portman-config.json names %q, which is no operation of the catalogue", id)
	}
}

// operationIDsIn returns every operation ID a Portman configuration names:
// the values of openApiOperationId, openApiOperationIds and
// excludeForOperations, wherever they stand.
func operationIDsIn(v any) []string {
	var out []string
	switch x := v.(type) {
	case map[string]any:
		for k, val := range x {
			switch k {
			case "openApiOperationId":
				if s, ok := val.(string); ok {
					out = append(out, s)
				}
			case "openApiOperationIds", "excludeForOperations":
				for _, e := range val.([]any) {
					out = append(out, e.(string))
				}
			}
			out = append(out, operationIDsIn(val)...)
		}
	case []any:
		for _, e := range x {
			out = append(out, operationIDsIn(e)...)
		}
	}
	return out
}
