package schemas

import (
	"bytes"
	"encoding/json"
	"regexp"
	"slices"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v5"
)

// Rule is a conditional rule of an operation's request (A-2.2, B-4.1 ...) as
// its request schema states it: an if/then of the schema (or of a schema it
// reaches through $ref and allOf), or a dependentRequired entry. When every
// condition holds (a condition is skipped when its name is ""), the fields
// of Required are required and those of MustBeTrue must be true.
type Rule struct {
	// IfTrue: the boolean field is true
	// (if: {"properties": {F: {"const": true}}, "required": [F]}).
	IfTrue string
	// IfPresent: the field is given (if: {"required": [F]}, or
	// "dependentRequired": {F: [...]}).
	IfPresent string
	// IfAbsent: the field is not given (if: {"not": {"required": [F]}}).
	IfAbsent string
	// IfEquals: the field is given with the string Value
	// (if: {"properties": {F: {"const": "SHIP"}}, "required": [F]}).
	IfEquals, Value string
	// Required are the fields the rule requires (then's "required").
	Required []string
	// MustBeTrue are the boolean fields the rule holds to true
	// (then: {"properties": {F: {"const": true}}}).
	MustBeTrue []string
}

// RequestRules returns the conditional rules of an operation's request, in
// the order of the schema (its allOf, then its dependentRequired by field
// name). An if/then of a shape not above is returned with no condition and
// no fields, so that a reader comparing rules sees it. nil for an unknown
// operation.
func (s *Set) RequestRules(opID string) []Rule {
	sch, err := s.schema(opID + ".request.json")
	if err != nil {
		return nil
	}
	var out []Rule
	visited := map[*jsonschema.Schema]bool{}
	var walk func(*jsonschema.Schema)
	walk = func(x *jsonschema.Schema) {
		if x == nil || visited[x] {
			return
		}
		visited[x] = true
		if x.If != nil && x.Then != nil {
			out = append(out, ruleOf(x.If, x.Then))
		}
		walk(x.Ref)
		for _, sub := range x.AllOf {
			walk(sub)
		}
		names := make([]string, 0, len(x.DependentRequired))
		for name := range x.DependentRequired {
			names = append(names, name)
		}
		slices.Sort(names)
		for _, name := range names {
			out = append(out, Rule{IfPresent: name, Required: slices.Clone(x.DependentRequired[name])})
		}
	}
	walk(sch)
	return out
}

// ruleOf reads one if/then.
func ruleOf(cond, then *jsonschema.Schema) Rule {
	var r Rule
	switch {
	case cond.Not != nil && len(cond.Not.Required) == 1 && len(cond.Properties) == 0:
		r.IfAbsent = cond.Not.Required[0]
	case len(cond.Required) == 1 && len(cond.Properties) == 0:
		r.IfPresent = cond.Required[0]
	case len(cond.Required) == 1 && len(cond.Properties) == 1 && isConstTrue(cond.Properties[cond.Required[0]]):
		r.IfTrue = cond.Required[0]
	case len(cond.Required) == 1 && len(cond.Properties) == 1 && isConstString(cond.Properties[cond.Required[0]]):
		r.IfEquals, r.Value = cond.Required[0], cond.Properties[cond.Required[0]].Constant[0].(string)
	default:
		return Rule{}
	}
	r.Required = slices.Clone(then.Required)
	for name, p := range then.Properties {
		if isConstTrue(p) {
			r.MustBeTrue = append(r.MustBeTrue, name)
		}
	}
	slices.Sort(r.MustBeTrue)
	return r
}

func isConstTrue(x *jsonschema.Schema) bool {
	return x != nil && len(x.Constant) == 1 && x.Constant[0] == true
}

func isConstString(x *jsonschema.Schema) bool {
	if x == nil || len(x.Constant) != 1 {
		return false
	}
	_, ok := x.Constant[0].(string)
	return ok
}

// Understood reports whether the rule has a condition of a shape above: a
// rule of another shape would be enforced by no one who reads the rules.
func (r Rule) Understood() bool {
	return r.IfTrue != "" || r.IfPresent != "" || r.IfAbsent != "" || r.IfEquals != ""
}

// Holds reports whether the rule's condition holds for the request fields
// (a field is given when the map has it).
func (r Rule) Holds(fields map[string]any) bool {
	field, state := r.condition()
	v, has := fields[field]
	switch state {
	case "":
		return false
	case "true":
		return v == true
	case "given":
		return has
	case "absent":
		return !has
	}
	return has && v == state
}

// OnValue reports whether the rule's condition is a value of its field
// (true, or a string), not the field's presence or absence.
func (r Rule) OnValue() bool { return r.IfTrue != "" || r.IfEquals != "" }

// Otherwise is the rule's condition not holding while its field is given:
// the field false, or a value other than the rule's. ok is false for a
// condition on presence, whose other side is the field's absence.
func (r Rule) Otherwise() (when, slug string, ok bool) {
	field, state := r.condition()
	switch state {
	case "true":
		return "when " + field + " is false", strings.ToLower("if-" + field + "-false"), true
	case "", "given", "absent":
		return "", "", false
	}
	return "when " + field + " is given but not " + state, strings.ToLower("if-" + field + "-not-" + state), true
}

// Condition is the field the rule's condition reads.
func (r Rule) Condition() string {
	field, _ := r.condition()
	return field
}

// condition is the field the rule's condition reads and what it asks of
// it: "true", "given", "absent", or the string it must hold.
func (r Rule) condition() (field, state string) {
	switch {
	case r.IfTrue != "":
		return r.IfTrue, "true"
	case r.IfPresent != "":
		return r.IfPresent, "given"
	case r.IfAbsent != "":
		return r.IfAbsent, "absent"
	case r.IfEquals != "":
		return r.IfEquals, r.Value
	}
	return "", ""
}

// When is the rule's condition in words ("when useDifferentBillingAddress
// is true").
func (r Rule) When() string {
	field, state := r.condition()
	switch state {
	case "":
		return "(a condition of no shape above)"
	case "absent":
		state = "not given"
	}
	return "when " + field + " is " + state
}

// Slug is the rule's condition as a name's part
// ("if-usedifferentbillingaddress-true").
func (r Rule) Slug() string {
	field, state := r.condition()
	return strings.ToLower("if-" + field + "-" + state)
}

// PathFields returns the path parameters of op, in the order of its path,
// typed as the contract types them (pathParamSchemas): required strings of
// their S(n). A parameter the contract does not type has MaxLength 0.
func PathFields(op Operation) []Field {
	var out []Field
	for _, m := range pathParam.FindAllStringSubmatch(op.Path, -1) {
		f := Field{Name: m[1], Types: []string{"string"}, Required: true, Scale: -1}
		if n, ok := pathParamSchemas[m[1]]["maxLength"].(int); ok {
			f.MaxLength = n
		}
		out = append(out, f)
	}
	return out
}

// RequestOrder returns the names of the top-level fields of an operation's
// request in the order of the spec's table, as the request schema file
// writes them: the schema's own properties in the order of the file; the
// properties of a block it reaches through allOf (A-2.2's CB, BZ, BB) right
// after the flag whose rule requires them (useDifferentCorrespondenceAddress
// ...), or after its own properties when no rule names them; the envelope's
// (envelope.request.json) that the schema does not list, last. A block of
// the body that holds its own flag (defs KCPaymentBody, the fields B-4.15
// shares with B-4.14) comes after the schema's own properties; a property of
// the schema placed by "x-after": NAME (B-4.14's programCode, between
// merchantAccno and programAccno) comes right after the field NAME. A
// forbidden property (false) is left out. nil for an unknown operation.
func (s *Set) RequestOrder(opID string) []string {
	own, blocks, err := s.rawProperties(opID + ".request.json")
	if err != nil {
		return nil
	}
	forbidden := map[string]bool{}
	isOwn := map[string]bool{}
	for _, f := range own {
		isOwn[f.name] = true
		if f.forbidden {
			forbidden[f.name] = true
		}
	}
	var order []string
	seen := map[string]bool{}
	add := func(name string) {
		if !seen[name] && !forbidden[name] {
			seen[name] = true
			order = append(order, name)
		}
	}
	rules := s.RequestRules(opID)
	// after[flag] are the blocks a rule triggered by flag requires fields of.
	after := map[string][][]string{}
	var loose [][]string
	for _, b := range blocks {
		flag := ""
		for _, r := range rules {
			if r.IfTrue != "" && slices.ContainsFunc(r.Required, func(n string) bool { return slices.Contains(b.names, n) }) {
				flag = r.IfTrue
				break
			}
		}
		switch {
		case b.envelope:
			continue
		case flag != "" && isOwn[flag]:
			after[flag] = append(after[flag], b.names)
		default:
			loose = append(loose, b.names)
		}
	}
	for _, f := range own {
		add(f.name)
		for _, b := range after[f.name] {
			for _, n := range b {
				add(n)
			}
		}
	}
	for _, b := range loose {
		for _, n := range b {
			add(n)
		}
	}
	for _, b := range blocks {
		if b.envelope {
			for _, n := range b.names {
				add(n)
			}
		}
	}
	for _, f := range own {
		i, j := slices.Index(order, f.name), slices.Index(order, f.after)
		if f.after == "" || i < 0 || j < 0 {
			continue
		}
		order = slices.Delete(order, i, i+1)
		j = slices.Index(order, f.after)
		order = slices.Insert(order, j+1, f.name)
	}
	return order
}

// rawProperty is one property of a schema file, in the order of the file.
type rawProperty struct {
	name      string
	forbidden bool   // the property's schema is false
	after     string // its "x-after": the field it follows in the spec's table
}

// rawBlock is the properties of a schema reached through allOf.
type rawBlock struct {
	names    []string
	envelope bool // the request envelope (envelope.request.json)
}

var refPattern = regexp.MustCompile(`^([^#]*)(?:#/\$defs/(\w+))?$`)

// rawProperties reads the properties of a schema file in their order, and
// those of each schema its allOf reaches through $ref (and their own allOf).
func (s *Set) rawProperties(name string) ([]rawProperty, []rawBlock, error) {
	data, err := s.read(name)
	if err != nil {
		return nil, nil, err
	}
	var doc struct {
		Properties json.RawMessage `json:"properties"`
		AllOf      []struct {
			Ref string `json:"$ref"`
		} `json:"allOf"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		return nil, nil, err
	}
	own, err := orderedKeys(doc.Properties)
	if err != nil {
		return nil, nil, err
	}
	var blocks []rawBlock
	for _, sub := range doc.AllOf {
		m := refPattern.FindStringSubmatch(sub.Ref)
		if sub.Ref == "" || m == nil {
			continue
		}
		file := m[1]
		if m[2] == "" {
			props, more, err := s.rawProperties(file)
			if err != nil {
				return nil, nil, err
			}
			b := rawBlock{envelope: file == "envelope.request.json"}
			for _, p := range props {
				b.names = append(b.names, p.name)
			}
			blocks = append(blocks, b)
			blocks = append(blocks, more...)
			continue
		}
		defs, err := s.read(file)
		if err != nil {
			return nil, nil, err
		}
		var d struct {
			Defs map[string]struct {
				Properties json.RawMessage `json:"properties"`
			} `json:"$defs"`
		}
		if err := json.Unmarshal(defs, &d); err != nil {
			return nil, nil, err
		}
		props, err := orderedKeys(d.Defs[m[2]].Properties)
		if err != nil {
			return nil, nil, err
		}
		if len(props) == 0 {
			continue
		}
		var b rawBlock
		for _, p := range props {
			b.names = append(b.names, p.name)
		}
		blocks = append(blocks, b)
	}
	return own, blocks, nil
}

// orderedKeys returns the keys of a JSON object in the order written.
func orderedKeys(raw json.RawMessage) ([]rawProperty, error) {
	if len(raw) == 0 {
		return nil, nil
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	if _, err := dec.Token(); err != nil { // {
		return nil, err
	}
	var out []rawProperty
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, err
		}
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return nil, err
		}
		var place struct {
			After string `json:"x-after"`
		}
		_ = json.Unmarshal(v, &place) // a boolean schema has no place
		out = append(out, rawProperty{name: tok.(string), forbidden: strings.TrimSpace(string(v)) == "false", after: place.After})
	}
	return out, nil
}
