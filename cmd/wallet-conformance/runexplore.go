package main

import (
	"context"
	"flag"
	"path/filepath"

	"github.com/wallet-conformance/wallet-conformance/explore"
	"github.com/wallet-conformance/wallet-conformance/profile"
	"github.com/wallet-conformance/wallet-conformance/record"
	"github.com/wallet-conformance/wallet-conformance/runner"
)

// maxExploreRuns bounds --explore: a run's exploration is a sample, the
// explore command the deep search.
const maxExploreRuns = 1000

// runExploration decides the exploration of a run: with --explore given,
// that many property runs (0: none); otherwise the default for a run of
// the whole suite, or of its first shard (a split run explores once), and
// none for a run of some tags, of other features or a rerun, except that a
// rerun of a run whose exploration did not pass explores again as it did.
// nil means no exploration.
func runExploration(fs *flag.FlagSet, runs int, tags, featuresDir string, shard record.Shard, rerun *record.Rerun) *record.Exploration {
	given := false
	fs.Visit(func(f *flag.Flag) { given = given || f.Name == "explore" })
	switch {
	case rerun != nil && !given:
		return rerun.Exploration
	case given:
		if runs == 0 {
			return nil
		}
	case tags != "" || featuresDir != "" || shard.Index > 1:
		return nil
	}
	return &record.Exploration{Seeds: explore.DefaultRunSeeds(), Runs: runs, Steps: explore.DefaultRunSteps}
}

// exploreFor is the runner's hook for an exploration of the profile's
// target, or nil. The scenario of a failure goes to explore-features/ of
// the report directory, where run --features replays it.
func exploreFor(ex *record.Exploration, p *profile.Profile, reportDir string) func(context.Context) (*runner.Explored, error) {
	if ex == nil {
		return nil
	}
	return explore.ForRun(ex.Seeds, explore.Options{Profile: p, Runs: ex.Runs, Steps: ex.Steps, FeaturesDir: filepath.Join(reportDir, exploreFeaturesDir)})
}

// exploreFeaturesDir is where in a run's report directory the scenario of a
// broken invariant is written.
const exploreFeaturesDir = "explore-features"
