package conformancetest_test

import (
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wallet-conformance/wallet-conformance/conformancetest"
	"github.com/wallet-conformance/wallet-conformance/reference"
)

// The reference server, served as a Go implementer serves their own
// handler, passes: this is the package's own use, and its example.
func TestTheReferenceServerConforms(t *testing.T) {
	h, err := reference.NewHandler(reference.DefaultConfig())
	require.NoError(t, err)
	srv := httptest.NewServer(h)
	defer srv.Close()

	conformancetest.Run(t, srv.URL,
		conformancetest.WithProfile(conformancetest.ReferenceProfile(srv.URL)),
		conformancetest.WithTags("@A-4.1 or @A-4.2 or @B-4.19"),
		conformancetest.WithExclude("B-4.19"), // NOT CLAIMED: skipped subtests
		conformancetest.WithConcurrency(4))
}

// helperEnv names what TestHelperRun does when a test runs it in a
// subprocess; unset, TestHelperRun is skipped.
const helperEnv = "CONFORMANCETEST_HELPER"

// TestHelperRun is the test whose failure the tests below expect: each
// runs it in a subprocess (the test binary itself, as os/exec's tests do)
// and reads what go test printed.
func TestHelperRun(t *testing.T) {
	cfg := reference.DefaultConfig()
	switch os.Getenv(helperEnv) {
	case "":
		t.Skip("run in a subprocess by the tests that expect it to fail")
	case "mutant":
		cfg.Mutant = "create-account-status-200" // Create Account answers 200 instead of 201
		h, err := reference.NewHandler(cfg)
		require.NoError(t, err)
		srv := httptest.NewServer(h)
		defer srv.Close()
		conformancetest.Run(t, srv.URL,
			conformancetest.WithProfile(conformancetest.ReferenceProfile(srv.URL)),
			conformancetest.WithTags("@A-4.1 or @A-4.2 or @B-4.19"),
			conformancetest.WithExclude("B-4.19"))
	case "one-fault":
		srv := httptest.NewServer(brokenCreateAccount(t))
		defer srv.Close()
		conformancetest.Run(t, srv.URL,
			conformancetest.WithProfile(conformancetest.ReferenceProfile(srv.URL)),
			conformancetest.WithTags("@A-4.2 or @B-4.13"))
	case "select":
		h, err := reference.NewHandler(cfg)
		require.NoError(t, err)
		srv := httptest.NewServer(h)
		defer srv.Close()
		conformancetest.Run(t, srv.URL, conformancetest.WithProfile(conformancetest.ReferenceProfile(srv.URL)))
	case "unreachable":
		conformancetest.Run(t, "http://127.0.0.1:1", conformancetest.WithProfile(conformancetest.ReferenceProfile("")))
	case "no-profile":
		conformancetest.Run(t, "http://127.0.0.1:1")
	case "bad-tags":
		conformancetest.Run(t, "http://127.0.0.1:1",
			conformancetest.WithProfile(conformancetest.ReferenceProfile("")), conformancetest.WithTags("@A-99"))
	}
}

// helper runs TestHelperRun in mode and returns go test's output and
// whether it failed.
func helper(t *testing.T, mode string, run ...string) (string, bool) {
	t.Helper()
	exe, err := os.Executable()
	require.NoError(t, err)
	pattern := "^TestHelperRun$"
	if len(run) > 0 {
		pattern = run[0]
	}
	cmd := exec.CommandContext(t.Context(), exe, "-test.run="+pattern, "-test.v", "-test.count=1")
	cmd.Env = append(os.Environ(), helperEnv+"="+mode)
	out, err := cmd.CombinedOutput()
	if err != nil {
		var ee *exec.ExitError
		require.ErrorAs(t, err, &ee, string(out))
		return string(out), true
	}
	return string(out), false
}

// A server that breaks a rule fails the subtest of every scenario that
// shows it, with the evidence; the rest pass, skip or are blocked as the
// report says; and no secret reaches go test's output.
func TestAMutantFailsTheScenariosOfItsRule(t *testing.T) {
	out, failed := helper(t, "mutant")
	require.True(t, failed, "a mutant must fail the test:\n"+out)

	assert.Contains(t, out, "--- FAIL: TestHelperRun/A-4.2/", "a failed scenario is a failed subtest named by clause and scenario")
	assert.Contains(t, out, "--- PASS: TestHelperRun/A-4.1/", "Issue Token is not broken")
	assert.Contains(t, out, "--- SKIP: TestHelperRun/B-4.19/", "a clause not claimed is skipped")
	assert.Contains(t, out, "NOT CLAIMED")
	assert.Contains(t, out, "A-4.02-create-account.feature:", "the scenario ID locates the feature")
	assert.Contains(t, out, "FAILED: ")
	assert.Contains(t, out, "step: ")
	assert.Contains(t, out, "request: PUT ")
	assert.Contains(t, out, "response: HTTP 200 OK")
	assert.Contains(t, out, `"responseCode":"0000"`, "the response body is the evidence")
	assert.Regexp(t, `rule A-4\.2#\d+ \(normative\): "`, out, "the rule is quoted in the spec's words")
	assert.Contains(t, out, "X-Auth-Token: [REDACTED]")
	assert.Contains(t, out, "NOT CONFORMANT: ")
	cfg := reference.DefaultConfig()
	for _, secret := range []string{cfg.Password, cfg.SecondPassword, cfg.OneTimePassword} {
		assert.NotContains(t, out, secret)
	}
}

// A run that cannot start, or that is aborted, is a fatal failure of the
// test that says why; no subtest runs.
func TestARunThatCannotStartOrIsAbortedIsFatal(t *testing.T) {
	for mode, want := range map[string]string{
		"unreachable": "the run was aborted (verdict ERROR): the target at http://127.0.0.1:1 cannot be reached",
		"no-profile":  "the suite could not run: no profile",
		"bad-tags":    "the suite could not run: no scenario is tagged @A-99",
	} {
		t.Run(mode, func(t *testing.T) {
			out, failed := helper(t, mode)
			require.True(t, failed, out)
			assert.Contains(t, out, "--- FAIL: TestHelperRun ")
			assert.Contains(t, out, want)
			assert.NotContains(t, out, "--- PASS: TestHelperRun/")
			assert.False(t, strings.Contains(out, reference.DefaultConfig().Password))
		})
	}
}

// A profile file works as run --profile reads it: secrets from ${VAR}.
func TestAProfileFile(t *testing.T) {
	h, err := reference.NewHandler(reference.DefaultConfig())
	require.NoError(t, err)
	srv := httptest.NewServer(h)
	defer srv.Close()
	p := conformancetest.ReferenceProfile("") // no baseUrl: Run gives it
	p.Credentials.Password = "${CONFORMANCETEST_PASSWORD}"
	path := t.TempDir() + "/sandbox.yaml"
	require.NoError(t, os.WriteFile(path, []byte(p.YAML()), 0o600))
	t.Setenv("CONFORMANCETEST_PASSWORD", reference.DefaultConfig().Password)

	conformancetest.Run(t, srv.URL, conformancetest.WithProfileFile(path), conformancetest.WithTags("@A-4.1 and not @A-7"))
}

// brokenCreateAccount is the reference server whose Create Account answers
// HTTP 500 with responseCode 0099: every scenario that needs an account is
// BLOCKED by it.
func brokenCreateAccount(t *testing.T) http.Handler {
	h, err := reference.NewHandler(reference.DefaultConfig())
	require.NoError(t, err)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodPut && r.URL.Path == "/account" {
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusInternalServerError)
			_, _ = w.Write([]byte(`{"responseCode":"0099","responseDescription":"down","sysDate":"2026-01-01","sysTime":"000000"}`))
			return
		}
		h.ServeHTTP(w, r)
	})
}

// Against a one-fault target go test prints the cause once, with its
// evidence, above the subtests; a blocked subtest says what blocked it in
// one line, without repeating the exchanges.
func TestGoTestOutputIsGroupedByCause(t *testing.T) {
	out, failed := helper(t, "one-fault")
	require.True(t, failed, out)
	assert.Contains(t, out, "What went wrong (1 cause(s)")
	assert.Regexp(t, `cause 1\. create-account \(A-4\.2\): HTTP 500, responseCode 0099: [0-9]+ failed, [0-9]+ blocked`, out)
	blocked := strings.Count(out, " BLOCKED: blocked by Create Account (A-4.2)")
	require.Greater(t, blocked, 10, out)
	failedSubtests := strings.Count(out, " FAILED: ")
	assert.LessOrEqual(t, strings.Count(out, "request: PUT "), failedSubtests+1, "the exchange is shown by the cause and the failures, not by every blocked subtest")
}

// go test -run selects which scenarios run, not only which are shown: the
// run's counts cover the selected clause alone.
func TestGoTestRunSelectsWhatRuns(t *testing.T) {
	out, failed := helper(t, "select", `^TestHelperRun$/^A-4\.1$/`)
	require.False(t, failed, out)
	passed := strings.Count(out, "--- PASS: TestHelperRun/A-4.1/")
	require.Positive(t, passed)
	assert.NotContains(t, out, "TestHelperRun/A-4.2")
	assert.Regexp(t, `CONFORMANT: `+strconv.Itoa(passed)+` passed, 0 failed, 0 blocked, 0 errors, 0 warnings, 0 skipped, 0 not claimed`, out)
}

// Test is the error-returning entry point: nil for a conforming target,
// one joined error per cause for another.
func TestTestReturnsOneErrorPerCause(t *testing.T) {
	h, err := reference.NewHandler(reference.DefaultConfig())
	require.NoError(t, err)
	good := httptest.NewServer(h)
	defer good.Close()
	require.NoError(t, conformancetest.Test(t.Context(), good.URL,
		conformancetest.WithProfile(conformancetest.ReferenceProfile(good.URL)), conformancetest.WithTags("@A-4.1")))

	bad := httptest.NewServer(brokenCreateAccount(t))
	defer bad.Close()
	err = conformancetest.Test(t.Context(), bad.URL,
		conformancetest.WithProfile(conformancetest.ReferenceProfile(bad.URL)), conformancetest.WithTags("@A-4.2 or @B-4.13"))
	require.Error(t, err)
	joined, ok := err.(interface{ Unwrap() []error })
	require.True(t, ok, "errors.Join")
	errs := joined.Unwrap()
	require.Len(t, errs, 2, "the verdict, then one error per cause")
	assert.Contains(t, errs[0].Error(), "NOT CONFORMANT")
	assert.Contains(t, errs[1].Error(), "cause 1. create-account (A-4.2): HTTP 500, responseCode 0099")
	assert.Contains(t, errs[1].Error(), "request: PUT ")

	err = conformancetest.Test(t.Context(), "http://127.0.0.1:1", conformancetest.WithProfile(conformancetest.ReferenceProfile("")))
	assert.ErrorContains(t, err, "the run was aborted")
}
