package reference

import (
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/shopspring/decimal"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tidwall/gjson"
)

// enquiry sends Account Enquiry of accno.
func (c *client) enquiry(accno string, overrides map[string]any) response {
	c.t.Helper()
	return c.do(http.MethodGet, accountPath(accno)+"/enquiry"+c.opQuery("pr-enquiry-1", nil, overrides), nil, c.auth())
}

// findUser sends Find User Account for userID.
func (c *client) findUser(userID string, overrides map[string]any) response {
	c.t.Helper()
	q := url.Values{}
	for k, v := range with(map[string]any{
		"partnerReference": "pr-find-1",
		"programCode":      c.cfg.ProgramCode,
		"userId":           userID,
		"localDate":        testLocalDate,
		"localTime":        testLocalTime,
	}, overrides) {
		q.Set(k, v.(string))
	}
	return c.do(http.MethodGet, "/account/find?"+q.Encode(), nil, c.auth())
}

// plainResponse is an answer read as bytes, whatever its type.
type plainResponse struct {
	status int
	header http.Header
	body   string
}

func (r plainResponse) contentType() string { return r.header.Get("Content-Type") }

// checkAmountPath is the path and query of Check Available Payment Amount
// of amount EUR.
func (c *client) checkAmountPath(accno, amount string, overrides map[string]any) string {
	return accountPath(accno) + "/checkAvailablePaymentAmount" +
		c.opQuery("pr-check-1", map[string]any{"amount": amount, "currCode": "EUR"}, overrides)
}

// checkAmount sends Check Available Payment Amount of amount EUR.
func (c *client) checkAmount(accno, amount string, overrides map[string]any) plainResponse {
	c.t.Helper()
	return c.getPlain(c.checkAmountPath(accno, amount, overrides), c.auth())
}

// getPlain sends a GET and reads the answer whatever its type.
func (c *client) getPlain(path, token string) plainResponse {
	c.t.Helper()
	req, err := http.NewRequest(http.MethodGet, c.base+path, nil)
	require.NoError(c.t, err)
	req.Header.Set("Accept-Language", "en-US")
	if token != "" {
		req.Header.Set("X-Auth-Token", token)
	}
	res, err := c.httpClient().Do(req)
	require.NoError(c.t, err)
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	require.NoError(c.t, err)
	return plainResponse{status: res.StatusCode, header: res.Header, body: string(body)}
}

// uniqueEmail is an e-mail address no other account of the test uses.
func uniqueEmail() string { return "Find.Me+" + randomHex(6) + "@Example.com" }

func TestFindUserAccount(t *testing.T) {
	t.Parallel()
	personalities(t, func(t *testing.T, c *client) {
		email, login := uniqueEmail(), "login-"+randomHex(6)
		r := c.create(map[string]any{"emailAddress": email, "loginID": login})
		require.Equal(t, "0000", r.code(), r.raw)
		accno := r.json.Get("accno").String()

		for _, userID := range []string{email, strings.ToLower(email), strings.ToUpper(email), login, accno} {
			f := c.findUser(userID, nil)
			require.Equal(t, http.StatusOK, f.status, f.raw)
			assertEnvelope(t, f, "0000")
			assert.Equal(t, accno, f.json.Get("accno").String(), userID)
			assert.Equal(t, "pr-find-1", f.json.Get("partnerReference").String())
			assert.Equal(t, c.cfg.ProgramCode, f.json.Get("programCode").String())
		}
		for _, userID := range []string{strings.ToUpper(login), "nobody@example.com", c.cfg.MerchantAccno} {
			f := c.findUser(userID, nil)
			assertHandled(t, f)
			assert.Equal(t, c.cfg.Personality.unknownUser().code, f.code(), userID)
			assert.Equal(t, "pr-find-1", f.json.Get("partnerReference").String())
		}

		// The account created last wins; a closed account is not found.
		r = c.create(map[string]any{"emailAddress": email})
		require.Equal(t, "0000", r.code(), r.raw)
		newer := r.json.Get("accno").String()
		assert.Equal(t, newer, c.findUser(email, nil).json.Get("accno").String())
		require.Equal(t, "0000", c.close(newer, nil).code())
		assert.Equal(t, accno, c.findUser(email, nil).json.Get("accno").String())
		require.Equal(t, "0000", c.close(accno, nil).code())
		assert.Equal(t, c.cfg.Personality.unknownUser().code, c.findUser(email, nil).code())

		for _, name := range []string{"partnerReference", "programCode", "userId", "localDate", "localTime"} {
			f := c.findUser(email, map[string]any{name: absent})
			assert.Equal(t, "0001", f.code(), name)
			assert.Contains(t, f.json.Get("responseDescription").String(), name)
		}
		f := c.findUser(strings.Repeat("x", 256), nil)
		assert.Equal(t, "0001", f.code(), f.raw)
		assert.Equal(t, "0096", c.do(http.MethodGet, "/account/find?userId=x", nil, "").code())
	})
}

func TestCheckAvailablePaymentAmount(t *testing.T) {
	t.Parallel()
	personalities(t, func(t *testing.T, c *client) {
		accno := c.fundedWallet("100.00")
		c.kcAuthorized(accno, "30.00")
		for amount, want := range map[string]string{
			"70.00": "yes", "70": "yes", "0.01": "yes", "0": "yes", "70.01": "no", "100.00": "no",
		} {
			r := c.checkAmount(accno, amount, nil)
			assert.Equal(t, http.StatusOK, r.status, amount)
			assert.Equal(t, "text/plain; charset=utf-8", r.contentType(), amount)
			assert.Equal(t, want, r.body, amount)
		}
		assert.Equal(t, "no", c.checkAmount(c.newAccount(), "0.01", nil).body)

		// Errors stay JSON with the envelope.
		jsonError := func(r plainResponse, code string) {
			t.Helper()
			assert.Equal(t, "application/json", r.contentType(), r.body)
			j := gjson.Parse(r.body)
			assert.Equal(t, code, j.Get("responseCode").String(), r.body)
			assert.Equal(t, "pr-check-1", j.Get("partnerReference").String(), r.body)
			assert.True(t, j.Get("sysTime").Exists(), r.body)
			assert.GreaterOrEqual(t, r.status, 400)
		}
		for _, name := range []string{"amount", "currCode", "accnoType", "programCode", "localTime"} {
			r := c.checkAmount(accno, "1.00", map[string]any{name: absent})
			jsonError(r, "0001")
			assert.Contains(t, gjson.Parse(r.body).Get("responseDescription").String(), name)
		}
		for _, amount := range []string{"abc", "1.234", "-1.00", "12345678901234567"} {
			jsonError(c.checkAmount(accno, amount, nil), "0001")
		}
		jsonError(c.checkAmount(accno, "1.00", map[string]any{"currCode": "USD"}), c.cfg.Personality.currencyMismatch().code)
		jsonError(c.checkAmount("no-such-account", "1.00", nil), c.cfg.Personality.unknownAccount().code)
		jsonError(c.getPlain(c.checkAmountPath(accno, "1.00", nil), ""), "0096")
		closed := c.newAccount()
		require.Equal(t, "0000", c.close(closed, nil).code())
		jsonError(c.checkAmount(closed, "1.00", nil), c.cfg.Personality.accountClosed().code)
	})
}

// enquiryFixture books, on a clock starting 2026-03-10 09:00:00 UTC: the
// load of 100.00 (09:00:00) and a KC-Debit of 10.00 (10:00:00) on day one;
// on day two, at 10:00:00, a KC-Debit of 20.00, a KC-Authorize of 5.00
// (pending) and a KC-Authorize of 6.00 that is cancelled (neutral).
func enquiryFixture(t *testing.T, p Personality) (*client, string) {
	clock := newFakeClock(time.Date(2026, 3, 10, 9, 0, 0, 0, time.UTC))
	cfg := DefaultConfig()
	cfg.Personality = p
	c := startClocked(t, cfg, clock)
	accno := c.fundedWallet("100.00")
	clock.advance(time.Hour)
	c.token = "" // the clock moved past the token's validity
	require.Equal(t, "0000", c.kcDebit(accno, "10.00", nil).code())
	clock.advance(24 * time.Hour)
	c.token = ""
	require.Equal(t, "0000", c.kcDebit(accno, "20.00", nil).code())
	c.kcAuthorized(accno, "5.00")
	require.Equal(t, "0000", c.kcCancel(c.kcAuthorized(accno, "6.00"), nil).code())
	return c, accno
}

func TestAccountEnquiry(t *testing.T) {
	t.Parallel()
	for _, p := range []Personality{Standard, Alternative} {
		t.Run(map[Personality]string{Standard: "standard", Alternative: "alternative"}[p], func(t *testing.T) {
			t.Parallel()
			testAccountEnquiry(t, p)
		})
	}
}

func testAccountEnquiry(t *testing.T, p Personality) {
	c, accno := enquiryFixture(t, p)
	neutralIndicator, neutralAmount := p.neutralEntry(decimal.RequireFromString("6.00"))
	neutral := neutralAmount.StringFixed(2)
	cases := []struct {
		query map[string]any
		count int64
		want  []string
	}{
		{nil, 3, []string{"100.00", "10.00", "20.00"}},
		{map[string]any{"sortDirection": "ASC"}, 3, []string{"100.00", "10.00", "20.00"}},
		{map[string]any{"sortDirection": "DESC"}, 3, []string{"20.00", "10.00", "100.00"}},
		{map[string]any{"sortDirection": "desc"}, 3, []string{"20.00", "10.00", "100.00"}},
		{map[string]any{"top": "2"}, 3, []string{"10.00", "20.00"}},
		{map[string]any{"top": "2", "sortDirection": "DESC"}, 3, []string{"20.00", "10.00"}},
		{map[string]any{"top": "0"}, 3, nil},
		{map[string]any{"top": "9999"}, 3, []string{"100.00", "10.00", "20.00"}},
		{map[string]any{"skip": "1"}, 3, []string{"100.00", "10.00"}},
		{map[string]any{"skip": "1", "top": "1"}, 3, []string{"10.00"}},
		{map[string]any{"skip": "0005"}, 3, nil},
		{map[string]any{"startDate": "2026-03-11"}, 1, []string{"20.00"}},
		{map[string]any{"endDate": "2026-03-10"}, 2, []string{"100.00", "10.00"}},
		{map[string]any{"startDate": "2026-03-10", "startTime": "093000"}, 2, []string{"10.00", "20.00"}},
		{map[string]any{"endDate": "2026-03-10", "endTime": "093000"}, 1, []string{"100.00"}},
		{map[string]any{"startDate": "2026-03-10", "startTime": "100000", "endDate": "2026-03-10", "endTime": "100000"}, 1, []string{"10.00"}},
		{map[string]any{"startDate": "2026-03-12"}, 0, nil},
		{map[string]any{"includePendingTransactions": "true"}, 4, []string{"100.00", "10.00", "20.00", "5.00"}},
		{map[string]any{"includePendingTransactions": "false", "includeNeutral": "false"}, 3, []string{"100.00", "10.00", "20.00"}},
		{map[string]any{"includePendingTransactions": "true", "includeNeutral": "true", "sortDirection": "DESC", "top": "3"}, 5, []string{neutral, "5.00", "20.00"}},
	}
	for _, tc := range cases {
		r := c.enquiry(accno, tc.query)
		require.Equal(t, http.StatusOK, r.status, r.raw)
		assertEnvelope(t, r, "0000")
		assert.Equal(t, gjson.Number, r.json.Get("count").Type)
		assert.Equal(t, tc.count, r.json.Get("count").Int(), "%v", tc.query)
		assert.Equal(t, tc.want, entryAmounts(r), "%v", tc.query)
		assert.True(t, r.json.Get("entries").IsArray())
	}

	all := c.enquiry(accno, map[string]any{"includePendingTransactions": "true", "includeNeutral": "true"})
	j := all.json
	assert.Equal(t, "pr-enquiry-1", j.Get("partnerReference").String())
	assert.Equal(t, c.cfg.ProgramAccno, j.Get("programAccno").String())
	assert.Equal(t, accno, j.Get("accno").String())
	assert.Equal(t, []string{"100.00", "90.00", "70.00", "70.00", "70.00"},
		gjsonStrings(j.Get("entries.#.balance")), "balance after each entry")
	assert.Equal(t, []string{"CRDT", "DBIT", "DBIT", "DBIT", neutralIndicator},
		gjsonStrings(j.Get("entries.#.entryIndicator")))
	assert.Equal(t, []string{"2026-03-10", "2026-03-10", "2026-03-11", "2026-03-11", "2026-03-11"},
		gjsonStrings(j.Get("entries.#.bookingDate")))
	assert.Equal(t, []string{"090000", "100000", "100000", "100000", "100000"},
		gjsonStrings(j.Get("entries.#.bookingTime")))
	pending := j.Get("entries.3")
	assert.True(t, pending.Get("isPending").Bool())
	assert.Equal(t, "PENDING", pending.Get("statusCode").String())
	assert.Equal(t, p.entryType(entryBlock), pending.Get("entryType").String())
	assert.Equal(t, p.entryType(entryRelease), j.Get("entries.4.entryType").String())
	assert.Equal(t, p.entryType(entryPayment), j.Get("entries.1.entryType").String())
	assert.Equal(t, "Basket 17", j.Get("entries.1.description").String())
	assert.Equal(t, merchantName, j.Get("entries.1.name").String())
	assert.Equal(t, gjson.Null, j.Get("entries.1.paymentOptionCode").Type)

	// The merchant's ledger: the two debits, credited.
	m := c.enquiry(c.cfg.MerchantAccno, nil)
	assert.Equal(t, []string{"10.00", "20.00"}, entryAmounts(m))
	assert.Equal(t, []string{"CRDT", "CRDT"}, gjsonStrings(m.json.Get("entries.#.entryIndicator")))
	assert.Equal(t, "Max Mustermann", m.json.Get("entries.0.name").String())

	// Validation.
	for _, tc := range []struct {
		query map[string]any
		named string
	}{
		{map[string]any{"startTime": "000000"}, "startDate"},
		{map[string]any{"endTime": "235959"}, "endDate"},
		{map[string]any{"top": "12345"}, "top"},
		{map[string]any{"top": "-1"}, "top"},
		{map[string]any{"skip": "x"}, "skip"},
		{map[string]any{"sortDirection": "UP"}, "sortDirection"},
		{map[string]any{"sortDirection": "ASCEND"}, "sortDirection"},
		{map[string]any{"includeNeutral": "yes"}, "includeNeutral"},
		{map[string]any{"includePendingTransactions": "1"}, "includePendingTransactions"},
		{map[string]any{"startDate": "2026-02-30"}, "startDate"},
		{map[string]any{"startDate": "2026-03-10", "startTime": "246000"}, "startTime"},
		{map[string]any{"accnoType": absent}, "accnoType"},
		{map[string]any{"programCode": absent}, "programCode"},
	} {
		r := c.enquiry(accno, tc.query)
		assert.Equal(t, "0001", r.code(), "%v: %s", tc.query, r.raw)
		assert.Equal(t, http.StatusBadRequest, r.status)
		assert.Contains(t, r.json.Get("responseDescription").String(), tc.named, "%v", tc.query)
	}
	assert.Equal(t, p.unknownAccount().code, c.enquiry("no-such-account", nil).code())
	closed := c.newAccount()
	require.Equal(t, "0000", c.close(closed, nil).code())
	assert.Equal(t, p.accountClosed().code, c.enquiry(closed, nil).code())
	assert.Equal(t, p.accountClosed().code, c.balance(closed, nil).code())
	assert.Equal(t, p.unknownAccount().code, c.balance("no-such-account", nil).code())
}

func TestBalanceEnquiryValidation(t *testing.T) {
	t.Parallel()
	c := start(t, DefaultConfig())
	accno := c.newAccount()
	for _, name := range []string{"partnerReference", "programCode", "accnoType", "localDate", "localTime"} {
		r := c.balance(accno, map[string]any{name: absent})
		assert.Equal(t, "0001", r.code(), name)
		assert.Contains(t, r.json.Get("responseDescription").String(), name)
	}
	assert.Equal(t, "0003", c.balance(accno, map[string]any{"programCode": "OTHER"}).code())
	assert.Equal(t, "0004", c.balance(accno, map[string]any{"accnoType": "99"}).code())
	assert.Equal(t, "0096", c.do(http.MethodGet, accountPath(accno)+"/balance", nil, "").code())
}

// gjsonStrings lists the values of an array result as strings (numbers as
// written).
func gjsonStrings(r gjson.Result) []string {
	var out []string
	for _, x := range r.Array() {
		if x.Type == gjson.Number {
			out = append(out, x.Raw)
		} else {
			out = append(out, x.String())
		}
	}
	return out
}
