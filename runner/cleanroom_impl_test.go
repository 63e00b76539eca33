package runner_test

import (
	"context"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wallet-conformance/wallet-conformance/explore"
	"github.com/wallet-conformance/wallet-conformance/profile"
	"github.com/wallet-conformance/wallet-conformance/record"
	"github.com/wallet-conformance/wallet-conformance/reference/cleanroom"
	"github.com/wallet-conformance/wallet-conformance/runner"
	"github.com/wallet-conformance/wallet-conformance/sweep"
)

// reference/cleanroom is an implementation written from the two spec
// documents alone by a helper who never read the suite, with its own
// choices wherever the text leaves one (reference/cleanroom/CHOICES.md):
// its own error codes and HTTP statuses, refused repeats, a redirect that
// captures, partial captures that release the rest. A default run, as a
// vendor makes it, passes it: no check of the suite rests on a choice of
// the suite's own reference server.
func TestTheCleanroomImplementationIsConformant(t *testing.T) {
	skipUnderRace(t)
	cfg := cleanroom.DefaultConfig("pw-1", "pw-2", "pw-short", "123456", "12345678")
	cfg.ShortTokenTTL = 3 * time.Second // the expired-token scenario waits it out
	srv := httptest.NewServer(cleanroom.New(cfg))
	t.Cleanup(srv.Close)
	// Its profile, as its vendor writes it (cleanroom-serve prints it),
	// with the secrets of cfg in the environment variables it names.
	secrets := map[string]string{"WALLET_PASSWORD": "pw-1", "WALLET_PASSWORD_2": "pw-2", "WALLET_SHORT_TOKEN_PASSWORD": "pw-short",
		"WALLET_VERIFICATION_CODE": cfg.VerificationCode, "WALLET_OTP": cfg.OneTimePassword}
	p, err := profile.Parse([]byte(cleanroom.ProfileYAML(srv.URL, cfg)), func(k string) (string, bool) { v, ok := secrets[k]; return v, ok })
	require.NoError(t, err)
	// Its loads settle at once: a short allowance keeps a fault's waits short.
	p.SettleAllowance = profile.Duration{Duration: time.Second}
	res, err := runner.Run(context.Background(), runner.Options{Profile: p, Concurrency: 4,
		Explore: sweep.With(
			explore.ForRun(explore.DefaultRunSeeds(), explore.Options{Profile: p, Runs: explore.DefaultRunRuns, Steps: explore.DefaultRunSteps}),
			sweep.ForRun(sweep.Options{Profile: p, Seed: sweep.DefaultSeed, PerOperation: sweep.DefaultPerOperation}))})
	require.NoError(t, err)
	assert.Equal(t, record.Conformant, res.Verdict(), failures(res))
	assert.Zero(t, res.Counts()[record.Skipped], failures(res))
}
