package reference

import (
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

// opBody is base plus the envelope fields of the payment option operations,
// with overrides applied; absent deletes a key.
func (c *client) opBody(partnerReference string, base, overrides map[string]any) map[string]any {
	b := map[string]any{
		"partnerReference": partnerReference,
		"programCode":      c.cfg.ProgramCode,
		"accnoType":        "00",
		"localDate":        testLocalDate,
		"localTime":        testLocalTime,
	}
	for k, v := range base {
		b[k] = v
	}
	return with(b, overrides)
}

// opQuery encodes an opBody of strings as a query string.
func (c *client) opQuery(partnerReference string, base, overrides map[string]any) string {
	q := url.Values{}
	for k, v := range c.opBody(partnerReference, base, overrides) {
		q.Set(k, v.(string))
	}
	return "?" + q.Encode()
}

func optionsPath(accno string) string {
	return "/account/" + url.PathEscape(accno) + "/storedPaymentOptions"
}

func optionPath(accno, ref string) string {
	return optionsPath(accno) + "/" + url.PathEscape(ref)
}

// differentBilling are the BB fields of a complete different billing address.
func differentBilling(overrides map[string]any) map[string]any {
	return with(map[string]any{
		"useDifferentBillingAddress": true,
		"customerFullName":           "Anna Schmidt",
		"emailAddress":               "anna@example.com",
		"addr1":                      "Ringstrasse 5",
		"city":                       "Wien",
		"countryCode":                "AT",
		"postCode":                   "1010",
	}, overrides)
}

func (c *client) initAdd(accno string, overrides map[string]any) response {
	c.t.Helper()
	return c.do(http.MethodPost, optionsPath(accno)+"/initAdd", c.opBody("pr-initadd-1", map[string]any{
		"paymentOptionCode":          "VISA",
		"useDifferentBillingAddress": false,
	}, overrides), c.auth())
}

func (c *client) completeAdd(accno string, overrides map[string]any) response {
	c.t.Helper()
	return c.do(http.MethodPut, optionsPath(accno)+"/completeAdd", c.opBody("pr-completeadd-1", map[string]any{
		"useDifferentBillingAddress": false,
	}, overrides), c.auth())
}

// authorization runs Init Add and returns the authorizationToken.
func (c *client) authorization(accno string, overrides map[string]any) string {
	c.t.Helper()
	r := c.initAdd(accno, overrides)
	require.Equal(c.t, "0000", r.code(), r.raw)
	return r.json.Get("authorizationToken").String()
}

// addOption stores a payment option of that code and returns its reference.
func (c *client) addOption(accno, code string) string {
	c.t.Helper()
	token := c.authorization(accno, map[string]any{"paymentOptionCode": code})
	r := c.completeAdd(accno, map[string]any{"authorizationToken": token})
	require.Equal(c.t, "0000", r.code(), r.raw)
	return r.json.Get("storedPaymentOptionReference").String()
}

func (c *client) initVerify(accno, ref string, overrides map[string]any) response {
	c.t.Helper()
	return c.do(http.MethodPost, optionPath(accno, ref)+"/initVerify", c.opBody("pr-initverify-1", map[string]any{
		"programCode":  absent,
		"programAccno": c.cfg.ProgramAccno,
	}, overrides), c.auth())
}

func (c *client) completeVerify(accno, ref string, overrides map[string]any) response {
	c.t.Helper()
	return c.do(http.MethodPost, optionPath(accno, ref)+"/completeVerify", c.opBody("pr-completeverify-1", map[string]any{
		"verificationCode": c.cfg.VerificationCode,
	}, overrides), c.auth())
}

func (c *client) deleteOption(accno, ref string, overrides map[string]any) response {
	c.t.Helper()
	return c.do(http.MethodDelete, optionPath(accno, ref), c.opBody("pr-delete-1", nil, overrides), c.auth())
}

func (c *client) setDefault(accno, ref string, overrides map[string]any) response {
	c.t.Helper()
	return c.do(http.MethodPost, optionPath(accno, ref)+"/setDefault", c.opBody("pr-setdefault-1", nil, overrides), c.auth())
}

func (c *client) paymentOptions(accno string, overrides map[string]any) response {
	c.t.Helper()
	return c.do(http.MethodGet, "/account/"+url.PathEscape(accno)+"/paymentOptions"+c.opQuery("pr-options-1",
		map[string]any{"transactionTypeCode": "AUTH"}, overrides), nil, c.auth())
}

func (c *client) storedOptions(accno string, overrides map[string]any) response {
	c.t.Helper()
	return c.do(http.MethodGet, optionsPath(accno)+c.opQuery("pr-stored-1", nil, overrides), nil, c.auth())
}

// storedOption returns the listed option of that reference (Exists false
// when it is not listed).
func (c *client) storedOption(accno, ref string) gjson.Result {
	c.t.Helper()
	r := c.storedOptions(accno, nil)
	require.Equal(c.t, "0000", r.code(), r.raw)
	return r.json.Get(`paymentOptions.#(reference==` + gjsonString(ref) + `)`)
}

// defaults returns the references of the listed options with isDefault true.
func (c *client) defaults(accno string) []string {
	c.t.Helper()
	var refs []string
	for _, o := range c.storedOptions(accno, nil).json.Get("paymentOptions").Array() {
		if o.Get("isDefault").Bool() {
			refs = append(refs, o.Get("reference").String())
		}
	}
	return refs
}

// merge returns a copy of a with the entries of b added, absent included.
func merge(a, b map[string]any) map[string]any {
	out := map[string]any{}
	for _, m := range []map[string]any{a, b} {
		for k, v := range m {
			out[k] = v
		}
	}
	return out
}

func gjsonString(s string) string { return `"` + strings.ReplaceAll(s, `"`, `\"`) + `"` }

// storedOptionFields are the fields of.
var storedOptionFields = strings.Fields(`name code carrierNumber reference paymentGroup paymentGroupCode
	paymentSubGroup paymentSubGroupCode expiryMonth expiryYear validUntilDate validUntilTime bankCode
	isVerifiable statusCode isDefault billingAddress iconUrl`)

func TestStoredPaymentOptionLifecycle(t *testing.T) {
	t.Parallel()
	personalities(t, func(t *testing.T, c *client) {
		accno := c.newAccount()
		empty := c.storedOptions(accno, nil)
		assertEnvelope(t, empty, "0000")
		assert.Equal(t, "[]", empty.json.Get("paymentOptions").Raw)

		// Init Add.
		ia := c.initAdd(accno, map[string]any{"mandateReference": "M-1", "mandateSignedDate": "2026-03-01"})
		require.Equal(t, http.StatusOK, ia.status, ia.raw)
		assertEnvelope(t, ia, "0000")
		assert.Equal(t, "pr-initadd-1", ia.json.Get("partnerReference").String())
		assert.Equal(t, c.cfg.ProgramCode, ia.json.Get("programCode").String())
		assert.Equal(t, accno, ia.json.Get("accno").String())
		assert.Equal(t, "VISA", ia.json.Get("paymentOptionCode").String())
		assert.True(t, ia.json.Get("paymentProviderResponse").IsObject())
		token := ia.json.Get("authorizationToken").String()
		assert.LessOrEqual(t, len(token), 8192)
		if c.cfg.Personality == Standard {
			assert.Regexp(t, `^spt_[0-9a-f]{32}$`, token)
			assert.Equal(t, `{"provider":"sandbox","status":"INITIATED"}`, ia.json.Get("paymentProviderResponse").Raw)
		} else {
			assert.Regexp(t, `^[A-Za-z0-9_-]{512}$`, token)
			assert.True(t, ia.json.Get("paymentProviderResponse.gateway").IsObject())
		}

		// Complete Add.
		ca := c.completeAdd(accno, map[string]any{"authorizationToken": token, "paymentOptionCode": "VISA"})
		require.Equal(t, http.StatusCreated, ca.status, ca.raw)
		assertEnvelope(t, ca, "0000")
		assert.Equal(t, "pr-completeadd-1", ca.json.Get("partnerReference").String())
		assert.Equal(t, accno, ca.json.Get("accno").String())
		assert.Equal(t, "VISA", ca.json.Get("paymentOptionCode").String())
		assert.True(t, ca.json.Get("paymentProviderResponse").IsObject())
		ref := ca.json.Get("storedPaymentOptionReference").String()
		assert.LessOrEqual(t, len(ref), 36)
		cc, cc3 := ca.json.Get("initiationCountryCode").String(), ca.json.Get("initiationCountryCode3").String()
		if c.cfg.Personality == Standard {
			assert.Regexp(t, `^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$`, ref)
			assert.Equal(t, []string{"DE", "DEU"}, []string{cc, cc3})
		} else {
			assert.Regexp(t, `^SPO\d{12}$`, ref)
			assert.Equal(t, []string{"NL", "NLD"}, []string{cc, cc3})
		}

		// Get Stored Payment Options lists it with every field.
		g := c.storedOptions(accno, nil)
		require.Equal(t, http.StatusOK, g.status, g.raw)
		assertEnvelope(t, g, "0000")
		assert.Equal(t, "pr-stored-1", g.json.Get("partnerReference").String())
		assert.Equal(t, accno, g.json.Get("accno").String())
		require.Len(t, g.json.Get("paymentOptions").Array(), 1)
		o := g.json.Get("paymentOptions.0")
		for _, f := range storedOptionFields {
			assert.True(t, o.Get(f).Exists(), "field %s missing", f)
		}
		assert.Equal(t, ref, o.Get("reference").String())
		assert.Equal(t, "VISA", o.Get("code").String())
		assert.True(t, strings.HasSuffix(o.Get("carrierNumber").String(), "4242"))
		assert.NotContains(t, o.Get("carrierNumber").String(), "4242424242")
		assert.Equal(t, gjson.Number, o.Get("expiryMonth").Type)
		assert.Equal(t, gjson.Number, o.Get("expiryYear").Type)
		assert.Regexp(t, `^\d{4}-\d{2}-\d{2}$`, o.Get("validUntilDate").String())
		assert.Regexp(t, `^\d{6}$`, o.Get("validUntilTime").String())
		assert.Equal(t, gjson.String, o.Get("bankCode").Type)
		assert.True(t, o.Get("isVerifiable").IsBool())
		assert.True(t, o.Get("isDefault").IsBool())
		assert.True(t, o.Get("billingAddress").IsObject())
		assert.True(t, strings.HasPrefix(o.Get("iconUrl").String(), "https://"))
		if c.cfg.Personality == Standard {
			assert.Equal(t, "UNVERIFIED", o.Get("statusCode").String())
			assert.True(t, o.Get("isDefault").Bool(), "first option is the default")
		} else {
			assert.Equal(t, "NEW", o.Get("statusCode").String())
			assert.False(t, o.Get("isDefault").Bool(), "no default until Set Default")
		}

		// The sandbox provider accepts a token once, for its own account.
		assertHandled(t, c.completeAdd(accno, map[string]any{"authorizationToken": token}))
		assertHandled(t, c.completeAdd(accno, map[string]any{"authorizationToken": "spt_forged"}))
		other := c.newAccount()
		foreign := c.authorization(other, nil)
		r := c.completeAdd(accno, map[string]any{"authorizationToken": foreign})
		assertHandled(t, r)
		assert.NotContains(t, []string{"0001", "0096"}, r.code())
		mismatch := c.authorization(accno, map[string]any{"paymentOptionCode": "MC"})
		assertHandled(t, c.completeAdd(accno, map[string]any{"authorizationToken": mismatch, "paymentOptionCode": "VISA"}))
		assert.Equal(t, "0000", c.completeAdd(other, map[string]any{"authorizationToken": foreign}).code(),
			"the foreign token is still good for its own account")
		assert.Len(t, c.storedOptions(accno, nil).json.Get("paymentOptions").Array(), 1)

		// Payment options that cannot be stored.
		for _, code := range []string{"PAYPAL", "NOPE"} {
			r := c.initAdd(accno, map[string]any{"paymentOptionCode": code})
			assertHandled(t, r)
			assert.NotContains(t, []string{"0001", "0096"}, r.code(), code)
		}
		first := "VISA"
		if c.cfg.Personality == Alternative {
			first = "SEPADD"
		}
		assert.Equal(t, first, c.initAdd(accno, map[string]any{"paymentOptionCode": absent}).json.Get("paymentOptionCode").String())

		// Close Account refuses a storedPaymentOptionReference that names no
		// stored payment option of the account (A-4.5#5, advisory).
		assertHandled(t, c.close(other, map[string]any{"storedPaymentOptionReference": "no-such-option"}))
	})
}

func TestBillingAddress(t *testing.T) {
	t.Parallel()
	owner := map[string]any{"fullName": "Max Mustermann", "addr1": "Hauptstrasse 1", "addr2": nil, "city": "Berlin",
		"state": nil, "countryName": "Germany", "countryCode": "DE", "postCode": "10115"}
	anna := map[string]any{"fullName": "Anna Schmidt", "addr1": "Ringstrasse 5", "addr2": nil, "city": "Wien",
		"state": nil, "countryName": "Austria", "countryCode": "AT", "postCode": "1010"}
	bob := map[string]any{"fullName": "Bob Builder", "addr1": "Ringstrasse 5", "addr2": "Hof 2", "city": "Graz",
		"state": "Steiermark", "countryName": "Austria", "countryCode": "AUT", "postCode": "8010"}
	bobFields := differentBilling(map[string]any{"customerFullName": "Bob Builder", "addr2": "Hof 2", "city": "Graz",
		"state": "Steiermark", "countryCode": "AUT", "postCode": "8010", "phone": "+43 1"})
	cases := []struct {
		name           string
		init, complete map[string]any
		want           map[string]any
	}{
		{"owner", nil, nil, owner},
		{"from Init Add", differentBilling(nil), nil, anna},
		{"from Complete Add", nil, bobFields, bob},
		{"Complete Add wins", differentBilling(nil), bobFields, bob},
		{"false ignores BB fields", map[string]any{"customerFullName": "Ignored", "city": "Nowhere"},
			map[string]any{"city": "Nowhere"}, owner},
	}
	personalities(t, func(t *testing.T, c *client) {
		accno := c.newAccount()
		for _, tc := range cases {
			token := c.authorization(accno, tc.init)
			r := c.completeAdd(accno, with(tc.complete, map[string]any{"authorizationToken": token}))
			require.Equal(t, "0000", r.code(), "%s: %s", tc.name, r.raw)
			got := c.storedOption(accno, r.json.Get("storedPaymentOptionReference").String()).Get("billingAddress").Value()
			assert.Equal(t, tc.want, got, tc.name)
		}

		// The billing rule: each of the six fields is required when true.
		for _, name := range []string{"customerFullName", "addr1", "city", "countryCode", "postCode", "emailAddress"} {
			r := c.initAdd(accno, differentBilling(map[string]any{name: absent}))
			assert.Equal(t, "0001", r.code(), name)
			assert.Equal(t, http.StatusBadRequest, r.status, name)
			assert.Contains(t, r.json.Get("responseDescription").String(), name)
			r = c.completeAdd(accno, differentBilling(map[string]any{name: "", "authorizationToken": "x"}))
			assert.Equal(t, "0001", r.code(), name)
			assert.Contains(t, r.json.Get("responseDescription").String(), name)
		}
		r := c.initAdd(accno, map[string]any{"useDifferentBillingAddress": absent})
		assert.Equal(t, "0001", r.code())
		assert.Contains(t, r.json.Get("responseDescription").String(), "useDifferentBillingAddress")
		r = c.initAdd(accno, differentBilling(map[string]any{"customerFullName": strings.Repeat("n", 202)}))
		assert.Equal(t, "0001", r.code())
		assert.Contains(t, r.json.Get("responseDescription").String(), "customerFullName")
		r = c.completeAdd(accno, map[string]any{"authorizationToken": absent})
		assert.Equal(t, "0001", r.code())
		assert.Contains(t, r.json.Get("responseDescription").String(), "authorizationToken")
		r = c.completeAdd(accno, map[string]any{"authorizationToken": strings.Repeat("t", 8193)})
		assert.Equal(t, "0001", r.code())
	})
}

func TestVerifyStoredPaymentOption(t *testing.T) {
	t.Parallel()
	personalities(t, func(t *testing.T, c *client) {
		accno := c.newAccount()
		ref := c.addOption(accno, "MC")

		iv := c.initVerify(accno, ref, nil)
		assertEnvelope(t, iv, "0000")
		want := http.StatusOK
		if c.cfg.Personality == Alternative {
			want = http.StatusCreated
		}
		assert.Equal(t, want, iv.status)
		assert.Equal(t, c.cfg.ProgramCode, iv.json.Get("programCode").String())
		assert.Equal(t, accno, iv.json.Get("accno").String())

		r := c.initVerify(accno, ref, map[string]any{"programAccno": absent, "programCode": c.cfg.ProgramCode})
		assert.Equal(t, "0001", r.code())
		assert.Contains(t, r.json.Get("responseDescription").String(), "programAccno")
		assertHandled(t, c.initVerify(accno, ref, map[string]any{"programAccno": "PRG-OTHER"}))
		assertHandled(t, c.initVerify(accno, "no-such-option", nil))

		for _, bad := range []any{"1234567", 1234567, "12a456", -12345, 12.5} {
			r := c.completeVerify(accno, ref, map[string]any{"verificationCode": bad})
			assert.Equal(t, "0001", r.code(), "%v", bad)
			assert.Contains(t, r.json.Get("responseDescription").String(), "verificationCode")
		}
		r = c.completeVerify(accno, ref, map[string]any{"verificationCode": "654321"})
		assertHandled(t, r)
		assert.NotContains(t, []string{"0001", "0096"}, r.code())
		assert.NotEqual(t, "VERIFIED", c.storedOption(accno, ref).Get("statusCode").String())

		ok := c.completeVerify(accno, ref, nil)
		require.Equal(t, http.StatusOK, ok.status, ok.raw)
		assertEnvelope(t, ok, "0000")
		assert.Equal(t, "pr-completeverify-1", ok.json.Get("partnerReference").String())
		assert.Equal(t, "VERIFIED", c.storedOption(accno, ref).Get("statusCode").String())
		assert.Equal(t, "0000", c.completeVerify(accno, ref, map[string]any{"verificationCode": 123456}).code())
		assertHandled(t, c.completeVerify(accno, "no-such-option", nil))

		// Complete Verify without Init Verify.
		other := c.addOption(accno, "VISA")
		r = c.completeVerify(accno, other, nil)
		if c.cfg.Personality == Standard {
			assert.Equal(t, "0000", r.code(), r.raw)
		} else {
			assertHandled(t, r)
		}
	})

	cfg := DefaultConfig()
	cfg.VerificationCode = "007"
	c := start(t, cfg)
	accno := c.newAccount()
	ref := c.addOption(accno, "VISA")
	assert.Equal(t, "0000", c.completeVerify(accno, ref, map[string]any{"verificationCode": 7}).code())
	assert.Equal(t, "0000", c.completeVerify(accno, ref, map[string]any{"verificationCode": "007"}).code())
	assertHandled(t, c.completeVerify(accno, ref, map[string]any{"verificationCode": "123456"}))
}

func TestDefaultAndDelete(t *testing.T) {
	t.Parallel()
	personalities(t, func(t *testing.T, c *client) {
		accno := c.newAccount()
		a, b, d := c.addOption(accno, "VISA"), c.addOption(accno, "MC"), c.addOption(accno, "SEPADD")
		var order []string
		for _, o := range c.storedOptions(accno, nil).json.Get("paymentOptions").Array() {
			order = append(order, o.Get("reference").String())
		}
		if c.cfg.Personality == Standard {
			assert.Equal(t, []string{a, b, d}, order)
			assert.Equal(t, []string{a}, c.defaults(accno))
		} else {
			assert.Equal(t, []string{d, b, a}, order)
			assert.Empty(t, c.defaults(accno))
		}

		r := c.setDefault(accno, b, nil)
		assertEnvelope(t, r, "0000")
		want := http.StatusOK
		if c.cfg.Personality == Alternative {
			want = http.StatusCreated
		}
		assert.Equal(t, want, r.status)
		assert.Equal(t, accno, r.json.Get("accno").String())
		assert.Equal(t, []string{b}, c.defaults(accno))
		assert.Equal(t, "0000", c.setDefault(accno, d, nil).code())
		assert.Equal(t, []string{d}, c.defaults(accno))
		assertHandled(t, c.setDefault(accno, "no-such-option", nil))

		// Delete the default.
		del := c.deleteOption(accno, d, nil)
		require.Equal(t, http.StatusOK, del.status, del.raw)
		assertEnvelope(t, del, "0000")
		assert.Equal(t, "pr-delete-1", del.json.Get("partnerReference").String())
		assert.False(t, c.storedOption(accno, d).Exists())
		if c.cfg.Personality == Standard {
			assert.Empty(t, c.defaults(accno))
		} else {
			assert.Equal(t, []string{a}, c.defaults(accno))
		}
		for _, r := range []response{
			c.deleteOption(accno, d, nil), c.setDefault(accno, d, nil), c.initVerify(accno, d, nil),
			c.completeVerify(accno, d, nil), c.deleteOption(accno, "no-such-option", nil),
		} {
			assertHandled(t, r)
			assert.NotContains(t, []string{"0001", "0096"}, r.code())
		}
		assert.Len(t, c.storedOptions(accno, nil).json.Get("paymentOptions").Array(), 2)

		// Options of another account are unknown here.
		other := c.newAccount()
		assertHandled(t, c.deleteOption(other, a, nil))
		assertHandled(t, c.setDefault(other, a, nil))
	})
}

func TestGetPaymentOptions(t *testing.T) {
	t.Parallel()
	personalities(t, func(t *testing.T, c *client) {
		accno := c.newAccount()
		r := c.paymentOptions(accno, nil)
		require.Equal(t, http.StatusOK, r.status, r.raw)
		assertEnvelope(t, r, "0000")
		assert.Equal(t, "AUTH", r.json.Get("transactionTypeCode").String())
		assert.Equal(t, "pr-options-1", r.json.Get("partnerReference").String())
		assert.Equal(t, accno, r.json.Get("accno").String())
		require.True(t, r.json.Get("paymentOptions").IsArray())
		storable := map[string]bool{}
		var codes []string
		for _, o := range r.json.Get("paymentOptions").Array() {
			for _, f := range []string{"name", "code", "paymentGroup", "paymentGroupCode", "paymentSubGroup", "paymentSubGroupCode", "iconUrl"} {
				assert.Equal(t, gjson.String, o.Get(f).Type, f)
			}
			assert.LessOrEqual(t, len(o.Get("code").String()), 10)
			assert.True(t, o.Get("isStorable").IsBool())
			codes = append(codes, o.Get("code").String())
			storable[o.Get("code").String()] = o.Get("isStorable").Bool()
		}
		assert.Equal(t, map[string]bool{"VISA": true, "MC": true, "SEPADD": true, "PAYPAL": false},
			map[string]bool{"VISA": storable["VISA"], "MC": storable["MC"], "SEPADD": storable["SEPADD"], "PAYPAL": storable["PAYPAL"]})
		if c.cfg.Personality == Standard {
			assert.Equal(t, []string{"VISA", "MC", "SEPADD", "PAYPAL"}, codes)
		} else {
			assert.Equal(t, []string{"PAYPAL", "SEPADD", "MC", "VISA", "AMEX"}, codes)
		}

		payout := c.paymentOptions(accno, map[string]any{"transactionTypeCode": "PAYOUT"})
		assert.Equal(t, `["SEPADD"]`, payout.json.Get("paymentOptions.#.code").Raw)
		for _, tt := range []string{"NOPE", "auth"} {
			assertHandled(t, c.paymentOptions(accno, map[string]any{"transactionTypeCode": tt}))
			assertHandled(t, c.storedOptions(accno, map[string]any{"transactionTypeCode": tt}))
		}
		for _, name := range []string{"transactionTypeCode", "accnoType", "programCode", "localTime"} {
			r := c.paymentOptions(accno, map[string]any{name: absent})
			assert.Equal(t, "0001", r.code(), name)
			assert.Contains(t, r.json.Get("responseDescription").String(), name)
		}
		r = c.paymentOptions(accno, map[string]any{"transactionTypeCode": strings.Repeat("A", 11)})
		assert.Equal(t, "0001", r.code())

		// Get Stored Payment Options filters by transaction type.
		visa, sepa := c.addOption(accno, "VISA"), c.addOption(accno, "SEPADD")
		all := c.storedOptions(accno, map[string]any{"transactionTypeCode": "AUTH"})
		var listed []string
		for _, ref := range all.json.Get("paymentOptions.#.reference").Array() {
			listed = append(listed, ref.String())
		}
		assert.ElementsMatch(t, []string{visa, sepa}, listed)
		only := c.storedOptions(accno, map[string]any{"transactionTypeCode": "PAYOUT"})
		assert.Equal(t, `["`+sepa+`"]`, only.json.Get("paymentOptions.#.reference").Raw)
		assert.False(t, only.json.Get("transactionTypeCode").Exists())
		assert.True(t, strings.HasSuffix(only.json.Get("paymentOptions.0.carrierNumber").String(), "3000"))
		assert.NotEmpty(t, only.json.Get("paymentOptions.0.bankCode").String())
	})
}

func TestStoredPaymentOptionGuards(t *testing.T) {
	t.Parallel()
	personalities(t, func(t *testing.T, c *client) {
		accno := c.newAccount()
		ref := c.addOption(accno, "VISA")
		token := c.authorization(accno, nil)
		calls := func(accno, ref string, overrides map[string]any) map[string]response {
			return map[string]response{
				"initAdd":        c.initAdd(accno, overrides),
				"completeAdd":    c.completeAdd(accno, merge(map[string]any{"authorizationToken": token}, overrides)),
				"initVerify":     c.initVerify(accno, ref, overrides),
				"completeVerify": c.completeVerify(accno, ref, overrides),
				"setDefault":     c.setDefault(accno, ref, overrides),
				"delete":         c.deleteOption(accno, ref, overrides),
				"paymentOptions": c.paymentOptions(accno, overrides),
				"storedOptions":  c.storedOptions(accno, overrides),
			}
		}

		for name, r := range calls(accno, ref, map[string]any{"accnoType": "07"}) {
			assertHandled(t, r)
			assert.True(t, r.json.Get("partnerReference").Exists(), name)
		}
		for _, r := range calls(accno, ref, map[string]any{"programCode": "OTHER", "programAccno": "OTHER"}) {
			assertHandled(t, r)
		}
		for name, r := range calls(accno, ref, map[string]any{"partnerReference": absent}) {
			assert.Equal(t, "0001", r.code(), name)
			assert.Contains(t, r.json.Get("responseDescription").String(), "partnerReference", name)
		}
		for name, r := range calls(accno, strings.Repeat("r", 37), nil) {
			if name == "initAdd" || name == "completeAdd" || name == "paymentOptions" || name == "storedOptions" {
				continue
			}
			assert.Equal(t, "0001", r.code(), name)
			assert.Contains(t, r.json.Get("responseDescription").String(), "storedPaymentOptionReference", name)
		}

		// Authentication comes first.
		for name, p := range map[string][2]string{
			"initAdd":        {http.MethodPost, optionsPath(accno) + "/initAdd"},
			"completeAdd":    {http.MethodPut, optionsPath(accno) + "/completeAdd"},
			"initVerify":     {http.MethodPost, optionPath(accno, ref) + "/initVerify"},
			"completeVerify": {http.MethodPost, optionPath(accno, ref) + "/completeVerify"},
			"setDefault":     {http.MethodPost, optionPath(accno, ref) + "/setDefault"},
			"delete":         {http.MethodDelete, optionPath(accno, ref)},
			"paymentOptions": {http.MethodGet, "/account/" + accno + "/paymentOptions"},
			"storedOptions":  {http.MethodGet, optionsPath(accno)},
		} {
			for _, token := range []string{"", "forged"} {
				var body any
				if p[0] != http.MethodGet {
					body = map[string]any{}
				}
				assert.Equal(t, "0096", c.do(p[0], p[1], body, token).code(), name)
			}
		}

		// Unknown and closed accounts.
		for name, r := range calls("999999999999", ref, nil) {
			assertHandled(t, r)
			assert.NotContains(t, []string{"0001", "0096"}, r.code(), name)
		}
		assert.Equal(t, "0000", c.close(accno, nil).code())
		for name, r := range calls(accno, ref, nil) {
			assertHandled(t, r)
			assert.NotContains(t, []string{"0001", "0096"}, r.code(), name)
			assert.Equal(t, c.accountClosedCode(), r.code(), name)
		}
	})
}

// accountClosedCode is the responseCode of a use of a closed account.
func (c *client) accountClosedCode() string { return c.cfg.Personality.accountClosed().code }

func TestConcurrentStoredPaymentOptions(t *testing.T) {
	t.Parallel()
	c := start(t, DefaultConfig())
	token := c.auth()
	shared := c.newAccount()
	var (
		wg   sync.WaitGroup
		mu   sync.Mutex
		refs []string
	)
	for i := range 16 {
		wg.Go(func() {
			w := &client{t: t, base: c.base, cfg: c.cfg, token: token, hc: c.hc}
			own := w.newAccount()
			ref := w.addOption(own, "VISA")
			assert.Equal(t, "0000", w.completeVerify(own, ref, nil).code())
			assert.Equal(t, "VERIFIED", w.storedOption(own, ref).Get("statusCode").String())

			sref := w.addOption(shared, []string{"VISA", "MC", "SEPADD"}[i%3])
			mu.Lock()
			refs = append(refs, sref)
			mu.Unlock()
			assert.Equal(t, "0000", w.setDefault(shared, sref, nil).code())
			if i%4 == 0 {
				assert.Equal(t, "0000", w.deleteOption(own, ref, nil).code(), fmt.Sprint(i))
			}
		})
	}
	wg.Wait()
	assert.Len(t, c.storedOptions(shared, nil).json.Get("paymentOptions").Array(), len(refs))
	assert.Len(t, c.defaults(shared), 1)
}
