package runner_test

import (
	"bytes"
	"context"
	"net/http/httptest"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wallet-conformance/wallet-conformance/reference"
	"github.com/wallet-conformance/wallet-conformance/reports"
	"github.com/wallet-conformance/wallet-conformance/runner"
)

// No secret of the profile and no token the target issued appears in any
// file the run writes, nor on the console.
func TestNoSecretReachesAnyOutput(t *testing.T) {
	cfg := reference.DefaultConfig()
	// Distinctive values, so a match can only be a leak.
	cfg.Password, cfg.VerificationCode, cfg.OneTimePassword = "Pw-7f3e9c2a41", "918273", "56473829"
	cfg.ShortTokenPassword = "Sh-4b8d0e6f13"
	h, err := reference.NewHandler(cfg)
	require.NoError(t, err)
	recorder := reference.RecordSecrets(h)
	srv := httptest.NewServer(recorder)
	defer srv.Close()

	p := runner.ReferenceProfile(srv.URL, cfg)
	p.Sandbox.RedirectTrigger = "" // the trigger needs the reference's own callback client; not needed here
	dir := t.TempDir()
	var console bytes.Buffer
	_, err = runner.Run(context.Background(), runner.Options{Profile: p, ReportDir: dir, Concurrency: 4, Progress: &console,
		Tags: "@A-4.1,@A-4.3,@A-4.7,@A-4.9,@A-5#6,@B-4.1,@B-4.2,@B-4.8"})
	require.NoError(t, err)

	secrets := cfg.Secrets()
	require.Contains(t, secrets, "short-token password")
	for _, tok := range recorder.Issued() {
		secrets["issued token "+tok[:6]+"..."] = tok
	}
	require.Greater(t, len(secrets), len(cfg.Secrets())+2, "the run must have seen issued tokens")

	// Every file, the evidence store inflated and the evidence the HTML
	// carries decoded: a secret must hide in none of them.
	outputs, err := reports.Readable(dir)
	require.NoError(t, err)
	require.GreaterOrEqual(t, len(outputs), 8)
	require.Contains(t, outputs, reports.EvidenceFile+"#inflated")
	require.Contains(t, outputs, reports.ReportHTMLFile+"#evidence")
	outputs["console"] = console.Bytes()
	for name, data := range outputs {
		for what, secret := range secrets {
			assert.False(t, bytes.Contains(data, []byte(secret)), "%s contains the %s", name, what)
		}
	}
}
