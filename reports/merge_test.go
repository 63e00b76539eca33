package reports

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wallet-conformance/wallet-conformance/record"
	"github.com/wallet-conformance/wallet-conformance/schemas"
)

func shardWaivers() []record.Waiver {
	return []record.Waiver{
		clauseWaiver("2026-12-31"), // applied in the shard that has the failure, names nothing in the other
		errorWaiver("2026-01-31"),  // expired
		{Clause: "A-4.2", Justification: "was flaky", Expires: "2026-12-31"},                                                // unused: its scenarios pass, one in each shard
		{Scenario: "A-9-nothing.feature/Nothing", Justification: "gone", Expires: "2026-12-31"},                             // names no scenario of the run
		{Scenario: "A-4.05-close-account.feature/An open account is closed", Justification: "retry", Expires: "2026-12-31"}, // applied
	}
}

// writeShards splits testResult into n shards, round robin, and writes each
// shard's report directory as a run --shard would.
func writeShards(t *testing.T, set *schemas.Set, n int) ([]string, []string) {
	t.Helper()
	whole := testResult()
	var order []string
	for _, s := range whole.Scenarios {
		order = append(order, s.ID)
	}
	var dirs []string
	for k := 0; k < n; k++ {
		r := testResult()
		r.Scenarios = nil
		for i, s := range testResult().Scenarios {
			if i%n == k {
				r.Scenarios = append(r.Scenarios, s)
			}
		}
		st := ApplyWaivers(r, shardWaivers(), today)
		m := testMeta()
		m.RunID = "r" + string(rune('a'+k))
		m.Shard = &record.Shard{Index: k + 1, Count: n}
		m.Notices = []string{"TLS certificate verification was skipped"}
		dir := filepath.Join(t.TempDir(), "shard")
		require.NoError(t, WriteRun(dir, Build(r, m, st, set), nil))
		require.NoError(t, os.WriteFile(filepath.Join(dir, BundleProfile), []byte("shard: "+string(rune('a'+k))+"\n"), 0o644))
		dirs = append(dirs, dir)
	}
	return dirs, order
}

func reportJSON(t *testing.T, rep *Report) string {
	t.Helper()
	var b bytes.Buffer
	require.NoError(t, WriteJSON(&b, rep))
	return b.String()
}

// Merging the shards of a run gives the report of the whole run: the same
// scenarios, clauses, counts, waivers, latency and observations, with one
// verdict; only the run ID tells the shards.
func TestMergeOfShardsIsTheWholeRun(t *testing.T) {
	set, err := schemas.Load()
	require.NoError(t, err)
	whole := testResult()
	m := testMeta()
	m.Notices = []string{"TLS certificate verification was skipped"}
	want := Build(whole, m, ApplyWaivers(whole, shardWaivers(), today), set)
	require.Equal(t, record.ConformantWithWaivers, want.Verdict)

	for _, n := range []int{1, 2, 3} {
		dirs, order := writeShards(t, set, n)
		out := filepath.Join(t.TempDir(), "merged")
		// Given in any order, merged in shard order.
		given := append([]string{dirs[len(dirs)-1]}, dirs[:len(dirs)-1]...)
		got, err := MergeDirs(out, given, Index{Order: order}, set)
		require.NoError(t, err, "N=%d", n)

		runIDs := map[int]string{1: "ra", 2: "ra+rb", 3: "ra+rb+rc"}
		assert.Equal(t, runIDs[n], got.RunID)
		assert.Nil(t, got.Shard, "a merged report is of the whole run")
		got.RunID = want.RunID
		assert.Equal(t, reportJSON(t, want), reportJSON(t, got), "N=%d", n)

		// The written report validates and reads back to the same report.
		data, err := os.ReadFile(filepath.Join(out, ReportJSONFile))
		require.NoError(t, err)
		require.NoError(t, set.Validate("report.schema.json", data))
		for _, f := range []string{ReportHTMLFile, SummaryFile, JUnitFile} {
			_, err := os.Stat(filepath.Join(out, f))
			assert.NoError(t, err, f)
		}
		// cucumber.json is written from the merged report: that of the
		// whole run, byte for byte. The first shard's profile.
		var cuke bytes.Buffer
		require.NoError(t, WriteCucumber(&cuke, want, nil))
		data, err = os.ReadFile(filepath.Join(out, CucumberFile))
		require.NoError(t, err)
		assert.Equal(t, cuke.String(), string(data), "N=%d", n)
		profile, err := os.ReadFile(filepath.Join(out, BundleProfile))
		require.NoError(t, err)
		assert.Equal(t, "shard: a\n", string(profile))
	}
}

func TestMergeWaiverStates(t *testing.T) {
	set, err := schemas.Load()
	require.NoError(t, err)
	dirs, order := writeShards(t, set, 2)
	got, err := MergeDirs(filepath.Join(t.TempDir(), "m"), dirs, Index{Order: order}, set)
	require.NoError(t, err)
	states := map[string]string{}
	for _, w := range got.Waivers {
		states[w.Waiver.Target()+" "+w.Waiver.Justification] = w.State
	}
	assert.Equal(t, map[string]string{
		"A-4.3 fix scheduled for release 4.2":                                          WaiverApplied, // unused in one shard, applied in the other
		"A-4.05-close-account.feature/An open account is closed sandbox close is slow": WaiverExpired,
		"A-4.2 was flaky":                  WaiverUnused,
		"A-9-nothing.feature/Nothing gone": WaiverUnused,
		"A-4.05-close-account.feature/An open account is closed retry": WaiverApplied,
	}, states)
}

func TestMergeRefusesReportsOfDifferentRuns(t *testing.T) {
	set, err := schemas.Load()
	require.NoError(t, err)
	edit := func(t *testing.T, dir string, change func(*Report)) {
		t.Helper()
		p, err := ReadPart(dir)
		require.NoError(t, err)
		change(p.Report)
		require.NoError(t, WriteAll(dir, p.Report))
	}
	cases := map[string]struct {
		change  func(*Report)
		wantDir bool // the error names the second shard's directory
		msg     string
	}{
		"another suite version": {func(r *Report) { r.Suite.Version = "v9" }, true, "another suite"},
		"other features": {func(r *Report) {
			r.Suite.FeaturesSHA256 = "3333333333333333333333333333333333333333333333333333333333333333"
		}, true, "another suite"},
		"other schemas":  {func(r *Report) { r.Suite.SchemasSHA256 = "" }, true, "another suite"},
		"another target": {func(r *Report) { r.Target = "https://other.example.com/wallet/v1" }, true, "tested the target"},
		"other tags":     {func(r *Report) { r.Scope.Tags = "@A-4.2" }, true, "selected other scenarios"},
		"the same scenario twice": {func(r *Report) {
			r.Scenarios = append(r.Scenarios, r.Scenarios[0])
			r.Scenarios[len(r.Scenarios)-1].ID = "A-4.02-create-account.feature:10"
		}, false, "the shards overlap"},
		"another split": {func(r *Report) { r.Shard = &record.Shard{Index: 2, Count: 3} }, true, "not the same split"},
		"a shard twice": {func(r *Report) { r.Shard = &record.Shard{Index: 1, Count: 2} }, false, "and so is"},
		"a whole run":   {func(r *Report) { r.Shard = nil }, true, "not of a shard"},
		"a newer major": {func(r *Report) { r.SchemaVersion = "3.0" }, true, "schema version"},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			dirs, order := writeShards(t, set, 2)
			edit(t, dirs[1], c.change)
			_, err := MergeDirs(filepath.Join(t.TempDir(), "m"), dirs, Index{Order: order}, set)
			require.Error(t, err)
			assert.Contains(t, err.Error(), c.msg)
			if c.wantDir {
				var me *MergeError
				require.ErrorAs(t, err, &me)
				assert.Equal(t, dirs[1], me.Dir)
			}
		})
	}

	dirs, order := writeShards(t, set, 3)
	_, err = MergeDirs(filepath.Join(t.TempDir(), "m"), dirs[:2], Index{Order: order}, set)
	assert.ErrorContains(t, err, "shard 3/3 is missing")

	missing := filepath.Join(t.TempDir(), "nothing-here")
	_, err = MergeDirs(filepath.Join(t.TempDir(), "m"), []string{dirs[0], missing}, Index{Order: order}, set)
	var me *MergeError
	require.ErrorAs(t, err, &me)
	assert.Equal(t, missing, me.Dir)

	_, err = Merge(nil, Index{Order: order}, set)
	assert.Error(t, err)
}

func TestSameTarget(t *testing.T) {
	assert.True(t, sameTarget("https://sandbox.example.com/wallet/v1", "https://sandbox.example.com/wallet/v1"))
	assert.True(t, sameTarget("http://127.0.0.1:40001", "http://127.0.0.1:40002"), "each job's own embedded server")
	assert.True(t, sameTarget("http://localhost:8080/w", "http://[::1]:9090/w"))
	assert.False(t, sameTarget("https://a.example.com/wallet/v1", "https://b.example.com/wallet/v1"))
	assert.False(t, sameTarget("http://127.0.0.1:1/a", "http://127.0.0.1:1/b"))
	assert.False(t, sameTarget("http://10.0.0.1:1", "http://10.0.0.1:2"))
}
