package reference

import (
	"encoding/json"
	"slices"
	"strings"
	"time"
	"unicode/utf8"
)

// kind is a type of the notation of that the field validator checks.
type kind int

const (
	kindS kind = iota // S(n): JSON string of at most n characters
	kindD             // D: "YYYY-MM-DD", a real calendar date
	kindT             // T: "HHMMSS", a real time of day
	kindB             // B: JSON boolean ("true"/"false" in a query string)
	kindN             // N(n): at most n decimal digits, as a JSON number or string
)

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
	max      int // maximum length for kindS and kindN
	required bool
	in       location
}

func str(name string, n int) field    { return field{name: name, kind: kindS, max: n} }
func digits(name string, n int) field { return field{name: name, kind: kindN, max: n} }
func date(name string) field          { return field{name: name, kind: kindD} }
func clock(name string) field         { return field{name: name, kind: kindT} }
func boolean(name string) field       { return field{name: name, kind: kindB} }

// req marks the field as required.
func (f field) req() field { f.required = true; return f }

// path marks the field as a path parameter.
func (f field) path() field { f.in = inPath; return f }

// condRule is a conditional rule of: when the boolean field trigger is
// true, the fields are required.
type condRule struct {
	trigger string
	fields  []string
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
		c.rules = append(c.rules, condRule{trigger: r.trigger, fields: slices.Clone(r.fields)})
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

// validateOptions relaxes checks; only mutants set them.
type validateOptions struct {
	fromQuery         bool // values are query-string strings: booleans arrive as "true"/"false"
	acceptStringBools bool // accept "true"/"false" strings for B in a JSON body
	dateShapeOnly     bool // accept any NNNN-NN-NN as D, even when not a calendar date
}

// problems lists the fields that failed validation, in table order.
type problems struct {
	missing []string // required (or conditionally required) but absent, null or ""
	syntax  []string // present but of the wrong JSON type, too long or malformed
}

func (p problems) ok() bool { return len(p.missing) == 0 && len(p.syntax) == 0 }

// values are the validated request fields by name: string for S, D, T and N,
// bool for B. Absent optional fields are not in the map.
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
	var syntax []string
	for _, f := range s.fields {
		x, present := raw[f.name]
		if !present || isEmpty(x) {
			continue
		}
		v, ok := checkValue(f, x, opt)
		if !ok {
			syntax = append(syntax, f.name)
			continue
		}
		vals[f.name] = v
	}

	required := map[string]bool{}
	for _, f := range s.fields {
		if f.required {
			required[f.name] = true
		}
	}
	for _, r := range s.rules {
		if vals.flag(r.trigger) {
			for _, name := range r.fields {
				required[name] = true
			}
		}
	}
	var p problems
	for _, f := range s.fields {
		if !required[f.name] {
			continue
		}
		if x, present := raw[f.name]; !present || isEmpty(x) {
			p.missing = append(p.missing, f.name)
		}
	}
	p.syntax = syntax
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

// checkValue validates one present value and returns it normalized.
func checkValue(f field, x any, opt validateOptions) (any, bool) {
	switch f.kind {
	case kindS:
		s, ok := x.(string)
		return s, ok && utf8.RuneCountInString(s) <= f.max
	case kindD:
		s, ok := x.(string)
		return s, ok && validDate(s, opt.dateShapeOnly)
	case kindT:
		s, ok := x.(string)
		return s, ok && validTime(s)
	case kindB:
		if b, ok := x.(bool); ok {
			return b, true
		}
		if s, ok := x.(string); ok && (opt.fromQuery || opt.acceptStringBools) {
			switch s {
			case "true":
				return true, true
			case "false":
				return false, true
			}
		}
		return nil, false
	case kindN:
		var s string
		switch t := x.(type) {
		case json.Number:
			s = t.String()
		case string:
			s = t
		default:
			return nil, false
		}
		return s, allDigits(s) && len(s) <= f.max
	}
	return nil, false
}

// validDate reports whether s is a D value: YYYY-MM-DD naming a real date.
func validDate(s string, shapeOnly bool) bool {
	if len(s) != 10 || s[4] != '-' || s[7] != '-' ||
		!allDigits(s[0:4]) || !allDigits(s[5:7]) || !allDigits(s[8:10]) {
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
