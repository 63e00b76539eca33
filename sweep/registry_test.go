package sweep_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wallet-conformance/wallet-conformance/schemas"
)

// The bad-input sweep makes each operation's state in sweeper.build, one
// case per operation; an operation it does not name falls through to the
// operation's example request, whose state (an account, an option, a
// payment) the target may not have, and its inputs are judged as handled or
// not only. So every operation of the catalogue is named in build, by its
// ID constant (a case, or a comparison with op.ID): a new operation
// missing there is named here. The test reads the source, so that it holds
// whatever the sweep's states are made of.
func TestEveryOperationHasASweepState(t *testing.T) {
	ids := idConstants(t)
	named := map[string]bool{}
	found := false
	files, err := filepath.Glob("*.go")
	require.NoError(t, err)
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), name, nil, 0)
		require.NoError(t, err)
		for _, d := range f.Decls {
			fn, ok := d.(*ast.FuncDecl)
			if !ok || fn.Name.Name != "build" || !receiverIs(fn, "sweeper") {
				continue
			}
			found = true
			ast.Inspect(fn.Body, func(n ast.Node) bool {
				switch x := n.(type) {
				case *ast.CaseClause:
					for _, e := range x.List {
						named[opNamed(e, ids)] = true
					}
				case *ast.BinaryExpr:
					if x.Op == token.EQL {
						named[opNamed(x.X, ids)] = true
						named[opNamed(x.Y, ids)] = true
					}
				}
				return true
			})
		}
	}
	require.True(t, found, "the sweep makes its states in (*sweeper).build: if it moved, move this test with it")
	for _, op := range schemas.Catalogue() {
		assert.True(t, named[op.ID], "the bad-input sweep has no state for %s (%s): name it in (*sweeper).build (sweep/state.go), or it is sent its example request", op.ID, op.Name)
	}
}

// receiverIs reports whether fn is a method of *name or name.
func receiverIs(fn *ast.FuncDecl, name string) bool {
	if fn.Recv == nil || len(fn.Recv.List) != 1 {
		return false
	}
	typ := fn.Recv.List[0].Type
	if star, ok := typ.(*ast.StarExpr); ok {
		typ = star.X
	}
	id, ok := typ.(*ast.Ident)
	return ok && id.Name == name
}

// opNamed returns the operation ID an expression names: schemas.Capture,
// or the ID written out ("capture"); "" for anything else.
func opNamed(e ast.Expr, ids map[string]string) string {
	switch x := e.(type) {
	case *ast.SelectorExpr:
		if pkg, ok := x.X.(*ast.Ident); ok && pkg.Name == "schemas" {
			return ids[x.Sel.Name]
		}
	case *ast.BasicLit:
		if s, err := strconv.Unquote(x.Value); err == nil {
			if _, ok := schemas.Lookup(s); ok {
				return s
			}
		}
	}
	return ""
}

// idConstants reads the operation ID constants of schemas/catalogue.go
// (name -> ID).
func idConstants(t *testing.T) map[string]string {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), filepath.Join("..", "schemas", "catalogue.go"), nil, 0)
	require.NoError(t, err)
	out := map[string]string{}
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.CONST {
			continue
		}
		for _, spec := range g.Specs {
			vs := spec.(*ast.ValueSpec)
			for i, n := range vs.Names {
				if lit, ok := vs.Values[i].(*ast.BasicLit); ok && lit.Kind == token.STRING {
					v, err := strconv.Unquote(lit.Value)
					require.NoError(t, err)
					out[n.Name] = v
				}
			}
		}
	}
	require.NotEmpty(t, out)
	return out
}
