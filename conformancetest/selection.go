package conformancetest

import (
	"flag"
	"regexp"
	"strconv"
	"strings"

	"github.com/wallet-conformance/wallet-conformance/runner"
)

// goTestSelection returns which scenarios go test's -run and -skip select
// below the test named parent (t.Name()), so that Run runs only those, as
// go test runs only the tests it selects; nil selects every scenario (no
// pattern, or outside go test). Each scenario's subtest is
// parent/clause/name, its first clause and its name as t.Run makes them.
func goTestSelection(parent string) func(runner.Scenario) bool {
	run, skip := testFlag("test.run"), testFlag("test.skip")
	if run == "" && skip == "" {
		return nil
	}
	runPat, skipPat := splitPattern(run), splitPattern(skip)
	levels := strings.Split(parent, "/")
	seen := map[string]int{} // subtest name -> how many scenarios had it, for go test's #01 suffixes
	return func(s runner.Scenario) bool {
		clause := "unclassified"
		if len(s.Clauses) > 0 {
			clause = s.Clauses[0]
		}
		name := rewrite(s.Name)
		key := clause + "/" + name
		if n := seen[key]; n > 0 {
			name += "#" + pad2(n)
		}
		seen[key]++
		path := append(append([]string{}, levels...), rewrite(clause), name)
		if len(runPat) > 0 && !matchesAll(runPat, path, true) {
			return false
		}
		return len(skipPat) == 0 || !matchesAll(skipPat, path, false)
	}
}

// matchesAll reports whether each pattern element matches the name at its
// level. Under -run a pattern shorter than the path selects every deeper
// name; under -skip a path shorter than the pattern is not skipped.
func matchesAll(pat []*regexp.Regexp, path []string, run bool) bool {
	if !run && len(path) < len(pat) {
		return false
	}
	for i, re := range pat {
		if i >= len(path) {
			break
		}
		if re != nil && !re.MatchString(path[i]) {
			return false
		}
	}
	return true
}

// testFlag is the value of one of go test's flags, "" outside a test.
func testFlag(name string) string {
	if f := flag.Lookup(name); f != nil {
		return f.Value.String()
	}
	return ""
}

// splitPattern splits a -run or -skip pattern at its unbracketed slashes,
// as go test does, and compiles each part (an invalid one matches all:
// go test has already refused it).
func splitPattern(p string) []*regexp.Regexp {
	if p == "" {
		return nil
	}
	var parts []string
	depth, start := 0, 0
	for i := 0; i < len(p); i++ {
		switch p[i] {
		case '[', '(':
			depth++
		case ']', ')':
			depth--
		case '\\':
			i++
		case '/':
			if depth == 0 {
				parts = append(parts, p[start:i])
				start = i + 1
			}
		}
	}
	parts = append(parts, p[start:])
	out := make([]*regexp.Regexp, len(parts))
	for i, part := range parts {
		if re, err := regexp.Compile(part); err == nil {
			out[i] = re
		}
	}
	return out
}

// rewrite makes a subtest name as t.Run does: spaces become underscores,
// unprintable runes are quoted.
func rewrite(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r == ' ' || r == '\t' || r == '\n' || r == '\r':
			b.WriteByte('_')
		case !strconv.IsPrint(r):
			q := strconv.QuoteRune(r)
			b.WriteString(q[1 : len(q)-1])
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

func pad2(n int) string {
	if n < 10 {
		return "0" + strconv.Itoa(n)
	}
	return strconv.Itoa(n)
}
