package runner_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tidwall/gjson"

	"github.com/wallet-conformance/wallet-conformance/record"
	"github.com/wallet-conformance/wallet-conformance/reference"
	"github.com/wallet-conformance/wallet-conformance/runner"
)

// flaky answers 0058 or 0098 (A-7: the call may be retried) instead of the
// reference whenever refuse says so; Issue Token is always served.
func flaky(t *testing.T, refuse func(n int64) bool) *httptest.Server {
	h, err := reference.NewHandler(reference.DefaultConfig())
	require.NoError(t, err)
	var n atomic.Int64
	return httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !strings.HasPrefix(r.URL.Path, "/user/") {
			if i := n.Add(1); refuse(i) {
				code := []string{"0058", "0098"}[i%2]
				w.Header().Set("Content-Type", "application/json")
				w.WriteHeader(http.StatusServiceUnavailable)
				fmt.Fprintf(w, `{"responseCode":%q,"responseDescription":"try again","sysDate":"2026-11-21","sysTime":"120000"}`, code)
				return
			}
		}
		h.ServeHTTP(w, r)
	}))
}

func runFlaky(t *testing.T, refuse func(int64) bool) (*record.Run, string) {
	srv := flaky(t, refuse)
	defer srv.Close()
	dir := t.TempDir()
	res, err := runner.Run(context.Background(), runner.Options{
		Profile: runner.ReferenceProfile(srv.URL, reference.DefaultConfig()), ReportDir: dir, Concurrency: 1, Tags: "@A-4.2 && @A-3",
	})
	require.NoError(t, err)
	data, err := os.ReadFile(filepath.Join(dir, "report.json"))
	require.NoError(t, err)
	return res, string(data)
}

// A target that answers 0058 or 0098 now and then passes: the suite retries
// (up to 3 times, A-7) and the report counts the retries per operation.
func TestRetriesOvercomeAFlakyTarget(t *testing.T) {
	res, report := runFlaky(t, func(n int64) bool { return n%2 == 1 })
	assert.Equal(t, record.Conformant, res.Verdict(), failures(res))
	retries := gjson.Get(report, `latency.#(operation=="create-account").retries`).Int()
	assert.Positive(t, retries, "the report counts the retries of create-account")
}

// A target that keeps answering them fails, with the retries shown.
func TestATargetThatKeepsAskingForRetriesFails(t *testing.T) {
	res, _ := runFlaky(t, func(int64) bool { return true })
	assert.Equal(t, record.NotConformant, res.Verdict())
	for _, s := range res.Scenarios {
		assert.Equal(t, record.Failed, s.Status, s.ID)
		assert.Contains(t, s.Message, "retried 3 times", s.ID)
	}
}
