package schemas_test

import (
	"context"
	"runtime"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wallet-conformance/wallet-conformance/profile"
	"github.com/wallet-conformance/wallet-conformance/record"
	"github.com/wallet-conformance/wallet-conformance/reference"
	"github.com/wallet-conformance/wallet-conformance/reports"
	"github.com/wallet-conformance/wallet-conformance/runner"
	"github.com/wallet-conformance/wallet-conformance/schemas"
)

// suiteRun is one run of the suite against the reference server.
type suiteRun struct {
	name string
	cfg  reference.Config
	tags string // "" runs every scenario
}

// referenceConfig is the reference server's default configuration with
// secrets that cannot be mistaken for other values: the evidence store
// redacts a secret wherever it occurs, and the default verification code
// 123456 is also the time of day 12:34:56.
func referenceConfig() reference.Config {
	cfg := reference.DefaultConfig()
	cfg.VerificationCode = "990077"
	cfg.OneTimePassword = "99887766"
	return cfg
}

// wholeRuns are whole runs of the suite: both personalities (the second
// makes every choice the spec leaves open differently) and every variant
// together (each variant makes another choice the spec permits): they catch
// a document that asserts more than the spec.
func wholeRuns() []suiteRun {
	std := referenceConfig()
	alt := referenceConfig()
	alt.Personality = reference.Alternative
	all := referenceConfig()
	for _, v := range reference.Variants() {
		all.Variants = append(all.Variants, v.Name)
	}
	return []suiteRun{{"standard", std, ""}, {"alternative", alt, ""}, {"every variant together", all, ""}}
}

// variantRuns run every variant alone on the scenarios of its clause: a
// variant's choice may be hidden by another's when all run together.
func variantRuns() []suiteRun {
	var runs []suiteRun
	for _, v := range reference.Variants() {
		cfg := referenceConfig()
		cfg.Variants = []string{v.Name}
		runs = append(runs, suiteRun{"variant " + v.Name, cfg, "@" + v.Clause})
	}
	return runs
}

// runSuite runs the suite against a reference server started with cfg and
// returns the report read back from its report directory: what a user's
// tool would read.
func runSuite(t *testing.T, r suiteRun) (*reports.Report, string, string) {
	t.Helper()
	srv, err := reference.New(r.cfg)
	require.NoError(t, err)
	defer srv.Close()
	p := runner.ReferenceProfile(srv.URL, r.cfg)
	dir := t.TempDir()
	res, err := runner.Run(context.Background(), runner.Options{Profile: p, Tags: r.tags, ReportDir: dir, Concurrency: 4})
	require.NoError(t, err, r.name)
	require.NotEqual(t, record.NotConformant, res.Verdict(), "%s: the suite itself fails", r.name)
	rep, err := reports.ReadReport(dir)
	require.NoError(t, err, r.name)
	return rep, srv.URL, p.Behaves(profile.NumberEncoding)
}

// Every request and every response of whole suite runs against the
// reference server conforms to the OpenAPI document, as kin-openapi reads
// it: the document asserts nothing that a conforming implementation does
// not do.
func TestOpenAPIAcceptsEveryExchangeOfASuiteRun(t *testing.T) {
	if raceDetector {
		t.Skip("-race: make test validates the exchanges without it (kin-openapi is five times slower under it, and has nothing to find there)")
	}
	tally := acceptsEveryExchange(t, wholeRuns())
	assert.Greater(t, tally.exchanges, 6000)
	assert.Positive(t, tally.refusedInvalid, "the suite's broken requests are refused, and the document finds them broken")
}

// The same for every variant alone, on the scenarios of its clause: about
// as many exchanges again, for what every variant together may hide. Skipped
// by -short and under the race detector, which makes kin-openapi's
// validation some five times slower and has nothing to find in it; make
// test runs both without it.
func TestOpenAPIAcceptsEveryExchangeOfEachVariantAlone(t *testing.T) {
	if testing.Short() || raceDetector {
		t.Skip("-short or -race: make test runs it without -race")
	}
	acceptsEveryExchange(t, variantRuns())
}

// acceptsEveryExchange runs the suite as runs say, validates every
// exchange of each run's evidence store with kin-openapi, and returns the
// count.
func acceptsEveryExchange(t *testing.T, runs []suiteRun) exchangeTally {
	data, err := schemas.OpenAPI()
	require.NoError(t, err)
	narrowed := map[string][]byte{}
	for _, enc := range schemas.NumberEncodings {
		narrowed[enc], err = schemas.OpenAPIFor(schemas.OpenAPIOptions{NumberEncoding: enc})
		require.NoError(t, err)
	}
	workers := runtime.GOMAXPROCS(0)

	var total exchangeTally
	var suiteTime, validationTime time.Duration
	for _, r := range runs {
		t0 := time.Now()
		rep, url, encoding := runSuite(t, r)
		suiteTime += time.Since(t0)
		exs := rep.Exchanges()
		require.NotEmpty(t, exs, r.name)
		s := secrets{oneTimePassword: r.cfg.OneTimePassword, verificationCode: r.cfg.VerificationCode, numberEncoding: encoding}

		t0 = time.Now()
		tally, failures := validateExchanges(loadKin(t, data, url), exs, s, workers)
		for _, f := range failures {
			t.Errorf("%s: %s", r.name, f)
		}
		// The document written for the run's numberEncoding accepts its
		// requests too (only N(n) fields differ: the calls that carry one).
		var withN []record.Exchange
		for _, ex := range exs {
			if _, ok := nFields[ex.Operation]; ok {
				withN = append(withN, ex)
			}
		}
		_, failures = validateExchanges(loadKin(t, narrowed[encoding], url), withN, s, workers)
		for _, f := range failures {
			t.Errorf("%s, document for numberEncoding %s: %s", r.name, encoding, f)
		}
		validationTime += time.Since(t0)
		assert.Positive(t, tally.validated, r.name)
		total.add(tally)
	}
	t.Logf("%d exchanges of %d runs (suite runs %s): %d requests and responses validated by kin-openapi in %s; "+
		"%d deliberately invalid requests refused, %d calls outside the API, %d without a response, %d redacted fields restored",
		total.exchanges, len(runs), suiteTime.Round(time.Millisecond), total.validated, validationTime.Round(time.Millisecond),
		total.refusedInvalid, total.notAPI, total.noResponse, total.unredacted)
	return total
}
