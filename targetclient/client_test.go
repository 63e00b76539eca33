package targetclient

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func clock() (string, string) { return "2026-11-21", "101500" }

func newClient(t *testing.T, h http.HandlerFunc, cfg Config) (*Client, *Redactor) {
	t.Helper()
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	cfg.BaseURL = srv.URL
	r := NewRedactor()
	c, err := NewClient(cfg, r)
	require.NoError(t, err)
	return c, r
}

func TestDoSendsConventionsAndRecordsExchange(t *testing.T) {
	c, _ := newClient(t, func(w http.ResponseWriter, r *http.Request) {
		assert.Equal(t, "de-DE", r.Header.Get("Accept-Language"))
		assert.Equal(t, "application/json", r.Header.Get("Content-Type"))
		assert.Equal(t, "tok-123", r.Header.Get("X-Auth-Token"))
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprint(w, `{"responseCode":"0000"}`)
	}, Config{AcceptLanguage: "de-DE"})
	resp, ex, err := c.Do(context.Background(), Request{Operation: "x", Method: "POST", Path: "/a", Body: []byte(`{"a":1}`), Token: "tok-123"})
	require.NoError(t, err)
	assert.Equal(t, "0000", resp.ResponseCode())
	assert.Equal(t, Redacted, ex.RequestHeaders.Get("X-Auth-Token"))
	assert.Equal(t, 200, ex.Status)
	assert.Equal(t, 0, ex.Retries)
}

func TestDoRetriesRetryableCodesUpToThreeTimes(t *testing.T) {
	var calls atomic.Int32
	c, _ := newClient(t, func(w http.ResponseWriter, r *http.Request) {
		n := calls.Add(1)
		code := "0058"
		if n%2 == 0 {
			code = "0098"
		}
		if n == 3 {
			code = "0000"
		}
		fmt.Fprintf(w, `{"responseCode":%q}`, code)
	}, Config{})
	resp, ex, err := c.Do(context.Background(), Request{Method: "GET", Path: "/"})
	require.NoError(t, err)
	assert.Equal(t, "0000", resp.ResponseCode())
	assert.Equal(t, 2, ex.Retries)
	assert.Equal(t, []string{"0058", "0098"}, ex.RetriedCodes)

	c2, _ := newClient(t, func(w http.ResponseWriter, r *http.Request) {
		calls.Add(1)
		fmt.Fprint(w, `{"responseCode":"0058"}`)
	}, Config{})
	calls.Store(0)
	resp, ex, err = c2.Do(context.Background(), Request{Method: "GET", Path: "/"})
	require.NoError(t, err)
	assert.Equal(t, "0058", resp.ResponseCode())
	assert.Equal(t, MaxRetries, ex.Retries)
	assert.Equal(t, int32(1+MaxRetries), calls.Load())
}

func TestDoCapsTheBody(t *testing.T) {
	c, _ := newClient(t, func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, strings.Repeat("x", 2048))
	}, Config{MaxBody: 1024})
	_, ex, err := c.Do(context.Background(), Request{Method: "GET", Path: "/"})
	var infra *InfraError
	require.True(t, errors.As(err, &infra))
	assert.Equal(t, "too-large", infra.Kind)
	assert.NotEmpty(t, ex.Error)
}

func TestDoEnforcesTheCallAllowance(t *testing.T) {
	release := make(chan struct{})
	c, _ := newClient(t, func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-release:
		case <-r.Context().Done():
		}
	}, Config{CallTimeout: 100 * time.Millisecond})
	defer close(release)
	// Without the allowance the call would wait until the test ends: a
	// watchdog tells that from a call the allowance ended (a timeout),
	// without measuring how fast.
	done := make(chan error, 1)
	go func() {
		_, _, err := c.Do(context.Background(), Request{Method: "GET", Path: "/"})
		done <- err
	}()
	var err error
	select {
	case err = <-done:
	case <-time.After(2 * time.Minute):
		t.Fatal("the call still waits after two minutes: the allowance did not end it")
	}
	var infra *InfraError
	require.True(t, errors.As(err, &infra))
	assert.Equal(t, "timeout", infra.Kind, "the allowance, not the server, ended the call")
}

func TestDoReportsAnUnreachableTarget(t *testing.T) {
	srv := httptest.NewServer(http.NotFoundHandler())
	url := srv.URL
	srv.Close()
	c, err := NewClient(Config{BaseURL: url, CallTimeout: time.Second}, NewRedactor())
	require.NoError(t, err)
	_, _, err = c.Do(context.Background(), Request{Method: "GET", Path: "/"})
	var infra *InfraError
	require.True(t, errors.As(err, &infra))
	assert.Equal(t, "connect", infra.Kind)
}

func TestRedactorRemovesSecretsByNameAndValue(t *testing.T) {
	r := NewRedactor("hunter2")
	r.Add("issued-token-value")
	in := `{"password":"abc","token":"issued-token-value","verificationCode":123456,"oneTimePassword":"1234","note":"hunter2 here"}`
	out := r.String(in)
	for _, s := range []string{"abc", "issued-token-value", "123456", "1234", "hunter2"} {
		assert.NotContains(t, out, s)
	}
	assert.Contains(t, out, `"note":"[REDACTED] here"`)
	// Whatever the value's type, and a string cut short by a truncated body.
	for in, want := range map[string]string{
		`{"password":true}`:                    `{"password":"[REDACTED]"}`,
		`{"password":{"value":"x"},"a":1}`:     `{"password":"[REDACTED]","a":1}`,
		`{"password":["x"]}`:                   `{"password":"[REDACTED]"}`,
		`{"localDate":"2026","password":"hunt`: `{"localDate":"2026","password":"[REDACTED]"`,
	} {
		assert.Equal(t, want, r.String(in))
	}
	assert.Equal(t, "http://x/a?password="+Redacted+"&b=1", r.URL("http://x/a?password=abc&b=1"))
	h := r.Header(http.Header{"X-Auth-Token": {"t"}, "Accept": {"application/json"}})
	assert.Equal(t, Redacted, h.Get("X-Auth-Token"))
	assert.Equal(t, "application/json", h.Get("Accept"))
}

func tokenServer(t *testing.T, ttl time.Duration, issued *atomic.Int32) *Client {
	c, _ := newClient(t, func(w http.ResponseWriter, r *http.Request) {
		var body map[string]string
		require.NoError(t, json.NewDecoder(r.Body).Decode(&body))
		if body["password"] != "pw" {
			w.WriteHeader(401)
			fmt.Fprint(w, `{"responseCode":"0010","responseDescription":"bad credentials"}`)
			return
		}
		n := issued.Add(1)
		until := time.Now().Add(ttl).UTC().Format("2006-01-02T15:04:05.000Z")
		fmt.Fprintf(w, `{"responseCode":"0000","token":"tok-%d","validUntil":%q}`, n, until)
	}, Config{})
	return c
}

func TestTokenSourceIssuesOnceForConcurrentCallers(t *testing.T) {
	var issued atomic.Int32
	ts := NewTokenSource(tokenServer(t, time.Hour, &issued), Credentials{UserID: "u", Password: "pw"}, clock)
	var wg sync.WaitGroup
	for i := 0; i < 20; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			tok, err := ts.Token(context.Background())
			assert.NoError(t, err)
			assert.Equal(t, "tok-1", tok)
		}()
	}
	wg.Wait()
	assert.Equal(t, int32(1), issued.Load())
	assert.Equal(t, 1, ts.Issued())
}

func TestTokenSourceRefreshesBeforeValidUntil(t *testing.T) {
	var issued atomic.Int32
	ts := NewTokenSource(tokenServer(t, RefreshMargin/2, &issued), Credentials{UserID: "u", Password: "pw"}, clock)
	first, err := ts.Token(context.Background())
	require.NoError(t, err)
	second, err := ts.Token(context.Background())
	require.NoError(t, err)
	assert.NotEqual(t, first, second, "a token expiring within the margin is replaced")
}

func TestTokenSourceReportsRefusedCredentials(t *testing.T) {
	var issued atomic.Int32
	c := tokenServer(t, time.Hour, &issued)
	ts := NewTokenSource(c, Credentials{UserID: "u", Password: "wrong"}, clock)
	_, err := ts.Token(context.Background())
	var te *TokenError
	require.True(t, errors.As(err, &te))
	assert.Equal(t, "0010", te.ResponseCode)
	assert.NotContains(t, err.Error(), "wrong")
}

// readingServer issues a token only to a body that carries partnerReference
// (need) or only to one that carries nothing beyond A-4.1's body line
// (!need), and counts the requests.
func readingServer(t *testing.T, need bool, calls *atomic.Int32) *Client {
	t.Helper()
	c, _ := newClient(t, func(w http.ResponseWriter, r *http.Request) {
		calls.Add(1)
		var body map[string]any
		require.NoError(t, json.NewDecoder(r.Body).Decode(&body))
		w.Header().Set("Content-Type", "application/json")
		if _, has := body["partnerReference"]; has != need {
			w.WriteHeader(http.StatusBadRequest)
			fmt.Fprint(w, `{"responseCode":"0001","responseDescription":"partnerReference"}`)
			return
		}
		until := time.Now().Add(time.Hour).UTC().Format("2006-01-02T15:04:05.000Z")
		fmt.Fprintf(w, `{"responseCode":"0000","token":"tok","validUntil":%q}`, until)
	}, Config{})
	return c
}

// The spec reads two ways on Issue Token's body (A-4.1's body line against
// the token source asks as the body line lists it, and
// with partnerReference only when the target refuses that; it keeps the
// reading that gave a token for every later token.
func TestTokenSourceFindsTheReadingTheTargetIssuesTo(t *testing.T) {
	t.Run("body line", func(t *testing.T) {
		var calls atomic.Int32
		ts := NewTokenSource(readingServer(t, false, &calls), Credentials{UserID: "u", Password: "pw"}, clock)
		exs, err := ts.Preflight(context.Background())
		require.NoError(t, err)
		assert.Len(t, exs, 1)
		assert.Equal(t, ReadingBodyLine, ts.Reading())
		assert.NotContains(t, exs[0].RequestBody, "partnerReference")
	})
	t.Run("with partnerReference", func(t *testing.T) {
		var calls atomic.Int32
		ts := NewTokenSource(readingServer(t, true, &calls), Credentials{UserID: "u", Password: "pw"}, clock)
		exs, err := ts.Preflight(context.Background())
		require.NoError(t, err)
		require.Len(t, exs, 2, "the refusal and the token are both evidence")
		assert.Equal(t, 400, exs[0].Status)
		assert.Contains(t, exs[1].RequestBody, "partnerReference")
		assert.Equal(t, ReadingEnvelope, ts.Reading())
		assert.Contains(t, ts.Reading().String(), "A-1.5")
		ts.token = "" // the next token is asked for in the reading found
		_, err = ts.Token(context.Background())
		require.NoError(t, err)
		assert.Equal(t, int32(3), calls.Load())
	})
	t.Run("neither", func(t *testing.T) {
		c, _ := newClient(t, func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusUnauthorized)
			fmt.Fprint(w, `{"responseCode":"0010"}`)
		}, Config{})
		ts := NewTokenSource(c, Credentials{UserID: "u", Password: "pw"}, clock)
		exs, err := ts.Preflight(context.Background())
		var te *TokenError
		require.ErrorAs(t, err, &te)
		assert.Len(t, exs, 2)
	})
}
