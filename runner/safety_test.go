package runner_test

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"errors"
	"math/big"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tidwall/gjson"

	"github.com/wallet-conformance/wallet-conformance/profile"
	"github.com/wallet-conformance/wallet-conformance/record"
	"github.com/wallet-conformance/wallet-conformance/reference"
	"github.com/wallet-conformance/wallet-conformance/runner"
)

func writePEM(t *testing.T, dir, name, kind string, der []byte) string {
	t.Helper()
	path := filepath.Join(dir, name)
	require.NoError(t, os.WriteFile(path, pem.EncodeToMemory(&pem.Block{Type: kind, Bytes: der}), 0o600))
	return path
}

// clientCA makes a CA and a client certificate it signed, as PEM files.
func clientCA(t *testing.T, dir string) (pool *x509.CertPool, certFile, keyFile string) {
	t.Helper()
	caKey, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	require.NoError(t, err)
	caTmpl := &x509.Certificate{SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "test client CA"}, NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour),
		IsCA: true, BasicConstraintsValid: true, KeyUsage: x509.KeyUsageCertSign}
	caDER, err := x509.CreateCertificate(rand.Reader, caTmpl, caTmpl, &caKey.PublicKey, caKey)
	require.NoError(t, err)
	ca, err := x509.ParseCertificate(caDER)
	require.NoError(t, err)
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	require.NoError(t, err)
	tmpl := &x509.Certificate{SerialNumber: big.NewInt(2), Subject: pkix.Name{CommonName: "conformance-partner"}, NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour),
		ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageClientAuth}, KeyUsage: x509.KeyUsageDigitalSignature}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, ca, &key.PublicKey, caKey)
	require.NoError(t, err)
	keyDER, err := x509.MarshalPKCS8PrivateKey(key)
	require.NoError(t, err)
	pool = x509.NewCertPool()
	pool.AddCert(ca)
	return pool, writePEM(t, dir, "client.pem", "CERTIFICATE", der), writePEM(t, dir, "client-key.pem", "PRIVATE KEY", keyDER)
}

func runTLS(t *testing.T, srv *httptest.Server, edit func(p *profile.Profile)) (string, error) {
	t.Helper()
	p := runner.ReferenceProfile(srv.URL, reference.DefaultConfig())
	edit(p)
	dir := t.TempDir()
	res, err := runner.Run(context.Background(), runner.Options{Profile: p, ReportDir: dir, Tags: "@A-4.1", Concurrency: 2})
	if err != nil {
		return "", err
	}
	assert.Equal(t, record.Conformant, res.Verdict(), failures(res))
	data, err := os.ReadFile(filepath.Join(dir, "report.json"))
	require.NoError(t, err)
	return string(data), nil
}

// The profile's CA file, client certificate and key reach a TLS target; an
// unknown CA is refused unless verification is skipped, which the report says.
func TestTLSTargets(t *testing.T) {
	h, err := reference.NewHandler(reference.DefaultConfig())
	require.NoError(t, err)
	dir := t.TempDir()
	pool, certFile, keyFile := clientCA(t, dir)

	srv := httptest.NewUnstartedServer(h)
	srv.TLS = &tls.Config{ClientAuth: tls.RequireAndVerifyClientCert, ClientCAs: pool, MinVersion: tls.VersionTLS12}
	srv.StartTLS()
	defer srv.Close()
	caFile := writePEM(t, dir, "server-ca.pem", "CERTIFICATE", srv.Certificate().Raw)

	t.Run("mutual TLS with the profile's CA and client certificate", func(t *testing.T) {
		report, err := runTLS(t, srv, func(p *profile.Profile) {
			p.TLS.CAFile, p.TLS.CertFile, p.TLS.KeyFile = caFile, certFile, keyFile
		})
		require.NoError(t, err)
		assert.Empty(t, gjson.Get(report, "notices").Array())
	})
	t.Run("an unknown CA is refused", func(t *testing.T) {
		_, err := runTLS(t, srv, func(p *profile.Profile) { p.TLS.CertFile, p.TLS.KeyFile = certFile, keyFile })
		var unreachable *runner.UnreachableError
		assert.True(t, errors.As(err, &unreachable), "%v", err)
	})
	t.Run("no client certificate is refused", func(t *testing.T) {
		_, err := runTLS(t, srv, func(p *profile.Profile) { p.TLS.CAFile = caFile })
		var unreachable *runner.UnreachableError
		assert.True(t, errors.As(err, &unreachable), "%v", err)
	})
	t.Run("verification skipped on request, and the report says so", func(t *testing.T) {
		report, err := runTLS(t, srv, func(p *profile.Profile) {
			p.TLS.InsecureSkipVerify, p.TLS.CertFile, p.TLS.KeyFile = true, certFile, keyFile
		})
		require.NoError(t, err)
		assert.Contains(t, gjson.Get(report, "notices.0").String(), "TLS certificate verification was skipped")
	})
}

// A profile for another environment than sandbox needs the run's explicit
// consent naming it, and the report records it.
func TestEnvironmentOtherThanSandboxNeedsConsent(t *testing.T) {
	cfg := reference.DefaultConfig()
	srv, err := reference.New(cfg)
	require.NoError(t, err)
	defer srv.Close()
	p := runner.ReferenceProfile(srv.URL, cfg)
	p.Environment = "staging"

	_, err = runner.Run(context.Background(), runner.Options{Profile: p, Tags: "@A-4.1"})
	var pe *profile.Error
	require.True(t, errors.As(err, &pe), "%v", err)
	assert.Contains(t, err.Error(), "--allow-environment staging")

	dir := t.TempDir()
	_, err = runner.Run(context.Background(), runner.Options{Profile: p, Tags: "@A-4.1", AllowEnvironment: "staging", ReportDir: dir})
	require.NoError(t, err)
	data, err := os.ReadFile(filepath.Join(dir, "report.json"))
	require.NoError(t, err)
	assert.Contains(t, gjson.GetBytes(data, "notices.0").String(), `"staging"`)
	summary, err := os.ReadFile(filepath.Join(dir, "summary.md"))
	require.NoError(t, err)
	assert.Contains(t, string(summary), "Notice:")
}

// --max-duration bounds a run against a target that never answers: without
// the bound each call would wait out its allowance of ten minutes.
func TestMaxDurationBoundsTheRun(t *testing.T) {
	srv := hostile(t, faults[6]) // no answer at all
	defer srv.Close()
	p := runner.ReferenceProfile(srv.URL, reference.DefaultConfig())
	p.CallTimeout.Duration = 10 * time.Minute
	var res *record.Run
	var err error
	endsBeforeHung(t, hangAfter, func() {
		res, err = runner.Run(context.Background(), runner.Options{Profile: p, Tags: "@A-4.3", Concurrency: 2, MaxDuration: 500 * time.Millisecond})
	})
	require.NoError(t, err)
	// What ended the calls: the bound, not their allowance (a timeout).
	for _, s := range res.Scenarios {
		assert.Equal(t, record.Error, s.Status, s.ID)
		assert.Contains(t, s.Message, "--max-duration", s.ID)
	}
}
