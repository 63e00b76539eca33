package reference

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/tidwall/gjson"
)

// Request values used throughout the tests.
const (
	testLocalDate = "2026-03-14"
	testLocalTime = "101530"
)

// absent, as an override value, removes the field from a request.
type absentField struct{}

var absent = absentField{}

// client talks to one reference server.
type client struct {
	t     testing.TB
	base  string
	cfg   Config
	token string       // issued lazily by auth()
	hc    *http.Client // nil means http.DefaultClient
}

// httpClient is the client's HTTP client.
func (c *client) httpClient() *http.Client {
	if c.hc != nil {
		return c.hc
	}
	return http.DefaultClient
}

// worker returns a copy of c, with c's token, for use by another goroutine.
func (c *client) worker() *client {
	c.t.Helper()
	c.auth()
	w := *c
	return &w
}

// ownClient gives c an HTTP client of its own whose connections are closed
// before the server is (registered after the server's Close, so run
// before it): http.Server.Shutdown waits up to 5 s for connections a client
// dialed but never used.
func (c *client) ownClient(t testing.TB) *client {
	tr := http.DefaultTransport.(*http.Transport).Clone()
	t.Cleanup(tr.CloseIdleConnections)
	c.hc = &http.Client{Transport: tr}
	return c
}

// response is one decoded answer.
type response struct {
	status int
	header http.Header
	raw    string
	json   gjson.Result
}

func (r response) code() string { return r.json.Get("responseCode").String() }

// start runs a reference server with cfg for the duration of the test.
func start(t testing.TB, cfg Config) *client {
	t.Helper()
	s, err := New(cfg)
	require.NoError(t, err)
	t.Cleanup(s.Close)
	return (&client{t: t, base: s.URL, cfg: cfg}).ownClient(t)
}

// do sends a request; body is JSON-encoded unless it is a string (sent as is).
func (c *client) do(method, path string, body any, token string) response {
	c.t.Helper()
	var rd io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		rd = strings.NewReader(b)
	default:
		enc, err := json.Marshal(b)
		require.NoError(c.t, err)
		rd = bytes.NewReader(enc)
	}
	req, err := http.NewRequest(method, c.base+path, rd)
	require.NoError(c.t, err)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept-Language", "en-US")
	if token != "" {
		req.Header.Set("X-Auth-Token", token)
	}
	res, err := c.httpClient().Do(req)
	require.NoError(c.t, err)
	defer res.Body.Close()
	data, err := io.ReadAll(res.Body)
	require.NoError(c.t, err)
	require.True(c.t, gjson.ValidBytes(data), "response is not JSON: %s", data)
	return response{status: res.StatusCode, header: res.Header, raw: string(data), json: gjson.ParseBytes(data)}
}

// issue calls Issue Token with the given password.
func (c *client) issue(password string) response {
	c.t.Helper()
	return c.do(http.MethodPost, "/user/"+url.PathEscape(c.cfg.UserID)+"/issue", map[string]any{
		"password": password, "localDate": testLocalDate, "localTime": testLocalTime,
	}, "")
}

// auth returns a valid token, issuing one on first use.
func (c *client) auth() string {
	c.t.Helper()
	if c.token == "" {
		r := c.issue(c.cfg.Password)
		require.Equal(c.t, "0000", r.code(), r.raw)
		c.token = r.json.Get("token").String()
	}
	return c.token
}

// secondPartner returns a client of the same server that acts for the
// second partner of c's configuration, with a token of its own.
func (c *client) secondPartner() *client {
	s := *c
	s.cfg.UserID, s.cfg.Password = c.cfg.SecondUserID, c.cfg.SecondPassword
	s.token = ""
	return &s
}

// with returns a copy of base with overrides applied; absent deletes a key.
func with(base map[string]any, overrides map[string]any) map[string]any {
	out := map[string]any{}
	for k, v := range base {
		out[k] = v
	}
	for k, v := range overrides {
		if v == absent {
			delete(out, k)
		} else {
			out[k] = v
		}
	}
	return out
}

// createBody is a valid Create Account body.
func (c *client) createBody(overrides map[string]any) map[string]any {
	return with(map[string]any{
		"partnerReference":                  "pr-create-1",
		"programCode":                       c.cfg.ProgramCode,
		"externalAccountReference":          "ext-42",
		"currCode":                          "EUR",
		"title":                             "MR",
		"lastName":                          "Mustermann",
		"firstName":                         "Max",
		"addr1":                             "Hauptstrasse 1",
		"city":                              "Berlin",
		"countryCode":                       "DE",
		"postCode":                          "10115",
		"dob":                               "1990-05-17",
		"emailAddress":                      "max@example.com",
		"useDifferentCorrespondenceAddress": false,
		"nationality":                       "DEU",
		"localDate":                         testLocalDate,
		"localTime":                         testLocalTime,
	}, overrides)
}

// updateBody is a valid Update Account Information body.
func (c *client) updateBody(overrides map[string]any) map[string]any {
	return with(map[string]any{
		"partnerReference":                  "pr-update-1",
		"programCode":                       c.cfg.ProgramCode,
		"accnoType":                         "00",
		"title":                             "MS",
		"lastName":                          "Musterfrau",
		"firstName":                         "Erika",
		"addr1":                             "Nebenstrasse 2",
		"city":                              "Hamburg",
		"postCode":                          "20095",
		"countryCode":                       "DE",
		"dob":                               "1985-01-31",
		"emailAddress":                      "erika@example.com",
		"useDifferentCorrespondenceAddress": false,
		"localDate":                         testLocalDate,
		"localTime":                         testLocalTime,
	}, overrides)
}

// closeBody is a valid Close Account body.
func (c *client) closeBody(overrides map[string]any) map[string]any {
	return with(map[string]any{
		"partnerReference": "pr-close-1",
		"programCode":      c.cfg.ProgramCode,
		"accnoType":        "00",
		"closingReason":    "customer request",
		"localDate":        testLocalDate,
		"localTime":        testLocalTime,
	}, overrides)
}

// getQuery is a valid Get Account Information query string.
func (c *client) getQuery(overrides map[string]any) string {
	q := url.Values{}
	for k, v := range with(map[string]any{
		"partnerReference": "pr-get-1",
		"programCode":      c.cfg.ProgramCode,
		"accnoType":        "00",
		"localDate":        testLocalDate,
		"localTime":        testLocalTime,
	}, overrides) {
		q.Set(k, v.(string))
	}
	return "?" + q.Encode()
}

func (c *client) create(overrides map[string]any) response {
	c.t.Helper()
	return c.do(http.MethodPut, "/account", c.createBody(overrides), c.auth())
}

// newAccount creates an account and returns its number.
func (c *client) newAccount() string {
	c.t.Helper()
	r := c.create(nil)
	require.Equal(c.t, "0000", r.code(), r.raw)
	return r.json.Get("accno").String()
}

func (c *client) get(accno string, overrides map[string]any) response {
	c.t.Helper()
	return c.do(http.MethodGet, "/account/"+url.PathEscape(accno)+c.getQuery(overrides), nil, c.auth())
}

func (c *client) update(accno string, overrides map[string]any) response {
	c.t.Helper()
	return c.do(http.MethodPost, "/account/"+url.PathEscape(accno)+"/updateInfo", c.updateBody(overrides), c.auth())
}

func (c *client) close(accno string, overrides map[string]any) response {
	c.t.Helper()
	return c.do(http.MethodPost, "/account/"+url.PathEscape(accno)+"/close", c.closeBody(overrides), c.auth())
}

// personalities runs fn once per personality with a conforming server.
func personalities(t *testing.T, fn func(t *testing.T, c *client)) {
	for _, p := range []struct {
		name string
		p    Personality
	}{{"standard", Standard}, {"alternative", Alternative}} {
		t.Run(p.name, func(t *testing.T) {
			t.Parallel()
			cfg := DefaultConfig()
			cfg.Personality = p.p
			fn(t, start(t, cfg))
		})
	}
}
