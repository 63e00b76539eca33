package cleanroom

import (
	"encoding/json"
	"fmt"
	"net/url"
	"regexp"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/shopspring/decimal"
)

// input gives typed, validated access to the parameters of one call, taken
// either from the query string (GET) or from a JSON object body (PUT, POST,
// DELETE). Problems are collected and reported together as response code 0001.
type input struct {
	fromQuery bool
	query     url.Values
	body      map[string]any

	missing []string
	invalid []string
}

var (
	reDigits = regexp.MustCompile(`^[0-9]+$`)
	reDec    = regexp.MustCompile(`^-?[0-9]+(\.[0-9]+)?$`)
	reAlpha  = regexp.MustCompile(`^[A-Z]+$`)
)

// raw returns the value of a parameter as sent, and whether it is present.
// Null values and empty strings count as absent.
func (in *input) raw(name string) (any, bool) {
	if in.fromQuery {
		if !in.query.Has(name) || in.query.Get(name) == "" {
			return nil, false
		}
		return in.query.Get(name), true
	}
	v, ok := in.body[name]
	if !ok || v == nil {
		return nil, false
	}
	if s, isStr := v.(string); isStr && s == "" {
		return nil, false
	}
	return v, true
}

// has reports whether a parameter is present (non-null, non-empty).
func (in *input) has(name string) bool {
	_, ok := in.raw(name)
	return ok
}

func (in *input) need(name string) {
	in.missing = append(in.missing, name)
}

func (in *input) bad(name, why string) {
	in.invalid = append(in.invalid, name+" ("+why+")")
}

// str reads an S(n) field.
func (in *input) str(name string, n int, req bool) string {
	v, ok := in.raw(name)
	if !ok {
		if req {
			in.need(name)
		}
		return ""
	}
	s, isStr := v.(string)
	if !isStr {
		in.bad(name, "expected a string")
		return ""
	}
	if n > 0 && utf8.RuneCountInString(s) > n {
		in.bad(name, fmt.Sprintf("longer than %d characters", n))
		return ""
	}
	return s
}

// date reads a D field (YYYY-MM-DD).
func (in *input) date(name string, req bool) string {
	s := in.str(name, 10, req)
	if s == "" {
		return ""
	}
	if _, err := time.Parse("2006-01-02", s); err != nil || len(s) != 10 {
		in.bad(name, "expected a date YYYY-MM-DD")
		return ""
	}
	return s
}

// clock reads a T field (HHMMSS).
func (in *input) clock(name string, req bool) string {
	s := in.str(name, 6, req)
	if s == "" {
		return ""
	}
	if _, err := time.Parse("150405", s); err != nil || len(s) != 6 {
		in.bad(name, "expected a time HHMMSS")
		return ""
	}
	return s
}

// boolean reads a B field. It returns the value and whether it was present.
func (in *input) boolean(name string, req bool) (bool, bool) {
	v, ok := in.raw(name)
	if !ok {
		if req {
			in.need(name)
		}
		return false, false
	}
	if in.fromQuery {
		switch v.(string) {
		case "true":
			return true, true
		case "false":
			return false, true
		}
		in.bad(name, "expected true or false")
		return false, false
	}
	b, isBool := v.(bool)
	if !isBool {
		in.bad(name, "expected a boolean")
		return false, false
	}
	return b, true
}

// digits reads an N(n) field. In JSON bodies it is a string of digits
// (profile numberEncoding: string); in the query string plain digits.
func (in *input) digits(name string, n int, req bool) string {
	v, ok := in.raw(name)
	if !ok {
		if req {
			in.need(name)
		}
		return ""
	}
	s, isStr := v.(string)
	if !isStr {
		in.bad(name, "expected a string of digits")
		return ""
	}
	if !reDigits.MatchString(s) || len(s) > n {
		in.bad(name, fmt.Sprintf("expected at most %d digits", n))
		return ""
	}
	return s
}

// dec reads a Dec(p,s) field. In JSON bodies it must be a JSON number.
// It returns the value and whether it was present and valid.
func (in *input) dec(name string, p, s int, req bool) (decimal.Decimal, bool) {
	v, ok := in.raw(name)
	if !ok {
		if req {
			in.need(name)
		}
		return decimal.Zero, false
	}
	var text string
	switch t := v.(type) {
	case json.Number:
		text = t.String()
	case string:
		if !in.fromQuery {
			in.bad(name, "expected a JSON number")
			return decimal.Zero, false
		}
		text = t
	default:
		in.bad(name, "expected a number")
		return decimal.Zero, false
	}
	if !reDec.MatchString(text) {
		in.bad(name, "expected a plain decimal number")
		return decimal.Zero, false
	}
	d, err := decimal.NewFromString(text)
	if err != nil {
		in.bad(name, "expected a decimal number")
		return decimal.Zero, false
	}
	if !d.Equal(d.Round(int32(s))) {
		in.bad(name, fmt.Sprintf("more than %d decimal places", s))
		return decimal.Zero, false
	}
	intDigits := len(d.Abs().Truncate(0).String())
	if intDigits > p-s {
		in.bad(name, fmt.Sprintf("more than %d digits before the decimal point", p-s))
		return decimal.Zero, false
	}
	return d, true
}

// amount reads a positive Dec(18,2) amount.
func (in *input) amount(name string, req bool) (decimal.Decimal, bool) {
	d, ok := in.dec(name, 18, 2, req)
	if ok && !d.IsPositive() {
		in.bad(name, "must be greater than zero")
		return decimal.Zero, false
	}
	return d, ok
}

// country reads a country code: alpha-2 or alpha-3 when n is 3, alpha-2 only when n is 2.
func (in *input) country(name string, n int, req bool) string {
	s := in.str(name, n, req)
	if s == "" {
		return ""
	}
	if _, ok := lookupCountry(s); !ok || len(s) < 2 {
		in.bad(name, "unknown ISO 3166-1 country code")
		return ""
	}
	return s
}

// currency reads an S(3) currency code (three upper-case letters).
func (in *input) currency(name string, req bool) string {
	s := in.str(name, 3, req)
	if s == "" {
		return ""
	}
	if len(s) != 3 || !reAlpha.MatchString(s) {
		in.bad(name, "expected an ISO 4217 currency code")
		return ""
	}
	return s
}

// email reads an e-mail address field (n = 0 means unbounded).
func (in *input) email(name string, n int, req bool) string {
	s := in.str(name, n, req)
	if s == "" {
		return ""
	}
	at := strings.Index(s, "@")
	if at < 1 || at == len(s)-1 || strings.ContainsAny(s, " \t\r\n") {
		in.bad(name, "expected an e-mail address")
		return ""
	}
	return s
}

// oneOf reads an S(n) field whose value must be one of the given lookup values.
func (in *input) oneOf(name string, n int, req bool, values ...string) string {
	s := in.str(name, n, req)
	if s == "" {
		return ""
	}
	for _, v := range values {
		if s == v {
			return s
		}
	}
	in.bad(name, "unknown value, expected one of "+strings.Join(values, ", "))
	return ""
}

// err returns a 0001 error describing every problem found so far, or nil.
func (in *input) err() error {
	if len(in.missing) == 0 && len(in.invalid) == 0 {
		return nil
	}
	var parts []string
	if len(in.missing) > 0 {
		parts = append(parts, "mandatory field(s) missing: "+strings.Join(in.missing, ", "))
	}
	if len(in.invalid) > 0 {
		parts = append(parts, "invalid field(s): "+strings.Join(in.invalid, "; "))
	}
	return errInput(strings.Join(parts, "; "))
}
