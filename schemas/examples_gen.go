package schemas

import (
	"encoding/json"
	"fmt"
	"math/big"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/santhosh-tekuri/jsonschema/v5"
)

// opExample is the example of one operation.
type opExample struct {
	Path     map[string]string `json:"path"`
	Request  map[string]any    `json:"request"`
	Response any               `json:"response"` // a JSON object, or a string for text/plain
}

// exampleSet is the schema set the examples are generated from, and
// generatedExamples the examples as JSON, made once: examples decodes them
// anew on every call, so that a caller may change what it gets.
var (
	exampleSet        = sync.OnceValues(Load)
	generatedExamples = sync.OnceValues(func() ([]byte, error) {
		set, err := exampleSet()
		if err != nil {
			return nil, err
		}
		values, err := exampleValues()
		if err != nil {
			return nil, err
		}
		g := newExampleGenerator(set, values, exampleOverrides)
		exs := g.all(Catalogue())
		if len(g.problems) > 0 {
			return nil, fmt.Errorf("examples: %s", strings.Join(g.problems, "; "))
		}
		return json.Marshal(exs)
	})
)

// exampleValues decodes exampleValuesJSON, numbers as json.Number.
func exampleValues() (map[string]any, error) {
	v, err := decodeSchema([]byte(exampleValuesJSON))
	if err != nil {
		return nil, fmt.Errorf("example values: %w", err)
	}
	m, _ := v.(map[string]any)
	return m, nil
}

// examples returns every operation's example, by operation ID, a fresh copy
// on every call (numbers as json.Number).
func examples() (map[string]opExample, error) {
	data, err := generatedExamples()
	if err != nil {
		return nil, err
	}
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		return nil, err
	}
	out := make(map[string]opExample, len(raw))
	for id, one := range raw {
		v, err := decodeSchema(one)
		if err != nil {
			return nil, err
		}
		m := v.(map[string]any)
		ex := opExample{Path: map[string]string{}, Response: m["response"]}
		ex.Request, _ = m["request"].(map[string]any)
		if p, ok := m["path"].(map[string]any); ok {
			for k, v := range p {
				ex.Path[k], _ = v.(string)
			}
		}
		out[id] = ex
	}
	return out, nil
}

// exampleGenerator builds the examples from the schemas, the table and the
// overrides, and gathers what it could not build (problems) and which
// entries of the table it took (used).
type exampleGenerator struct {
	set       *Set
	values    map[string]any
	overrides map[string]map[string]any
	problems  []string
	used      map[string]bool // names of the table some example took
	usedOver  map[string]bool // "op/name" of the overrides some example took
}

func newExampleGenerator(set *Set, values map[string]any, overrides map[string]map[string]any) *exampleGenerator {
	return &exampleGenerator{set: set, values: values, overrides: overrides, used: map[string]bool{}, usedOver: map[string]bool{}}
}

// all builds the example of every operation of ops.
func (g *exampleGenerator) all(ops []Operation) map[string]opExample {
	out := map[string]opExample{}
	for _, op := range ops {
		out[op.ID] = g.operation(op)
	}
	return out
}

// fail records a problem.
func (g *exampleGenerator) fail(format string, args ...any) {
	g.problems = append(g.problems, fmt.Sprintf(format, args...))
}

// operation builds one operation's example.
func (g *exampleGenerator) operation(op Operation) opExample {
	ex := opExample{Path: map[string]string{}}
	for _, m := range pathParam.FindAllStringSubmatch(op.Path, -1) {
		name := m[1]
		v, ok := g.given(op.ID, name, nil, "the path of "+op.ID)
		s, isString := v.(string)
		if !ok || !isString {
			g.fail("%s: add an example value (a string) for path parameter %s", op.ID, name)
			continue
		}
		ex.Path[name] = s
	}
	ex.Request = g.request(op)
	if op.PlainText {
		ex.Response = exampleTextAnswer
		return ex
	}
	sch, err := g.set.schema(op.ResponseSchema())
	if err != nil {
		g.fail("%s: %v", op.ID, err)
		return ex
	}
	ex.Response = g.object(op, sch, op.ResponseSchema())
	return ex
}

// given is the override or the table's value of a field, checked against
// the field's schemas (list); ok is false when neither has one. A string
// field of a query takes a number or boolean as its text.
func (g *exampleGenerator) given(opID, name string, list []*jsonschema.Schema, file string) (any, bool) {
	v, ok := g.overrides[opID][name]
	if ok {
		g.usedOver[opID+"/"+name] = true
	} else {
		v, ok = g.values[name]
		if !ok {
			return nil, false
		}
		g.used[name] = true
	}
	if wantsString(list) {
		switch x := v.(type) {
		case json.Number:
			v = x.String()
		case bool:
			v = fmt.Sprint(x)
		}
	}
	for _, p := range list {
		if err := p.Validate(v); err != nil {
			g.fail("%s: the example value of %s (%v) does not validate against %s: %v", opID, name, v, file, err)
		}
	}
	return v, true
}

// wantsString: the schemas type the field as a string and nothing else.
func wantsString(list []*jsonschema.Schema) bool {
	if len(list) == 0 {
		return false
	}
	for _, p := range list {
		f := flatten(p)
		if !slices.Equal(f.types, []string{"string"}) {
			return false
		}
	}
	return true
}

// request builds an operation's request.
func (g *exampleGenerator) request(op Operation) map[string]any {
	sch, err := g.set.schema(op.RequestSchema())
	if err != nil {
		g.fail("%s: %v", op.ID, err)
		return nil
	}
	file := op.RequestSchema()
	props, required := properties(sch)
	out := map[string]any{}
	add := func(name string) {
		if _, done := out[name]; done || g.leftOut(op.ID, name) {
			return
		}
		if v, ok := g.value(op, name, props[name], file, false); ok {
			out[name] = v
		}
	}
	fields := g.set.RequestFields(op.ID)
	for _, f := range fields {
		switch {
		case required[f.Name]:
			add(f.Name)
		case f.Deprecated || f.Ignorable:
		default:
			_, over := g.overrides[op.ID][f.Name]
			if _, has := g.values[f.Name]; has || over {
				add(f.Name)
			}
		}
	}
	g.complete(op, out, add)
	return out
}

// complete adds to the request fields what the conditional rules that
// hold for them require (add adds one field's example value), until no
// rule that holds asks for more.
func (g *exampleGenerator) complete(op Operation, out map[string]any, add func(name string)) {
	rules := g.set.RequestRules(op.ID)
	for changed := true; changed; {
		changed = false
		for _, r := range rules {
			if !r.Holds(out) {
				continue
			}
			for _, name := range r.MustBeTrue {
				if out[name] != true {
					out[name], changed = true, true
				}
			}
			for _, name := range r.Required {
				if _, has := out[name]; !has {
					add(name)
					if _, added := out[name]; added { // one it cannot add is named once, not tried forever
						changed = true
					}
				}
			}
		}
	}
}

// leftOut: the operation's override leaves the field out (exampleLeftOut).
func (g *exampleGenerator) leftOut(opID, name string) bool {
	v, ok := g.overrides[opID][name]
	if ok && v == exampleLeftOut {
		g.usedOver[opID+"/"+name] = true
		return true
	}
	return false
}

// value builds the value of the field name, whose schemas are list.
// response: a response's (every property, null where allowed).
func (g *exampleGenerator) value(op Operation, name string, list []*jsonschema.Schema, file string, response bool) (any, bool) {
	if v, ok := g.given(op.ID, name, list, file); ok {
		return v, true
	}
	var f flat
	for _, p := range list {
		f.add(flatten(p))
	}
	switch {
	case len(f.constant) > 0:
		return f.constant[0], true
	case len(f.enum) > 0:
		return f.enum[0], true
	case len(f.props) > 0:
		return g.objectOf(op, f, file, response), true
	case f.items != nil:
		item, ok := g.item(op, name, f.items, file, response)
		if !ok {
			return nil, false
		}
		return []any{item}, true
	case response && slices.Contains(f.types, "null"):
		return nil, true
	}
	if v, ok := derived(list); ok {
		return v, true
	}
	g.fail("%s: add an example value for %s (schemas/%s)", op.ID, name, file)
	return nil, false
}

// item builds the one item of an array field.
func (g *exampleGenerator) item(op Operation, name string, items *jsonschema.Schema, file string, response bool) (any, bool) {
	f := flatten(items)
	switch {
	case len(f.props) > 0:
		return g.objectOf(op, f, file, response), true
	case len(f.constant) > 0:
		return f.constant[0], true
	case len(f.enum) > 0:
		return f.enum[0], true
	}
	if v, ok := derived([]*jsonschema.Schema{items}); ok {
		return v, true
	}
	g.fail("%s: add an example value for %s (schemas/%s)", op.ID, name, file)
	return nil, false
}

// exampleDate and exampleTime are the day and time of the examples' story:
// the value of a D field (A-2.0, format spec-date) and of a T field
// (spec-time) that the table has no value for.
const (
	exampleDate = "2026-03-02"
	exampleTime = "101500"
)

// derived is the value the schemas (list) of a field determine, read as
// Field reads them (describe): a D is exampleDate, a T exampleTime, a B
// false (in a query string "false"), a Dec(p,s) 10 written with s decimals
// (in a query string its literal), an N(n) 10 (1 when n is 1, the low end
// of its range when that is out of it; an integer
// where the schema allows one, else a string of digits), an integer or
// number with a minimum or maximum 10 brought within them. ok is false when
// the schemas determine no value (a free S(n), a reference, a name) or the
// value does not validate against every one of them.
func derived(list []*jsonschema.Schema) (any, bool) {
	if len(list) == 0 {
		return nil, false
	}
	f := Field{Scale: -1}
	var lo, hi *big.Rat
	for _, p := range list {
		describe(&f, p, map[*jsonschema.Schema]bool{})
		bounds(p, &lo, &hi, map[*jsonschema.Schema]bool{})
	}
	str := slices.Contains(f.Types, "string")
	integer := slices.Contains(f.Types, "integer")
	var v any
	switch {
	case f.Date && str:
		v = exampleDate
	case f.Time && str:
		v = exampleTime
	case slices.Contains(f.Types, "boolean"):
		v = false
	case f.Boolean && str:
		v = "false"
	case f.Precision > 0 && slices.Contains(f.Types, "number"):
		v = json.Number(tenWith(f.Scale, f.Precision))
	case f.LiteralPrecision > 0 && str:
		v = tenWith(f.LiteralScale, f.LiteralPrecision)
	case f.Digits > 0:
		n := "10"
		if f.Digits == 1 {
			n = "1"
		}
		if f.Range != nil && !f.Range.Holds(n) {
			n = fmt.Sprint(f.Range[0])
		}
		if integer || !str {
			v = json.Number(n)
		} else {
			v = n
		}
	case (lo != nil || hi != nil) && (integer || slices.Contains(f.Types, "number")):
		n := big.NewRat(10, 1)
		if lo != nil && n.Cmp(lo) < 0 {
			n = lo
		}
		if hi != nil && n.Cmp(hi) > 0 {
			n = hi
		}
		if !n.IsInt() {
			return nil, false
		}
		v = json.Number(n.Num().String())
	default:
		return nil, false
	}
	for _, p := range list {
		if p.Validate(v) != nil {
			return nil, false
		}
	}
	return v, true
}

// tenWith writes 10 with scale decimals (10.00 for Dec(18,2); 10 for a
// Dec(p) with no scale), or 1 where precision leaves no room for 10.
func tenWith(scale, precision int) string {
	whole := "10"
	if scale < 0 {
		scale = 0
	}
	if precision-scale < 2 {
		whole = "1"
	}
	if scale == 0 {
		return whole
	}
	return whole + "." + strings.Repeat("0", scale)
}

// bounds gathers the minimum (lo) and maximum (hi) a schema sets, through
// $ref, allOf, anyOf and oneOf: the tightest of each.
func bounds(x *jsonschema.Schema, lo, hi **big.Rat, seen map[*jsonschema.Schema]bool) {
	if x == nil || seen[x] {
		return
	}
	seen[x] = true
	if x.Minimum != nil && (*lo == nil || x.Minimum.Cmp(*lo) > 0) {
		*lo = x.Minimum
	}
	if x.Maximum != nil && (*hi == nil || x.Maximum.Cmp(*hi) < 0) {
		*hi = x.Maximum
	}
	bounds(x.Ref, lo, hi, seen)
	for _, list := range [][]*jsonschema.Schema{x.AllOf, x.AnyOf, x.OneOf} {
		for _, sub := range list {
			bounds(sub, lo, hi, seen)
		}
	}
}

// object builds a response from its schema.
func (g *exampleGenerator) object(op Operation, sch *jsonschema.Schema, file string) map[string]any {
	return g.objectOf(op, flatten(sch), file, true)
}

// objectOf builds an object of the properties f lists: in a response every
// one, in a request the required ones and those the table has a value for.
func (g *exampleGenerator) objectOf(op Operation, f flat, file string, response bool) map[string]any {
	out := map[string]any{}
	names := make([]string, 0, len(f.props))
	for name := range f.props {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		if g.leftOut(op.ID, name) {
			continue
		}
		if !response && !f.required[name] {
			if _, has := g.values[name]; !has {
				continue
			}
		}
		if v, ok := g.value(op, name, f.props[name], file, response); ok {
			out[name] = v
		}
	}
	return out
}

// flat is what a schema says of a value, through $ref, allOf, anyOf and
// oneOf: its types, const, enum, properties (a forbidden one left out),
// required properties and items.
type flat struct {
	types    []string
	constant []any
	enum     []any
	props    map[string][]*jsonschema.Schema
	required map[string]bool
	items    *jsonschema.Schema
}

func (f *flat) add(o flat) {
	f.types = append(f.types, o.types...)
	slices.Sort(f.types)
	f.types = slices.Compact(f.types)
	if len(f.constant) == 0 {
		f.constant = o.constant
	}
	if len(f.enum) == 0 {
		f.enum = o.enum
	}
	for name, list := range o.props {
		if f.props == nil {
			f.props = map[string][]*jsonschema.Schema{}
		}
		f.props[name] = append(f.props[name], list...)
	}
	for name := range o.required {
		if f.required == nil {
			f.required = map[string]bool{}
		}
		f.required[name] = true
	}
	if f.items == nil {
		f.items = o.items
	}
}

// flatten reads a schema into a flat.
func flatten(x *jsonschema.Schema) flat {
	f := flat{props: map[string][]*jsonschema.Schema{}, required: map[string]bool{}}
	forbidden := map[string]bool{}
	seen := map[*jsonschema.Schema]bool{}
	var walk func(*jsonschema.Schema)
	walk = func(x *jsonschema.Schema) {
		if x == nil || seen[x] {
			return
		}
		seen[x] = true
		f.types = append(f.types, x.Types...)
		if len(x.Constant) > 0 && len(f.constant) == 0 {
			f.constant = x.Constant
		}
		if len(x.Enum) > 0 && len(f.enum) == 0 {
			f.enum = x.Enum
		}
		for name, p := range x.Properties {
			if p.Always != nil && !*p.Always {
				forbidden[name] = true
				continue
			}
			f.props[name] = append(f.props[name], p)
		}
		for _, r := range x.Required {
			f.required[r] = true
		}
		if x.Items2020 != nil && f.items == nil {
			f.items = x.Items2020
		}
		if it, ok := x.Items.(*jsonschema.Schema); ok && f.items == nil {
			f.items = it
		}
		walk(x.Ref)
		for _, list := range [][]*jsonschema.Schema{x.AllOf, x.AnyOf, x.OneOf} {
			for _, sub := range list {
				walk(sub)
			}
		}
	}
	walk(x)
	for name := range forbidden {
		delete(f.props, name)
	}
	slices.Sort(f.types)
	f.types = slices.Compact(f.types)
	return f
}

// properties lists the top-level properties of a request schema (through
// $ref and allOf) and those it requires.
func properties(sch *jsonschema.Schema) (map[string][]*jsonschema.Schema, map[string]bool) {
	f := flatten(sch)
	return f.props, f.required
}
