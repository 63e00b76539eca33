package sweep_test

import (
	"context"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/wallet-conformance/wallet-conformance/explore"
	"github.com/wallet-conformance/wallet-conformance/record"
	"github.com/wallet-conformance/wallet-conformance/reference"
	"github.com/wallet-conformance/wallet-conformance/runner"
)

// TestSweepMutants explores every mutant of the reference server (or those
// EXPLORE_SWEEP names; "all" for every one) with seeds 1 to 3 and prints
// what the exploration finds of each. It runs by hand:
//
//	EXPLORE_SWEEP=all go test ./explore -run TestSweepMutants -v -timeout 60m
func TestSweepMutants(t *testing.T) {
	if os.Getenv("EXPLORE_SWEEP") == "" {
		t.Skip("set EXPLORE_SWEEP=all (or mutant names) to sweep the mutants")
	}
	only := strings.Fields(os.Getenv("EXPLORE_SWEEP"))
	for _, m := range reference.Mutants() {
		if len(only) > 0 && only[0] != "all" && !slices.Contains(only, m.Name) {
			continue
		}
		cfg := reference.DefaultConfig()
		cfg.Mutant = m.Name
		srv, _ := reference.New(cfg)
		found := ""
		for seed := uint64(1); seed <= 3 && found == ""; seed++ {
			out, err := explore.Run(context.Background(), explore.Options{Profile: runner.ReferenceProfile(srv.URL, cfg), Seed: seed, Runs: 40, Steps: 30, Replay: true, ShrinkAttempts: 200})
			if err != nil {
				t.Fatal(err)
			}
			if f := out.Failure; f != nil {
				found = fmt.Sprintf("FOUND seed %d run %d: %s, %d->%d moves, replay %s", seed, f.Run, f.Invariant.ID, f.OriginalMoves, f.Moves, f.Replayed)
			} else if out.Result.Counts()[record.Warning] > 0 {
				found = fmt.Sprintf("WARNING seed %d", seed)
			}
		}
		if found == "" {
			found = "not found"
		}
		fmt.Printf("%-40s %-7s %s\n", m.Name, m.Clause, found)
		srv.Close()
	}
}
