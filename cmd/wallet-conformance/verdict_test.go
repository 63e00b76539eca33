package main

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wallet-conformance/wallet-conformance/record"
	"github.com/wallet-conformance/wallet-conformance/reference"
	"github.com/wallet-conformance/wallet-conformance/reports"
)

// The verdict cannot be misread: the tests of issue 13, each at the level a
// user meets the defect (the command line and the files it writes).

func readReport(t *testing.T, dir string) *reports.Report {
	t.Helper()
	rep, err := reports.ReadReport(dir)
	require.NoError(t, err)
	return rep
}

// A mistyped tag expression is a usage error that points at the mistake,
// never a green run of nothing.
func TestAMistypedTagExpressionExits2(t *testing.T) {
	for expr, says := range map[string]string{
		"@A-4.2 &&":  "the expression ends where a tag is expected at column 10",
		"(@A-4.2":    "this opening parenthesis is never closed at column 1",
		"@NOPE":      "no scenario is tagged @NOPE",
		"@A-4.2 @A7": `expected an operator (and, or, &&, ,) before "@A7"`,
	} {
		dir := t.TempDir()
		code, out, errOut := run(t, "run", "--tags", expr, "--report-dir", dir)
		assert.Equal(t, ExitUsage, code, expr)
		assert.Contains(t, errOut, says, expr)
		assert.NotContains(t, out, "CONFORMANT", expr)
		_, err := os.Stat(filepath.Join(dir, "report.json"))
		assert.True(t, os.IsNotExist(err), "%s: a usage error starts no run and writes no report", expr)
	}
}

// Cucumber's and godog's operators select the same scenarios.
func TestCucumberTagExpressionsSelect(t *testing.T) {
	dir := t.TempDir()
	code, out, errOut := run(t, "run", "--tags", "@A-4.2 and not @A-7", "--report-dir", dir)
	require.Equal(t, ExitConformant, code, out+errOut)
	cucumber := readReport(t, dir)
	dir2 := t.TempDir()
	code, out, errOut = run(t, "run", "--tags", "@A-4.2 && ~@A-7", "--report-dir", dir2)
	require.Equal(t, ExitConformant, code, out+errOut)
	godog := readReport(t, dir2)
	require.NotEmpty(t, cucumber.Scenarios)
	require.Equal(t, len(godog.Scenarios), len(cucumber.Scenarios))
	for i, s := range cucumber.Scenarios {
		assert.Contains(t, s.Clauses, "A-4.2")
		assert.NotContains(t, s.Clauses, "A-7")
		assert.Equal(t, godog.Scenarios[i].ID, s.ID)
	}
}

// A run that executed no scenario has its own verdict and exit 2, and a
// bundle of it certifies that, not CONFORMANT.
func TestARunOfNothingIsNotConformant(t *testing.T) {
	dir := t.TempDir()
	code, out, _ := run(t, "run", "--tags", "@A-4.2 and @B-4.5", "--report-dir", dir)
	assert.Equal(t, ExitUsage, code)
	assert.Contains(t, out, "NO SCENARIO RUN")
	assert.Contains(t, out, "no scenario was executed")
	assert.Equal(t, record.NoScenarioRun, readReport(t, dir).Verdict)

	bundle := filepath.Join(t.TempDir(), "b.zip")
	code, _, errOut := run(t, "bundle", "--report-dir", dir, "--out", bundle)
	require.Equal(t, ExitConformant, code, errOut)
	code, out, _ = run(t, "verify", bundle)
	assert.Equal(t, ExitConformant, code)
	assert.Contains(t, out, "verdict:   NO SCENARIO RUN")
}

// bundle and verify derive the verdict from the results: an edited
// verdict is refused, and verify says what the verdict covers.
func TestBundleAndVerifyDeriveTheVerdict(t *testing.T) {
	cfg := reference.DefaultConfig()
	cfg.Mutant = "create-account-status-200"
	srv, err := reference.New(cfg)
	require.NoError(t, err)
	defer srv.Close()
	dir := t.TempDir()
	code, _, _ := run(t, "run", "--target", srv.URL, "--tags", "@A-4.2", "--report-dir", dir)
	require.Equal(t, ExitFailed, code)

	// Edit the verdict: bundle refuses.
	path := filepath.Join(dir, "report.json")
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	edited := strings.Replace(string(data), `"verdict":"NOT CONFORMANT"`, `"verdict":"CONFORMANT"`, 1)
	require.NotEqual(t, string(data), edited)
	require.NoError(t, os.WriteFile(path, []byte(edited), 0o644))
	code, _, errOut := run(t, "bundle", "--report-dir", dir, "--out", filepath.Join(t.TempDir(), "b.zip"))
	assert.Equal(t, ExitUsage, code)
	assert.Contains(t, errOut, "states the verdict CONFORMANT, but its scenario results give NOT CONFORMANT")

	// Restored, bundled and verified: verify shows what the verdict covers.
	require.NoError(t, os.WriteFile(path, data, 0o644))
	bundle := filepath.Join(t.TempDir(), "b.zip")
	code, _, errOut = run(t, "bundle", "--report-dir", dir, "--out", bundle)
	require.Equal(t, ExitConformant, code, errOut)
	code, out, _ := run(t, "verify", bundle)
	assert.Equal(t, ExitConformant, code)
	for _, want := range []string{"verdict:   NOT CONFORMANT", "suite:", "features sha256", "scope:     the scenarios of --tags @A-4.2", "scenarios:", "claimed:   ", "unclaimed: (none)", "target:    " + srv.URL, "time:"} {
		assert.Contains(t, out, want)
	}

	// A bundle whose report and manifest were both rewritten (unsigned) is
	// still refused: the verdict is derived again at verify time.
	forged := forgeBundle(t, bundle)
	code, _, errOut = run(t, "verify", forged)
	assert.Equal(t, ExitFailed, code)
	assert.Contains(t, errOut, "VERDICT REFUSED")
}

// forgeBundle rewrites a bundle's report.json to claim CONFORMANT and its
// manifest to match, as a forger without a signing key would.
func forgeBundle(t *testing.T, path string) string {
	t.Helper()
	report := strings.Replace(entry(t, path, reports.BundleReport), `"verdict":"NOT CONFORMANT"`, `"verdict":"CONFORMANT"`, 1)
	sum := sha256.Sum256([]byte(report))
	return rezip(t, path, func(name string, data []byte) []byte {
		switch name {
		case reports.BundleReport:
			return []byte(report)
		case reports.BundleManifest:
			var m reports.Manifest
			require.NoError(t, json.Unmarshal(data, &m))
			m.Verdict = record.Conformant
			for i := range m.Files {
				if m.Files[i].Name == reports.BundleReport {
					m.Files[i].Size, m.Files[i].SHA256 = int64(len(report)), hex.EncodeToString(sum[:])
				}
			}
			out, err := json.Marshal(m)
			require.NoError(t, err)
			return out
		}
		return data
	})
}

// A fault in one operation shows as one cause: the scenarios whose setup
// needs it (a Create Account that answers HTTP 500 with 0099 reaches no
// account) are BLOCKED by its clause, not failures of their own.
func TestOneFaultIsOneCause(t *testing.T) {
	dir := t.TempDir()
	broken := faultyCreateAccount(t, http.StatusInternalServerError, func(m map[string]any) { m["responseCode"] = "0099" })
	code, out, _ := run(t, "run", "--profile", broken, "--tags", "@A-4.2 or @A-4.4 or @B-4.13", "--report-dir", dir)
	require.Equal(t, ExitFailed, code, "a blocked normative scenario still fails the verdict")
	assert.Contains(t, out, "NOT CONFORMANT")
	assert.Regexp(t, `[1-9][0-9]* blocked`, out)
	// The console groups them too: one cause, its own failures named first.
	assert.Contains(t, out, "What went wrong (1 cause(s), root causes first)")
	assert.Regexp(t, `1\. create-account \(A-4\.2\): HTTP 500, responseCode 0099: [0-9]+ failed, [0-9]+ blocked\n[^\n]*\n(?:   (?:rule|request|response|  )[^\n]*\n)*   FAILED `, out)
	assert.Less(t, strings.Count(out, "BLOCKED "), 10, "blocked scenarios are counted, not listed one by one")

	rep := readReport(t, dir)
	require.NotEmpty(t, rep.Causes)
	root := rep.Causes[0]
	assert.True(t, root.Root)
	assert.Equal(t, "create-account", root.Operation)
	assert.Equal(t, "A-4.2", root.Clause)
	assert.Equal(t, rep.Counts.ByStatus[record.Failed]+rep.Counts.ByStatus[record.Blocked], root.Count(), "one fault, one cause")
	for _, s := range rep.Scenarios {
		if s.Status != record.Blocked {
			continue
		}
		require.NotNil(t, s.BlockedBy, s.ID)
		assert.Equal(t, "A-4.2", s.BlockedBy.Clause, s.ID)
		assert.Contains(t, s.Message, "blocked by Create Account (A-4.2)", s.ID)
	}
	results := map[string]string{}
	for _, c := range rep.Clauses {
		results[c.Tag] = c.Result
	}
	assert.Equal(t, reports.ClauseFail, results["A-4.2"])
	assert.Equal(t, reports.ClauseBlocked, results["B-4.13"], "a clause whose scenarios were only blocked is blocked, not failed")

	html, err := os.ReadFile(filepath.Join(dir, "report.html"))
	require.NoError(t, err)
	page := string(html)
	assert.Less(t, strings.Index(page, `id="causes"`), strings.Index(page, `id="matrix"`), "what went wrong comes first")
	assert.Contains(t, page, "root cause")
}

// A target that answers Issue Token with an error page: the message says
// what it answered, and the report is written with the verdict ERROR.
func TestATargetThatFailsIssueTokenGetsAReport(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		w.WriteHeader(http.StatusInternalServerError)
		_, _ = w.Write([]byte("<html><body>upstream database is down</body></html>"))
	}))
	defer srv.Close()
	dir := t.TempDir()
	code, _, errOut := run(t, "run", "--profile", writeProfile(t, srv.URL, "pw"), "--report-dir", dir)
	assert.Equal(t, ExitUsage, code)
	assert.Contains(t, errOut, "HTTP 500")
	assert.Contains(t, errOut, `Content-Type "text/html"`)
	assert.Contains(t, errOut, "upstream database is down")
	assert.NotContains(t, errOut, "credentials", "a 500 is not blamed on the credentials")

	rep := readReport(t, dir)
	assert.Equal(t, record.VerdictError, rep.Verdict)
	require.NotNil(t, rep.Aborted)
	assert.Contains(t, rep.Aborted.Reason, "HTTP 500")
	ev := rep.ExchangesOf(rep.Aborted.Exchanges)
	require.Len(t, ev, 1)
	assert.Equal(t, "issue-token", ev[0].Operation)
	assert.Equal(t, 500, ev[0].Status)
	for _, f := range []string{"report.html", "junit.xml", "summary.md"} {
		_, err := os.Stat(filepath.Join(dir, f))
		assert.NoError(t, err, f)
	}
}

// --max-duration bounds the whole run, report writing included, against a
// target whose refunds and account enquiries never answer within their
// five-minute allowance (hangingTarget): only the bound can end the run.
// The summary agrees with the results.
func TestMaxDurationBoundsTheRun(t *testing.T) {
	prof := hangingTarget(t, func(r *http.Request) bool {
		return strings.HasSuffix(r.URL.Path, "/refund") || strings.HasSuffix(r.URL.Path, "/enquiry")
	})
	dir := t.TempDir()
	var code int
	var out, errOut string
	endsBeforeHung(t, hungAfter, func() {
		code, out, errOut = run(t, "run", "--profile", prof, "--max-duration", "3s", "--report-dir", dir, "--concurrency", "4",
			"--tags", "@B-4.12 or @B-4.5")
	})
	assert.Equal(t, ExitFailed, code, out+errOut)

	rep := readReport(t, dir)
	cut := 0
	for _, s := range rep.Scenarios {
		if s.Status == record.Error && strings.Contains(s.Message, "reached --max-duration") {
			cut++
		}
	}
	require.Positive(t, cut, "the slow target cannot finish in time")
	require.Len(t, rep.Notices, 1)
	assert.Regexp(t, regexp.MustCompile(`: `+regexpNum(cut)+` scenario\(s\) were cut short`), rep.Notices[0], "the notice counts what the results show")
	assert.Equal(t, record.NotConformant, rep.Verdict)
}

func regexpNum(n int) string { b, _ := json.Marshal(n); return string(b) }

// A run that ends within its bound says nothing about being cut short.
func TestMaxDurationNotReachedAddsNoNotice(t *testing.T) {
	dir := t.TempDir()
	code, out, errOut := run(t, "run", "--tags", "@A-4.1", "--max-duration", "60s", "--report-dir", dir)
	require.Equal(t, ExitConformant, code, out+errOut)
	assert.Empty(t, readReport(t, dir).Notices)
}

// The smaller items: --target without --profile names the target,
// --concurrency is bounded, the help lists every report file with one
// default each, the console gives the path of report.html.
func TestTheCommandLineSaysWhatItDoes(t *testing.T) {
	srv, err := reference.New(reference.DefaultConfig())
	require.NoError(t, err)
	defer srv.Close()
	dir := t.TempDir()
	code, out, errOut := run(t, "run", "--target", srv.URL, "--tags", "@A-4.1", "--report-dir", dir)
	require.Equal(t, ExitConformant, code, out+errOut)
	assert.Contains(t, out, "target: "+srv.URL)
	assert.NotContains(t, out, "embedded")
	assert.Contains(t, out, "report: "+filepath.Join(dir, "report.html"))
	assert.Equal(t, srv.URL, readReport(t, dir).Target)

	code, _, errOut = run(t, "run", "--concurrency", "1000")
	assert.Equal(t, ExitUsage, code)
	assert.Contains(t, errOut, "--concurrency must be from 1 to 32")

	_, _, help := run(t, "run", "--help")
	assert.Contains(t, help, "report.html")
	assert.Contains(t, help, "report.json")
	conc := help[strings.Index(help, "-concurrency"):]
	conc = conc[:strings.Index(conc, "\n  -")]
	assert.Equal(t, 1, strings.Count(conc, "default"), "one default: %q", conc)
}

// serve --list-mutants lists the faults a vendor can serve; serve --mutant
// serves one, and a run against it fails.
func TestServeAMutant(t *testing.T) {
	code, out, _ := run(t, "serve", "--list-mutants")
	require.Equal(t, ExitConformant, code)
	assert.Contains(t, out, "create-account-status-200")
	assert.Contains(t, out, "# variants")

	code, _, errOut := run(t, "serve", "--mutant", "no-such-mutant", "--addr", "127.0.0.1:0")
	assert.Equal(t, ExitUsage, code)
	assert.Contains(t, errOut, "unknown mutant")
}
