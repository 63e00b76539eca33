package main

import (
	"encoding/json"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v5"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tidwall/gjson"

	"github.com/wallet-conformance/wallet-conformance/reference"
	"github.com/wallet-conformance/wallet-conformance/reports"
	"github.com/wallet-conformance/wallet-conformance/runner"
)

// har writes a run's every exchange as HAR 1.2: valid against the HAR 1.2
// schema, one entry per exchange of the evidence store, and without any
// secret of the run: the profile's, or a token the target issued.
func TestHARExportOfARunHoldsNoSecret(t *testing.T) {
	cfg := reference.DefaultConfig()
	cfg.Password, cfg.VerificationCode, cfg.OneTimePassword = "Pw-har-5e1d7c", "864213", "97531864"
	h, err := reference.NewHandler(cfg)
	require.NoError(t, err)
	recorder := reference.RecordSecrets(h)
	srv := httptest.NewServer(recorder)
	defer srv.Close()
	p := runner.ReferenceProfile(srv.URL, cfg)
	p.Sandbox.RedirectTrigger = ""
	profilePath := filepath.Join(t.TempDir(), "profile.yaml")
	require.NoError(t, os.WriteFile(profilePath, []byte(p.YAML()), 0o600))

	dir := t.TempDir()
	code, out, errOut := run(t, "run", "--profile", profilePath, "--tags", "@A-4.1,@A-4.7,@A-4.9,@B-4.8", "--report-dir", dir)
	require.Equal(t, ExitConformant, code, out+errOut)

	harPath := filepath.Join(t.TempDir(), "run.har")
	code, out, errOut = run(t, "har", "--report-dir", dir, "--out", harPath)
	require.Equal(t, ExitConformant, code, errOut)
	rep, err := reports.ReadReport(dir)
	require.NoError(t, err)
	assert.Contains(t, out, "HAR 1.2 of run "+rep.RunID+" written to "+harPath)

	data, err := os.ReadFile(harPath)
	require.NoError(t, err)
	var doc any
	require.NoError(t, json.Unmarshal(data, &doc))
	c := jsonschema.NewCompiler()
	c.Draft = jsonschema.Draft2020
	schema, err := os.ReadFile("../../reports/testdata/har-1.2.schema.json")
	require.NoError(t, err)
	require.NoError(t, c.AddResource("har.json", strings.NewReader(string(schema))))
	s, err := c.Compile("har.json")
	require.NoError(t, err)
	require.NoError(t, s.Validate(doc))
	assert.Equal(t, int64(len(rep.Exchanges())), gjson.GetBytes(data, "log.entries.#").Int())
	assert.Positive(t, len(rep.Exchanges()))

	issued := recorder.Issued()
	require.Greater(t, len(issued), 2, "the run must have seen issued tokens")
	for _, secret := range issued {
		assert.NotContains(t, string(data), secret, "an issued token")
	}
	for what, secret := range cfg.Secrets() {
		assert.NotContains(t, string(data), secret, what)
	}

	// To stdout, and from the report.json's path as well.
	code, out, _ = run(t, "har", "--report-dir", filepath.Join(dir, reports.ReportJSONFile))
	require.Equal(t, ExitConformant, code)
	assert.JSONEq(t, string(data), out)
}

func TestHARUsageErrors(t *testing.T) {
	code, _, errOut := run(t, "har", "--report-dir", filepath.Join(t.TempDir(), "none"))
	assert.Equal(t, ExitUsage, code)
	assert.Contains(t, errOut, "report.json")
	code, _, errOut = run(t, "har", "extra")
	assert.Equal(t, ExitUsage, code)
	assert.Contains(t, errOut, `unexpected argument "extra"`)
}
