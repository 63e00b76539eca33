// Package rules is the catalogue of the specification's statements that the
// suite checks or deliberately leaves alone: every rule has an id
// ("A-4.5#3": its clause, "#", a number unique within the clause), the
// sentence of document-a.md or document-b.md it rests on, quoted word for
// word, and a level that says what a target's failure to follow it means.
//
// Scenarios name the rules they check with a tag of the rule's id
// (@ #3); a step that checks an advisory rule names it in World.advise.
// The catalogue is the assertion audit an auditor reads: `wallet-conformance
// rules` prints it, and the report quotes the rule of every failed check.
package rules

import (
	"bytes"
	"embed"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"
)

// Level says what it means when a target does not follow a rule. The values
// are an append-only list: reports and tools match on them.
type Level string

const (
	// Normative: the spec states the rule; a target that breaks it FAILS.
	Normative Level = "normative"
	// Advisory: the spec implies the rule without stating it; a target that
	// breaks it gets a WARNING, which never fails the verdict.
	Advisory Level = "advisory"
	// Profile: the spec leaves a choice open and the target declares its
	// choice in its profile (Rule.Profile names the key); the suite holds the
	// target to what it declared.
	Profile Level = "profile"
	// Untestable: the spec states the rule but no black-box run can check it
	// (Rule.Note says why).
	Untestable Level = "untestable"
	// Open: the spec leaves the point open (not shown, no default, no error
	// named); the suite asserts nothing about it. Listed so an auditor sees
	// what is deliberately not checked.
	Open Level = "open"
)

// Levels lists every level in catalogue order.
func Levels() []Level { return []Level{Normative, Advisory, Profile, Untestable, Open} }

// Rule is one statement of the specification.
type Rule struct {
	ID         string   `yaml:"id" json:"id"`                               // "A-4.5#3"
	Quote      string   `yaml:"quote" json:"quote"`                         // the spec's words, verbatim
	Level      Level    `yaml:"level" json:"level"`                         // normative, advisory, profile, untestable, open
	Operations []string `yaml:"operations,omitempty" json:"operations"`     // operation IDs it applies to (schemas.Catalogue); none for a rule of every call
	Profile    string   `yaml:"profile,omitempty" json:"profile,omitempty"` // for level profile: the profile key the target declares
	Note       string   `yaml:"note,omitempty" json:"note,omitempty"`       // how it is checked; why advisory, open or untestable
	// Requests holds what the rule says of the requests of its operations
	// that the suite expects to succeed: the catalogue contradicts itself
	// when a scenario expects a success of a request that breaks one.
	Requests []RequestConstraint `yaml:"requests,omitempty" json:"requests,omitempty"`
	// Contract names the facts of its operations' contract (the request
	// schema and the catalogue row, package schemas) that the rule states,
	// each one of:
	//   - "success": the operation's success status (Operation.Success);
	//   - "required": every field the request schema requires that no
	//     "required F" of another rule of the operation names;
	//   - "required F": the field F the request schema requires;
	//   - "if F": each field a conditional rule of the request schema whose
	//     condition reads F requires (or holds true), but one an "if F: G"
	//     of another rule names;
	//   - "if F: G": the field G such a rule requires (or holds true);
	//   - "otherwise F" (and "otherwise F: G"): that a field such a rule
	//     requires stays optional when F holds another value (F false, or
	//     a value other than the rule's): stated only where the spec says
	//     so ("when false they are optional"), so a rule opts in;
	//   - "enum F": the values the request schema lists for F;
	//   - "range F": the range of values the request schema gives F
	//     (schemas.RangeKeyword, "1 to 100").
	// The reference server has a mutant for each fact (package reference,
	// generated from the contract) that the scenarios tagged with the rule
	// must kill; a fact no rule states is an error of its tests.
	Contract []Fact `yaml:"contract,omitempty" json:"contract,omitempty"`
}

// FactKind is what a Fact states of an operation's contract.
type FactKind string

const (
	FactSuccess  FactKind = "success"
	FactRequired FactKind = "required"
	FactIf       FactKind = "if"
	FactEnum     FactKind = "enum"
	FactRange    FactKind = "range"
	// FactOtherwise is stated only where the spec says what the other
	// value of a condition leaves optional: no rule need state it.
	FactOtherwise FactKind = "otherwise"
)

// Fact is one entry of Rule.Contract: a kind, the field it names ("" for
// success, and for required of every field no other rule names), and for
// "if F: G" the field G of the rule on F.
type Fact struct {
	Kind  FactKind
	Field string
	Then  string
}

// String is the fact as the catalogue writes it ("required countryCode").
func (f Fact) String() string {
	s := strings.TrimSpace(string(f.Kind) + " " + f.Field)
	if f.Then != "" {
		s += ": " + f.Then
	}
	return s
}

// UnmarshalYAML reads a fact from its text ("if useDifferentBillingAddress").
func (f *Fact) UnmarshalYAML(n *yaml.Node) error {
	var text string
	if err := n.Decode(&text); err != nil {
		return err
	}
	kind, field, _ := strings.Cut(strings.TrimSpace(text), " ")
	field, then, _ := strings.Cut(field, ":")
	*f = Fact{Kind: FactKind(kind), Field: strings.TrimSpace(field), Then: strings.TrimSpace(then)}
	switch {
	case strings.ContainsAny(f.Field+f.Then, " "):
	case f.Kind == FactSuccess && f.Field == "" && f.Then == "", f.Kind == FactRequired && f.Then == "":
	case f.Kind == FactIf && f.Field != "", f.Kind == FactOtherwise && f.Field != "", f.Kind == FactEnum && f.Field != "" && f.Then == "", f.Kind == FactRange && f.Field != "" && f.Then == "":
	default:
		return fmt.Errorf("line %d: contract fact %q is none of: success, required, required F, if F, if F: G, otherwise F, otherwise F: G, enum F, range F", n.Line, text)
	}
	return nil
}

// MarshalJSON writes a fact as its text.
func (f Fact) MarshalJSON() ([]byte, error) { return json.Marshal(f.String()) }

// RequestConstraint is a condition on a request body: when every field of
// When has its value, no field of Forbid may have its value. A value that
// begins with "$" is a profile key ("$accnoType", "$merchant.accno").
type RequestConstraint struct {
	When   map[string]string `yaml:"when,omitempty" json:"when,omitempty"`
	Forbid map[string]string `yaml:"forbid" json:"forbid"`
}

// Broken returns the fields of body that break c (in sorted order), with
// value resolving "$key" against the profile; nil when c holds. A field
// that is absent never matches.
func (c RequestConstraint) Broken(body map[string]any, value func(key string) string) []string {
	matches := func(field, want string) bool {
		if k, ok := strings.CutPrefix(want, "$"); ok {
			want = value(k)
		}
		got, ok := body[field].(string)
		return ok && want != "" && got == want
	}
	for f, v := range c.When {
		if !matches(f, v) {
			return nil
		}
	}
	var out []string
	for f, v := range c.Forbid {
		if matches(f, v) {
			out = append(out, f)
		}
	}
	sort.Strings(out)
	return out
}

// Clause returns the clause of the rule: "A-4.5" of "A-4.5#3".
func (r Rule) Clause() string { c, _, _ := strings.Cut(r.ID, "#"); return c }

// Number returns the rule's number within its clause: 3 of "A-4.5#3".
func (r Rule) Number() int {
	_, n, _ := strings.Cut(r.ID, "#")
	i, _ := strconv.Atoi(n)
	return i
}

// Catalogue is the loaded set of rules, in clause order.
type Catalogue struct {
	rules []Rule
	byID  map[string]int
}

//go:embed *.yaml
var files embed.FS

// FS returns the embedded catalogue files.
func FS() fs.FS { return files }

var idPattern = regexp.MustCompile(`^[AB]-[0-9]+(\.[0-9]+)?#[1-9][0-9]*$`)

// IsRuleTag reports whether a tag (without "@") names a rule, e.g. "A-4.5#3".
func IsRuleTag(tag string) bool { return idPattern.MatchString(tag) }

// Load reads the embedded catalogue.
func Load() (*Catalogue, error) { return LoadFS(files) }

// LoadFS reads every *.yaml file of fsys, each a list of rules under the
// key "rules", and checks them: ids well formed and unique, a quote and a
// known level on every rule, a profile key on every profile rule.
func LoadFS(fsys fs.FS) (*Catalogue, error) {
	names, err := fs.Glob(fsys, "*.yaml")
	if err != nil {
		return nil, err
	}
	sort.Strings(names)
	c := &Catalogue{byID: map[string]int{}}
	var errs []string
	for _, name := range names {
		data, err := fs.ReadFile(fsys, name)
		if err != nil {
			return nil, err
		}
		var doc struct {
			Rules []Rule `yaml:"rules"`
		}
		dec := yaml.NewDecoder(bytes.NewReader(data))
		dec.KnownFields(true)
		if err := dec.Decode(&doc); err != nil {
			return nil, fmt.Errorf("rules/%s: %w", name, err)
		}
		for _, r := range doc.Rules {
			r.Quote = strings.TrimSpace(r.Quote)
			switch {
			case !idPattern.MatchString(r.ID):
				errs = append(errs, fmt.Sprintf("%s: %q is not a rule id such as A-4.5#3", name, r.ID))
				continue
			case r.Quote == "":
				errs = append(errs, fmt.Sprintf("%s: %s quotes no sentence of the spec", name, r.ID))
			case !knownLevel(r.Level):
				errs = append(errs, fmt.Sprintf("%s: %s has level %q, not one of %v", name, r.ID, r.Level, Levels()))
			case r.Level == Profile && r.Profile == "":
				errs = append(errs, fmt.Sprintf("%s: %s is a profile rule without the profile key", name, r.ID))
			case r.Level != Normative && r.Level != Profile && r.Note == "":
				errs = append(errs, fmt.Sprintf("%s: %s is %s without a note saying why", name, r.ID, r.Level))
			case len(r.Requests) > 0 && len(r.Operations) == 0:
				errs = append(errs, fmt.Sprintf("%s: %s constrains requests without naming their operations", name, r.ID))
			case len(r.Contract) > 0 && (len(r.Operations) == 0 || r.Level != Normative):
				errs = append(errs, fmt.Sprintf("%s: %s states facts of a contract without being a normative rule naming its operations", name, r.ID))
			}
			if _, dup := c.byID[r.ID]; dup {
				errs = append(errs, fmt.Sprintf("%s: %s is defined twice", name, r.ID))
				continue
			}
			c.byID[r.ID] = len(c.rules)
			c.rules = append(c.rules, r)
		}
	}
	if len(errs) > 0 {
		return nil, fmt.Errorf("rules: %s", strings.Join(errs, "; "))
	}
	sort.SliceStable(c.rules, func(i, j int) bool { return Less(c.rules[i].ID, c.rules[j].ID) })
	for i, r := range c.rules {
		c.byID[r.ID] = i
	}
	return c, nil
}

func knownLevel(l Level) bool {
	for _, k := range Levels() {
		if l == k {
			return true
		}
	}
	return false
}

// All returns every rule in clause order, then by number.
func (c *Catalogue) All() []Rule { return append([]Rule(nil), c.rules...) }

// Rule returns the rule with the given id.
func (c *Catalogue) Rule(id string) (Rule, bool) {
	i, ok := c.byID[strings.TrimPrefix(id, "@")]
	if !ok {
		return Rule{}, false
	}
	return c.rules[i], true
}

// Less orders rule ids, and clause tags, as the spec orders clauses (A
// before B, then by each number: "A-4.2" < "A-4.10"), then by rule number.
func Less(a, b string) bool {
	ka, kb := key(a), key(b)
	for i := 0; i < len(ka) && i < len(kb); i++ {
		if ka[i] != kb[i] {
			return ka[i] < kb[i]
		}
	}
	return len(ka) < len(kb)
}

func key(id string) []int {
	var k []int
	if id != "" {
		k = append(k, int(id[0]))
	}
	n, in := 0, false
	for _, r := range id {
		switch {
		case r >= '0' && r <= '9':
			n, in = n*10+int(r-'0'), true
		case in:
			k, n, in = append(k, n), 0, false
		}
	}
	if in {
		k = append(k, n)
	}
	return k
}

// Spec is the text of the specification's two documents, for checking that
// a quote is the spec's own words.
type Spec struct {
	a, b string // normalised text of document-a.md and document-b.md
}

// SpecDirVar names the environment variable that points at the folder of
// the spec's two documents. When it is set, a test that quotes the spec
// must find them there (the project's CI sets it); when it is not, the
// documents are looked for beside the clone (../shared/spec, as CI lays
// them out), and a test that needs them skips where they are not: a user's
// clone has no spec beside it.
const SpecDirVar = "WALLET_SPEC_DIR"

// FindSpec loads the spec for a test run from the package directory dir
// (a test's working directory): from $WALLET_SPEC_DIR when set, else from
// ../shared/spec beside the clone. required reports whether the variable
// was set, so that a spec not found is a failure, not a skip.
func FindSpec(dir string) (spec *Spec, from string, required bool, err error) {
	from, required = os.LookupEnv(SpecDirVar)
	if !required || from == "" {
		required = false
		from = filepath.Join(dir, "..", "..", "shared", "spec")
	}
	spec, err = LoadSpec(from)
	return spec, from, required, err
}

// LoadSpec reads document-a.md and document-b.md from dir.
func LoadSpec(dir string) (*Spec, error) {
	var texts [2]string
	for i, name := range []string{"document-a.md", "document-b.md"} {
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			return nil, err
		}
		texts[i] = normalise(string(data))
	}
	return &Spec{a: texts[0], b: texts[1]}, nil
}

// Holds reports whether document doc ('A' or 'B'; any other byte means
// either) holds quote word for word: the quote, or each of its parts joined
// by " … ", in that order. Markdown's table pipes, backticks and emphasis
// and runs of white space do not count.
func (s *Spec) Holds(doc byte, quote string) bool {
	switch doc {
	case 'A':
		return holds(s.a, quote)
	case 'B':
		return holds(s.b, quote)
	}
	return holds(s.a, quote) || holds(s.b, quote)
}

func holds(text, quote string) bool {
	at := 0
	for _, part := range strings.Split(quote, "…") {
		part = normalise(part)
		if part == "" {
			continue
		}
		i := strings.Index(text[at:], part)
		if i < 0 {
			return false
		}
		at += i + len(part)
	}
	return true
}

// normalise makes a quote and the spec comparable.
func normalise(s string) string {
	s = strings.NewReplacer("`", "", "|", " ", "*", "").Replace(s)
	return strings.Join(strings.Fields(s), " ")
}
