package profile

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func env(vars map[string]string) func(string) (string, bool) {
	return func(k string) (string, bool) { v, ok := vars[k]; return v, ok }
}

const minimal = `
baseUrl: https://sandbox.example.com/api
environment: sandbox
credentials:
  userId: partner
  password: ${WALLET_PASSWORD}
programCode: PRG
currency: EUR
titleCode: MR
`

func TestParseExpandsEnvironmentAndAppliesDefaults(t *testing.T) {
	p, err := Parse([]byte(minimal), env(map[string]string{"WALLET_PASSWORD": "p#ss: word"}))
	require.NoError(t, err)
	assert.Equal(t, "p#ss: word", p.Credentials.Password)
	assert.Equal(t, "en-US", p.AcceptLanguage)
	assert.Equal(t, 90*time.Second, p.CallTimeout.Duration)
	assert.Equal(t, "00", p.AccnoType)
	assert.Equal(t, "AUTH", p.TransactionTypeCode)
}

func TestParseNamesUnsetVariable(t *testing.T) {
	_, err := Parse([]byte(minimal), env(nil))
	require.Error(t, err)
	assert.Contains(t, err.Error(), "WALLET_PASSWORD")
}

func TestParseNamesUnknownKeys(t *testing.T) {
	_, err := Parse([]byte(minimal+"colour: blue\nmerchant:\n  acc: 1\n"), env(map[string]string{"WALLET_PASSWORD": "x"}))
	require.Error(t, err)
	assert.Contains(t, err.Error(), "colour")
	assert.Contains(t, err.Error(), "merchant.acc")
}

func TestParseNamesMissingRequiredKeys(t *testing.T) {
	_, err := Parse([]byte("baseUrl: http://x\ncredentials:\n  userId: u\n"), env(nil))
	require.Error(t, err)
	for _, key := range []string{"environment", "credentials.password", "programCode", "currency", "titleCode"} {
		assert.Contains(t, err.Error(), key)
	}
}

func TestParseAcceptsJSONAndDurations(t *testing.T) {
	p, err := Parse([]byte(`{"baseUrl":"http://x","environment":"sandbox","credentials":{"userId":"u","password":"p"},"programCode":"P","currency":"EUR","titleCode":"MR","callTimeout":30,"scope":{"exclude":["B-4.19"]}}`), env(nil))
	require.NoError(t, err)
	assert.Equal(t, 30*time.Second, p.CallTimeout.Duration)
	assert.True(t, p.Excludes("B-4.19"))
	assert.False(t, p.Excludes("B-4.1"))

	_, err = Parse([]byte(`{"baseUrl":"http://x","callTimeout":"soon"}`), env(nil))
	require.Error(t, err)
}

func TestRedactedHidesSecrets(t *testing.T) {
	p, err := Parse([]byte(minimal+"sandbox:\n  verificationCode: \"123456\"\n  oneTimePassword: \"87654321\"\n"), env(map[string]string{"WALLET_PASSWORD": "hunter2"}))
	require.NoError(t, err)
	r := p.Redacted()
	y := (&r).YAML()
	for _, s := range []string{"hunter2", "123456", "87654321"} {
		assert.NotContains(t, y, s)
	}
	assert.Equal(t, "hunter2", p.Credentials.Password, "the original is unchanged")
}

// The currencies a target offers are its currency and those it lists,
// each once; a vendor's list or a variant's Set writes them as YAML.
func TestOfferedCurrencies(t *testing.T) {
	p, err := Parse([]byte(minimal), env(map[string]string{"WALLET_PASSWORD": "x"}))
	require.NoError(t, err)
	assert.Equal(t, []string{"EUR"}, p.Offered(), "no list: the profile's currency alone")

	p, err = Parse([]byte(minimal+"currencies: [USD, eur, CHF]\n"), env(map[string]string{"WALLET_PASSWORD": "x"}))
	require.NoError(t, err)
	assert.Equal(t, []string{"EUR", "USD", "CHF"}, p.Offered())

	require.NoError(t, p.Set("currencies", "[EUR]"))
	assert.Equal(t, []string{"EUR"}, p.Offered())
	assert.Error(t, p.Set("currencies", "{a: b}"))
	assert.Error(t, p.Set("scope", "x"), "neither a text nor a list key")

	_, err = Parse([]byte(minimal+"currencies: [EURO]\n"), env(map[string]string{"WALLET_PASSWORD": "x"}))
	assert.ErrorContains(t, err, `"EURO" is not a currency code`)
}
