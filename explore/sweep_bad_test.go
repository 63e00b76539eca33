package explore_test

import (
	"context"
	"fmt"
	"os"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/wallet-conformance/wallet-conformance/explore"
	"github.com/wallet-conformance/wallet-conformance/reference"
	"github.com/wallet-conformance/wallet-conformance/runner"
)

func TestSweepPrint(t *testing.T) {
	if os.Getenv("SWEEP_PRINT") == "" {
		t.Skip()
	}
	cfg := reference.DefaultConfig()
	cfg.Mutant = os.Getenv("SWEEP_MUTANT")
	if v := os.Getenv("SWEEP_VARIANTS"); v == "all" {
		for _, x := range reference.Variants() {
			cfg.Variants = append(cfg.Variants, x.Name)
		}
	}
	if os.Getenv("SWEEP_ALT") != "" {
		cfg.Personality = reference.Alternative
	}
	srv, err := reference.New(cfg)
	require.NoError(t, err)
	defer srv.Close()
	n := 0
	fmt.Sscan(os.Getenv("SWEEP_PRINT"), &n)
	out, err := explore.Sweep(context.Background(), explore.SweepOptions{Profile: runner.ReferenceProfile(srv.URL, cfg), Seed: 1, PerOperation: n})
	require.NoError(t, err)
	fmt.Println(out.Notices)
	for _, f := range out.Findings {
		fmt.Println(f.Rule, f.Name())
		fmt.Println("   ", f.Message[:min(300, len(f.Message))])
	}
	for _, s := range out.Result.Scenarios {
		if s.Status == "ERROR" {
			fmt.Println(s.Name, s.Message)
		}
	}
}
