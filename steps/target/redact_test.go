package target

import (
	"math/rand/v2"
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
		s = strings.ReplaceAll(s, secret, Redacted)
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
