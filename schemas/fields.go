package schemas

import (
	"math/big"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v5"
)

// Field is one top-level field of an operation's request (its JSON body, or
// its query parameters for a GET) as the request schema declares it: the
// facts of A-2.0's type notation and of the operation's table that a
// generator of bad input needs.
type Field struct {
	Name string
	// Types are the JSON types a value may have ("string", "number",
	// "integer", "boolean", "object", "array", "null"), of every branch of
	// an anyOf or oneOf; empty when the schema names none.
	Types []string
	// Required: the operation's table marks the field Y (the schema's
	// top-level "required", not a conditional one).
	Required bool
	// MaxLength is S(n)'s n; 0 when the schema states none.
	MaxLength int
	// Digits is N(n)'s n (a digit string of at most n digits, or an
	// integer of at most n digits); 0 when the field is not N(n).
	Digits int
	// Precision and Scale are Dec(p,s)'s (formats spec-dec-P and
	// spec-dec-P-S); Precision 0 when the field is not Dec; Scale -1 when
	// the notation gives none.
	Precision, Scale int
	// Date and Time: the field is A-2.0's D (YYYY-MM-DD) or T (HHMMSS).
	Date, Time bool
	// Numeric: a string field whose pattern admits digits only (an amount
	// or N(n) in a query string).
	Numeric bool
	// Boolean: A-2.0's B, a JSON boolean, or in a query string a string
	// whose pattern admits true and false only.
	Boolean bool
	// LiteralPrecision and LiteralScale are Dec(p,s)'s when a query string
	// writes the field as a decimal literal (a pattern of the form
	// ^[0-9]{1,p-s}(\.[0-9]{1,s})?$, which admits zero and no sign);
	// LiteralPrecision 0 otherwise.
	LiteralPrecision, LiteralScale int
	// Enum lists the values the schema allows, when it lists them.
	Enum []any
	// Range is the range of values the spec gives the field ("1 to 100",
	// RangeKeyword); nil when it gives none.
	Range *Range
	// Default is the value the spec states a server uses when the field is
	// left out (JSON Schema's "default" keyword); nil when none is stated.
	Default any
	// Deprecated: the spec says the field is deprecated and ignored
	// (JSON Schema's "deprecated" keyword).
	Deprecated bool
	// Ignorable: a reading of the spec lets a server ignore the field
	// (a "$comment" that begins "ignorable:" on the field or on the block
	// that holds it says why): Issue Token's partnerReference, which A-4.1's
	// body line does not list, a copy in the body of what the path carries,
	// a field of a block its flag may leave unused; not a field the
	// operation's table makes mandatory.
	Ignorable bool
}

// Allows reports whether a value of the JSON type t is of one of the
// field's types ("integer" is a number too).
func (f Field) Allows(t string) bool {
	if len(f.Types) == 0 {
		return true
	}
	for _, have := range f.Types {
		if have == t || (t == "integer" && have == "number") || (t == "number" && have == "integer") {
			return true
		}
	}
	return false
}

var decFormat = regexp.MustCompile(`^spec-dec-(\d+)(?:-(\d+))?$`)

// RequestFields returns the top-level fields of an operation's request in
// name order, read from its compiled request schema (the properties of the
// schema and of every schema it reaches through $ref and allOf). A property
// the schema forbids (false) is not a field. nil for an unknown operation.
func (s *Set) RequestFields(opID string) []Field {
	sch, err := s.schema(opID + ".request.json")
	if err != nil {
		return nil
	}
	props := map[string][]*jsonschema.Schema{}
	required := map[string]bool{}
	inBlock := map[string]bool{} // properties of a block a server may ignore ("$comment": "ignorable: ...")
	visited := map[*jsonschema.Schema]bool{}
	var walk func(*jsonschema.Schema)
	walk = func(x *jsonschema.Schema) {
		if x == nil || visited[x] {
			return
		}
		visited[x] = true
		for name, p := range x.Properties {
			props[name] = append(props[name], p)
			if strings.HasPrefix(x.Comment, "ignorable:") {
				inBlock[name] = true
			}
		}
		for _, r := range x.Required {
			required[r] = true
		}
		walk(x.Ref)
		for _, sub := range x.AllOf {
			walk(sub)
		}
	}
	walk(sch)
	var out []Field
	for name, list := range props {
		f := Field{Name: name, Required: required[name], Scale: -1}
		forbidden := false
		for _, p := range list {
			if p.Always != nil && !*p.Always {
				forbidden = true
			}
			describe(&f, p, map[*jsonschema.Schema]bool{})
		}
		if forbidden {
			continue
		}
		if inBlock[name] && !f.Required {
			f.Ignorable = true // a field the operation's table makes mandatory is used
		}
		slices.Sort(f.Types)
		f.Types = slices.Compact(f.Types)
		out = append(out, f)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// describe adds what the schema x says of a field to f.
func describe(f *Field, x *jsonschema.Schema, seen map[*jsonschema.Schema]bool) {
	if x == nil || seen[x] {
		return
	}
	seen[x] = true
	f.Types = append(f.Types, x.Types...)
	if slices.Contains(x.Types, "boolean") {
		f.Boolean = true
	}
	if x.MaxLength >= 0 && (f.MaxLength == 0 || x.MaxLength > f.MaxLength) {
		f.MaxLength = x.MaxLength
	}
	if x.Deprecated {
		f.Deprecated = true
	}
	if strings.HasPrefix(x.Comment, "ignorable:") {
		f.Ignorable = true
	}
	if len(x.Enum) > 0 {
		f.Enum = append(f.Enum, x.Enum...)
	}
	if r, ok := x.Extensions[RangeKeyword].(Range); ok {
		f.Range = &r
	}
	if x.Default != nil && f.Default == nil {
		f.Default = x.Default
	}
	switch x.Format {
	case "spec-date":
		f.Date = true
	case "spec-time":
		f.Time = true
	}
	if m := decFormat.FindStringSubmatch(x.Format); m != nil {
		f.Precision, _ = strconv.Atoi(m[1])
		if m[2] != "" {
			f.Scale, _ = strconv.Atoi(m[2])
		}
	}
	if x.Pattern != nil {
		if n := digitsOf(x.Pattern.String()); n > 0 {
			f.Digits = n
		}
		if x.Pattern.MatchString("1") && !x.Pattern.MatchString("a") && !x.Pattern.MatchString("-") {
			f.Numeric = true
		}
		if x.Pattern.MatchString("true") && x.Pattern.MatchString("false") && !x.Pattern.MatchString("x") {
			f.Boolean = true
		}
		if m := literalPattern.FindStringSubmatch(strings.TrimSpace(x.Pattern.String())); m != nil {
			whole, _ := strconv.Atoi(m[1])
			f.LiteralScale, _ = strconv.Atoi(m[2])
			f.LiteralPrecision = whole + f.LiteralScale
		}
	}
	if x.Maximum != nil && slices.Contains(x.Types, "integer") {
		if n := len(new(big.Int).Quo(x.Maximum.Num(), x.Maximum.Denom()).String()); n > f.Digits {
			f.Digits = n
		}
	}
	describe(f, x.Ref, seen)
	for _, list := range [][]*jsonschema.Schema{x.AllOf, x.AnyOf, x.OneOf} {
		for _, sub := range list {
			describe(f, sub, seen)
		}
	}
}

// literalPattern is a Dec(p,s) written as a decimal literal in a query
// string: ^[0-9]{1,p-s}(\.[0-9]{1,s})?$.
var literalPattern = regexp.MustCompile(`^\^\[0-9\]\{1,(\d+)\}\(\\\.\[0-9\]\{1,(\d+)\}\)\?\$$`)

var nPattern = regexp.MustCompile(`^\^\[0-9\]\{1,(\d+)\}\$$`)

// digitsOf reads N(n)'s n from a pattern of the form ^[0-9]{1,n}$.
func digitsOf(pattern string) int {
	m := nPattern.FindStringSubmatch(strings.TrimSpace(pattern))
	if m == nil {
		return 0
	}
	n, _ := strconv.Atoi(m[1])
	return n
}
