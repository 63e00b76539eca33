package recipes

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.yaml.in/yaml/v3"

	"github.com/wallet-conformance/wallet-conformance/reference"
	"github.com/wallet-conformance/wallet-conformance/runner"
	"github.com/wallet-conformance/wallet-conformance/schemas"
)

// portmanDir holds the Portman recipe: the pinned packages (package.json,
// package-lock.json), Portman's configuration, its CLI options and Newman's.
const portmanDir = "portman"

// The Portman recipe, as a user runs it: the export written for the target's
// profile with an account opened there (openapi --profile --create-account),
// then Portman with the recipe's own files, its Newman run reaching every
// operation of the catalogue, each with a 2xx, and every test Portman
// generated from the export (status, content type, JSON body, schema)
// passing. Portman and Newman come from the npm registry at the versions
// package-lock.json pins, installed once into the user cache directory
// (keyed by the lock file); without npm the test is skipped, except in CI,
// which has it.
func TestPortmanRecipe(t *testing.T) {
	if testing.Short() {
		t.Skip("installs Portman from the npm registry and builds the binary")
	}
	portman := installPortman(t)

	cfg := reference.DefaultConfig()
	srv, err := reference.New(cfg)
	require.NoError(t, err)
	t.Cleanup(func() { srv.Close() })
	p := runner.ReferenceProfile(srv.URL, cfg)

	work := t.TempDir()
	for _, name := range []string{"portman-config.json", "portman-cli.json", "newman-options.json"} {
		data, err := os.ReadFile(filepath.Join(portmanDir, name))
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join(work, name), data, 0o644))
	}
	// The profile as a user keeps it: the password read from the environment.
	password := p.Credentials.Password
	p.Credentials.Password = "${WALLET_PASSWORD}"
	profileYAML, err := yaml.Marshal(p)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(work, "target.yaml"), profileYAML, 0o600))

	bin := filepath.Join(t.TempDir(), "wallet-conformance")
	build := exec.Command("go", "build", "-o", bin, "./cmd/wallet-conformance")
	build.Dir = moduleRoot
	out, err := build.CombinedOutput()
	require.NoError(t, err, "%s", out)

	env := append(os.Environ(), "WALLET_PASSWORD="+password,
		"PORTMAN_WALLET_PASSWORD="+password,
		"PORTMAN_WALLET_VERIFICATION_CODE="+p.Sandbox.VerificationCode,
		"PORTMAN_WALLET_ONE_TIME_PASSWORD="+p.Sandbox.OneTimePassword)
	export := exec.Command(bin, "openapi", "--profile", "target.yaml", "--create-account", "--out", "wallet-api.openapi.json")
	export.Dir, export.Env = work, env
	out, err = export.CombinedOutput()
	require.NoError(t, err, "%s", out)
	require.Contains(t, string(out), "opened at "+srv.URL)

	report := filepath.Join(work, "newman.json")
	run := exec.Command("node", portman, "--cliOptionsFile", "portman-cli.json",
		"--newmanRunOptions", `{"reporters":["cli","json"],"reporter":{"json":{"export":"newman.json"}}}`)
	run.Dir, run.Env = work, env
	out, err = run.CombinedOutput()
	assert.NoError(t, err, "Portman and Newman:\n%s", out)

	executions := newmanExecutions(t, report)
	statuses := map[string][]int{}
	for _, e := range executions {
		statuses[e.operation] = append(statuses[e.operation], e.status)
		assert.True(t, e.status >= 200 && e.status < 300, "%s %s answered %d", e.method, e.url, e.status)
		assert.Empty(t, e.failures, "%s: Portman's tests failed", e.name)
	}
	for _, op := range schemas.Catalogue() {
		assert.NotEmpty(t, statuses[op.ID], "Portman did not call %s", op.ID)
	}
	t.Logf("Portman called %d operations in %d requests: %v", len(statuses), len(executions), statuses)
}

// execution is one request of a Newman run.
type execution struct {
	name, operation, method, url string
	status                       int
	failures                     []string
}

// newmanExecutions reads the executions of Newman's JSON report, each named
// by the operation the recipe's integration test calls ("kc-authorize (2)"
// is kc-authorize).
func newmanExecutions(t *testing.T, path string) []execution {
	t.Helper()
	data, err := os.ReadFile(path)
	require.NoError(t, err, "Newman wrote no JSON report")
	var report struct {
		Run struct {
			Executions []struct {
				Item     struct{ Name string } `json:"item"`
				Response struct {
					Code int `json:"code"`
				} `json:"response"`
				Request struct {
					Method string `json:"method"`
					URL    struct {
						Path []string `json:"path"`
					} `json:"url"`
				} `json:"request"`
				Assertions []struct {
					Assertion string `json:"assertion"`
					Error     *struct {
						Message string `json:"message"`
					} `json:"error"`
				} `json:"assertions"`
			} `json:"executions"`
		} `json:"run"`
	}
	require.NoError(t, json.Unmarshal(data, &report))
	var out []execution
	for _, e := range report.Run.Executions {
		x := execution{name: e.Item.Name, method: e.Request.Method, url: "/" + strings.Join(e.Request.URL.Path, "/"), status: e.Response.Code}
		x.operation, _, _ = strings.Cut(e.Item.Name, " ")
		for _, a := range e.Assertions {
			if a.Error != nil {
				x.failures = append(x.failures, a.Assertion+": "+a.Error.Message)
			}
		}
		out = append(out, x)
	}
	return out
}

// installPortman installs the recipe's pinned packages (npm ci) into a
// directory of the user cache named after package-lock.json's hash, once,
// and returns Portman's executable script.
func installPortman(t *testing.T) string {
	t.Helper()
	if _, err := exec.LookPath("npm"); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("CI has node and npm: the Portman recipe must run there")
		}
		t.Skip("npm is not installed: the Portman recipe needs node and npm")
	}
	lock, err := os.ReadFile(filepath.Join(portmanDir, "package-lock.json"))
	require.NoError(t, err)
	pkg, err := os.ReadFile(filepath.Join(portmanDir, "package.json"))
	require.NoError(t, err)
	sum := sha256.Sum256(append(append([]byte{}, pkg...), lock...))
	cache, err := os.UserCacheDir()
	require.NoError(t, err)
	dir := filepath.Join(cache, "wallet-conformance", "portman-"+hex.EncodeToString(sum[:8]))
	script := filepath.Join(dir, "node_modules", "@apideck", "portman", "bin", "portman")
	if _, err := os.Stat(script); err == nil {
		return script
	}
	// Install beside the final place and rename, so that an interrupted
	// install is never taken for a finished one.
	require.NoError(t, os.MkdirAll(filepath.Dir(dir), 0o755))
	tmp, err := os.MkdirTemp(filepath.Dir(dir), "portman-install-")
	require.NoError(t, err)
	defer os.RemoveAll(tmp)
	require.NoError(t, os.WriteFile(filepath.Join(tmp, "package.json"), pkg, 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(tmp, "package-lock.json"), lock, 0o644))
	install := exec.Command("npm", "ci", "--ignore-scripts", "--no-audit", "--no-fund")
	install.Dir = tmp
	out, err := install.CombinedOutput()
	require.NoError(t, err, "npm ci:\n%s", out)
	if err := os.Rename(tmp, dir); err != nil {
		// Another test process installed it meanwhile: use that one.
		_, statErr := os.Stat(script)
		require.NoError(t, statErr, "installing Portman: %v", err)
	}
	return script
}
