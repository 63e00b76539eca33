package schemas

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Shape reads presence and null from each kind of declaration: a type list,
// a $ref to defs.json, a required list, an object of its own properties.
func TestShapeReadsPresenceAndNull(t *testing.T) {
	set, err := Load()
	require.NoError(t, err)
	byName := func(name string) map[string]Property {
		m := map[string]Property{}
		for _, p := range set.Shape(name) {
			m[p.Name] = p
		}
		return m
	}
	account := byName("account.json")
	assert.Equal(t, Property{Name: "firstName", Required: true, Nullable: true}, account["firstName"])
	assert.True(t, account["dob"].Nullable, "NullableD through $ref")
	stored := byName("stored-payment-option.json")
	assert.False(t, stored["code"].Nullable)
	assert.False(t, stored["isDefault"].Nullable, "B through $ref")
	require.NotEmpty(t, stored["billingAddress"].Properties)
	assert.Equal(t, "addr1", stored["billingAddress"].Properties[0].Name)
	entries := byName("account-enquiry.response.json")["entries"]
	require.NotEmpty(t, entries.Items, "entries: an array of account-entry.json")
	assert.Nil(t, entries.Properties)
	names := func(ps []Property) []string {
		var out []string
		for _, p := range ps {
			out = append(out, p.Name)
		}
		return out
	}
	for _, op := range Catalogue() {
		assert.Equal(t, set.Properties(op.ResponseSchema()), names(set.Shape(op.ResponseSchema())), op.ID)
	}
	assert.Nil(t, set.Shape("no-such.json"))
}
