package reference

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// What the Standard server answers where the valid area's variants choose
// otherwise (validVariantProbes, false on it, says only that it does not
// make their choice): it takes any S(3) currency and an amount above
// 10000.00, writes 5 as 5.00, and takes no KC-Capture fee from the wallet.
func TestStandardTakesWhatValidVariantsRefuse(t *testing.T) {
	t.Parallel()
	c := start(t, DefaultConfig())
	assert.Equal(t, "0000", c.create(map[string]any{"currCode": "USD"}).code())
	assert.Equal(t, "0000", c.initAuthorize(map[string]any{"presentationCurrCode": "USD"}).code())
	assert.Equal(t, "0000", c.initAuthorize(map[string]any{"presentationAmount": json.Number("10000.01")}).code())

	r := c.initAuthorize(map[string]any{"presentationAmount": json.Number("5")})
	require.Equal(t, "0000", r.code(), r.raw)
	assert.Equal(t, "5.00", r.json.Get("presentationAmount").Raw)

	accno := c.fundedWallet("100.00")
	r = c.kcCapture(c.kcAuthorized(accno, "10.00"), map[string]any{"modifiedAmount": json.Number("10.00"), "modifiedFeeAmount": json.Number("0.50")})
	require.Equal(t, "0000", r.code(), r.raw)
	assert.Equal(t, "90.00", c.balancesOf(accno).bk)
}
