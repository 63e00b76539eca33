package runner_test

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wallet-conformance/wallet-conformance/record"
	"github.com/wallet-conformance/wallet-conformance/reference"
	"github.com/wallet-conformance/wallet-conformance/runner"
)

// hostileAllowance is the call allowance of the hostile runs: short, so the
// test is quick, yet long enough to read 4 MiB under the race detector.
const hostileAllowance = time.Second

// hostileBound is the --max-duration of a hostile run: 16 scenarios of a
// few calls, 8 at a time, each call at most one allowance (its retries
// included: each waits for its own answer) take a handful of allowances.
const hostileBound = 20 * hostileAllowance

// hangAfter is how long beyond its --max-duration a run may go on before
// the test calls it hung (a body read that never ends, a call allowance
// not enforced: such a run lasts until the test's own timeout). It tells
// a run that ends from one that hangs, never a fast machine from a slow
// one.
const hangAfter = 2 * time.Minute

// endsBeforeHung runs f and fails the test at once if f has not returned
// after hung: a watchdog, not a measure of speed. hung is minutes, where a
// run that ignored its bound would be held for ten minutes or until the
// test ends; how close to its bound a run ends is make bench's to measure.
func endsBeforeHung(t *testing.T, hung time.Duration, f func()) {
	t.Helper()
	done := make(chan struct{})
	go func() {
		defer close(done)
		f()
	}()
	select {
	case <-done:
	case <-time.After(hung):
		t.Fatalf("still running after %s: hung, not bounded", hung)
	}
}

// fault turns the reference's answer into a misbehaving one.
type fault struct {
	name string
	// serve answers in place of the reference; rec holds the reference's answer.
	serve func(w http.ResponseWriter, r *http.Request, rec *httptest.ResponseRecorder)
	// says is what a vendor reads in the message of every affected scenario.
	says string
}

// faultAllowance is the call allowance of a fault's run where it is not
// hostileAllowance: reading 4 MiB under -race on a loaded machine can take
// seconds, and the cap, not the clock, must end that run.
var faultAllowance = map[string]time.Duration{"64 MiB body": 10 * hostileAllowance}

func copyHeader(w http.ResponseWriter, rec *httptest.ResponseRecorder) {
	for k, vs := range rec.Header() {
		w.Header()[k] = vs
	}
}

// rewrite changes the top-level fields of a JSON answer.
func rewrite(rec *httptest.ResponseRecorder, change func(map[string]any)) []byte {
	var m map[string]any
	if err := json.Unmarshal(rec.Body.Bytes(), &m); err != nil {
		return rec.Body.Bytes()
	}
	change(m)
	out, _ := json.Marshal(m)
	return out
}

var faults = []fault{
	{"JSON cut in half", func(w http.ResponseWriter, _ *http.Request, rec *httptest.ResponseRecorder) {
		copyHeader(w, rec)
		w.WriteHeader(rec.Code)
		_, _ = w.Write(rec.Body.Bytes()[:rec.Body.Len()/2])
	}, "not a JSON object"},
	{"wrong Content-Type", func(w http.ResponseWriter, _ *http.Request, rec *httptest.ResponseRecorder) {
		copyHeader(w, rec)
		w.Header().Set("Content-Type", "text/html")
		w.WriteHeader(rec.Code)
		_, _ = w.Write(rec.Body.Bytes())
	}, "Content-Type"},
	{"empty body", func(w http.ResponseWriter, _ *http.Request, rec *httptest.ResponseRecorder) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(rec.Code)
	}, "empty"},
	{"64 MiB body", func(w http.ResponseWriter, _ *http.Request, _ *httptest.ResponseRecorder) {
		w.Header().Set("Content-Type", "application/json")
		chunk := bytes.Repeat([]byte(" "), 1<<20)
		_, _ = w.Write([]byte("{"))
		for i := 0; i < 64; i++ {
			if _, err := w.Write(chunk); err != nil {
				return // the suite stopped reading, as it should
			}
		}
	}, "larger than"},
	{"an HTML page with HTTP 500", func(w http.ResponseWriter, _ *http.Request, _ *httptest.ResponseRecorder) {
		w.Header().Set("Content-Type", "text/html")
		w.WriteHeader(http.StatusInternalServerError)
		_, _ = w.Write([]byte("<html><body><h1>Internal Server Error</h1></body></html>"))
	}, "not a JSON object"},
	{"an answer after the call allowance", func(w http.ResponseWriter, r *http.Request, rec *httptest.ResponseRecorder) {
		select {
		case <-time.After(hostileAllowance + 200*time.Millisecond):
		case <-r.Context().Done():
			return
		}
		copyHeader(w, rec)
		w.WriteHeader(rec.Code)
		_, _ = w.Write(rec.Body.Bytes())
	}, "timeout"},
	{"no answer at all", func(_ http.ResponseWriter, r *http.Request, _ *httptest.ResponseRecorder) {
		<-r.Context().Done()
	}, "timeout"},
	{"a connection reset", func(w http.ResponseWriter, _ *http.Request, _ *httptest.ResponseRecorder) {
		conn, _, err := w.(http.Hijacker).Hijack()
		if err != nil {
			return
		}
		if tcp, ok := conn.(*net.TCPConn); ok {
			_ = tcp.SetLinger(0) // close with RST
		}
		_ = conn.Close()
	}, "infrastructure error"},
	{"responseCode missing", func(w http.ResponseWriter, _ *http.Request, rec *httptest.ResponseRecorder) {
		copyHeader(w, rec)
		w.WriteHeader(rec.Code)
		_, _ = w.Write(rewrite(rec, func(m map[string]any) { delete(m, "responseCode") }))
	}, "responseCode"},
	{"the right fields with the wrong types", func(w http.ResponseWriter, _ *http.Request, rec *httptest.ResponseRecorder) {
		copyHeader(w, rec)
		w.WriteHeader(rec.Code)
		_, _ = w.Write(rewrite(rec, func(m map[string]any) {
			for k, v := range m {
				switch v.(type) {
				case string:
					m[k] = 1234
				case bool, float64:
					m[k] = "not-this-type"
				}
			}
		}))
	}, "responseCode"},
}

// hostile serves Issue Token as the reference does (so the run can start)
// and every other operation through the fault.
func hostile(t *testing.T, f fault) *httptest.Server {
	h, err := reference.NewHandler(reference.DefaultConfig())
	require.NoError(t, err)
	return httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, r)
		if strings.HasPrefix(r.URL.Path, "/user/") {
			copyHeader(w, rec)
			w.WriteHeader(rec.Code)
			_, _ = w.Write(rec.Body.Bytes())
			return
		}
		f.serve(w, r, rec)
	}))
}

// The suite survives every way a target can misbehave: the run ends within a
// bound derived from the call allowance, writes every report file, and shows
// every affected scenario as FAILED, BLOCKED or ERROR with a message a vendor can act
// on. No goroutine is left behind.
func TestHostileTargets(t *testing.T) {
	for _, f := range faults {
		t.Run(f.name, func(t *testing.T) {
			before := runtime.NumGoroutine()
			srv := hostile(t, f)
			allowance := cmp.Or(faultAllowance[f.name], hostileAllowance)
			bound := hostileBound * (allowance / hostileAllowance)
			p := runner.ReferenceProfile(srv.URL, reference.DefaultConfig())
			p.CallTimeout.Duration = allowance
			dir := t.TempDir()
			// The run ends, by its --max-duration at the latest, whatever the
			// machine's load: a slow machine may cut scenarios short (ERROR,
			// and they say so), never hang.
			var res *record.Run
			var err error
			endsBeforeHung(t, bound+hangAfter, func() {
				res, err = runner.Run(context.Background(), runner.Options{
					Profile: p, ReportDir: dir, Concurrency: 8, Tags: "@A-4.4 && ~@advisory",
					MaxDuration: bound,
				})
			})
			srv.Close()
			require.NoError(t, err)
			assert.Equal(t, record.NotConformant, res.Verdict())
			for _, name := range []string{"report.json", "report.html", "summary.md", "junit.xml", "cucumber.json"} {
				info, err := os.Stat(filepath.Join(dir, name))
				if assert.NoError(t, err, name) {
					assert.Positive(t, info.Size(), name)
				}
			}
			for _, s := range res.Scenarios {
				// Every operation but Issue Token misbehaves: a scenario
				// whose setup creates an account is blocked by it.
				assert.Contains(t, []record.Status{record.Failed, record.Error, record.Blocked}, s.Status, "%s %s", s.ID, s.Name)
				if !strings.Contains(s.Message, "reached --max-duration") {
					assert.Contains(t, s.Message, f.says, "%s %s", s.ID, s.Name)
				}
			}
			assertNoGoroutineLeft(t, before)
		})
	}
}

// assertNoGoroutineLeft waits for goroutines to wind down to the count
// before the run (a little slack for the runtime's own).
func assertNoGoroutineLeft(t *testing.T, before int) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for runtime.NumGoroutine() > before+2 && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
	}
	if n := runtime.NumGoroutine(); n > before+2 {
		buf := make([]byte, 1<<20)
		t.Errorf("%d goroutines left behind (before: %d):\n%s", n-before, before, buf[:runtime.Stack(buf, true)])
	}
}
