package sweep_test

import (
	"fmt"
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
	"github.com/wallet-conformance/wallet-conformance/schemas/schemastest"
)

// The bad-input sweep makes each operation's state in sweeper.build: a
// read of an account or of a payment, whose state follows from the
// operation contract (Operation.DerivedRead: a GET whose only path
// parameter is {accno} or {uniqueReference}) by default, on the wallet or
// a captured payment; every other operation by a case of its own. An
// operation build neither covers nor names has no state (build returns an
// error naming it), so every such operation of the catalogue is named in
// build, by its ID constant (a case, or a comparison with op.ID): a new
// one missing there is named here. The test reads the source, so that it
// holds whatever the sweep's states are made of.
func TestEveryOperationHasASweepState(t *testing.T) {
	named := buildNames(t)
	for _, m := range missingStates(schemas.Catalogue(), named) {
		t.Error(m)
	}
}

// The rule of the default is the one build uses: a made-up read of an
// account or of a payment needs no case, a made-up payment operation without one is named,
// with the file to add it to.
func TestASweepStateIsNamedUnlessTheDefaultCoversIt(t *testing.T) {
	named := buildNames(t)
	read := schemas.Operation{ID: "list-things", Name: "List Things", Method: "GET", Path: "/account/{accno}/x"}
	readPayment := schemas.Operation{ID: "list-refunds", Name: "List Refunds", Method: "GET", Path: "/payment/{uniqueReference}/refunds"}
	write := schemas.Operation{ID: "settle-payment", Name: "Settle Payment", Method: "POST", Path: "/payment/{uniqueReference}/settle"}
	assert.True(t, read.ReadsAnAccount(), "covered by default")
	assert.False(t, write.ReadsAnAccount(), "not covered by default")
	assert.Empty(t, missingStates([]schemas.Operation{read, readPayment}, named))
	missing := missingStates([]schemas.Operation{read, write}, named)
	require.Len(t, missing, 1)
	assert.Contains(t, missing[0], "settle-payment (Settle Payment)")
	assert.Contains(t, missing[0], "sweep/state.go")
}

// missingStates names the operations of ops that build neither covers by
// default nor names.
func missingStates(ops []schemas.Operation, named map[string]bool) []string {
	var out []string
	for _, op := range ops {
		if !named[op.ID] && !op.DerivedRead() {
			out = append(out, fmt.Sprintf("the bad-input sweep has no state for %s (%s): it is no GET on {accno} or {uniqueReference} alone (Operation.DerivedRead), so name it in (*sweeper).build (sweep/state.go)", op.ID, op.Name))
		}
	}
	return out
}

// buildNames reads the operations (*sweeper).build names by ID.
func buildNames(t *testing.T) map[string]bool {
	t.Helper()
	ids := schemastest.OperationConstants(t, filepath.Join("..", "schemas", "catalogue.go"))
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
	return named
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
