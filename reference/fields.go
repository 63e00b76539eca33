package reference

import (
	"encoding/json"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/shopspring/decimal"

	"github.com/wallet-conformance/wallet-conformance/schemas"
)

// kind is a type of the notation of that the field validator checks.
type kind int

const (
	kindS        kind = iota // S(n): JSON string of at most n characters
	kindD                    // D: "YYYY-MM-DD", a real calendar date
	kindT                    // T: "HHMMSS", a real time of day
	kindB                    // B: JSON boolean ("true"/"false" in a query string)
	kindN                    // N(n): at most n decimal digits, as a JSON number or string
	kindDec                  // Dec(p,s): a JSON number above zero, at most s decimals and p-s integer digits
	kindCriteria             // Arr of criteria items (B-2.5): objects whose name and value are strings
)

// amountScale is the scale at which amounts are kept and written: every
// amount of the spec is Dec(18,2).
const amountScale = 2

// unbounded is the maximum length of an S field the spec leaves unbounded
// (the body limit still applies).
const unbounded = math.MaxInt

// languageTag is RFC 4646's well-formed language tag: language (with
// extlangs), script, region, variants, extensions and private use; a
// private-use tag; the grandfathered forms (en-GB-oed, i-klingon). The
// reference keeps its own expression, apart from the suite's.
var languageTag = regexp.MustCompile(`^(?i:(?:[a-z]{2,3}(?:-[a-z]{3}){0,3}|[a-z]{4,8})(?:-[a-z]{4})?(?:-(?:[a-z]{2}|[0-9]{3}))?` +
	`(?:-(?:[a-z0-9]{5,8}|[0-9][a-z0-9]{3}))*(?:-[0-9a-wyz](?:-[a-z0-9]{2,8})+)*(?:-x(?:-[a-z0-9]{1,8})+)?` +
	`|x(?:-[a-z0-9]{1,8})+|i-[a-z0-9]{3,8}|[a-z]{2,3}-[a-z]{2,3}-[a-z]{2,3})$`)

// location says where a field travels in the request.
type location int

const (
	inParams location = iota // JSON body (POST, PUT, DELETE) or query string (GET)
	inPath                   // path parameter, e.g. {accno}
)

// field is one row of an operation's field table.
type field struct {
	name     string
	kind     kind
	max      int            // maximum length for kindS and kindN, precision for kindDec
	scale    int            // decimals allowed for kindDec
	tag      bool           // kindS: an RFC 4646 language tag (culture)
	zero     bool           // kindDec: zero is allowed too (an amount to compare, not to move)
	oneOf    []string       // kindS: the values the spec lists, when it lists them (B-4.14 deliveryMethod); nil for any text
	rng      *schemas.Range // kindN: the range of values the spec gives ("1 to 100"); nil for any
	required bool
	in       location
}

func str(name string, n int) field    { return field{name: name, kind: kindS, max: n} }
func digits(name string, n int) field { return field{name: name, kind: kindN, max: n} }
func date(name string) field          { return field{name: name, kind: kindD} }
func clock(name string) field         { return field{name: name, kind: kindT} }
func boolean(name string) field       { return field{name: name, kind: kindB} }
func amount(name string) field        { return field{name: name, kind: kindDec, max: 18, scale: amountScale} }
func criteria(name string) field      { return field{name: name, kind: kindCriteria} }

// languageTag marks an S field whose value is an RFC 4646 language tag.
func (f field) languageTag() field { f.tag = true; return f }

// req marks the field as required.
func (f field) req() field { f.required = true; return f }

// orZero allows a Dec field to be zero.
func (f field) orZero() field { f.zero = true; return f }

// path marks the field as a path parameter.
func (f field) path() field { f.in = inPath; return f }

// condRule is a conditional rule (A-2.2, B-4.1): when all of its
// conditions hold, the fields are required and the boolean fields of
// mustBeTrue must be true (false is a syntax error naming the field). The
// conditions, each skipped when its name is "": the boolean field trigger is
// true; the field ifPresent is present; the field ifAbsent is absent; the
// field ifNoDigit holds no digit (absent counts as holding none); the field
// ifEquals holds the string value.
type condRule struct {
	trigger    string
	ifPresent  string
	ifAbsent   string
	ifNoDigit  string
	ifEquals   string
	value      string
	fields     []string
	mustBeTrue []string
}

// applies reports whether every condition of the rule holds.
func (r condRule) applies(raw map[string]any, vals values) bool {
	switch {
	case r.trigger != "" && !vals.flag(r.trigger),
		r.ifPresent != "" && !given(raw, r.ifPresent),
		r.ifAbsent != "" && given(raw, r.ifAbsent),
		r.ifNoDigit != "" && strings.ContainsAny(vals.str(r.ifNoDigit), "0123456789"),
		r.ifEquals != "" && vals.str(r.ifEquals) != r.value:
		return false
	}
	return true
}

// given reports whether the raw request carries the field with a value.
func given(raw map[string]any, name string) bool {
	x, present := raw[name]
	return present && !isEmpty(x)
}

// fieldSpec is the declarative request description of one operation: its
// fields in table order and its conditional rules.
type fieldSpec struct {
	fields []field
	rules  []condRule
}

// clone returns a deep copy, so a handler may adjust it without touching the
// shared tables.
func (s fieldSpec) clone() fieldSpec {
	c := fieldSpec{fields: slices.Clone(s.fields)}
	for _, r := range s.rules {
		r.fields = slices.Clone(r.fields)
		r.mustBeTrue = slices.Clone(r.mustBeTrue)
		c.rules = append(c.rules, r)
	}
	return c
}

// has reports whether the spec lists a field of that name.
func (s fieldSpec) has(name string) bool {
	return slices.ContainsFunc(s.fields, func(f field) bool { return f.name == name })
}

// update applies fn to the field of that name, if present.
func (s fieldSpec) update(name string, fn func(*field)) {
	for i := range s.fields {
		if s.fields[i].name == name {
			fn(&s.fields[i])
		}
	}
}

// validateOptions says where the values come from and which choices the
// server makes; the relaxations are set by mutants only.
type validateOptions struct {
	fromQuery bool // values are query-string strings: booleans arrive as "true"/"false"
	// numbersOnly takes an N value of a JSON body only as a JSON number (the
	// variant n-fields-json-numbers); otherwise a string of digits is taken too.
	numbersOnly bool

	acceptStringBools bool // accept "true"/"false" strings for B in a JSON body
	dateShapeOnly     bool // accept any NNNN-NN-NN as D, even when not a calendar date
	anyDate           bool // accept any string as D
	anyTime           bool // accept any string of at most 8 characters as T
	anyDigits         bool // accept any characters in an N value
	numbersAsStrings  bool // accept a JSON number where an S value is expected

	// The choices of the variants the bad-input sweep leaves open.
	noExponents     bool // refuse an amount written with an exponent
	noTrailingZeros bool // refuse an amount with more decimals than its scale, zeros too
	noControlChars  bool // refuse a text holding a control character
	// posixCulture takes a language tag written as a POSIX locale (de_DE)
	// and keeps it as the tag it names (de-DE).
	posixCulture bool

	// The faults of clean-room mutants.
	leapCenturyCommon bool // take every century year as common: 2000-02-29 names no date
	midnightAbsent    bool // take a T value of 000000 as absent
}

// fault is why a present value failed validation.
type fault int

const (
	faultNone          fault = iota
	faultSyntax              // wrong JSON type, or not written in its notation
	faultTooLong             // more characters than its S(n) allows
	faultTooManyDigits       // more digits than its N(n) allows
	faultImpossible          // written in its notation but names no date or time
)

// problems lists the fields that failed validation, in table order.
type problems struct {
	missing       []string // required (or conditionally required) but absent, null or ""
	syntax        []string // present but of the wrong JSON type or malformed
	tooLong       []string // a text beyond its S(n) length
	tooManyDigits []string // an N(n) value of more than n digits
	impossible    []string // a date or time of the right form that does not exist
}

func (p problems) ok() bool {
	return len(p.missing) == 0 && len(p.syntax) == 0 && len(p.tooLong) == 0 && len(p.tooManyDigits) == 0 && len(p.impossible) == 0
}

// values are the validated request fields by name: string for S, D, T and N,
// bool for B, decimal.Decimal for Dec, []any for criteria. Absent optional
// fields are not in the map.
type values map[string]any

// str returns the string value of the field, "" when absent.
func (v values) str(name string) string {
	s, _ := v[name].(string)
	return s
}

// flag returns the boolean value of the field, false when absent.
func (v values) flag(name string) bool {
	b, _ := v[name].(bool)
	return b
}

// amount returns the Dec value of the field, and false when absent.
func (v values) amount(name string) (decimal.Decimal, bool) {
	d, ok := v[name].(decimal.Decimal)
	return d, ok
}

// orNull returns the value of the field or nil when absent, for JSON output.
func (v values) orNull(name string) any {
	if x, ok := v[name]; ok {
		return x
	}
	return nil
}

// validate checks raw (decoded JSON with UseNumber, or query strings) against
// the spec. Fields not in the spec are ignored.
func (s fieldSpec) validate(raw map[string]any, opt validateOptions) (values, problems) {
	vals := values{}
	var p problems
	absent := func(f field, x any) bool {
		return isEmpty(x) || (opt.midnightAbsent && f.kind == kindT && x == "000000")
	}
	for _, f := range s.fields {
		x, present := raw[f.name]
		if !present || absent(f, x) {
			continue
		}
		v, why := checkValue(f, x, opt)
		switch why {
		case faultNone:
			vals[f.name] = v
		case faultTooLong:
			p.tooLong = append(p.tooLong, f.name)
		case faultTooManyDigits:
			p.tooManyDigits = append(p.tooManyDigits, f.name)
		case faultImpossible:
			p.impossible = append(p.impossible, f.name)
		default:
			p.syntax = append(p.syntax, f.name)
		}
	}

	required := map[string]bool{}
	for _, f := range s.fields {
		if f.required {
			required[f.name] = true
		}
	}
	for _, r := range s.rules {
		if !r.applies(raw, vals) {
			continue
		}
		for _, name := range r.fields {
			required[name] = true
		}
		for _, name := range r.mustBeTrue {
			if b, ok := vals[name].(bool); ok && !b && !slices.Contains(p.syntax, name) {
				p.syntax = append(p.syntax, name)
			}
		}
	}
	for _, f := range s.fields {
		if !required[f.name] {
			continue
		}
		if x, present := raw[f.name]; !present || absent(f, x) {
			p.missing = append(p.missing, f.name)
		}
	}
	return vals, p
}

// isEmpty reports whether a raw value counts as missing: null or "".
func isEmpty(x any) bool {
	if x == nil {
		return true
	}
	s, ok := x.(string)
	return ok && s == ""
}

// posixLocale is a language and region written as a POSIX locale (de_DE).
var posixLocale = regexp.MustCompile(`^[a-z]{2,3}_[A-Z]{2}$`)

// checkValue validates one present value and returns it normalized, or why
// it is refused.
func checkValue(f field, x any, opt validateOptions) (any, fault) {
	switch f.kind {
	case kindS:
		s, ok := x.(string)
		if n, isNumber := x.(json.Number); isNumber && opt.numbersAsStrings {
			s, ok = n.String(), true
		}
		switch {
		case !ok:
			return nil, faultSyntax
		case utf8.RuneCountInString(s) > f.max:
			return nil, faultTooLong
		case f.tag && opt.posixCulture && posixLocale.MatchString(s):
			return strings.Replace(s, "_", "-", 1), faultNone
		case f.tag && !languageTag.MatchString(s):
			return nil, faultSyntax
		case len(f.oneOf) > 0 && !slices.Contains(f.oneOf, s):
			return nil, faultSyntax
		case opt.noControlChars && strings.ContainsFunc(s, unicode.IsControl):
			return nil, faultSyntax
		}
		return s, faultNone
	case kindD:
		s, ok := x.(string)
		switch {
		case !ok:
			return nil, faultSyntax
		case opt.anyDate:
			return s, faultNone
		case !dateShaped(s):
			return nil, faultSyntax
		case !opt.dateShapeOnly && !validDate(s, false):
			return nil, faultImpossible
		case opt.leapCenturyCommon && s[4:] == "-02-29" && s[2:4] == "00":
			return nil, faultImpossible
		}
		return s, faultNone
	case kindT:
		s, ok := x.(string)
		switch {
		case !ok:
			return nil, faultSyntax
		case opt.anyTime && utf8.RuneCountInString(s) <= 8:
			return s, faultNone
		case len(s) != 6 || !allDigits(s):
			return nil, faultSyntax
		case !validTime(s):
			return nil, faultImpossible
		}
		return s, faultNone
	case kindB:
		if b, ok := x.(bool); ok {
			return b, faultNone
		}
		if s, ok := x.(string); ok && (opt.fromQuery || opt.acceptStringBools) {
			switch s {
			case "true":
				return true, faultNone
			case "false":
				return false, faultNone
			}
		}
		return nil, faultSyntax
	case kindN:
		var s string
		switch t := x.(type) {
		case json.Number:
			s = t.String()
		case string:
			if opt.numbersOnly && !opt.fromQuery {
				return nil, faultSyntax
			}
			s = t
		default:
			return nil, faultSyntax
		}
		switch {
		case opt.anyDigits && utf8.RuneCountInString(s) <= f.max:
			return s, faultNone
		case !allDigits(s):
			return nil, faultSyntax
		case len(s) > f.max:
			return nil, faultTooManyDigits
		case f.rng != nil && !f.rng.Holds(s):
			return nil, faultSyntax
		}
		return s, faultNone
	case kindDec:
		v, ok := checkAmount(f, x, opt)
		if !ok {
			return nil, faultSyntax
		}
		return v, faultNone
	case kindCriteria:
		v, ok := checkCriteria(x)
		if !ok {
			return nil, faultSyntax
		}
		return v, faultNone
	}
	return nil, faultSyntax
}

// checkAmount validates a Dec(p,s) value: a JSON number (a string only in a
// query string) above zero (or zero, when the field allows it) with at most
// s decimals, trailing zeros not counted, and at most p-s integer digits.
// It is returned as a decimal.Decimal rounded to amountScale.
func checkAmount(f field, x any, opt validateOptions) (any, bool) {
	var s string
	switch t := x.(type) {
	case json.Number:
		s = t.String()
	case string:
		if !opt.fromQuery {
			return nil, false
		}
		s = t
	default:
		return nil, false
	}
	if opt.noExponents && strings.ContainsAny(s, "eE") {
		return nil, false
	}
	if _, frac, _ := strings.Cut(s, "."); opt.noTrailingZeros && len(frac) > f.scale && !strings.ContainsAny(frac, "eE") {
		return nil, false
	}
	d, negative, ok := parseAmount(s, f.max-f.scale, f.scale)
	if !ok || (negative && !d.IsZero()) || (d.IsZero() && !f.zero) {
		return nil, false
	}
	return d.Round(amountScale), true
}

// parseAmount reads the number s by value, in time linear in its length
// whatever its digits and exponent (decimal.NewFromString takes seconds for
// a number of a million digits): a sign ('+', '-' or U+2212), digits with
// at most one '.' (at least one digit in all), an optional exponent
// ([eE][+-]?digits), as decimal.NewFromString reads them. It reports false
// when s is not such a number or its absolute value has more than
// intDigits integer digits or more than scale decimals, trailing zeros not
// counted; otherwise it returns the absolute value and whether s carries a
// minus sign.
func parseAmount(s string, intDigits, scale int) (d decimal.Decimal, negative, ok bool) {
	s = strings.ReplaceAll(s, "\u2212", "-")
	if s != "" && (s[0] == '+' || s[0] == '-') {
		negative, s = s[0] == '-', s[1:]
	}
	mantissa, exponent, hasExponent := s, "", false
	if i := strings.IndexAny(s, "eE"); i >= 0 {
		mantissa, exponent, hasExponent = s[:i], s[i+1:], true
	}
	whole, fraction, _ := strings.Cut(mantissa, ".")
	if len(whole)+len(fraction) == 0 || !digitsOnly(whole) || !digitsOnly(fraction) {
		return decimal.Decimal{}, false, false
	}
	// The value is digits × 10^exp, digits without leading or trailing zeros.
	var exp int64
	if hasExponent {
		e, ok := parseExponent(exponent)
		if !ok {
			return decimal.Decimal{}, false, false
		}
		exp = e
	}
	exp -= int64(len(fraction))
	digits := strings.TrimLeft(whole, "0")
	if digits == "" {
		digits = strings.TrimLeft(fraction, "0")
	} else {
		digits += fraction
	}
	if digits == "" {
		return decimal.Zero, negative, true
	}
	trimmed := strings.TrimRight(digits, "0")
	exp += int64(len(digits) - len(trimmed))
	digits = trimmed
	if exp < -int64(scale) || int64(len(digits))+exp > int64(intDigits) {
		return decimal.Decimal{}, false, false
	}
	n, err := strconv.ParseInt(digits, 10, 64) // at most intDigits+scale digits
	if err != nil {
		return decimal.Decimal{}, false, false
	}
	return decimal.New(n, int32(exp)), negative, true
}

// parseExponent reads [+-]?digits, saturating far beyond any exponent an
// amount may have.
func parseExponent(s string) (int64, bool) {
	negative := false
	if s != "" && (s[0] == '+' || s[0] == '-') {
		negative, s = s[0] == '-', s[1:]
	}
	if !allDigits(s) {
		return 0, false
	}
	var e int64
	for i := 0; i < len(s) && e < 1<<40; i++ {
		e = e*10 + int64(s[i]-'0')
	}
	if negative {
		e = -e
	}
	return e, true
}

// digitsOnly reports whether s holds nothing but ASCII digits ("" included).
func digitsOnly(s string) bool {
	return strings.Trim(s, "0123456789") == ""
}

// checkCriteria validates criteria (B-2.5): an array of objects whose name
// and value are strings; other members of an item are ignored.
func checkCriteria(x any) (any, bool) {
	list, ok := x.([]any)
	if !ok {
		return nil, false
	}
	for _, item := range list {
		obj, ok := item.(map[string]any)
		if !ok {
			return nil, false
		}
		for _, key := range []string{"name", "value"} {
			if _, ok := obj[key].(string); !ok {
				return nil, false
			}
		}
	}
	return list, true
}

// dateShaped reports whether s is written as a D value: NNNN-NN-NN.
func dateShaped(s string) bool {
	return len(s) == 10 && s[4] == '-' && s[7] == '-' &&
		allDigits(s[0:4]) && allDigits(s[5:7]) && allDigits(s[8:10])
}

// validDate reports whether s is a D value: YYYY-MM-DD naming a real date.
func validDate(s string, shapeOnly bool) bool {
	if !dateShaped(s) {
		return false
	}
	if shapeOnly {
		return true
	}
	_, err := time.Parse(time.DateOnly, s)
	return err == nil
}

// validTime reports whether s is a T value: HHMMSS naming a real time of day.
func validTime(s string) bool {
	if len(s) != 6 || !allDigits(s) {
		return false
	}
	return s[0:2] <= "23" && s[2:4] <= "59" && s[4:6] <= "59"
}

func allDigits(s string) bool {
	return s != "" && strings.Trim(s, "0123456789") == ""
}
