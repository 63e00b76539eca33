package reference

import (
	"encoding/json"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// refuses-unoffered-currency opens accounts and pays in EUR only, where the
// Standard server takes any S(3): another currency is refused with 0001
// naming the field, EUR (in any case) is not.
func TestUnofferedCurrencyIsRefused(t *testing.T) {
	t.Parallel()
	std, v := start(t, DefaultConfig()), startVariant(t, "refuses-unoffered-currency")
	assert.Equal(t, "0000", std.create(map[string]any{"currCode": "USD"}).code())
	assert.Equal(t, "0000", std.initAuthorize(map[string]any{"presentationCurrCode": "USD"}).code())

	r := v.create(map[string]any{"currCode": "USD"})
	assert.Equal(t, "0001", r.code(), r.raw)
	assert.Equal(t, http.StatusBadRequest, r.status)
	assert.Contains(t, r.json.Get("responseDescription").String(), "currCode")
	r = v.initAuthorize(map[string]any{"presentationCurrCode": "USD"})
	assert.Equal(t, "0001", r.code(), r.raw)
	assert.Contains(t, r.json.Get("responseDescription").String(), "presentationCurrCode")
	assert.Equal(t, "0000", v.create(map[string]any{"currCode": "eur"}).code())
	assert.Equal(t, "0000", v.initAuthorize(nil).code())
}

// amounts-shortest-form writes 5.00 as 5 and 5.50 as 5.5 in every answer,
// nested lists included; the Standard server writes two decimals.
func TestAmountsInShortestForm(t *testing.T) {
	t.Parallel()
	std := start(t, DefaultConfig())
	r := std.initAuthorize(map[string]any{"presentationAmount": json.Number("5")})
	require.Equal(t, "0000", r.code(), r.raw)
	assert.Equal(t, "5.00", r.json.Get("presentationAmount").Raw)

	v := startVariant(t, "amounts-shortest-form")
	r = v.initAuthorize(map[string]any{"presentationAmount": json.Number("5.00")})
	require.Equal(t, "0000", r.code(), r.raw)
	assert.Equal(t, "5", r.json.Get("presentationAmount").Raw)
	r = v.initAuthorize(map[string]any{"presentationAmount": json.Number("5.50")})
	assert.Equal(t, "5.5", r.json.Get("presentationAmount").Raw)

	accno := v.fundedWallet("100.00")
	b := v.balance(accno, nil)
	assert.Equal(t, "100", b.json.Get("bkBal").Raw, b.raw)
	e := v.enquiry(accno, nil)
	require.Equal(t, "0000", e.code(), e.raw)
	assert.Equal(t, "100", e.json.Get("entries.0.amount").Raw, e.raw)
}

// payment-amount-limit refuses a payment above 10000.00 with its own code,
// where the Standard server takes any amount the type allows.
func TestPaymentsAboveTheLimitAreRefused(t *testing.T) {
	t.Parallel()
	big := map[string]any{"presentationAmount": json.Number("10000.01")}
	assert.Equal(t, "0000", start(t, DefaultConfig()).initAuthorize(big).code())
	v := startVariant(t, "payment-amount-limit")
	r := v.initAuthorize(big)
	assert.Equal(t, "0022", r.code(), r.raw)
	assert.Equal(t, http.StatusBadRequest, r.status)
	assert.Equal(t, "0000", v.initAuthorize(map[string]any{"presentationAmount": json.Number("10000.00")}).code())
	r = v.kcAuthorize(v.fundedWallet("100.00"), "10000.01", nil)
	assert.Equal(t, "0022", r.code(), r.raw)
}

// kc-capture-fee-from-wallet: the fee a KC-Capture names is taken from the
// wallet beside the amount captured; without the variant it is not.
func TestKCCaptureFeeFromTheWallet(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		c    *client
		want string
	}{{start(t, DefaultConfig()), "90.00"}, {startVariant(t, "kc-capture-fee-from-wallet"), "89.50"}} {
		accno := tc.c.fundedWallet("100.00")
		ref := tc.c.kcAuthorized(accno, "10.00")
		r := tc.c.kcCapture(ref, map[string]any{"modifiedAmount": json.Number("10.00"), "modifiedFeeAmount": json.Number("0.50")})
		require.Equal(t, "0000", r.code(), r.raw)
		assert.Equal(t, tc.want, tc.c.balancesOf(accno).bk)
	}
}
