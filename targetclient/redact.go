package targetclient

import (
	"net/http"
	"regexp"
	"slices"
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

// IsSecretKey reports whether a JSON field or query parameter of that name
// holds a secret wherever it appears (secretKeys).
func IsSecretKey(name string) bool { return slices.Contains(secretKeys, name) }

// A secret field's value is replaced whatever its JSON type (the bad-input
// sweep sends a wrong password as a boolean, an object or an array), and a
// string cut short (a truncated body) to its end.
var secretField = regexp.MustCompile(`("(?:` + strings.Join(secretKeys, "|") + `)"\s*:\s*)("(?:[^"\\]|\\.)*"?|-?[0-9][0-9.eE+-]*|true|false|\{[^{}]*\}|\[[^\[\]]*\])`)

var secretParam = regexp.MustCompile(`([?&](?:` + strings.Join(secretKeys, "|") + `)=)[^&]*`)

// secretFieldNames and secretParamNames are the literal texts secretField
// and secretParam cannot match without: "password" (quoted), password=.
var (
	secretFieldNames = wrapEach(`"`, secretKeys, `"`)
	secretParamNames = wrapEach("", secretKeys, "=")
)

func wrapEach(before string, keys []string, after string) []string {
	out := make([]string, len(keys))
	for i, k := range keys {
		out[i] = before + k + after
	}
	return out
}

// containsAny reports whether s contains any of subs.
func containsAny(s string, subs []string) bool {
	for _, sub := range subs {
		if strings.Contains(s, sub) {
			return true
		}
	}
	return false
}

// secretHeaders are request or response headers that carry credentials.
var secretHeaders = []string{"X-Auth-Token", "Authorization", "Cookie", "Set-Cookie"}

// Redactor removes secrets from text: the values of secret fields by name,
// and every secret value it has been told about (profile secrets, tokens the
// target issued). It is safe for concurrent use.
type Redactor struct {
	mu      sync.RWMutex // guards secrets, heads and short
	secrets []string     // longest first, so a secret containing another is replaced whole
	// heads holds the first headLen bytes of every secret at least that
	// long, short the shorter secrets: a text in which no head and no short
	// secret occurs holds no secret, and is returned without a scan per
	// secret (the target issues a secret per token, hundreds in a run).
	heads map[uint64]struct{}
	// headBits has the bit headBit(h) set for every h in heads: most
	// windows of a text are ruled out by it without a map lookup.
	headBits [1 << 10]uint64
	short    []string
}

// headLen is how many leading bytes of a secret heads keeps.
const headLen = 8

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
	if len(secret) < headLen {
		r.short = append(r.short, secret)
		return
	}
	if r.heads == nil {
		r.heads = map[uint64]struct{}{}
	}
	h := head(secret)
	r.heads[h] = struct{}{}
	b := headBit(h)
	r.headBits[b/64] |= 1 << (b % 64)
}

// headBit maps a head to one of the bits of headBits.
func headBit(h uint64) uint64 {
	return (h * 0x9e3779b97f4a7c15) >> (64 - 16)
}

// head packs the first headLen bytes of s, which has at least that many.
func head(s string) uint64 {
	var h uint64
	for i := range headLen {
		h = h<<8 | uint64(s[i])
	}
	return h
}

// mayHoldSecret reports whether a secret may occur in s: false means none
// does. The caller holds r.mu.
func (r *Redactor) mayHoldSecret(s string) bool {
	for _, secret := range r.short {
		if strings.Contains(s, secret) {
			return true
		}
	}
	if len(r.heads) == 0 || len(s) < headLen {
		return false
	}
	h := head(s)
	for i := headLen; ; i++ {
		if b := headBit(h); r.headBits[b/64]&(1<<(b%64)) != 0 {
			if _, ok := r.heads[h]; ok {
				return true
			}
		}
		if i == len(s) {
			return false
		}
		h = h<<8 | uint64(s[i])
	}
}

// String returns s with every secret replaced.
func (r *Redactor) String(s string) string {
	if s == "" {
		return s
	}
	if containsAny(s, secretFieldNames) {
		s = secretField.ReplaceAllString(s, `${1}"`+Redacted+`"`)
	}
	r.mu.RLock()
	defer r.mu.RUnlock()
	if !r.mayHoldSecret(s) {
		return s
	}
	for _, secret := range r.secrets {
		if len(secret) >= anywhereLen {
			s = strings.ReplaceAll(s, secret, Redacted)
		} else {
			s = replaceExact(s, secret)
		}
	}
	return s
}

// anywhereLen is the length from which a secret is replaced wherever it
// occurs: a value that long (an issued token, a generated password) is no
// part of unrelated text. A shorter one may be a common word ("sandbox"):
// it is replaced where it stands alone (replaceExact), so a host name or a
// word that merely contains it stays readable.
const anywhereLen = 16

// replaceExact replaces the occurrences of secret in s that stand alone:
// not joined to letters or digits on either side, directly or through one
// of the characters that join the parts of a name (".", "-", "_"): in
// "sandbox.example.com" or "my-sandbox" the word "sandbox" is part of a
// name; in `"sandbox"`, "=sandbox&" or "is sandbox." it is the value.
func replaceExact(s, secret string) string {
	var b strings.Builder
	last := 0
	for from := 0; ; {
		i := strings.Index(s[from:], secret)
		if i < 0 {
			break
		}
		start, end := from+i, from+i+len(secret)
		if standsAlone(s, start, end) {
			b.WriteString(s[last:start])
			b.WriteString(Redacted)
			last = end
			from = end
			continue
		}
		from = start + 1
	}
	if last == 0 {
		return s
	}
	b.WriteString(s[last:])
	return b.String()
}

// standsAlone reports whether s[start:end] is not joined to a name around it.
func standsAlone(s string, start, end int) bool {
	if start > 0 {
		c := s[start-1]
		if isAlnum(c) || (isJoiner(c) && start > 1 && isAlnum(s[start-2])) {
			return false
		}
	}
	if end < len(s) {
		c := s[end]
		if isAlnum(c) || (isJoiner(c) && end+1 < len(s) && isAlnum(s[end+1])) {
			return false
		}
	}
	return true
}

func isAlnum(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

func isJoiner(c byte) bool { return c == '.' || c == '-' || c == '_' }

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
	if containsAny(u, secretParamNames) {
		u = secretParam.ReplaceAllString(u, "${1}"+Redacted)
	}
	return r.String(u)
}
