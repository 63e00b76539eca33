package runner

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wallet-conformance/wallet-conformance/features"
	"github.com/wallet-conformance/wallet-conformance/record"
	"github.com/wallet-conformance/wallet-conformance/reference"
	"github.com/wallet-conformance/wallet-conformance/reports"
)

func TestParseShard(t *testing.T) {
	sh, err := ParseShard("2/3")
	require.NoError(t, err)
	assert.Equal(t, record.Shard{Index: 2, Count: 3}, sh)
	assert.Equal(t, "2/3", sh.String())
	for _, bad := range []string{"", "x", "1", "0/2", "3/2", "-1/2", "1/0", "a/b", "1/2/3", "1 /2x"} {
		_, err := ParseShard(bad)
		assert.Error(t, err, bad)
	}
}

func realScenarios(t *testing.T) []Scenario {
	t.Helper()
	all, err := LoadScenarios(features.FS())
	require.NoError(t, err)
	require.NotEmpty(t, all)
	return all
}

func weightOf(w map[string]time.Duration) func(Scenario) time.Duration {
	return func(s Scenario) time.Duration { return w[s.ID] }
}

func shardLoads(parts [][]Scenario, weight func(Scenario) time.Duration) []time.Duration {
	loads := make([]time.Duration, len(parts))
	for i, p := range parts {
		for _, s := range p {
			loads[i] += weight(s)
		}
	}
	return loads
}

// The partition covers every scenario exactly once, keeps an outline's
// rows together and each shard in feature order, is the same every time,
// and its largest shard is close to the ideal (the total over N).
func TestPartitionIsDeterministicCompleteAndBalanced(t *testing.T) {
	all := realScenarios(t)
	weight := weightOf(Weigh(all, nil))
	var total time.Duration
	for _, s := range all {
		total += weight(s)
	}
	pos := map[string]int{}
	for i, s := range all {
		pos[s.ID] = i
	}
	for n := 1; n <= 6; n++ {
		parts := Partition(all, n, weight)
		require.Len(t, parts, n)
		assert.Equal(t, parts, Partition(all, n, weight), "the same partition every time")

		seen := map[string]int{}
		defShard := map[string]int{}
		for k, p := range parts {
			for i, s := range p {
				seen[s.ID]++
				if prev, ok := defShard[definitionID(s)]; ok {
					assert.Equal(t, prev, k, "the rows of %s are split", definitionID(s))
				}
				defShard[definitionID(s)] = k
				if i > 0 {
					assert.Less(t, pos[p[i-1].ID], pos[s.ID], "shard %d is in feature order", k+1)
				}
			}
		}
		assert.Len(t, seen, len(all))
		for id, c := range seen {
			assert.Equal(t, 1, c, id)
		}

		loads := shardLoads(parts, weight)
		ideal := total / time.Duration(n)
		largest := loads[0]
		for _, l := range loads {
			largest = max(largest, l)
		}
		ratio := float64(largest) / float64(ideal)
		t.Logf("N=%d: shard loads %v, largest %.3fx the ideal %v; scenarios %v", n, loads, ratio, ideal, lens(parts))
		if n >= 2 && n <= 4 {
			assert.LessOrEqual(t, ratio, 1.3, "N=%d", n)
		}
	}
}

func lens(parts [][]Scenario) []int {
	out := make([]int, len(parts))
	for i, p := range parts {
		out[i] = len(p)
	}
	return out
}

// A scenario that pauses "a second later", one that waits for a token to
// expire and one with loads weigh more than their steps alone.
func TestEstimateDuration(t *testing.T) {
	plain := Scenario{Steps: []string{"the partner has created an account", "the partner reads it", "the call succeeds"}}
	assert.Equal(t, 3*stepEstimate, EstimateDuration(plain))
	loaded := Scenario{Steps: []string{"the partner has created an account", "the account has been loaded with 11.00, 12.00 and 13.00", "the call succeeds"}}
	assert.Equal(t, 3*stepEstimate+3*loadEstimate, EstimateDuration(loaded))
	paused := Scenario{Steps: []string{"the partner has created an account", "the account has been loaded with 11.00, 12.00 and 13.00, the last a second later", "the call succeeds"}}
	assert.Equal(t, 3*stepEstimate+3*loadEstimate+pauseEstimate, EstimateDuration(paused))
	expired := Scenario{Steps: []string{"the partner holds a token that has expired", "the partner reads the account information with the expired token", "the call is refused as unauthorized"}}
	assert.Equal(t, 3*stepEstimate+expiryEstimate, EstimateDuration(expired))
}

// Recorded timings weigh the scenarios they know; the others are estimated
// at the timings' pace; the balance follows the timings.
func TestTimingsChangeTheBalance(t *testing.T) {
	all := realScenarios(t)
	estimated := Partition(all, 3, weightOf(Weigh(all, nil)))

	// A run in which the scenarios of one feature file took far longer than
	// their estimate, the others exactly their estimate.
	slow := all[0].URI
	timings := Timings{}
	var slowCount int
	for _, s := range all {
		d := EstimateDuration(s)
		if s.URI == slow {
			d *= 20
			slowCount++
		}
		timings[s.Key] = d
	}
	require.Positive(t, slowCount)
	weight := weightOf(Weigh(all, timings))
	recorded := Partition(all, 3, weight)
	assert.NotEqual(t, estimated, recorded, "timings change the partition")
	loads := shardLoads(recorded, weight)
	var total time.Duration
	for _, l := range loads {
		total += l
	}
	for k, l := range loads {
		assert.LessOrEqual(t, float64(l), 1.3*float64(total/3), "shard %d with timings: %v", k+1, loads)
	}
	// Judged by the timings, the partition made from estimates is worse.
	worst := func(loads []time.Duration) time.Duration {
		m := loads[0]
		for _, l := range loads {
			m = max(m, l)
		}
		return m
	}
	assert.Less(t, worst(loads), worst(shardLoads(estimated, weight)))

	// A scenario the timings lack is estimated at their pace: here twice
	// the estimate.
	double := Timings{}
	for _, s := range all[1:] {
		double[s.Key] = 2 * EstimateDuration(s)
	}
	w := Weigh(all, double)
	assert.Equal(t, 2*EstimateDuration(all[0]), w[all[0].ID])
	assert.Equal(t, double[all[1].Key], w[all[1].ID])
}

func TestLoadTimingsReadsAReport(t *testing.T) {
	dir := t.TempDir()
	rep := reports.Build(&record.Run{Scenarios: []record.Scenario{
		{ID: "a.feature:3", Key: "a.feature/Three", Name: "Three", Status: record.Passed, Duration: 1500 * time.Microsecond},
		{ID: "a.feature:9", Key: "a.feature/Nine", Name: "Nine", Status: record.NotClaimed},
		{ID: "a.feature:12", Name: "Twelve", Status: record.Passed, Duration: 2 * time.Millisecond}, // recorded without a key: the report gives it one of its file and name
	}}, record.Meta{}, nil, nil)
	require.NoError(t, reports.WriteAll(dir, rep))
	for _, path := range []string{dir, filepath.Join(dir, reports.ReportJSONFile)} {
		tm, err := LoadTimings(path)
		require.NoError(t, err)
		assert.Equal(t, Timings{"a.feature/Three": 1500 * time.Microsecond, "a.feature/Twelve": 2 * time.Millisecond}, tm,
			"by key (by file and name for a scenario without one); a scenario that did not run is left out")
	}
	bad := filepath.Join(dir, "bad.json")
	require.NoError(t, os.WriteFile(bad, []byte(`{"runId":"x"}`), 0o644))
	_, err := LoadTimings(bad)
	assert.ErrorContains(t, err, "not a report.json")
	_, err = LoadTimings(filepath.Join(dir, "missing.json"))
	assert.Error(t, err)
}

func TestFeatureURIStripsTheLineGodogAppends(t *testing.T) {
	assert.Equal(t, "A-7-errors.feature", featureURI("A-7-errors.feature:12"))
	assert.Equal(t, "A-7-errors.feature", featureURI("A-7-errors.feature"))
}

func TestDefinitionPathsSelectEachDefinitionOnce(t *testing.T) {
	all := realScenarios(t)
	paths := definitionPaths(all)
	defs := map[string]bool{}
	for _, s := range all {
		defs[fmt.Sprintf("%s:%d", s.URI, s.DefLine)] = true
		assert.LessOrEqual(t, s.DefLine, s.Line, s.ID)
	}
	assert.Len(t, paths, len(defs))
	assert.Less(t, len(paths), len(all), "outlines have several rows")
}

// Shards of a run report every scenario of the whole run exactly once, with
// the same status: a clause the profile does not claim too (NOT CLAIMED in
// one shard only).
func TestShardsReportEachScenarioOnce(t *testing.T) {
	cfg := reference.DefaultConfig()
	srv, err := reference.New(cfg)
	require.NoError(t, err)
	defer srv.Close()
	run := func(sh record.Shard) *record.Run {
		p := ReferenceProfile(srv.URL, cfg)
		p.Scope.Exclude = []string{"A-4.10"}
		res, err := Run(context.Background(), Options{Profile: p, Tags: "@A-4.8,@A-4.9,@A-4.10", Concurrency: 4, Shard: sh})
		require.NoError(t, err)
		return res
	}
	whole := map[string]record.Status{}
	for _, s := range run(record.Shard{}).Scenarios {
		whole[s.ID] = s.Status
	}
	notClaimed := 0
	for _, st := range whole {
		if st == record.NotClaimed {
			notClaimed++
		}
	}
	require.Positive(t, notClaimed)
	got := map[string]record.Status{}
	for i := 1; i <= 2; i++ {
		res := run(record.Shard{Index: i, Count: 2})
		assert.NotEmpty(t, res.Scenarios)
		for _, s := range res.Scenarios {
			assert.NotContains(t, got, s.ID, "%s is in two shards", s.ID)
			got[s.ID] = s.Status
		}
	}
	assert.Equal(t, whole, got)

	_, err = Run(context.Background(), Options{Profile: ReferenceProfile(srv.URL, cfg), Shard: record.Shard{Index: 3, Count: 2}})
	assert.ErrorContains(t, err, "shard 3/2")
}
