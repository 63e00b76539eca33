package schemas

import (
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v5"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// RequestFields reads the facts of A-2.0's notation and the operation's
// table from the request schemas: what the bad-input sweep generates from.
func TestRequestFieldsReadTheContract(t *testing.T) {
	set, err := Load()
	require.NoError(t, err)
	byName := func(op string) map[string]Field {
		out := map[string]Field{}
		for _, f := range set.RequestFields(op) {
			out[f.Name] = f
		}
		return out
	}
	capture := byName("capture")
	assert.NotContains(t, capture, "programCode", "a property the schema forbids is no field")
	assert.Equal(t, Field{Name: "modifiedAmount", Types: []string{"number"}, Precision: 18, Scale: 2}, capture["modifiedAmount"])
	assert.Equal(t, Field{Name: "partnerReference", Types: []string{"string"}, Required: true, MaxLength: 64, Scale: -1}, capture["partnerReference"])
	assert.True(t, capture["localDate"].Date)
	assert.True(t, capture["localTime"].Time)

	verify := byName("complete-verify-stored-payment-option")["verificationCode"]
	assert.Equal(t, 6, verify.Digits, "N(6)")
	assert.True(t, verify.Allows("string") && verify.Allows("integer") && !verify.Allows("boolean"))

	assert.Equal(t, 4, byName("account-enquiry")["top"].Digits, "N(4) in a query")
	assert.True(t, byName("check-available-payment-amount")["amount"].Numeric)

	create := byName("create-account")
	assert.True(t, create["validUntil"].Deprecated, "deprecated, ignored (A-4.2)")
	assert.True(t, create["correspondenceCity"].Ignorable, "a CB field, used only when its flag is true")
	assert.False(t, create["city"].Ignorable)
	assert.True(t, byName("issue-token")["partnerReference"].Ignorable)
	assert.False(t, byName("issue-token")["password"].Ignorable)
	assert.True(t, byName("revoke-consent")["consentReference"].Ignorable)
	kc := byName("kc-debit-account")
	assert.True(t, kc["addr1"].Ignorable)
	assert.False(t, kc["countryCode"].Ignorable, "countryCode is always required (B-4.15)")
	assert.Nil(t, set.RequestFields("no-such-operation"))

	for _, op := range Catalogue() {
		assert.NotEmpty(t, set.RequestFields(op.ID), op.ID)
	}
}

// ExampleRequest gives a copy of an operation's example request.
func TestExampleRequestIsACopy(t *testing.T) {
	path, fields, ok := ExampleRequest("capture")
	require.True(t, ok)
	assert.Contains(t, path, "uniqueReference")
	assert.Contains(t, fields, "localDate")
	fields["partnerReference"] = "changed"
	_, again, _ := ExampleRequest("capture")
	assert.NotEqual(t, "changed", again["partnerReference"])
	_, _, ok = ExampleRequest("no-such-operation")
	assert.False(t, ok)
}

// Every conditional rule of the request schemas has a condition the
// contract reads (Rule.Understood): a rule of another shape would be
// enforced by none of its readers (the reference's validation, the sweeps).
func TestEveryRequestRuleIsUnderstood(t *testing.T) {
	set, err := Load()
	require.NoError(t, err)
	for _, op := range Catalogue() {
		for i, r := range set.RequestRules(op.ID) {
			assert.True(t, r.Understood(), "rule %d of %s's request schema (schemas/%s) has an if of a shape the contract does not read (schemas/contract.go, ruleOf)", i, op.ID, op.RequestSchema())
		}
	}
}

// A condition on a string value (an amendment's "when deliveryMethod is
// SHIP, addr1 ... are required") is read as IfEquals; any other const is
// not understood.
func TestARuleOnAStringValueIsRead(t *testing.T) {
	c := jsonschema.NewCompiler()
	require.NoError(t, c.AddResource("r.json", strings.NewReader(`{"allOf": [
	  {"if": {"properties": {"deliveryMethod": {"const": "SHIP"}}, "required": ["deliveryMethod"]}, "then": {"required": ["addr1", "city"]}},
	  {"if": {"properties": {"n": {"const": 3}}, "required": ["n"]}, "then": {"required": ["x"]}}]}`)))
	sch, err := c.Compile("r.json")
	require.NoError(t, err)
	r := ruleOf(sch.AllOf[0].If, sch.AllOf[0].Then)
	assert.Equal(t, Rule{IfEquals: "deliveryMethod", Value: "SHIP", Required: []string{"addr1", "city"}}, r)
	assert.True(t, r.Understood())
	assert.False(t, ruleOf(sch.AllOf[1].If, sch.AllOf[1].Then).Understood())
}
