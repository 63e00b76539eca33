package runner_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wallet-conformance/wallet-conformance/record"
	"github.com/wallet-conformance/wallet-conformance/reference"
	"github.com/wallet-conformance/wallet-conformance/runner"
	"github.com/wallet-conformance/wallet-conformance/sweep"
)

// fakeTimer is a run's throttle clock (runner.Options.Timer) whose waits
// move it at once: a run on it waits no real time. It keeps the waits, and
// counts the calls that asked it the time: under a rate, every call of the
// run asks once.
type fakeTimer struct {
	mu    sync.Mutex // guards now, waits and asked
	now   time.Time
	waits []time.Duration
	asked int
}

func (f *fakeTimer) Now() time.Time {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.asked++
	return f.now
}

func (f *fakeTimer) Wait(_ context.Context, d time.Duration) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.waits = append(f.waits, d)
	f.now = f.now.Add(d)
	return nil
}

func (f *fakeTimer) seen() ([]time.Duration, int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return slices.Clone(f.waits), f.asked
}

var throttleEpoch = time.Date(2026, 11, 27, 12, 0, 0, 0, time.UTC)

// Each run holds its calls under a throttle of its own: two runs at once,
// at different rates, each space their calls by their own rate alone, and
// a run's waited figure is its own calls', also when the same profile ran
// before it in the process. The throttles run on injected clocks: no real
// time is waited for or compared.
func TestEachRunHasAThrottleOfItsOwn(t *testing.T) {
	cfg := reference.DefaultConfig()
	srv, err := reference.New(cfg)
	require.NoError(t, err)
	t.Cleanup(srv.Close)
	const tags = "@A-2.3 or @A-2.5"
	fast, slow := runner.ReferenceProfile(srv.URL, cfg), runner.ReferenceProfile(srv.URL, cfg)
	fast.RateLimit.PerSecond, slow.RateLimit.PerSecond = 50, 8

	// One scenario at a time (Concurrency 1): every call of a run but its
	// first waits exactly its interval after the one before.
	check := func(name string, res *record.Run, timer *fakeTimer, perSecond float64) {
		t.Helper()
		assert.Equal(t, record.Conformant, res.Verdict(), name)
		waits, calls := timer.seen()
		require.Greater(t, calls, 1, name)
		interval := time.Duration(float64(time.Second) / perSecond)
		assert.Equal(t, slices.Repeat([]time.Duration{interval}, calls-1), waits, "%s: its calls spaced by its own rate alone", name)
		assert.Equal(t, record.Waits{RateLimit: perSecond, RateWait: time.Duration(calls-1) * interval}, res.Waited, "%s: what it waited, its own calls'", name)
	}

	timers := []*fakeTimer{{now: throttleEpoch}, {now: throttleEpoch}}
	results := make([]*record.Run, 2)
	errs := make([]error, 2)
	var wg sync.WaitGroup
	for i, o := range []*runner.Options{{Profile: fast, Tags: tags, Timer: timers[0]}, {Profile: slow, Tags: tags, Timer: timers[1]}} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			results[i], errs[i] = runner.Run(context.Background(), *o)
		}()
	}
	wg.Wait()
	require.NoError(t, errs[0])
	require.NoError(t, errs[1])
	check("the run at 50/s", results[0], timers[0], 50)
	check("the run at 8/s", results[1], timers[1], 8)

	again := &fakeTimer{now: throttleEpoch}
	res, err := runner.Run(context.Background(), runner.Options{Profile: fast, Tags: tags, Timer: again})
	require.NoError(t, err)
	check("a second run of the same profile", res, again, 50)
}

// Every call a run makes goes through the run's throttle: its scenarios'
// and its sweep's, whose client the sweep builds apart. The target counts
// the calls it received; the run's throttle clock, the calls it spaced.
func TestEveryCallOfARunGoesThroughItsThrottle(t *testing.T) {
	cfg := reference.DefaultConfig()
	h, err := reference.NewHandler(cfg)
	require.NoError(t, err)
	var received atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		received.Add(1)
		h.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	p := runner.ReferenceProfile(srv.URL, cfg)
	p.RateLimit.PerSecond = 1000
	timer := &fakeTimer{now: throttleEpoch}
	res, err := runner.Run(context.Background(), runner.Options{Profile: p, Tags: "@A-2.3", Concurrency: 2, Timer: timer,
		Explore: sweep.ForRun(sweep.Options{Profile: p, Seed: sweep.DefaultSeed, PerOperation: 1})})
	require.NoError(t, err)
	assert.Equal(t, record.Conformant, res.Verdict(), failures(res))
	require.NotNil(t, res.Meta.Sweep, "the run swept")
	_, spaced := timer.seen()
	assert.Greater(t, spaced, res.Meta.Sweep.Calls, "the sweep's calls are among those the run's throttle spaced")
	assert.Equal(t, received.Load(), int64(spaced), "every call the target received went through the run's throttle")
}
