package schemas

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v5"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// generate runs the generator over the catalogue with a table of values and
// the overrides.
func generate(t *testing.T, values map[string]any, overrides map[string]map[string]any) (*exampleGenerator, map[string]opExample) {
	t.Helper()
	set, err := Load()
	require.NoError(t, err)
	g := newExampleGenerator(set, values, overrides)
	return g, g.all(Catalogue())
}

func tableOfValues(t *testing.T) map[string]any {
	t.Helper()
	values, err := exampleValues()
	require.NoError(t, err)
	return values
}

// Every value of the table validates against the property of every
// operation that takes it; a value that does not fails naming the operation,
// the field and the schema (two places disagree).
func TestExampleValuesAgreeWithTheSchemas(t *testing.T) {
	g, _ := generate(t, tableOfValues(t), exampleOverrides)
	assert.Empty(t, g.problems)

	values := tableOfValues(t)
	values["lastName"] = strings.Repeat("x", 101) // S(100)
	g, _ = generate(t, values, exampleOverrides)
	require.NotEmpty(t, g.problems, "the check bites")
	assert.Contains(t, strings.Join(g.problems, "\n"), "create-account: the example value of lastName")
	assert.Contains(t, strings.Join(g.problems, "\n"), "create-account.request.json")
}

// A field an operation needs that the table has no value for, and the
// schema determines none of, fails naming the operation, the field and the
// schema file.
func TestAMissingExampleValueIsNamed(t *testing.T) {
	values := tableOfValues(t)
	delete(values, "closingReason")
	g, _ := generate(t, values, exampleOverrides)
	assert.Equal(t, []string{"close-account: add an example value for closingReason (schemas/close-account.request.json)"}, g.problems)
}

// Every value of the table, and every override, is taken by some example:
// the table has no dead entries.
func TestExampleValuesAreAllUsed(t *testing.T) {
	values := tableOfValues(t)
	g, _ := generate(t, values, exampleOverrides)
	for name := range values {
		assert.True(t, g.used[name], "%s: no operation uses this example value; remove it from exampleValuesJSON", name)
	}
	for id, over := range exampleOverrides {
		_, ok := Lookup(id)
		assert.True(t, ok, "%s: an override for no operation", id)
		for name := range over {
			assert.True(t, g.usedOver[id+"/"+name], "%s: the override of %s is taken by no field", id, name)
		}
	}
	// The check bites: an entry no schema names is not used.
	values["noSuchField"] = "x"
	g, _ = generate(t, values, exampleOverrides)
	assert.False(t, g.used["noSuchField"])
}

// The override map is the only per-operation data, and it stays small. A
// new operation, here one whose schemas are added to the set under a new
// name, gets an example from its schemas and the table with no edit of the
// examples; a field name the table lacks is the one edit, and the generator
// names it.
func TestANewOperationNeedsNoExampleEntry(t *testing.T) {
	set, err := Load()
	require.NoError(t, err)
	entries := 0
	for _, over := range exampleOverrides {
		entries += len(over)
	}
	assert.Less(t, entries, len(Catalogue()), "the overrides stay fewer than one a operation")

	// A new operation made of fields the table knows.
	add := func(name, doc string) {
		require.NoError(t, set.compiler.AddResource(name, bytes.NewReader([]byte(doc))))
		set.names = append(set.names, name)
	}
	add("zz-new-operation.request.json", `{"$schema": "https://json-schema.org/draft/2020-12/schema",
		"allOf": [{"$ref": "envelope.request.json"}, {"$ref": "defs.json#/$defs/AccnoTypeRule"}],
		"properties": {"partnerReference": {"type": "string"}, "programCode": {"type": "string"},
		  "accno": {"type": "string"}, "accnoType": {"type": "string"}, "paymentAmount": {"$ref": "defs.json#/$defs/Dec18_2"},
		  "localDate": {"$ref": "defs.json#/$defs/D"}, "localTime": {"$ref": "defs.json#/$defs/T"}},
		"required": ["partnerReference", "paymentAmount", "localDate", "localTime"], "unevaluatedProperties": false}`)
	add("zz-new-operation.response.json", `{"$schema": "https://json-schema.org/draft/2020-12/schema",
		"allOf": [{"$ref": "envelope.response.json"}],
		"properties": {"accno": {"type": "string"}, "statusCode": {"type": "string"}, "custom2": {"type": ["string", "null"]},
		  "payments": {"type": "array", "items": {"type": "object", "properties": {
		    "authorizationDate": {"$ref": "defs.json#/$defs/D"}, "authorizationTime": {"$ref": "defs.json#/$defs/T"},
		    "settled": {"$ref": "defs.json#/$defs/B"}, "kind": {"type": "string", "enum": ["CARD", "KC"]},
		    "fee": {"$ref": "defs.json#/$defs/Dec18_2"}, "sequence": {"type": "integer", "minimum": 1, "maximum": 500}}}}}}`)
	slices.Sort(set.names)
	op := Operation{ID: "zz-new-operation", Method: "PUT", Path: "/account/{accno}/zz"}
	g := newExampleGenerator(set, tableOfValues(t), exampleOverrides)
	ex := g.operation(op)
	require.Empty(t, g.problems)
	assert.Equal(t, map[string]string{"accno": exampleAccno}, ex.Path)
	assert.Equal(t, tableOfValues(t)["paymentAmount"], ex.Request["paymentAmount"])
	assert.Equal(t, "00", ex.Request["accnoType"], "AccnoTypeRule: accno is given, so accnoType is")
	resp := ex.Response.(map[string]any)
	assert.Equal(t, "CAPTURED", resp["statusCode"])
	assert.Nil(t, resp["custom2"])
	assert.Contains(t, resp, "custom2", "a nullable field the table has no value for is null")
	assert.NoError(t, set.ValidateValue("zz-new-operation.request.json", ex.Request))
	assert.NoError(t, set.ValidateValue("zz-new-operation.response.json", ex.Response))

	// A field the table has no value for takes what its schema determines:
	// a D, a T, a B, an enum's first value, a Dec(p,s), bounds.
	assert.Equal(t, exampleDate, ex.Request["localDate"], "localDate is a D, not in the table")
	assert.Equal(t, exampleTime, ex.Request["localTime"])
	payments := resp["payments"].([]any)
	require.Len(t, payments, 1)
	assert.Equal(t, map[string]any{"authorizationDate": exampleDate, "authorizationTime": exampleTime,
		"settled": false, "kind": "CARD", "fee": json.Number("10.00"), "sequence": json.Number("10")}, payments[0])

	// A string the schema gives no value of is the one edit: without it the
	// generator names it.
	values := maps.Clone(tableOfValues(t))
	delete(values, "partnerReference")
	g = newExampleGenerator(set, values, exampleOverrides)
	g.operation(op)
	assert.Equal(t, []string{"zz-new-operation: add an example value for partnerReference (schemas/zz-new-operation.request.json)"}, g.problems)
}

// What a field's schema determines, when the table has none: each of A-2.0's
// notations that fixes a valid value gives one, which validates; a free
// S(n) gives none.
func TestAFieldsSchemaDeterminesItsExample(t *testing.T) {
	set, err := Load()
	require.NoError(t, err)
	cases := []struct {
		schema string
		want   any // nil: the schema determines no value
	}{
		{`{"$ref": "defs.json#/$defs/D"}`, exampleDate},
		{`{"$ref": "defs.json#/$defs/NullableT"}`, exampleTime},
		{`{"$ref": "defs.json#/$defs/B"}`, false},
		{`{"type": "string", "pattern": "^(true|false)$"}`, "false"},
		{`{"$ref": "defs.json#/$defs/Dec18_2"}`, json.Number("10.00")},
		{`{"$ref": "defs.json#/$defs/Dec18"}`, json.Number("10")},
		{`{"type": "string", "pattern": "^[0-9]{1,16}(\\.[0-9]{1,2})?$"}`, "10.00"},
		{`{"type": "string", "pattern": "^[0-9]{1,4}$"}`, "10"},
		{`{"type": "string", "pattern": "^[0-9]{1,1}$"}`, "1"},
		{`{"anyOf": [{"type": "integer", "minimum": 0, "maximum": 999999}, {"type": "string", "pattern": "^[0-9]{1,6}$"}]}`, json.Number("10")},
		{`{"type": "integer", "minimum": 100}`, json.Number("100")},
		{`{"type": "string", "maxLength": 50}`, nil},
		{`{"type": "string", "format": "spec-timestamp"}`, nil},
	}
	for i, c := range cases {
		name := fmt.Sprintf("zz-derived-%d.json", i)
		require.NoError(t, set.compiler.AddResource(name, strings.NewReader(`{"$schema": "https://json-schema.org/draft/2020-12/schema", "allOf": [`+c.schema+`]}`)))
		set.names = append(set.names, name)
		slices.Sort(set.names)
		sch, err := set.schema(name)
		require.NoError(t, err, c.schema)
		v, ok := derived([]*jsonschema.Schema{sch})
		if c.want == nil {
			assert.False(t, ok, "%s gives no value, got %v", c.schema, v)
			continue
		}
		require.True(t, ok, c.schema)
		assert.Equal(t, c.want, v, c.schema)
		assert.NoError(t, sch.Validate(v), c.schema)
	}
}

// A conditional rule of the request holds in its example: a flag the table
// sets false leaves its block out; a rule whose condition holds adds the
// fields it requires.
func TestExampleRequestsKeepTheConditionalRules(t *testing.T) {
	_, exs := generate(t, tableOfValues(t), exampleOverrides)
	create := exs[CreateAccount].Request
	assert.Equal(t, false, create["useDifferentCorrespondenceAddress"])
	assert.NotContains(t, create, "correspondenceAddr1", "the CB block is left out when its flag is false")
	assert.NotContains(t, exs[Authorize].Request, "customerFullName", "the BB block is left out when its flag is false")
	guest := exs[InitAuthorize].Request
	assert.NotContains(t, guest, "storedPaymentOptionReference", "the override leaves it out")
	assert.Equal(t, true, guest["useDifferentBillingAddress"], "B-4.1's guest payment rule holds the flag true")
	assert.Contains(t, guest, "customerFullName", "and the flag brings the billing address")

	// A table that sets the flag true brings the block's required fields.
	values := tableOfValues(t)
	values["useDifferentCorrespondenceAddress"] = true
	set, err := Load()
	require.NoError(t, err)
	var block []string
	for _, r := range set.RequestRules(CreateAccount) {
		if r.IfTrue == "useDifferentCorrespondenceAddress" {
			block = r.Required
		}
	}
	require.NotEmpty(t, block)
	for _, f := range block {
		values[f] = "DE"
	}
	g, exs := generate(t, values, exampleOverrides)
	assert.Empty(t, g.problems)
	for _, f := range block {
		assert.Contains(t, exs[CreateAccount].Request, f)
	}
	assert.NoError(t, set.ValidateValue(CreateAccount+".request.json", exs[CreateAccount].Request))
}

// The constants the code names are the table's values.
func TestExampleConstantsAreTheTables(t *testing.T) {
	values := tableOfValues(t)
	assert.Equal(t, exampleAccno, values["accno"])
	assert.Equal(t, examplePayment, values["uniqueReference"])
}
