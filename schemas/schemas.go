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
	"sort"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v5"
)

//go:embed *.json
var files embed.FS

// FS returns the embedded schema files, for hashing and publishing them.
func FS() fs.FS { return files }

// Set is a compiled set of schemas, addressed by file name
// ("create-account.request.json"). It is immutable and safe for concurrent use.
type Set struct {
	byName map[string]*jsonschema.Schema
}

// Load compiles every embedded schema once. Formats of the spec's type
// notation are asserted: spec-date, spec-time, spec-timestamp,
// spec-dec-18, spec-dec-18-2.
func Load() (*Set, error) {
	c := jsonschema.NewCompiler()
	c.Draft = jsonschema.Draft2020
	c.AssertFormat = true
	for name, check := range formats {
		c.Formats[name] = check
	}
	names, err := fs.Glob(files, "*.json")
	if err != nil {
		return nil, err
	}
	for _, name := range names {
		data, err := files.ReadFile(name)
		if err != nil {
			return nil, err
		}
		if err := c.AddResource(name, bytes.NewReader(data)); err != nil {
			return nil, fmt.Errorf("schema %s: %w", name, err)
		}
	}
	set := &Set{byName: make(map[string]*jsonschema.Schema, len(names))}
	for _, name := range names {
		s, err := c.Compile(name)
		if err != nil {
			return nil, fmt.Errorf("schema %s: %w", name, err)
		}
		set.byName[name] = s
	}
	return set, nil
}

// Names lists the compiled schemas in lexical order.
func (s *Set) Names() []string {
	names := make([]string, 0, len(s.byName))
	for n := range s.byName {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// Validate checks a JSON document against the named schema. A violation is
// returned as a *Violation listing each failing JSON path.
func (s *Set) Validate(name string, doc []byte) error {
	sch, ok := s.byName[name]
	if !ok {
		return fmt.Errorf("no schema named %q", name)
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
	sch, ok := s.byName[name]
	if !ok {
		return fmt.Errorf("no schema named %q", name)
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
