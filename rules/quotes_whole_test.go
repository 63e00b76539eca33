package rules

import (
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// exception is how the spec's words go on where a sentence states an
// exception to what came before it.
var exception = regexp.MustCompile(`^[:,;]? ?(except|unless|other than|but not)\b`)

// cutException is a quote that ends with the word that opens an exception.
var cutException = regexp.MustCompile(`\b(except|unless):?$`)

// A quote is never cut before an exception: where the spec's sentence goes
// on with "except ..." or "unless ...", the quote goes on too, or a reader
// of a report takes the rule for more than the spec says.
func TestNoQuoteIsCutBeforeAnException(t *testing.T) {
	spec := loadSpec(t)
	cat, err := Load()
	require.NoError(t, err)
	for _, r := range cat.All() {
		for _, part := range strings.Split(r.Quote, "…") {
			part = normalise(part)
			if part == "" {
				continue
			}
			if cutException.MatchString(part) {
				t.Errorf("%s quotes %q, which ends where its exception begins", r.ID, part)
			}
			for _, text := range []string{spec.a, spec.b} {
				for at := 0; ; {
					i := strings.Index(text[at:], part)
					if i < 0 {
						break
					}
					at += i + len(part)
					if exception.MatchString(text[at:]) {
						t.Errorf("%s quotes %q, cut before the exception %q", r.ID, part, text[at:min(len(text), at+60)])
					}
				}
			}
		}
	}
}
