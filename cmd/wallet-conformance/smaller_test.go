package main

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wallet-conformance/wallet-conformance/profile"
	"github.com/wallet-conformance/wallet-conformance/reference"
	"github.com/wallet-conformance/wallet-conformance/runner"
)

// The smaller defects of issue 24 (item 11), each at the command line.

// A scope.exclude entry that is no clause is refused, as in waivers.
func TestAnUnknownClauseInScopeExcludeIsRefused(t *testing.T) {
	prof := referenceWith(t, func(p *profile.Profile) { p.Scope.Exclude = []string{"B-4.99"} })
	code, out, errOut := run(t, "run", "--profile", prof, "--report-dir", t.TempDir())
	assert.Equal(t, ExitUsage, code, out)
	assert.Contains(t, errOut, `scope.exclude: "B-4.99" is not a clause of Documents A and B`)
}

// WALLET_PASSWORD set but empty is named as such, not as a missing key.
func TestAnEmptySecretVariableIsNamed(t *testing.T) {
	path := filepath.Join(t.TempDir(), "p.yaml")
	require.NoError(t, os.WriteFile(path, []byte("baseUrl: http://127.0.0.1:1\nenvironment: sandbox\ncredentials:\n  userId: u\n  password: ${WALLET_PASSWORD}\nprogramCode: P\ncurrency: EUR\ntitleCode: MR\n"), 0o600))
	t.Setenv("WALLET_PASSWORD", "")
	code, _, errOut := run(t, "run", "--profile", path, "--report-dir", t.TempDir())
	assert.Equal(t, ExitUsage, code)
	assert.Contains(t, errOut, "environment variable WALLET_PASSWORD is set but empty: credentials.password needs a value")
	assert.NotContains(t, errOut, "missing required key")
}

// verify on a file that is no zip is a usage mistake, not TAMPERED.
func TestVerifyOnANonZipIsNotTampered(t *testing.T) {
	path := filepath.Join(t.TempDir(), "report.json")
	require.NoError(t, os.WriteFile(path, []byte(`{"verdict":"CONFORMANT"}`), 0o600))
	code, _, errOut := run(t, "verify", path)
	assert.Equal(t, ExitUsage, code)
	assert.Contains(t, errOut, "not a bundle: not a zip archive")
	assert.NotContains(t, errOut, "TAMPERED")
}

// A usage error is one line and where to get help, not the whole help.
func TestAUsageErrorIsOneLineAndWhereToGetHelp(t *testing.T) {
	for _, args := range [][]string{{"run", "--mutant", "x"}, {"run", "--concurrency", "0"}, {"frobnicate"}, {"verify"}, {"explore", "--steps", "0"}} {
		code, out, errOut := run(t, args...)
		assert.Equal(t, ExitUsage, code, args)
		assert.Empty(t, out, args)
		lines := strings.Split(strings.TrimSpace(errOut), "\n")
		assert.Len(t, lines, 2, "%v: %s", args, errOut)
		assert.True(t, strings.HasPrefix(lines[0], "usage error: "), "%v: %s", args, errOut)
		assert.Contains(t, lines[len(lines)-1], "'wallet-conformance help'", args)
	}
	code, _, errOut := run(t, "run", "-h")
	assert.Equal(t, ExitConformant, code)
	assert.Contains(t, errOut, "-max-duration", "-h still lists the flags")
}

// The default report directories of run and explore are ignored by git.
func TestTheReportDirectoriesAreIgnoredByGit(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", ".gitignore"))
	require.NoError(t, err)
	for _, dir := range []string{"conformance-report", "explore-report"} {
		assert.Contains(t, strings.Split(string(data), "\n"), "/"+dir+"/", dir)
	}
}

// A run against a target that is down still writes every report file,
// cucumber.json too (no feature in it).
func TestCucumberJSONIsWrittenWhenTheTargetIsDown(t *testing.T) {
	dir := t.TempDir()
	code, _, _ := run(t, "run", "--target", "http://127.0.0.1:1", "--report-dir", dir)
	require.Equal(t, ExitUsage, code)
	data, err := os.ReadFile(filepath.Join(dir, "cucumber.json"))
	require.NoError(t, err)
	assert.Equal(t, "[]", strings.TrimSpace(string(data)))
}

// A shard with no scenario exits 0 (the merged run decides); the merged
// run of the shards is the verdict.
func TestAnEmptyShardDoesNotTurnCIRed(t *testing.T) {
	srv, err := reference.New(reference.DefaultConfig())
	require.NoError(t, err)
	defer srv.Close()
	prof := filepath.Join(t.TempDir(), "p.yaml")
	require.NoError(t, os.WriteFile(prof, []byte(runner.ReferenceProfile(srv.URL, reference.DefaultConfig()).YAML()), 0o600))
	var dirs []string
	empty := 0
	for i := 1; i <= 3; i++ {
		dir := t.TempDir()
		dirs = append(dirs, dir)
		code, out, errOut := run(t, "run", "--profile", prof, "--tags", "@A-2.3", "--shard", strconv.Itoa(i)+"/3", "--report-dir", dir)
		require.Equal(t, ExitConformant, code, out+errOut)
		if strings.Contains(out, "executed no scenario") {
			empty++
		}
	}
	require.Positive(t, empty, "the test needs an empty shard: @A-2.3 has fewer scenarios than 3")
	code, out, errOut := run(t, append([]string{"merge", "--out", t.TempDir()}, dirs...)...)
	assert.Equal(t, ExitConformant, code, out+errOut)
	assert.Contains(t, out, "CONFORMANT")
}
