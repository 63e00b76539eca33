package steps

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	messages "github.com/cucumber/messages/go/v21"
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
	for _, p := range featurePickles(t) {
		for _, s := range p.steps {
			if s.Type == messages.PickleStepType_CONTEXT && !slices.Contains(texts, s.Text) {
				texts = append(texts, s.Text)
			}
		}
	}
	return texts
}
