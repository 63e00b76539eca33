package main

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wallet-conformance/wallet-conformance/reference"
	"github.com/wallet-conformance/wallet-conformance/runner"
)

func run(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := Main(context.Background(), args, &out, &errOut)
	return code, out.String(), errOut.String()
}

func TestRunAgainstTheEmbeddedReferencePasses(t *testing.T) {
	dir := t.TempDir()
	code, out, errOut := run(t, "run", "--report-dir", dir, "--concurrency", "4")
	require.Equal(t, ExitConformant, code, out+errOut)
	assert.Contains(t, out, "CONFORMANT")
	for _, f := range []string{"report.json", "report.html", "summary.md", "junit.xml", "cucumber.json", "profile.yaml"} {
		info, err := os.Stat(filepath.Join(dir, f))
		require.NoError(t, err, f)
		assert.Positive(t, info.Size(), f)
	}
	summary, _ := os.ReadFile(filepath.Join(dir, "summary.md"))
	assert.Contains(t, string(summary), "| A-4.2 |")
	// The reference's password never reaches a report file.
	for _, f := range []string{"report.json", "report.html", "summary.md", "junit.xml", "cucumber.json", "profile.yaml"} {
		data, _ := os.ReadFile(filepath.Join(dir, f))
		assert.NotContains(t, string(data), reference.DefaultConfig().Password, f)
	}
}

// serve prints a profile; run --profile with it passes against that server.
func TestServeThenRunWithItsProfile(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	pr, pw := io.Pipe()
	done := make(chan int)
	go func() {
		done <- Main(ctx, []string{"serve", "--addr", "127.0.0.1:0"}, pw, io.Discard)
		pw.Close()
	}()
	var profileText strings.Builder
	sc := bufio.NewScanner(pr)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "# serving") {
			break
		}
		profileText.WriteString(line + "\n")
	}
	go io.Copy(io.Discard, pr)
	path := filepath.Join(t.TempDir(), "profile.yaml")
	require.NoError(t, os.WriteFile(path, []byte(profileText.String()), 0o600))

	code, out, errOut := run(t, "run", "--profile", path, "--report-dir", t.TempDir(), "--tags", "@A-4.2,@A-5")
	assert.Equal(t, ExitConformant, code, out+errOut)

	cancel()
	select {
	case c := <-done:
		assert.Equal(t, 0, c)
	case <-time.After(10 * time.Second):
		t.Fatal("serve did not stop")
	}
}

func writeProfile(t *testing.T, baseURL, password string) string {
	t.Helper()
	cfg := reference.DefaultConfig()
	text := "baseUrl: " + baseURL + "\nenvironment: sandbox\ncredentials:\n  userId: " + cfg.UserID + "\n  password: " + password +
		"\nprogramCode: " + cfg.ProgramCode + "\ncurrency: EUR\ntitleCode: MR\ncallTimeout: 5s\n"
	path := filepath.Join(t.TempDir(), "profile.yaml")
	require.NoError(t, os.WriteFile(path, []byte(text), 0o600))
	return path
}

// mutantProfile starts a reference server breaking one rule (or none, for
// "") and returns a profile file that targets it.
func mutantProfile(t *testing.T, mutant string) string {
	t.Helper()
	cfg := reference.DefaultConfig()
	cfg.Mutant = mutant
	srv, err := reference.New(cfg)
	require.NoError(t, err)
	t.Cleanup(srv.Close)
	path := filepath.Join(t.TempDir(), "profile.yaml")
	require.NoError(t, os.WriteFile(path, []byte(runner.ReferenceProfile(srv.URL, cfg).YAML()), 0o600))
	return path
}

func TestAWrongPasswordExits2WithAClearMessage(t *testing.T) {
	srv, err := reference.New(reference.DefaultConfig())
	require.NoError(t, err)
	defer srv.Close()
	code, _, errOut := run(t, "run", "--profile", writeProfile(t, srv.URL, "not-the-password"), "--report-dir", t.TempDir())
	assert.Equal(t, ExitUsage, code)
	assert.Contains(t, errOut, "refused to issue a token")
	assert.Contains(t, errOut, "check credentials.userId and credentials.password")
	assert.NotContains(t, errOut, "not-the-password")
}

func TestAnUnreachableTargetExits2(t *testing.T) {
	code, _, errOut := run(t, "run", "--profile", writeProfile(t, "http://127.0.0.1:1", "x"), "--report-dir", t.TempDir())
	assert.Equal(t, ExitUsage, code)
	assert.Contains(t, errOut, "cannot be reached")
}

func TestUsageAndProfileErrorsExit2(t *testing.T) {
	code, _, errOut := run(t)
	assert.Equal(t, ExitUsage, code)
	assert.Contains(t, errOut, "Usage")

	code, _, errOut = run(t, "frobnicate")
	assert.Equal(t, ExitUsage, code)
	assert.Contains(t, errOut, "unknown command")

	code, _, _ = run(t, "run", "--concurrency", "0")
	assert.Equal(t, ExitUsage, code)

	path := filepath.Join(t.TempDir(), "p.yaml")
	require.NoError(t, os.WriteFile(path, []byte("baseUrl: http://x\ncolour: blue\n"), 0o600))
	code, _, errOut = run(t, "run", "--profile", path)
	assert.Equal(t, ExitUsage, code)
	assert.Contains(t, errOut, "colour")
}

func TestTargetFlagOverridesTheProfile(t *testing.T) {
	srv, err := reference.New(reference.DefaultConfig())
	require.NoError(t, err)
	defer srv.Close()
	path := writeProfile(t, "http://127.0.0.1:1", reference.DefaultConfig().Password)
	code, out, errOut := run(t, "run", "--profile", path, "--target", srv.URL, "--tags", "@A-4.1", "--report-dir", t.TempDir())
	assert.Equal(t, ExitConformant, code, out+errOut)
}
