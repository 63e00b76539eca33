package schemas

import (
	"go/ast"
	"go/parser"
	"go/token"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// operationConstants reads the ID constants of catalogue.go (name ->
// value): the one spelling of each operation the code uses.
func operationConstants(t *testing.T) map[string]string {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), "catalogue.go", nil, 0)
	require.NoError(t, err)
	out := map[string]string{}
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.CONST {
			continue
		}
		for _, spec := range g.Specs {
			vs := spec.(*ast.ValueSpec)
			for i, name := range vs.Names {
				if lit, ok := vs.Values[i].(*ast.BasicLit); ok && lit.Kind == token.STRING {
					v, err := strconv.Unquote(lit.Value)
					require.NoError(t, err)
					out[name.Name] = v
				}
			}
		}
	}
	require.NotEmpty(t, out, "catalogue.go declares the operations' IDs as constants")
	return out
}

// Every ID constant is an operation of the catalogue and every operation
// has its constant: a constant added without its catalogue row, or a row
// without its constant, is named.
func TestEveryOperationConstantIsInTheCatalogue(t *testing.T) {
	consts := operationConstants(t)
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

// Every operation's clause lies in exactly one area of the OpenAPI tags
// (areas, openapi.go), and every area holds an operation: an operation
// beyond the areas' ranges is named here, and the export refuses it rather
// than tag it with a catch-all.
func TestEveryOperationHasAnOpenAPIArea(t *testing.T) {
	used := map[string]bool{}
	for _, op := range Catalogue() {
		var in []string
		for _, a := range areas {
			if clauseIn(op.Clause, a.first, a.last) {
				in = append(in, a.name)
			}
		}
		if assert.Len(t, in, 1, "%s (%s, clause %s) must lie in exactly one area of the OpenAPI tags (areas, schemas/openapi.go)", op.Name, op.ID, op.Clause) {
			used[in[0]] = true
		}
	}
	for _, a := range areas {
		assert.True(t, used[a.name], "the OpenAPI area %q (%s to %s) holds no operation of the catalogue", a.name, a.first, a.last)
	}
	_, ok := areaOf("B-4.99")
	assert.False(t, ok, "a clause beyond every area has none")
	_, err := openAPIOperation(Operation{ID: "new-op", Name: "New Op", Clause: "B-4.99", Method: "GET", Path: "/new"}, []byte(`{}`), opExample{}, nil)
	assert.ErrorContains(t, err, "clause B-4.99 is in no area of the OpenAPI tags")
}
