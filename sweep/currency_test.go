package sweep_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wallet-conformance/wallet-conformance/reference"
	"github.com/wallet-conformance/wallet-conformance/runner"
	"github.com/wallet-conformance/wallet-conformance/sweep"
)

// A server that offers EUR alone (variant refuses-unoffered-currency)
// passes the valid-request sweep because its profile declares so
// (currencies: [EUR]); the same server whose profile declared USD too is
// found, in each request that names a currency freely, by the sentence
// that permits it.
func TestTheDeclaredCurrenciesDecideWhatTheSweepSends(t *testing.T) {
	skipUnderRace(t)
	cfg := reference.DefaultConfig()
	cfg.Variants = []string{"refuses-unoffered-currency"}
	srv, err := reference.New(cfg)
	require.NoError(t, err)
	t.Cleanup(srv.Close)
	p := runner.ReferenceProfile(srv.URL, cfg)
	require.Equal(t, []string{"EUR"}, p.Offered(), "the variant declares its one currency")
	out, err := sweep.Run(context.Background(), sweep.Options{Profile: p, Seed: 1, PerOperation: 1})
	require.NoError(t, err)
	require.NotNil(t, out.Valid)
	assert.Empty(t, out.Valid.Findings)

	p.Currencies = []string{"EUR", "USD"}
	out, err = sweep.Run(context.Background(), sweep.Options{Profile: p, Seed: 1, PerOperation: 1})
	require.NoError(t, err)
	var names, rules []string
	for _, f := range out.Valid.Findings {
		names, rules = append(names, f.Name()), append(rules, f.Rule)
	}
	assert.Equal(t, []string{
		"Create Account: currCode USD, a currency the profile declares was refused HTTP 400 0001",
		"Init Authorize: presentationCurrCode USD, a currency the profile declares was refused HTTP 400 0001",
		"Authorize: presentationCurrCode USD, a currency the profile declares was refused HTTP 400 0001",
	}, names)
	assert.Equal(t, []string{"A-4.2#7", "B-4.1#3", "B-4.3#3"}, rules)
}
