package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wallet-conformance/wallet-conformance/reports"
)

// moduleRoot is the module's directory, two up from this package's.
const moduleRoot = "../.."

// `go install ./cmd/wallet-conformance` yields a binary that runs the suite
// from any directory: the features, schemas and the reference server are
// in it, nothing is read from the source tree. And the module can be
// installed by version (go install ...@latest): go.mod has no replace or
// exclude directive, which go install pkg@version refuses.
func TestGoInstallRunsFromAnywhere(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	gomod, err := os.ReadFile(filepath.Join(moduleRoot, "go.mod"))
	require.NoError(t, err)
	assert.Regexp(t, `(?m)^module github\.com/wallet-conformance/wallet-conformance$`, string(gomod), "the path the README's go install names")
	assert.NotRegexp(t, regexp.MustCompile(`(?m)^\s*(replace|exclude)\b`), string(gomod), "go install pkg@version refuses a module with replace or exclude")

	gobin := t.TempDir()
	install := exec.CommandContext(t.Context(), "go", "install", "./cmd/wallet-conformance")
	install.Dir = moduleRoot
	install.Env = append(os.Environ(), "GOBIN="+gobin)
	out, err := install.CombinedOutput()
	require.NoError(t, err, string(out))
	bin := filepath.Join(gobin, "wallet-conformance")

	elsewhere := t.TempDir()
	cmd := exec.CommandContext(t.Context(), bin, "run", "--tags", "@A-4.1 and @A-5")
	cmd.Dir = elsewhere
	out, err = cmd.CombinedOutput()
	require.NoError(t, err, string(out))
	assert.Contains(t, string(out), "CONFORMANT: ")
	rep, err := reports.ReadReport(filepath.Join(elsewhere, "conformance-report"))
	require.NoError(t, err, "the report goes to the working directory")
	assert.Equal(t, reports.Conformant, rep.Verdict)

	version := exec.CommandContext(t.Context(), bin, "version")
	version.Dir = elsewhere
	out, err = version.CombinedOutput()
	require.NoError(t, err, string(out))
	assert.True(t, strings.HasPrefix(string(out), "wallet-conformance (devel)\n"), "a local build is (devel):\n"+string(out))
	assert.Contains(t, string(out), "features sha256: "+rep.Suite.FeaturesSHA256)
}
