package sweep_test

import (
	"context"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wallet-conformance/wallet-conformance/record"
	"github.com/wallet-conformance/wallet-conformance/reference"
	"github.com/wallet-conformance/wallet-conformance/runner"
	"github.com/wallet-conformance/wallet-conformance/schemas"
	"github.com/wallet-conformance/wallet-conformance/sweep"
)

// skipUnderRace skips a test of full sweeps under -race (each a few
// thousand calls): make test runs it without the race detector, as it
// runs the mutant and variant sweeps of package runner.
func skipUnderRace(t *testing.T) {
	t.Helper()
	if raceEnabled {
		t.Skip("full bad-input sweeps: make test runs them without -race")
	}
}

// sweepRef runs the bad-input sweep against a reference server of cfg.
func sweepRef(t *testing.T, cfg reference.Config, perOperation int) *sweep.Outcome {
	t.Helper()
	srv, err := reference.New(cfg)
	require.NoError(t, err)
	t.Cleanup(srv.Close)
	out, err := sweep.Run(context.Background(), sweep.Options{Profile: runner.ReferenceProfile(srv.URL, cfg), Seed: 1, PerOperation: perOperation})
	require.NoError(t, err)
	return out
}

// The reference server, both personalities, answers every generated input
// as the spec classes it: the full sweep finds nothing, every input is
// sent, and every operation's state is built from a real one (no notice
// of a fallback).
func TestTheReferenceAnswersEveryGeneratedInput(t *testing.T) {
	skipUnderRace(t)
	for name, pers := range map[string]reference.Personality{"standard": reference.Standard, "alternative": reference.Alternative} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			cfg := reference.DefaultConfig()
			cfg.Personality = pers
			out := sweepRef(t, cfg, 0)
			assert.Empty(t, out.Findings)
			assert.Equal(t, out.Generated, out.Inputs)
			assert.Greater(t, out.Inputs, 3000, "every field of every operation")
			assert.Len(t, out.Notices, 2, "no state fell back to an example: %v", out.Notices)
			require.NotNil(t, out.Valid)
			assert.Empty(t, out.Valid.Findings, "every valid request accepted and read back as sent")
			assert.Empty(t, out.Valid.Skipped)
			bad, valid := 0, 0
			for _, s := range out.Result.Scenarios {
				assert.Equal(t, record.Passed, s.Status, s.Name)
				if slices.Contains(s.Tags, "valid-sweep") {
					valid++
				} else {
					bad++
				}
			}
			assert.Equal(t, len(schemas.Catalogue()), bad, "one scenario per operation")
			assert.Equal(t, len(schemas.Catalogue()), valid, "one scenario per operation")
		})
	}
}

// The sample is the seed's: the same seed sends the same inputs, another
// seed others, and every operation gets its share.
func TestTheSweepSampleIsSeeded(t *testing.T) {
	a, b := sweepRef(t, reference.DefaultConfig(), 3), sweepRef(t, reference.DefaultConfig(), 3)
	assert.Equal(t, 3*len(schemas.Catalogue()), a.Inputs, "three inputs of each operation")
	assert.Equal(t, sent(a), sent(b))
	srv, err := reference.New(reference.DefaultConfig())
	require.NoError(t, err)
	defer srv.Close()
	c, err := sweep.Run(context.Background(), sweep.Options{Profile: runner.ReferenceProfile(srv.URL, reference.DefaultConfig()), Seed: 2, PerOperation: 3})
	require.NoError(t, err)
	assert.NotEqual(t, sent(a), sent(c))
	for _, s := range a.Result.Scenarios {
		if !slices.Contains(s.Tags, "valid-sweep") {
			assert.Contains(t, s.Name, ": 3 bad inputs answered as the spec classes them")
		}
	}
	// Every call the sweep sent (states, inputs, read-backs) is evidence of
	// its scenarios, once.
	exchanges := 0
	for _, s := range a.Result.Scenarios {
		for _, st := range s.Steps {
			exchanges += len(st.Exchanges)
		}
	}
	assert.Equal(t, a.Calls, exchanges)
}

// A profile without what the stored options' states need keeps their
// example requests, judged as handled or not only, and says so; the
// options' states are otherwise real (TestTheReferenceAnswersEveryGeneratedInput).
func TestTheSweepSaysWhatTheProfileLacks(t *testing.T) {
	cfg := reference.DefaultConfig()
	srv, err := reference.New(cfg)
	require.NoError(t, err)
	defer srv.Close()
	p := runner.ReferenceProfile(srv.URL, cfg)
	p.PaymentOptionCode = ""
	p.Sandbox.VerificationCode = ""
	out, err := sweep.Run(context.Background(), sweep.Options{Profile: p, Seed: 1, PerOperation: 2})
	require.NoError(t, err)
	notices := strings.Join(out.Notices, "\n")
	for _, op := range []string{"Init Add Stored Payment Option", "Complete Add Stored Payment Option", "Init Verify Stored Payment Option", "Complete Verify Stored Payment Option", "Delete Stored Payment Option", "Set Default Stored Payment Option", "Authorize"} {
		assert.Contains(t, notices, "the profile has no paymentOptionCode, so "+op+" is sent its example request")
	}
	assert.Empty(t, out.Findings)
}

// sent is the inputs the sweep tried, in order, its passing scenarios'
// names, which count each operation's inputs, and the inputs generated.
// (Not the calls: which worker of the pool takes which inputs, and so how
// many fixtures are made, is the scheduler's.)
func sent(o *sweep.Outcome) []string {
	out := slices.Clone(o.Tried)
	for _, s := range o.Result.Scenarios {
		out = append(out, s.Name)
	}
	return append(out, fmt.Sprint(o.Inputs), fmt.Sprint(o.Generated))
}

// Each kind of mishandled input is found by the full sweep, in the
// operation and field that has it, grouped by cause and shown by one
// request; a refused refund that books money is a failure of its own.
func TestTheSweepFindsEachMutant(t *testing.T) {
	skipUnderRace(t)
	want := map[string][]string{
		"huge-exponent-crashes-capture":             {"Capture: modifiedAmount 1e308 answered HTTP 500 0099", "KC-Capture: modifiedAmount 1e308 answered HTTP 500 0099"},
		"impossible-date-crashes-init-add":          {"Init Add Stored Payment Option: mandateSignedDate 1984-02-30 answered HTTP 500 0099"},
		"long-path-crashes-balance-enquiry":         {"Balance Enquiry: the path parameter accno of 300 characters answered HTTP 500 0099 (and 3 more inputs)"},
		"query-over-length-crashes-payment-options": {"Get Payment Options: transactionTypeCode of 140 characters answered HTTP 500 0099"},
		"malformed-body-crashes-cancel":             {"Cancel: a body left empty answered HTTP 500 0099 (and 3 more inputs)"},
		"long-url-crashes-payment-status":           {"Get Payment Status: the path parameter uniqueReference over 8 KiB answered HTTP 500 0099 (and 1 more inputs)"},
		"large-body-drops-refund":                   {"Refund: a body of 1 MiB got no answer (read)"},
		// Every input that books or deletes is named, each read back on a
		// fixture of its own (sent apart when a shared read-back saw the
		// change), not only the first, after which the fixture was spent.
		// Refused with 0001 though the profile declares it (currencies).
		"declared-currency-refused":     {"Create Account: currCode USD, a currency the profile declares was refused HTTP 400 0001"},
		"refused-kc-refund-books-money": {"KC-Refund: refundUsage a boolean was refused but booked the refund (and 5 more inputs)"},
		"refused-delete-still-deletes": {
			"Delete Stored Payment Option: accnoType a boolean was refused but changed the stored payment options (and 3 more inputs)",
			"Delete Stored Payment Option: localDate a boolean was refused but changed the stored payment options (and 3 more inputs)",
			"Delete Stored Payment Option: localTime a boolean was refused but changed the stored payment options (and 3 more inputs)",
			"Delete Stored Payment Option: partnerReference a boolean was refused but changed the stored payment options (and 3 more inputs)",
			"Delete Stored Payment Option: programCode a boolean was refused but changed the stored payment options (and 3 more inputs)",
		},
	}
	for _, m := range reference.Mutants() {
		if !m.Swept {
			continue
		}
		t.Run(m.Name, func(t *testing.T) {
			t.Parallel()
			cfg := reference.DefaultConfig()
			cfg.Mutant = m.Name
			out := sweepRef(t, cfg, 0)
			findings := out.Findings
			if out.Valid != nil {
				findings = append(slices.Clone(findings), out.Valid.Findings...) // a fault of a permitted request
			}
			require.NotEmpty(t, findings, "the full sweep does not find %s", m.Name)
			var names []string
			for _, f := range findings {
				names = append(names, f.Name())
				assert.Equal(t, m.Rule, f.Rule, f.Name())
				require.NotEmpty(t, f.Exchanges, f.Name())
			}
			if w, ok := want[m.Name]; ok {
				assert.Equal(t, w, names)
			}
			failed := 0
			for _, s := range out.Result.Scenarios {
				if s.Status == record.Failed || s.Status == record.Warning { // a rule the spec implies: a warning
					failed++
					assert.Contains(t, s.Tags, m.Rule, s.Name)
					assert.Contains(t, s.Message, "curl ", s.Name)
					assert.Equal(t, m.Rule, s.Broke)
				}
			}
			assert.Equal(t, len(findings), failed, "one entry per cause")
		})
	}
}

// Inputs the spec leaves open are never a failure: servers that refuse an
// exponent, trailing zeros or control characters (variants) and the
// Standard server that accepts them all pass the full sweep; so do servers
// whose Load Account settles a moment after its Capture, that refuse a
// reused partnerReference, a second consent or a second option of one code,
// that offer one currency (and declare it), take no payment above a limit
// of their own or write an amount 5 as 5; the valid requests included.
func TestTheSweepAcceptsEitherChoiceTheSpecLeavesOpen(t *testing.T) {
	skipUnderRace(t)
	for _, v := range reference.Variants() {
		if !slices.Contains([]string{"exponent-amounts-refused", "trailing-zeros-refused", "control-characters-refused", "overlength-own-code", "impossible-value-own-code", "n-fields-json-numbers", "unlisted-fields-refused", "issue-token-needs-partnerreference", "load-settles-later", "partner-reference-once", "one-consent-per-account", "one-option-per-code", "refuses-unoffered-currency", "amounts-shortest-form", "payment-amount-limit"}, v.Name) {
			continue
		}
		t.Run(v.Name, func(t *testing.T) {
			t.Parallel()
			cfg := reference.DefaultConfig()
			cfg.Variants = []string{v.Name}
			out := sweepRef(t, cfg, 0)
			var names []string
			for _, f := range out.Findings {
				names = append(names, f.Name()+": "+strings.SplitN(f.Message, "\n", 2)[0])
			}
			if out.Valid != nil {
				// The valid requests too: a finding of a rule is a failure
				// (one of no rule is a warning, which a choice may draw).
				for _, f := range out.Valid.Findings {
					if f.Rule != "" {
						names = append(names, "valid: "+f.Name()+": "+strings.SplitN(f.Message, "\n", 2)[0])
					}
				}
			}
			assert.Empty(t, names)
		})
	}
}

// TestSweepPrint prints what the full sweep (or SWEEP_PRINT inputs of
// each operation) finds against the reference server with SWEEP_MUTANT.
// It runs by hand:
//
//	SWEEP_PRINT=0 SWEEP_MUTANT=huge-exponent-crashes-capture go test ./explore -run TestSweepPrint -v
func TestSweepPrint(t *testing.T) {
	if os.Getenv("SWEEP_PRINT") == "" {
		t.Skip("set SWEEP_PRINT (inputs of each operation; 0 for all) to print a sweep")
	}
	cfg := reference.DefaultConfig()
	cfg.Mutant = os.Getenv("SWEEP_MUTANT")
	n := 0
	fmt.Sscan(os.Getenv("SWEEP_PRINT"), &n)
	out := sweepRef(t, cfg, n)
	fmt.Println(strings.Join(out.Notices, "\n"))
	for _, f := range out.Findings {
		fmt.Printf("%s %s\n    %s\n", f.Rule, f.Name(), strings.SplitN(f.Message, "\n", 2)[0])
	}
}
