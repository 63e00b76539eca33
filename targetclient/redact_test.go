package targetclient

import (
	"math/rand/v2"
	"net/http"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// plainRedact is String without its shortcuts: every secret field, then
// every distinct secret, longest first.
func plainRedact(secrets []string, s string) string {
	if s == "" {
		return s
	}
	s = secretField.ReplaceAllString(s, `${1}"`+Redacted+`"`)
	var sorted []string
	for _, secret := range secrets {
		if !slices.Contains(sorted, secret) {
			sorted = append(sorted, secret)
		}
	}
	sort.SliceStable(sorted, func(i, j int) bool { return len(sorted[i]) > len(sorted[j]) })
	for _, secret := range sorted {
		if len(secret) >= anywhereLen {
			s = strings.ReplaceAll(s, secret, Redacted)
		} else {
			s = replaceExact(s, secret)
		}
	}
	return s
}

// The shortcuts of String and URL (no secret field or parameter named, no
// secret's head found) change nothing: they redact exactly what replacing
// every secret in turn does, overlapping and short secrets included.
func TestRedactorShortcutsChangeNothing(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	const alphabet = `ab12"{}:, [REDACTED]`
	word := func(n int) string {
		var b strings.Builder
		for range n {
			b.WriteByte(alphabet[rng.IntN(len(alphabet))])
		}
		return b.String()
	}
	for range 2000 {
		var secrets []string
		for range rng.IntN(6) {
			secrets = append(secrets, word(1+rng.IntN(12)))
		}
		r := NewRedactor(secrets...)
		for range 20 {
			var b strings.Builder
			for range rng.IntN(6) {
				switch rng.IntN(4) {
				case 0:
					if len(secrets) > 0 {
						b.WriteString(secrets[rng.IntN(len(secrets))])
					}
				case 1:
					b.WriteString(`"` + secretKeys[rng.IntN(len(secretKeys))] + `": "` + word(rng.IntN(6)) + `"`)
				default:
					b.WriteString(word(rng.IntN(10)))
				}
			}
			s := b.String()
			assert.Equal(t, plainRedact(secrets, s), r.String(s), "secrets %q, text %q", secrets, s)
			u := "http://x/a?" + secretKeys[rng.IntN(len(secretKeys))] + "=" + s + "&b=1"
			if rng.IntN(2) == 0 {
				u = "http://x/" + s
			}
			assert.Equal(t, plainRedact(secrets, secretParam.ReplaceAllString(u, "${1}"+Redacted)), r.URL(u), "secrets %q, URL %q", secrets, u)
		}
	}
}

// A secret that is a common word ("sandbox") is redacted where it is the
// value (a JSON string, a query parameter, a word of its own), never where
// it is part of a host name or another word: the target's URL stays
// readable. A long secret (an issued token) goes wherever it occurs.
func TestARedactedCommonWordLeavesUnrelatedTextAlone(t *testing.T) {
	r := NewRedactor("sandbox", "tok-0123456789abcdef0123")
	for in, want := range map[string]string{
		"https://sandbox.example.com/wallet/v1":         "https://sandbox.example.com/wallet/v1",
		"https://api.example.com/my-sandbox/sandbox_v1": "https://api.example.com/my-sandbox/sandbox_v1",
		`{"note":"the sandbox answers","pw":"sandbox"}`: `{"note":"the [REDACTED] answers","pw":"[REDACTED]"}`,
		"password sandbox refused.":                     "password [REDACTED] refused.",
		"a=sandbox&b=1":                                 "a=[REDACTED]&b=1",
		"sandboxes":                                     "sandboxes",
		"xtok-0123456789abcdef0123y":                    "x[REDACTED]y",
		"Bearer tok-0123456789abcdef0123":               "Bearer [REDACTED]",
	} {
		assert.Equal(t, want, r.String(in), in)
	}
	assert.Equal(t, "https://sandbox.example.com/a?password=[REDACTED]&q=sandbox.x", r.URL("https://sandbox.example.com/a?password=sandbox&q=sandbox.x"))
	h := r.Header(http.Header{"X-Auth-Token": {"sandbox"}, "Host": {"sandbox.example.com"}})
	assert.Equal(t, "[REDACTED]", h.Get("X-Auth-Token"))
	assert.Equal(t, "sandbox.example.com", h.Get("Host"))
}
