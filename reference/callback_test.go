package reference

import (
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// callback is one request a sink received.
type callback struct {
	method   string
	path     string
	rawQuery string
	query    url.Values
	body     string
}

// sink is a merchant endpoint that records the callbacks it receives.
type sink struct {
	URL    string
	mu     sync.Mutex // guards got
	got    []callback
	status int // answer status; 200 when 0
	header http.Header
}

func newSink(t testing.TB) *sink {
	s := &sink{}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		s.mu.Lock()
		s.got = append(s.got, callback{r.Method, r.URL.Path, r.URL.RawQuery, r.URL.Query(), string(body)})
		status := s.status
		for k, v := range s.header {
			w.Header()[k] = v
		}
		s.mu.Unlock()
		if status == 0 {
			status = http.StatusOK
		}
		w.WriteHeader(status)
	}))
	t.Cleanup(srv.Close)
	s.URL = srv.URL
	return s
}

// calls returns the callbacks received so far.
func (s *sink) calls() []callback {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]callback(nil), s.got...)
}

// last returns the last callback received (zero when none).
func (s *sink) last() callback {
	got := s.calls()
	if len(got) == 0 {
		return callback{}
	}
	return got[len(got)-1]
}

func (c *client) redirectPayment(ref string, overrides map[string]any) response {
	c.t.Helper()
	return c.do(http.MethodPost, "/sandbox/payments/"+url.PathEscape(ref)+"/redirect", with(map[string]any{
		"merchantTransactionId": "mtx-1",
		"partnerReference":      "pr-redirect-1",
		"localDate":             testLocalDate,
		"localTime":             testLocalTime,
	}, overrides), c.auth())
}

func TestRedirectCallback(t *testing.T) {
	t.Parallel()
	personalities(t, func(t *testing.T, c *client) {
		merchant := newSink(t)
		ref, _ := c.receivedPayment(nil)

		r := c.redirectPayment(ref, map[string]any{"callBackUrl": merchant.URL + "/shop/return?cart=7#top"})
		require.Equal(t, http.StatusOK, r.status, r.raw)
		assertEnvelope(t, r, "0000")
		assert.Equal(t, "pr-redirect-1", r.json.Get("partnerReference").String())
		assert.Equal(t, ref, r.json.Get("uniqueReference").String())
		assert.Equal(t, "CAPTURED", r.json.Get("statusCode").String())
		assert.Equal(t, int64(200), r.json.Get("callBackHttpStatus").Int())
		require.Len(t, merchant.calls(), 1)
		cb := merchant.last()
		assert.Equal(t, http.MethodPost, cb.method)
		assert.Equal(t, "/shop/return", cb.path)
		assert.Empty(t, cb.body)
		assert.Equal(t, url.Values{
			"cart": {"7"}, "paymentResult": {"OK"}, "merchantTransactionId": {"mtx-1"}, "unqiueReference": {ref},
		}, cb.query)

		// The merchant confirms with Get Payment Status; the captured amount is refundable.
		assert.Equal(t, "CAPTURED", c.statusOf(ref))
		rf := c.refund(ref, nil)
		assert.Equal(t, "0000", rf.code(), rf.raw)
		assert.Equal(t, "100.00", rf.json.Get("refundAmount").Raw)

		// A payment that is not RECEIVED is not completed: the callback reports the error.
		for _, target := range []string{ref, c.authorizedPayment(), "no-such-payment"} {
			before := c.paymentStatus(target, nil).json.Get("statusCode").String()
			r = c.redirectPayment(target, map[string]any{"callBackUrl": merchant.URL, "merchantTransactionId": "mtx-2"})
			assertHandled(t, r)
			cb = merchant.last()
			assert.Equal(t, []string{"mtx-2"}, cb.query["merchantTransactionId"], target)
			assert.NotEmpty(t, cb.query.Get("paymentResult"), target)
			assert.NotEqual(t, "OK", cb.query.Get("paymentResult"), target)
			assert.NotContains(t, cb.query, "unqiueReference", target)
			assert.Len(t, cb.query, 2, target)
			if before != "" {
				assert.Equal(t, before, c.statusOf(target), "a failed redirect changes nothing")
			}
		}
		assert.Len(t, merchant.calls(), 4)

		// Redirects are not followed; an undeliverable callback still answers 0000.
		other := newSink(t)
		merchant.mu.Lock()
		merchant.status = http.StatusFound
		merchant.header = http.Header{"Location": {other.URL + "/elsewhere"}}
		merchant.mu.Unlock()
		ref, _ = c.receivedPayment(nil)
		r = c.redirectPayment(ref, map[string]any{"callBackUrl": merchant.URL})
		assertEnvelope(t, r, "0000")
		assert.Contains(t, r.json.Get("responseDescription").String(), "302")
		assert.Empty(t, other.calls())

		closed := httptest.NewServer(http.NotFoundHandler())
		closedURL := closed.URL
		closed.Close()
		ref, _ = c.receivedPayment(nil)
		r = c.redirectPayment(ref, map[string]any{"callBackUrl": closedURL + "/cb"})
		assertEnvelope(t, r, "0000")
		assert.Contains(t, r.json.Get("responseDescription").String(), "could not be delivered")
		assert.Equal(t, "CAPTURED", c.statusOf(ref))

		// Field validation.
		for _, bad := range []string{"ftp://example.com/cb", "/relative", "http://", "::"} {
			r = c.redirectPayment(ref, map[string]any{"callBackUrl": bad})
			assert.Equal(t, "0001", r.code(), bad)
			assert.Contains(t, r.json.Get("responseDescription").String(), "callBackUrl", bad)
		}
		for _, name := range []string{"callBackUrl", "merchantTransactionId"} {
			r = c.redirectPayment(ref, map[string]any{"callBackUrl": merchant.URL, name: absent})
			assert.Equal(t, "0001", r.code(), name)
			assert.Contains(t, r.json.Get("responseDescription").String(), name)
		}
		r = c.redirectPayment(ref, map[string]any{"callBackUrl": merchant.URL, "partnerReference": absent,
			"localDate": absent, "localTime": absent})
		assertHandled(t, r) // the envelope is optional: the refusal is the state's
		assert.NotEqual(t, "0001", r.code())
	})
}
