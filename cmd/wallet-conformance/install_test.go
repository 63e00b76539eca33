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

	"github.com/wallet-conformance/wallet-conformance/record"
	"github.com/wallet-conformance/wallet-conformance/reports"
	"github.com/wallet-conformance/wallet-conformance/runner"
)

// moduleRoot is the module's directory, two up from this package's.
const moduleRoot = "../.."

// `go install ./cmd/wallet-conformance` yields a binary that runs the suite
// from any directory: the features, schemas and the reference server are
// in it, nothing is read from the source tree. And the module can be
// installed by version (go install ...@latest): go.mod has no replace or
// exclude directive, which go install pkg@version refuses.
//
// What `version` prints depends on how the go command stamped the build,
// not on this machine's settings: the test builds once without VCS
// information ((devel)) and, in a git clone, once with it (the default of
// an ordinary Go installation: the clone's pseudo-version and commit).
func TestGoInstallRunsFromAnywhere(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	gomod, err := os.ReadFile(filepath.Join(moduleRoot, "go.mod"))
	require.NoError(t, err)
	assert.Regexp(t, `(?m)^module github\.com/wallet-conformance/wallet-conformance$`, string(gomod), "the path the README's go install names")
	assert.NotRegexp(t, regexp.MustCompile(`(?m)^\s*(replace|exclude)\b`), string(gomod), "go install pkg@version refuses a module with replace or exclude")

	bin := goInstall(t, "-buildvcs=false")
	elsewhere := t.TempDir()
	cmd := exec.CommandContext(t.Context(), bin, "run", "--tags", "@A-4.1 and @A-5")
	cmd.Dir = elsewhere
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, string(out))
	assert.Contains(t, string(out), "CONFORMANT: ")
	rep, err := reports.ReadReport(filepath.Join(elsewhere, "conformance-report"))
	require.NoError(t, err, "the report goes to the working directory")
	assert.Equal(t, record.Conformant, rep.Verdict)

	version := binVersion(t, bin, elsewhere)
	assert.True(t, strings.HasPrefix(version, "wallet-conformance (devel)\nmodule:          github.com/wallet-conformance/wallet-conformance (devel)\ngo:"),
		"a build without VCS information is (devel) and names no commit:\n"+version)
	assert.Contains(t, version, "features sha256: "+rep.Suite.FeaturesSHA256)

	t.Run("stamped from the clone", func(t *testing.T) {
		head, dirty := gitHead(t)
		bin := goInstall(t, "-buildvcs=true")
		out := binVersion(t, bin, t.TempDir())
		stamped := stampedBuild(t, bin)
		if stamped.revision == "" {
			// The go command stamps a clone whose .git is a directory; it
			// has been seen to stamp nothing in a git worktree (.git a
			// file). Such a build prints what it records: (devel).
			if info, err := os.Stat(filepath.Join(moduleRoot, ".git")); err == nil && info.IsDir() {
				t.Fatalf("the go command stamped no VCS information on a build in a clone")
			}
			assert.True(t, strings.HasPrefix(out, "wallet-conformance (devel)\nmodule:          github.com/wallet-conformance/wallet-conformance (devel)\ngo:"), out)
			return
		}
		m := regexp.MustCompile(`^wallet-conformance (\S+)\nmodule:          github\.com/wallet-conformance/wallet-conformance (\S+)\ncommit:          ([0-9a-f]{40})( \(modified\))?\ngo:`).FindStringSubmatch(out)
		require.NotNil(t, m, "a build in a clone names its version and commit:\n"+out)
		assert.Equal(t, m[1], m[2], "one version on both lines")
		assert.Equal(t, stamped.version, m[1], "the version the go command stamped")
		assert.Equal(t, stamped.revision, m[3], "the commit the go command stamped")
		assert.Equal(t, head, m[3], "the commit is the clone's HEAD")
		assert.Equal(t, dirty, m[4] != "", "(modified) exactly when the tree has uncommitted changes")
		assert.True(t, isStampedVersion(m[1], head, dirty), "a release tag at HEAD or the pseudo-version of HEAD: %s", m[1])
	})
}

// stamp is what `go version -m` reads of a binary's main module.
type stamp struct{ version, revision string }

// stampedBuild reads the main module's version and VCS revision the go
// command recorded in bin.
func stampedBuild(t *testing.T, bin string) stamp {
	t.Helper()
	out, err := exec.CommandContext(t.Context(), "go", "version", "-m", bin).CombinedOutput()
	require.NoError(t, err, string(out))
	var s stamp
	for _, line := range strings.Split(string(out), "\n") {
		f := strings.Fields(line)
		switch {
		case len(f) >= 3 && f[0] == "mod":
			s.version = f[2]
		case len(f) == 2 && f[0] == "build" && strings.HasPrefix(f[1], "vcs.revision="):
			s.revision = strings.TrimPrefix(f[1], "vcs.revision=")
		}
	}
	return s
}

// The README shows what a user sees: its example of `version` is the
// output of a build from a clone (an ordinary Go installation stamps VCS
// information), line for line in the same fields.
func TestReadmeVersionExampleIsWhatABuildPrints(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join(moduleRoot, "README.md"))
	require.NoError(t, err)
	m := regexp.MustCompile("(?s)```\n(wallet-conformance v[^\n]*\n.*?)```").FindSubmatch(readme)
	require.NotNil(t, m, "the README shows the output of wallet-conformance version")
	example := strings.Split(strings.TrimSuffix(string(m[1]), "\n"), "\n")
	var stdout, stderr strings.Builder
	require.NoError(t, versionCmd(nil, &stdout, &stderr))
	got := strings.Split(strings.TrimSuffix(stdout.String(), "\n"), "\n")
	fieldOf := func(line string) string { return strings.TrimSpace(strings.SplitN(line, ":", 2)[0]) }
	var want, have []string
	for _, l := range example[1:] {
		want = append(want, fieldOf(l))
	}
	for _, l := range got[1:] {
		if fieldOf(l) != "commit" { // go test builds without VCS information
			have = append(have, fieldOf(l))
		}
	}
	assert.Equal(t, append([]string{"module", "commit"}, have[1:]...), want, "the README's example names the fields a build from a clone prints, in order")
	ver := strings.TrimPrefix(example[0], "wallet-conformance ")
	assert.Regexp(t, `^v0\.0\.0-\d{14}-[0-9a-f]{12}$`, ver, "the README shows a clean clone's pseudo-version")
	assert.Contains(t, string(m[1]), "module:          github.com/wallet-conformance/wallet-conformance "+ver+"\n")
	assert.Contains(t, string(m[1]), "suite:           "+runner.SuiteVersion+"\n")
}

// goInstall installs the command into a temporary GOBIN with the given
// GOFLAGS, whatever this machine's go env says, and returns its path.
func goInstall(t *testing.T, goflags string) string {
	t.Helper()
	gobin := t.TempDir()
	install := exec.CommandContext(t.Context(), "go", "install", "./cmd/wallet-conformance")
	install.Dir = moduleRoot
	install.Env = append(os.Environ(), "GOBIN="+gobin, "GOFLAGS="+goflags)
	out, err := install.CombinedOutput()
	require.NoError(t, err, string(out))
	return filepath.Join(gobin, "wallet-conformance")
}

// binVersion runs `bin version` in dir and returns what it printed.
func binVersion(t *testing.T, bin, dir string) string {
	t.Helper()
	version := exec.CommandContext(t.Context(), bin, "version")
	version.Dir = dir
	out, err := version.CombinedOutput()
	require.NoError(t, err, string(out))
	return string(out)
}

// gitHead returns the clone's HEAD commit and whether its tree has
// uncommitted changes; it skips the test outside a git clone.
func gitHead(t *testing.T) (string, bool) {
	t.Helper()
	git := func(args ...string) (string, error) {
		cmd := exec.CommandContext(t.Context(), "git", args...)
		cmd.Dir = moduleRoot
		out, err := cmd.Output()
		return strings.TrimSpace(string(out)), err
	}
	head, err := git("rev-parse", "HEAD")
	if err != nil {
		t.Skipf("not a git clone (%v): the go command stamps no VCS information", err)
	}
	status, err := git("status", "--porcelain")
	require.NoError(t, err)
	return head, status != ""
}

// isStampedVersion tells whether v is a version the go command may stamp
// on a build of commit head: a release tag (v1.2.3, with +dirty when the
// tree has changes) or the pseudo-version of head.
func isStampedVersion(v, head string, dirty bool) bool {
	if dirty != strings.HasSuffix(v, "+dirty") {
		return false
	}
	v = strings.TrimSuffix(v, "+dirty")
	if m := regexp.MustCompile(`^v\d+\.\d+\.\d+-(?:0\.|[0-9A-Za-z.]+\.0\.)?\d{14}-([0-9a-f]{12})$`).FindStringSubmatch(v); m != nil {
		return strings.HasPrefix(head, m[1])
	}
	return regexp.MustCompile(`^v\d+\.\d+\.\d+$`).MatchString(v)
}
