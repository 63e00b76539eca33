package target

import (
	"net/http"
	"regexp"
	"sort"
	"strings"
	"sync"
)

// Redacted replaces every secret in anything the suite writes.
const Redacted = "[REDACTED]"

// secretKeys are JSON fields and query parameters whose values are secrets
// wherever they appear: the password, issued tokens, the
// provider's authorizationToken (A-4.6, B-4.1), one-time passwords and
// verification codes.
var secretKeys = []string{"password", "token", "authorizationToken", "oneTimePassword", "verificationCode"}

var secretField = regexp.MustCompile(`("(?:` + strings.Join(secretKeys, "|") + `)"\s*:\s*)("(?:[^"\\]|\\.)*"|-?[0-9][0-9.eE+-]*)`)

var secretParam = regexp.MustCompile(`([?&](?:` + strings.Join(secretKeys, "|") + `)=)[^&]*`)

// secretHeaders are request or response headers that carry credentials.
var secretHeaders = []string{"X-Auth-Token", "Authorization", "Cookie", "Set-Cookie"}

// Redactor removes secrets from text: the values of secret fields by name,
// and every secret value it has been told about (profile secrets, tokens the
// target issued). It is safe for concurrent use.
type Redactor struct {
	mu      sync.RWMutex // guards secrets
	secrets []string     // longest first, so a secret containing another is replaced whole
}

// NewRedactor returns a Redactor that already knows the given secrets.
func NewRedactor(secrets ...string) *Redactor {
	r := &Redactor{}
	for _, s := range secrets {
		r.Add(s)
	}
	return r
}

// Add registers a secret value; empty values are ignored.
func (r *Redactor) Add(secret string) {
	if secret == "" {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, s := range r.secrets {
		if s == secret {
			return
		}
	}
	r.secrets = append(r.secrets, secret)
	sort.SliceStable(r.secrets, func(i, j int) bool { return len(r.secrets[i]) > len(r.secrets[j]) })
}

// String returns s with every secret replaced.
func (r *Redactor) String(s string) string {
	if s == "" {
		return s
	}
	s = secretField.ReplaceAllString(s, `${1}"`+Redacted+`"`)
	r.mu.RLock()
	defer r.mu.RUnlock()
	for _, secret := range r.secrets {
		s = strings.ReplaceAll(s, secret, Redacted)
	}
	return s
}

// Header returns a copy of h with credential headers and secret values replaced.
func (r *Redactor) Header(h http.Header) http.Header {
	out := make(http.Header, len(h))
	for k, vs := range h {
		cp := make([]string, len(vs))
		for i, v := range vs {
			cp[i] = r.String(v)
		}
		out[k] = cp
	}
	for _, name := range secretHeaders {
		if _, ok := out[http.CanonicalHeaderKey(name)]; ok {
			out.Set(name, Redacted)
		}
	}
	return out
}

// URL returns a URL string with secret query parameters and values replaced.
func (r *Redactor) URL(u string) string {
	return r.String(secretParam.ReplaceAllString(u, "${1}"+Redacted))
}
