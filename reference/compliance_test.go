package reference

import (
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/tidwall/gjson"
)

// addressCheck sends Perform Address Check of a valid address, with
// overrides; absent deletes a field.
func (c *client) addressCheck(overrides map[string]any) response {
	c.t.Helper()
	return c.do(http.MethodPost, "/compliance/addressCheck", c.opBody("pr-address-1", map[string]any{
		"street":      "Hauptstrasse",
		"house":       "1",
		"postalCode":  "10115",
		"city":        "Berlin",
		"countryCode": "DE",
	}, merge(map[string]any{"accnoType": absent}, overrides)), c.auth())
}

func TestAddressCheck(t *testing.T) {
	t.Parallel()
	personalities(t, func(t *testing.T, c *client) {
		r := c.addressCheck(nil)
		assertEnvelope(t, r, "0000")
		assert.Equal(t, "pr-address-1", r.json.Get("partnerReference").String())
		assert.Equal(t, c.cfg.ProgramCode, r.json.Get("programCode").String())
		if c.cfg.Personality == Standard {
			assert.Equal(t, http.StatusOK, r.status)
			assert.True(t, r.json.Get("addressValid").Bool())
		} else {
			assert.Equal(t, http.StatusCreated, r.status)
			assert.Equal(t, "VALID", r.json.Get("checkResult").String())
			assert.Equal(t, "HAUPTSTRASSE", r.json.Get("normalizedAddress.street").String())
		}

		// Only street is required besides the envelope.
		only := map[string]any{"house": absent, "postalCode": absent, "city": absent, "countryCode": absent}
		assert.Equal(t, "0000", c.addressCheck(only).code())
		for _, name := range []string{"partnerReference", "programCode", "street", "localDate", "localTime"} {
			r := c.addressCheck(map[string]any{name: absent})
			assert.Equal(t, "0001", r.code(), name)
			assert.Equal(t, http.StatusBadRequest, r.status, name)
			assert.Contains(t, r.json.Get("responseDescription").String(), name)
		}
		for name, limit := range map[string]int{"street": 68, "house": 10, "postalCode": 10, "city": 50, "countryCode": 3} {
			assert.Equal(t, "0000", c.addressCheck(map[string]any{name: strings.Repeat("A", limit)}).code(), name)
			r := c.addressCheck(map[string]any{name: strings.Repeat("A", limit+1)})
			assert.Equal(t, "0001", r.code(), name)
		}
		r = c.addressCheck(map[string]any{"programCode": "OTHER"})
		assert.Equal(t, c.cfg.Personality.wrongProgram().code, r.code())
		assert.Equal(t, gjson.String, r.json.Get("responseCode").Type)
		assert.Equal(t, "0096", c.do(http.MethodPost, "/compliance/addressCheck", "{}", "").code())
	})
}
