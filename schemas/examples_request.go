package schemas

import (
	"encoding/json"
	"fmt"
	"strings"
)

// ExampleRequest returns a copy of the example request of an operation (the
// one the OpenAPI export shows): its path parameters and its fields, numbers
// as json.Number. The values are fixed ones of the examples' story, not of a
// target: a caller replaces what names the target's own state. ok is false
// for an unknown operation.
func ExampleRequest(opID string) (path map[string]string, fields map[string]any, ok bool) {
	exs, err := examples()
	if err != nil {
		return nil, nil, false
	}
	ex, ok := exs[opID]
	if !ok {
		return nil, nil, false
	}
	// A deep copy through JSON: the examples are decoded anew on every call,
	// but a caller may change nested values.
	data, err := json.Marshal(ex.Request)
	if err != nil {
		return nil, nil, false
	}
	v, err := decodeSchema(data)
	if err != nil {
		return nil, nil, false
	}
	fields, _ = v.(map[string]any)
	path = map[string]string{}
	for k, v := range ex.Path {
		path[k] = v
	}
	return path, fields, true
}

// Complete adds to the fields of a request of the operation what the
// conditional rules of its request schema that hold for them require: the
// example value of each field missing (the one ExampleRequest would send),
// true for each field a rule holds true, until no rule that holds asks for
// more. It returns the names of the fields it added; an error names a
// field it has no example value for, or an unknown operation.
func (s *Set) Complete(opID string, fields map[string]any) ([]string, error) {
	op, ok := Lookup(opID)
	if !ok {
		return nil, fmt.Errorf("no operation %q", opID)
	}
	values, err := exampleValues()
	if err != nil {
		return nil, err
	}
	sch, err := s.schema(op.RequestSchema())
	if err != nil {
		return nil, err
	}
	g := newExampleGenerator(s, values, exampleOverrides)
	props, _ := properties(sch)
	var added []string
	g.complete(op, fields, func(name string) {
		if v, ok := g.value(op, name, props[name], op.RequestSchema(), false); ok {
			fields[name] = v
			added = append(added, name)
		}
	})
	if len(g.problems) > 0 {
		return nil, fmt.Errorf("%s", strings.Join(g.problems, "; "))
	}
	return added, nil
}
