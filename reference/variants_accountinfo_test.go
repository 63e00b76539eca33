package reference

import (
	"encoding/json"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// startVariant runs a reference server with the one variant.
func startVariant(t *testing.T, name string) *client {
	t.Helper()
	cfg := DefaultConfig()
	cfg.Variants = []string{name}
	return start(t, cfg)
}

// Each variant of this area makes its choice where the Standard server
// makes the other (the suite must pass both: runner's
// TestEveryVariantIsConformant).
func TestAccountInfoVariantsMakeTheirChoice(t *testing.T) {
	t.Parallel()
	t.Run("psbal-null-new-account", func(t *testing.T) {
		t.Parallel()
		c := startVariant(t, "psbal-null-new-account")
		r := c.balance(c.fundedWallet("10.00"), nil)
		assert.Equal(t, "null", r.json.Get("psBal").Raw)
		std := start(t, DefaultConfig())
		assert.Equal(t, "0.00", std.balancesOf(std.newAccount()).ps)
	})
	t.Run("kc-repeat-idempotent", func(t *testing.T) {
		t.Parallel()
		c := startVariant(t, "kc-repeat-idempotent")
		accno := c.fundedWallet("100.00")
		ref := c.kcAuthorized(accno, "30.00")
		require.Equal(t, "0000", c.kcCapture(ref, nil).code())
		again := c.kcCapture(ref, nil)
		assert.Equal(t, "0000", again.code(), again.raw)
		assert.Equal(t, "CAPTURED", again.json.Get("statusCode").String())
		assert.Equal(t, "70.00", c.balancesOf(accno).bk, "the repeat moves no money")
		cancelled := c.kcAuthorized(accno, "10.00")
		require.Equal(t, "0000", c.kcCancel(cancelled, nil).code())
		assert.Equal(t, "CANCELLED", c.kcCancel(cancelled, nil).json.Get("statusCode").String())
		assert.NotEqual(t, "0000", c.kcCapture(cancelled, nil).code(), "only an exact repeat is answered as before")
	})
	t.Run("check-amount-negotiates", func(t *testing.T) {
		t.Parallel()
		c := startVariant(t, "check-amount-negotiates")
		accno := c.newAccount()
		req, err := http.NewRequest(http.MethodGet, c.base+c.checkAmountPath(accno, "0.00", nil), nil)
		require.NoError(t, err)
		req.Header.Set("X-Auth-Token", c.auth())
		req.Header.Set("Accept", "application/json")
		res, err := c.httpClient().Do(req)
		require.NoError(t, err)
		res.Body.Close()
		assert.Equal(t, http.StatusNotAcceptable, res.StatusCode)
		req.Header.Set("Accept", "text/plain, application/json")
		res, err = c.httpClient().Do(req)
		require.NoError(t, err)
		res.Body.Close()
		assert.Equal(t, http.StatusOK, res.StatusCode)
		assert.True(t, acceptsPlainText(nil))
		assert.False(t, acceptsPlainText([]string{"text/plain;q=0, application/json"}))
		assert.True(t, acceptsPlainText([]string{"application/json, */*;q=0.1"}))
	})
	t.Run("sort-direction-dsc", func(t *testing.T) {
		t.Parallel()
		c := startVariant(t, "sort-direction-dsc")
		accno := c.newAccount()
		assert.Equal(t, "0001", c.enquiry(accno, map[string]any{"sortDirection": "DESC"}).code())
		assert.Equal(t, "0000", c.enquiry(accno, map[string]any{"sortDirection": "DSC"}).code())
	})
	t.Run("same-day-newest-first", func(t *testing.T) {
		t.Parallel()
		c := startVariant(t, "same-day-newest-first")
		accno := c.fundedWallet("100.00")
		c.kcDebit(accno, "10.00", nil)
		assert.Equal(t, []string{"10.00", "100.00"}, entryAmounts(c.enquiry(accno, nil)))
	})
	t.Run("default-page-size", func(t *testing.T) {
		t.Parallel()
		c := startVariant(t, "default-page-size")
		accno := c.fundedWallet("100.00")
		c.kcDebit(accno, "10.00", nil)
		c.kcDebit(accno, "20.00", nil)
		r := c.enquiry(accno, nil)
		assert.Equal(t, []string{"10.00", "20.00"}, entryAmounts(r))
		assert.Equal(t, int64(3), r.json.Get("count").Int())
		assert.Len(t, entryAmounts(c.enquiry(accno, map[string]any{"top": "9999"})), 3)
	})
	t.Run("count-as-digit-string", func(t *testing.T) {
		t.Parallel()
		c := startVariant(t, "count-as-digit-string")
		assert.Equal(t, `"1"`, c.enquiry(c.fundedWallet("10.00"), nil).json.Get("count").Raw)
	})
	t.Run("value-dated-next-day", func(t *testing.T) {
		t.Parallel()
		c := startVariant(t, "value-dated-next-day")
		accno := c.fundedWallet("10.00")
		e := c.enquiry(accno, nil).json.Get("entries.0")
		booked := dayInstant(e.Get("bookingDate").String(), "000000")
		assert.Equal(t, booked.AddDate(0, 0, 1).Format("2006-01-02"), e.Get("valueDate").String())
		assert.Equal(t, "000000", e.Get("valueTime").String())
		r := c.enquiry(accno, map[string]any{"startDate": booked.AddDate(0, 0, 1).Format("2006-01-02")})
		assert.Equal(t, int64(1), r.json.Get("count").Int(), "the filters select by value date")
	})
	t.Run("kc-refund-bound-per-call", func(t *testing.T) {
		t.Parallel()
		c := startVariant(t, "kc-refund-bound-per-call")
		ref := c.kcDebited(c.fundedWallet("100.00"), "20.00")
		require.Equal(t, "0000", c.kcRefund(ref, map[string]any{"refundAmount": json.Number("15.00")}).code())
		assert.Equal(t, "0000", c.kcRefund(ref, map[string]any{"refundAmount": json.Number("10.00")}).code())
		assert.NotEqual(t, "0000", c.kcRefund(ref, map[string]any{"refundAmount": json.Number("25.00")}).code())
	})
	t.Run("kc-fxrate-null", func(t *testing.T) {
		t.Parallel()
		c := startVariant(t, "kc-fxrate-null")
		r := c.kcAuthorize(c.fundedWallet("100.00"), "10.00", nil)
		assert.Equal(t, "null", r.json.Get("fxRate").Raw)
	})
}
