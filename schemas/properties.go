package schemas

import (
	"sort"

	"github.com/santhosh-tekuri/jsonschema/v5"
)

// Properties returns the sorted property names that the named schema
// declares for the top level of a document: its own "properties" and those
// of every schema it reaches through "$ref", "allOf", "anyOf" and "oneOf"
// (an envelope referenced from an operation's response, for instance). It
// returns nil for an unknown name (or one that does not compile). Fields outside this list are what a
// report calls extra fields.
func (s *Set) Properties(name string) []string {
	sch, err := s.schema(name)
	if err != nil {
		return nil
	}
	seen := map[string]bool{}
	visited := map[*jsonschema.Schema]bool{}
	var walk func(*jsonschema.Schema)
	walk = func(x *jsonschema.Schema) {
		if x == nil || visited[x] {
			return
		}
		visited[x] = true
		for p := range x.Properties {
			seen[p] = true
		}
		walk(x.Ref)
		for _, list := range [][]*jsonschema.Schema{x.AllOf, x.AnyOf, x.OneOf} {
			for _, sub := range list {
				walk(sub)
			}
		}
	}
	walk(sch)
	out := make([]string, 0, len(seen))
	for p := range seen {
		out = append(out, p)
	}
	sort.Strings(out)
	return out
}
