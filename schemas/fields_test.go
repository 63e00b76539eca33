package schemas

import (
	"fmt"
	"reflect"
	"slices"
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

// B-4.15: "Body: as KC-Authorize except: programCode is not a field;
// merchantAccno S(255) Y (destination merchant account); accnoType applies
// to both account numbers; oneTimePassword S(8) added; phone not listed."
// KC-Debit Account's fields are KC-Authorize's without programCode and
// phone, with oneTimePassword S(8), each of the same type and length; its
// Y fields are KC-Authorize's without programCode, with merchantAccno; and
// its conditional rules are KC-Authorize's. A field added to one schema
// (or to defs KCPaymentBody's copy in one of them) and not the other is
// named.
func TestKCDebitAccountIsKCAuthorizeExcept(t *testing.T) {
	set, err := Load()
	require.NoError(t, err)
	problems := asKCAuthorizeExcept(set.RequestFields(KCAuthorize), set.RequestFields(KCDebitAccount))
	assert.Empty(t, problems, "B-4.15 \"as KC-Authorize except\" (schemas/kc-authorize.request.json, schemas/kc-debit-account.request.json, defs KCPaymentBody)")
	assert.Equal(t, set.RequestRules(KCAuthorize), set.RequestRules(KCDebitAccount), "B-4.15 keeps B-4.14's billing rule")

	// The check bites: a field one schema gains and the other not, a
	// length that differs, a Y the other lacks are each named.
	auth := set.RequestFields(KCAuthorize)
	debit := set.RequestFields(KCDebitAccount)
	gained := append(slices.Clone(auth), Field{Name: "loyaltyNumber", Types: []string{"string"}, MaxLength: 20, Scale: -1})
	assert.Equal(t, []string{`loyaltyNumber: KC-Authorize has it, KC-Debit Account has not`}, asKCAuthorizeExcept(gained, debit))
	longer := slices.Clone(debit)
	for i := range longer {
		if longer[i].Name == "paymentUsage" {
			longer[i].MaxLength = 127
		}
	}
	assert.Equal(t, []string{`paymentUsage: KC-Debit Account's is {Types:[string] MaxLength:127}, as KC-Authorize except (B-4.15) {Types:[string] MaxLength:255}`}, asKCAuthorizeExcept(auth, longer))
	optional := slices.Clone(debit)
	for i := range optional {
		if optional[i].Name == "merchantAccno" {
			optional[i].Required = false
		}
	}
	assert.Equal(t, []string{`merchantAccno: required in KC-Debit Account is false, B-4.15 makes it true`}, asKCAuthorizeExcept(auth, optional))
}

// asKCAuthorizeExcept lists where KC-Debit Account's fields (debit) are not
// KC-Authorize's (auth) as B-4.15 amends them, naming the field.
func asKCAuthorizeExcept(auth, debit []Field) []string {
	want := map[string]Field{}
	for _, f := range auth {
		want[f.Name] = f
	}
	delete(want, "programCode") // "programCode is not a field"
	delete(want, "phone")       // "phone not listed"
	// "oneTimePassword S(8) added"
	want["oneTimePassword"] = Field{Name: "oneTimePassword", Types: []string{"string"}, MaxLength: 8, Scale: -1}
	// "merchantAccno S(255) Y"
	if m, ok := want["merchantAccno"]; ok {
		m.Required = true
		want["merchantAccno"] = m
	}
	have := map[string]Field{}
	for _, f := range debit {
		have[f.Name] = f
	}
	var names []string
	for name := range want {
		names = append(names, name)
	}
	for name := range have {
		if _, ok := want[name]; !ok {
			names = append(names, name)
		}
	}
	slices.Sort(names)
	var problems []string
	for _, name := range names {
		w, inAuth := want[name]
		h, inDebit := have[name]
		switch {
		case !inDebit:
			problems = append(problems, name+": KC-Authorize has it, KC-Debit Account has not")
		case !inAuth:
			problems = append(problems, name+": KC-Debit Account has it, KC-Authorize has not")
		case w.Required != h.Required:
			problems = append(problems, fmt.Sprintf("%s: required in KC-Debit Account is %v, B-4.15 makes it %v", name, h.Required, w.Required))
		default:
			w.Required, h.Required = false, false
			if !reflect.DeepEqual(w, h) {
				problems = append(problems, fmt.Sprintf("%s: KC-Debit Account's is %s, as KC-Authorize except (B-4.15) %s", name, facts(h), facts(w)))
			}
		}
	}
	return problems
}

// facts writes the facts of a field that are set, for a message.
func facts(f Field) string {
	var parts []string
	v := reflect.ValueOf(f)
	for i := 0; i < v.NumField(); i++ {
		name, x := v.Type().Field(i).Name, v.Field(i)
		if name == "Name" || name == "Required" || x.IsZero() || (name == "Scale" && x.Int() == -1) {
			continue
		}
		parts = append(parts, fmt.Sprintf("%s:%v", name, x.Interface()))
	}
	return "{" + strings.Join(parts, " ") + "}"
}

// The order a reader derives (RequestOrder: the spec table's) of the two
// operations that share defs KCPaymentBody is the order the block is
// written in (B-4.14's body line), programCode placed by its x-after, then
// B-4's "Every request carries localDate (D, Y) and localTime (T, Y)";
// KC-Debit Account's is the same without programCode and phone, with
// oneTimePassword where its schema places it (B-4.15 gives it no place). Every "x-after" of a request schema names a field of its
// operation (else it would place nothing).
func TestRequestOrderReadsTheKCBody(t *testing.T) {
	set, err := Load()
	require.NoError(t, err)
	// The shared body's order is the order its block is written in
	// (defs.json's KCPaymentBody, B-4.14's line): no list here to keep.
	// KC-Debit Account's is KC-Authorize's with B-4.15's exceptions.
	authorize := set.RequestOrder(KCAuthorize)
	require.NotEmpty(t, authorize)
	assert.Equal(t, "partnerReference", authorize[0], "B-4.14's line begins with partnerReference")
	assert.Equal(t, []string{"localDate", "localTime"}, authorize[len(authorize)-2:], "the envelope's fields come last")
	want := slices.DeleteFunc(slices.Clone(authorize), func(n string) bool { return n == "programCode" || n == "phone" })
	want = slices.Insert(want, slices.Index(want, "paymentUsage")+1, "oneTimePassword")
	assert.Equal(t, want, set.RequestOrder(KCDebitAccount), "KC-Debit Account's order is KC-Authorize's, as KC-Authorize except (B-4.15)")

	for _, op := range Catalogue() {
		own, _, err := set.rawProperties(op.RequestSchema())
		require.NoError(t, err, op.ID)
		order := set.RequestOrder(op.ID)
		for _, p := range own {
			if p.after != "" {
				assert.Contains(t, order, p.after, "%s (schemas/%s): %s's x-after names no field of the operation", op.ID, op.RequestSchema(), p.name)
				assert.Equal(t, slices.Index(order, p.after)+1, slices.Index(order, p.name), "%s: %s right after %s", op.ID, p.name, p.after)
			}
		}
	}
}
