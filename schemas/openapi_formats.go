package schemas

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
)

// The suite's schemas assert the spec's type notation with
// formats of their own (formats.go), which only the suite's validator knows:
// a generic validator ignores an unknown format, or refuses the schema. The
// OpenAPI document says the same with keywords every JSON Schema 2020-12
// validator understands: patterns, the standard formats date and date-time,
// and bounds. What no generic keyword can say reliably is written in the
// schema's description instead.

// Patterns of the type notation, in the regular expression syntax that
// ECMA-262 and RE2 share (no \d, whose meaning differs between dialects).
const (
	// DatePattern is D: YYYY-MM-DD, length 10.
	DatePattern = `^[0-9]{4}-[0-9]{2}-[0-9]{2}$`
	// TimePattern is T: HHMMSS, length 6, a time of day (00 to 23
	// hours, 00 to 59 minutes and seconds): what the suite's own check
	// (IsTime) accepts.
	TimePattern = `^([01][0-9]|2[0-3])[0-5][0-9][0-5][0-9]$`
	// TimestampPattern is validUntil: ISO 8601 UTC with milliseconds
	// and a Z suffix, length 24.
	TimestampPattern = `^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}\.[0-9]{3}Z$`
	// LanguageTagPattern is RFC 4646's well-formed language tag (culture,
	// language (with extlangs), script, region, variants,
	// extensions, private use; a private-use tag; the grandfathered forms.
	LanguageTagPattern = `^(?:(?:[A-Za-z]{2,3}(?:-[A-Za-z]{3}){0,3}|[A-Za-z]{4,8})(?:-[A-Za-z]{4})?(?:-(?:[A-Za-z]{2}|[0-9]{3}))?` +
		`(?:-(?:[A-Za-z0-9]{5,8}|[0-9][A-Za-z0-9]{3}))*(?:-[0-9A-WYZa-wyz](?:-[A-Za-z0-9]{2,8})+)*(?:-[Xx](?:-[A-Za-z0-9]{1,8})+)?` +
		`|[Xx](?:-[A-Za-z0-9]{1,8})+|[Ii]-[A-Za-z0-9]{3,8}|[A-Za-z]{2,3}-[A-Za-z]{2,3}-[A-Za-z]{2,3})$`
	// URLPattern is an RFC 3986 URI reference (iconUrl, A-2.5): a scheme
	// and what follows it, or a relative reference whose first segment
	// holds no colon; only RFC 3986's characters and percent escapes.
	URLPattern = `^(?:[A-Za-z][A-Za-z0-9+.-]*:(?:[A-Za-z0-9._~:/?#@!$&'()*+,;=\[\]-]|%[0-9A-Fa-f]{2})*` +
		`|(?:[A-Za-z0-9._~!$&'()*+,;=@-]|%[0-9A-Fa-f]{2})*(?:[/?#](?:[A-Za-z0-9._~:/?#@!$&'()*+,;=\[\]-]|%[0-9A-Fa-f]{2})*)?)$`
)

// genericFormat is what replaces one of the suite's formats.
type genericFormat struct {
	pattern, format string
	// bound is the exclusive bound of a Dec(p,s) number's magnitude:
	// 10^(p-s). Zero for strings.
	bound       string
	description string
}

var genericFormats = map[string]genericFormat{
	"spec-date": {
		pattern: DatePattern, format: "date",
		description: "A-2.0 D: a date, YYYY-MM-DD (length 10), a real calendar date (format date, RFC 3339 full-date).",
	},
	"spec-time": {
		pattern:     TimePattern,
		description: "A-2.0 T: a time of day, HHMMSS (length 6), 000000 to 235959.",
	},
	"spec-timestamp": {
		pattern: TimestampPattern, format: "date-time",
		description: "A-2.3 timestamp: ISO 8601 date-time in UTC with milliseconds and a Z suffix, length 24 (2026-03-02T11:15:01.000Z).",
	},
	"spec-culture": {
		pattern:     LanguageTagPattern,
		description: "A-2.4 culture: an RFC 4646 language tag, well-formed (en-US, de-DE, zh-Hant-TW, es-419).",
	},
	"spec-url": {
		pattern:     URLPattern,
		description: "A-2.5 iconUrl: a URL, absolute or relative, in RFC 3986's syntax (format uri-reference, written as a pattern).",
	},
	"spec-dec-18": {
		bound: "1000000000000000000",
		description: "A-2.0 Dec(18): a JSON number of at most 18 digits, so its magnitude is below 10^18. " +
			"The suite also checks the digits of the number's literal, which a generic validator cannot.",
	},
	"spec-dec-18-2": {
		bound: "10000000000000000",
		description: "A-2.0 Dec(18,2): a JSON number of at most 18 digits, at most 2 of them after the decimal point " +
			"(40, 40.5 and 40.50 are all Dec(18,2)), so its magnitude is below 10^16. The scale is not written as " +
			"multipleOf 0.01: validators that compute with binary floating point refuse values such as 0.07 or 1.13 " +
			"under it. The suite checks the scale on the number's literal; a generic validator checks the type and the bound.",
	},
}

// replaceFormats rewrites, in place, every schema of v that carries one of
// the suite's formats into generic keywords. It returns an error for a
// format that is neither the suite's nor a standard one it keeps.
func replaceFormats(v any) error {
	switch x := v.(type) {
	case map[string]any:
		if f, ok := x["format"].(string); ok {
			g, known := genericFormats[f]
			switch {
			case known:
				delete(x, "format")
				if g.format != "" {
					x["format"] = g.format
				}
				if g.pattern != "" {
					x["pattern"] = g.pattern
				}
				if g.bound != "" {
					x["exclusiveMaximum"] = json.Number(g.bound)
					x["exclusiveMinimum"] = json.Number("-" + g.bound)
				}
				x["description"] = g.description
			case f == "date" || f == "date-time":
			default:
				return fmt.Errorf("format %q has no generic equivalent", f)
			}
		}
		for _, child := range x {
			if err := replaceFormats(child); err != nil {
				return err
			}
		}
	case []any:
		for _, child := range x {
			if err := replaceFormats(child); err != nil {
				return err
			}
		}
	}
	return nil
}

// NumberEncodings are the values of OpenAPIOptions.NumberEncoding: the
// choices of the profile behaviour numberEncoding.
var NumberEncodings = []string{"string", "number"}

// nDigits matches the pattern of an N(n) value written as digits.
var nDigits = regexp.MustCompile(`^\^\[0-9\]\{1,([0-9]+)\}\$$`)

// nField reports whether a property schema is an N(n) field of a request
// body as the suite writes it: anyOf a string of 1 to n digits and an
// integer of 0 to 10^n-1. It returns the two branches and n.
func nField(s map[string]any) (str, num map[string]any, n string, ok bool) {
	branches, _ := s["anyOf"].([]any)
	if len(branches) != 2 {
		return nil, nil, "", false
	}
	for _, b := range branches {
		m, _ := b.(map[string]any)
		switch m["type"] {
		case "string":
			str = m
		case "integer":
			num = m
		}
	}
	if str == nil || num == nil {
		return nil, nil, "", false
	}
	p, _ := str["pattern"].(string)
	sub := nDigits.FindStringSubmatch(p)
	if sub == nil {
		return nil, nil, "", false
	}
	return str, num, sub[1], true
}

// encodeNumbers describes, in place, the N(n) fields of the request schemas
// (A-2.0 "number, length n": oneTimePassword, verificationCode) and, when
// encoding names one of NumberEncodings, narrows each to that encoding.
// It returns the fields it found, as "schema/field".
func encodeNumbers(components map[string]any, encoding string) ([]string, error) {
	switch encoding {
	case "", "string", "number":
	default:
		return nil, fmt.Errorf("number encoding %q: want one of %s", encoding, strings.Join(NumberEncodings, ", "))
	}
	var found []string
	for _, key := range sortedMapKeys(components) {
		if !strings.HasSuffix(key, ".request") {
			continue
		}
		schema, _ := components[key].(map[string]any)
		props, _ := schema["properties"].(map[string]any)
		for _, name := range sortedMapKeys(props) {
			prop, _ := props[name].(map[string]any)
			str, num, n, ok := nField(prop)
			if !ok {
				continue
			}
			found = append(found, key+"/"+name)
			var desc string
			switch encoding {
			case "string":
				props[name] = str
				desc = fmt.Sprintf("A-2.0 N(%s): a number of at most %s digits, sent as a JSON string of digits (this document was written for a profile that declares behaviour numberEncoding: string).", n, n)
				str["description"] = desc
			case "number":
				props[name] = num
				desc = fmt.Sprintf("A-2.0 N(%s): a number of at most %s digits, sent as a JSON number (this document was written for a profile that declares behaviour numberEncoding: number).", n, n)
				num["description"] = desc
			default:
				prop["description"] = fmt.Sprintf("A-2.0 N(%s): a number of at most %s digits. The spec does not say whether it travels as a JSON number or as a string of digits, "+
					"so both are described; a target declares its choice in its profile (behaviour numberEncoding), and `openapi --profile` narrows this field to it.", n, n)
			}
		}
	}
	return found, nil
}

func sortedMapKeys(m map[string]any) []string {
	keys := make(map[string]bool, len(m))
	for k := range m {
		keys[k] = true
	}
	return sortedKeys(keys)
}
