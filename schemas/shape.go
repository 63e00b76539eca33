package schemas

import (
	"slices"
	"sort"

	"github.com/santhosh-tekuri/jsonschema/v5"
)

// Property is one property of a document a schema describes (a response, a
// resource such as account.json, or an object property of one), as a server
// building that document needs it.
type Property struct {
	Name string
	// Required: the property is in the "required" of the schema or of one
	// it reaches through "$ref" and "allOf".
	Required bool
	// Nullable: a null value is valid for it (its types, through "$ref",
	// "allOf", "anyOf" and "oneOf", include "null", or name none, and it
	// lists no values without null).
	Nullable bool
	// Properties are those of its value when the schema gives it an object
	// of its own properties (A-2.6's billingAddress); nil otherwise.
	Properties []Property
	// Items are the properties of each element when the schema gives it an
	// array of objects (B-2.3's entries, A-4.13's paymentOptions); nil
	// otherwise.
	Items []Property
}

// Shape returns the top-level properties of the named schema in name order:
// those Properties names, each with what the schema says of its presence
// and of null. A property of an "anyOf" or "oneOf" branch is never
// required. A property the schema forbids (false) is left out. nil for an
// unknown name.
func (s *Set) Shape(name string) []Property {
	sch, err := s.schema(name)
	if err != nil {
		return nil
	}
	return shapeOf(sch)
}

// shapeOf is Shape of a compiled schema.
func shapeOf(sch *jsonschema.Schema) []Property {
	props := map[string][]*jsonschema.Schema{}
	required := map[string]bool{}
	visited := map[*jsonschema.Schema]bool{}
	var walk func(x *jsonschema.Schema, branch bool)
	walk = func(x *jsonschema.Schema, branch bool) {
		if x == nil || visited[x] {
			return
		}
		visited[x] = true
		for name, p := range x.Properties {
			props[name] = append(props[name], p)
		}
		if !branch {
			for _, r := range x.Required {
				required[r] = true
			}
		}
		walk(x.Ref, branch)
		for _, sub := range x.AllOf {
			walk(sub, branch)
		}
		for _, sub := range slices.Concat(x.AnyOf, x.OneOf) {
			walk(sub, true)
		}
	}
	walk(sch, false)
	var out []Property
	for name, list := range props {
		if slices.ContainsFunc(list, func(p *jsonschema.Schema) bool { return p.Always != nil && !*p.Always }) {
			continue
		}
		var f Field
		var object, items []Property
		for _, p := range list {
			describe(&f, p, map[*jsonschema.Schema]bool{})
			if sub := shapeOf(p); len(sub) > 0 && object == nil {
				object = sub
			}
			if it := itemsOf(p, map[*jsonschema.Schema]bool{}); it != nil && items == nil {
				items = shapeOf(it)
			}
		}
		nullable := len(f.Types) == 0 || slices.Contains(f.Types, "null")
		if len(f.Enum) > 0 && !slices.Contains(f.Enum, nil) {
			nullable = false
		}
		out = append(out, Property{Name: name, Required: required[name], Nullable: nullable, Properties: object, Items: items})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// itemsOf is the "items" schema of x, or of a schema x reaches through
// "$ref", "allOf", "anyOf" and "oneOf"; nil when there is none.
func itemsOf(x *jsonschema.Schema, seen map[*jsonschema.Schema]bool) *jsonschema.Schema {
	if x == nil || seen[x] {
		return nil
	}
	seen[x] = true
	if x.Items2020 != nil {
		return x.Items2020
	}
	if it, ok := x.Items.(*jsonschema.Schema); ok {
		return it
	}
	for _, sub := range slices.Concat([]*jsonschema.Schema{x.Ref}, x.AllOf, x.AnyOf, x.OneOf) {
		if it := itemsOf(sub, seen); it != nil {
			return it
		}
	}
	return nil
}
