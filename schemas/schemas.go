// Package schemas holds the API contract the suite checks targets against:
// the JSON Schemas of the envelopes, resources and each operation's request
// and response (embedded *.json files), and the operation catalogue.
package schemas

import (
	"bytes"
	"embed"
	"encoding/json"
	"fmt"
	"io/fs"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/santhosh-tekuri/jsonschema/v5"
)

//go:embed *.json
var files embed.FS

// RuleKeyword is the annotation by which a schema object names the rules of
// the catalogue (rules/*.yaml) that its keywords rest on: an array of rule
// ids, `"x-rule": ["A-2.0#1", "B-4.4#6"]`, covering every keyword of that
// object that can fail a document (type, maxLength, format, required ...).
// Every such keyword of a response schema carries one (a test holds them to
// it); JSON Schema ignores the keyword and OpenAPI keeps it as an extension.
const RuleKeyword = "x-rule"

// FS returns the embedded schema files, for hashing and publishing them.
func FS() fs.FS { return files }

// Set is the set of embedded schemas, addressed by file name
// ("create-account.request.json"). Each schema is compiled the first time
// it is used: a run validates responses, so the request schemas and the
// report's own schema are compiled only where they are used (the tests,
// openapi). It is safe for concurrent use.
type Set struct {
	names   []string          // every schema, in lexical order
	changed map[string][]byte // the files Amended replaced or added, by name

	mu       sync.Mutex // guards compiler and compiled
	compiler *jsonschema.Compiler
	compiled map[string]*jsonschema.Schema
}

// Load reads every embedded schema. Formats of the spec's type notation
// are asserted: spec-date, spec-time, spec-timestamp, spec-dec-18,
// spec-dec-18-2; and RangeKeyword. A schema is compiled on its first use
// (Compile compiles them all, as the tests do).
func Load() (*Set, error) { return Amended(nil) }

// Amended reads the embedded schemas with the named files replaced or
// added, as an amendment of the spec would change them: a test of what the
// suite does with a fact that no schema of the spec has yet (a range of
// values) uses it.
func Amended(changed map[string][]byte) (*Set, error) {
	c := jsonschema.NewCompiler()
	c.Draft = jsonschema.Draft2020
	c.AssertFormat = true
	c.ExtractAnnotations = true // "deprecated" and the descriptions, which RequestFields reads
	for name, check := range formats {
		c.Formats[name] = check
	}
	c.RegisterExtension(RangeKeyword, rangeMeta, rangeCompiler{})
	names, err := fs.Glob(files, "*.json")
	if err != nil {
		return nil, err
	}
	for name := range changed {
		if !slices.Contains(names, name) {
			names = append(names, name)
		}
	}
	sort.Strings(names)
	for _, name := range names {
		data, ok := changed[name]
		if !ok {
			if data, err = files.ReadFile(name); err != nil {
				return nil, err
			}
		}
		if err := c.AddResource(name, bytes.NewReader(data)); err != nil {
			return nil, fmt.Errorf("schema %s: %w", name, err)
		}
	}
	return &Set{names: names, changed: changed, compiler: c, compiled: make(map[string]*jsonschema.Schema, len(names))}, nil
}

// Compile compiles every schema of the set now, and returns the first that
// does not compile.
func (s *Set) Compile() error {
	for _, name := range s.names {
		if _, err := s.schema(name); err != nil {
			return err
		}
	}
	return nil
}

// schema returns the named schema, compiled.
func (s *Set) schema(name string) (*jsonschema.Schema, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if sch, ok := s.compiled[name]; ok {
		return sch, nil
	}
	if i := sort.SearchStrings(s.names, name); i == len(s.names) || s.names[i] != name {
		return nil, fmt.Errorf("no schema named %q", name)
	}
	sch, err := s.compiler.Compile(name)
	if err != nil {
		return nil, fmt.Errorf("schema %s: %w", name, err)
	}
	s.compiled[name] = sch
	return sch, nil
}

// read returns the text of the named schema file.
func (s *Set) read(name string) ([]byte, error) {
	if data, ok := s.changed[name]; ok {
		return data, nil
	}
	return files.ReadFile(name)
}

// Names lists the schemas in lexical order.
func (s *Set) Names() []string { return append([]string(nil), s.names...) }

// Validate checks a JSON document against the named schema. A violation is
// returned as a *Violation listing each failing JSON path.
func (s *Set) Validate(name string, doc []byte) error {
	sch, err := s.schema(name)
	if err != nil {
		return err
	}
	dec := json.NewDecoder(bytes.NewReader(doc))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return &Violation{Schema: name, Problems: []string{"body is not JSON: " + err.Error()}}
	}
	return s.validateValue(name, sch, v)
}

// ValidateValue checks an already decoded value (numbers as json.Number).
func (s *Set) ValidateValue(name string, v any) error {
	sch, err := s.schema(name)
	if err != nil {
		return err
	}
	return s.validateValue(name, sch, v)
}

func (s *Set) validateValue(name string, sch *jsonschema.Schema, v any) error {
	err := sch.Validate(v)
	if err == nil {
		return nil
	}
	ve, ok := err.(*jsonschema.ValidationError)
	if !ok {
		return err
	}
	return &Violation{Schema: name, Problems: leaves(ve)}
}

// Violation is a document that does not match a schema.
type Violation struct {
	Schema   string
	Problems []string // "at /path: message", one per failing keyword, sorted
}

func (v *Violation) Error() string {
	return fmt.Sprintf("does not match schema %s: %s", v.Schema, strings.Join(v.Problems, "; "))
}

// leaves flattens a validation error tree into its innermost causes, each
// naming the JSON path (JSON Pointer) of the offending value.
func leaves(ve *jsonschema.ValidationError) []string {
	var out []string
	var walk func(e *jsonschema.ValidationError)
	walk = func(e *jsonschema.ValidationError) {
		if len(e.Causes) == 0 {
			loc := e.InstanceLocation
			if loc == "" {
				loc = "/"
			}
			out = append(out, fmt.Sprintf("at %s: %s", loc, e.Message))
			return
		}
		for _, c := range e.Causes {
			walk(c)
		}
	}
	walk(ve)
	sort.Strings(out)
	out = compact(out)
	return out
}

func compact(s []string) []string {
	if len(s) == 0 {
		return s
	}
	out := s[:1]
	for _, x := range s[1:] {
		if x != out[len(out)-1] {
			out = append(out, x)
		}
	}
	return out
}
