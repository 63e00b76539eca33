package reference

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func consentPath(accno string) string { return "/account/" + url.PathEscape(accno) + "/consent" }

func (c *client) addConsent(accno string, overrides map[string]any) response {
	c.t.Helper()
	return c.do(http.MethodPut, consentPath(accno), c.opBody("pr-consent-1", nil, overrides), c.auth())
}

func (c *client) revokeConsent(accno, ref string, overrides map[string]any) response {
	c.t.Helper()
	return c.do(http.MethodPost, consentPath(accno)+"/"+url.PathEscape(ref)+"/revokeConsent",
		c.opBody("pr-revoke-1", nil, overrides), c.auth())
}

// consentRef adds a consent to accno and returns its reference.
func (c *client) consentRef(accno string) string {
	c.t.Helper()
	r := c.addConsent(accno, nil)
	require.Equal(c.t, "0000", r.code(), r.raw)
	return r.json.Get("consentReference").String()
}

func TestConsent(t *testing.T) {
	t.Parallel()
	personalities(t, func(t *testing.T, c *client) {
		accno := c.newAccount()

		add := c.addConsent(accno, map[string]any{"oneTimePassword": c.cfg.OneTimePassword})
		require.Equal(t, http.StatusOK, add.status, add.raw)
		assertEnvelope(t, add, "0000")
		assert.Equal(t, accno, add.json.Get("accno").String())
		assert.Equal(t, "pr-consent-1", add.json.Get("partnerReference").String())
		assert.Equal(t, c.cfg.ProgramCode, add.json.Get("programCode").String())
		assert.Equal(t, "CNSTCONF", add.json.Get("consentStatusCode").String())
		ref := add.json.Get("consentReference").String()
		assert.LessOrEqual(t, len(ref), 32)
		if c.cfg.Personality == Standard {
			assert.Regexp(t, `^[0-9a-f]{32}$`, ref)
		} else {
			assert.Regexp(t, `^CNS\d{12}$`, ref)
		}
		other := c.consentRef(accno)
		assert.NotEqual(t, ref, other, "every Add Consent adds a consent")

		// Revoke, with the reference of the path winning over the body's.
		rv := c.revokeConsent(accno, ref, map[string]any{"consentReference": other, "oneTimePassword": 12345678})
		require.Equal(t, http.StatusOK, rv.status, rv.raw)
		assertEnvelope(t, rv, "0000")
		assert.Equal(t, "CNSTRVKD", rv.json.Get("consentStatusCode").String())
		assert.Equal(t, ref, rv.json.Get("consentReference").String())
		assert.Equal(t, accno, rv.json.Get("accno").String())
		assert.Equal(t, "pr-revoke-1", rv.json.Get("partnerReference").String())
		assert.Equal(t, c.cfg.ProgramCode, rv.json.Get("programCode").String())

		// Revoking twice.
		again := c.revokeConsent(accno, ref, nil)
		if c.cfg.Personality == Standard {
			assertEnvelope(t, again, "0000")
			assert.Equal(t, "CNSTRVKD", again.json.Get("consentStatusCode").String())
		} else {
			assertHandled(t, again)
		}
		assert.Equal(t, "0000", c.revokeConsent(accno, other, nil).code(), "the body's reference was not revoked")

		// Handled errors.
		wrongOTP := c.cfg.Personality.wrongOneTimePassword().code
		assert.Equal(t, wrongOTP, c.addConsent(accno, map[string]any{"oneTimePassword": "00000000"}).code())
		third := c.consentRef(accno)
		assert.Equal(t, wrongOTP, c.revokeConsent(accno, third, map[string]any{"oneTimePassword": "87654321"}).code())
		unknown := c.cfg.Personality.unknownConsent().code
		assert.Equal(t, unknown, c.revokeConsent(accno, "no-such-consent", nil).code())
		stranger := c.newAccount()
		assert.Equal(t, unknown, c.revokeConsent(stranger, third, nil).code(), "a consent of another account")
		for _, r := range []response{c.addConsent("999999999999", nil), c.revokeConsent("999999999999", third, nil)} {
			assertHandled(t, r)
			assert.NotContains(t, []string{"0001", "0096"}, r.code())
		}
		assertHandled(t, c.addConsent(accno, map[string]any{"programCode": "OTHER"}))
		assertHandled(t, c.addConsent(accno, map[string]any{"accnoType": "07"}))

		// Field validation.
		for name, r := range map[string]response{
			"accnoType":        c.addConsent(accno, map[string]any{"accnoType": absent}),
			"programCode":      c.revokeConsent(accno, third, map[string]any{"programCode": absent}),
			"partnerReference": c.revokeConsent(accno, third, map[string]any{"partnerReference": absent}),
			"oneTimePassword":  c.revokeConsent(accno, third, map[string]any{"oneTimePassword": "1234abcd"}),
			"consentReference": c.revokeConsent(accno, strings.Repeat("c", 33), nil),
		} {
			assert.Equal(t, "0001", r.code(), name)
			assert.Contains(t, r.json.Get("responseDescription").String(), name)
		}
		r := c.addConsent(accno, map[string]any{"oneTimePassword": "123456789"})
		assert.Equal(t, "0001", r.code())
		assert.Contains(t, r.json.Get("responseDescription").String(), "oneTimePassword")

		// A closed account.
		require.Equal(t, "0000", c.close(accno, nil).code())
		assert.Equal(t, c.accountClosedCode(), c.addConsent(accno, nil).code())
		assert.Equal(t, c.accountClosedCode(), c.revokeConsent(accno, third, nil).code())

		// Authentication comes first.
		for _, token := range []string{"", "forged"} {
			assert.Equal(t, "0096", c.do(http.MethodPut, consentPath(accno), map[string]any{}, token).code())
			assert.Equal(t, "0096", c.do(http.MethodPost, consentPath(accno)+"/"+third+"/revokeConsent", map[string]any{}, token).code())
		}
	})

	cfg := DefaultConfig()
	cfg.OneTimePassword = "0042"
	c := start(t, cfg)
	accno := c.newAccount()
	assert.Equal(t, "0000", c.addConsent(accno, map[string]any{"oneTimePassword": "0042"}).code())
	assert.Equal(t, "0000", c.revokeConsent(accno, c.consentRef(accno), map[string]any{"oneTimePassword": 42}).code())
	assertHandled(t, c.addConsent(accno, map[string]any{"oneTimePassword": "12345678"}))
}

func TestOneTimePasswordConfig(t *testing.T) {
	t.Parallel()
	for _, otp := range []string{"123456789", "12ab"} {
		cfg := DefaultConfig()
		cfg.OneTimePassword = otp
		_, err := NewHandler(cfg)
		assert.Error(t, err, otp)
	}
	cfg := DefaultConfig()
	cfg.OneTimePassword = ""
	h, err := newHandler(cfg)
	require.NoError(t, err)
	assert.Equal(t, "12345678", h.cfg.OneTimePassword)
}
