package schemas

import (
	"encoding/json"
	"regexp"
	"strings"
	"time"
)

// formats implements the spec's type notation as JSON Schema
// formats. Each function receives a decoded value; values of another JSON
// type pass (the schema's "type" keyword reports those).
var formats = map[string]func(any) bool{
	"spec-date":      isSpecDate,
	"spec-time":      isSpecTime,
	"spec-timestamp": isSpecTimestamp,
	"spec-dec-18":    func(v any) bool { return isDecimal(v, 18, -1) },
	"spec-dec-18-2":  func(v any) bool { return isDecimal(v, 18, 2) },
}

// IsDate reports whether s is a D value: YYYY-MM-DD, a real calendar date.
func IsDate(s string) bool {
	if len(s) != 10 {
		return false
	}
	_, err := time.Parse("2006-01-02", s)
	return err == nil
}

// IsTime reports whether s is a T value: HHMMSS, a real time of day.
func IsTime(s string) bool {
	if len(s) != 6 {
		return false
	}
	_, err := time.Parse("150405", s)
	return err == nil
}

var timestampPattern = regexp.MustCompile(`^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$`)

// IsTimestamp reports whether s is an validUntil: ISO 8601 UTC with
// milliseconds and a Z suffix, 24 characters.
func IsTimestamp(s string) bool {
	if !timestampPattern.MatchString(s) {
		return false
	}
	_, err := time.Parse("2006-01-02T15:04:05.000Z", s)
	return err == nil
}

func isSpecDate(v any) bool {
	s, ok := v.(string)
	return !ok || IsDate(s)
}

func isSpecTime(v any) bool {
	s, ok := v.(string)
	return !ok || IsTime(s)
}

func isSpecTimestamp(v any) bool {
	s, ok := v.(string)
	return !ok || IsTimestamp(s)
}

var decimalPattern = regexp.MustCompile(`^-?(0|[1-9][0-9]*)(\.[0-9]+)?$`)

// IsDecimal reports whether a JSON number literal fits Dec(p,s): at most p
// digits in all and, when scale >= 0, at most scale digits after the point.
func IsDecimal(literal string, precision, scale int) bool {
	if !decimalPattern.MatchString(literal) {
		return false
	}
	digits := strings.TrimPrefix(literal, "-")
	intPart, frac, _ := strings.Cut(digits, ".")
	if scale >= 0 && len(frac) > scale {
		return false
	}
	intPart = strings.TrimLeft(intPart, "0")
	return len(intPart)+len(frac) <= precision
}

func isDecimal(v any, precision, scale int) bool {
	n, ok := v.(json.Number)
	if !ok {
		return true
	}
	return IsDecimal(n.String(), precision, scale)
}
