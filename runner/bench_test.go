//go:build unix

package runner_test

import (
	"bytes"
	"cmp"
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"runtime"
	"runtime/pprof"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/cucumber/godog"

	"github.com/wallet-conformance/wallet-conformance/features"
	"github.com/wallet-conformance/wallet-conformance/reference"
	"github.com/wallet-conformance/wallet-conformance/reports"
	"github.com/wallet-conformance/wallet-conformance/runner"
)

// benchDelay is what the slow reference server adds to every answer.
const benchDelay = 50 * time.Millisecond

// BenchmarkSuite measures the whole suite against the embedded reference
// server, once (run it with -benchtime 1x, as make bench does):
//
//  1. at concurrency 1, and a bare net/http replay of the very requests the
//     suite sent, in the same order, against the same server: suite/replay
//     is the suite's own cost over the cost of sending its requests; and
//     godog alone on the same scenarios, every step a no-op, the part of
//     that cost no step definition can remove;
//  2. at the default concurrency;
//  3. at the default concurrency against a server that adds 50 ms to every
//     answer, as a ratio to its ideal (requests x 50 ms / concurrency).
//
// It prints a table and reports each figure as a metric.
func BenchmarkSuite(b *testing.B) {
	mem := startMemSampler()
	defer mem.stop()
	conc := runner.DefaultConcurrency()
	var (
		serial, replay, floor, parallel, delayed phase
		replayed                                 int
	)
	for range b.N {
		// 1. Concurrency 1, every request recorded at the server, then replayed.
		rec := &recorder{}
		srv := serveReference(b, rec.wrap)
		serial = runSuite(b, mem, "serial", srv.URL, 1, rec.count)
		reqs := rec.take()
		if len(reqs) != serial.requests {
			b.Fatalf("recorded %d requests, counted %d", len(reqs), serial.requests)
		}
		// The replay and godog alone take a fraction of a second, where
		// noise weighs most: each is the median of three rounds.
		replay = medianOf3(func() phase {
			return measure(mem, "replay", func() { replayed = replayRequests(b, srv.URL, reqs) })
		})
		replay.requests = replayed
		srv.Close()

		// 1b. godog alone: the same scenarios with every step a no-op, the
		// part of the suite's time that is godog's own bookkeeping.
		var ran int
		floor = medianOf3(func() phase { return measure(mem, "godog", func() { ran = runGodogAlone(b) }) })
		floor.scenarios = ran

		// 2. The default concurrency.
		cnt := &counter{}
		srv = serveReference(b, cnt.wrap)
		parallel = runSuite(b, mem, "parallel", srv.URL, conc, cnt.count)
		srv.Close()

		// 3. The default concurrency, every answer 50 ms late.
		cnt = &counter{}
		srv = serveReference(b, func(h http.Handler) http.Handler { return cnt.wrap(delay(benchDelay, h)) })
		delayed = runSuite(b, mem, "delayed", srv.URL, conc, cnt.count)
		srv.Close()
	}
	mem.stop()

	ideal := time.Duration(delayed.requests) * benchDelay / time.Duration(conc)
	suiteOverReplay := serial.elapsed.Seconds() / replay.elapsed.Seconds()
	busyOverReplay := (serial.elapsed - serial.waits).Seconds() / replay.elapsed.Seconds()
	delayedOverIdeal := delayed.elapsed.Seconds() / ideal.Seconds()
	maxRSS := peakRSS()

	var t strings.Builder
	fmt.Fprintf(&t, "\n%d CPUs, %s, %s/%s, default concurrency %d\n", runtime.NumCPU(), runtime.Version(), runtime.GOOS, runtime.GOARCH, conc)
	fmt.Fprintf(&t, "%-34s %5s %9s %9s %10s %10s %13s\n", "run", "conc", "scenarios", "requests", "time", "requests/s", "scenarios/s")
	row := func(name string, c int, p phase) {
		sps := "-"
		if p.scenarios > 0 {
			sps = fmt.Sprintf("%.1f", float64(p.scenarios)/p.elapsed.Seconds())
		}
		fmt.Fprintf(&t, "%-34s %5d %9d %9d %10s %10.0f %13s\n", name, c, p.scenarios, p.requests, p.elapsed.Round(time.Millisecond), float64(p.requests)/p.elapsed.Seconds(), sps)
	}
	row("suite", 1, serial)
	row("replay of its requests (net/http)", 1, replay)
	row("godog alone, every step a no-op", 1, floor)
	row("suite", conc, parallel)
	row("suite, answers 50 ms late", conc, delayed)
	fmt.Fprintf(&t, "suite/replay at concurrency 1:     %.2f (goal <= 1.5)\n", suiteOverReplay)
	fmt.Fprintf(&t, "  without its waits for the target's clock (%s): %.2f\n", serial.waits.Round(time.Millisecond), busyOverReplay)
	fmt.Fprintf(&t, "  godog alone / replay:            %.2f\n", floor.elapsed.Seconds()/replay.elapsed.Seconds())
	fmt.Fprintf(&t, "suite at concurrency %d:            %s (goal < 5s on 2 CPUs)\n", conc, parallel.elapsed.Round(time.Millisecond))
	fmt.Fprintf(&t, "50 ms run / ideal (%d x 50 ms / %d = %s): %.2f (goal <= 1.3)\n", delayed.requests, conc, ideal.Round(time.Millisecond), delayedOverIdeal)
	fmt.Fprintf(&t, "peak heap in use: %.1f MiB (concurrency 1), %.1f MiB (replay), %.1f MiB (concurrency %d), %.1f MiB (50 ms late)\n",
		mib(serial.heap), mib(replay.heap), mib(parallel.heap), conc, mib(delayed.heap))
	fmt.Fprintf(&t, "peak RSS of the process: %.1f MiB\n", mib(maxRSS))
	b.Log(t.String())

	b.ReportMetric(serial.elapsed.Seconds(), "serial-s")
	b.ReportMetric(float64(serial.requests)/serial.elapsed.Seconds(), "serial-req/s")
	b.ReportMetric(float64(serial.scenarios)/serial.elapsed.Seconds(), "serial-scenarios/s")
	b.ReportMetric(replay.elapsed.Seconds(), "replay-s")
	b.ReportMetric(float64(replay.requests)/replay.elapsed.Seconds(), "replay-req/s")
	b.ReportMetric(suiteOverReplay, "suite/replay")
	b.ReportMetric(busyOverReplay, "suite-without-waits/replay")
	b.ReportMetric(floor.elapsed.Seconds()/replay.elapsed.Seconds(), "godog-alone/replay")
	b.ReportMetric(parallel.elapsed.Seconds(), "parallel-s")
	b.ReportMetric(float64(parallel.requests)/parallel.elapsed.Seconds(), "parallel-req/s")
	b.ReportMetric(float64(parallel.scenarios)/parallel.elapsed.Seconds(), "parallel-scenarios/s")
	b.ReportMetric(delayed.elapsed.Seconds(), "delayed-s")
	b.ReportMetric(delayedOverIdeal, "delayed/ideal")
	b.ReportMetric(mib(max(serial.heap, replay.heap, parallel.heap, delayed.heap)), "peak-heap-MiB")
	b.ReportMetric(mib(maxRSS), "peak-RSS-MiB")
}

// phase is one measured part of the benchmark.
type phase struct {
	elapsed   time.Duration
	scenarios int
	requests  int
	heap      uint64        // peak HeapInuse while it ran
	waits     time.Duration // what its steps waited for the target's clock ("the last a second later")
}

// measure times f and samples the heap while it runs. The goroutines f
// starts carry the profiler label phase=name (go tool pprof -tagfocus).
func measure(mem *memSampler, name string, f func()) phase {
	runtime.GC()
	mem.reset()
	start := time.Now()
	pprof.Do(context.Background(), pprof.Labels("phase", name), func(context.Context) { f() })
	return phase{elapsed: time.Since(start), heap: mem.peak()}
}

// runSuite runs the whole suite at conc against url, requires it to be
// conformant, and returns the phase with the requests count reports.
func runSuite(b *testing.B, mem *memSampler, name, url string, conc int, requests func() int) phase {
	b.Helper()
	var res *reports.Result
	var err error
	before := requests()
	p := measure(mem, name, func() {
		res, err = runner.Run(context.Background(), runner.Options{
			Profile:     runner.ReferenceProfile(url, reference.DefaultConfig()),
			Concurrency: conc,
		})
	})
	if err != nil {
		b.Fatal(err)
	}
	if v := res.Verdict(); v != reports.Conformant {
		b.Fatalf("the reference server is %s at concurrency %d:\n%s", v, conc, failures(res))
	}
	p.scenarios = len(res.Scenarios)
	p.requests = requests() - before
	for _, sc := range res.Scenarios {
		for _, st := range sc.Steps {
			p.waits += st.Waited
		}
	}
	return p
}

// medianOf3 runs f three times and returns the run of median time.
func medianOf3(f func() phase) phase {
	ps := []phase{f(), f(), f()}
	slices.SortFunc(ps, func(a, b phase) int { return cmp.Compare(a.elapsed, b.elapsed) })
	return ps[1]
}

// runGodogAlone runs the embedded features through godog as the runner
// does (strict, concurrency 1, its formatter) with one step definition
// that does nothing, and returns how many scenarios ran.
func runGodogAlone(b *testing.B) int {
	b.Helper()
	var n atomic.Int64
	suite := godog.TestSuite{
		ScenarioInitializer: func(sc *godog.ScenarioContext) {
			n.Add(1)
			sc.Step(`^(.*)$`, func(string) error { return nil })
		},
		Options: &godog.Options{Format: "progress", Output: io.Discard, Strict: true, NoColors: true, Concurrency: 1, FS: features.FS(), Paths: []string{"."}},
	}
	if status := suite.Run(); status != 0 {
		b.Fatalf("godog alone ended with status %d", status)
	}
	return int(n.Load())
}

// serveReference starts a fresh reference server with its handler wrapped:
// the handler reference.New serves, on a loopback port like it.
func serveReference(b *testing.B, wrap func(http.Handler) http.Handler) *httptest.Server {
	b.Helper()
	h, err := reference.NewHandler(reference.DefaultConfig())
	if err != nil {
		b.Fatal(err)
	}
	return httptest.NewServer(wrap(h))
}

// recorded is one request as the server received it.
type recorded struct {
	method, uri string
	header      http.Header
	body        []byte
}

// recorder keeps every request in arrival order.
type recorder struct {
	mu   sync.Mutex // guards reqs
	reqs []recorded
}

func (rc *recorder) wrap(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, err := io.ReadAll(r.Body)
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		r.Body = io.NopCloser(bytes.NewReader(body))
		rc.mu.Lock()
		rc.reqs = append(rc.reqs, recorded{method: r.Method, uri: r.URL.RequestURI(), header: r.Header.Clone(), body: body})
		rc.mu.Unlock()
		h.ServeHTTP(w, r)
	})
}

func (rc *recorder) count() int {
	rc.mu.Lock()
	defer rc.mu.Unlock()
	return len(rc.reqs)
}

// take returns the requests recorded so far and starts a new record.
func (rc *recorder) take() []recorded {
	rc.mu.Lock()
	defer rc.mu.Unlock()
	reqs := rc.reqs
	rc.reqs = nil
	return reqs
}

// replayRequests sends reqs to base one after the other with a bare
// net/http client, reading every answer, and returns how many it sent.
func replayRequests(b *testing.B, base string, reqs []recorded) int {
	b.Helper()
	tr := &http.Transport{MaxIdleConnsPerHost: 64}
	defer tr.CloseIdleConnections()
	hc := &http.Client{Transport: tr, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	for _, r := range reqs {
		var body io.Reader
		if len(r.body) > 0 {
			body = bytes.NewReader(r.body)
		}
		req, err := http.NewRequest(r.method, base+r.uri, body)
		if err != nil {
			b.Fatal(err)
		}
		for k, vs := range r.header {
			req.Header[k] = vs
		}
		resp, err := hc.Do(req)
		if err != nil {
			b.Fatal(err)
		}
		_, _ = io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
	}
	return len(reqs)
}

// counter counts requests.
type counter struct{ n atomic.Int64 }

func (c *counter) wrap(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		c.n.Add(1)
		h.ServeHTTP(w, r)
	})
}

func (c *counter) count() int { return int(c.n.Load()) }

// delay answers every request d later, unless the client gives up first.
func delay(d time.Duration, h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		t := time.NewTimer(d)
		defer t.Stop()
		select {
		case <-r.Context().Done():
			return
		case <-t.C:
		}
		h.ServeHTTP(w, r)
	})
}

// memSampler keeps the peak of HeapInuse, sampled every 10 ms.
type memSampler struct {
	max  atomic.Uint64
	done chan struct{}
	once sync.Once
	wg   sync.WaitGroup
}

func startMemSampler() *memSampler {
	m := &memSampler{done: make(chan struct{})}
	m.wg.Add(1)
	go func() {
		defer m.wg.Done()
		tick := time.NewTicker(10 * time.Millisecond)
		defer tick.Stop()
		var ms runtime.MemStats
		for {
			runtime.ReadMemStats(&ms)
			for {
				cur := m.max.Load()
				if ms.HeapInuse <= cur || m.max.CompareAndSwap(cur, ms.HeapInuse) {
					break
				}
			}
			select {
			case <-m.done:
				return
			case <-tick.C:
			}
		}
	}()
	return m
}

func (m *memSampler) reset()       { m.max.Store(0) }
func (m *memSampler) peak() uint64 { return m.max.Load() }

func (m *memSampler) stop() {
	m.once.Do(func() { close(m.done); m.wg.Wait() })
}

// peakRSS is the process's peak resident set size in bytes.
func peakRSS() uint64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	if runtime.GOOS == "darwin" {
		return uint64(ru.Maxrss) // bytes on macOS
	}
	return uint64(ru.Maxrss) * 1024 // kilobytes elsewhere
}

func mib(n uint64) float64 { return float64(n) / (1 << 20) }
