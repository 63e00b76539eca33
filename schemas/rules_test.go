package schemas

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/wallet-conformance/wallet-conformance/rules"
)

// failingKeywords are the keywords of a schema object that can fail a
// response by themselves; the combinators (allOf, anyOf, oneOf) fail only
// through their branches, which are walked.
var failingKeywords = []string{
	"required", "type", "enum", "const", "format", "pattern",
	"minLength", "maxLength", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum",
	"minItems", "maxItems", "additionalProperties", "items", "prefixItems",
	"dependentRequired", "not", "if",
}

// TestEveryResponseKeywordRestsOnARule walks every response schema, and
// every schema object it reaches through $ref, and fails on each object that
// holds a keyword able to fail a response (required, type, format,
// maxLength ...) without naming, in RuleKeyword, the rules of the catalogue
// that keyword rests on. A rule named must exist and be normative: a schema
// violation fails the verdict, which only a stated rule may do.
func TestEveryResponseKeywordRestsOnARule(t *testing.T) {
	problems := uncitedResponseKeywords(t, FS())
	for _, p := range problems {
		t.Error(p)
	}
}

// TestTheRuleWalkBites proves the walk above fails on an object that cites
// nothing: the D of defs.json, with its annotation stripped, is named.
func TestTheRuleWalkBites(t *testing.T) {
	stripped := strippedFS{FS: FS(), file: "defs.json", strip: `"format": "spec-date",
      "x-rule": ["A-2.0#3"]`, with: `"format": "spec-date"`}
	problems := uncitedResponseKeywords(t, stripped)
	require.NotEmpty(t, problems)
	require.Contains(t, strings.Join(problems, "\n"), "defs.json#/$defs/D: format, type cite no rule")
}

// strippedFS serves fsys with one annotation removed from one file.
type strippedFS struct {
	fs.FS
	file, strip, with string
}

func (s strippedFS) ReadFile(name string) ([]byte, error) {
	data, err := fs.ReadFile(s.FS, name)
	if err != nil || name != s.file {
		return data, err
	}
	if !strings.Contains(string(data), s.strip) {
		return nil, fmt.Errorf("%s holds no %q", name, s.strip)
	}
	return []byte(strings.Replace(string(data), s.strip, s.with, 1)), nil
}

func uncitedResponseKeywords(t *testing.T, fsys fs.FS) []string {
	t.Helper()
	cat, err := rules.Load()
	require.NoError(t, err)
	docs := map[string]any{}
	load := func(file string) any {
		if d, ok := docs[file]; ok {
			return d
		}
		data, err := fs.ReadFile(fsys, file)
		require.NoError(t, err)
		var d any
		require.NoError(t, json.Unmarshal(data, &d), file)
		docs[file] = d
		return d
	}
	roots := []string{"error.response.json"}
	for _, op := range Catalogue() {
		if _, err := fs.Stat(fsys, op.ResponseSchema()); err == nil {
			roots = append(roots, op.ResponseSchema())
		}
	}
	var problems []string
	seen := map[string]bool{}
	var walk func(file, ptr string, node any)
	walk = func(file, ptr string, node any) {
		where := file + "#" + ptr
		if seen[where] {
			return
		}
		seen[where] = true
		obj, ok := node.(map[string]any)
		if !ok {
			return
		}
		var held []string
		for _, k := range failingKeywords {
			if _, ok := obj[k]; ok {
				held = append(held, k)
			}
		}
		sort.Strings(held)
		ids, cited := obj[RuleKeyword].([]any)
		switch {
		case len(held) > 0 && (!cited || len(ids) == 0):
			problems = append(problems, fmt.Sprintf("%s: %s cite no rule (%s)", where, strings.Join(held, ", "), RuleKeyword))
		case cited:
			for _, id := range ids {
				s, _ := id.(string)
				r, ok := cat.Rule(s)
				switch {
				case !ok:
					problems = append(problems, fmt.Sprintf("%s: %s names %v, no rule of the catalogue", where, RuleKeyword, id))
				case r.Level != rules.Normative:
					problems = append(problems, fmt.Sprintf("%s: %s names %s, a rule of level %s: only a normative rule may fail a response", where, RuleKeyword, s, r.Level))
				}
			}
		}
		if ref, ok := obj["$ref"].(string); ok {
			target, frag, _ := strings.Cut(ref, "#")
			if target == "" {
				target = file
			}
			walk(target, frag, pointerInto(t, load(target), frag))
		}
		for _, k := range []string{"items", "not", "if", "then", "else", "additionalProperties"} {
			if sub, ok := obj[k]; ok {
				walk(file, ptr+"/"+k, sub)
			}
		}
		for _, k := range []string{"allOf", "anyOf", "oneOf", "prefixItems"} {
			if subs, ok := obj[k].([]any); ok {
				for i, sub := range subs {
					walk(file, fmt.Sprintf("%s/%s/%d", ptr, k, i), sub)
				}
			}
		}
		if props, ok := obj["properties"].(map[string]any); ok {
			names := make([]string, 0, len(props))
			for name := range props {
				names = append(names, name)
			}
			sort.Strings(names)
			for _, name := range names {
				walk(file, ptr+"/properties/"+name, props[name])
			}
		}
	}
	for _, root := range roots {
		walk(root, "", load(root))
	}
	sort.Strings(problems)
	return problems
}

// pointerInto follows a JSON Pointer ("/$defs/D") into a decoded document.
func pointerInto(t *testing.T, doc any, ptr string) any {
	t.Helper()
	node := doc
	for _, part := range strings.Split(strings.TrimPrefix(ptr, "/"), "/") {
		if part == "" {
			continue
		}
		m, ok := node.(map[string]any)
		require.True(t, ok, "pointer %s", ptr)
		node, ok = m[part]
		require.True(t, ok, "pointer %s", ptr)
	}
	return node
}
