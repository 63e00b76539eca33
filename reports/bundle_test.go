package reports

import (
	"archive/zip"
	"bytes"
	"crypto/ed25519"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const bundleReportJSON = `{"runId":"run-42","verdict":"CONFORMANT","target":"http://127.0.0.1:1","time":"2025-01-02T03:04:05Z",` +
	`"counts":{"PASSED":1,"total":1,"waived":0},"scenarios":[{"id":"A-4.02-create-account.feature:8","status":"PASSED"}],` +
	`"profile":{"baseUrl":"http://127.0.0.1:1","programCode":"00","credentials":{"userId":"u","password":"[REDACTED]"},"callTimeout":5,"scope":{"exclude":["B-4.19"]},"x":null,"on":true,"rate":1.5}}`

func bundleFiles() []BundleFile {
	return []BundleFile{
		{Name: BundleReport, Data: []byte(bundleReportJSON)},
		{Name: BundleHTML, Data: []byte("<html>report</html>")},
		{Name: BundleProfile, Data: []byte("baseUrl: http://127.0.0.1:1\n")},
	}
}

func makeBundle(t *testing.T, files []BundleFile, key ed25519.PrivateKey) []byte {
	t.Helper()
	var b bytes.Buffer
	require.NoError(t, CreateBundle(&b, files, key))
	return b.Bytes()
}

func verify(data []byte, pub ed25519.PublicKey) (*Manifest, error) {
	return VerifyBundle(bytes.NewReader(data), int64(len(data)), pub)
}

func testKey(t *testing.T) (ed25519.PrivateKey, ed25519.PublicKey) {
	t.Helper()
	privPEM, pubPEM, err := GenerateSigningKey()
	require.NoError(t, err)
	priv, err := ParsePrivateKeyPEM(privPEM)
	require.NoError(t, err)
	pub, err := ParsePublicKeyPEM(pubPEM)
	require.NoError(t, err)
	require.Equal(t, priv.Public(), pub)
	return priv, pub
}

// rewrite copies a bundle, changing entries through edit (nil drops one)
// and appending extra ones.
func rewrite(t *testing.T, data []byte, edit func(name string, content []byte) []byte, extra ...BundleFile) []byte {
	t.Helper()
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	require.NoError(t, err)
	var out bytes.Buffer
	zw := zip.NewWriter(&out)
	for _, f := range zr.File {
		rc, err := f.Open()
		require.NoError(t, err)
		content, err := io.ReadAll(rc)
		require.NoError(t, err)
		rc.Close()
		if edit != nil {
			content = edit(f.Name, content)
		}
		if content == nil {
			continue
		}
		w, err := zw.Create(f.Name)
		require.NoError(t, err)
		_, err = w.Write(content)
		require.NoError(t, err)
	}
	for _, f := range extra {
		w, err := zw.Create(f.Name)
		require.NoError(t, err)
		_, err = w.Write(f.Data)
		require.NoError(t, err)
	}
	require.NoError(t, zw.Close())
	return out.Bytes()
}

// drop is an edit for rewrite that removes the named entry.
func drop(file string) func(string, []byte) []byte {
	return func(name string, c []byte) []byte {
		if name == file {
			return nil
		}
		return c
	}
}

func TestBundleIsDeterministicAndListsEveryFile(t *testing.T) {
	priv, _ := testKey(t)
	a := makeBundle(t, bundleFiles(), priv)
	files := bundleFiles()
	files[0], files[2] = files[2], files[0]
	b := makeBundle(t, files, priv)
	assert.Equal(t, a, b, "same files, same archive, whatever the order given")

	zr, err := zip.NewReader(bytes.NewReader(a), int64(len(a)))
	require.NoError(t, err)
	var names []string
	for _, f := range zr.File {
		names = append(names, f.Name)
		assert.True(t, f.Modified.Equal(bundleTime), f.Name)
	}
	assert.Equal(t, []string{"manifest.json", "manifest.pub.pem", "manifest.sig", "profile.yaml", "report.html", "report.json"}, names)

	m, err := verify(a, nil)
	require.NoError(t, err)
	assert.Equal(t, "CONFORMANT", m.Verdict)
	assert.Equal(t, "run-42", m.RunID)
	assert.Equal(t, "http://127.0.0.1:1", m.Target)
	assert.Equal(t, "2025-01-02T03:04:05Z", m.Time)
	require.Len(t, m.Files, 3)
	sum := sha256.Sum256([]byte(bundleReportJSON))
	assert.Equal(t, ManifestFile{Name: "report.json", Size: int64(len(bundleReportJSON)), SHA256: hex.EncodeToString(sum[:])}, m.Files[2])
}

func TestVerifyAcceptsAnIntactBundleSignedOrNot(t *testing.T) {
	priv, pub := testKey(t)
	_, err := verify(makeBundle(t, bundleFiles(), nil), nil)
	assert.NoError(t, err)
	_, err = verify(makeBundle(t, bundleFiles(), priv), pub)
	assert.NoError(t, err)
	_, err = verify(makeBundle(t, bundleFiles(), priv), nil)
	assert.NoError(t, err, "without a public key the signature is not checked")
}

func TestVerifyNamesWhatWasTampered(t *testing.T) {
	priv, pub := testKey(t)
	_, otherPub := testKey(t)
	good := makeBundle(t, bundleFiles(), priv)

	cases := map[string]struct {
		data []byte
		pub  ed25519.PublicKey
		file string
	}{
		"one byte of report.json": {rewrite(t, good, func(name string, c []byte) []byte {
			if name == BundleReport {
				c = append([]byte(nil), c...)
				c[10] ^= 1
			}
			return c
		}), nil, BundleReport},
		"a missing file":      {rewrite(t, good, drop(BundleHTML)), nil, BundleHTML},
		"an extra file":       {rewrite(t, good, nil, BundleFile{Name: "notes.txt", Data: []byte("x")}), nil, "notes.txt"},
		"a wrong public key":  {good, otherPub, BundleSignature},
		"an unsigned bundle":  {makeBundle(t, bundleFiles(), nil), pub, BundleSignature},
		"a duplicated entry":  {rewrite(t, good, nil, BundleFile{Name: BundleReport, Data: []byte(bundleReportJSON)}), nil, BundleReport},
		"no manifest at all":  {rewrite(t, good, drop(BundleManifest)), nil, BundleManifest},
		"an altered manifest": {rewrite(t, good, func(name string, c []byte) []byte { return bytes.Replace(c, []byte("run-42"), []byte("run-43"), 1) }), pub, BundleSignature},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			_, err := verify(tc.data, tc.pub)
			var be *BundleError
			require.ErrorAs(t, err, &be)
			assert.Equal(t, tc.file, be.File, err.Error())
			assert.Equal(t, tc.file == BundleSignature, be.Signature())
		})
	}

	// A file that is no zip is no bundle: an error, but no tampering.
	_, err := verify([]byte("not a zip"), nil)
	require.ErrorContains(t, err, "not a bundle: not a zip archive")
	var be *BundleError
	assert.False(t, errors.As(err, &be))
}

func TestCreateBundleNeedsAReportWithAVerdict(t *testing.T) {
	var b bytes.Buffer
	assert.ErrorContains(t, CreateBundle(&b, []BundleFile{{Name: BundleHTML, Data: []byte("x")}}, nil), "no report.json")
	assert.ErrorContains(t, CreateBundle(&b, []BundleFile{{Name: BundleReport, Data: []byte(`{"runId":"r"}`)}}, nil), "no verdict")
	assert.ErrorContains(t, CreateBundle(&b, []BundleFile{{Name: BundleReport, Data: []byte(`{"verdict":"CONFORMANT"}`)}, {Name: "a/b", Data: nil}}, nil), "plain file name")
	assert.ErrorContains(t, CreateBundle(&b, []BundleFile{{Name: BundleReport, Data: []byte(`{"verdict":"CONFORMANT"}`)}, {Name: BundleManifest}}, nil), "written by the bundle")
}

func TestTheSignatureIsOverTheExactManifestBytes(t *testing.T) {
	priv, pub := testKey(t)
	data := makeBundle(t, bundleFiles(), priv)
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	require.NoError(t, err)
	read := func(name string) []byte {
		rc, err := zr.Open(name)
		require.NoError(t, err)
		defer rc.Close()
		b, err := io.ReadAll(rc)
		require.NoError(t, err)
		return b
	}
	manifest := read(BundleManifest)
	sig, err := base64.StdEncoding.DecodeString(string(bytes.TrimSpace(read(BundleSignature))))
	require.NoError(t, err)
	assert.True(t, ed25519.Verify(pub, manifest, sig))
	var m map[string]any
	require.NoError(t, json.Unmarshal(manifest, &m))
	assert.Equal(t, "run-42", m["runId"])
}

func TestCollectBundleFallsBackToTheReportsProfile(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, BundleReport), []byte(bundleReportJSON), 0o600))
	require.NoError(t, os.WriteFile(filepath.Join(dir, BundleHTML), []byte("<html/>"), 0o600))
	waivers := filepath.Join(t.TempDir(), "w.yaml")
	require.NoError(t, os.WriteFile(waivers, []byte("waivers: []\n"), 0o600))

	files, err := CollectBundle(dir, waivers)
	require.NoError(t, err)
	require.Len(t, files, 4)
	assert.Equal(t, BundleProfile, files[2].Name)
	assert.Equal(t, `baseUrl: http://127.0.0.1:1
programCode: "00"
credentials:
  userId: u
  password: '[REDACTED]'
callTimeout: 5
scope:
  exclude:
    - B-4.19
x: null
on: true
rate: 1.5
`, string(files[2].Data))
	assert.Equal(t, BundleFile{Name: BundleWaivers, Data: []byte("waivers: []\n")}, files[3])

	// A profile.yaml in the directory wins.
	require.NoError(t, os.WriteFile(filepath.Join(dir, BundleProfile), []byte("baseUrl: x\n"), 0o600))
	files, err = CollectBundle(dir, "")
	require.NoError(t, err)
	require.Len(t, files, 3)
	assert.Equal(t, "baseUrl: x\n", string(files[2].Data))

	// Neither: the error says so.
	require.NoError(t, os.Remove(filepath.Join(dir, BundleProfile)))
	require.NoError(t, os.WriteFile(filepath.Join(dir, BundleReport), []byte(`{"verdict":"CONFORMANT"}`), 0o600))
	_, err = CollectBundle(dir, "")
	assert.ErrorContains(t, err, "no profile")

	_, err = CollectBundle(t.TempDir(), "")
	assert.ErrorContains(t, err, "report.json")
}

func TestKeysFromOpenSSLAreRead(t *testing.T) {
	// openssl genpkey -algorithm ed25519; openssl pkey -pubout
	priv, err := ParsePrivateKeyPEM([]byte("-----BEGIN PRIVATE KEY-----\nMC4CAQAwBQYDK2VwBCIEIEMKeFToM2XmBkPzp6BMD+Gi3UAYsoFt6z50SBUbEFLU\n-----END PRIVATE KEY-----\n"))
	require.NoError(t, err)
	pub, err := ParsePublicKeyPEM([]byte("-----BEGIN PUBLIC KEY-----\nMCowBQYDK2VwAyEAOW8UKR5ekld1jPiVMBfFKOTj+CbuDUc21EZAnZw7Xc8=\n-----END PUBLIC KEY-----\n"))
	require.NoError(t, err)
	assert.Equal(t, pub, priv.Public(), "the pair openssl made")

	_, err = ParsePrivateKeyPEM([]byte("junk"))
	assert.Error(t, err)
	_, err = ParsePublicKeyPEM([]byte("junk"))
	assert.Error(t, err)
}
