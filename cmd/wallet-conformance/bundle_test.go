package main

import (
	"archive/zip"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strconv"
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
	assert.Contains(t, out, "consistent, 3 files match the manifest; AUTHENTICITY NOT CHECKED")
	assert.Contains(t, out, "signature: none: the bundle is not signed")
	assert.Contains(t, out, "verdict:   CONFORMANT")
	assert.Contains(t, out, "run id:    run-7")
	assert.Contains(t, out, "target:    https://sandbox.example.com")
	assert.Contains(t, out, "time:      2025-06-01T10:00:00Z")

	signed := filepath.Join(t.TempDir(), "signed.zip")
	code, _, errOut = run(t, "bundle", "--report-dir", dir, "--waivers", waivers, "--out", signed, "--sign-key", priv)
	require.Equal(t, ExitConformant, code, errOut)
	code, out, errOut = run(t, "verify", signed, "--pubkey", pub)
	require.Equal(t, ExitConformant, code, errOut)
	assert.Contains(t, out, "intact and authentic, 4 files")
	assert.Contains(t, out, "signature: valid")
	assert.Equal(t, []string{"manifest.json", "manifest.pub.pem", "manifest.sig", "profile.yaml", "report.html", "report.json", "waivers.yaml"}, entryNames(t, signed))

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

// forge edits one file of a bundle and rewrites the manifest's digest of
// it: a forgery consistent with itself, which only a signature can reveal.
func forge(t *testing.T, path, name string, edit func([]byte) []byte) string {
	t.Helper()
	var sum, size string
	edited := rezip(t, path, func(n string, data []byte) []byte {
		if n == name {
			data = edit(data)
			h := sha256.Sum256(data)
			sum, size = hex.EncodeToString(h[:]), strconv.Itoa(len(data))
		}
		return data
	})
	require.NotEmpty(t, sum, "the bundle has no %s", name)
	return rezip(t, edited, func(n string, data []byte) []byte {
		if n != "manifest.json" {
			return data
		}
		var m map[string]any
		require.NoError(t, json.Unmarshal(data, &m))
		for _, f := range m["files"].([]any) {
			if f := f.(map[string]any); f["name"] == name {
				f["sha256"] = sum
				f["size"], _ = strconv.Atoi(size)
			}
		}
		out, err := json.MarshalIndent(m, "", "  ")
		require.NoError(t, err)
		return append(out, '\n')
	})
}

// verify without --pubkey never calls a bundle authentic: a forgery that
// is consistent with itself reads "AUTHENTICITY NOT CHECKED"; and a signed
// bundle whose manifest no longer matches its signature is refused, with
// the key the bundle carries as with --pubkey.
func TestVerifyWithoutAKeySaysAuthenticityWasNotChecked(t *testing.T) {
	dir := fakeReportDir(t)
	priv, pub := keygen(t)
	unsigned := filepath.Join(t.TempDir(), "u.zip")
	code, _, errOut := run(t, "bundle", "--report-dir", dir, "--out", unsigned)
	require.Equal(t, ExitConformant, code, errOut)
	signed := filepath.Join(t.TempDir(), "s.zip")
	code, _, errOut = run(t, "bundle", "--report-dir", dir, "--out", signed, "--sign-key", priv)
	require.Equal(t, ExitConformant, code, errOut)
	edit := func(b []byte) []byte { return append(b, []byte("# forged\n")...) }

	code, out, errOut := run(t, "verify", forge(t, unsigned, "profile.yaml", edit))
	require.Equal(t, ExitConformant, code, errOut)
	assert.Contains(t, out, "AUTHENTICITY NOT CHECKED")
	assert.NotContains(t, out, "intact")

	code, out, _ = run(t, "verify", signed)
	require.Equal(t, ExitConformant, code)
	assert.Contains(t, out, "AUTHENTICITY NOT CHECKED")
	assert.Contains(t, out, "belongs to this manifest for the key the bundle carries")

	forged := forge(t, signed, "profile.yaml", edit)
	for _, args := range [][]string{{"verify", forged}, {"verify", forged, "--pubkey", pub}} {
		code, out, errOut = run(t, args...)
		assert.Equal(t, ExitFailed, code, "%v: %s", args, out)
		assert.Contains(t, errOut, "SIGNATURE FAILED: manifest.sig", args)
	}
}
