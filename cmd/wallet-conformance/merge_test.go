package main

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wallet-conformance/wallet-conformance/record"
	"github.com/wallet-conformance/wallet-conformance/reference"
	"github.com/wallet-conformance/wallet-conformance/reports"
	"github.com/wallet-conformance/wallet-conformance/runner"
)

// statuses lists a report's scenarios in order with their statuses.
func statuses(rep *reports.Report) [][2]string {
	out := make([][2]string, len(rep.Scenarios))
	for i, s := range rep.Scenarios {
		out[i] = [2]string{s.ID, string(s.Status)}
	}
	return out
}

// The whole suite run once, and run as 3 shards whose reports are merged,
// give the same verdict, the same scenarios in the same order with the same
// statuses; each shard runs only its part.
func TestThreeShardsMergeToTheWholeRun(t *testing.T) {
	cfg := reference.DefaultConfig()
	srv, err := reference.New(cfg)
	require.NoError(t, err)
	defer srv.Close()

	root := t.TempDir()
	whole := filepath.Join(root, "whole")
	shards := []string{filepath.Join(root, "shard-1"), filepath.Join(root, "shard-2"), filepath.Join(root, "shard-3")}
	started := time.Now()
	var wg sync.WaitGroup
	errs := make([]error, 4)
	for i, dir := range append([]string{whole}, shards...) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			opts := runner.Options{Profile: runner.ReferenceProfile(srv.URL, cfg), ReportDir: dir, Concurrency: 4}
			if i > 0 {
				opts.Shard = record.Shard{Index: i, Count: 3}
			}
			_, errs[i] = runner.Run(context.Background(), opts)
		}()
	}
	wg.Wait()
	for _, err := range errs {
		require.NoError(t, err)
	}
	t.Logf("the whole suite and its 3 shards, at once: %v", time.Since(started).Round(time.Millisecond))

	out := filepath.Join(root, "merged")
	code, stdout, stderr := run(t, "merge", "--out", out, shards[2], shards[0], shards[1])
	require.Equal(t, ExitConformant, code, stdout+stderr)

	want, got := readReport(t, whole), readReport(t, out)
	assert.Equal(t, want.Verdict, got.Verdict)
	assert.Equal(t, record.Conformant, got.Verdict)
	assert.Equal(t, statuses(want), statuses(got))
	assert.Equal(t, want.Counts, got.Counts)
	assert.Nil(t, got.Shard)
	assert.Nil(t, want.Shard)

	var runIDs []string
	total := 0
	for i, dir := range shards {
		rep := readReport(t, dir)
		require.NotNil(t, rep.Shard)
		assert.Equal(t, record.Shard{Index: i + 1, Count: 3}, *rep.Shard)
		assert.Positive(t, len(rep.Scenarios), "shard %d", i+1)
		assert.Less(t, len(rep.Scenarios), len(want.Scenarios), "shard %d runs a part only", i+1)
		total += len(rep.Scenarios)
		runIDs = append(runIDs, rep.RunID)
		t.Logf("shard %d/3: %d scenarios in %.0f ms", i+1, len(rep.Scenarios), rep.DurationMs)
	}
	assert.Equal(t, len(want.Scenarios), total, "no scenario twice, none left out")
	assert.Equal(t, runIDs[0]+"+"+runIDs[1]+"+"+runIDs[2], got.RunID)
	t.Logf("whole run: %d scenarios in %.0f ms", len(want.Scenarios), want.DurationMs)

	// cucumber.json holds every scenario once, under plain feature URIs.
	var cuke []struct {
		URI      string            `json:"uri"`
		Elements []json.RawMessage `json:"elements"`
	}
	data, err := os.ReadFile(filepath.Join(out, reports.CucumberFile))
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(data, &cuke))
	elements := 0
	for _, f := range cuke {
		assert.Regexp(t, `\.feature$`, f.URI)
		elements += len(f.Elements)
	}
	assert.Equal(t, len(want.Scenarios), elements)
	_, err = os.Stat(filepath.Join(out, reports.BundleProfile))
	assert.NoError(t, err)
}

// A shard that fails makes the merged run NOT CONFORMANT, exit status 1.
func TestAFailingShardFailsTheMergedRun(t *testing.T) {
	root := t.TempDir()
	one, two := filepath.Join(root, "1"), filepath.Join(root, "2")

	code, stdout, stderr := run(t, "run", "--profile", mutantProfile(t, "create-account-status-200"), "--tags", "@A-4.2", "--shard", "1/2", "--report-dir", one)
	require.Equal(t, ExitFailed, code, "the mutant fails shard 1: "+stdout+stderr)
	assert.Contains(t, stdout, "shard 1/2")
	code, stdout, stderr = run(t, "run", "--profile", mutantProfile(t, ""), "--tags", "@A-4.2", "--shard", "2/2", "--report-dir", two)
	require.Equal(t, ExitConformant, code, stdout+stderr)

	out := filepath.Join(root, "merged")
	code, stdout, stderr = run(t, "merge", one, two, "--out", out)
	assert.Equal(t, ExitFailed, code, stdout+stderr)
	assert.Contains(t, stdout, record.NotConformant)
	merged := readReport(t, out)
	assert.Equal(t, record.NotConformant, merged.Verdict)
	failedIn := func(rep *reports.Report) []string {
		var ids []string
		for _, s := range rep.Scenarios {
			if s.Status == record.Failed {
				ids = append(ids, s.ID)
			}
		}
		return ids
	}
	assert.NotEmpty(t, failedIn(merged))
	assert.Equal(t, failedIn(readReport(t, one)), failedIn(merged), "the failures are shard 1's")
	assert.Equal(t, len(readReport(t, one).Scenarios)+len(readReport(t, two).Scenarios), len(merged.Scenarios))
}

func TestShardAndMergeUsageErrorsExit2(t *testing.T) {
	for _, bad := range []string{"0/2", "3/2", "x", "1/0", "2"} {
		code, _, errOut := run(t, "run", "--shard", bad, "--report-dir", t.TempDir())
		assert.Equal(t, ExitUsage, code, bad)
		assert.Contains(t, errOut, "usage error: --shard", bad)
	}
	code, _, errOut := run(t, "run", "--timings", filepath.Join(t.TempDir(), "report.json"), "--report-dir", t.TempDir())
	assert.Equal(t, ExitUsage, code)
	assert.Contains(t, errOut, "--timings only balances --shard")
	code, _, errOut = run(t, "run", "--shard", "1/2", "--timings", filepath.Join(t.TempDir(), "missing.json"), "--report-dir", t.TempDir())
	assert.Equal(t, ExitUsage, code)
	assert.Contains(t, errOut, "--timings")

	code, _, errOut = run(t, "merge")
	assert.Equal(t, ExitUsage, code)
	assert.Contains(t, errOut, "report directory of every shard")
	missing := filepath.Join(t.TempDir(), "no-such-dir")
	code, _, errOut = run(t, "merge", "--out", t.TempDir(), missing)
	assert.Equal(t, ExitUsage, code)
	assert.Contains(t, errOut, missing)
	assert.Contains(t, errOut, "report.json")
}
