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
	p := &profile.Profile{
		BaseURL:                 srv.URL,
		Environment:             profile.Sandbox,
		AcceptLanguage:          "en-US",
		CallTimeout:             profile.Duration{Duration: profile.DefaultCallTimeout},
		SettleAllowance:         profile.Duration{Duration: time.Second},
		ProgramCode:             cfg.ProgramCode,
		ProgramAccno:            cfg.ProgramAccno,
		AccnoType:               "00",
		Currency:                cfg.Currency,
		TitleCode:               "MR",
		PaymentOptionCode:       "VISA",
		SecondPaymentOptionCode: "MC", // its catalogue (options.go) offers both as storable
		TransactionTypeCode:     "AUTH",
		// Its declared choices (CHOICES.md): the defaults of the profile.
		Behaviour: map[string]string{"numberEncoding": "string", "repeatedPaymentMove": "refused", "kcRepeatedMove": "refused"},
	}
	p.Credentials.UserID, p.Credentials.Password = "partner-1", "pw-1"
	p.SecondPartner.UserID, p.SecondPartner.Password = "partner-2", "pw-2"
	p.Sandbox.ShortTokenUserID, p.Sandbox.ShortTokenPassword = "partner-short", "pw-short"
	p.Sandbox.VerificationCode, p.Sandbox.OneTimePassword = cfg.VerificationCode, cfg.OneTimePassword
	p.Sandbox.RedirectTrigger = "/sandbox/payments/{uniqueReference}/redirect"
	p.Merchant.Accno, p.Merchant.ProgramCode, p.Merchant.ExternalAccountReference = cfg.Merchant.Accno, cfg.Merchant.ProgramCode, cfg.Merchant.ExternalAccountReference
	res, err := runner.Run(context.Background(), runner.Options{Profile: p, Concurrency: 4,
		Explore: explore.WithSweep(
			explore.ForRun(explore.DefaultRunSeeds(), explore.Options{Profile: p, Runs: explore.DefaultRunRuns, Steps: explore.DefaultRunSteps}),
			explore.SweepForRun(explore.SweepOptions{Profile: p, Seed: explore.DefaultSweepSeed, PerOperation: explore.DefaultSweepPerOperation}))})
	require.NoError(t, err)
	assert.Equal(t, record.Conformant, res.Verdict(), failures(res))
	assert.Zero(t, res.Counts()[record.Skipped], failures(res))
}
