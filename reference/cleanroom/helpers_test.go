package cleanroom

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"testing"
)

const (
	testPassword = "pw-1"
	testVerify   = "123456"
	testOTP      = "12345678"
)

func testConfig() Config {
	return DefaultConfig(testPassword, "pw-2", "pw-short", testVerify, testOTP)
}

// client drives the handler in-process.
type client struct {
	t     *testing.T
	h     http.Handler
	token string
}

type result struct {
	status int
	body   map[string]any
	text   string
	ctype  string
}

func (r result) code() string { s, _ := r.body["responseCode"].(string); return s }
func (r result) str(k string) string {
	s, _ := r.body[k].(string)
	return s
}
func (r result) num(k string) string {
	if n, ok := r.body[k].(json.Number); ok {
		return n.String()
	}
	return ""
}

func newClient(t *testing.T, h http.Handler, user, password string) *client {
	c := &client{t: t, h: h}
	r := c.call("POST", "/user/"+user+"/issue", map[string]any{"password": password, "localDate": "2025-01-02", "localTime": "120000"})
	if r.status != 200 || r.str("token") == "" {
		t.Fatalf("issue token: %d %v", r.status, r.body)
	}
	c.token = r.str("token")
	return c
}

func env(m map[string]any) map[string]any {
	out := map[string]any{"partnerReference": "ref-1", "localDate": "2025-01-02", "localTime": "120000"}
	for k, v := range m {
		out[k] = v
	}
	return out
}

func (c *client) call(method, path string, body map[string]any) result {
	c.t.Helper()
	var rd io.Reader
	if method == "GET" {
		q := url.Values{}
		for k, v := range body {
			q.Set(k, v.(string))
		}
		path += "?" + q.Encode()
	} else if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	req := httptest.NewRequest(method, path, rd)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept-Language", "en-US")
	if c.token != "" {
		req.Header.Set("X-Auth-Token", c.token)
	}
	w := httptest.NewRecorder()
	c.h.ServeHTTP(w, req)
	res := result{status: w.Code, ctype: w.Header().Get("Content-Type"), text: w.Body.String()}
	dec := json.NewDecoder(bytes.NewReader(w.Body.Bytes()))
	dec.UseNumber()
	dec.Decode(&res.body)
	return res
}

func (c *client) expect(r result, status int, code string) {
	c.t.Helper()
	if r.status != status || r.code() != code {
		c.t.Fatalf("want %d/%s, got %d/%s: %s", status, code, r.status, r.code(), r.text)
	}
}

func accountBody() map[string]any {
	return env(map[string]any{
		"programCode": "PRG01", "currCode": "EUR", "title": "MR", "lastName": "Muster", "firstName": "Max",
		"addr1": "Hauptstrasse 1", "city": "Berlin", "countryCode": "DE", "postCode": "10115",
		"dob": "1980-05-17", "emailAddress": "max@example.com", "useDifferentCorrespondenceAddress": false,
		"nationality": "DE",
	})
}

func (c *client) createAccount() string {
	c.t.Helper()
	r := c.call("PUT", "/account", accountBody())
	c.expect(r, 201, "0000")
	return r.str("accno")
}

func acctQuery(m map[string]any) map[string]any {
	return env(mergeMap(map[string]any{"programCode": "PRG01", "accnoType": "00"}, m))
}

func mergeMap(a, b map[string]any) map[string]any {
	for k, v := range b {
		a[k] = v
	}
	return a
}

func guestBilling() map[string]any {
	return map[string]any{
		"useDifferentBillingAddress": true, "customerFullName": "Erika Muster", "emailAddress": "erika@example.com",
		"addr1": "Nebenstrasse", "houseNumber": "5", "city": "Hamburg", "postCode": "20095", "countryCode": "DE",
	}
}

// load loads a wallet with a guest payment (Init Authorize, Complete Authorize, Capture).
func (c *client) load(accno, amount string) string {
	c.t.Helper()
	r := c.call("PUT", "/payment/initAuthorize", env(mergeMap(map[string]any{
		"programAccno": "900000001", "accno": accno, "accnoType": "00", "paymentOptionCode": "VISA",
		"presentationAmount": json.Number(amount), "presentationCurrCode": "EUR", "presentationUsage": "top up",
	}, guestBilling())))
	c.expect(r, 201, "0000")
	ref := r.str("uniqueReference")
	r = c.call("POST", "/payment/"+ref+"/completeAuthorize", env(map[string]any{"authorizationToken": r.str("authorizationToken")}))
	c.expect(r, 200, "0000")
	r = c.call("POST", "/payment/"+ref+"/capture", env(nil))
	c.expect(r, 201, "0000")
	return ref
}

func (c *client) balance(accno string) result {
	c.t.Helper()
	r := c.call("GET", "/account/"+accno+"/balance", acctQuery(nil))
	c.expect(r, 200, "0000")
	return r
}
