package recipes

import (
	"bytes"
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
// story", generated from portman-story.json) calls the operations Newman
// calls, in the order their states need: an operation of the catalogue
// missing from it is never called by the recipe (Newman runs the story's
// folder only), and an operation ID it names that the catalogue has not (a
// renamed or a removed operation) is ignored by Portman in silence. This
// test needs neither node nor npm, so that it runs wherever the suite's
// tests do; TestPortmanRecipe then runs the story itself.
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
		assert.True(t, called[op.ID], "the Portman story (recipes/portman/portman-config.json) never calls %s (%s): run `make generate` (or `go run ./cmd/portman-config`); a step of its own in recipes/portman/portman-story.json where its state is made if it needs one", op.ID, op.Name)
	}

	// Every operation ID named anywhere else (overwrites, exclusions) is
	// one of the catalogue: Portman skips an unknown one without a word.
	var raw any
	require.NoError(t, json.Unmarshal(data, &raw))
	ids := operationIDsIn(raw)
	slices.Sort(ids)
	for _, id := range ids {
		assert.True(t, known[id], "portman-config.json names %q, which is no operation of the catalogue: its hand source is recipes/portman/portman-story.json", id)
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

// portman-config.json is what `go run ./cmd/portman-config` writes from
// portman-story.json and the catalogue: the file Portman reads never drifts
// from its hand source, nor from an operation added to the catalogue.
func TestPortmanConfigIsCurrent(t *testing.T) {
	hand, err := os.ReadFile(filepath.Join(moduleRoot, PortmanStoryFile))
	require.NoError(t, err)
	want, placed, err := PortmanConfig(hand, schemas.Catalogue())
	require.NoError(t, err)
	got, err := os.ReadFile(filepath.Join(moduleRoot, PortmanConfigFile))
	require.NoError(t, err)
	assert.True(t, bytes.Equal(want, got), "%s is out of date: run `make generate` (or `go run ./cmd/portman-config` from the module's root)", PortmanConfigFile)
	t.Logf("operations the hand source leaves to its step %q: %v", OtherOperations, placed)
}

// An operation the hand source does not name (the trial's List Payments, a
// read of an account with payments) is a step at the story's step "*",
// before Close Account, with the contract tests of every step and nothing
// of its own, and PortmanConfig says it placed it.
func TestPortmanConfigPlacesAnOperationTheStoryDoesNotName(t *testing.T) {
	hand, err := os.ReadFile(filepath.Join(moduleRoot, PortmanStoryFile))
	require.NoError(t, err)
	// Those of the catalogue placed there today, if any, then one more: a
	// row no amendment will add, so that the test holds whatever the
	// catalogue becomes.
	_, before, err := PortmanConfig(hand, schemas.Catalogue())
	require.NoError(t, err)
	const id = "list-example-things"
	out, placed := configWith(t, schemas.Operation{ID: id, Name: "List Example Things", Clause: "B-4.99",
		Area: "Account Information", Method: "GET", Path: "/account/{accno}/example-things", Success: 200})
	assert.Equal(t, append(before, id), placed)

	var cfg portmanConfig
	require.NoError(t, json.Unmarshal(out, &cfg))
	steps := cfg.Tests.IntegrationTests[0].Operations
	var ids []string
	for _, s := range steps {
		ids = append(ids, s.ID)
	}
	i := slices.Index(ids, id)
	require.Positive(t, i, "the story calls %s: %v", id, ids)
	assert.Equal(t, "close-account", ids[len(ids)-1], "close-account stays last")
	assert.Equal(t, len(ids)-2, i, "%s, last of the catalogue, just before close-account: %v", id, ids)
	v := steps[i].Variations
	require.Len(t, v, 1)
	assert.Equal(t, id, v[0].Name)
	assert.Len(t, v[0].Tests.ContractTests, 4)
	assert.Empty(t, v[0].AssignVariables)
	assert.Empty(t, v[0].OpenAPIResponse)
}

// The generator refuses what it would otherwise drop or guess: an ID of no
// operation, a field of a step it does not know, a story without the place
// of the operations it does not name, a variation named for another.
func TestPortmanConfigRefusesWhatItCannotPlace(t *testing.T) {
	story := func(steps string) []byte {
		return []byte(`{"version": 1.0, "tests": {"contractTests": [], "integrationTests": [{"name": "Wallet story", "operations": [` +
			steps + `]}]}, "overwrites": [], "globals": {}}`)
	}
	// the reads of a payment need the story's payment
	// (TestPortmanConfigGivesAPlacedReadOfAPaymentTheStorysPayment)
	ops := slices.DeleteFunc(schemas.Catalogue(), schemas.Operation.ReadsAPayment)
	_, _, err := PortmanConfig(story(`"issue-token", "*"`), ops)
	require.NoError(t, err)
	for steps, want := range map[string]string{
		`"issue-token", "list-paymnts", "*"`: `"list-paymnts", which is no operation of the catalogue`,
		`"issue-token"`:                      `no step "*"`,
		`"*", "*"`:                           `stands twice`,
		`{"openApiOperationId": "issue-token", "openApiResponse": "2XX"}, "*"`:  `unknown field "openApiResponse"`,
		`{"openApiOperationId": "kc-authorize", "name": "kc-capture (2)"}, "*"`: `begins with the operation's ID`,
		`{"openApiOperationId": "kc-authorize", "name": "kc-authorizer"}, "*"`:  `begins with the operation's ID`,
		`{"openApiOperationId": "kc-authorize", "assignVariables": [], "x": 1}`: `unknown field "x"`,
	} {
		_, _, err := PortmanConfig(story(steps), ops)
		if assert.Error(t, err, steps) {
			assert.Contains(t, err.Error(), want, steps)
		}
	}
}

// A read of a payment the hand source does not name (a list of a payment's
// refunds) is placed at the step "*" reading the story's payment, which a
// step before it assigns; a story that assigns none is refused.
func TestPortmanConfigGivesAPlacedReadOfAPaymentTheStorysPayment(t *testing.T) {
	const id = "list-example-refunds"
	read := schemas.Operation{ID: id, Name: "List Example Refunds", Clause: "B-4.99",
		Area: "Payments", Method: "GET", Path: "/payment/{uniqueReference}/example-refunds", Success: 200}
	out, placed := configWith(t, read)
	assert.Contains(t, placed, id)
	var cfg struct {
		Overwrites []struct {
			IDs   []string `json:"openApiOperationIds"`
			Paths []struct {
				Key, Value string
			} `json:"overwriteRequestPathVariables"`
		} `json:"overwrites"`
	}
	require.NoError(t, json.Unmarshal(out, &cfg))
	var reads []string
	for _, o := range cfg.Overwrites {
		if slices.Contains(o.IDs, id) {
			require.Len(t, o.Paths, 1)
			assert.Equal(t, "uniqueReference", o.Paths[0].Key)
			assert.Equal(t, "{{"+PaymentVariable+"}}", o.Paths[0].Value)
			reads = o.IDs
		}
	}
	assert.Equal(t, []string{schemas.GetPaymentStatus, id}, reads, "the reads of a payment the story does not name, in the catalogue's order")

	none := []byte(`{"version": 1.0, "tests": {"contractTests": [], "integrationTests": [{"name": "Wallet story", "operations": ["issue-token", "*"]}]}, "overwrites": [], "globals": {}}`)
	_, _, err := PortmanConfig(none, append(schemas.Catalogue(), read))
	if assert.Error(t, err) {
		assert.Contains(t, err.Error(), "no step before it assigns "+PaymentVariable)
	}
}

// configWith generates the configuration from the hand source for the
// catalogue and a made-up operation op, and returns it and the operations
// it placed at the step "*".
func configWith(t *testing.T, op schemas.Operation) (out []byte, placed []string) {
	t.Helper()
	hand, err := os.ReadFile(filepath.Join(moduleRoot, PortmanStoryFile))
	require.NoError(t, err)
	out, placed, err = PortmanConfig(hand, append(schemas.Catalogue(), op))
	require.NoError(t, err)
	return out, placed
}
