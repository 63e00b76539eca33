package explore_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wallet-conformance/wallet-conformance/explore"
	"github.com/wallet-conformance/wallet-conformance/record"
	"github.com/wallet-conformance/wallet-conformance/reference"
)

// The concurrent rounds find a check-then-act race that no property run
// can: KC-Refunds of one payment sent at once lose one another's credit.
// The failure names the invariant it breaks and shows the moves that
// overlapped, their answers and the balance read after, in sentences.
func TestConcurrentRoundsFindALostUpdate(t *testing.T) {
	t.Parallel()
	cfg := reference.DefaultConfig()
	cfg.Mutant = "kc-refund-lost-update"
	out := explore1(t, cfg, explore.Options{Seed: testSeed, Runs: 2, Steps: 10, ConcurrentRounds: 4})
	assert.Nil(t, out.Failure, "the property runs make one move at a time: they cannot see the race")
	require.Equal(t, 4, out.Rounds)
	assert.Equal(t, []string{"balances-agree-with-the-moves"}, out.RoundsFailed)
	var failed *record.Scenario
	for i, s := range out.Result.Scenarios {
		if s.Status == record.Failed {
			failed = &out.Result.Scenarios[i]
		}
	}
	require.NotNil(t, failed, nonPassing(out.Result))
	t.Log(failed.Message)
	for _, want := range []string{"balances-agree-with-the-moves", "When at once", "the partner refunds", "succeeded", "Then after they all answered the balance read is bkBal", "And the partner has debited 20.00 from the account for the merchant"} {
		assert.Contains(t, failed.Message, want)
	}
	assert.True(t, strings.Contains(strings.Join(failed.Tags, " "), "concurrent"))
}

// The conforming server passes every round, and so does each mutant of a
// sequential rule the rounds do not look for.
func TestConcurrentRoundsPassTheConformingServer(t *testing.T) {
	t.Parallel()
	for name, pers := range map[string]reference.Personality{"standard": reference.Standard, "alternative": reference.Alternative} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			cfg := reference.DefaultConfig()
			cfg.Personality = pers
			out := explore1(t, cfg, explore.Options{Seed: 7, Runs: 1, Steps: 5, ConcurrentRounds: 8})
			assert.Equal(t, 8, out.Rounds)
			assert.Empty(t, out.RoundsFailed, nonPassing(out.Result))
			assert.Zero(t, out.Result.Counts()[record.Warning], nonPassing(out.Result))
		})
	}
}

// Two of a thing: a round readies its wallet with a second block open
// beside the payment it captures and cancels, so a fault that forgets the
// first block, or releases every block with one capture, breaks the
// balance the model expects.
func TestConcurrentRoundsFindFaultsOfTwoBlocks(t *testing.T) {
	t.Parallel()
	for _, m := range []string{"kc-capture-releases-every-block", "cr-second-block-replaces-first"} {
		t.Run(m, func(t *testing.T) {
			t.Parallel()
			cfg := reference.DefaultConfig()
			cfg.Mutant = m
			out := explore1(t, cfg, explore.Options{Seed: testSeed, Runs: 1, Steps: 5, ConcurrentRounds: 4})
			assert.Contains(t, out.RoundsFailed, "balances-agree-with-the-moves", nonPassing(out.Result))
		})
	}
}
