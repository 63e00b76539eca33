package reference

import (
	"fmt"
	"slices"
	"sync"

	"github.com/wallet-conformance/wallet-conformance/schemas"
)

// The reference validates a request from the operation's request schema
// (schemas/*.request.json), the one list of its fields, their types,
// lengths and conditional rules: contractSpec builds its fieldSpec from
// it. What the reference checks beyond what a schema states is below, and
// only that.

// contractSet is the embedded schema set the specs are read from.
var contractSet = sync.OnceValue(func() *schemas.Set {
	set, err := schemas.Load()
	if err != nil {
		panic(fmt.Sprintf("reference: the embedded schemas do not load: %v", err))
	}
	return set
})

// languageTagFields are the S fields whose value the reference holds to an
// RFC 4646 language tag. names the format; refusing a value that is
// no tag is advisory (A-2.4#8), so the request schema leaves it open and
// the reference makes the choice.
var languageTagFields = []string{"culture"}

// ignoredFields are fields a request schema allows that the reference
// leaves unread, by operation: Issue Token's partnerReference, which
// A-4.1's body line does not list ("Body: password S(128) required;
// localDate D required; localTime T required."); either reading conforms
// (A-4.1#5), and the reference reads the body line.
var ignoredFields = map[string][]string{
	schemas.IssueToken: {"partnerReference"},
}

// extraRules are the conditional rules of an operation that a request
// schema cannot state, by operation.
var extraRules = map[string][]condRule{
	// B-4.1 use case 1, guest payment: "storedPaymentOptionReference S(36)
	// (may be supplied when paymentOptionCode is not)": without it,
	// paymentOptionCode is needed; "houseNumber (when not included in
	// addr1)": a schema cannot read addr1 for a house number.
	schemas.InitAuthorize: {
		{ifAbsent: "storedPaymentOptionReference", fields: []string{"paymentOptionCode"}},
		{ifAbsent: "storedPaymentOptionReference", trigger: "useDifferentBillingAddress", ifNoDigit: "addr1", fields: []string{"houseNumber"}},
	},
}

// contractSpec is the fieldSpec of an operation of the catalogue, read from
// its request schema and path: the path parameters (schemas.PathFields)
// first, then the request's fields in the order of the spec's table
// (schemas.Set.RequestOrder), a body field that the path carries too
// taken as the path's; the schema's conditional rules
// (schemas.Set.RequestRules), then extraRules.
func contractSpec(opID string) fieldSpec { return contractSpecOf(contractSet(), opID) }

// contractSpecOf is contractSpec read from the contract set.
func contractSpecOf(set *schemas.Set, opID string) fieldSpec {
	op, ok := schemas.Lookup(opID)
	if !ok {
		panic("reference: no operation " + opID + " in the catalogue")
	}
	var s fieldSpec
	inPath := map[string]bool{}
	for _, f := range schemas.PathFields(op) {
		s.fields = append(s.fields, fieldOf(f).path())
		inPath[f.Name] = true
	}
	byName := map[string]schemas.Field{}
	for _, f := range set.RequestFields(opID) {
		byName[f.Name] = f
	}
	for _, name := range set.RequestOrder(opID) {
		f, ok := byName[name]
		if !ok || inPath[name] || slices.Contains(ignoredFields[opID], name) {
			continue
		}
		s.fields = append(s.fields, fieldOf(f))
	}
	for _, r := range set.RequestRules(opID) {
		s.rules = append(s.rules, condRule{
			trigger: r.IfTrue, ifPresent: r.IfPresent, ifAbsent: r.IfAbsent, ifEquals: r.IfEquals, value: r.Value,
			fields: slices.Clone(r.Required), mustBeTrue: slices.Clone(r.MustBeTrue),
		})
	}
	for _, r := range extraRules[opID] {
		r.fields, r.mustBeTrue = slices.Clone(r.fields), slices.Clone(r.mustBeTrue)
		s.rules = append(s.rules, r)
	}
	return s
}

// fieldOf is the field of the validator that a field of the contract is.
func fieldOf(c schemas.Field) field {
	var f field
	switch {
	case c.Date:
		f = date(c.Name)
	case c.Time:
		f = clock(c.Name)
	case c.Boolean:
		f = boolean(c.Name)
	case c.Precision > 0:
		f = field{name: c.Name, kind: kindDec, max: c.Precision, scale: max(c.Scale, 0)}
	case c.LiteralPrecision > 0:
		// A query string's decimal literal: its pattern admits zero.
		f = field{name: c.Name, kind: kindDec, max: c.LiteralPrecision, scale: c.LiteralScale, zero: true}
	case c.Digits > 0:
		f = digits(c.Name, c.Digits)
		f.rng = c.Range
	case c.Allows("array") && len(c.Types) > 0:
		f = criteria(c.Name)
	default:
		n := c.MaxLength
		if n == 0 {
			n = unbounded
		}
		f = str(c.Name, n)
		if slices.Contains(languageTagFields, c.Name) {
			f = f.languageTag()
		}
		for _, v := range c.Enum {
			if v, ok := v.(string); ok {
				f.oneOf = append(f.oneOf, v)
			}
		}
	}
	f.required = c.Required
	return f
}
