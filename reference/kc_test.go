package reference

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/shopspring/decimal"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// kcAuthorize sends KC-Authorize of amount EUR from accno to the merchant.
func (c *client) kcAuthorize(accno, amount string, overrides map[string]any) response {
	c.t.Helper()
	return c.do(http.MethodPut, "/payment/kc-authorize", payBody("pr-kcauth-1", map[string]any{
		"accno":                      accno,
		"accnoType":                  "00",
		"programCode":                c.cfg.ProgramCode,
		"programAccno":               c.cfg.ProgramAccno,
		"paymentAmount":              json.Number(amount),
		"paymentCurrCode":            "EUR",
		"paymentUsage":               "Basket 17",
		"useDifferentBillingAddress": false,
		"countryCode":                "DE",
	}, overrides), c.auth())
}

// kcDebit sends KC-Debit Account of amount EUR from accno to the merchant.
func (c *client) kcDebit(accno, amount string, overrides map[string]any) response {
	c.t.Helper()
	return c.do(http.MethodPut, "/payment/kc-debitAccount", payBody("pr-kcdebit-1", map[string]any{
		"accno":                      accno,
		"accnoType":                  "00",
		"merchantAccno":              c.cfg.MerchantAccno,
		"programAccno":               c.cfg.ProgramAccno,
		"paymentAmount":              json.Number(amount),
		"paymentCurrCode":            "EUR",
		"paymentUsage":               "Basket 17",
		"useDifferentBillingAddress": false,
		"countryCode":                "DE",
	}, overrides), c.auth())
}

func (c *client) kcCapture(ref string, overrides map[string]any) response {
	c.t.Helper()
	return c.do(http.MethodPost, paymentPathOf(ref)+"/kc-capture", payBody("pr-kccapture-1", map[string]any{
		"modifiedAmountCurrCode": "EUR",
	}, overrides), c.auth())
}

func (c *client) kcCancel(ref string, overrides map[string]any) response {
	c.t.Helper()
	return c.do(http.MethodPost, paymentPathOf(ref)+"/kc-cancel", payBody("pr-kccancel-1", nil, overrides), c.auth())
}

func (c *client) kcRefund(ref string, overrides map[string]any) response {
	c.t.Helper()
	return c.do(http.MethodPost, paymentPathOf(ref)+"/kc-refund", payBody("pr-kcrefund-1", nil, overrides), c.auth())
}

// kcAuthorized returns an AUTHORIZED KC-Authorize payment of amount.
func (c *client) kcAuthorized(accno, amount string) string {
	c.t.Helper()
	r := c.kcAuthorize(accno, amount, nil)
	require.Equal(c.t, "0000", r.code(), r.raw)
	return r.json.Get("uniqueReference").String()
}

// kcDebited returns a (CAPTURED) KC-Debit Account payment of amount, its
// body changed by the overrides given.
func (c *client) kcDebited(accno, amount string, overrides ...map[string]any) string {
	c.t.Helper()
	var o map[string]any
	if len(overrides) > 0 {
		o = overrides[0]
	}
	r := c.kcDebit(accno, amount, o)
	require.Equal(c.t, "0000", r.code(), r.raw)
	return r.json.Get("uniqueReference").String()
}

func TestKCAuthorizeCaptureRefund(t *testing.T) {
	t.Parallel()
	personalities(t, func(t *testing.T, c *client) {
		merchant := c.cfg.MerchantAccno
		assertBalances(t, c, merchant, "0.00", "0.00")
		accno := c.fundedWallet("100.00")

		a := c.kcAuthorize(accno, "30.00", nil)
		require.Equal(t, http.StatusOK, a.status, a.raw)
		assertEnvelope(t, a, "0000")
		j := a.json
		ref := j.Get("uniqueReference").String()
		assert.LessOrEqual(t, len(ref), 36)
		assert.Equal(t, "pr-kcauth-1", j.Get("partnerReference").String())
		assert.Equal(t, c.cfg.ProgramCode, j.Get("programCode").String())
		assert.Equal(t, accno, j.Get("accno").String())
		assert.Equal(t, merchant, j.Get("merchantAccno").String())
		assert.Equal(t, c.cfg.ProgramAccno, j.Get("programAccno").String())
		assert.Equal(t, "30.00", j.Get("paymentAmount").Raw)
		assert.Equal(t, "EUR", j.Get("paymentCurrCode").String())
		assert.Equal(t, "Basket 17", j.Get("paymentUsage").String())
		assert.Equal(t, "1.00", j.Get("fxRate").Raw)
		assert.Equal(t, "AUTHORIZED", j.Get("statusCode").String())
		assert.Equal(t, c.cfg.Personality.statusReason("AUTHORIZED"), j.Get("statusReason").Value())
		assertBalances(t, c, accno, "100.00", "30.00")
		assertBalances(t, c, merchant, "0.00", "0.00")
		assert.Equal(t, int64(1), c.enquiry(accno, nil).json.Get("count").Int(), "the pending entry is hidden")
		pending := c.enquiry(accno, map[string]any{"includePendingTransactions": "true", "sortDirection": "DESC"}).json.Get("entries.0")
		assert.True(t, pending.Get("isPending").Bool())
		assert.Equal(t, "DBIT", pending.Get("entryIndicator").String())
		assert.Equal(t, "30.00", pending.Get("amount").Raw)
		assert.Equal(t, ref, pending.Get("reference").String())

		// Get Payment Status shows the KC payment.
		s := c.paymentStatus(ref, nil)
		assertEnvelope(t, s, "0000")
		assert.Equal(t, "AUTHORIZED", s.json.Get("statusCode").String())
		assert.Equal(t, accno, s.json.Get("accno").String())
		assert.Equal(t, accno, s.json.Get("initiatorAccno").String())
		assert.Equal(t, "Max Mustermann", s.json.Get("initiatorName").String())
		assert.Equal(t, "30.00", s.json.Get("presentationAmount").Raw)
		assert.Equal(t, "Basket 17", s.json.Get("presentationUsage").String())
		assert.Equal(t, "Max Mustermann", s.json.Get("customerFullName").String(), "the owner's address")
		assert.Equal(t, "Berlin", s.json.Get("city").String())

		// A partial capture releases the whole block and debits the amount.
		assertHandled(t, c.kcCapture(ref, map[string]any{"modifiedAmount": json.Number("30.01")}))
		r := c.kcCapture(ref, map[string]any{"modifiedAmountCurrCode": "USD"})
		assert.Equal(t, c.cfg.Personality.currencyMismatch().code, r.code(), r.raw)
		assertBalances(t, c, accno, "100.00", "30.00")
		cp := c.kcCapture(ref, map[string]any{"modifiedAmount": json.Number("25"), "modifiedFeeAmount": json.Number("0.50"), "modifiedUsage": "part"})
		require.Equal(t, http.StatusOK, cp.status, cp.raw)
		assertEnvelope(t, cp, "0000")
		j = cp.json
		assert.Equal(t, ref, j.Get("uniqueReference").String())
		assert.Equal(t, "pr-kccapture-1", j.Get("partnerReference").String())
		assert.Equal(t, merchant, j.Get("merchantAccno").String())
		assert.Equal(t, accno, j.Get("accno").String())
		assert.Equal(t, "25.00", j.Get("modifiedAmount").Raw)
		assert.Equal(t, "EUR", j.Get("modifiedAmountCurrCode").String())
		assert.Equal(t, "25.00", j.Get("processedAmount").Raw)
		assert.Equal(t, "EUR", j.Get("processedCurrCode").String())
		assert.Equal(t, "1.00", j.Get("fxRate").Raw)
		assert.Equal(t, "CAPTURED", j.Get("statusCode").String())
		assertBalances(t, c, accno, "75.00", "0.00")
		assertBalances(t, c, merchant, "25.00", "0.00")
		e := c.enquiry(accno, map[string]any{"includePendingTransactions": "true", "includeNeutral": "true"})
		assert.Equal(t, []string{"100.00", "25.00"}, entryAmounts(e), "the pending entry is replaced by the booked one")
		assert.Equal(t, "part", e.json.Get("entries.1.description").String())
		assert.Equal(t, "CAPTURED", c.statusOf(ref))

		// Refunds: partial, then the rest by default, then nothing left.
		rf := c.kcRefund(ref, map[string]any{"refundAmount": json.Number("10.00"), "refundType": "P", "refundUsage": "sorry"})
		require.Equal(t, http.StatusOK, rf.status, rf.raw)
		assertEnvelope(t, rf, "0000")
		j = rf.json
		assert.Equal(t, ref, j.Get("uniqueReference").String())
		assert.Equal(t, "pr-kcrefund-1", j.Get("partnerReference").String())
		assert.Equal(t, merchant, j.Get("refundSourceAccno").String())
		assert.Equal(t, accno, j.Get("accno").String())
		assert.Equal(t, "CAPTURED", j.Get("statusCode").String())
		assertBalances(t, c, accno, "85.00", "0.00")
		assertBalances(t, c, merchant, "15.00", "0.00")
		r = c.kcRefund(ref, map[string]any{"refundAmount": json.Number("15.01")})
		assert.Equal(t, c.cfg.Personality.amountExceeded().code, r.code(), r.raw)
		r = c.kcRefund(ref, map[string]any{"refundCurrCode": "USD"})
		assert.Equal(t, c.cfg.Personality.currencyMismatch().code, r.code(), r.raw)
		require.Equal(t, "0000", c.kcRefund(ref, nil).code())
		assertBalances(t, c, accno, "100.00", "0.00")
		assertBalances(t, c, merchant, "0.00", "0.00")
		r = c.kcRefund(ref, nil)
		assert.Equal(t, c.cfg.Personality.amountExceeded().code, r.code(), r.raw)
		assert.Equal(t, "CAPTURED", c.statusOf(ref))
		credit := c.enquiry(accno, map[string]any{"sortDirection": "DESC"}).json.Get("entries.0")
		assert.Equal(t, "CRDT", credit.Get("entryIndicator").String())
		assert.Equal(t, "15.00", credit.Get("amount").Raw)
		assert.Equal(t, c.cfg.Personality.entryType(entryPaymentRefund), credit.Get("entryType").String())
	})
}

func TestKCCancelAndDebit(t *testing.T) {
	t.Parallel()
	personalities(t, func(t *testing.T, c *client) {
		merchant := c.cfg.MerchantAccno
		accno := c.fundedWallet("100.00")

		// Cancel releases the block; a neutral entry is listed on request.
		ref := c.kcAuthorized(accno, "50.00")
		assertBalances(t, c, accno, "100.00", "50.00")
		cn := c.kcCancel(ref, map[string]any{"modifiedUsage": "changed mind"})
		require.Equal(t, http.StatusOK, cn.status, cn.raw)
		assertEnvelope(t, cn, "0000")
		assert.Equal(t, "CANCELLED", cn.json.Get("statusCode").String())
		assert.Equal(t, merchant, cn.json.Get("merchantAccno").String())
		assert.Equal(t, accno, cn.json.Get("accno").String())
		assert.Equal(t, ref, cn.json.Get("uniqueReference").String())
		assertBalances(t, c, accno, "100.00", "0.00")
		assert.Equal(t, "CANCELLED", c.statusOf(ref))
		assert.Equal(t, int64(1), c.enquiry(accno, map[string]any{"includePendingTransactions": "true"}).json.Get("count").Int())
		n := c.enquiry(accno, map[string]any{"includeNeutral": "true", "sortDirection": "DESC"}).json.Get("entries.0")
		indicator, amount := c.cfg.Personality.neutralEntry(decimal.RequireFromString("50.00"))
		assert.Equal(t, indicator, n.Get("entryIndicator").String())
		assert.Equal(t, amount.StringFixed(2), n.Get("amount").Raw)
		assert.Equal(t, "100.00", n.Get("balance").Raw)
		assert.Equal(t, "changed mind", n.Get("description").String())

		// KC-Debit Account debits at once.
		d := c.kcDebit(accno, "60.00", map[string]any{"oneTimePassword": c.cfg.OneTimePassword})
		require.Equal(t, http.StatusOK, d.status, d.raw)
		assertEnvelope(t, d, "0000")
		j := d.json
		assert.Equal(t, "CAPTURED", j.Get("statusCode").String())
		assert.Equal(t, "1", j.Get("fxRate").Raw)
		assert.Equal(t, c.cfg.MerchantProgramCode, j.Get("merchantProgramCode").String())
		assert.Equal(t, merchant, j.Get("merchantAccno").String())
		assert.Equal(t, c.cfg.ProgramAccno, j.Get("programAccno").String())
		assert.Equal(t, "60.00", j.Get("paymentAmount").Raw)
		assert.False(t, j.Get("programCode").Exists(), "KC-Debit Account carries no programCode")
		debitRef := j.Get("uniqueReference").String()
		assert.Equal(t, "CAPTURED", c.statusOf(debitRef))
		assertBalances(t, c, accno, "40.00", "0.00")
		assertBalances(t, c, merchant, "60.00", "0.00")

		// minimumAllowedBalance (0): nothing below it, exactly to it is fine.
		funds := c.cfg.Personality.insufficientFunds().code
		for _, try := range []func() response{
			func() response { return c.kcAuthorize(accno, "40.01", nil) },
			func() response { return c.kcDebit(accno, "40.01", nil) },
		} {
			r := try()
			assertHandled(t, r)
			assert.Equal(t, funds, r.code(), r.raw)
			assertBalances(t, c, accno, "40.00", "0.00")
		}
		held := c.kcAuthorized(accno, "40.00")
		assertBalances(t, c, accno, "40.00", "40.00")
		r := c.kcDebit(accno, "0.01", nil)
		assert.Equal(t, funds, r.code(), r.raw)
		assert.Equal(t, "no", c.checkAmount(accno, "0.01", nil).body)
		require.Equal(t, "0000", c.kcCapture(held, nil).code())
		assertBalances(t, c, accno, "0.00", "0.00")
		assertBalances(t, c, merchant, "100.00", "0.00")

		// Refund of a KC-Debit Account payment.
		require.Equal(t, "0000", c.kcRefund(debitRef, map[string]any{"refundAmount": json.Number("60.00")}).code())
		assertBalances(t, c, accno, "60.00", "0.00")
		assertBalances(t, c, merchant, "40.00", "0.00")
	})
}

func TestKCMerchantAndValidation(t *testing.T) {
	t.Parallel()
	personalities(t, func(t *testing.T, c *client) {
		p := c.cfg.Personality
		accno := c.fundedWallet("100.00")
		ext := c.cfg.MerchantExternalReference

		// merchantAccno: the accno, the external reference with the
		// merchant's program, or omitted (KC-Authorize only).
		ok := []map[string]any{
			{"merchantAccno": c.cfg.MerchantAccno},
			{"merchantAccno": c.cfg.MerchantAccno, "merchantProgramCode": c.cfg.MerchantProgramCode},
			{"merchantAccno": ext, "merchantProgramCode": c.cfg.MerchantProgramCode},
			{"depositReference": "d-1", "phone": "+49 30 1234"},
			differentBilling(map[string]any{"emailAddress": absent}),
		}
		for _, o := range ok {
			r := c.kcAuthorize(accno, "1.00", o)
			assert.Equal(t, "0000", r.code(), "%v: %s", o, r.raw)
			assert.Equal(t, c.cfg.MerchantAccno, r.json.Get("merchantAccno").String())
		}
		r := c.kcDebit(accno, "1.00", map[string]any{"merchantAccno": ext, "merchantProgramCode": c.cfg.MerchantProgramCode})
		assert.Equal(t, "0000", r.code(), r.raw)
		assertBalances(t, c, accno, "99.00", "5.00")

		refused := []struct {
			body map[string]any
			code string
			name string
		}{
			{map[string]any{"merchantAccno": ext}, "0001", "merchantProgramCode"},
			{map[string]any{"merchantAccno": ext, "merchantProgramCode": "OTHER"}, p.wrongProgram().code, "merchantProgramCode"},
			{map[string]any{"merchantProgramCode": "OTHER"}, p.wrongProgram().code, "merchantProgramCode"},
			{map[string]any{"merchantAccno": "MRC-unknown"}, p.unknownAccount().code, ""},
			{map[string]any{"countryCode": absent}, "0001", "countryCode"},
			{differentBilling(map[string]any{"city": absent}), "0001", "city"},
			{map[string]any{"paymentCurrCode": "USD"}, p.currencyMismatch().code, "paymentCurrCode"},
			{map[string]any{"paymentAmount": json.Number("1.001")}, "0001", "paymentAmount"},
			{map[string]any{"paymentAmount": "1.00"}, "0001", "paymentAmount"},
			{map[string]any{"paymentUsage": strings.Repeat("u", 256)}, "0001", "paymentUsage"},
			{map[string]any{"programCode": absent}, "0001", "programCode"},
			{map[string]any{"programAccno": "OTHER"}, p.wrongProgram().code, "programAccno"},
			{map[string]any{"accno": "no-such-account"}, p.unknownAccount().code, ""},
			{map[string]any{"useDifferentBillingAddress": absent}, "0001", "useDifferentBillingAddress"},
		}
		for _, tc := range refused {
			r := c.kcAuthorize(accno, "1.00", tc.body)
			assertHandled(t, r)
			assert.Equal(t, tc.code, r.code(), "%v: %s", tc.body, r.raw)
			assert.Contains(t, r.json.Get("responseDescription").String(), tc.name)
			assert.Equal(t, "pr-kcauth-1", r.json.Get("partnerReference").String())
		}
		assertBalances(t, c, accno, "99.00", "5.00")

		// KC-Debit Account: merchantAccno required, no programCode needed,
		// the oneTimePassword checked when given.
		for _, tc := range []struct {
			body map[string]any
			code string
		}{
			{map[string]any{"merchantAccno": absent}, "0001"},
			{map[string]any{"countryCode": absent}, "0001"},
			{map[string]any{"oneTimePassword": "99999999"}, p.wrongOneTimePassword().code},
			{map[string]any{"oneTimePassword": "123456789"}, "0001"},
			{map[string]any{"merchantAccno": ext}, "0001"},
		} {
			r := c.kcDebit(accno, "1.00", tc.body)
			assert.Equal(t, tc.code, r.code(), "%v: %s", tc.body, r.raw)
		}
		assert.Equal(t, "0000", c.kcDebit(accno, "1.00", map[string]any{"programCode": "ignored"}).code())
		assertBalances(t, c, accno, "98.00", "5.00")

		closed := c.fundedWallet("10.00")
		require.Equal(t, "0000", c.close(closed, nil).code())
		assert.Equal(t, p.accountClosed().code, c.kcAuthorize(closed, "1.00", nil).code())
		assert.Equal(t, p.accountClosed().code, c.kcDebit(closed, "1.00", nil).code())
		assert.Equal(t, "0096", c.do(http.MethodPut, "/payment/kc-authorize", "{}", "").code())

		// The operations on a payment name what is missing.
		ref := c.kcAuthorized(accno, "1.00")
		r = c.kcCapture(ref, map[string]any{"modifiedAmountCurrCode": absent})
		assert.Equal(t, "0001", r.code())
		assert.Contains(t, r.json.Get("responseDescription").String(), "modifiedAmountCurrCode")
		for name, send := range map[string]func(map[string]any) response{
			"capture": func(o map[string]any) response { return c.kcCapture(ref, o) },
			"cancel":  func(o map[string]any) response { return c.kcCancel(ref, o) },
			"refund":  func(o map[string]any) response { return c.kcRefund(ref, o) },
		} {
			r := send(map[string]any{"partnerReference": absent})
			assert.Equal(t, "0001", r.code(), name)
			assert.Contains(t, r.json.Get("responseDescription").String(), "partnerReference", name)
		}
		assert.Equal(t, "AUTHORIZED", c.statusOf(ref))
	})
}

func TestKCForbiddenMoves(t *testing.T) {
	t.Parallel()
	personalities(t, func(t *testing.T, c *client) {
		accno := c.fundedWallet("1000.00")
		moves := map[string]func(ref string) response{
			"kc-capture": func(ref string) response { return c.kcCapture(ref, nil) },
			"kc-cancel":  func(ref string) response { return c.kcCancel(ref, nil) },
			"kc-refund":  func(ref string) response { return c.kcRefund(ref, nil) },
			"capture":    func(ref string) response { return c.capture(ref, nil) },
			"cancel":     func(ref string) response { return c.cancelPayment(ref, nil) },
			"refund":     func(ref string) response { return c.refund(ref, nil) },
			"complete":   func(ref string) response { return c.completeAuthorize(ref, "pat_any", nil) },
		}
		captured := func() string {
			ref := c.kcAuthorized(accno, "10.00")
			require.Equal(t, "0000", c.kcCapture(ref, nil).code())
			return ref
		}
		cancelled := func() string {
			ref := c.kcAuthorized(accno, "10.00")
			require.Equal(t, "0000", c.kcCancel(ref, nil).code())
			return ref
		}
		cases := []struct {
			from  string
			setup func() string
			moves []string
		}{
			{"AUTHORIZED", func() string { return c.kcAuthorized(accno, "10.00") }, []string{"kc-refund", "capture", "cancel", "refund", "complete"}},
			{"CAPTURED", captured, []string{"kc-capture", "kc-cancel", "capture", "cancel", "refund", "complete"}},
			{"CANCELLED", cancelled, []string{"kc-capture", "kc-cancel", "kc-refund", "capture", "refund"}},
			{"CAPTURED", func() string { return c.kcDebited(accno, "10.00") }, []string{"kc-capture", "kc-cancel", "cancel", "refund"}},
			{"AUTHORIZED", c.authorizedPayment, []string{"kc-capture", "kc-cancel", "kc-refund"}},
			{"CAPTURED", c.capturedPayment, []string{"kc-capture", "kc-cancel", "kc-refund"}},
			{"RECEIVED", func() string { ref, _ := c.receivedPayment(nil); return ref }, []string{"kc-capture", "kc-cancel", "kc-refund"}},
		}
		merchant := c.cfg.MerchantAccno
		for _, tc := range cases {
			for _, move := range tc.moves {
				ref := tc.setup()
				wallet, shop := c.balancesOf(accno), c.balancesOf(merchant)
				r := moves[move](ref)
				assertHandled(t, r)
				assert.Equal(t, c.forbiddenCode(), r.code(), "%s from %s: %s", move, tc.from, r.raw)
				assert.Equal(t, tc.from, c.statusOf(ref), "%s from %s changed the status", move, tc.from)
				assert.Equal(t, wallet, c.balancesOf(accno), "%s from %s changed the wallet", move, tc.from)
				assert.Equal(t, shop, c.balancesOf(merchant), "%s from %s changed the merchant", move, tc.from)
			}
		}
		for _, move := range []string{"kc-capture", "kc-cancel", "kc-refund"} {
			r := moves[move]("no-such-payment")
			assert.Equal(t, c.cfg.Personality.unknownPayment().code, r.code(), move)
		}
	})
}

// Concurrent KC-Debit Account and KC-Authorize calls against one wallet
// that can afford only some of them: exactly that many succeed and the
// balances agree to the cent.
func TestConcurrentKCDebits(t *testing.T) {
	t.Parallel()
	c := start(t, DefaultConfig())
	accno := c.fundedWallet("100.00")
	var (
		wg                  sync.WaitGroup
		mu                  sync.Mutex
		debited, authorized int
	)
	for i := range 30 {
		w := c.worker()
		wg.Go(func() {
			var r response
			if i%6 == 0 {
				r = w.kcAuthorize(accno, "7.00", nil)
			} else {
				r = w.kcDebit(accno, "7.00", nil)
			}
			switch r.code() {
			case "0000":
				mu.Lock()
				if i%6 == 0 {
					authorized++
				} else {
					debited++
				}
				mu.Unlock()
			default:
				assert.Equal(t, c.cfg.Personality.insufficientFunds().code, r.code(), r.raw)
			}
			assert.Equal(t, "yes", w.checkAmount(accno, "0.00", nil).body)
		})
	}
	wg.Wait()
	assert.Equal(t, 14, debited+authorized, "100.00 affords 14 payments of 7.00")
	bk := decimal.RequireFromString("100").Sub(decimal.NewFromInt(int64(7 * debited)))
	blk := decimal.NewFromInt(int64(7 * authorized))
	assertBalances(t, c, accno, bk.StringFixed(2), blk.StringFixed(2))
	assertBalances(t, c, c.cfg.MerchantAccno, fmt.Sprintf("%d.00", 7*debited), "0.00")
	e := c.enquiry(accno, map[string]any{"includePendingTransactions": "true"})
	assert.Equal(t, int64(15), e.json.Get("count").Int(), "the load and one entry per success")
	last := c.enquiry(accno, map[string]any{"sortDirection": "DESC", "top": "1"})
	assert.Equal(t, bk.StringFixed(2), last.json.Get("entries.0.balance").Raw, "the balance after the last booked entry")
}
