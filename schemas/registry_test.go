package schemas

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/wallet-conformance/wallet-conformance/schemas/schemastest"
)

// Every ID constant is an operation of the catalogue and every operation
// has its constant: a constant added without its catalogue row, or a row
// without its constant, is named.
func TestEveryOperationConstantIsInTheCatalogue(t *testing.T) {
	consts := schemastest.OperationConstants(t, "catalogue.go")
	inCatalogue := map[string]bool{}
	for _, op := range Catalogue() {
		inCatalogue[op.ID] = true
	}
	named := map[string]bool{}
	for name, id := range consts {
		named[id] = true
		assert.True(t, inCatalogue[id], "the constant %s (%q) has no row in Catalogue()", name, id)
	}
	for _, op := range Catalogue() {
		assert.True(t, named[op.ID], "the operation %q of Catalogue() has no ID constant in catalogue.go", op.ID)
	}
}

// Every operation names an area of the OpenAPI tags (areas, openapi.go),
// and every area holds an operation: an operation naming no area is named
// here, and the export refuses it rather than tag it with a catch-all.
func TestEveryOperationHasAnOpenAPIArea(t *testing.T) {
	used := map[string]bool{}
	for _, op := range Catalogue() {
		name, ok := areaOf(op)
		if assert.True(t, ok, "%s (%s, clause %s) names the area %q: name one of the OpenAPI tags (areas, schemas/openapi.go) in its catalogue row", op.Name, op.ID, op.Clause, op.Area) {
			used[name] = true
		}
	}
	for _, a := range areas {
		assert.True(t, used[a.name], "the OpenAPI area %q holds no operation of the catalogue", a.name)
	}
	_, err := openAPIOperation(Operation{ID: "new-op", Name: "New Op", Clause: "B-4.99", Method: "GET", Path: "/new"}, []byte(`{}`), opExample{}, nil)
	assert.ErrorContains(t, err, `new-op names the area "", which is no OpenAPI tag`)
	consent := areas[slices.IndexFunc(areas, func(a area) bool { return a.name == "Consent" })]
	assert.Equal(t, "Document B: consents (B-4.8, B-4.9).", areaDescription(consent, Catalogue()))
}
