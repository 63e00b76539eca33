package schemas

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestPropertiesFollowRefAndAllOf(t *testing.T) {
	set, err := Load()
	require.NoError(t, err)

	envelope := []string{"localDate", "localTime", "partnerReference", "programCode", "responseCode", "responseDescription", "sysDate", "sysTime"}
	assert.Equal(t, envelope, set.Properties("envelope.response.json"))

	// Only allOf: the envelope and the token.
	assert.Equal(t, []string{"localDate", "localTime", "partnerReference", "programCode", "responseCode", "responseDescription", "sysDate", "sysTime", "token", "validUntil"},
		set.Properties("issue-token.response.json"))

	// Own properties and the envelope through allOf/$ref, sorted, no duplicates.
	got := set.Properties("create-account.response.json")
	assert.IsIncreasing(t, got)
	for _, p := range append(envelope, "accno", "statusCode", "custCode", "validFrom", "validUntil") {
		assert.Contains(t, got, p)
	}
	assert.NotContains(t, got, "emailAddress") // a request field, not a response field

	assert.Nil(t, set.Properties("no-such.json"))
}

func TestEveryOperationResponseDeclaresTheEnvelope(t *testing.T) {
	set, err := Load()
	require.NoError(t, err)
	for _, op := range Catalogue() {
		if op.PlainText {
			continue
		}
		props := set.Properties(op.ResponseSchema())
		assert.Contains(t, props, "responseCode", op.ID)
		assert.Contains(t, props, "sysDate", op.ID)
	}
}
