package reference

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"net/http"
	"net/http/httptest"
	"net/url"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/shopspring/decimal"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wallet-conformance/wallet-conformance/schemas"
)

// The fuzz targets of this file feed the reference server requests a
// client could send, however malformed, and check that every answer is one
// a conforming server may give: JSON with a four-digit responseCode (or the
// text/plain yes/no of B-4.11), 2xx with 0000 or 4xx with another code,
// never a panic, a 5xx or 0099, nor an answer that takes seconds. The seed
// corpus runs with every go test; a longer run, one target at a time:
//
//	go test ./reference -run='^$' -fuzz='^FuzzRequestBody$' -fuzztime=5m -fuzzminimizetime=100x
//	go test ./reference -run='^$' -fuzz='^FuzzFieldValues$' -fuzztime=5m -fuzzminimizetime=100x
//	go test ./reference -run='^$' -fuzz='^FuzzAmount$' -fuzztime=1m
//
// (with the default minimization time of 60 s, fuzzing stalls for long
// stretches while it shrinks every new large input).
//
// Requests are served by calling the handler, without network. The redirect
// callbacks of the sandbox trigger go to a stub, never to the fuzzed URL.

// fuzzOp is one operation as the fuzz targets call it: the route of the
// catalogue (or of the sandbox trigger) and a valid request.
type fuzzOp struct {
	id     string // catalogue ID, or sandboxRedirectID
	method string
	path   string // template, "{name}" for path parameters
	plain  bool   // success is text/plain (B-4.11)
	// valid creates what the operation needs on c's server and returns a
	// valid request: path parameters, and the body (JSON values) or query
	// (strings) parameters.
	valid func(c *client) (pathArgs map[string]string, params map[string]any)
	// derived: valid is derivedValid's (no entry in fuzzBuilders).
	derived bool
}

// sandboxRedirectID names the sandbox redirect trigger in the fuzz table.
const sandboxRedirectID = "sandbox-redirect"

// fuzzOps lists every operation of schemas.Catalogue() and the sandbox
// trigger, in that order: the valid request of fuzzBuilders, or, for an
// operation without an entry there whose state follows from its contract
// (Operation.DerivedRead: a GET on {accno} or {uniqueReference} alone),
// derivedValid's.
// TestFuzzTable proves it complete.
func fuzzOps() []fuzzOp {
	builders := fuzzBuilders()
	var ops []fuzzOp
	for _, o := range schemas.Catalogue() {
		op := fuzzOp{id: o.ID, method: o.Method, path: o.Path, plain: o.PlainText, valid: builders[o.ID]}
		if op.valid == nil && o.DerivedRead() {
			op.valid, op.derived = derivedValid(o), true
		}
		ops = append(ops, op)
	}
	return append(ops, fuzzOp{
		id: sandboxRedirectID, method: http.MethodPost, path: "/sandbox/payments/{uniqueReference}/redirect",
		valid: builders[sandboxRedirectID],
	})
}

// derivedValid is the valid request of an operation whose state follows
// from its contract (Operation.DerivedRead): the operation's example request
// (schemas.ExampleRequest) with the client's envelope and configured values
// put in, its query values as strings, on an account loaded with 100.00
// (fundedWallet: a captured payment and its entry, so that a list the read
// answers has an element to check), or for a read of a payment on that
// payment, refunded 40.00 of it (a list of its refunds has an element).
func derivedValid(o schemas.Operation) func(c *client) (map[string]string, map[string]any) {
	return func(c *client) (map[string]string, map[string]any) {
		_, params, ok := schemas.ExampleRequest(o.ID)
		require.True(c.t, ok, "%s has no example request (schemas.ExampleRequest) to derive its fuzz request from", o.ID)
		params["partnerReference"] = "pr-" + o.ID + "-1"
		params["localDate"], params["localTime"] = testLocalDate, testLocalTime
		for k, v := range map[string]string{"programCode": c.cfg.ProgramCode, "programAccno": c.cfg.ProgramAccno} {
			if _, has := params[k]; has {
				params[k] = v
			}
		}
		for k, v := range params {
			if _, isString := v.(string); !isString {
				params[k] = fmt.Sprint(v) // a json.Number or a bool of the example, as the query carries it
			}
		}
		if o.ReadsAPayment() {
			ref := c.loadWallet(c.newAccount(), "100.00")
			r := c.refund(ref, map[string]any{"refundAmount": json.Number("40.00")})
			require.Equal(c.t, "0000", r.code(), r.raw)
			return map[string]string{"uniqueReference": ref}, params
		}
		return map[string]string{"accno": c.fundedWallet("100.00")}, params
	}
}

// fuzzBuilders are the valid requests of fuzzOps by ID; a GET on {accno} or
// {uniqueReference} alone whose example request serves needs no entry
// (derivedValid).
func fuzzBuilders() map[string]func(c *client) (map[string]string, map[string]any) {
	none := map[string]string{}
	account := func(accno string) map[string]string { return map[string]string{"accno": accno} }
	option := func(accno, ref string) map[string]string {
		return map[string]string{"accno": accno, "storedPaymentOptionReference": ref}
	}
	pay := func(ref string) map[string]string { return map[string]string{"uniqueReference": ref} }
	return map[string]func(c *client) (map[string]string, map[string]any){
		"issue-token": func(c *client) (map[string]string, map[string]any) {
			return map[string]string{"userId": c.cfg.UserID}, map[string]any{
				"password": c.cfg.Password, "localDate": testLocalDate, "localTime": testLocalTime,
			}
		},
		"create-account": func(c *client) (map[string]string, map[string]any) {
			return none, c.createBody(nil)
		},
		"update-account": func(c *client) (map[string]string, map[string]any) {
			return account(c.newAccount()), c.updateBody(nil)
		},
		"close-account": func(c *client) (map[string]string, map[string]any) {
			return account(c.newAccount()), c.closeBody(nil)
		},
		"init-add-stored-payment-option": func(c *client) (map[string]string, map[string]any) {
			return account(c.newAccount()), c.opBody("pr-initadd-1", map[string]any{
				"paymentOptionCode": "VISA", "useDifferentBillingAddress": false,
			}, nil)
		},
		"complete-add-stored-payment-option": func(c *client) (map[string]string, map[string]any) {
			accno := c.newAccount()
			return account(accno), c.opBody("pr-completeadd-1", map[string]any{
				"authorizationToken": c.authorization(accno, nil), "paymentOptionCode": "VISA",
				"useDifferentBillingAddress": false,
			}, nil)
		},
		"init-verify-stored-payment-option": func(c *client) (map[string]string, map[string]any) {
			accno := c.newAccount()
			return option(accno, c.addOption(accno, "VISA")), c.opBody("pr-initverify-1", map[string]any{
				"programCode": absent, "programAccno": c.cfg.ProgramAccno,
			}, nil)
		},
		"complete-verify-stored-payment-option": func(c *client) (map[string]string, map[string]any) {
			accno := c.newAccount()
			ref := c.addOption(accno, "VISA")
			r := c.initVerify(accno, ref, nil)
			require.Equal(c.t, "0000", r.code(), r.raw)
			return option(accno, ref), c.opBody("pr-completeverify-1", map[string]any{
				"verificationCode": c.cfg.VerificationCode,
			}, nil)
		},
		"delete-stored-payment-option": func(c *client) (map[string]string, map[string]any) {
			accno := c.newAccount()
			return option(accno, c.addOption(accno, "VISA")), c.opBody("pr-delete-1", nil, nil)
		},
		"set-default-stored-payment-option": func(c *client) (map[string]string, map[string]any) {
			accno := c.newAccount()
			return option(accno, c.addOption(accno, "MC")), c.opBody("pr-setdefault-1", nil, nil)
		},
		"get-stored-payment-options": func(c *client) (map[string]string, map[string]any) {
			accno := c.newAccount()
			c.addOption(accno, "SEPADD")
			return account(accno), c.opBody("pr-stored-1", map[string]any{"transactionTypeCode": "PAYOUT"}, nil)
		},
		"init-authorize": func(c *client) (map[string]string, map[string]any) {
			return none, payBody("pr-initauth-1", guestBilling(map[string]any{
				"programAccno":         c.cfg.ProgramAccno,
				"accno":                c.newAccount(),
				"accnoType":            "00",
				"paymentOptionCode":    "VISA",
				"presentationAmount":   json.Number("100.00"),
				"presentationCurrCode": "EUR",
				"presentationUsage":    "Order 4711",
				"criteria":             []any{map[string]any{"name": "channel", "value": "web"}},
			}), nil)
		},
		"complete-authorize": func(c *client) (map[string]string, map[string]any) {
			ref, token := c.receivedPayment(nil)
			return pay(ref), payBody("pr-complete-1", map[string]any{"authorizationToken": token}, nil)
		},
		"authorize": func(c *client) (map[string]string, map[string]any) {
			accno := c.newAccount()
			return none, payBody("pr-authorize-1", map[string]any{
				"programAccno":                 c.cfg.ProgramAccno,
				"accno":                        accno,
				"accnoType":                    "00",
				"storedPaymentOptionReference": c.addOption(accno, "VISA"),
				"presentationAmount":           json.Number("100.00"),
				"presentationCurrCode":         "EUR",
				"presentationUsage":            "Order 4712",
				"useDifferentBillingAddress":   false,
				"oneTimePassword":              c.cfg.OneTimePassword,
			}, nil)
		},
		"capture": func(c *client) (map[string]string, map[string]any) {
			return pay(c.authorizedPayment()), payBody("pr-capture-1", map[string]any{
				"modifiedAmount": json.Number("60.00"), "modifiedAmountCurrCode": "EUR",
			}, nil)
		},
		"refund": func(c *client) (map[string]string, map[string]any) {
			ref := c.loadWallet(c.newAccount(), "100.00")
			return pay(ref), payBody("pr-refund-1", map[string]any{
				"refundAmount": json.Number("40.00"), "refundCurrCode": "EUR",
			}, nil)
		},
		"cancel": func(c *client) (map[string]string, map[string]any) {
			return pay(c.authorizedPayment()), payBody("pr-cancel-1", nil, nil)
		},
		"add-consent": func(c *client) (map[string]string, map[string]any) {
			return account(c.newAccount()), c.opBody("pr-consent-1", map[string]any{"oneTimePassword": c.cfg.OneTimePassword}, nil)
		},
		"revoke-consent": func(c *client) (map[string]string, map[string]any) {
			accno := c.newAccount()
			return map[string]string{"accno": accno, "consentReference": c.consentRef(accno)},
				c.opBody("pr-revoke-1", nil, nil)
		},
		"find-user-account": func(c *client) (map[string]string, map[string]any) {
			return none, map[string]any{
				"partnerReference": "pr-find-1", "programCode": c.cfg.ProgramCode, "userId": c.newAccount(),
				"localDate": testLocalDate, "localTime": testLocalTime,
			}
		},
		"check-available-payment-amount": func(c *client) (map[string]string, map[string]any) {
			return account(c.newAccount()), c.opBody("pr-check-1", map[string]any{"amount": "10.00", "currCode": "EUR"}, nil)
		},
		"account-enquiry": func(c *client) (map[string]string, map[string]any) {
			return account(c.fundedWallet("100.00")), c.opBody("pr-enquiry-1", map[string]any{
				"startDate": "2000-01-01", "startTime": "000000", "endDate": "2999-12-31", "endTime": "235959",
				"top": "10", "skip": "0", "sortDirection": "DESC",
				"includeNeutral": "true", "includePendingTransactions": "false",
			}, nil)
		},
		"kc-authorize": func(c *client) (map[string]string, map[string]any) {
			return none, payBody("pr-kcauth-1", map[string]any{
				"accno":                      c.fundedWallet("100.00"),
				"accnoType":                  "00",
				"merchantAccno":              c.cfg.MerchantAccno,
				"programCode":                c.cfg.ProgramCode,
				"programAccno":               c.cfg.ProgramAccno,
				"paymentAmount":              json.Number("30.00"),
				"paymentCurrCode":            "EUR",
				"paymentUsage":               "Basket 17",
				"useDifferentBillingAddress": false,
				"countryCode":                "DE",
			}, nil)
		},
		"kc-debit-account": func(c *client) (map[string]string, map[string]any) {
			return none, payBody("pr-kcdebit-1", map[string]any{
				"accno":                      c.fundedWallet("100.00"),
				"accnoType":                  "00",
				"merchantAccno":              c.cfg.MerchantExternalReference,
				"merchantProgramCode":        c.cfg.MerchantProgramCode,
				"programAccno":               c.cfg.ProgramAccno,
				"paymentAmount":              json.Number("30.00"),
				"paymentCurrCode":            "EUR",
				"paymentUsage":               "Basket 17",
				"useDifferentBillingAddress": false,
				"countryCode":                "DE",
				"oneTimePassword":            c.cfg.OneTimePassword,
			}, nil)
		},
		"kc-capture": func(c *client) (map[string]string, map[string]any) {
			return pay(c.kcAuthorized(c.fundedWallet("100.00"), "50.00")), payBody("pr-kccapture-1", map[string]any{
				"modifiedAmount": json.Number("20.00"), "modifiedAmountCurrCode": "EUR", "modifiedFeeAmount": json.Number("1.00"),
			}, nil)
		},
		"kc-cancel": func(c *client) (map[string]string, map[string]any) {
			return pay(c.kcAuthorized(c.fundedWallet("100.00"), "50.00")), payBody("pr-kccancel-1", map[string]any{
				"modifiedUsage": "changed my mind",
			}, nil)
		},
		"kc-refund": func(c *client) (map[string]string, map[string]any) {
			return pay(c.kcDebited(c.fundedWallet("100.00"), "50.00")), payBody("pr-kcrefund-1", map[string]any{
				"refundAmount": json.Number("20.00"), "refundCurrCode": "EUR",
			}, nil)
		},
		"address-check": func(c *client) (map[string]string, map[string]any) {
			return none, c.opBody("pr-address-1", map[string]any{
				"street": "Hauptstrasse", "house": "1", "postalCode": "10115", "city": "Berlin", "countryCode": "DE",
			}, map[string]any{"accnoType": absent})
		},
		sandboxRedirectID: func(c *client) (map[string]string, map[string]any) {
			ref, _ := c.receivedPayment(nil)
			return pay(ref), map[string]any{
				"callBackUrl": "https://merchant.test/callback?order=17", "merchantTransactionId": "mtx-1",
				"partnerReference": "pr-redirect-1", "localDate": testLocalDate, "localTime": testLocalTime,
			}
		},
	}
}

// fuzzServer is a handler served in-process, with a token and a record of
// the panics its recoverer caught.
type fuzzServer struct {
	h     *handler
	cfg   Config
	token string
	uses  int // requests built on it; the pool replaces it after a while

	// fixtures are valid requests (by fuzzOp id) whose state is still
	// unused: a handled error changes nothing, so the next input may reuse
	// the request's account, option, payment or consent.
	fixtures map[string]fixture

	mu     sync.Mutex // guards panics
	panics []string   // value and stack of every panic recovered
}

func newFuzzServer(tb testing.TB, p Personality) *fuzzServer {
	tb.Helper()
	cfg := DefaultConfig()
	cfg.Personality = p
	h, err := newHandler(cfg)
	require.NoError(tb, err)
	s := &fuzzServer{h: h, cfg: cfg, token: "fuzz-" + randomHex(16), fixtures: map[string]fixture{}}
	now := h.now()
	h.tokens.add(s.token, cfg.UserID, now.AddDate(1, 0, 0), now)
	h.callbacks = &http.Client{Transport: callbackStub{}}
	h.onPanic = func(v any, stack []byte) {
		s.mu.Lock()
		defer s.mu.Unlock()
		s.panics = append(s.panics, fmt.Sprintf("%v\n%s", v, stack))
	}
	return s
}

// fixture is a valid request of a fuzzOp: path parameters and parameters.
type fixture struct {
	args   map[string]string
	params map[string]any
}

// valid returns a copy of a valid request of op, built on first use and
// after a success consumed the previous one (see done).
func (s *fuzzServer) valid(t testing.TB, op fuzzOp) (map[string]string, map[string]any) {
	fx, ok := s.fixtures[op.id]
	if !ok {
		fx.args, fx.params = op.valid(s.client(t))
		s.fixtures[op.id] = fx
	}
	return maps.Clone(fx.args), maps.Clone(fx.params)
}

// done forgets the valid request of op once a request built on it
// succeeded, since the success may have used its state up.
func (s *fuzzServer) done(op fuzzOp, rec *httptest.ResponseRecorder) {
	if rec.Code >= 200 && rec.Code <= 299 {
		delete(s.fixtures, op.id)
	}
}

// recovered returns the number of panics recovered so far and the latest.
func (s *fuzzServer) recovered() (int, string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.panics) == 0 {
		return 0, ""
	}
	return len(s.panics), s.panics[len(s.panics)-1]
}

// client returns a client of s for t, holding s's token.
func (s *fuzzServer) client(t testing.TB) *client {
	return &client{t: t, base: "http://reference.test", cfg: s.cfg, token: s.token,
		hc: &http.Client{Transport: handlerTransport{s.h}}}
}

// fuzzPool keeps one fuzzServer per personality and replaces it after
// maxUses requests, so that the state fuzzing creates stays small.
type fuzzPool struct {
	maxUses int
	servers [2]*fuzzServer
}

func (p *fuzzPool) get(tb testing.TB, alternative bool) *fuzzServer {
	i, pers := 0, Standard
	if alternative {
		i, pers = 1, Alternative
	}
	if s := p.servers[i]; s == nil || s.uses >= p.maxUses {
		p.servers[i] = newFuzzServer(tb, pers)
	}
	p.servers[i].uses++
	return p.servers[i]
}

// handlerTransport serves a client's requests by calling the handler in
// the calling goroutine.
type handlerTransport struct{ h http.Handler }

func (tr handlerTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	var body io.Reader = http.NoBody
	if r.Body != nil {
		defer r.Body.Close()
		body = r.Body
	}
	sr := httptest.NewRequest(r.Method, r.URL.RequestURI(), body)
	sr.Header = r.Header.Clone()
	rec := httptest.NewRecorder()
	tr.h.ServeHTTP(rec, sr)
	res := rec.Result()
	res.Request = r
	return res, nil
}

// callbackStub answers every redirect callback 200, but those to the host
// unreachable.test, which fail like a refused connection.
type callbackStub struct{}

func (callbackStub) RoundTrip(r *http.Request) (*http.Response, error) {
	if r.Body != nil {
		_ = r.Body.Close()
	}
	if r.URL.Hostname() == "unreachable.test" {
		return nil, fmt.Errorf("dial %s: connection refused", r.URL.Host)
	}
	return &http.Response{StatusCode: http.StatusOK, Header: http.Header{}, Body: http.NoBody, Request: r}, nil
}

// expandPath replaces each path parameter "{name}" of template with
// value(name), in one pass.
func expandPath(template string, value func(name string) string) string {
	var b strings.Builder
	for {
		i := strings.IndexByte(template, '{')
		if i < 0 {
			b.WriteString(template)
			return b.String()
		}
		j := strings.IndexByte(template[i:], '}') + i
		b.WriteString(template[:i])
		b.WriteString(value(template[i+1 : j]))
		template = template[j+1:]
	}
}

// escaped returns the path parameters of args escaped as a client escapes
// a path segment.
func escaped(args map[string]string) func(string) string {
	return func(name string) string { return url.PathEscape(args[name]) }
}

// wireSafe percent-encodes the bytes a request line cannot carry (spaces,
// control characters) and '#', keeping every other byte, valid escapes and
// malformed ones alike, as sent.
func wireSafe(s string, alsoQuestionMark bool) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c <= ' ' || c == 0x7f || c == '#' || (alsoQuestionMark && c == '?') {
			fmt.Fprintf(&b, "%%%02X", c)
			continue
		}
		b.WriteByte(c)
	}
	return b.String()
}

// serverRequest builds the request as the server receives it, from the
// request line's target; it reports false when a Go server would reject
// the target before any handler sees it.
func serverRequest(method, target string, body []byte, token string) (*http.Request, bool) {
	u, err := url.ParseRequestURI(target)
	if err != nil {
		return nil, false
	}
	r := &http.Request{
		Method: method, URL: u, RequestURI: target, Host: "reference.test",
		Proto: "HTTP/1.1", ProtoMajor: 1, ProtoMinor: 1,
		Header:        http.Header{"Content-Type": {"application/json"}, "Accept-Language": {"en-US"}},
		Body:          io.NopCloser(bytes.NewReader(body)),
		ContentLength: int64(len(body)),
	}
	if token != "" {
		r.Header.Set("X-Auth-Token", token)
	}
	return r, true
}

// slowAnswer is the time after which an answer counts as a hang: it tells a
// server that hangs from one that answers, not a fast answer from a slow
// one (speed is make bench's), so a 1 MiB body under -race on a machine
// with both cores busy stays far below it. That an amount is read in time
// linear in its length is proven by what reading it allocates
// (TestParseAmountBuildsNoHugeNumber), not by a clock.
const slowAnswer = 60 * time.Second

// serve sends r to s and checks the answer (see checkAnswer).
func (s *fuzzServer) serve(t *testing.T, op fuzzOp, r *http.Request) *httptest.ResponseRecorder {
	t.Helper()
	before, _ := s.recovered()
	rec := httptest.NewRecorder()
	done := make(chan struct{})
	go func() {
		defer close(done)
		s.h.ServeHTTP(rec, r)
	}()
	select {
	case <-done:
	case <-time.After(slowAnswer): // a watchdog for a hang, not a measure of speed
		t.Fatalf("%.300s %.300s: no answer after %v", r.Method, r.RequestURI, slowAnswer)
	}
	if n, last := s.recovered(); n != before {
		t.Fatalf("%.300s %.300s: the server panicked: %s", r.Method, r.RequestURI, last)
	}
	checkAnswer(t, op, r, rec)
	return rec
}

// checkAnswer fails t unless rec is an answer a conforming server may give
// to any request: no 5xx; a Content-Type; the text/plain yes or no of a
// B-4.11 success; otherwise a JSON object with the envelope of
// (responseCode four digits, responseDescription, sysDate, sysTime),
// "0000" with a 2xx status, another code (never 0099) with a 4xx status.
func checkAnswer(t *testing.T, op fuzzOp, r *http.Request, rec *httptest.ResponseRecorder) {
	t.Helper()
	body := rec.Body.Bytes()
	show := func() string {
		b := body
		if len(b) > 2000 {
			b = b[:2000]
		}
		return fmt.Sprintf("%s %.300s: HTTP %d %s", r.Method, r.RequestURI, rec.Code, b)
	}
	if rec.Code >= 500 || rec.Code < 200 || (rec.Code >= 300 && rec.Code < 400) {
		t.Fatalf("status out of 2xx/4xx: %s", show())
	}
	ct := rec.Header().Get("Content-Type")
	if strings.HasPrefix(ct, "text/plain") {
		if !op.plain || rec.Code != http.StatusOK || (string(body) != "yes" && string(body) != "no") {
			t.Fatalf("unexpected text/plain answer: %s", show())
		}
		return
	}
	if ct != "application/json" {
		t.Fatalf("Content-Type %q: %s", ct, show())
	}
	var m map[string]any
	if !utf8.Valid(body) || json.Unmarshal(body, &m) != nil || m == nil {
		t.Fatalf("answer is not a JSON object in UTF-8: %s", show())
	}
	code, ok := m["responseCode"].(string)
	if !ok || len(code) != 4 || strings.Trim(code, "0123456789") != "" {
		t.Fatalf("responseCode is not four digits: %s", show())
	}
	if _, ok := m["responseDescription"].(string); !ok {
		t.Fatalf("responseDescription is not a string: %s", show())
	}
	if d, _ := m["sysDate"].(string); !validDate(d, false) {
		t.Fatalf("sysDate is not a D value: %s", show())
	}
	if c, _ := m["sysTime"].(string); !validTime(c) {
		t.Fatalf("sysTime is not a T value: %s", show())
	}
	switch {
	case code == "0099":
		t.Fatalf("0099: %s", show())
	case code == "0000" && (rec.Code < 200 || rec.Code > 299):
		t.Fatalf("0000 with a non-2xx status: %s", show())
	case code != "0000" && (rec.Code < 400 || rec.Code > 499):
		t.Fatalf("handled error %s without a 4xx status: %s", code, show())
	}
}

// serverOp finds the server's operation of a fuzz table entry.
func serverOp(tb testing.TB, op fuzzOp) operation {
	tb.Helper()
	for _, o := range operations() {
		if o.pattern == op.method+" "+op.path {
			return o
		}
	}
	tb.Fatalf("the server has no operation %s %s", op.method, op.path)
	return operation{}
}

// opIndex is the index of the fuzz table entry id.
func opIndex(tb testing.TB, ops []fuzzOp, id string) byte {
	tb.Helper()
	i := slices.IndexFunc(ops, func(o fuzzOp) bool { return o.id == id })
	require.GreaterOrEqual(tb, i, 0, id)
	return byte(i)
}

// TestFuzzTable proves the fuzz table complete: one entry per operation of
// the catalogue and of the server, whose valid request succeeds in both
// personalities.
func TestFuzzTable(t *testing.T) {
	t.Parallel()
	ops := fuzzOps()
	require.Len(t, ops, len(schemas.Catalogue())+1)
	var patterns []string
	for _, op := range ops {
		require.NotNil(t, op.valid, "%s has no valid request: it is no GET on {accno} or {uniqueReference} alone (Operation.DerivedRead), so give it an entry in fuzzBuilders (reference/fuzz_test.go)", op.id)
		patterns = append(patterns, serverOp(t, op).pattern)
	}
	for _, o := range operations() {
		assert.Contains(t, patterns, o.pattern, "operation %s is not fuzzed", o.id)
	}
	for _, p := range []Personality{Standard, Alternative} {
		s := newFuzzServer(t, p)
		for _, op := range ops {
			args, params := op.valid(s.client(t))
			r := buildRequest(t, op, args, params, s.token)
			rec := s.serve(t, op, r)
			how := "its entry in fuzzBuilders"
			if op.derived {
				how = "derived from its example request (derivedValid)"
			}
			if op.plain {
				assert.Equal(t, "no", rec.Body.String(), "%s (%v), %s", op.id, p, how)
				continue
			}
			assert.Contains(t, rec.Body.String(), `"responseCode":"0000"`, "%s (%v), %s", op.id, p, how)
		}
	}
}

// The request derivedValid derives of a read of an account succeeds on the
// reference, both personalities, for every such operation of the catalogue,
// those that keep an entry in fuzzBuilders (Get Stored Payment Options,
// Check Available Payment Amount, Account Enquiry) too: a new one of the kind
// needs no entry. A list the derived request answers holds an element (the
// wallet is loaded: a payment, an entry) for an operation with no entry; one
// whose list a load does not fill (the stored options) keeps an entry that
// makes an element first, and TestEverySuccessResponseHasTheFieldsOfItsSchema
// holds that entry's list to an element. TestFuzzTable runs the derived
// requests of those that have none (Get Account Information, Get Payment
// Options, Balance Enquiry).
func TestTheDerivedRequestServesEveryReadOfAnAccount(t *testing.T) {
	t.Parallel()
	n, builders := 0, fuzzBuilders()
	for _, p := range []Personality{Standard, Alternative} {
		s := newFuzzServer(t, p)
		for _, o := range schemas.Catalogue() {
			if !o.ReadsAnAccount() {
				continue
			}
			n++
			op := fuzzOp{id: o.ID, method: o.Method, path: o.Path, plain: o.PlainText, valid: derivedValid(o), derived: true}
			args, params := op.valid(s.client(t))
			rec := s.serve(t, op, buildRequest(t, op, args, params, s.token))
			if op.plain {
				assert.Contains(t, []string{"yes", "no"}, rec.Body.String(), "%s (%v): the derived request", op.id, p)
				continue
			}
			assert.Contains(t, rec.Body.String(), `"responseCode":"0000"`, "%s (%v): the derived request", op.id, p)
			var body map[string]any
			require.NoError(t, json.Unmarshal(rec.Body.Bytes(), &body), op.id)
			for name, v := range body {
				if _, hasEntry := builders[o.ID]; hasEntry {
					break // its entry's list is held to an element
				}
				if list, ok := v.([]any); ok {
					assert.NotEmpty(t, list, "%s (%v): the derived request's %s lists nothing to check (a funded wallet)", op.id, p, name)
				}
			}
		}
	}
	assert.Positive(t, n, "the catalogue has reads of an account")
}

// buildRequest encodes a request of op: params as the query of a GET, as
// the JSON body otherwise.
func buildRequest(tb testing.TB, op fuzzOp, args map[string]string, params map[string]any, token string) *http.Request {
	tb.Helper()
	target := expandPath(op.path, escaped(args))
	var body []byte
	if op.method == http.MethodGet {
		q := url.Values{}
		for k, v := range params {
			s, ok := v.(string)
			require.True(tb, ok, "query parameter %s of %s is not a string", k, op.id)
			q.Set(k, s)
		}
		target += "?" + q.Encode()
	} else {
		var err error
		body, err = json.Marshal(params)
		require.NoError(tb, err)
	}
	r, ok := serverRequest(op.method, target, body, token)
	require.True(tb, ok, target)
	return r
}

// Seed material shared by the fuzz targets.
var (
	deepArray  = strings.Repeat("[", 10001) + strings.Repeat("]", 10001)
	deepObject = strings.Repeat(`{"a":`, 5000) + "1" + strings.Repeat("}", 5000)
	manyDigits = "1" + strings.Repeat("0", 5000)
	// numberEdges are JSON numbers an amount, N or S field may get.
	numberEdges = []string{
		"1e400", "-1e400", "1e-400", "-0", "-0.0", "0", "0.00", "0.001", "0.005", "1.005", "12.340", "1.25e1",
		"1E+2", "1e2", "1e-2", "0.1e1", "100.000000000000000000001", "9999999999999999.99", "9999999999999999.995",
		"10000000000000000", "1e16", "1e15", "-1", "-100.00", "1e10000", "1e-10000", "1e10001", "1e-10001",
		"1e2147483647", "1e-2147483648", "1e2147483648", "1e99999999999999999999", "0e99999999999", "0e-99999999999",
		"123456789012345678901234567890", manyDigits, "0." + strings.Repeat("0", 5000) + "1",
		"1" + strings.Repeat("0", 20000) + "e-20000", "12345678", "123456", "0123",
	}
	// stringEdges are JSON values of other types and odd strings.
	stringEdges = []string{
		`null`, `""`, `true`, `false`, `{}`, `[]`, `"NaN"`, `"Infinity"`, `"-0"`, `"1e400"`, `"12.34"`,
		`"0000-00-00"`, `"0000-01-01"`, `"9999-12-31"`, `"2026-02-29"`, `"2024-02-29"`, `"246060"`, `"235959"`,
		`"true"`, `" "`, `"\u0000"`, `"\ud800"`, `"é"`, `[{"name":"a","value":"b"}]`, `[{"name":1}]`, `[1]`,
		`{"name":"a","value":"b"}`, `"https://"`, `"http://unreachable.test/cb"`, `"javascript:alert(1)"`,
		`"\u2212" `, `"−5"`, `"+5"`, `".5"`, `"5."`, `"0x10"`, `"1_000"`, `" 5"`, `"DESC"`, `"asc"`,
		`"00"`, `"01"`, `"9999"`, `"0000"`, `"AUTH"`, `"PAYOUT"`, `"VISA"`, deepObject,
	}
	// rawEdges are values that are not JSON.
	rawEdges = []string{"NaN", "Infinity", "\xff\xfe", "abc\x00def", deepArray, "007", "1.", ".5", "+1", "0x10"}
)

// fuzzMethods are the methods FuzzRequestBody may send instead of the
// operation's.
var fuzzMethods = []string{http.MethodGet, http.MethodPost, http.MethodDelete, http.MethodHead, http.MethodOptions}

// FuzzRequestBody sends every operation a fuzzed body (or query string, for
// GET), a fuzzed path segment in every path parameter and a valid, missing
// or garbage X-Auth-Token. The choice byte selects: bits 0-1 the token
// (0, 1 valid; 2 missing; 3 garbage), bit 2 the Alternative personality,
// bit 3 the segment inserted raw (so it may add path segments) instead of
// escaped, bits 4-6 the method (0 to 2 the operation's, else one of
// fuzzMethods).
func FuzzRequestBody(f *testing.F) {
	ops := fuzzOps()
	// Seeds: each operation's valid request, then malformed variants.
	seedServer := newFuzzServer(f, Standard)
	bodies := []string{"", " ", "null", "[]", "{}", `"text"`, "1", "{", `{"a":1}x`, "{}{}", "\xef\xbb\xbf{}",
		`{"localDate":"0000-00-00","localTime":"246060"}`, deepArray, deepObject, `{"partnerReference":"\xff\xfe"}`,
		`{"a":1,"a":2}`, `{"presentationAmount":1e400,"paymentAmount":-0,"refundAmount":0.001}`,
		`{"modifiedAmount":` + manyDigits + `}`, `{"presentationAmount":NaN}`,
		`{"partnerReference":"` + strings.Repeat("x", 65) + `","localDate":"2026-03-14","localTime":"101530"}`}
	queries := []string{"", "a=%zz", "a;b=c", "amount=1e400", "amount=-0", "amount=0.001", "amount=NaN",
		"amount=%E2%88%920", "amount=1e-10000", "amount=" + manyDigits, "top=9999&skip=9999", "top=-1&skip=1e3",
		"startDate=0000-00-00&endTime=246060", "localDate=0000-00-00&localTime=999999", "%", "&&&==",
		"includeNeutral=yes&includePendingTransactions=TRUE", "sortDirection=%00"}
	segments := []string{"", "123456789012", "..", "%2e%2e", "a/b", "\xff", strings.Repeat("x", 256), "%", "../../account",
		"a?b", "a#b", " ", "%zz"}
	// A raw "{" in the segment, with OPTIONS: once looped in this harness.
	f.Add(opIndex(f, ops, "close-account"), []byte(`"text"`), "{", "amount=0nt=0", byte('y'))
	// Long numbers in amounts, the shape of those of TestHugeAmounts (which
	// took seconds at 1 MiB) in a size that keeps fuzzing fast.
	f.Add(opIndex(f, ops, "init-authorize"), []byte(`{"presentationAmount":`+manyDigits+`}`), "", "", byte(0))
	f.Add(opIndex(f, ops, "kc-capture"), []byte(`{"modifiedAmount":0.`+manyDigits+`}`), "x", "", byte(0))
	f.Add(opIndex(f, ops, "check-available-payment-amount"), []byte(nil), "x", "amount="+manyDigits+"e-5000", byte(0))
	for i, op := range ops {
		args, params := op.valid(seedServer.client(f))
		r := buildRequest(f, op, args, params, "")
		body, _ := io.ReadAll(r.Body)
		seg := ""
		if keys := slices.Sorted(maps.Keys(args)); len(keys) > 0 {
			seg = args[keys[0]]
		}
		f.Add(byte(i), body, seg, r.URL.RawQuery, byte(0))
		f.Add(byte(i), body, seg, r.URL.RawQuery, byte(2))
		f.Add(byte(i), body, seg, r.URL.RawQuery, byte(3|4))
		for j, b := range bodies {
			f.Add(byte(i), []byte(b), segments[j%len(segments)], queries[j%len(queries)], byte(j*13))
		}
		if op.method == http.MethodGet {
			for j, q := range queries {
				f.Add(byte(i), []byte(nil), seg, r.URL.RawQuery+"&"+q, byte(j&4))
			}
		}
	}

	pool := &fuzzPool{maxUses: 2000}
	f.Fuzz(func(t *testing.T, opIdx byte, body []byte, segment, query string, choice byte) {
		op := ops[int(opIdx)%len(ops)]
		s := pool.get(t, choice&4 != 0)
		var token string
		switch choice & 3 {
		case 0, 1:
			token = s.token
		case 3:
			token = strings.Repeat("0f", 32)
		}
		seg := url.PathEscape(segment)
		if choice&8 != 0 {
			seg = wireSafe(segment, true)
		}
		target := expandPath(op.path, func(string) string { return seg })
		if op.method == http.MethodGet || query != "" {
			target += "?" + wireSafe(query, false)
		}
		method := op.method
		if m := int(choice>>4) & 7; m > 2 {
			method = fuzzMethods[m-3]
		}
		r, ok := serverRequest(method, target, body, token)
		if !ok {
			return // a Go server answers 400 before any handler
		}
		s.serve(t, op, r)
	})
}

// fieldValue is the fuzzed value of one field: raw JSON for a body, a
// string for a query or path.
type fieldValue []byte

// json returns the value as it goes into a JSON body: the bytes when they
// are JSON, else a JSON string holding them unchanged (invalid UTF-8
// included).
func (v fieldValue) json() json.RawMessage {
	if json.Valid(v) {
		return json.RawMessage(v)
	}
	var b bytes.Buffer
	b.WriteByte('"')
	for _, c := range []byte(v) {
		switch {
		case c == '"' || c == '\\':
			b.WriteByte('\\')
			b.WriteByte(c)
		case c < 0x20:
			fmt.Fprintf(&b, `\u%04x`, c)
		default:
			b.WriteByte(c)
		}
	}
	b.WriteByte('"')
	return b.Bytes()
}

// text returns the value as it goes into a query or a path: a JSON string's
// contents, else the bytes.
func (v fieldValue) text() string {
	var s string
	if json.Unmarshal(v, &s) == nil {
		return s
	}
	return string(v)
}

// FuzzFieldValues starts from a valid request of an operation (creating
// the account, stored option, payment, consent or funds it needs) and
// replaces one field of the operation's table (path parameters included)
// with a fuzzed value: the answer must be a success or a handled error.
func FuzzFieldValues(f *testing.F) {
	ops := fuzzOps()
	fields := make([][]field, len(ops))
	for i, op := range ops {
		fields[i] = serverOp(f, op).spec.fields
	}
	// fieldIdx returns the index of a field of op i.
	fieldIdx := func(i int, name string) (byte, bool) {
		j := slices.IndexFunc(fields[i], func(x field) bool { return x.name == name })
		return byte(j), j >= 0
	}
	add := func(i int, j byte, value string, alt bool) { f.Add(byte(i), j, []byte(value), alt) }
	// Per operation, a value of the wrong kind for the first field of each
	// kind, and odd values in its N and criteria fields.
	wrong := map[kind]string{
		kindS: "12345", kindD: `"0000-00-00"`, kindT: `"246060"`, kindB: `"true"`, kindN: "1e3",
		kindDec: `"NaN"`, kindCriteria: `[{"name":1}]`,
	}
	for i := range ops {
		seen := map[kind]bool{}
		for j, fd := range fields[i] {
			if !seen[fd.kind] || fd.in == inPath {
				seen[fd.kind] = true
				add(i, byte(j), wrong[fd.kind], j%2 == 1)
			}
			switch fd.kind {
			case kindN:
				for _, v := range []string{"-0", "00000000", "99999999", "1e400", manyDigits, `"0012"`, "12.0", `"١٢"`} {
					add(i, byte(j), v, true)
				}
			case kindCriteria:
				for _, v := range []string{`[]`, `[{"name":"a","value":"b","x":{}}]`, `[{"name":"a"}]`, `[null]`, `{}`, deepArray} {
					add(i, byte(j), v, false)
				}
			}
		}
	}
	// Every number edge in a body amount and a query amount, a share of
	// them in every other amount field.
	amounts := 0
	for i, op := range ops {
		for j, fd := range fields[i] {
			if fd.kind != kindDec {
				continue
			}
			all := op.id == "init-authorize" || op.id == "check-available-payment-amount"
			for k, v := range append(slices.Clone(numberEdges), `"12.34"`, "true", "null", "{}", "[]", "NaN", "007") {
				if all || k%8 == amounts%8 {
					add(i, byte(j), v, k%2 == 0)
				}
			}
			amounts++
		}
	}
	// Every odd value, each in two operations, in their first field among
	// partnerReference, localDate, accno, uniqueReference.
	odd := append(slices.Clone(stringEdges), rawEdges...)
	for k, v := range odd {
		for _, i := range []int{k % len(ops), (k + len(ops)/2) % len(ops)} {
			for _, name := range []string{"partnerReference", "localDate", "accno", "uniqueReference"} {
				if j, ok := fieldIdx(i, name); ok {
					add(i, j, v, k%2 == 0)
					break
				}
			}
		}
	}
	// Long numbers in amounts (see TestHugeAmounts).
	for _, id := range []string{"init-authorize", "check-available-payment-amount", "kc-refund"} {
		i := int(opIndex(f, ops, id))
		for j, fd := range fields[i] {
			if fd.kind == kindDec {
				add(i, byte(j), manyDigits+"e-5000", false)
				add(i, byte(j), "-"+manyDigits, true)
			}
		}
	}
	// Strings at and over each S(n) limit, ASCII and multi-byte.
	limits := map[int]bool{}
	for i := range ops {
		for j, fd := range fields[i] {
			if fd.kind != kindS || limits[fd.max] {
				continue
			}
			limits[fd.max] = true
			n := fd.max
			if n == unbounded {
				n = 100_000
			}
			add(i, byte(j), strconv.Quote(strings.Repeat("x", n)), false)
			add(i, byte(j), strconv.Quote(strings.Repeat("x", n+1)), true)
			add(i, byte(j), strconv.Quote(strings.Repeat("é", n)), false)
		}
	}
	// Seeds of the enquiry window and the sandbox trigger.
	enquiry := int(opIndex(f, ops, "account-enquiry"))
	for name, values := range map[string][]string{
		"top":           {`"0"`, `"9999"`, `"0000"`, `"-1"`, `"10000"`},
		"skip":          {`"9999"`, `"0"`, `"1e3"`},
		"startDate":     {`"0000-00-00"`, `"0001-01-01"`, `"9999-12-31"`},
		"endDate":       {`"0000-01-01"`, `"9999-12-31"`},
		"startTime":     {`"000000"`, `"235960"`},
		"sortDirection": {`"desc"`, `"ASCENDING"`, `"\u0000"`},
	} {
		j, ok := fieldIdx(enquiry, name)
		require.True(f, ok, name)
		for _, v := range values {
			add(enquiry, j, v, false)
		}
	}
	redirect := int(opIndex(f, ops, sandboxRedirectID))
	j, _ := fieldIdx(redirect, "callBackUrl")
	for _, v := range []string{`"http://unreachable.test/cb"`, `"https://merchant.test/cb#frag"`, `"ftp://x"`, `"http://"`,
		`"http://[::1"`, `"http://a b"`, `"/relative"`, `"http://merchant.test/?a=%zz"`} {
		add(redirect, j, v, false)
	}

	pool := &fuzzPool{maxUses: 100}
	f.Fuzz(func(t *testing.T, opIdx, fieldIdx byte, value []byte, alternative bool) {
		i := int(opIdx) % len(ops)
		op := ops[i]
		fd := fields[i][int(fieldIdx)%len(fields[i])]
		s := pool.get(t, alternative)
		args, params := s.valid(t, op)
		v := fieldValue(value)
		switch {
		case fd.in == inPath:
			args[fd.name] = v.text()
		case op.method == http.MethodGet:
			params[fd.name] = v.text()
		default:
			params[fd.name] = v.json()
		}
		target := expandPath(op.path, escaped(args))
		var body []byte
		if op.method == http.MethodGet {
			q := url.Values{}
			for k, x := range params {
				q.Set(k, x.(string))
			}
			target += "?" + q.Encode()
		} else {
			var err error
			body, err = json.Marshal(params)
			require.NoError(t, err)
		}
		r, ok := serverRequest(op.method, target, body, s.token)
		require.True(t, ok, target)
		s.done(op, s.serve(t, op, r))
	})
}

// TestOversizeBodies checks every operation with a body: a body over
// 1 MiB is a handled 0001/400 in JSON; one of exactly 1 MiB is read.
func TestOversizeBodies(t *testing.T) {
	t.Parallel()
	s := newFuzzServer(t, Standard)
	over := append([]byte(`{"padding":"`), bytes.Repeat([]byte("x"), maxBodyBytes)...)
	over = append(over, `"}`...)
	for _, op := range fuzzOps() {
		if op.method == http.MethodGet {
			continue
		}
		args, params := op.valid(s.client(t))
		r := buildRequest(t, op, args, params, s.token)
		valid, _ := io.ReadAll(r.Body)

		r, _ = serverRequest(op.method, r.RequestURI, over, s.token)
		rec := s.serve(t, op, r)
		assert.Equal(t, http.StatusBadRequest, rec.Code, op.id)
		assert.Contains(t, rec.Body.String(), `"responseCode":"0001"`, op.id)

		if op.id != "create-account" {
			continue // reading 1 MiB of JSON is slow under -race
		}
		exact := append(bytes.Repeat([]byte(" "), maxBodyBytes-len(valid)), valid...)
		r, _ = serverRequest(op.method, r.RequestURI, exact, s.token)
		rec = s.serve(t, op, r)
		assert.Contains(t, rec.Body.String(), `"responseCode":"0000"`, "%s: a body of exactly 1 MiB", op.id)
	}
}

// FuzzAmount compares parseAmount, the linear-time reader of amounts, with
// decimal.NewFromString, which it replaced, on the numbers both read: the
// same verdict and the same value for every Dec(18,2) field.
func FuzzAmount(f *testing.F) {
	for _, s := range append(slices.Clone(numberEdges), "+5", ".5", "5.", "-.5", "+.5", ".-5", "−5", "1e−2", "1.e5",
		"1E+2", "1e", "e5", ".", "-", "", "1..2", "1e5.0", "1eE2", "0012.50", "12.345", "12.3450", "1_0", " 1", "0x1") {
		if len(s) <= 100 {
			f.Add(s)
		}
	}
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) > 100 {
			return // decimal.NewFromString is slow on long numbers
		}
		want, err := decimal.NewFromString(s)
		if err != nil && (strings.Contains(err.Error(), "exponent") || strings.Contains(err.Error(), "too long")) {
			return // beyond NewFromString's exponent bounds, parseAmount reads by value
		}
		wantOK := err == nil && !want.IsNegative() &&
			want.Equal(want.Truncate(amountScale)) && want.LessThan(decimal.New(1, 16))
		got, negative, ok := parseAmount(s, 16, amountScale)
		gotOK := ok && !(negative && !got.IsZero())
		if gotOK != wantOK {
			t.Fatalf("parseAmount(%q): valid %v, NewFromString: valid %v (%v, %v)", s, gotOK, wantOK, want, err)
		}
		if gotOK && !got.Equal(want) {
			t.Fatalf("parseAmount(%q) = %v, NewFromString = %v", s, got, want)
		}
	})
}

// TestHugeAmounts sends amounts of about 1 MiB, which decimal.NewFromString
// took seconds to read (found by the seed corpus of the fuzz targets; the
// time grew with the square of the digits): each is read by value, and
// answered as its value requires.
func TestHugeAmounts(t *testing.T) {
	t.Parallel()
	s := newFuzzServer(t, Standard)
	ops := fuzzOps()
	zeros := strings.Repeat("0", maxBodyBytes-1000)
	for _, tc := range []struct {
		id, field, value, code string // code "" is the text/plain answer
	}{
		{"init-authorize", "presentationAmount", "1" + zeros + "e-" + strconv.Itoa(len(zeros)), "0000"}, // 1
		{"kc-refund", "refundAmount", "1" + zeros, "0001"},
		{"check-available-payment-amount", "amount", "1" + zeros[:900_000] + "e-900000", ""}, // 1: no
	} {
		op := ops[opIndex(t, ops, tc.id)]
		args, params := s.valid(t, op)
		params[tc.field] = json.Number(tc.value)
		if op.method == http.MethodGet {
			params[tc.field] = tc.value
		}
		rec := s.serve(t, op, buildRequest(t, op, args, params, s.token))
		s.done(op, rec)
		if tc.code == "" {
			assert.Equal(t, "no", rec.Body.String(), tc.id)
			continue
		}
		assert.Contains(t, rec.Body.String(), `"responseCode":"`+tc.code+`"`, tc.id)
	}
}

// parseAmount reads a number of a million digits without building a number
// of that size (decimal.NewFromString builds a big.Int of it, in time that
// grows with the square of the digits): what it allocates does not grow
// with the digits. Counted in bytes, which no load of the machine changes
// (the test is not parallel: no other test allocates meanwhile).
func TestParseAmountBuildsNoHugeNumber(t *testing.T) {
	zeros := strings.Repeat("0", 1<<20)
	allocated := func(s string) uint64 {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		for range 10 {
			parseAmount(s, 16, 2)
		}
		runtime.ReadMemStats(&after)
		return (after.TotalAlloc - before.TotalAlloc) / 10
	}
	for _, s := range []string{"1" + zeros + "e-" + strconv.Itoa(len(zeros)), "1" + zeros, "0." + zeros + "1", "1e" + zeros[:100_000] + "1"} {
		assert.Less(t, allocated(s), uint64(64<<10), "%.20s… (%d characters): a number of its size takes hundreds of KiB", s, len(s))
	}
	d, _, ok := parseAmount("1"+zeros+"e-"+strconv.Itoa(len(zeros)), 16, 2)
	require.True(t, ok)
	assert.True(t, d.Equal(decimal.NewFromInt(1)))
	_, _, ok = parseAmount("1"+zeros, 16, 2)
	assert.False(t, ok, "a million integer digits are more than Dec(18,2) holds")
}
