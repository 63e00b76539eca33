package main

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wallet-conformance/wallet-conformance/record"
	"github.com/wallet-conformance/wallet-conformance/reference"
)

// explore against the embedded reference server is conformant and writes
// the report files of a run.
func TestExploreAgainstTheEmbeddedReferencePasses(t *testing.T) {
	dir := t.TempDir()
	code, out, errOut := run(t, "explore", "--seed", "7", "--runs", "5", "--steps", "10", "--report-dir", dir)
	require.Equal(t, ExitConformant, code, out+errOut)
	assert.Contains(t, out, "CONFORMANT: 10 runs passed", "5 property runs, the scripted run of two of a thing and 4 concurrent rounds")
	assert.Contains(t, out, "--seed 7 --steps 10 --runs 5")
	for _, f := range []string{"report.json", "report.html", "summary.md", "junit.xml", "profile.yaml"} {
		data, err := os.ReadFile(filepath.Join(dir, f))
		require.NoError(t, err, f)
		assert.NotContains(t, string(data), reference.DefaultConfig().Password, f)
	}
	assert.NoDirExists(t, filepath.Join(dir, "features"))
}

// explore finds a mutant (exit 1), writes its scenario, replays it against
// the mutant; run --features replays it against the conforming server,
// where it passes.
func TestExploreWritesAScenarioThatRunReplays(t *testing.T) {
	dir := t.TempDir()
	// --max-duration bounds the shrinking too (every attempt that breaks
	// the invariant waits out the settle allowance): the test needs the
	// scenario written and replayed, not the shortest one.
	code, out, errOut := run(t, "explore", "--mutant", "load-not-credited", "--seed", "1", "--runs", "10", "--max-duration", "8s", "--report-dir", dir)
	require.Equal(t, ExitFailed, code, out+errOut)
	assert.Contains(t, out, "NOT CONFORMANT")
	assert.Contains(t, out, "against the target: FAILED")
	assert.NotContains(t, out, reference.DefaultConfig().Password)
	features, err := filepath.Glob(filepath.Join(dir, "features", "*.feature"))
	require.NoError(t, err)
	require.Len(t, features, 1)

	code, out, errOut = run(t, "run", "--features", filepath.Join(dir, "features"), "--report-dir", t.TempDir())
	assert.Equal(t, ExitConformant, code, out+errOut)
	assert.Contains(t, out, "CONFORMANT: 1 passed")
}

func TestExploreUsageErrors(t *testing.T) {
	for name, args := range map[string][]string{
		"mutant with a target":  {"explore", "--mutant", "load-not-credited", "--target", "http://127.0.0.1:1"},
		"unknown mutant":        {"explore", "--mutant", "no-such-mutant"},
		"no steps":              {"explore", "--steps", "0"},
		"negative calls":        {"explore", "--max-calls", "-1"},
		"an argument":           {"explore", "extra"},
		"features without any":  {"run", "--features", t.TempDir()},
		"target that is absent": {"explore", "--target", "http://127.0.0.1:1", "--runs", "1", "--report-dir", t.TempDir()},
	} {
		t.Run(name, func(t *testing.T) {
			code, out, errOut := run(t, args...)
			assert.Equal(t, ExitUsage, code, out+errOut)
			assert.NotEmpty(t, errOut)
		})
	}
}

// explore --target explores the server at that URL, with the reference
// server's profile, as run --target does: no embedded server is started
// or announced.
func TestExploreTargetsTheURLItIsGiven(t *testing.T) {
	h, err := reference.NewHandler(reference.DefaultConfig())
	require.NoError(t, err)
	var calls atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		calls.Add(1)
		h.ServeHTTP(w, r)
	}))
	defer srv.Close()
	code, out, errOut := run(t, "explore", "--target", srv.URL, "--seed", "3", "--runs", "2", "--steps", "5", "--report-dir", t.TempDir())
	require.Equal(t, ExitConformant, code, out+errOut)
	assert.NotContains(t, out, "embedded")
	assert.Contains(t, out, "target: "+srv.URL)
	assert.Positive(t, calls.Load(), "the exploration called the target it was given")
}

// A bound that cuts an exploration short is not a green run: with
// --max-calls 5 the first run cannot make its moves, and the run ends
// NOT CONFORMANT with that run ERROR, as run --max-duration does.
func TestExploreCutShortIsNotGreen(t *testing.T) {
	dir := t.TempDir()
	code, out, errOut := run(t, "explore", "--max-calls", "5", "--seed", "1", "--report-dir", dir)
	require.Equal(t, ExitFailed, code, out+errOut)
	assert.Contains(t, out, "NOT CONFORMANT")
	rep := readReport(t, dir)
	assert.Positive(t, rep.Counts.ByStatus[record.Error])
	assert.Zero(t, rep.Counts.ByStatus[record.Passed]+rep.Counts.ByStatus[record.Failed])
}
