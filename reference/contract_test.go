package reference

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wallet-conformance/wallet-conformance/schemas"
)

// Every operation of the catalogue is served with the spec its request
// schema gives, and the facts kept beside the schemas (languageTagFields,
// ignoredFields, extraRules) name fields the schemas have: a field renamed
// in a schema fails here, not silently in the reference.
func TestEveryOperationValidatesFromItsRequestSchema(t *testing.T) {
	set := contractSet()
	served := map[string]fieldSpec{}
	for _, op := range operations() {
		served[op.id] = op.spec
	}
	tagged := map[string]bool{}
	for _, op := range schemas.Catalogue() {
		spec, ok := served[op.ID]
		if !assert.True(t, ok, "%s is not served", op.ID) {
			continue
		}
		fields := set.RequestFields(op.ID)
		require.NotEmpty(t, fields, op.ID)
		for _, f := range fields {
			ignored := slices.Contains(ignoredFields[op.ID], f.Name)
			assert.Equal(t, !ignored, spec.has(f.Name), "%s: field %s of the request schema", op.ID, f.Name)
			if slices.Contains(languageTagFields, f.Name) {
				tagged[f.Name] = true
			}
		}
		for _, name := range ignoredFields[op.ID] {
			assert.True(t, slices.ContainsFunc(fields, func(f schemas.Field) bool { return f.Name == name }), "%s: ignored field %s is not in the request schema", op.ID, name)
		}
		for _, p := range schemas.PathFields(op) {
			assert.Positive(t, p.MaxLength, "%s: path parameter %s has no S(n) in the contract", op.ID, p.Name)
		}
		for _, f := range spec.fields {
			assert.Positive(t, f.max+boolToInt(f.kind != kindS), "%s: %s", op.ID, f.name)
		}
		for _, r := range spec.rules {
			assert.True(t, r.trigger != "" || r.ifPresent != "" || r.ifAbsent != "" || r.ifEquals != "", "%s: a rule of the schema of a shape the reference does not read: %+v", op.ID, r)
			assert.True(t, len(r.fields)+len(r.mustBeTrue) > 0, "%s: a rule that requires nothing: %+v", op.ID, r)
			for _, name := range slices.Concat(r.fields, r.mustBeTrue, []string{r.trigger, r.ifPresent, r.ifAbsent, r.ifNoDigit, r.ifEquals}) {
				assert.True(t, name == "" || spec.has(name), "%s: rule names %s, no field of the request", op.ID, name)
			}
		}
	}
	for _, name := range languageTagFields {
		assert.True(t, tagged[name], "language tag field %s is in no request schema", name)
	}
	for op := range extraRules {
		_, ok := schemas.Lookup(op)
		assert.True(t, ok, "extra rules of %s, no operation of the catalogue", op)
	}
}

// The spec read from the schemas carries the facts the hand-written specs
// stated: a sample of each kind of fact.
func TestContractSpecReadsEachKindOfFact(t *testing.T) {
	get := func(op, name string) field {
		for _, f := range contractSpec(op).fields {
			if f.name == name {
				return f
			}
		}
		t.Fatalf("%s has no field %s", op, name)
		return field{}
	}
	assert.Equal(t, str("lastName", 100).req(), get(schemas.CreateAccount, "lastName"))
	assert.Equal(t, str("culture", 14).languageTag(), get(schemas.CreateAccount, "culture"))
	assert.Equal(t, date("dob").req(), get(schemas.CreateAccount, "dob"))
	assert.Equal(t, clock("localTime").req(), get(schemas.CreateAccount, "localTime"))
	assert.Equal(t, boolean("useDifferentCorrespondenceAddress").req(), get(schemas.CreateAccount, "useDifferentCorrespondenceAddress"))
	assert.Equal(t, str("accno", 255).req().path(), get(schemas.UpdateAccount, "accno"))
	assert.Equal(t, str("consentReference", 32).req().path(), get(schemas.RevokeConsent, "consentReference"))
	assert.Equal(t, digits("oneTimePassword", 8), get(schemas.RevokeConsent, "oneTimePassword"))
	assert.Equal(t, amount("presentationAmount").req(), get(schemas.InitAuthorize, "presentationAmount"))
	assert.Equal(t, str("emailAddress", unbounded), get(schemas.InitAuthorize, "emailAddress"))
	assert.Equal(t, criteria("criteria"), get(schemas.InitAuthorize, "criteria"))
	assert.Equal(t, amount("amount").orZero().req(), get(schemas.CheckAvailablePaymentAmount, "amount"))
	assert.Equal(t, digits("top", 4), get(schemas.AccountEnquiry, "top"))
	assert.Equal(t, boolean("includeNeutral"), get(schemas.AccountEnquiry, "includeNeutral"))
	assert.Equal(t, str("countryCode", 3).req(), get(schemas.KCAuthorize, "countryCode"))
	assert.False(t, contractSpec(schemas.IssueToken).has("partnerReference"))
	assert.False(t, contractSpec(schemas.InitAuthorize).has("programCode"), "a property the schema forbids is no field")

	assert.Equal(t, []condRule{
		{trigger: "useDifferentCorrespondenceAddress", fields: []string{"correspondenceAddr1", "correspondenceCity", "correspondenceCountryCode", "correspondencePostCode"}},
		{trigger: "isBusinessUser", fields: []string{"businessCompanyName", "businessCompanyType", "businessCompanyRegistrationNumber",
			"businessCompanyRegistrationCountryCode", "businessAddr1", "businessCity", "businessPostCode", "businessCountryCode"}},
	}, contractSpec(schemas.CreateAccount).rules)
	assert.Equal(t, []condRule{
		{ifPresent: "endTime", fields: []string{"endDate"}},
		{ifPresent: "startTime", fields: []string{"startDate"}},
	}, contractSpec(schemas.AccountEnquiry).rules)
	assert.Contains(t, contractSpec(schemas.Authorize).rules, condRule{ifPresent: "accno", fields: []string{"accnoType"}})
	assert.Contains(t, contractSpec(schemas.InitAuthorize).rules, condRule{ifAbsent: "storedPaymentOptionReference",
		fields:     []string{"customerFullName", "emailAddress", "addr1", "city", "postCode", "countryCode"},
		mustBeTrue: []string{"useDifferentBillingAddress"}})

	// The order of the spec's table: a block after its flag.
	names := func(op string) []string {
		var out []string
		for _, f := range contractSpec(op).fields {
			out = append(out, f.name)
		}
		return out
	}
	ca := names(schemas.CreateAccount)
	flag := slices.Index(ca, "useDifferentCorrespondenceAddress")
	assert.Equal(t, "correspondenceAddr1", ca[flag+1])
	assert.Equal(t, []string{"localDate", "localTime"}, ca[len(ca)-2:])
	assert.Equal(t, []string{"accno", "partnerReference", "programCode", "accnoType", "localDate", "localTime"}, names(schemas.BalanceEnquiry))
}

func boolToInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// A rule on a string value holds only when the field holds that value.
func TestARuleOnAStringValueAppliesToThatValueOnly(t *testing.T) {
	r := condRule{ifEquals: "deliveryMethod", value: "SHIP", fields: []string{"addr1"}}
	for v, applies := range map[string]bool{"SHIP": true, "PICKUP": false, "": false} {
		raw := map[string]any{}
		if v != "" {
			raw["deliveryMethod"] = v
		}
		assert.Equal(t, applies, r.applies(raw, values(raw)), "deliveryMethod %q", v)
	}
}

// A string field whose schema lists its values (enum) takes those only: a
// value outside the list is a syntax error (A-7's 0001), like a too long one.
func TestAnEnumeratedFieldTakesItsValuesOnly(t *testing.T) {
	f := fieldOf(schemas.Field{Name: "deliveryMethod", Types: []string{"string"}, MaxLength: 6, Enum: []any{"SHIP", "PICKUP"}})
	for v, ok := range map[string]bool{"SHIP": true, "PICKUP": true, "BOAT": false, "ship": false} {
		_, fault := checkValue(f, v, validateOptions{})
		assert.Equal(t, ok, fault == faultNone, "%q", v)
	}
}
