package reference

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tidwall/gjson"
)

// payBody is base plus the envelope of the payment operations (no
// programCode), with overrides applied; absent deletes a key.
func payBody(partnerReference string, base, overrides map[string]any) map[string]any {
	b := map[string]any{
		"partnerReference": partnerReference,
		"localDate":        testLocalDate,
		"localTime":        testLocalTime,
	}
	for k, v := range base {
		b[k] = v
	}
	return with(b, overrides)
}

func paymentPathOf(ref string) string { return "/payment/" + url.PathEscape(ref) }

// guestBilling are the BB fields of a guest payment.
func guestBilling(overrides map[string]any) map[string]any {
	return with(map[string]any{
		"useDifferentBillingAddress": true,
		"customerFullName":           "Gina Gast",
		"emailAddress":               "gina@example.com",
		"addr1":                      "Lindenallee 7",
		"city":                       "Koeln",
		"countryCode":                "DE",
		"postCode":                   "50667",
	}, overrides)
}

// initAuthorize sends a guest Init Authorize of 100.00 EUR by default.
func (c *client) initAuthorize(overrides map[string]any) response {
	c.t.Helper()
	return c.do(http.MethodPut, "/payment/initAuthorize", payBody("pr-initauth-1", guestBilling(map[string]any{
		"programAccno":         c.cfg.ProgramAccno,
		"paymentOptionCode":    "VISA",
		"presentationAmount":   json.Number("100.00"),
		"presentationCurrCode": "EUR",
		"presentationUsage":    "Order 4711",
	}), overrides), c.auth())
}

// customerInit are the overrides of a customer-initiated Init Authorize.
func customerInit(storedRef string, overrides map[string]any) map[string]any {
	return with(map[string]any{
		"storedPaymentOptionReference": storedRef,
		"paymentOptionCode":            absent,
		"useDifferentBillingAddress":   false,
		"customerFullName":             absent,
		"emailAddress":                 absent,
		"addr1":                        absent,
		"city":                         absent,
		"countryCode":                  absent,
		"postCode":                     absent,
	}, overrides)
}

func (c *client) completeAuthorize(ref, token string, overrides map[string]any) response {
	c.t.Helper()
	return c.do(http.MethodPost, paymentPathOf(ref)+"/completeAuthorize", payBody("pr-complete-1", map[string]any{
		"authorizationToken": token,
	}, overrides), c.auth())
}

// authorizePayment sends Authorize of 100.00 EUR with the stored option.
func (c *client) authorizePayment(storedRef string, overrides map[string]any) response {
	c.t.Helper()
	return c.do(http.MethodPut, "/payment/authorize", payBody("pr-authorize-1", map[string]any{
		"programAccno":                 c.cfg.ProgramAccno,
		"storedPaymentOptionReference": storedRef,
		"presentationAmount":           json.Number("100.00"),
		"presentationCurrCode":         "EUR",
		"presentationUsage":            "Order 4712",
		"useDifferentBillingAddress":   false,
	}, overrides), c.auth())
}

func (c *client) capture(ref string, overrides map[string]any) response {
	c.t.Helper()
	return c.do(http.MethodPost, paymentPathOf(ref)+"/capture", payBody("pr-capture-1", nil, overrides), c.auth())
}

func (c *client) refund(ref string, overrides map[string]any) response {
	c.t.Helper()
	return c.do(http.MethodPost, paymentPathOf(ref)+"/refund", payBody("pr-refund-1", nil, overrides), c.auth())
}

func (c *client) cancelPayment(ref string, overrides map[string]any) response {
	c.t.Helper()
	return c.do(http.MethodPost, paymentPathOf(ref)+"/cancel", payBody("pr-cancel-1", nil, overrides), c.auth())
}

func (c *client) paymentStatus(ref string, overrides map[string]any) response {
	c.t.Helper()
	q := url.Values{}
	for k, v := range payBody("pr-status-1", nil, overrides) {
		q.Set(k, v.(string))
	}
	return c.do(http.MethodGet, paymentPathOf(ref)+"/status?"+q.Encode(), nil, c.auth())
}

// statusOf returns the statusCode Get Payment Status reports.
func (c *client) statusOf(ref string) string {
	c.t.Helper()
	r := c.paymentStatus(ref, nil)
	require.Equal(c.t, "0000", r.code(), r.raw)
	return r.json.Get("statusCode").String()
}

// receivedPayment runs a guest Init Authorize and returns its reference
// and authorizationToken.
func (c *client) receivedPayment(overrides map[string]any) (ref, token string) {
	c.t.Helper()
	r := c.initAuthorize(overrides)
	require.Equal(c.t, "0000", r.code(), r.raw)
	return r.json.Get("uniqueReference").String(), r.json.Get("authorizationToken").String()
}

// authorizedPayment returns an AUTHORIZED guest payment of 100.00 EUR.
func (c *client) authorizedPayment() string {
	c.t.Helper()
	ref, token := c.receivedPayment(nil)
	r := c.completeAuthorize(ref, token, nil)
	require.Equal(c.t, "0000", r.code(), r.raw)
	return ref
}

// capturedPayment returns a guest payment of 100.00 EUR, fully captured.
func (c *client) capturedPayment() string {
	c.t.Helper()
	ref := c.authorizedPayment()
	r := c.capture(ref, nil)
	require.Equal(c.t, "0000", r.code(), r.raw)
	return ref
}

// cancelledPayment returns a CANCELLED guest payment.
func (c *client) cancelledPayment() string {
	c.t.Helper()
	ref := c.authorizedPayment()
	r := c.cancelPayment(ref, nil)
	require.Equal(c.t, "0000", r.code(), r.raw)
	return ref
}

// forbiddenCode is the responseCode of a move the state table forbids.
func (c *client) forbiddenCode() string { return c.cfg.Personality.forbiddenMove().code }

func TestGuestPaymentFlow(t *testing.T) {
	t.Parallel()
	personalities(t, func(t *testing.T, c *client) {
		// Init Authorize.
		ia := c.initAuthorize(map[string]any{"custom1": "c-1", "criteria": []any{
			map[string]any{"name": "channel", "value": "web"},
		}})
		require.Equal(t, http.StatusCreated, ia.status, ia.raw)
		assertEnvelope(t, ia, "0000")
		j := ia.json
		assert.Equal(t, "pr-initauth-1", j.Get("partnerReference").String())
		assert.Equal(t, c.cfg.ProgramAccno, j.Get("programAccno").String())
		assert.Equal(t, c.cfg.ProgramCode, j.Get("programCode").String())
		assert.Equal(t, "RECEIVED", j.Get("statusCode").String())
		assert.Equal(t, "VISA", j.Get("paymentOptionCode").String())
		assert.Equal(t, "100.00", j.Get("presentationAmount").Raw)
		assert.Equal(t, "EUR", j.Get("presentationCurrCode").String())
		assert.Equal(t, "Order 4711", j.Get("presentationUsage").String())
		assert.Equal(t, "c-1", j.Get("custom1").String())
		assert.Equal(t, gjson.Null, j.Get("custom2").Type)
		assert.Equal(t, gjson.Null, j.Get("accno").Type)
		assert.Equal(t, gjson.Null, j.Get("storedPaymentOptionReference").Type)
		assert.True(t, j.Get("paymentProviderResponse").IsObject())
		ref, token := j.Get("uniqueReference").String(), j.Get("authorizationToken").String()
		assert.LessOrEqual(t, len(ref), 36)
		assert.LessOrEqual(t, len(token), 8192)
		if c.cfg.Personality == Standard {
			assert.Regexp(t, `^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$`, ref)
			assert.Regexp(t, `^pat_[0-9a-f]{32}$`, token)
			assert.Equal(t, "payment received", j.Get("statusReason").String())
		} else {
			assert.Regexp(t, `^PAY\d{20}$`, ref)
			assert.Regexp(t, `^[A-Za-z0-9_-]{344}$`, token)
			assert.Equal(t, gjson.Null, j.Get("statusReason").Type)
		}
		assert.Equal(t, "RECEIVED", c.statusOf(ref))

		// Complete Authorize.
		assertHandled(t, c.completeAuthorize(ref, "pat_forged", nil))
		assert.Equal(t, "RECEIVED", c.statusOf(ref), "a rejected token changes nothing")
		ca := c.completeAuthorize(ref, token, nil)
		require.Equal(t, http.StatusOK, ca.status, ca.raw)
		assertEnvelope(t, ca, "0000")
		j = ca.json
		assert.Equal(t, "pr-complete-1", j.Get("partnerReference").String())
		assert.Equal(t, ref, j.Get("uniqueReference").String())
		assert.Equal(t, "AUTHORIZED", j.Get("statusCode").String())
		assert.Equal(t, "100.00", j.Get("processedAmount").Raw)
		assert.Equal(t, "EUR", j.Get("processedCurrCode").String())
		assert.Equal(t, c.cfg.ProgramAccno, j.Get("initiatorAccno").String())
		assert.Len(t, j.Get("initiationCountryCode").String(), 2)
		assert.Len(t, j.Get("initiationCountryCode3").String(), 3)
		if c.cfg.Personality == Standard {
			assert.True(t, j.Get("paymentProviderResponse").IsObject())
		} else {
			assert.True(t, j.Get("paymentProviderResponse").IsArray())
		}

		// Partial capture.
		assertHandled(t, c.capture(ref, map[string]any{"modifiedAmount": json.Number("100.01")}))
		assertHandled(t, c.capture(ref, map[string]any{"modifiedAmount": json.Number("80.00"), "modifiedAmountCurrCode": "USD"}))
		cp := c.capture(ref, map[string]any{"modifiedAmount": json.Number("80"), "modifiedUsage": "partial", "custom3": "c-3"})
		require.Equal(t, http.StatusCreated, cp.status, cp.raw)
		assertEnvelope(t, cp, "0000")
		j = cp.json
		assert.Equal(t, "CAPTURED", j.Get("statusCode").String())
		assert.Equal(t, "80.00", j.Get("modifiedAmount").Raw)
		assert.Equal(t, "EUR", j.Get("modifiedAmountCurrCode").String())
		assert.Equal(t, "c-3", j.Get("custom3").String())
		if c.cfg.Personality == Standard {
			assert.Equal(t, "100.00", j.Get("processedAmount").Raw)
		} else {
			assert.Equal(t, "80.00", j.Get("processedAmount").Raw)
		}

		// Partial refunds, bounded by what is left.
		rf := c.refund(ref, map[string]any{"refundAmount": json.Number("30.5"), "refundType": "P", "refundUsage": "goodwill"})
		require.Equal(t, http.StatusCreated, rf.status, rf.raw)
		assertEnvelope(t, rf, "0000")
		j = rf.json
		assert.Equal(t, "30.50", j.Get("refundAmount").Raw)
		assert.Equal(t, "EUR", j.Get("refundCurrCode").String())
		assert.Equal(t, "CAPTURED", j.Get("statusCode").String())
		assert.Equal(t, "EUR", j.Get("processedCurrCode").String())
		if c.cfg.Personality == Standard {
			assert.Equal(t, gjson.Null, j.Get("accno").Type)
		} else {
			assert.Equal(t, "[]", j.Get("accno").Raw)
		}
		r := c.refund(ref, map[string]any{"refundAmount": json.Number("49.51")})
		assert.Equal(t, c.cfg.Personality.amountExceeded().code, r.code(), r.raw)
		r = c.refund(ref, map[string]any{"refundAmount": json.Number("20.00"), "refundCurrCode": "USD"})
		assert.Equal(t, c.cfg.Personality.currencyMismatch().code, r.code(), r.raw)
		rest := c.refund(ref, nil)
		assertEnvelope(t, rest, "0000")
		assert.Equal(t, "49.50", rest.json.Get("refundAmount").Raw)
		assertHandled(t, c.refund(ref, nil))
		assertHandled(t, c.refund(ref, map[string]any{"refundAmount": json.Number("0.01")}))

		// Get Payment Status.
		st := c.paymentStatus(ref, nil)
		require.Equal(t, http.StatusOK, st.status, st.raw)
		assertEnvelope(t, st, "0000")
		j = st.json
		assert.Equal(t, "pr-status-1", j.Get("partnerReference").String())
		assert.Equal(t, ref, j.Get("uniqueReference").String())
		assert.Equal(t, "CAPTURED", j.Get("statusCode").String())
		assert.Equal(t, "100.00", j.Get("presentationAmount").Raw)
		assert.Equal(t, "Order 4711", j.Get("presentationUsage").String())
		assert.Equal(t, c.cfg.ProgramAccno, j.Get("initiatorAccno").String())
		assert.Equal(t, "Reference Program", j.Get("initiatorName").String())
		assert.Equal(t, gjson.Null, j.Get("accno").Type)
		assert.Equal(t, map[string]any{
			"customerFullName": "Gina Gast", "addr1": "Lindenallee 7", "addr2": nil, "addr3": nil,
			"houseNumber": nil, "city": "Koeln", "state": nil, "country": "Germany", "countryCode": "DE",
			"countryCode3": "DEU", "postCode": "50667",
		}, billingOf(j))
	})
}

// billingOf picks the billing address fields of a Get Payment Status answer.
func billingOf(j gjson.Result) map[string]any {
	m := map[string]any{}
	for _, f := range strings.Fields("customerFullName addr1 addr2 addr3 houseNumber city state country countryCode countryCode3 postCode") {
		m[f] = j.Get(f).Value()
	}
	return m
}

func TestStoredOptionPayments(t *testing.T) {
	t.Parallel()
	owner := map[string]any{
		"customerFullName": "Max Mustermann", "addr1": "Hauptstrasse 1", "addr2": nil, "addr3": nil,
		"houseNumber": nil, "city": "Berlin", "state": nil, "country": "Germany", "countryCode": "DE",
		"countryCode3": "DEU", "postCode": "10115",
	}
	anna := map[string]any{
		"customerFullName": "Anna Schmidt", "addr1": "Ringstrasse 5", "addr2": nil, "addr3": nil,
		"houseNumber": nil, "city": "Wien", "state": nil, "country": "Austria", "countryCode": "AT",
		"countryCode3": "AUT", "postCode": "1010",
	}
	personalities(t, func(t *testing.T, c *client) {
		accno := c.newAccount()
		visa := c.addOption(accno, "VISA")
		wallet := c.newAccount()

		// Authorize, billing address of the stored option (the owner's).
		au := c.authorizePayment(visa, map[string]any{
			"accno": wallet, "accnoType": "00", "invoiceReference": "INV-1",
			"oneTimePassword": c.cfg.OneTimePassword, "custom2": "c-2",
			"criteria": []any{map[string]any{"name": "n", "value": "v", "extra": 1}},
		})
		require.Equal(t, http.StatusCreated, au.status, au.raw)
		assertEnvelope(t, au, "0000")
		j := au.json
		ref := j.Get("uniqueReference").String()
		assert.Equal(t, "pr-authorize-1", j.Get("partnerReference").String())
		assert.Equal(t, c.cfg.ProgramAccno, j.Get("programAccno").String())
		assert.Equal(t, wallet, j.Get("accno").String())
		assert.Equal(t, visa, j.Get("storedPaymentOptionReference").String())
		assert.Equal(t, "INV-1", j.Get("invoiceReference").String())
		assert.Equal(t, gjson.Null, j.Get("channelProductReference").Type)
		assert.Equal(t, "AUTHORIZED", j.Get("statusCode").String())
		assert.Equal(t, "100.00", j.Get("presentationAmount").Raw)
		assert.Equal(t, "100.00", j.Get("processedAmount").Raw)
		assert.Equal(t, "EUR", j.Get("processedCurrCode").String())
		assert.Equal(t, "c-2", j.Get("custom2").String())
		assert.True(t, j.Get("paymentProviderResponse").IsObject())
		assert.False(t, j.Get("authorizationToken").Exists())
		st := c.paymentStatus(ref, nil)
		assert.Equal(t, owner, billingOf(st.json))
		assert.Equal(t, wallet, st.json.Get("accno").String())
		if c.cfg.Personality == Standard {
			assert.Equal(t, accno, st.json.Get("initiatorAccno").String())
			assert.Equal(t, "Max Mustermann", st.json.Get("initiatorName").String())
		} else {
			assert.Equal(t, c.cfg.ProgramAccno, st.json.Get("initiatorAccno").String())
		}

		// Cancel.
		cn := c.cancelPayment(ref, map[string]any{"custom1": "x"})
		require.Equal(t, http.StatusCreated, cn.status, cn.raw)
		assertEnvelope(t, cn, "0000")
		assert.Equal(t, "CANCELLED", cn.json.Get("statusCode").String())
		assert.Equal(t, "x", cn.json.Get("custom1").String())
		assert.Equal(t, ref, cn.json.Get("uniqueReference").String())
		assert.Equal(t, "CANCELLED", c.statusOf(ref))

		// Authorize with a different billing address, then a refund to the wallet.
		r := c.authorizePayment(visa, differentBilling(map[string]any{"accno": wallet, "accnoType": "01"}))
		require.Equal(t, "0000", r.code(), r.raw)
		ref = r.json.Get("uniqueReference").String()
		assert.Equal(t, anna, billingOf(c.paymentStatus(ref, nil).json))
		require.Equal(t, "0000", c.capture(ref, nil).code())
		rf := c.refund(ref, map[string]any{"refundAmount": json.Number("10.00")})
		if c.cfg.Personality == Standard {
			assert.Equal(t, wallet, rf.json.Get("accno").String())
		} else {
			assert.Equal(t, `["`+wallet+`"]`, rf.json.Get("accno").Raw)
		}

		// Init Authorize with the stored option: its billing address, then Complete
		// Authorize's when it sends one.
		annaOpt := c.completeAdd(accno, map[string]any{"authorizationToken": c.authorization(accno, differentBilling(nil))})
		require.Equal(t, "0000", annaOpt.code(), annaOpt.raw)
		annaRef := annaOpt.json.Get("storedPaymentOptionReference").String()
		ia := c.initAuthorize(customerInit(annaRef, nil))
		require.Equal(t, "0000", ia.code(), ia.raw)
		assert.Equal(t, annaRef, ia.json.Get("storedPaymentOptionReference").String())
		assert.Equal(t, "VISA", ia.json.Get("paymentOptionCode").String())
		ref = ia.json.Get("uniqueReference").String()
		assert.Equal(t, anna, billingOf(c.paymentStatus(ref, nil).json))
		ca := c.completeAuthorize(ref, ia.json.Get("authorizationToken").String(), map[string]any{
			"useDifferentBillingAddress": true, "customerFullName": "Bob Builder", "addr1": "Weg", "houseNumber": "3",
			"city": "Graz", "countryCode": "AUT", "postCode": "8010",
		})
		require.Equal(t, "0000", ca.code(), ca.raw)
		assert.Equal(t, annaRef, ca.json.Get("storedPaymentOptionReference").String())
		assert.Equal(t, map[string]any{
			"customerFullName": "Bob Builder", "addr1": "Weg", "addr2": nil, "addr3": nil,
			"houseNumber": "3", "city": "Graz", "state": nil, "country": "Austria", "countryCode": "AT",
			"countryCode3": "AUT", "postCode": "8010",
		}, billingOf(c.paymentStatus(ref, nil).json))

		// A customer-initiated Init Authorize with a different billing address.
		ia = c.initAuthorize(customerInit(visa, differentBilling(nil)))
		require.Equal(t, "0000", ia.code(), ia.raw)
		assert.Equal(t, anna, billingOf(c.paymentStatus(ia.json.Get("uniqueReference").String(), nil).json))

		// Unknown, deleted and closed options; paymentOptionCode must agree.
		for _, r := range []response{
			c.authorizePayment("no-such-option", nil),
			c.initAuthorize(customerInit("no-such-option", nil)),
			c.initAuthorize(customerInit(visa, map[string]any{"paymentOptionCode": "MC"})),
		} {
			assertHandled(t, r)
			assert.NotContains(t, []string{"0001", "0096"}, r.code())
		}
		assert.Equal(t, "0000", c.initAuthorize(customerInit(visa, map[string]any{"paymentOptionCode": "VISA"})).code())
		require.Equal(t, "0000", c.deleteOption(accno, annaRef, nil).code())
		assertHandled(t, c.authorizePayment(annaRef, nil))
		require.Equal(t, "0000", c.close(accno, nil).code())
		assertHandled(t, c.authorizePayment(visa, nil))
	})
}

func TestForbiddenMoves(t *testing.T) {
	t.Parallel()
	personalities(t, func(t *testing.T, c *client) {
		received := func() string { ref, _ := c.receivedPayment(nil); return ref }
		stored := c.addOption(c.newAccount(), "VISA")
		authorizedDirectly := func() string {
			r := c.authorizePayment(stored, nil)
			require.Equal(t, "0000", r.code(), r.raw)
			return r.json.Get("uniqueReference").String()
		}
		moves := map[string]func(ref string) response{
			"capture":  func(ref string) response { return c.capture(ref, nil) },
			"cancel":   func(ref string) response { return c.cancelPayment(ref, nil) },
			"refund":   func(ref string) response { return c.refund(ref, nil) },
			"complete": func(ref string) response { return c.completeAuthorize(ref, "pat_any", nil) },
		}
		partnerReferences := map[string]string{
			"capture": "pr-capture-1", "cancel": "pr-cancel-1", "refund": "pr-refund-1", "complete": "pr-complete-1",
		}
		cases := []struct {
			from  string
			setup func() string
			moves []string
		}{
			{"RECEIVED", received, []string{"capture", "cancel", "refund"}},
			{"AUTHORIZED", c.authorizedPayment, []string{"refund", "complete"}},
			{"AUTHORIZED", authorizedDirectly, []string{"refund", "complete"}},
			{"CAPTURED", c.capturedPayment, []string{"capture", "cancel", "complete"}},
			{"CANCELLED", c.cancelledPayment, []string{"capture", "cancel", "refund", "complete"}},
		}
		for _, tc := range cases {
			for _, move := range tc.moves {
				ref := tc.setup()
				r := moves[move](ref)
				assertHandled(t, r)
				assert.Equal(t, c.forbiddenCode(), r.code(), "%s from %s", move, tc.from)
				assert.Equal(t, partnerReferences[move], r.json.Get("partnerReference").String())
				assert.Equal(t, tc.from, c.statusOf(ref), "%s from %s changed the status", move, tc.from)
			}
		}

		// Completing twice, with the right token.
		ref, token := c.receivedPayment(nil)
		require.Equal(t, "0000", c.completeAuthorize(ref, token, nil).code())
		assert.Equal(t, c.forbiddenCode(), c.completeAuthorize(ref, token, nil).code())

		// A fully refunded payment stays CAPTURED; an unknown payment is a handled error.
		ref = c.capturedPayment()
		require.Equal(t, "0000", c.refund(ref, nil).code())
		assert.Equal(t, "CAPTURED", c.statusOf(ref))
		for name, move := range moves {
			r := move("no-such-payment")
			assertHandled(t, r)
			assert.Equal(t, c.cfg.Personality.unknownPayment().code, r.code(), name)
		}
		assertHandled(t, c.paymentStatus("no-such-payment", nil))
	})
}

func TestPaymentValidation(t *testing.T) {
	t.Parallel()
	type check struct {
		name      string
		r         func(c *client) response
		wantNamed string // "" means success, "handled" a handled error other than 0001
	}
	init := func(over map[string]any) func(c *client) response {
		return func(c *client) response { return c.initAuthorize(over) }
	}
	amountCases := map[string]any{
		"three decimals":        json.Number("12.345"),
		"negative":              json.Number("-1.00"),
		"zero":                  json.Number("0"),
		"zero with decimals":    json.Number("0.00"),
		"string":                "12.00",
		"17 integer digits":     json.Number("12345678901234567"),
		"bool":                  true,
		"exponent, 3 decimals":  json.Number("1.2345e1"),
		"object":                map[string]any{"value": 1},
		"too large by exponent": json.Number("1e16"),
	}
	checks := []check{
		{"guest", init(nil), ""},
		{"amount trailing zero", init(map[string]any{"presentationAmount": json.Number("12.340")}), ""},
		{"amount integer", init(map[string]any{"presentationAmount": json.Number("12")}), ""},
		{"amount 16 integer digits", init(map[string]any{"presentationAmount": json.Number("9999999999999999.99")}), ""},
		{"amount exponent", init(map[string]any{"presentationAmount": json.Number("1.25e1")}), ""},
		{"missing amount", init(map[string]any{"presentationAmount": absent}), "presentationAmount"},
		{"missing usage", init(map[string]any{"presentationUsage": absent}), "presentationUsage"},
		{"usage too long", init(map[string]any{"presentationUsage": strings.Repeat("u", 128)}), "presentationUsage"},
		{"missing currency", init(map[string]any{"presentationCurrCode": absent}), "presentationCurrCode"},
		{"missing programAccno", init(map[string]any{"programAccno": absent}), "programAccno"},
		{"programCode is not programAccno", init(map[string]any{"programAccno": absent, "programCode": "WALLETPRG"}), "programAccno"},
		{"missing localTime", init(map[string]any{"localTime": absent}), "localTime"},
		{"missing useDifferentBillingAddress", init(map[string]any{"useDifferentBillingAddress": absent}), "useDifferentBillingAddress"},
		{"guest false", init(map[string]any{"useDifferentBillingAddress": false}), "useDifferentBillingAddress"},
		{"guest without option code", init(map[string]any{"paymentOptionCode": absent}), "paymentOptionCode"},
		{"guest without email", init(map[string]any{"emailAddress": absent}), "emailAddress"},
		{"guest without postCode", init(map[string]any{"postCode": ""}), "postCode"},
		{"guest without name", init(map[string]any{"customerFullName": nil}), "customerFullName"},
		{"guest long email", init(map[string]any{"emailAddress": strings.Repeat("e", 300) + "@example.com"}), ""},
		{"guest addr1 without digit", init(map[string]any{"addr1": "Lindenallee"}), "houseNumber"},
		{"guest addr1 without digit, houseNumber", init(map[string]any{"addr1": "Lindenallee", "houseNumber": "7a"}), ""},
		{"guest paypal", init(map[string]any{"paymentOptionCode": "PAYPAL"}), ""},
		{"guest unknown option", init(map[string]any{"paymentOptionCode": "NOPE"}), "handled"},
		{"accno without accnoType", init(map[string]any{"accno": "123"}), "accnoType"},
		{"accnoType without accno", init(map[string]any{"accnoType": "00"}), ""},
		{"bad accnoType without accno", init(map[string]any{"accnoType": "07"}), "handled"},
		{"unknown accno", init(map[string]any{"accno": "999999999999", "accnoType": "00"}), "handled"},
		{"wrong programAccno", init(map[string]any{"programAccno": "OTHER"}), "handled"},
		{"criteria empty", init(map[string]any{"criteria": []any{}}), ""},
		{"criteria not array", init(map[string]any{"criteria": map[string]any{"name": "a", "value": "b"}}), "criteria"},
		{"criteria item not object", init(map[string]any{"criteria": []any{"a"}}), "criteria"},
		{"criteria value not string", init(map[string]any{"criteria": []any{map[string]any{"name": "a", "value": 1}}}), "criteria"},
		{"criteria without name", init(map[string]any{"criteria": []any{map[string]any{"value": "b"}}}), "criteria"},
		{"mandate", init(map[string]any{"mandateReference": "M-1", "mandateSignedDate": "2026-02-30"}), "mandateSignedDate"},
	}
	for name, v := range amountCases {
		checks = append(checks, check{"amount " + name, init(map[string]any{"presentationAmount": v}), "presentationAmount"})
	}
	personalities(t, func(t *testing.T, c *client) {
		for _, ch := range checks {
			r := ch.r(c)
			switch ch.wantNamed {
			case "":
				assert.Equal(t, "0000", r.code(), "%s: %s", ch.name, r.raw)
			case "handled":
				assertHandled(t, r)
				if c.cfg.Personality == Standard {
					assert.NotEqual(t, "0001", r.code(), ch.name)
				}
			default:
				assert.Equal(t, "0001", r.code(), "%s: %s", ch.name, r.raw)
				assert.Equal(t, http.StatusBadRequest, r.status, ch.name)
				assert.Contains(t, r.json.Get("responseDescription").String(), ch.wantNamed, ch.name)
				assert.Equal(t, "pr-initauth-1", r.json.Get("partnerReference").String(), ch.name)
			}
		}
		assert.Equal(t, "12.50", c.initAuthorize(map[string]any{"presentationAmount": json.Number("1.25e1")}).json.Get("presentationAmount").Raw)
		assert.Equal(t, "12.34", c.initAuthorize(map[string]any{"presentationAmount": json.Number("12.340")}).json.Get("presentationAmount").Raw)

		// Accounts named by accno.
		accno := c.newAccount()
		ok := c.initAuthorize(map[string]any{"accno": accno, "accnoType": "00"})
		assert.Equal(t, "0000", ok.code(), ok.raw)
		assert.Equal(t, accno, ok.json.Get("accno").String())
		require.Equal(t, "0000", c.close(accno, nil).code())
		assert.Equal(t, c.accountClosedCode(), c.initAuthorize(map[string]any{"accno": accno, "accnoType": "00"}).code())

		// Authorize.
		stored := c.addOption(c.newAccount(), "MC")
		for _, name := range []string{"customerFullName", "addr1", "city", "countryCode", "postCode", "emailAddress"} {
			r := c.authorizePayment(stored, differentBilling(map[string]any{name: absent}))
			assert.Equal(t, "0001", r.code(), name)
			assert.Contains(t, r.json.Get("responseDescription").String(), name)
		}
		for name, over := range map[string]map[string]any{
			"storedPaymentOptionReference": {"storedPaymentOptionReference": absent},
			"accnoType":                    {"accno": "123"},
			"oneTimePassword":              {"oneTimePassword": "123456789"},
			"emailAddress":                 differentBilling(map[string]any{"emailAddress": strings.Repeat("e", 256)}),
			"presentationAmount":           {"presentationAmount": json.Number("1.001")},
		} {
			r := c.authorizePayment(stored, over)
			assert.Equal(t, "0001", r.code(), name)
			assert.Contains(t, r.json.Get("responseDescription").String(), name)
		}
		r := c.authorizePayment(stored, map[string]any{"oneTimePassword": "87654321"})
		assertHandled(t, r)
		assert.Equal(t, c.cfg.Personality.wrongOneTimePassword().code, r.code())
		assert.Equal(t, "0000", c.authorizePayment(stored, map[string]any{"oneTimePassword": json.Number(c.cfg.OneTimePassword)}).code())

		// Complete Authorize: its billing rule has five fields, no emailAddress.
		ref, token := c.receivedPayment(nil)
		bill := map[string]any{"useDifferentBillingAddress": true, "customerFullName": "A B", "addr1": "Weg 1",
			"city": "Wien", "countryCode": "AT", "postCode": "1010"}
		for _, name := range []string{"customerFullName", "addr1", "city", "countryCode", "postCode"} {
			r := c.completeAuthorize(ref, token, with(bill, map[string]any{name: absent}))
			assert.Equal(t, "0001", r.code(), name)
			assert.Contains(t, r.json.Get("responseDescription").String(), name)
		}
		r = c.completeAuthorize(ref, token, map[string]any{"authorizationToken": absent})
		assert.Contains(t, r.json.Get("responseDescription").String(), "authorizationToken")
		r = c.completeAuthorize(strings.Repeat("r", 37), token, nil)
		assert.Equal(t, "0001", r.code())
		assert.Contains(t, r.json.Get("responseDescription").String(), "uniqueReference")
		assert.Equal(t, "RECEIVED", c.statusOf(ref))
		assert.Equal(t, "0000", c.completeAuthorize(ref, token, bill).code())

		// Capture, Refund, Cancel, Get Payment Status.
		for name, r := range map[string]response{
			"modifiedAmount":   c.capture(ref, map[string]any{"modifiedAmount": json.Number("0")}),
			"partnerReference": c.capture(ref, map[string]any{"partnerReference": absent}),
			"refundAmount":     c.refund(ref, map[string]any{"refundAmount": json.Number("1.234")}),
			"refundType":       c.refund(ref, map[string]any{"refundType": "PP"}),
			"localDate":        c.cancelPayment(ref, map[string]any{"localDate": absent}),
			"custom1":          c.cancelPayment(ref, map[string]any{"custom1": strings.Repeat("c", 256)}),
		} {
			assert.Equal(t, "0001", r.code(), name)
			assert.Contains(t, r.json.Get("responseDescription").String(), name)
		}
		for _, name := range []string{"partnerReference", "localDate", "localTime"} {
			r := c.paymentStatus(ref, map[string]any{name: absent})
			assert.Equal(t, "0001", r.code(), name)
			assert.Contains(t, r.json.Get("responseDescription").String(), name)
		}
		assert.Equal(t, "AUTHORIZED", c.statusOf(ref))

		// Authentication comes first.
		for name, p := range map[string][2]string{
			"initAuthorize":     {http.MethodPut, "/payment/initAuthorize"},
			"authorize":         {http.MethodPut, "/payment/authorize"},
			"completeAuthorize": {http.MethodPost, paymentPathOf(ref) + "/completeAuthorize"},
			"capture":           {http.MethodPost, paymentPathOf(ref) + "/capture"},
			"refund":            {http.MethodPost, paymentPathOf(ref) + "/refund"},
			"cancel":            {http.MethodPost, paymentPathOf(ref) + "/cancel"},
			"status":            {http.MethodGet, paymentPathOf(ref) + "/status"},
			"redirect":          {http.MethodPost, "/sandbox/payments/" + ref + "/redirect"},
		} {
			for _, token := range []string{"", "forged"} {
				var body any
				if p[0] != http.MethodGet {
					body = map[string]any{}
				}
				assert.Equal(t, "0096", c.do(p[0], p[1], body, token).code(), name)
			}
		}
	})
}

func TestConcurrentPayments(t *testing.T) {
	t.Parallel()
	c := start(t, DefaultConfig())
	token := c.auth()
	shared := c.capturedPayment()
	var (
		wg       sync.WaitGroup
		mu       sync.Mutex
		refunded int
	)
	for i := range 20 {
		wg.Go(func() {
			w := &client{t: t, base: c.base, cfg: c.cfg, token: token, hc: c.hc}
			r := w.refund(shared, map[string]any{"refundAmount": json.Number("10.00")})
			if r.code() == "0000" {
				mu.Lock()
				refunded++
				mu.Unlock()
			} else {
				assert.Equal(t, c.cfg.Personality.amountExceeded().code, r.code(), r.raw)
			}
			if i%2 == 0 {
				ref := w.capturedPayment()
				assert.Equal(t, "0000", w.refund(ref, map[string]any{"refundAmount": json.Number(fmt.Sprintf("%d.50", i))}).code())
				assert.Equal(t, "CAPTURED", w.statusOf(ref))
			} else {
				ref := w.authorizedPayment()
				assert.Equal(t, "0000", w.cancelPayment(ref, nil).code())
				assert.Equal(t, "CANCELLED", w.statusOf(ref))
			}
			accno := w.newAccount()
			cref := w.consentRef(accno)
			assert.Equal(t, "0000", w.revokeConsent(accno, cref, nil).code())
		})
	}
	wg.Wait()
	assert.Equal(t, 10, refunded)
	assertHandled(t, c.refund(shared, nil))
}
