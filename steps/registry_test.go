package steps

import (
	"bytes"
	"io/fs"
	"regexp"
	"slices"
	"strings"
	"testing"

	gherkin "github.com/cucumber/gherkin/go/v26"
	messages "github.com/cucumber/messages/go/v21"
	"github.com/stretchr/testify/require"

	"github.com/wallet-conformance/wallet-conformance/features"
)

// Every step the features use as a Given (a Given, or an And or But after
// one) is matched by a definition that has its route in GivenRoutes,
// whatever words it starts with: TestEveryGivenStepHasItsRoute knows a
// Given by the first words of its pattern, so a new operation's Given worded
// otherwise ("the merchant has ...") would pass it without a route. A
// Given that makes no call (one that only names a reference) has its route
// too, saying so.
func TestEveryFeatureGivenHasItsRoute(t *testing.T) {
	w, _ := testWorld(t)
	defs := definitions(t, w.env)
	routes := GivenRoutes()
	var missing []string
	for _, text := range featureGivens(t) {
		var def *registered
		for i := range defs {
			if regexp.MustCompile(defs[i].pattern).MatchString(text) {
				def = &defs[i]
				break
			}
		}
		if def == nil {
			continue // undefined: TestEveryFeatureStepMatchesOneDefinition names it
		}
		routed := slices.ContainsFunc(routes, func(r GivenRoute) bool { return strings.HasPrefix(def.pattern, r.Step) })
		if !routed && !slices.Contains(missing, def.pattern) {
			missing = append(missing, def.pattern)
			t.Errorf("the features use %q as a Given; its definition %s (%s) has no route in GivenRoutes (steps/givens.go)", text, def.pattern, def.fn)
		}
	}
}

// featureGivens returns the texts of the steps the features use as Givens,
// once each, in the order the features give them.
func featureGivens(t *testing.T) []string {
	t.Helper()
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
				if s.Type == messages.PickleStepType_CONTEXT && !slices.Contains(texts, s.Text) {
					texts = append(texts, s.Text)
				}
			}
		}
		return nil
	})
	require.NoError(t, err)
	require.NotEmpty(t, texts)
	return texts
}
