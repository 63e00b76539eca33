package reference

import (
	"encoding/json"
	"maps"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wallet-conformance/wallet-conformance/schemas"
)

// The response schemas are the one list of the fields of a response: the
// success response of every operation, under both personalities, to the
// valid request of fuzzBuilders, has every property its response schema
// lists (and every property of each object and array element of it the
// schema lists) and no other, but the extra fields its personality adds to
// every response (Personality.extraFields). A field added to a response
// schema and not to the reference, or the other way round, fails here named
// by operation and field. The envelope's echoed fields (partnerReference,
// programCode) are expected when the request carries them, and
// allowed when it does not (Init Authorize lists programCode, which its
// request may not carry).
func TestEverySuccessResponseHasTheFieldsOfItsSchema(t *testing.T) {
	set := contractSet()
	// openResponses are the operations whose response schema allows any
	// field beyond those it lists.
	openResponses := map[string]string{
		schemas.AddressCheck: "B-4.19 does not show the response's remaining fields: the schema allows any",
	}
	// absentInTheValidCase are the properties of a response schema that
	// the valid request's success leaves out, by operation.
	absentInTheValidCase := map[string][]string{
		// A-4.3's optional compliance data; the reference sends it under
		// the variant compliance-data-on-update.
		schemas.UpdateAccount: {"providerResponse"},
	}
	echoed := map[string]bool{}
	for _, p := range set.Shape(envelopeShape) {
		echoed[p.Name] = !p.Required
	}
	for _, p := range []Personality{Standard, Alternative} {
		s := newFuzzServer(t, p)
		extra := slices.Collect(maps.Keys(p.extraFields()))
		for _, op := range fuzzOps() {
			if op.id == sandboxRedirectID || op.plain {
				continue // no response schema: the trigger, and B-4.11's yes or no
			}
			o, _ := schemas.Lookup(op.id)
			args, params := op.valid(s.client(t))
			rec := s.serve(t, op, buildRequest(t, op, args, params, s.token))
			var body map[string]any
			require.NoError(t, json.Unmarshal(rec.Body.Bytes(), &body), op.id)
			require.Equal(t, "0000", body["responseCode"], "%s (%v): %s", op.id, p, rec.Body.String())
			where := op.id + " (" + []string{"standard", "alternative"}[p] + ")"
			want := set.Shape(o.ResponseSchema())
			mayLack := map[string]bool{}
			for _, f := range want {
				_, sent := params[f.Name]
				_, inPath := args[f.Name]
				mayLack[f.Name] = (echoed[f.Name] && !sent && !inPath) || slices.Contains(absentInTheValidCase[op.id], f.Name)
			}
			if _, open := openResponses[op.id]; open {
				for name := range body {
					if !slices.ContainsFunc(want, func(f schemas.Property) bool { return f.Name == name }) {
						delete(body, name)
					}
				}
			}
			sameFields(t, where, want, body, extra, mayLack)
		}
	}
}

// sameFields asserts that the object got has the properties of want (but
// those of mayLack), those of its objects and array elements in turn, and
// no other but extra.
func sameFields(t *testing.T, where string, want []schemas.Property, got map[string]any, extra []string, mayLack map[string]bool) {
	t.Helper()
	listed := map[string]bool{}
	for _, p := range want {
		listed[p.Name] = true
		v, ok := got[p.Name]
		if !ok && mayLack[p.Name] {
			continue
		}
		if !assert.True(t, ok, "%s: %s, a property of the schema, is missing", where, p.Name) {
			continue
		}
		if sub, isMap := v.(map[string]any); isMap && p.Properties != nil {
			sameFields(t, where+"."+p.Name, p.Properties, sub, nil, nil)
		}
		if list, isList := v.([]any); isList && p.Items != nil {
			assert.NotEmpty(t, list, "%s: %s is empty, its elements go unchecked", where, p.Name)
			for _, e := range list {
				if sub, isMap := e.(map[string]any); assert.True(t, isMap, "%s: an element of %s", where, p.Name) {
					sameFields(t, where+"."+p.Name+"[]", p.Items, sub, nil, nil)
				}
			}
		}
	}
	for name := range got {
		assert.True(t, listed[name] || slices.Contains(extra, name), "%s: %s is in no property of the schema", where, name)
	}
}
