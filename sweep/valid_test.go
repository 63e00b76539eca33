package sweep_test

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/wallet-conformance/wallet-conformance/reference"
	"github.com/wallet-conformance/wallet-conformance/runner"
	"github.com/wallet-conformance/wallet-conformance/sweep"
)

// TestValidSweepPrint prints what the valid-request sweep finds against the
// reference server with VALID_MUTANT (and VALID_PERSONALITY=alternative).
// It runs by hand:
//
//	VALID_PRINT=1 VALID_MUTANT=cr-leap-day-refused go test ./explore -run TestValidSweepPrint -v
func TestValidSweepPrint(t *testing.T) {
	if os.Getenv("VALID_PRINT") == "" {
		t.Skip("set VALID_PRINT to print a valid-request sweep")
	}
	cfg := reference.DefaultConfig()
	cfg.Mutant = os.Getenv("VALID_MUTANT")
	if os.Getenv("VALID_PERSONALITY") == "alternative" {
		cfg.Personality = reference.Alternative
	}
	if v := os.Getenv("VALID_VARIANT"); v != "" {
		cfg.Variants = strings.Split(v, ",")
	}
	out := sweepRef(t, cfg, 1)
	fmt.Println(strings.Join(out.Notices, "\n"))
	if out.Valid == nil {
		t.Fatal("no valid sweep")
	}
	fmt.Println("skipped:", strings.Join(out.Valid.Skipped, "\n  "))
	for _, f := range out.Valid.Findings {
		fmt.Printf("%s %s\n    %s\n", f.Rule, f.Name(), strings.SplitN(f.Message, "\n", 2)[0])
	}
}

func TestValidSweepCalls(t *testing.T) {
	if os.Getenv("VALID_PRINT") == "" {
		t.Skip("set VALID_PRINT to print a valid-request sweep's calls")
	}
	srv, err := reference.New(reference.DefaultConfig())
	require.NoError(t, err)
	t.Cleanup(srv.Close)
	out, err := sweep.Run(context.Background(), sweep.Options{Profile: runner.ReferenceProfile(srv.URL, reference.DefaultConfig()), Seed: 1, PerOperation: 4, SharedMerchant: true})
	require.NoError(t, err)
	fmt.Println(strings.Join(out.Notices, "\n"))
	for _, s := range out.Result.Scenarios {
		if !strings.Contains(s.ID, ".valid.") {
			continue
		}
		n := 0
		ops := map[string]int{}
		for _, st := range s.Steps {
			n += len(st.Exchanges)
			for _, ex := range st.Exchanges {
				ops[ex.Operation]++
			}
		}
		fmt.Println(n, s.Name, ops)
	}
}

func TestValidSweepExchanges(t *testing.T) {
	op := os.Getenv("VALID_OP")
	if op == "" {
		t.Skip("set VALID_OP to print the valid sweep's exchanges of an operation")
	}
	cfg := reference.DefaultConfig()
	cfg.Mutant = os.Getenv("VALID_MUTANT")
	if os.Getenv("VALID_PERSONALITY") == "alternative" {
		cfg.Personality = reference.Alternative
	}
	out := sweepRef(t, cfg, 1)
	for _, s := range out.Result.Scenarios {
		if !strings.Contains(s.ID, ".valid."+op) {
			continue
		}
		for _, st := range s.Steps {
			for _, ex := range st.Exchanges {
				if ex.Operation == op {
					fmt.Println(ex.Method, ex.URL, ex.RequestBody, "\n   ->", ex.Status, ex.ResponseBody)
				}
			}
		}
	}
}
