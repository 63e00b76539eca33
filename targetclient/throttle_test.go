package targetclient

import (
	"context"
	"fmt"
	"net/http"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// fakeTime is a Timer whose waits move its clock at once and are kept.
type fakeTime struct {
	mu    sync.Mutex // guards now and waits
	now   time.Time
	waits []time.Duration
}

func (f *fakeTime) Now() time.Time {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.now
}

func (f *fakeTime) Wait(_ context.Context, d time.Duration) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.waits = append(f.waits, d)
	f.now = f.now.Add(d)
	return nil
}

func (f *fakeTime) advance(d time.Duration) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.now = f.now.Add(d)
}

var epoch = time.Date(2026, 11, 27, 12, 0, 0, 0, time.UTC)

// The limiter spaces calls by its clock: at 4 calls a second, each call is
// sent 250 ms after the one before; a call after a pause goes at once.
func TestTheThrottleSpacesCallsByItsClock(t *testing.T) {
	ft := &fakeTime{now: epoch}
	th := NewThrottle(4, ft)
	for range 3 {
		require.NoError(t, th.take(context.Background()))
	}
	assert.Equal(t, []time.Duration{250 * time.Millisecond, 250 * time.Millisecond}, ft.waits, "the first call at once, each next 250 ms later")
	ft.advance(time.Second)
	require.NoError(t, th.take(context.Background()))
	assert.Len(t, ft.waits, 2, "after a pause longer than the interval a call need not wait")
	assert.Equal(t, Waits{RateLimit: 4, RateWait: 500 * time.Millisecond}, th.Waits())
}

// A call made under a run's context goes through the run's throttle, not
// the client's own (the clients of a run's exploration and sweep are built
// apart); two runs' contexts keep two throttles apart; outside a run the
// client's own holds.
func TestACallUnderARunsContextGoesThroughTheRunsThrottle(t *testing.T) {
	own, runA, runB := &fakeTime{now: epoch}, &fakeTime{now: epoch}, &fakeTime{now: epoch}
	c, _ := newClient(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprint(w, `{"responseCode":"0000"}`)
	}, Config{Throttle: NewThrottle(1, own)})
	thA, thB := NewThrottle(4, runA), NewThrottle(2, runB)
	ctxA, ctxB := WithThrottle(context.Background(), thA), WithThrottle(context.Background(), thB)
	for _, ctx := range []context.Context{ctxA, ctxB, ctxA, ctxB, ctxA} {
		_, _, err := c.Do(ctx, Request{Method: http.MethodGet, Path: "/x"})
		require.NoError(t, err)
	}
	assert.Equal(t, []time.Duration{250 * time.Millisecond, 250 * time.Millisecond}, runA.waits, "run A's three calls, 1/4 s apart")
	assert.Equal(t, []time.Duration{500 * time.Millisecond}, runB.waits, "run B's two calls, 1/2 s apart")
	assert.Equal(t, Waits{RateLimit: 4, RateWait: 500 * time.Millisecond}, thA.Waits())
	assert.Equal(t, Waits{RateLimit: 2, RateWait: 500 * time.Millisecond}, thB.Waits())
	assert.Empty(t, own.waits, "no call of a run went through the client's own throttle")
	for range 2 {
		_, _, err := c.Do(context.Background(), Request{Method: http.MethodGet, Path: "/x"})
		require.NoError(t, err)
	}
	assert.Equal(t, []time.Duration{time.Second}, own.waits, "outside a run, the client's own rate")
}

// A target that answers HTTP 429 with Retry-After twice, first in seconds
// then as an HTTP date, then succeeds: the call waits each out by the
// throttle's clock and returns the success; the waits are counted.
func TestA429WithRetryAfterIsWaitedOutNotReturned(t *testing.T) {
	ft := &fakeTime{now: epoch}
	var calls atomic.Int32
	c, _ := newClient(t, func(w http.ResponseWriter, r *http.Request) {
		switch calls.Add(1) {
		case 1:
			w.Header().Set("Retry-After", "2")
			w.WriteHeader(http.StatusTooManyRequests)
		case 2:
			w.Header().Set("Retry-After", ft.Now().Add(3*time.Second).Format(http.TimeFormat))
			w.WriteHeader(http.StatusTooManyRequests)
		default:
			w.Header().Set("Content-Type", "application/json")
			fmt.Fprint(w, `{"responseCode":"0000"}`)
		}
	}, Config{CallTimeout: 30 * time.Second, Throttle: NewThrottle(0, ft)})
	resp, ex, err := c.Do(context.Background(), Request{Method: http.MethodGet, Path: "/x"})
	require.NoError(t, err)
	assert.Equal(t, http.StatusOK, resp.Status)
	assert.Equal(t, 0, ex.Retries, "a 429 is no retry of A-7's codes")
	assert.Equal(t, []time.Duration{2 * time.Second, 3 * time.Second}, ft.waits)
	assert.Equal(t, Waits{TooMany: 2, TooManyWait: 5 * time.Second}, c.Throttle().Waits())
}

// A 429 whose Retry-After is past the call allowance is the answer: it is
// returned, to be judged, and counted as such.
func TestA429PastTheCallAllowanceIsTheAnswer(t *testing.T) {
	ft := &fakeTime{now: epoch}
	c, _ := newClient(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Retry-After", "120")
		w.WriteHeader(http.StatusTooManyRequests)
	}, Config{CallTimeout: 30 * time.Second, Throttle: NewThrottle(0, ft)})
	resp, _, err := c.Do(context.Background(), Request{Method: http.MethodGet, Path: "/x"})
	require.NoError(t, err)
	assert.Equal(t, http.StatusTooManyRequests, resp.Status)
	assert.Empty(t, ft.waits)
	assert.Equal(t, Waits{TooManyJudged: 1}, c.Throttle().Waits())
}

func TestRetryAfterReadsSecondsAndDates(t *testing.T) {
	for v, want := range map[string]time.Duration{
		"":                              DefaultRetryAfter,
		"7":                             7 * time.Second,
		"-3":                            0,
		"soon":                          DefaultRetryAfter,
		"Fri, 27 Nov 2026 12:00:10 GMT": 10 * time.Second,
		"Fri, 27 Nov 2026 11:59:00 GMT": 0,
	} {
		assert.Equal(t, want, retryAfter(v, epoch), v)
	}
}
