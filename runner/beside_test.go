package runner_test

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wallet-conformance/wallet-conformance/record"
	"github.com/wallet-conformance/wallet-conformance/reference"
	"github.com/wallet-conformance/wallet-conformance/runner"
	"github.com/wallet-conformance/wallet-conformance/schemas"
	"github.com/wallet-conformance/wallet-conformance/sweep"
)

// The sweep beside a run's scenarios keeps to one call at a time while
// they run and takes the run's concurrency once they have ended: a target
// that counts the calls it has at once never sees more than the
// concurrency and the sweep's one worker; the console shows the sweep's
// count once the scenarios' marks have ended.
func TestTheSweepBesideTheScenariosKeepsToTheRunsConcurrency(t *testing.T) {
	cfg := reference.DefaultConfig()
	h, err := reference.NewHandler(cfg)
	require.NoError(t, err)
	var now, most atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n := now.Add(1)
		defer now.Add(-1)
		for m := most.Load(); n > m && !most.CompareAndSwap(m, n); m = most.Load() {
		}
		h.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	p := runner.ReferenceProfile(srv.URL, cfg)
	var console bytes.Buffer
	res, err := runner.Run(context.Background(), runner.Options{Profile: p, Tags: "@A-4.1", Concurrency: 2, Progress: &console,
		Explore: sweep.ForRun(sweep.Options{Profile: p, Seed: sweep.DefaultSeed, PerOperation: 2})})
	require.NoError(t, err)
	assert.Equal(t, record.Conformant, res.Verdict(), failures(res))
	assert.LessOrEqual(t, most.Load(), int64(2+1), "the run's concurrency, and the one worker beside the scenarios")
	// PerOperation 2: two inputs of every operation of the catalogue.
	assert.Regexp(t, fmt.Sprintf(`\nbad-input sweep: %d of \d+ inputs tried\n`, 2*len(schemas.Catalogue())), console.String())
}
