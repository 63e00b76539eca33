package steps

import (
	"bytes"
	"context"
	"errors"
	"io/fs"
	"reflect"
	"regexp"
	"strings"
	"testing"

	gherkin "github.com/cucumber/gherkin/go/v26"
	messages "github.com/cucumber/messages/go/v21"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wallet-conformance/wallet-conformance/features"
)

// featureSteps returns the text of every step of every embedded feature,
// outlines expanded, each once.
func featureSteps(t *testing.T) []string {
	t.Helper()
	seen := map[string]bool{}
	var texts []string
	err := fs.WalkDir(features.FS(), ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".feature") {
			return err
		}
		data, err := fs.ReadFile(features.FS(), path)
		if err != nil {
			return err
		}
		ids := (&messages.Incrementing{}).NewId
		doc, err := gherkin.ParseGherkinDocument(bytes.NewReader(data), ids)
		if err != nil {
			return err
		}
		for _, p := range gherkin.Pickles(*doc, path, ids) {
			for _, s := range p.Steps {
				require.Nil(t, s.Argument, "%s: %q has a data table or doc string, which the step table does not bind", path, s.Text)
				if !seen[s.Text] {
					seen[s.Text] = true
					texts = append(texts, s.Text)
				}
			}
		}
		return nil
	})
	require.NoError(t, err)
	return texts
}

// The step table keeps godog's strict rules: every step of the features
// matches exactly one definition, and each definition's function takes
// what its pattern captures.
func TestEveryFeatureStepMatchesOneDefinition(t *testing.T) {
	w, _ := testWorld(t)
	table := &stepTable{env: w.env}
	registerSteps(stepper{table: table}, w)
	texts := featureSteps(t)
	require.Greater(t, len(texts), 300)
	used := map[int]bool{}
	for _, text := range texts {
		m := table.match(text)
		if !assert.NoError(t, m.err) {
			continue
		}
		used[m.index] = true
		_, err := bind(context.Background(), table.defs[m.index], m.args)
		assert.NoError(t, err, text)
	}
	for i, d := range table.defs {
		assert.True(t, used[i], "no feature step uses the definition %s", d.pattern)
	}
}

func TestStepTableRefusesUndefinedAndAmbiguousSteps(t *testing.T) {
	env := &Env{}
	table := &stepTable{env: env}
	st := stepper{table: table}
	var got []any
	st.Step(`^the partner reads (\w+) (\d+) times$`, func(ctx context.Context, what string, n int) error {
		got = append(got, what, n)
		return nil
	})
	st.Step(`^the call (succeeds|fails)$`, func(string) error { return nil })
	st.Step(`^the call fails$`, func() error { return nil })
	st.Step(`^the response is (\w+)$`, func(ctx context.Context) error { return nil })

	require.NoError(t, table.run(context.Background(), "the partner reads balances 3 times"))
	assert.Equal(t, []any{"balances", 3}, got)

	var de *DefinitionError
	err := table.run(context.Background(), "the partner sings")
	require.True(t, errors.As(err, &de))
	assert.Contains(t, err.Error(), "undefined step")

	err = table.run(context.Background(), "the call fails")
	require.True(t, errors.As(err, &de))
	assert.Contains(t, err.Error(), "ambiguous step")
	assert.Contains(t, err.Error(), `^the call fails$`)

	err = table.run(context.Background(), "the response is odd")
	require.True(t, errors.As(err, &de))
	assert.Contains(t, err.Error(), "takes 0 values, the pattern captures 1")

	// A step's own error comes back as it is.
	boom := errors.New("boom")
	st.Step(`^it breaks$`, func() error { return boom })
	assert.Same(t, boom, table.run(context.Background(), "it breaks"))
}

// Every scenario registers the same patterns in the same order: the match
// of a text, found once per run, holds for every World.
func TestEveryWorldRegistersTheSameDefinitions(t *testing.T) {
	w1, _ := testWorld(t)
	w2 := newWorld(w1.env)
	a, b := &stepTable{env: w1.env}, &stepTable{env: w1.env}
	registerSteps(stepper{table: a}, w1)
	registerSteps(stepper{table: b}, w2)
	require.Equal(t, len(a.defs), len(b.defs))
	assert.LessOrEqual(t, len(a.defs), definitionsPerScenario, "raise definitionsPerScenario")
	for i := range a.defs {
		assert.Equal(t, a.defs[i].pattern, b.defs[i].pattern)
		assert.Equal(t, reflect.TypeOf(a.defs[i].fn), reflect.TypeOf(b.defs[i].fn))
		_, err := regexp.Compile(a.defs[i].pattern)
		assert.NoError(t, err)
		assert.Regexp(t, `^\^.*\$$`, a.defs[i].pattern, "a step pattern is anchored at both ends, as a step's whole text")
	}
}
