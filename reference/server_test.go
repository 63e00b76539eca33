package reference

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tidwall/gjson"

	"github.com/wallet-conformance/wallet-conformance/schemas"
)

// assertEnvelope checks the response envelope of.
func assertEnvelope(t *testing.T, r response, wantCode string) {
	t.Helper()
	assert.Equal(t, "application/json", r.header.Get("Content-Type"))
	assert.Equal(t, wantCode, r.code(), r.raw)
	assert.Equal(t, gjson.String, r.json.Get("responseCode").Type)
	assert.Regexp(t, `^\d{4}-\d{2}-\d{2}$`, r.json.Get("sysDate").String())
	assert.Regexp(t, `^\d{6}$`, r.json.Get("sysTime").String())
	assert.True(t, r.json.Get("responseDescription").Exists())
	assert.Equal(t, testLocalDate, r.json.Get("localDate").String())
	assert.Equal(t, testLocalTime, r.json.Get("localTime").String())
}

// assertHandled checks a handled error: non-0000 code and an HTTP error status.
func assertHandled(t *testing.T, r response) {
	t.Helper()
	assert.NotEqual(t, "0000", r.code(), r.raw)
	assert.GreaterOrEqual(t, r.status, 400, r.raw)
	assert.Less(t, r.status, 500, r.raw)
}

func TestIssueToken(t *testing.T) {
	t.Parallel()
	personalities(t, func(t *testing.T, c *client) {
		r := c.issue(c.cfg.Password)
		require.Equal(t, http.StatusOK, r.status, r.raw)
		assertEnvelope(t, r, "0000")
		validUntil := r.json.Get("validUntil").String()
		assert.Len(t, validUntil, 24)
		exp, err := time.Parse("2006-01-02T15:04:05.000Z", validUntil)
		require.NoError(t, err)
		assert.WithinDuration(t, time.Now().Add(time.Hour), exp, time.Minute)
		token := r.json.Get("token").String()
		if c.cfg.Personality == Standard {
			assert.Regexp(t, `^[0-9a-f]{64}$`, token)
		} else {
			assert.Regexp(t, `^[A-Za-z0-9_-]{200}$`, token)
		}

		bad := c.issue("wrong")
		assertHandled(t, bad)
		assert.NotEqual(t, "0001", bad.code())
		assert.False(t, bad.json.Get("token").Exists())

		missing := c.do(http.MethodPost, "/user/"+c.cfg.UserID+"/issue",
			map[string]any{"password": c.cfg.Password, "localDate": testLocalDate}, "")
		assert.Equal(t, http.StatusBadRequest, missing.status)
		assert.Equal(t, "0001", missing.code())
		assert.Contains(t, missing.json.Get("responseDescription").String(), "localTime")
		assert.False(t, missing.json.Get("localTime").Exists(), "no localTime to echo")
	})
}

// accountFields are the fields of.
var accountFields = strings.Fields(`accno externalAccountReference merchantName title lastName firstName
	addr1 addr2 addr3 houseNumber city state countryName countryCode postCode dob landlinePhone mobilePhone
	emailAddress loginID culture timeZone useDifferentCorrespondenceAddress correspondenceAddr1
	correspondenceAddr2 correspondenceAddr3 correspondenceHouseNumber correspondenceCity correspondenceState
	correspondencePostCode correspondenceCountryName correspondenceCountryCode correspondenceCountryCode3
	nationality nationality3 taxId currCode accTypeName accTypeCode maximumAllowedBalance minimumAllowedBalance
	statusCode twoFAStatusCode accFlowStatusCode isEmailVerified isMobilePhoneVerified isUserActive
	isUserLocked isMtanEnabled lastLoginDate lastLoginTime isBusinessUser businessCompanyName
	businessCompanyType businessCompanyRegistrationNumber businessCompanyRegistrationCountryCode
	businessCompanyRegistrationCountryCode3 businessAddr1 businessAddr2 businessAddr3 businessHouseNumber
	businessCity businessPostCode businessCountryCode businessCountryCode3 businessUrl userAgreementReference
	isUserAgreementUpToDate accountValidUntil accountCreationDate`)

func TestAccountLifecycle(t *testing.T) {
	t.Parallel()
	personalities(t, func(t *testing.T, c *client) {
		// Create.
		cr := c.create(map[string]any{"unknownExtra": 7})
		require.Equal(t, http.StatusCreated, cr.status, cr.raw)
		assertEnvelope(t, cr, "0000")
		accno := cr.json.Get("accno").String()
		if c.cfg.Personality == Standard {
			assert.Regexp(t, `^\d{12}$`, accno)
		} else {
			assert.Regexp(t, `^WLT-[0-9a-f-]{36}$`, accno)
		}
		assert.Equal(t, "pr-create-1", cr.json.Get("partnerReference").String())
		assert.Equal(t, "WALLETPRG", cr.json.Get("programCode").String())
		assert.Equal(t, "ACTIVE", cr.json.Get("statusCode").String())
		assert.Equal(t, "2FADIS", cr.json.Get("twoFAStatusCode").String())
		assert.Equal(t, "APPROVEDSV", cr.json.Get("accFlowStatusCode").String())
		assert.Equal(t, "ext-42", cr.json.Get("externalAccountReference").String())
		assert.LessOrEqual(t, len(cr.json.Get("custCode").String()), 10)
		assert.NotEmpty(t, cr.json.Get("custCode").String())
		assert.Regexp(t, `^\d{4}-\d{2}-\d{2}$`, cr.json.Get("validFrom").String())

		// Get reflects Create; every field is present.
		g := c.get(accno, nil)
		require.Equal(t, http.StatusOK, g.status, g.raw)
		assertEnvelope(t, g, "0000")
		for _, f := range accountFields {
			assert.True(t, g.json.Get(f).Exists(), "field %s missing", f)
		}
		assert.Equal(t, "Max", g.json.Get("firstName").String())
		assert.Equal(t, "DE", g.json.Get("nationality").String())
		assert.Equal(t, "DEU", g.json.Get("nationality3").String())
		assert.Equal(t, "Germany", g.json.Get("countryName").String())
		assert.Equal(t, gjson.Null, g.json.Get("addr2").Type)
		assert.Equal(t, gjson.Number, g.json.Get("maximumAllowedBalance").Type)
		assert.Equal(t, "EUR", g.json.Get("currCode").String())
		assert.Equal(t, "pr-get-1", g.json.Get("partnerReference").String())
		assert.False(t, g.json.Get("isBusinessUser").Bool())

		// Update replaces the data.
		u := c.update(accno, map[string]any{
			"useDifferentCorrespondenceAddress": true,
			"correspondenceAddr1":               "Postfach 1",
			"correspondenceCity":                "Wien",
			"correspondenceCountryCode":         "AUT",
			"correspondencePostCode":            "1010",
			"oneTimePassword":                   "12345678",
		})
		require.Equal(t, http.StatusOK, u.status, u.raw)
		assertEnvelope(t, u, "0000")
		assert.Equal(t, accno, u.json.Get("accno").String())
		g = c.get(accno, nil)
		assert.Equal(t, "Erika", g.json.Get("firstName").String())
		assert.Equal(t, "Hamburg", g.json.Get("city").String())
		assert.Equal(t, "AT", g.json.Get("correspondenceCountryCode").String())
		assert.Equal(t, "AUT", g.json.Get("correspondenceCountryCode3").String())
		assert.Equal(t, "DE", g.json.Get("nationality").String(), "not in Update, kept")
		assert.Equal(t, gjson.Null, g.json.Get("externalAccountReference").Type, "omitted in Update")

		// Close.
		cl := c.close(accno, nil)
		require.Equal(t, http.StatusOK, cl.status, cl.raw)
		assertEnvelope(t, cl, "0000")
		assert.Equal(t, "CLOSED", cl.json.Get("statusCode").String())
		assert.Regexp(t, `^\d{4}-\d{2}-\d{2}$`, cl.json.Get("dateClosed").String())

		// Usage after close is disabled.
		assertHandled(t, c.update(accno, nil))
		assertHandled(t, c.close(accno, nil))
		g = c.get(accno, nil)
		if c.cfg.Personality == Standard {
			assert.Equal(t, "0000", g.code())
			assert.Equal(t, "CLOSED", g.json.Get("statusCode").String())
			assert.False(t, g.json.Get("isUserActive").Bool())
		} else {
			assertHandled(t, g)
		}

		// Unknown account.
		for _, r := range []response{c.get("999999999999", nil), c.update("999999999999", nil), c.close("999999999999", nil)} {
			assertHandled(t, r)
			assert.NotContains(t, []string{"0001", "0096"}, r.code())
		}
	})
}

func TestAuthentication(t *testing.T) {
	t.Parallel()
	personalities(t, func(t *testing.T, c *client) {
		accno := c.newAccount()
		want := http.StatusUnauthorized
		if c.cfg.Personality == Alternative {
			want = http.StatusForbidden
		}
		for name, token := range map[string]string{"missing": "", "invalid": "not-a-token"} {
			r := c.do(http.MethodGet, "/account/"+accno+c.getQuery(nil), nil, token)
			assert.Equal(t, want, r.status, name)
			assertEnvelope(t, r, "0096")
			assert.Equal(t, "pr-get-1", r.json.Get("partnerReference").String(), name)

			// Authentication comes before field validation.
			r = c.do(http.MethodPut, "/account", map[string]any{"localDate": testLocalDate}, token)
			assert.Equal(t, "0096", r.code(), name)
		}
	})
}

func TestTokenExpiry(t *testing.T) {
	t.Parallel()
	var mu sync.Mutex
	now := time.Date(2026, 3, 14, 10, 0, 0, 0, time.UTC)
	h, err := newHandler(DefaultConfig())
	require.NoError(t, err)
	h.now = func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	c := &client{t: t, base: srv.URL, cfg: DefaultConfig()}

	r := c.issue(c.cfg.Password)
	assert.Equal(t, "2026-03-14T11:00:00.000Z", r.json.Get("validUntil").String())
	accno := c.newAccount()

	mu.Lock()
	now = now.Add(59 * time.Minute)
	mu.Unlock()
	assert.Equal(t, "0000", c.get(accno, nil).code())

	mu.Lock()
	now = now.Add(time.Minute)
	mu.Unlock()
	assert.Equal(t, "0096", c.get(accno, nil).code())
}

func TestValidation(t *testing.T) {
	t.Parallel()
	longName := strings.Repeat("x", 101)
	cases := []struct {
		name      string
		overrides map[string]any
		wantCode  string // "" means success
		wantNamed string // field the description must name
	}{
		{"missing lastName", map[string]any{"lastName": absent}, "0001", "lastName"},
		{"null lastName", map[string]any{"lastName": nil}, "0001", "lastName"},
		{"empty lastName", map[string]any{"lastName": ""}, "0001", "lastName"},
		{"missing localDate", map[string]any{"localDate": absent}, "0001", "localDate"},
		{"missing partnerReference", map[string]any{"partnerReference": absent}, "0001", "partnerReference"},
		{"missing boolean", map[string]any{"useDifferentCorrespondenceAddress": absent}, "0001", "useDifferentCorrespondenceAddress"},
		{"string for boolean", map[string]any{"useDifferentCorrespondenceAddress": "false"}, "0001", "useDifferentCorrespondenceAddress"},
		{"number for string", map[string]any{"postCode": 10115}, "0001", "postCode"},
		{"lastName too long", map[string]any{"lastName": longName}, "0001", "lastName"},
		{"lastName at limit", map[string]any{"lastName": longName[:100]}, "", ""},
		{"not a calendar date", map[string]any{"dob": "2026-02-30"}, "0001", "dob"},
		{"month 13", map[string]any{"dob": "1990-13-01"}, "0001", "dob"},
		{"date wrong format", map[string]any{"dob": "17.05.1990"}, "0001", "dob"},
		{"time 24h", map[string]any{"localTime": "240000"}, "0001", "localTime"},
		{"time 5 digits", map[string]any{"localTime": "10153"}, "0001", "localTime"},
		{"correspondence rule", map[string]any{
			"useDifferentCorrespondenceAddress": true, "correspondenceAddr1": "a",
			"correspondenceCountryCode": "DE", "correspondencePostCode": "1",
		}, "0001", "correspondenceCity"},
		{"correspondence rule satisfied", map[string]any{
			"useDifferentCorrespondenceAddress": true, "correspondenceAddr1": "a", "correspondenceCity": "c",
			"correspondenceCountryCode": "DE", "correspondencePostCode": "1",
		}, "", ""},
		{"business rule", map[string]any{"isBusinessUser": true, "businessCompanyName": "ACME"}, "0001", "businessCompanyRegistrationNumber"},
		{"business rule satisfied", map[string]any{
			"isBusinessUser": true, "businessCompanyName": "ACME", "businessCompanyType": "GmbH",
			"businessCompanyRegistrationNumber": "HRB 1", "businessCompanyRegistrationCountryCode": "DE",
			"businessAddr1": "a", "businessCity": "c", "businessPostCode": "1", "businessCountryCode": "DEU",
		}, "", ""},
		{"business fields optional when false", map[string]any{"isBusinessUser": false}, "", ""},
		{"wrong programCode", map[string]any{"programCode": "OTHER"}, "handled", ""},
	}
	personalities(t, func(t *testing.T, c *client) {
		for _, tc := range cases {
			r := c.create(tc.overrides)
			switch tc.wantCode {
			case "":
				assert.Equal(t, "0000", r.code(), "%s: %s", tc.name, r.raw)
			case "handled":
				assertHandled(t, r)
			default:
				assert.Equal(t, tc.wantCode, r.code(), "%s: %s", tc.name, r.raw)
				assert.Equal(t, http.StatusBadRequest, r.status, tc.name)
				assert.Contains(t, r.json.Get("responseDescription").String(), tc.wantNamed, tc.name)
				if tc.wantNamed != "partnerReference" {
					assert.Equal(t, "pr-create-1", r.json.Get("partnerReference").String(), tc.name)
				}
			}
		}

		accno := c.newAccount()
		r := c.get(accno, map[string]any{"accnoType": absent})
		assert.Equal(t, "0001", r.code())
		assert.Contains(t, r.json.Get("responseDescription").String(), "accnoType")
		assertHandled(t, c.get(accno, map[string]any{"accnoType": "07"}))
		assert.Equal(t, "0000", c.get(accno, map[string]any{"accnoType": "01"}).code())

		r = c.close(accno, map[string]any{"closingReason": absent, "isDataDeleted": "yes"})
		assert.Equal(t, "0001", r.code())
		assert.Contains(t, r.json.Get("responseDescription").String(), "closingReason")
		r = c.close(accno, map[string]any{"isDataDeleted": "yes"})
		assert.Equal(t, "0001", r.code())
		assert.Contains(t, r.json.Get("responseDescription").String(), "isDataDeleted")

		r = c.update(accno, map[string]any{"oneTimePassword": "12ab"})
		assert.Equal(t, "0001", r.code())
		assert.Contains(t, r.json.Get("responseDescription").String(), "oneTimePassword")
	})
}

func TestMalformedRequests(t *testing.T) {
	t.Parallel()
	personalities(t, func(t *testing.T, c *client) {
		for name, body := range map[string]string{
			"malformed":  `{"partnerReference": "x",`,
			"array":      `["a"]`,
			"empty":      ``,
			"trailing":   `{} {}`,
			"too large":  `{"x":"` + strings.Repeat("a", 2<<20) + `"}`,
			"not object": `"text"`,
		} {
			r := c.do(http.MethodPut, "/account", body, c.auth())
			assert.Equal(t, http.StatusBadRequest, r.status, name)
			assert.Equal(t, "0001", r.code(), name)
		}

		for _, p := range []string{"/no/such/route", "/account/", "//account", "/account/x/../y"} {
			r := c.do(http.MethodGet, p, nil, c.auth())
			assert.Equal(t, http.StatusNotFound, r.status, p)
			assert.NotEqual(t, "0000", r.code(), p)
			assert.Equal(t, "application/json", r.header.Get("Content-Type"), p)
		}
		r := c.do(http.MethodDelete, "/account", nil, c.auth())
		assert.Equal(t, http.StatusNotFound, r.status)
	})
}

func TestKeyOrder(t *testing.T) {
	t.Parallel()
	personalities(t, func(t *testing.T, c *client) {
		raw := c.issue(c.cfg.Password).raw
		keys := regexp.MustCompile(`"(\w+)":`).FindAllStringSubmatch(raw, -1)
		require.NotEmpty(t, keys)
		for i := 1; i < len(keys); i++ {
			if c.cfg.Personality == Standard {
				assert.Less(t, keys[i-1][1], keys[i][1])
			} else {
				assert.Greater(t, keys[i-1][1], keys[i][1])
			}
		}
		if c.cfg.Personality == Alternative {
			assert.Contains(t, raw, `"traceId"`)
			assert.Contains(t, raw, `"serverVersion"`)
		}
	})
}

func TestConcurrentRequests(t *testing.T) {
	t.Parallel()
	c := start(t, DefaultConfig())
	token := c.auth()
	var wg sync.WaitGroup
	for i := range 24 {
		wg.Go(func() {
			w := &client{t: t, base: c.base, cfg: c.cfg, token: token, hc: c.hc}
			if i%4 == 0 {
				w.token = "" // also issue tokens concurrently
			}
			accno := w.newAccount()
			name := fmt.Sprintf("Name%d", i)
			assert.Equal(t, "0000", w.update(accno, map[string]any{"firstName": name}).code())
			assert.Equal(t, name, w.get(accno, nil).json.Get("firstName").String())
			assert.Equal(t, "0000", w.close(accno, nil).code())
		})
	}
	wg.Wait()
}

func TestRecovererAnswers0099(t *testing.T) {
	t.Parallel()
	h, err := newHandler(DefaultConfig())
	require.NoError(t, err)
	h.mux.Handle("POST /test/panic", h.serve(operation{
		id: "panic", pattern: "POST /test/panic", anonymous: true,
		spec: fieldSpec{fields: []field{date("localDate").req(), clock("localTime").req()}},
		run:  func(*handler, *call) reply { panic("boom") },
	}))
	var (
		mu     sync.Mutex // guards caught
		caught []string
	)
	h.onPanic = func(v any, stack []byte) {
		mu.Lock()
		defer mu.Unlock()
		caught = append(caught, fmt.Sprint(v))
		assert.Contains(t, string(stack), "TestRecovererAnswers0099", "the stack shows where the panic was raised")
	}
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	c := &client{t: t, base: srv.URL, cfg: DefaultConfig()}

	r := c.do(http.MethodPost, "/test/panic", map[string]any{
		"partnerReference": "pr-panic", "localDate": testLocalDate, "localTime": testLocalTime,
	}, "")
	assert.Equal(t, http.StatusInternalServerError, r.status)
	assertEnvelope(t, r, "0099")
	assert.Equal(t, "pr-panic", r.json.Get("partnerReference").String())
	mu.Lock()
	assert.Equal(t, []string{"boom"}, caught)
	mu.Unlock()

	// The server keeps serving.
	assert.Equal(t, "0000", c.issue(c.cfg.Password).code())
}

func TestConfig(t *testing.T) {
	t.Parallel()
	_, err := NewHandler(Config{Personality: Personality(7)})
	assert.Error(t, err)
	_, err = NewHandler(Config{TokenTTL: -time.Second})
	assert.Error(t, err)

	s, err := New(DefaultConfig())
	require.NoError(t, err)
	assert.Regexp(t, `^http://127\.0\.0\.1:\d+$`, s.URL)
	s.Close()
	s.Close() // idempotent
}

// TestServesTheOperationContract holds the server to the one declaration of
// the operations (schemas.Catalogue): each is served once, under its ID,
// at its method and path, with its authentication, and the only routes
// beyond them are the sandbox's extensions.
func TestServesTheOperationContract(t *testing.T) {
	t.Parallel()
	served := map[string]operation{}
	for _, op := range operations() {
		_, dup := served[op.id]
		require.False(t, dup, "operation %s is served twice", op.id)
		served[op.id] = op
	}
	for _, c := range schemas.Catalogue() {
		op, ok := served[c.ID]
		if assert.True(t, ok, "%s (%s) is not served", c.Name, c.ID) {
			assert.Equal(t, c.Method+" "+c.Path, op.pattern, c.ID)
			assert.Equal(t, c.Anonymous, op.anonymous, c.ID)
			assert.NotNil(t, op.run, c.ID)
		}
		delete(served, c.ID)
	}
	for id, op := range served {
		assert.True(t, strings.Contains(op.pattern, " /sandbox/"), "%s (%s) is neither an operation of the contract nor a sandbox extension", id, op.pattern)
	}
}
