package sweep

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wallet-conformance/wallet-conformance/schemas"
)

// The generator reads the contract: from Init Authorize's valid request (a
// guest payment loading an account) the minimal request leaves out what the
// schema lets go but keeps accnoType with accno, houseNumber (B-4.1) and
// paymentOptionCode (B-4.1's "or"); the maximal request sets every free
// text at exactly its S(n), each value distinct; every input it makes is
// one the request schema permits.
func TestValidInputsComeFromTheContract(t *testing.T) {
	set, err := schemas.Load()
	require.NoError(t, err)
	op, _ := schemas.Lookup(schemas.InitAuthorize)
	base := map[string]any{
		"partnerReference": "pr-1", "localDate": "2026-11-27", "localTime": "101010",
		"programAccno": "PRG1", "paymentOptionCode": "VISA", "presentationAmount": json.Number("1.00"),
		"presentationCurrCode": "EUR", "presentationUsage": "Order 1", "useDifferentBillingAddress": true,
		"customerFullName": "Erika Mustermann", "emailAddress": "e@example.com", "addr1": "Heidestrasse",
		"houseNumber": "17", "city": "Koeln", "postCode": "51147", "countryCode": "DE", "accno": "123", "accnoType": "00",
	}
	v := &validSweeper{sweeper: &sweeper{set: set}}
	n := 0
	facts := validFacts{
		valid:  func(m map[string]any) bool { return v.matches(op, m) },
		today:  "2026-11-27",
		unique: func() string { n++; return "u" + string(rune('0'+n)) },
	}
	inputs := generateValid(op, set.RequestFields(op.ID), base, facts)
	require.NotEmpty(t, inputs)
	kinds := map[string]int{}
	for _, in := range inputs {
		kinds[in.kind]++
		fields := map[string]any{}
		for k, x := range base {
			fields[k] = x
		}
		for _, k := range in.drop {
			delete(fields, k)
		}
		for k, x := range in.set {
			fields[k] = x
		}
		assert.True(t, v.matches(op, fields), "%s %s %s: the schema does not permit it", in.kind, in.field, in.label)
		switch in.kind {
		case vMinimal:
			assert.Contains(t, in.drop, "accno")
			assert.NotContains(t, in.drop, "houseNumber")
			assert.NotContains(t, in.drop, "paymentOptionCode")
			assert.Equal(t, "000000", in.set["localTime"])
		case vMaximal:
			seen := map[string]string{}
			for _, f := range set.RequestFields(op.ID) {
				s, ok := in.set[f.Name].(string)
				if !ok || f.MaxLength == 0 || heldValue(f) || countryField(f) || len(f.Enum) > 0 { // a listed value is as long as it is, not S(n)
					continue
				}
				assert.Len(t, []rune(s), f.MaxLength, f.Name)
				assert.Empty(t, seen[s], "%s and %s hold the same value", f.Name, seen[s])
				seen[s] = f.Name
			}
			assert.Contains(t, seen, in.set["custom1"])
			assert.Contains(t, seen, in.set["custom2"])
		}
	}
	assert.Equal(t, 1, kinds[vMinimal])
	assert.Equal(t, 1, kinds[vMaximal])
	assert.Positive(t, kinds[vAmountEdge])
	assert.Positive(t, kinds[vDateEdge])
	assert.Positive(t, kinds[vTimeEdge])
	assert.Positive(t, kinds[vAlternative])
}

// Each currency the profile declares beside the state's is sent where the
// request alone names it (a payment without the wallet it would load), by
// the sentence that permits it; a currency the profile does not declare is
// never sent, and a currency that names the state's (a capture's) is kept.
func TestValidInputsSendEachDeclaredCurrency(t *testing.T) {
	set, err := schemas.Load()
	require.NoError(t, err)
	v := &validSweeper{sweeper: &sweeper{set: set}}
	currencyInputs := func(opID string, base map[string]any, currencies []string) []validInput {
		op, _ := schemas.Lookup(opID)
		facts := validFacts{
			valid:   func(m map[string]any) bool { return v.matches(op, m) },
			today:   "2026-11-27",
			unique:  func() string { return "u1" },
			bounded: true,
			offered: currencies,
		}
		var out []validInput
		for _, in := range generateValid(op, set.RequestFields(op.ID), base, facts) {
			if in.label != "" && strings.Contains(in.label, "currency the profile declares") {
				out = append(out, in)
			}
		}
		return out
	}
	payment := map[string]any{
		"partnerReference": "pr-1", "localDate": "2026-11-27", "localTime": "101010",
		"programAccno": "PRG1", "paymentOptionCode": "VISA", "presentationAmount": json.Number("1.00"),
		"presentationCurrCode": "EUR", "presentationUsage": "Order 1", "useDifferentBillingAddress": true,
		"customerFullName": "Erika Mustermann", "emailAddress": "e@example.com", "addr1": "Heidestrasse",
		"houseNumber": "17", "city": "Koeln", "postCode": "51147", "countryCode": "DE", "accno": "123", "accnoType": "00",
	}
	ins := currencyInputs(schemas.InitAuthorize, payment, []string{"EUR", "USD", "CHF"})
	require.Len(t, ins, 2)
	for i, c := range []string{"USD", "CHF"} {
		assert.Equal(t, map[string]any{"presentationCurrCode": c}, ins[i].set)
		assert.ElementsMatch(t, []string{"accno", "accnoType"}, ins[i].drop, "no wallet in another currency is loaded")
		assert.Equal(t, "B-4.1#3", ins[i].rule)
	}
	assert.Empty(t, currencyInputs(schemas.InitAuthorize, payment, []string{"EUR"}), "a currency not declared is not sent")

	capture := map[string]any{"partnerReference": "pr-1", "localDate": "2026-11-27", "localTime": "101010", "modifiedAmount": json.Number("1.00"), "modifiedAmountCurrCode": "EUR"}
	assert.Empty(t, currencyInputs(schemas.Capture, capture, []string{"EUR", "USD"}), "a capture keeps its payment's currency")
}

// The longest value of an N(n) is of n digits, and in the field's range
// when the spec gives one: a target may refuse 111 for "1 to 100".
func TestTheLongestDigitsStayInTheRange(t *testing.T) {
	for _, c := range []struct {
		f    schemas.Field
		want string
	}{
		{schemas.Field{Digits: 3}, "111"},
		{schemas.Field{Digits: 3, Range: &schemas.Range{1, 100}}, "100"},
		{schemas.Field{Digits: 3, Range: &schemas.Range{1, 500}}, "111"},
		{schemas.Field{Digits: 3, Range: &schemas.Range{200, 5000}}, "999"},
	} {
		got := longestDigits(c.f)
		assert.Equal(t, c.want, got, "%+v", c.f.Range)
		if c.f.Range != nil {
			assert.True(t, c.f.Range.Holds(got), got)
		}
	}
}
