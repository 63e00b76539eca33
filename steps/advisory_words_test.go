package steps

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
)

// A step whose check is advisory, in whole or in part (it calls advise),
// says so in its words: auditors read the features as the specification,
// and a plain Then reads as a rule the spec states. Every step definition
// registered for such a function has "(advisory)" in its phrase.
func TestAdvisoryChecksReadAsAdvisoryInTheFeatures(t *testing.T) {
	files, err := filepath.Glob("*.go")
	require.NoError(t, err)
	fset := token.NewFileSet()
	advising := map[string]bool{}     // methods of World that call w.advise
	patterns := map[string][]string{} // method -> the step patterns registered for it
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		require.NoError(t, err)
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncDecl:
				if n.Recv != nil && n.Body != nil {
					ast.Inspect(n.Body, func(m ast.Node) bool {
						if call, ok := m.(*ast.CallExpr); ok {
							if sel, ok := call.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "advise" {
								advising[n.Name.Name] = true
							}
						}
						return true
					})
				}
			case *ast.CallExpr:
				sel, ok := n.Fun.(*ast.SelectorExpr)
				if !ok || sel.Sel.Name != "Step" || len(n.Args) != 2 {
					return true
				}
				re, ok := n.Args[0].(*ast.CallExpr)
				if !ok || len(re.Args) != 1 {
					return true
				}
				lit, ok := re.Args[0].(*ast.BasicLit)
				if !ok {
					return true
				}
				pattern, err := strconv.Unquote(lit.Value)
				if err != nil {
					return true
				}
				if fn, ok := n.Args[1].(*ast.SelectorExpr); ok {
					patterns[fn.Sel.Name] = append(patterns[fn.Sel.Name], pattern)
				}
			}
			return true
		})
	}
	require.NotEmpty(t, advising)
	checked := 0
	for fn := range advising {
		for _, p := range patterns[fn] {
			checked++
			assert.Contains(t, p, `\(advisory\)`, "%s advises, but its step %q reads as a plain check", fn, p)
		}
	}
	assert.Positive(t, checked)
}
