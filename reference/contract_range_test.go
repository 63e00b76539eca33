package reference

import (
	"bytes"
	"io/fs"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wallet-conformance/wallet-conformance/rules"
	"github.com/wallet-conformance/wallet-conformance/schemas"
)

// A range of the contract ("top N(3) ... 1 to 100", x-range) needs no code:
// the reference refuses a value out of it, and a rule that states it
// ("range top") brings a generated mutant that accepts one. The spec gives
// no field a range yet, so the contract is amended here: Account Enquiry's
// top N(4) is given 1 to 100.
func TestARangeOfTheContractIsHeldAndItsMutantBreaksIt(t *testing.T) {
	t.Parallel()
	data, err := fs.ReadFile(schemas.FS(), "account-enquiry.request.json")
	require.NoError(t, err)
	plain := []byte(`"top": {"type": "string", "pattern": "^[0-9]{1,4}$"}`)
	require.Contains(t, string(data), string(plain))
	amended := bytes.Replace(data, plain, []byte(`"top": {"type": "string", "pattern": "^[0-9]{1,4}$", "x-range": [1, 100]}`), 1)
	set, err := schemas.Amended(map[string][]byte{"account-enquiry.request.json": amended})
	require.NoError(t, err)

	spec := contractSpecOf(set, schemas.AccountEnquiry)
	topOf := func(s fieldSpec) field {
		for _, f := range s.fields {
			if f.name == "top" {
				return f
			}
		}
		t.Fatal("no top in Account Enquiry's spec")
		return field{}
	}
	opt := validateOptions{fromQuery: true}
	for value, ok := range map[string]bool{"1": true, "100": true, "0": false, "101": false, "9999": false} {
		_, fault := checkValue(topOf(spec), value, opt)
		assert.Equal(t, ok, fault == faultNone, "top %s", value)
	}

	cat, err := rules.Load()
	require.NoError(t, err)
	stating := rules.Rule{ID: "B-4.12#99", Operations: []string{schemas.AccountEnquiry}, Contract: []rules.Fact{{Kind: rules.FactRange, Field: "top"}}}
	c := generateContractMutants(set, schemas.Catalogue(), append(cat.All(), stating))
	assert.Empty(t, c.problems)
	f, ok := c.byName["account-enquiry-top-out-of-range"]
	require.True(t, ok, "the generated mutant of the range")
	assert.Equal(t, "B-4.12#99", f.mutant.Rule)
	assert.Equal(t, "Account Enquiry accepts a top out of 1 to 100", f.mutant.Description)
	_, fault := checkValue(topOf(breakFact(f, spec.clone())), "101", opt)
	assert.Equal(t, faultNone, fault, "the mutant accepts a top out of the range")
	_, fault = checkValue(topOf(spec), "101", opt)
	assert.Equal(t, faultSyntax, fault, "breaking the fact leaves the spec it was given as it was")

	// Without a rule stating it, the range is a fact no rule states.
	c = generateContractMutants(set, schemas.Catalogue(), cat.All())
	assert.Contains(t, c.problems, `Account Enquiry (account-enquiry): no rule of its clause states the range of top (rules' contract: "range top")`)
}
