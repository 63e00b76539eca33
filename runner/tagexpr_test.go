package runner

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The grammar, case by case: what each expression selects of three
// scenarios tagged {a}, {a b} and {c}.
func TestTagExpressionGrammar(t *testing.T) {
	scenarios := [][]string{{"a"}, {"a", "b"}, {"c"}}
	for _, tc := range []struct {
		expr string
		want []bool // per scenario
	}{
		{"", []bool{true, true, true}},
		{"   ", []bool{true, true, true}},
		{"@a", []bool{true, true, false}},
		{"not @a", []bool{false, false, true}},
		{"~@a", []bool{false, false, true}},
		{"@a and @b", []bool{false, true, false}},
		{"@a && @b", []bool{false, true, false}},
		{"@a or @c", []bool{true, true, true}},
		{"@a,@c", []bool{true, true, true}},
		{"@b or @c and @a", []bool{false, true, false}},     // and before or (Cucumber)
		{"(@b or @c) and @a", []bool{false, true, false}},   // parentheses
		{"@b , @c && @a", []bool{false, true, false}},       // "," before && (godog)
		{"@c or @b and not @a", []bool{false, false, true}}, // not binds tightest
		{"not (@a and @b)", []bool{true, false, true}},      // negated group
		{"not not @c", []bool{false, false, true}},          // double negation
		{"@a and not @b or @c", []bool{true, false, true}},  // ((a and not b) or c)
		{"((@a))", []bool{true, true, false}},               // nesting
		{"@a && ~@b", []bool{true, false, false}},           // godog's negation
		{"@a and (@b or @c) and not @c", []bool{false, true, false}},
	} {
		e, err := ParseTags(tc.expr)
		require.NoError(t, err, tc.expr)
		for i, s := range scenarios {
			assert.Equal(t, tc.want[i], e.Match(s), "%q on %v", tc.expr, s)
		}
	}
}

// A syntax error is refused with the place of the mistake.
func TestTagExpressionSyntaxErrors(t *testing.T) {
	for expr, want := range map[string]string{
		"@A-4.2 &&":          "the expression ends where a tag is expected at column 10",
		"(@A-4.2":            "this opening parenthesis is never closed at column 1",
		"@A-4.2)":            "a closing parenthesis without its opening one at column 7",
		"@a @b":              `expected an operator (and, or, &&, ,) before "@b" at column 4`,
		"@a and or @b":       `expected a tag, "not" or "(" where "or" is at column 8`,
		"A-4.2":              `"A-4.2" is neither a tag (tags begin with @)`,
		"@":                  `"@" is not a tag`,
		"@a,":                "the expression ends where a tag is expected",
		"not":                "the expression ends where a tag is expected",
		"()":                 `expected a tag, "not" or "(" where ")" is at column 2`,
		"@a and (@b or @c))": "a closing parenthesis without its opening one at column 18",
		`@a\`:                "a backslash with nothing to escape",
	} {
		_, err := ParseTags(expr)
		var se *TagSyntaxError
		if assert.ErrorAs(t, err, &se, expr) {
			assert.Contains(t, err.Error(), want, expr)
			assert.Contains(t, err.Error(), "\n  "+expr+"\n", "the message quotes the expression")
			assert.True(t, strings.HasSuffix(err.Error(), strings.Repeat(" ", se.Pos)+"^"), "the message points at the mistake")
		}
	}
}

func TestTagExpressionEscapesAndNames(t *testing.T) {
	e, err := ParseTags(`@A-4.5#3 or @with\(paren\)`)
	require.NoError(t, err)
	assert.True(t, e.Match([]string{"A-4.5#3"}))
	assert.True(t, e.Match([]string{"with(paren)"}))
	assert.Equal(t, []string{"A-4.5#3", "with(paren)"}, e.Tags())
}

// godogMatch is godog's own tag filter (internal/tags in godog v0.15.1),
// copied: Godog() must make it select exactly what Match selects.
func godogMatch(filter string, tags []string) bool {
	ok := true
	for _, andTags := range strings.Split(filter, "&&") {
		okComma := false
		for _, tag := range strings.Split(andTags, ",") {
			tag = strings.ReplaceAll(strings.TrimSpace(tag), "@", "")
			okComma = contains(tags, tag) || okComma
			if tag[0] == '~' {
				okComma = !contains(tags, tag[1:]) || okComma
			}
		}
		ok = ok && okComma
	}
	return ok
}

func contains(tags []string, t string) bool {
	for _, x := range tags {
		if x == t {
			return true
		}
	}
	return false
}

func TestGodogFormSelectsWhatMatchSelects(t *testing.T) {
	var sets [][]string
	for mask := 0; mask < 16; mask++ { // every subset of a, b, c, d
		var s []string
		for i, tag := range []string{"a", "b", "c", "d"} {
			if mask&(1<<i) != 0 {
				s = append(s, tag)
			}
		}
		sets = append(sets, s)
	}
	for _, expr := range []string{
		"@a", "not @a", "@a and @b", "@a or @b", "@a or @b and @c", "not (@a or @b)",
		"(@a or @b) and (@c or not @d)", "not ((@a and @b) or (@c and not @d))", "@a,@b && ~@c",
		"@a and not @b or @c and @d",
	} {
		e, err := ParseTags(expr)
		require.NoError(t, err)
		g := e.Godog()
		for _, s := range sets {
			assert.Equal(t, e.Match(s), godogMatch(g, s), "%q as godog %q on %v", expr, g, s)
		}
	}
	e, _ := ParseTags("@a or @b")
	assert.Equal(t, "@a,@b && ~@c", e.AndNot("c").Godog())
	assert.Equal(t, "~@c", TagExpr{}.AndNot("@c").Godog())
}
