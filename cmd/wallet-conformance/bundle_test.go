package main

import (
	"archive/zip"
	"bytes"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// fakeReportDir writes what a run leaves in its report directory.
func fakeReportDir(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	files := map[string]string{
		"report.json":  `{"runId":"run-7","verdict":"CONFORMANT","target":"https://sandbox.example.com","time":"2025-06-01T10:00:00Z","profile":{"baseUrl":"https://sandbox.example.com"},"counts":{"PASSED":1,"total":1},"scenarios":[{"id":"A-4.02-create-account.feature:8","status":"PASSED"}]}`,
		"report.html":  "<!doctype html><title>report</title>",
		"profile.yaml": "baseUrl: https://sandbox.example.com\n",
		"summary.md":   "# not bundled\n",
	}
	for name, content := range files {
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte(content), 0o600))
	}
	return dir
}

func keygen(t *testing.T) (priv, pub string) {
	t.Helper()
	priv = filepath.Join(t.TempDir(), "key.pem")
	code, out, errOut := run(t, "keygen", "--out", priv)
	require.Equal(t, ExitConformant, code, errOut)
	pub = filepath.Join(filepath.Dir(priv), "key.pub.pem")
	assert.Contains(t, out, pub)
	info, err := os.Stat(priv)
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(0o600), info.Mode().Perm())
	_, err = os.Stat(pub)
	require.NoError(t, err)
	return priv, pub
}

func TestBundleThenVerify(t *testing.T) {
	dir := fakeReportDir(t)
	priv, pub := keygen(t)
	waivers := filepath.Join(t.TempDir(), "waivers.yaml")
	require.NoError(t, os.WriteFile(waivers, []byte("waivers: []\n"), 0o600))

	unsigned := filepath.Join(t.TempDir(), "unsigned.zip")
	code, out, errOut := run(t, "bundle", "--report-dir", dir, "--out", unsigned)
	require.Equal(t, ExitConformant, code, errOut)
	assert.Contains(t, out, "unsigned")
	code, out, errOut = run(t, "verify", unsigned)
	require.Equal(t, ExitConformant, code, errOut)
	assert.Contains(t, out, "intact, 3 files")
	assert.Contains(t, out, "not checked")
	assert.Contains(t, out, "verdict:   CONFORMANT")
	assert.Contains(t, out, "run id:    run-7")
	assert.Contains(t, out, "target:    https://sandbox.example.com")
	assert.Contains(t, out, "time:      2025-06-01T10:00:00Z")

	signed := filepath.Join(t.TempDir(), "signed.zip")
	code, _, errOut = run(t, "bundle", "--report-dir", dir, "--waivers", waivers, "--out", signed, "--sign-key", priv)
	require.Equal(t, ExitConformant, code, errOut)
	code, out, errOut = run(t, "verify", signed, "--pubkey", pub)
	require.Equal(t, ExitConformant, code, errOut)
	assert.Contains(t, out, "intact, 4 files")
	assert.Contains(t, out, "signature: valid")
	assert.Equal(t, []string{"manifest.json", "manifest.sig", "profile.yaml", "report.html", "report.json", "waivers.yaml"}, entryNames(t, signed))

	// The same inputs make the same archive.
	again := filepath.Join(t.TempDir(), "again.zip")
	code, _, _ = run(t, "bundle", "--report-dir", dir, "--waivers", waivers, "--out", again, "--sign-key", priv)
	require.Equal(t, ExitConformant, code)
	a, _ := os.ReadFile(signed)
	b, _ := os.ReadFile(again)
	assert.Equal(t, a, b)

	// An unsigned bundle fails when a public key is given.
	code, _, errOut = run(t, "verify", "--pubkey", pub, unsigned)
	assert.Equal(t, ExitFailed, code)
	assert.Contains(t, errOut, "manifest.sig")
}

func TestBundleTakesTheProfileFromTheReportWhenTheDirectoryHasNone(t *testing.T) {
	dir := fakeReportDir(t)
	require.NoError(t, os.Remove(filepath.Join(dir, "profile.yaml")))
	out := filepath.Join(t.TempDir(), "b.zip")
	code, _, errOut := run(t, "bundle", "--report-dir", dir, "--out", out)
	require.Equal(t, ExitConformant, code, errOut)
	assert.Equal(t, "baseUrl: https://sandbox.example.com\n", entry(t, out, "profile.yaml"))
}

func TestVerifyDetectsTampering(t *testing.T) {
	dir := fakeReportDir(t)
	priv, pub := keygen(t)
	_, otherPub := keygen(t)
	path := filepath.Join(t.TempDir(), "b.zip")
	code, _, errOut := run(t, "bundle", "--report-dir", dir, "--out", path, "--sign-key", priv)
	require.Equal(t, ExitConformant, code, errOut)

	// One byte of report.json changed.
	tampered := rezip(t, path, func(name string, data []byte) []byte {
		if name == "report.json" {
			data = bytes.Replace(data, []byte("CONFORMANT"), []byte("CONFORMANt"), 1)
		}
		return data
	})
	code, out, errOut := run(t, "verify", tampered)
	assert.Equal(t, ExitFailed, code)
	assert.Empty(t, out)
	assert.Contains(t, errOut, "TAMPERED: report.json")

	// A wrong public key.
	code, _, errOut = run(t, "verify", path, "--pubkey", otherPub)
	assert.Equal(t, ExitFailed, code)
	assert.Contains(t, errOut, "SIGNATURE FAILED: manifest.sig")

	// An extra file.
	extra := rezip(t, path, nil, "notes.txt")
	code, _, errOut = run(t, "verify", extra, "--pubkey", pub)
	assert.Equal(t, ExitFailed, code)
	assert.Contains(t, errOut, "notes.txt: not listed in the manifest")

	// The intact bundle still verifies.
	code, _, errOut = run(t, "verify", path, "--pubkey", pub)
	assert.Equal(t, ExitConformant, code, errOut)
}

func TestBundleAndVerifyUsageErrors(t *testing.T) {
	code, _, errOut := run(t, "verify")
	assert.Equal(t, ExitUsage, code)
	assert.Contains(t, errOut, "one bundle file")

	code, _, _ = run(t, "verify", filepath.Join(t.TempDir(), "missing.zip"))
	assert.Equal(t, ExitUsage, code)

	notAKey := filepath.Join(t.TempDir(), "k.pem")
	require.NoError(t, os.WriteFile(notAKey, []byte("junk"), 0o600))
	code, _, errOut = run(t, "bundle", "--report-dir", fakeReportDir(t), "--sign-key", notAKey, "--out", filepath.Join(t.TempDir(), "b.zip"))
	assert.Equal(t, ExitUsage, code)
	assert.Contains(t, errOut, "--sign-key")

	code, _, errOut = run(t, "bundle", "--report-dir", t.TempDir(), "--out", filepath.Join(t.TempDir(), "b.zip"))
	assert.Equal(t, ExitUsage, code)
	assert.Contains(t, errOut, "report.json")

	// keygen never overwrites a key.
	priv, _ := keygen(t)
	code, _, errOut = run(t, "keygen", "--out", priv)
	assert.Equal(t, ExitUsage, code)
	assert.Contains(t, errOut, "exists")
}

func entryNames(t *testing.T, path string) []string {
	t.Helper()
	zr, err := zip.OpenReader(path)
	require.NoError(t, err)
	defer zr.Close()
	var names []string
	for _, f := range zr.File {
		names = append(names, f.Name)
	}
	return names
}

func entry(t *testing.T, path, name string) string {
	t.Helper()
	zr, err := zip.OpenReader(path)
	require.NoError(t, err)
	defer zr.Close()
	rc, err := zr.Open(name)
	require.NoError(t, err)
	defer rc.Close()
	data, err := io.ReadAll(rc)
	require.NoError(t, err)
	return string(data)
}

// rezip copies an archive through edit and adds the extra (empty) files.
func rezip(t *testing.T, path string, edit func(name string, data []byte) []byte, extra ...string) string {
	t.Helper()
	zr, err := zip.OpenReader(path)
	require.NoError(t, err)
	defer zr.Close()
	var b bytes.Buffer
	zw := zip.NewWriter(&b)
	for _, f := range zr.File {
		rc, err := f.Open()
		require.NoError(t, err)
		data, err := io.ReadAll(rc)
		require.NoError(t, err)
		rc.Close()
		if edit != nil {
			data = edit(f.Name, data)
		}
		w, err := zw.Create(f.Name)
		require.NoError(t, err)
		_, err = w.Write(data)
		require.NoError(t, err)
	}
	for _, name := range extra {
		_, err := zw.Create(name)
		require.NoError(t, err)
	}
	require.NoError(t, zw.Close())
	out := filepath.Join(t.TempDir(), "edited.zip")
	require.NoError(t, os.WriteFile(out, b.Bytes(), 0o600))
	return out
}
