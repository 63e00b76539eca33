// Package schemastest helps tests hold per-operation tables to the
// operation contract (schemas/catalogue.go).
package schemastest

import (
	"go/ast"
	"go/parser"
	"go/token"
	"strconv"
	"testing"

	"github.com/stretchr/testify/require"
)

// OperationConstants reads the operation ID constants of the catalogue
// file at path (name -> ID): the one spelling of each operation the code
// uses, which a test resolves a table's case clauses (schemas.KCCancel)
// with.
func OperationConstants(t testing.TB, path string) map[string]string {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), path, nil, 0)
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
	require.NotEmpty(t, out, "%s declares the operations' IDs as constants", path)
	return out
}
