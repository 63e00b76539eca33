package runner_test

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wallet-conformance/wallet-conformance/profile"
	"github.com/wallet-conformance/wallet-conformance/record"
	"github.com/wallet-conformance/wallet-conformance/reference"
	"github.com/wallet-conformance/wallet-conformance/reports"
	"github.com/wallet-conformance/wallet-conformance/runner"
)

// hintedRun runs tags against the reference server of cfg with the profile
// edit makes of the reference profile of a server without cfg's variants
// (a vendor who has not declared them), writing every report file; it
// returns the run, the console and the report.
func hintedRun(t *testing.T, cfg reference.Config, tags string, edit func(p *profile.Profile)) (*record.Run, string, *reports.Report, string) {
	t.Helper()
	srv, err := reference.New(cfg)
	require.NoError(t, err)
	t.Cleanup(srv.Close)
	undeclared := cfg
	undeclared.Variants = nil
	p := runner.ReferenceProfile(srv.URL, undeclared)
	if edit != nil {
		edit(p)
	}
	var console bytes.Buffer
	dir := t.TempDir()
	res, err := runner.Run(context.Background(), runner.Options{Profile: p, Tags: tags, Concurrency: 4, Progress: &console, ReportDir: dir})
	require.NoError(t, err)
	data, err := os.ReadFile(filepath.Join(dir, reports.ReportJSONFile))
	require.NoError(t, err)
	var rep reports.Report
	require.NoError(t, json.Unmarshal(data, &rep))
	summary, err := os.ReadFile(filepath.Join(dir, reports.SummaryFile))
	require.NoError(t, err)
	html, err := os.ReadFile(filepath.Join(dir, reports.ReportHTMLFile))
	require.NoError(t, err)
	assert.NotEmpty(t, html)
	return res, console.String(), &rep, string(summary)
}

// causeHints returns every hint of the report's causes, as settings.
func causeHints(rep *reports.Report) []string {
	var out []string
	for _, c := range rep.Causes {
		for _, h := range c.Hints {
			out = append(out, h.Setting)
		}
	}
	return out
}

// The guest payments a scenario makes itself and asserts to succeed (B-4.1)
// may be refused for their data: "inaccurate data may cause rejection". A
// sandbox that accepts only its own test customers refuses the suite's
// default customer: those scenarios are BLOCKED, not FAILED, and every
// message and cause names the customer keys to set; once the profile sets
// the sandbox's customer, the suite passes (TestEveryVariantIsConformant).
func TestARefusedCustomerBlocksNamingTheKeys(t *testing.T) {
	cfg := reference.DefaultConfig()
	cfg.Variants = []string{"guest-data-known-customers-only"}
	res, console, rep, summary := hintedRun(t, cfg, "@B-4.1,@B-4.13", nil)

	ownGuestPayments := map[string]bool{
		"A guest payment is initiated and RECEIVED":                               true,
		"A guest payment whose addr1 holds the house number needs no houseNumber": true,
		"A payment with accno and accnoType is accepted":                          true,
		"A payment without accno needs no accnoType":                              true,
		"A guest payment with criteria is accepted":                               true,
	}
	blocked := 0
	for _, s := range res.Scenarios {
		assert.NotEqual(t, record.Failed, s.Status, "%s %s: a refused customer fails nothing\n%s", s.ID, s.Name, s.Message)
		if s.Status != record.Blocked {
			continue
		}
		blocked++
		assert.Contains(t, s.Message, "customer.firstName, customer.lastName", s.ID)
		if ownGuestPayments[s.Name] {
			require.NotNil(t, s.BlockedBy, s.ID)
			assert.Contains(t, s.BlockedBy.Permitted, "inaccurate data may cause rejection", s.ID)
			if len(ownGuestPayments) == 5 {
				t.Logf("%s %s %s\n%s", s.Status, s.ID, s.Name, s.Message)
			}
			delete(ownGuestPayments, s.Name)
		}
	}
	assert.Empty(t, ownGuestPayments, "the scenarios whose own guest payment was refused are BLOCKED")
	assert.Positive(t, blocked)
	assert.Equal(t, record.NotConformant, res.Verdict(), "a blocked scenario verified nothing")

	assert.Contains(t, causeHints(rep), "customer.firstName, customer.lastName")
	assert.Contains(t, console, "profile: customer.firstName, customer.lastName would change this: Init Authorize refused the suite's default test customer")
	assert.Contains(t, summary, "the profile setting `customer.firstName, customer.lastName` would change it")
	t.Logf("console:\n%s", console[strings.Index(console, "What went wrong"):])
}

// A sandbox that checks plausibility refuses the suite's former customer
// (a specimen name, an e-mail address at example.com): the block names the
// keys the refusal names.
func TestAnImplausibleCustomerIsNamedByItsKeys(t *testing.T) {
	cfg := reference.DefaultConfig()
	cfg.Variants = []string{"guest-data-plausibility-checked"}
	res, _, rep, _ := hintedRun(t, cfg, "@B-4.1#1", func(p *profile.Profile) {
		p.Customer = profile.Customer{FirstName: "Jonas", LastName: "Beispiel", EmailAddress: "{id}@example.com", Dob: "1984-08-12",
			Addr1: "Schillerstrasse", HouseNumber: "12", City: "Hamburg", PostCode: "20095", CountryCode: "DE", CountryCode3: "DEU"}
	})
	require.NotEmpty(t, res.Scenarios)
	for _, s := range res.Scenarios {
		assert.Equal(t, record.Blocked, s.Status, "%s %s\n%s", s.ID, s.Name, s.Message)
		assert.Contains(t, s.Message, "profile: customer.firstName, customer.lastName, customer.emailAddress would change this: Init Authorize refused the profile's test customer", s.ID)
	}
	assert.Contains(t, causeHints(rep), "customer.firstName, customer.lastName, customer.emailAddress")
}

// A target that reads N(n) fields as JSON numbers, run on a profile that
// does not declare it, fails; every cause of that says which setting would
// change it: behaviour.numberEncoding: number, in the console, summary.md
// and report.json.
func TestAnUndeclaredNumberEncodingIsNamed(t *testing.T) {
	cfg := reference.DefaultConfig()
	cfg.Variants = []string{"n-fields-json-numbers"}
	res, console, rep, summary := hintedRun(t, cfg, "", nil)
	require.Equal(t, record.NotConformant, res.Verdict())
	const setting = "behaviour.numberEncoding: number"
	for _, c := range rep.Causes {
		assert.Len(t, c.Hints, 1, "%s: %s", c.Title(), c.Message)
		for _, h := range c.Hints {
			assert.Equal(t, setting, h.Setting, c.Title())
		}
	}
	for _, s := range res.Scenarios {
		if s.Status == record.Failed || s.Status == record.Blocked {
			assert.Contains(t, s.Message, "profile: "+setting, s.ID)
		}
	}
	assert.Contains(t, console, "   profile: "+setting+" would change this")
	assert.Contains(t, summary, "the profile setting `"+setting+"` would change it")
	t.Logf("console:\n%s", console[strings.Index(console, "What went wrong"):])
}

// An exact repeat of a payment move answered otherwise than the profile
// declares names the other value of the behaviour.
func TestAnUndeclaredRepeatIsNamed(t *testing.T) {
	cfg := reference.DefaultConfig()
	cfg.Variants = []string{"kc-repeat-idempotent"}
	_, _, rep, _ := hintedRun(t, cfg, "@B-3", nil)
	assert.Contains(t, causeHints(rep), "behaviour.kcRepeatedMove: idempotent")
}
