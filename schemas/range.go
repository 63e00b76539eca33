package schemas

import (
	"encoding/json"
	"fmt"

	"github.com/santhosh-tekuri/jsonschema/v5"
	"github.com/shopspring/decimal"
)

// RangeKeyword states a range of values the spec gives a number field, "1
// to 100": `"x-range": [1, 100]`, both ends included. JSON Schema's minimum
// and maximum hold a JSON number only, and A-2.0's N(n) is a number or a
// string of digits (in a query, always a string), so the range is a keyword
// of its own, registered with the validator: a value in a string of digits
// is held to it too, and a value of any other kind is left to the field's
// type and pattern. RequestFields reads it as Field.Range; the reference
// refuses a value out of it, and generators of valid values stay in it.
const RangeKeyword = "x-range"

var rangeMeta = jsonschema.MustCompileString("x-range.meta.json", `{
	"properties": {
		"x-range": {"type": "array", "items": {"type": "integer"}, "minItems": 2, "maxItems": 2}
	}
}`)

// rangeCompiler compiles RangeKeyword.
type rangeCompiler struct{}

func (rangeCompiler) Compile(_ jsonschema.CompilerContext, m map[string]any) (jsonschema.ExtSchema, error) {
	v, ok := m[RangeKeyword]
	if !ok {
		return nil, nil
	}
	if p, _ := m["pattern"].(string); digitsOf(p) == 0 && m["type"] != "integer" {
		return nil, fmt.Errorf("%s is for an N(n) field: a string of pattern ^[0-9]{1,n}$ or an integer", RangeKeyword)
	}
	ends, _ := v.([]any)
	if len(ends) != 2 {
		return nil, fmt.Errorf("%s is not [low, high]: %v", RangeKeyword, v)
	}
	var r Range
	for i, e := range ends {
		n, err := decimal.NewFromString(fmt.Sprint(e))
		if err != nil {
			return nil, fmt.Errorf("%s: %w", RangeKeyword, err)
		}
		r[i] = n.IntPart()
	}
	if r[0] > r[1] {
		return nil, fmt.Errorf("%s: %d is above %d", RangeKeyword, r[0], r[1])
	}
	return r, nil
}

// Range is a field's range of values, both ends included: [low, high].
type Range [2]int64

// Holds reports whether the number s (digits, or a JSON number's text) is
// in the range; a text that is no number is not.
func (r Range) Holds(s string) bool {
	n, err := decimal.NewFromString(s)
	return err == nil && n.GreaterThanOrEqual(decimal.NewFromInt(r[0])) && n.LessThanOrEqual(decimal.NewFromInt(r[1]))
}

// String is the range as the spec writes it ("1 to 100").
func (r Range) String() string { return fmt.Sprintf("%d to %d", r[0], r[1]) }

// Validate holds a JSON number, or a string of digits, to the range.
func (r Range) Validate(ctx jsonschema.ValidationContext, v any) error {
	var s string
	switch t := v.(type) {
	case json.Number:
		s = t.String()
	case string:
		if t == "" || !isDigits(t) {
			return nil // the field's type or pattern says what a digit string is
		}
		s = t
	default:
		return nil
	}
	if !r.Holds(s) {
		return ctx.Error(RangeKeyword, "%s is not in the range %s", s, r)
	}
	return nil
}

func isDigits(s string) bool {
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}
