package main

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wallet-conformance/wallet-conformance/record"
	"github.com/wallet-conformance/wallet-conformance/reference"
	"github.com/wallet-conformance/wallet-conformance/runner"
)

// hangingTarget serves the reference server, except that the calls hang
// says to hang are never answered (until the client gives up). Its
// profile's call allowance is long: only --max-duration can end the run.
func hangingTarget(t *testing.T, hang func(r *http.Request) bool) string {
	t.Helper()
	cfg := reference.DefaultConfig()
	h, err := reference.NewHandler(cfg)
	require.NoError(t, err)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if hang(r) {
			// The body read, the server notices the client closing the
			// connection, and the request's context ends.
			_, _ = io.Copy(io.Discard, r.Body)
			<-r.Context().Done()
			return
		}
		h.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	p := runner.ReferenceProfile(srv.URL, cfg)
	p.CallTimeout.Duration = 5 * time.Minute
	path := filepath.Join(t.TempDir(), "profile.yaml")
	require.NoError(t, os.WriteFile(path, []byte(p.YAML()), 0o600))
	return path
}

// hungAfter tells a bounded run from a hung one: hangingTarget holds a
// call for its five-minute allowance, so a run that ignored its bound
// would last many minutes; a bounded one ends long before, however loaded
// the machine. How close to its bound a run ends is make bench's to measure.
const hungAfter = 2 * time.Minute

// endsBeforeHung runs f and fails the test at once if f has not returned
// after hung: a watchdog, not a measure of speed.
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

// Scenarios cut short by --max-duration, in a Given or anywhere else, are
// ERROR and counted in the notice, never a FAILED or BLOCKED of a target
// that merely did not answer in time; and the run ends.
func TestMaxDurationCutsShortAsErrorWhateverTheStep(t *testing.T) {
	prof := hangingTarget(t, func(r *http.Request) bool { return r.Method == http.MethodPut && r.URL.Path == "/account" })
	dir := t.TempDir()
	var code int
	var out string
	var errOut string
	endsBeforeHung(t, hungAfter, func() {
		code, out, errOut = run(t, "run", "--profile", prof, "--tags", "@B-4.13", "--max-duration", "2s", "--report-dir", dir)
	})
	require.Equal(t, ExitFailed, code, out+errOut)
	rep := readReport(t, dir)
	executed := 0
	for _, s := range rep.Scenarios {
		if record.Executed(s.Status) {
			executed++
		}
		assert.NotEqual(t, record.Failed, s.Status, "%s: %s", s.ID, s.Message)
		assert.NotEqual(t, record.Blocked, s.Status, "%s: %s", s.ID, s.Message)
	}
	require.Positive(t, executed)
	assert.Equal(t, executed, rep.Counts.ByStatus[record.Error])
	require.NotEmpty(t, rep.Notices)
	assert.Contains(t, strings.Join(rep.Notices, "\n"), "the run reached --max-duration (2s): ")
	assert.Contains(t, strings.Join(rep.Notices, "\n"), " scenario(s) were cut short and are ERROR")
}

// A bound that ends the run before the target issued a token says so; it
// does not call the target unreachable.
func TestMaxDurationBeforeTheTokenBlamesTheBound(t *testing.T) {
	prof := hangingTarget(t, func(r *http.Request) bool { return strings.HasPrefix(r.URL.Path, "/user/") })
	var code int
	var errOut string
	endsBeforeHung(t, hungAfter, func() {
		code, _, errOut = run(t, "run", "--profile", prof, "--max-duration", "1s", "--report-dir", t.TempDir())
	})
	assert.Equal(t, ExitUsage, code)
	assert.Contains(t, errOut, "reached --max-duration (1s) before the target had issued a token")
	assert.NotContains(t, errOut, "cannot be reached")
}

// A negative or absurdly short bound is a usage error, not "no bound" and
// not a run that blames the target.
func TestMaxDurationMustBeABound(t *testing.T) {
	for bound, says := range map[string]string{"-5s": "is negative", "10ms": "too short for any run"} {
		code, out, errOut := run(t, "run", "--max-duration", bound, "--report-dir", t.TempDir())
		assert.Equal(t, ExitUsage, code, bound)
		assert.Contains(t, errOut, says, bound)
		assert.Empty(t, out, bound)
	}
}

// A Given that waits (for a token to expire, A-5#6) when the bound comes
// is cut short: ERROR, not a FAILED "context deadline exceeded". The
// target's short-lived tokens here live 20 s, so the Given waits that long.
func TestMaxDurationCutsAWaitingGivenShortAsError(t *testing.T) {
	cfg := reference.DefaultConfig()
	h, err := reference.NewHandler(cfg)
	require.NoError(t, err)
	p := runner.ReferenceProfile("", cfg)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/user/"+p.Sandbox.ShortTokenUserID+"/issue" {
			h.ServeHTTP(w, r)
			return
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, r)
		var m map[string]any
		require.NoError(t, json.Unmarshal(rec.Body.Bytes(), &m))
		m["validUntil"] = time.Now().UTC().Add(20 * time.Second).Format("2006-01-02T15:04:05.000Z")
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(rec.Code)
		_ = json.NewEncoder(w).Encode(m)
	}))
	t.Cleanup(srv.Close)
	p.BaseURL = srv.URL
	prof := filepath.Join(t.TempDir(), "profile.yaml")
	require.NoError(t, os.WriteFile(prof, []byte(p.YAML()), 0o600))

	dir := t.TempDir()
	var code int
	var out string
	var errOut string
	endsBeforeHung(t, hungAfter, func() {
		code, out, errOut = run(t, "run", "--profile", prof, "--tags", "@A-5#6", "--max-duration", "2s", "--report-dir", dir)
	})
	require.Equal(t, ExitFailed, code, out+errOut)
	rep := readReport(t, dir)
	require.Len(t, rep.Scenarios, 1)
	s := rep.Scenarios[0]
	assert.Equal(t, record.Error, s.Status, s.Message)
	assert.Contains(t, s.Message, "the run reached --max-duration (2s) before this scenario ended")
	assert.Contains(t, strings.Join(rep.Notices, "\n"), "1 scenario(s) were cut short and are ERROR")
}
