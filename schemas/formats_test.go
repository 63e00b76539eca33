package schemas

import "testing"

// culture is an RFC 4646 tag and iconUrl a URL of RFC 3986, absolute or
// relative: the formats accept every well-formed one and refuse what is not.
func TestLanguageTagsAndURLsAsTheRFCsWriteThem(t *testing.T) {
	for _, s := range []string{"en", "de-DE", "zh-Hant-TW", "es-419", "sl-rozaj", "x-private", "en-GB-oed", "i-klingon", "en-US-x-twain", "de-CH-1901"} {
		if !IsLanguageTag(s) {
			t.Error("tag", s)
		}
	}
	for _, s := range []string{"de_DE", "en US", "", "e", "toolonglanguage", "-en"} {
		if IsLanguageTag(s) {
			t.Error("not tag", s)
		}
	}
	for _, s := range []string{"https://cdn.example/visa.png", "/icons/visa.png", "visa.png", "//cdn/x", "data:image/png;base64,AAA=", "a%20b", "?x=1#f"} {
		if !IsURL(s) {
			t.Error("url", s)
		}
	}
	for _, s := range []string{"VISA card icon", "a:b c", "1http://x", "x%zz", "<img>", "a\"b", "visa:png/x y"} {
		if IsURL(s) {
			t.Error("not url", s)
		}
	}
}
