package targetclient

import (
	"crypto/tls"
	"crypto/x509"
	"fmt"
	"net"
	"net/http"
	"os"
	"time"
)

// TLSOptions say how to reach a target over TLS.
type TLSOptions struct {
	CAFile             string // PEM CAs to trust instead of the system's
	CertFile, KeyFile  string // client certificate and key (mutual TLS)
	InsecureSkipVerify bool   // no verification at all; the report says so
}

// NewHTTPClient returns the client a run uses: the TLS options, no proxy
// surprises, and no call longer than the allowance.
func NewHTTPClient(opts TLSOptions, allowance time.Duration) (*http.Client, error) {
	cfg := &tls.Config{MinVersion: tls.VersionTLS12, InsecureSkipVerify: opts.InsecureSkipVerify} //nolint:gosec // only on the profile's explicit request
	if opts.CAFile != "" {
		pem, err := os.ReadFile(opts.CAFile)
		if err != nil {
			return nil, fmt.Errorf("tls.caFile: %w", err)
		}
		pool := x509.NewCertPool()
		if !pool.AppendCertsFromPEM(pem) {
			return nil, fmt.Errorf("tls.caFile %s holds no PEM certificate", opts.CAFile)
		}
		cfg.RootCAs = pool
	}
	if opts.CertFile != "" || opts.KeyFile != "" {
		cert, err := tls.LoadX509KeyPair(opts.CertFile, opts.KeyFile)
		if err != nil {
			return nil, fmt.Errorf("tls.certFile/tls.keyFile: %w", err)
		}
		cfg.Certificates = []tls.Certificate{cert}
	}
	transport := &http.Transport{
		Proxy:               http.ProxyFromEnvironment,
		DialContext:         (&net.Dialer{Timeout: 30 * time.Second, KeepAlive: 30 * time.Second}).DialContext,
		TLSClientConfig:     cfg,
		TLSHandshakeTimeout: 30 * time.Second,
		MaxIdleConnsPerHost: 64,
		IdleConnTimeout:     30 * time.Second,
		ForceAttemptHTTP2:   true,
	}
	return &http.Client{
		Transport: transport,
		Timeout:   allowance,
		// The API does not redirect; a redirect is shown as it is, not followed.
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}, nil
}
