package main

import (
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"runtime/debug"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wallet-conformance/wallet-conformance/profile"
	"github.com/wallet-conformance/wallet-conformance/runner"
)

// version names the module version, Go, the suite, the spec edition and
// the digests a report of this binary records.
func TestVersionPrintsWhatReportsRecord(t *testing.T) {
	dir := t.TempDir()
	code, out, errOut := run(t, "run", "--tags", "@A-4.1 and @A-5", "--report-dir", dir)
	require.Equal(t, ExitConformant, code, out+errOut)
	rep := readReport(t, dir)

	code, out, errOut = run(t, "version")
	require.Equal(t, ExitConformant, code, errOut)
	assert.Regexp(t, `^wallet-conformance (\(devel\)|v\S+)\n`, out)
	assert.Regexp(t, `(?m)^module: +github\.com/wallet-conformance/wallet-conformance (\(devel\)|v\S+)$`, out)
	assert.Contains(t, out, "go:              "+runtime.Version()+" "+runtime.GOOS+"/"+runtime.GOARCH+"\n")
	assert.Contains(t, out, "suite:           "+runner.SuiteVersion+"\n")
	assert.Equal(t, runner.SuiteVersion, rep.Suite.Version)
	assert.Contains(t, out, "features sha256: "+rep.Suite.FeaturesSHA256+"\n")
	assert.Contains(t, out, "schemas sha256:  "+rep.Suite.SchemasSHA256+"\n")
	assert.Regexp(t, `(?m)^spec edition: +[0-9a-f]{64} \(`, out)
	assert.Regexp(t, `(?m)^rules sha256: +[0-9a-f]{64}$`, out)

	id, err := runner.SuiteIdentity()
	require.NoError(t, err)
	again, err := runner.SuiteIdentity()
	require.NoError(t, err)
	assert.Equal(t, id, again, "the identity is stable")
	assert.NotEqual(t, id.SpecEdition, id.FeaturesSHA256)
	assert.NotEqual(t, id.SpecEdition, id.RulesSHA256)

	code, _, errOut = run(t, "version", "extra")
	assert.Equal(t, ExitUsage, code)
	assert.Contains(t, errOut, `unexpected argument "extra"`)
}

// Each way the go command stamps a build gives its own version line: a
// release for go install module@version, a pseudo-version and the commit
// for a build in a clone (+dirty and "(modified)" for a tree with
// uncommitted changes), and (devel) without VCS information.
func TestBuildVersionOfEachKindOfBuild(t *testing.T) {
	const mod = "github.com/wallet-conformance/wallet-conformance"
	const rev = "6e5140499b32aa0e1b4c0cbd0a4b16f0f6a1f2c3"
	vcs := func(modified string) []debug.BuildSetting {
		return []debug.BuildSetting{{Key: "vcs", Value: "git"}, {Key: "vcs.revision", Value: rev}, {Key: "vcs.modified", Value: modified}}
	}
	for _, c := range []struct {
		name string
		info *debug.BuildInfo
		want binaryVersion
	}{
		{"no build information", nil, binaryVersion{mod, "(devel)", ""}},
		{"without VCS information", &debug.BuildInfo{Main: debug.Module{Path: mod, Version: "(devel)"}}, binaryVersion{mod, "(devel)", ""}},
		{"release", &debug.BuildInfo{Main: debug.Module{Path: mod, Version: "v0.6.0"}}, binaryVersion{mod, "v0.6.0", ""}},
		{"clean clone", &debug.BuildInfo{Main: debug.Module{Path: mod, Version: "v0.0.0-20261124155721-6e5140499b32"}, Settings: vcs("false")},
			binaryVersion{mod, "v0.0.0-20261124155721-6e5140499b32", rev}},
		{"clone with changes", &debug.BuildInfo{Main: debug.Module{Path: mod, Version: "v0.0.0-20261124155721-6e5140499b32+dirty"}, Settings: vcs("true")},
			binaryVersion{mod, "v0.0.0-20261124155721-6e5140499b32+dirty", rev + " (modified)"}},
	} {
		assert.Equal(t, c.want, buildVersion(c.info), c.name)
	}
}

// isStampedVersion (of the install test) takes exactly what the go command
// may stamp on a build of a commit.
func TestIsStampedVersion(t *testing.T) {
	const head = "6e5140499b32aa0e1b4c0cbd0a4b16f0f6a1f2c3"
	for v, want := range map[string]bool{
		"v0.0.0-20261124155721-6e5140499b32":        true,
		"v0.6.1-0.20261124155721-6e5140499b32":      true,
		"v0.7.0-rc.1.0.20261124155721-6e5140499b32": true,
		"v0.6.0":                             true,
		"v0.0.0-20261124155721-0123456789ab": false, // another commit
		"(devel)":                            false,
		"v0.6":                               false,
	} {
		assert.Equal(t, want, isStampedVersion(v, head, false), v)
	}
	assert.True(t, isStampedVersion("v0.0.0-20261124155721-6e5140499b32+dirty", head, true))
	assert.False(t, isStampedVersion("v0.0.0-20261124155721-6e5140499b32", head, true), "a dirty tree is stamped +dirty")
}

// init writes a commented profile that Load accepts once its variables are
// set; it writes no secret and never overwrites a file.
func TestInitWritesAProfileThatLoads(t *testing.T) {
	path := filepath.Join(t.TempDir(), "sandbox.yaml")
	code, out, errOut := run(t, "init", "--out", path, "--base-url", "https://wallet.example.net/v1")
	require.Equal(t, ExitConformant, code, errOut)
	assert.Contains(t, out, "profile written to "+path)
	assert.Contains(t, out, "set WALLET_PASSWORD")
	written, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Contains(t, string(written), `password: "${WALLET_PASSWORD}"`)
	info, err := os.Stat(path)
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(0o600), info.Mode().Perm())

	_, err = profile.Load(path)
	require.Error(t, err, "a secret comes from the environment")
	assert.Contains(t, err.Error(), "WALLET_PASSWORD is not set")
	t.Setenv(profile.EnvPassword, "pw-from-the-environment")
	p, err := profile.Load(path)
	require.NoError(t, err)
	assert.Equal(t, "https://wallet.example.net/v1", p.BaseURL)
	assert.Equal(t, "pw-from-the-environment", p.Credentials.Password)

	code, _, errOut = run(t, "init", "--out", path)
	assert.Equal(t, ExitUsage, code)
	assert.Contains(t, errOut, path+" exists; init never overwrites a file")
	again, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, written, again)

	code, out, _ = run(t, "init", "--out", "-")
	assert.Equal(t, ExitConformant, code)
	assert.Regexp(t, regexp.MustCompile(`(?m)^baseUrl: "https://sandbox\.example\.com/wallet/v1"$`), out)
	assert.Contains(t, out, "# behaviour:\n")
}
