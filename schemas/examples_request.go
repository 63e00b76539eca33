package schemas

import "encoding/json"

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
