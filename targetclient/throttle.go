package targetclient

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Timer is the time a Throttle reads and waits by: the machine's
// (RealTime), or a test's.
type Timer interface {
	Now() time.Time
	// Wait returns after d, or with ctx's error when ctx ends first.
	Wait(ctx context.Context, d time.Duration) error
}

// RealTime is the machine's clock.
type RealTime struct{}

// Now returns time.Now().
func (RealTime) Now() time.Time { return time.Now() }

// Wait sleeps d or until ctx ends.
func (RealTime) Wait(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// MaxTooManyWait bounds what a run waits, in all, for the target's HTTP
// 429 answers: past it a 429 is the answer, judged as it is.
const MaxTooManyWait = 10 * time.Minute

// DefaultRetryAfter is what a 429 without a Retry-After a Throttle can read
// is waited out for.
const DefaultRetryAfter = time.Second

// Throttle holds the calls of a run under a rate (calls per second, as
// Schemathesis' --rate-limit does: each call at least 1/rate after the one
// before it, no bursts) and counts what the run waited for it and for the
// target's HTTP 429 (Too Many Requests) answers, which Client.Do waits out
// and repeats rather than returns. Every client of one run shares one
// Throttle, so the rate holds for all the calls the run makes. It is safe
// for concurrent use; a nil Throttle holds nothing and counts nothing.
type Throttle struct {
	perSecond float64
	timer     Timer

	mu   sync.Mutex // guards next and waits
	next time.Time  // when the next call may be sent
	w    Waits
}

// Waits is what a run waited: for its rate limit, and for HTTP 429s.
type Waits struct {
	RateLimit   float64       // calls per second; 0 for none
	RateWait    time.Duration // waited to keep under RateLimit
	TooMany     int           // HTTP 429 answers waited out and repeated
	TooManyWait time.Duration // waited for them
	// TooManyJudged counts the 429 answers returned as answers: past the
	// call's allowance or the run's MaxTooManyWait.
	TooManyJudged int
}

// NewThrottle returns a throttle of perSecond calls a second (0 or less:
// no limit) on timer (nil: RealTime).
func NewThrottle(perSecond float64, timer Timer) *Throttle {
	if timer == nil {
		timer = RealTime{}
	}
	return &Throttle{perSecond: max(perSecond, 0), timer: timer, w: Waits{RateLimit: max(perSecond, 0)}}
}

type throttleKey struct{}

// WithThrottle returns ctx carrying t, the throttle of the run ctx belongs
// to: every call a Client makes under it goes through t rather than the
// client's own throttle, so the clients a run's parts build apart (its
// exploration's, its sweep's) share the run's rate and its count of
// waits, and two runs of one process, each with its own context, never
// share one.
func WithThrottle(ctx context.Context, t *Throttle) context.Context {
	return context.WithValue(ctx, throttleKey{}, t)
}

// throttleFor is the throttle a call under ctx goes through: the run's
// (WithThrottle), or else own.
func throttleFor(ctx context.Context, own *Throttle) *Throttle {
	if t, ok := ctx.Value(throttleKey{}).(*Throttle); ok && t != nil {
		return t
	}
	return own
}

// Waits returns what the run has waited so far.
func (t *Throttle) Waits() Waits {
	if t == nil {
		return Waits{}
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.w
}

// take waits until a call may be sent under the rate: each call is given
// its moment, 1/rate after the one before, and waits for it.
func (t *Throttle) take(ctx context.Context) error {
	if t == nil || t.perSecond <= 0 {
		return nil
	}
	interval := time.Duration(float64(time.Second) / t.perSecond)
	t.mu.Lock()
	now := t.timer.Now()
	at := t.next
	if at.Before(now) {
		at = now
	}
	t.next = at.Add(interval)
	wait := at.Sub(now)
	t.w.RateWait += wait
	t.mu.Unlock()
	if wait <= 0 {
		return nil
	}
	return t.timer.Wait(ctx, wait)
}

// tooMany decides on an HTTP 429: how long to wait before the call is
// sent again, and false when it is not (the call has waited its allowance
// for 429s, or the run MaxTooManyWait), so that the 429 is the answer.
func (t *Throttle) tooMany(h http.Header, waitedForCall, allowance time.Duration) (time.Duration, bool) {
	if t == nil {
		return 0, false
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	d := retryAfter(h.Get("Retry-After"), t.timer.Now())
	if (allowance > 0 && waitedForCall+d > allowance) || t.w.TooManyWait+d > MaxTooManyWait {
		t.w.TooManyJudged++
		return 0, false
	}
	t.w.TooMany++
	t.w.TooManyWait += d
	return d, true
}

// retryAfter reads a Retry-After (RFC 9110 10.2.3): a number of seconds,
// or an HTTP date, read against now; DefaultRetryAfter when there is none
// or it cannot be read, 0 for a moment already past.
func retryAfter(v string, now time.Time) time.Duration {
	v = strings.TrimSpace(v)
	if v == "" {
		return DefaultRetryAfter
	}
	if n, err := strconv.Atoi(v); err == nil {
		return time.Duration(max(n, 0)) * time.Second
	}
	if at, err := http.ParseTime(v); err == nil {
		return max(at.Sub(now), 0)
	}
	return DefaultRetryAfter
}
