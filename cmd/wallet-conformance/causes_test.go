package main

import (
	"cmp"
	"encoding/json"
	"fmt"
	"html"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wallet-conformance/wallet-conformance/features"
	"github.com/wallet-conformance/wallet-conformance/profile"
	"github.com/wallet-conformance/wallet-conformance/record"
	"github.com/wallet-conformance/wallet-conformance/reference"
	"github.com/wallet-conformance/wallet-conformance/reports"
	"github.com/wallet-conformance/wallet-conformance/runner"
)

// A Then step that reads the state back to judge the scenario's move (a
// KC-Refund, read with a Balance Enquiry) blames the move, not the read:
// the console, summary.md and report.json name the move's operation and
// clause, say which read revealed it, and the evidence shows the move.
func TestTheCauseNamesTheMoveNotTheReadThatRevealedIt(t *testing.T) {
	for _, tc := range []struct{ mutant, op, clause, read string }{
		{"kc-refund-not-credited", "kc-refund", "B-4.18", "balance-enquiry"},
		{"update-not-applied", "update-account", "A-4.3", "get-account"},
	} {
		t.Run(tc.mutant, func(t *testing.T) {
			dir := t.TempDir()
			// The scenarios alone: the exploration may find the same fault again
			// and name it by its own step (a concurrent round names the read).
			code, out, errOut := run(t, "run", "--profile", mutantProfile(t, tc.mutant), "--explore", "0", "--report-dir", dir)
			require.Equal(t, ExitFailed, code, errOut)
			rep := readReport(t, dir)
			require.NotEmpty(t, rep.Causes)
			for _, c := range rep.Causes {
				if !c.Root {
					continue
				}
				assert.Equal(t, tc.op, c.Operation, "cause %+v", c)
				assert.Equal(t, tc.clause, c.Clause)
				assert.Equal(t, tc.read, c.RevealedBy)
			}
			assert.Len(t, rep.Causes, 1, "one fault, one cause: %+v", rep.Causes)
			assert.Contains(t, out, "1. "+tc.op+" ("+tc.clause+")")
			assert.NotContains(t, out, "1. "+tc.read)
			sum, err := os.ReadFile(filepath.Join(dir, "summary.md"))
			require.NoError(t, err)
			assert.Contains(t, string(sum), "`"+tc.op+"` ("+tc.clause+")")
			s, ok := rep.Scenario(rep.Causes[0].Scenarios[0])
			require.True(t, ok)
			move, reads, ok := rep.Move(s)
			require.True(t, ok, "the failed step names the move it judged")
			assert.Equal(t, tc.op, move.Operation)
			assert.Equal(t, tc.read, reads[len(reads)-1].Operation)
			_, evidence := rep.FailureEvidence(s)
			require.NotEmpty(t, evidence)
			assert.Equal(t, tc.op, evidence[0].Operation, "the evidence starts with the move")
			page, err := os.ReadFile(filepath.Join(dir, "report.html"))
			require.NoError(t, err)
			assert.True(t, strings.Contains(string(page), reports.Curl(move)) || strings.Contains(string(page), html.EscapeString(reports.Curl(move))), "report.html has the move's curl")
		})
	}
}

// A Capture that answers CAPTURED but is not recorded is named by the
// scenario that captures and reads the status back; a move that was
// refused (Complete Authorize of a captured payment) changed nothing, so
// a read after it is not blamed on it.
func TestARefusedMoveIsNotBlamedForTheStateReadAfterIt(t *testing.T) {
	dir := t.TempDir()
	code, _, errOut := run(t, "run", "--profile", mutantProfile(t, "capture-not-recorded"), "--report-dir", dir, "--tags", "@B-3,@B-4.4")
	require.Equal(t, ExitFailed, code, errOut)
	rep := readReport(t, dir)
	named := map[string]string{}
	for _, c := range rep.Causes {
		for _, id := range c.Scenarios {
			named[id] = c.Operation + " " + c.RevealedBy
		}
	}
	// The scenario of a feature whose line holds text (its Scenario line
	// or its example row).
	idOf := func(file, text string) string {
		data, err := fs.ReadFile(features.FS(), file)
		require.NoError(t, err)
		for i, line := range strings.Split(string(data), "\n") {
			if strings.Contains(line, text) {
				return fmt.Sprintf("%s:%d", file, i+1)
			}
		}
		t.Fatalf("%s has no line with %q", file, text)
		return ""
	}
	assert.Equal(t, "capture get-payment-status", named[idOf("B-4.04-capture.feature", "Scenario: A part of the authorized amount is captured")])
	// Completing a captured payment is refused; the status read after it
	// (an advisory scenario since issue 22: a WARNING, grouped with a cause
	// or not) is never the refused move's fault.
	if got, ok := named[idOf("B-3-payment-states.feature", "| Completing a captured payment")]; ok {
		assert.Equal(t, "get-payment-status ", got)
	}
	for _, c := range rep.Causes {
		assert.NotEqual(t, "complete-authorize", c.Operation, "a refused move is never blamed: %+v", c)
	}
}

// faultyCreateAccount serves the reference server with its Create Account
// answers changed: status (0 keeps it) and change of the JSON fields. It
// returns the path of a profile that targets it.
func faultyCreateAccount(t *testing.T, status int, change func(map[string]any)) string {
	t.Helper()
	cfg := reference.DefaultConfig()
	h, err := reference.NewHandler(cfg)
	require.NoError(t, err)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPut || r.URL.Path != "/account" {
			h.ServeHTTP(w, r)
			return
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, r)
		var m map[string]any
		require.NoError(t, json.Unmarshal(rec.Body.Bytes(), &m))
		change(m)
		body, _ := json.Marshal(m)
		for k, vs := range rec.Header() {
			w.Header()[k] = vs
		}
		w.Header().Del("Content-Length")
		w.WriteHeader(cmp.Or(status, rec.Code))
		_, _ = w.Write(body)
	}))
	t.Cleanup(srv.Close)
	path := filepath.Join(t.TempDir(), "profile.yaml")
	require.NoError(t, os.WriteFile(path, []byte(runner.ReferenceProfile(srv.URL, cfg).YAML()), 0o600))
	return path
}

// A Create Account that answers HTTP 200 instead of 201, with 0000 and an
// accno, reached the state the other scenarios need: they go on and judge
// their own rules, and the deviation is reported once, by the scenarios
// that check Create Account's answer. Nothing is BLOCKED.
func TestASetupCallThatReachedTheStateBlocksNothing(t *testing.T) {
	dir := t.TempDir()
	code, out, errOut := run(t, "run", "--profile", mutantProfile(t, "create-account-status-200"), "--tags", "@A-4.2 or @A-4.4 or @B-4.13", "--report-dir", dir)
	require.Equal(t, ExitFailed, code, errOut)
	assert.Contains(t, out, " 0 blocked")
	rep := readReport(t, dir)
	assert.Zero(t, rep.Counts.ByStatus[record.Blocked])
	require.Len(t, rep.Causes, 1)
	assert.Equal(t, "create-account", rep.Causes[0].Operation)
	for _, s := range rep.Scenarios {
		if s.Status == record.Failed {
			assert.Contains(t, s.Clauses, "A-4.2", "%s fails on Create Account's status, which only A-4.2 scenarios check", s.ID)
		}
	}
	for _, c := range rep.Clauses {
		// fails only through scenarios that create an account to
		// check it (A-4.2 and both), which the loop above allows.
		if c.Tag == "B-4.13" {
			assert.Equal(t, reports.ClausePass, c.Result, c.Tag)
		}
	}
}

// A Create Account that answers 0000 without an accno did not reach the
// state: the scenarios that need an account are BLOCKED by it.
func TestASetupCallThatDidNotReachTheStateBlocks(t *testing.T) {
	dir := t.TempDir()
	code, _, errOut := run(t, "run", "--profile", faultyCreateAccount(t, 0, func(m map[string]any) { delete(m, "accno") }), "--tags", "@B-4.13", "--report-dir", dir)
	require.Equal(t, ExitFailed, code, errOut)
	rep := readReport(t, dir)
	require.Positive(t, rep.Counts.ByStatus[record.Blocked])
	for _, s := range rep.Scenarios {
		if s.Status == record.Blocked {
			require.NotNil(t, s.BlockedBy)
			assert.Equal(t, "create-account", s.BlockedBy.Operation, s.ID)
		}
	}
}

// referenceWith serves the reference server and returns a profile that
// targets it, changed by edit.
func referenceWith(t *testing.T, edit func(p *profile.Profile)) string {
	t.Helper()
	cfg := reference.DefaultConfig()
	srv, err := reference.New(cfg)
	require.NoError(t, err)
	t.Cleanup(srv.Close)
	p := runner.ReferenceProfile(srv.URL, cfg)
	edit(p)
	path := filepath.Join(t.TempDir(), "profile.yaml")
	require.NoError(t, os.WriteFile(path, []byte(p.YAML()), 0o600))
	return path
}

// A redirect trigger that answers 404 is a profile mistake, the suite's
// own machinery failing: the A-6 scenarios are BLOCKED by it with the URL
// the suite called, no clause reads "fail", and the cause says what the
// trigger is.
func TestAFailingRedirectTriggerIsNoFailureOfTheTarget(t *testing.T) {
	dir := t.TempDir()
	prof := referenceWith(t, func(p *profile.Profile) { p.Sandbox.RedirectTrigger = "/no/such/trigger/{uniqueReference}" })
	code, out, errOut := run(t, "run", "--profile", prof, "--tags", "@A-6", "--report-dir", dir)
	require.Equal(t, ExitFailed, code, errOut)
	rep := readReport(t, dir)
	assert.Zero(t, rep.Counts.ByStatus[record.Failed])
	require.Equal(t, 2, rep.Counts.ByStatus[record.Blocked])
	for _, s := range rep.Scenarios {
		assert.Contains(t, s.Message, "/no/such/trigger/", s.ID)
		assert.Contains(t, s.Message, "HTTP 404", s.ID)
	}
	for _, c := range rep.Clauses {
		assert.NotEqual(t, reports.ClauseFail, c.Result, c.Tag)
	}
	assert.NotContains(t, out, "sandbox-redirect ()")
	assert.Contains(t, out, "sandbox-redirect (the profile's sandbox.redirectTrigger")
}

// A relative redirect trigger with a query string keeps its '?'.
func TestARedirectTriggerKeepsItsQueryString(t *testing.T) {
	dir := t.TempDir()
	prof := referenceWith(t, func(p *profile.Profile) { p.Sandbox.RedirectTrigger += "?via=conformance" })
	code, out, errOut := run(t, "run", "--profile", prof, "--tags", "@A-6", "--report-dir", dir)
	require.Equal(t, ExitConformant, code, out+errOut)
	rep := readReport(t, dir)
	for _, ex := range rep.Exchanges() {
		if ex.Operation == "sandbox-redirect" {
			assert.Contains(t, ex.URL, "/redirect?via=conformance")
		}
	}
}

// Each cause shows the request beside the response, on the console and in
// summary.md, with the rule that broke quoted whole and plain: a Create
// Account answered 200 names #1 ("success 201") in every failure.
func TestACauseShowsItsRequestAndTheRuleThatBroke(t *testing.T) {
	dir := t.TempDir()
	code, out, errOut := run(t, "run", "--profile", mutantProfile(t, "create-account-status-200"), "--tags", "@A-4.2", "--report-dir", dir)
	require.Equal(t, ExitFailed, code, errOut)
	const rule = "rule A-4.2#1 (normative): “PUT {base_url}/account, success 201.”"
	assert.Contains(t, out, rule)
	assert.Regexp(t, `(?s)request: PUT http://127\.0\.0\.1:[0-9]+/account\n +\{"addr1".*response: HTTP 200 OK`, out)
	sum, err := os.ReadFile(filepath.Join(dir, "summary.md"))
	require.NoError(t, err)
	assert.Contains(t, string(sum), "Broken rule A-4.2#1 (normative): “PUT {base_url}/account, success 201.”")
	assert.Regexp(t, `(?s)request: PUT http://127\.0\.0\.1:[0-9]+/account\n.*Content-Type: application/json\n.*X-Auth-Token: \[REDACTED\].*response: HTTP 200 OK`, string(sum))
	rep := readReport(t, dir)
	for _, s := range rep.Scenarios {
		if s.Status == record.Failed && strings.Contains(s.Message, "got HTTP 200 with responseCode \"0000\"") {
			assert.Equal(t, "A-4.2#1", s.Broke, s.ID)
		}
	}
}

// The profile init writes, filled in for the reference server, runs about
// half the suite: the console, summary.md and report.html say beside the
// verdict which claimed clauses no scenario exercised and which profile
// keys would; the console says what each waiver did.
func TestScopeIsAsVisibleAsTheVerdict(t *testing.T) {
	srv, err := reference.New(reference.DefaultConfig())
	require.NoError(t, err)
	t.Cleanup(srv.Close)
	ref := runner.ReferenceProfile(srv.URL, reference.DefaultConfig())
	path := filepath.Join(t.TempDir(), "init.yaml")
	code, _, errOut := run(t, "init", "--out", path, "--base-url", srv.URL)
	require.Equal(t, 0, code, errOut)
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	text := strings.NewReplacer(`"your-partner-user-id"`, `"`+ref.Credentials.UserID+`"`, `"PRG01"`, `"`+ref.ProgramCode+`"`).Replace(string(data))
	require.NoError(t, os.WriteFile(path, []byte(text), 0o600))
	t.Setenv("WALLET_PASSWORD", ref.Credentials.Password)
	waivers := filepath.Join(t.TempDir(), "waivers.yaml")
	require.NoError(t, os.WriteFile(waivers, []byte("waivers:\n  - clause: B-4.19\n    justification: not wired\n    expires: 2099-01-01\n"), 0o600))

	dir := t.TempDir()
	code, out, errOut := run(t, "run", "--profile", path, "--waivers", waivers, "--report-dir", dir)
	require.Equal(t, ExitConformant, code, out+errOut)
	rep := readReport(t, dir)
	un := rep.NotExercised()
	require.NotEmpty(t, un, "the minimal profile leaves clauses unexercised")
	var clauses []string
	for _, u := range un {
		clauses = append(clauses, u.Clause)
	}
	verdict := out[strings.Index(out, "\nCONFORMANT"):]
	assert.Contains(t, verdict, "NOT EXERCISED: "+strconv.Itoa(len(un))+" claimed clause(s)")
	assert.Contains(t, verdict, strings.Join(clauses, " "))
	assert.Contains(t, verdict, "programAccno")
	assert.Contains(t, verdict, "waiver B-4.19 (until 2099-01-01): unused")
	sum, err := os.ReadFile(filepath.Join(dir, "summary.md"))
	require.NoError(t, err)
	assert.Contains(t, string(sum), "> **Scope:** NOT EXERCISED: "+strconv.Itoa(len(un)))
	page, err := os.ReadFile(filepath.Join(dir, "report.html"))
	require.NoError(t, err)
	assert.Contains(t, string(page), "<strong>Scope:</strong> NOT EXERCISED: "+strconv.Itoa(len(un)))
}

// WALLET_PASSWORD=sandbox: the password is redacted where it travels and
// where it stands as a value, but the target's URL, which holds the word,
// stays as it is on the console and in the report.
func TestACommonWordPasswordDoesNotMangleTheReport(t *testing.T) {
	cfg := reference.DefaultConfig()
	cfg.Password = "sandbox"
	h, err := reference.NewHandler(cfg)
	require.NoError(t, err)
	srv := httptest.NewServer(http.StripPrefix("/sandbox-wallet/v1", h))
	t.Cleanup(srv.Close)
	base := srv.URL + "/sandbox-wallet/v1"
	p := runner.ReferenceProfile(base, cfg)
	p.Credentials.Password = "${WALLET_PASSWORD}"
	p.Sandbox.RedirectTrigger = ""
	path := filepath.Join(t.TempDir(), "profile.yaml")
	require.NoError(t, os.WriteFile(path, []byte(p.YAML()), 0o600))
	t.Setenv("WALLET_PASSWORD", "sandbox")

	dir := t.TempDir()
	code, out, errOut := run(t, "run", "--profile", path, "--tags", "@A-4.1", "--report-dir", dir)
	require.Equal(t, ExitConformant, code, out+errOut)
	assert.Contains(t, out, "target: "+base)
	rep := readReport(t, dir)
	assert.Equal(t, base, rep.Target)
	issued := 0
	for _, ex := range rep.Exchanges() {
		assert.True(t, strings.HasPrefix(ex.URL, base+"/"), ex.URL)
		if ex.Operation == "issue-token" && strings.Contains(ex.RequestBody, `"password"`) {
			issued++
			assert.Contains(t, ex.RequestBody, `"password":"[REDACTED]"`)
		}
	}
	assert.Positive(t, issued)
	for _, name := range []string{"report.json", "summary.md", "junit.xml", "cucumber.json", "profile.yaml"} {
		data, err := os.ReadFile(filepath.Join(dir, name))
		require.NoError(t, err)
		// "environment": "sandbox" is the profile's environment, not the password.
		text := strings.ReplaceAll(string(data), `"environment":"sandbox"`, "")
		assert.False(t, regexp.MustCompile(`:\s*"sandbox"|password: *["']?sandbox`).MatchString(text), "%s holds the password as a value", name)
		assert.False(t, strings.Contains(string(data), "[REDACTED]-wallet"), "%s mangles the target's URL", name)
	}
}
