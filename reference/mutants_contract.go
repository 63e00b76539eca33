package reference

import (
	"fmt"
	"net/http"
	"slices"
	"strings"
	"sync"

	"github.com/wallet-conformance/wallet-conformance/rules"
	"github.com/wallet-conformance/wallet-conformance/schemas"
)

// The contract's mutants are generated, not written: one for each fact of
// an operation's contract (its request schema and its catalogue row) that a
// rule of the catalogue states (rules.Rule.Contract), each breaking that
// fact alone:
//
//   - a field the request schema requires is optional
//     ("kc-authorize-accnotype-optional");
//   - a field a conditional rule requires, or holds true, is not held to it
//     when the rule's condition holds
//     ("kc-authorize-city-optional-if-usedifferentbillingaddress-true");
//   - a field a conditional rule requires is required also when the
//     condition's field holds another value, where a rule states that it
//     is then optional ("otherwise F": "create-account-businesscity-required-if-isbusinessuser-false");
//   - a field of listed values takes any value ("...-deliverymethod-any-value");
//   - a field of a range of values takes one out of it ("...-top-out-of-range");
//   - a success answers the other 2xx status of A-7 ("kc-authorize-status-201").
//
// A new field, rule or operation of the contract brings its mutants along;
// the scenarios tagged with the stating rule must kill each
// (runner's TestEveryMutantIsKilled), and a generic probe proves each
// observable (TestContractMutantsAreObservable).

// contractFault is the fault of one generated mutant.
type contractFault struct {
	mutant Mutant
	op     schemas.Operation
	kind   rules.FactKind
	field  string       // the field the fault is of (none for success)
	cond   schemas.Rule // for FactIf and FactOtherwise: the conditional rule
	status int          // for FactSuccess: the status answered instead
}

// contractCatalogue holds the generated mutants, and the facts of the
// contract no rule states (or rules stating what the contract lacks),
// which TestEveryContractFactIsStated reports.
type contractCatalogue struct {
	faults   []contractFault
	byName   map[string]contractFault
	problems []string
}

// contractMutants is generated once from the embedded schemas and rules.
var contractMutants = sync.OnceValue(func() *contractCatalogue {
	cat, err := rules.Load()
	if err != nil {
		panic(fmt.Sprintf("reference: the embedded rules do not load: %v", err))
	}
	return generateContractMutants(contractSet(), schemas.Catalogue(), cat.All())
})

// statement is one fact a rule states; used once a fault found it.
type statement struct {
	rule rules.Rule
	fact rules.Fact
	used bool
}

// generateContractMutants generates the mutants of the contract set gives
// the operations ops, each stated by a rule of all.
func generateContractMutants(set *schemas.Set, ops []schemas.Operation, all []rules.Rule) *contractCatalogue {
	c := &contractCatalogue{byName: map[string]contractFault{}}
	var statements []*statement
	for _, r := range all {
		for _, f := range r.Contract {
			statements = append(statements, &statement{rule: r, fact: f})
		}
	}
	// find returns the rule of op stating the fact of kind on field (and,
	// for FactIf, the rule's field then): a rule naming it exactly first
	// ("required countryCode", "if F: G"), else the one stating the kind for
	// every field left ("required", "if F").
	find := func(op string, kind rules.FactKind, field, then string) (rules.Rule, bool) {
		var exact, general []*statement
		for _, s := range statements {
			if s.fact.Kind != kind || !slices.Contains(s.rule.Operations, op) {
				continue
			}
			switch {
			case kind == rules.FactRequired && s.fact.Field == field, (kind == rules.FactIf || kind == rules.FactOtherwise) && s.fact.Field == field && s.fact.Then == then,
				(kind == rules.FactEnum || kind == rules.FactRange) && s.fact.Field == field, kind == rules.FactSuccess:
				exact = append(exact, s)
			case kind == rules.FactRequired && s.fact.Field == "", (kind == rules.FactIf || kind == rules.FactOtherwise) && s.fact.Field == field && s.fact.Then == "":
				general = append(general, s)
			}
		}
		for _, list := range [][]*statement{exact, general} {
			if len(list) > 1 {
				var ids []string
				for _, s := range list {
					ids = append(ids, s.rule.ID)
				}
				c.problems = append(c.problems, fmt.Sprintf("%s: %s %s is stated by %d rules (%s)", op, kind, field+then, len(list), strings.Join(ids, ", ")))
			}
			if len(list) > 0 {
				list[0].used = true
				return list[0].rule, true
			}
		}
		return rules.Rule{}, false
	}
	add := func(f contractFault, fact string) {
		r, ok := find(f.op.ID, f.kind, f.field, "")
		if f.kind == rules.FactIf || f.kind == rules.FactOtherwise {
			r, ok = find(f.op.ID, f.kind, f.cond.Condition(), f.field)
		}
		if !ok && f.kind == rules.FactOtherwise {
			return // stated only where the spec says so (rules.FactOtherwise)
		}
		if !ok {
			c.problems = append(c.problems, fmt.Sprintf("%s (%s): no rule of its clause states %s (rules' contract: %q)", f.op.Name, f.op.ID, fact, factText(f)))
			return
		}
		f.mutant.Clause, f.mutant.Rule = r.Clause(), r.ID
		c.faults = append(c.faults, f)
		c.byName[f.mutant.Name] = f
	}
	for _, op := range ops {
		fields := map[string]schemas.Field{}
		for _, f := range set.RequestFields(op.ID) {
			fields[f.Name] = f
		}
		required := map[string]bool{}
		for _, name := range set.RequestOrder(op.ID) {
			f, ok := fields[name]
			if !ok || slices.Contains(ignoredFields[op.ID], name) || pathParameter(op, name) {
				continue
			}
			if f.Required {
				required[name] = true
				add(contractFault{op: op, kind: rules.FactRequired, field: name, mutant: Mutant{
					Name:        kebab(op.ID, name, "optional"),
					Description: fmt.Sprintf("%s accepts a request without %s", op.Name, name),
				}}, "that "+name+" is required")
			}
			if len(f.Enum) > 0 {
				add(contractFault{op: op, kind: rules.FactEnum, field: name, mutant: Mutant{
					Name:        kebab(op.ID, name, "any-value"),
					Description: fmt.Sprintf("%s accepts a %s of any value, not only %v", op.Name, name, f.Enum),
				}}, "the values of "+name)
			}
			if f.Range != nil {
				add(contractFault{op: op, kind: rules.FactRange, field: name, mutant: Mutant{
					Name:        kebab(op.ID, name, "out-of-range"),
					Description: fmt.Sprintf("%s accepts a %s out of %s", op.Name, name, f.Range),
				}}, "the range of "+name)
			}
		}
		for _, r := range set.RequestRules(op.ID) {
			if !r.Understood() {
				continue
			}
			for _, name := range slices.Concat(r.Required, r.MustBeTrue) {
				if required[name] && !slices.Contains(r.MustBeTrue, name) {
					continue // required whatever the condition: dropping it from the rule changes nothing
				}
				what, held := "without "+name, "optional"
				if slices.Contains(r.MustBeTrue, name) {
					what, held = "with "+name+" false", "may-be-false"
				}
				add(contractFault{op: op, kind: rules.FactIf, field: name, cond: r, mutant: Mutant{
					Name:        kebab(op.ID, name, held, r.Slug()),
					Description: fmt.Sprintf("%s accepts a request %s %s", op.Name, what, r.When()),
				}}, "the rule "+r.When())
			}
			if when, slug, ok := r.Otherwise(); ok {
				for _, name := range r.Required {
					if required[name] {
						continue
					}
					add(contractFault{op: op, kind: rules.FactOtherwise, field: name, cond: r, mutant: Mutant{
						Name:        kebab(op.ID, name, "required", slug),
						Description: fmt.Sprintf("%s refuses a request without %s %s", op.Name, name, when),
					}}, "what the rule leaves optional "+when)
				}
			}
		}
		if op.Success != 0 {
			other := http.StatusCreated
			if op.Success == http.StatusCreated {
				other = http.StatusOK
			}
			add(contractFault{op: op, kind: rules.FactSuccess, status: other, mutant: Mutant{
				Name:        kebab(op.ID, "status", fmt.Sprint(other)),
				Description: fmt.Sprintf("%s answers a success with HTTP %d instead of %d", op.Name, other, op.Success),
			}}, fmt.Sprintf("its success status %d", op.Success))
		}
	}
	for _, s := range statements {
		if !s.used {
			c.problems = append(c.problems, fmt.Sprintf("%s states %q of %v, which their contract does not have", s.rule.ID, s.fact, s.rule.Operations))
		}
	}
	return c
}

// factText is the contract entry a rule needs to state f.
func factText(f contractFault) string {
	switch f.kind {
	case rules.FactSuccess:
		return "success"
	case rules.FactIf, rules.FactOtherwise:
		return string(f.kind) + " " + f.cond.Condition()
	default:
		return string(f.kind) + " " + f.field
	}
}

// pathParameter reports whether name is a parameter of op's path.
func pathParameter(op schemas.Operation, name string) bool {
	return strings.Contains(op.Path, "{"+name+"}")
}

// kebab joins the parts of a generated mutant's name, in lower case.
func kebab(parts ...string) string {
	return strings.ToLower(strings.Join(parts, "-"))
}

// contractFaultOf returns the generated fault the handler runs, if any.
func (h *handler) contractFaultOf(op string) (contractFault, bool) {
	f, ok := contractMutants().byName[h.cfg.Mutant]
	return f, ok && f.op.ID == op
}

// contractSpecMutation breaks the fact of op's request schema that the
// handler's generated mutant is of.
func (h *handler) contractSpecMutation(op string, s fieldSpec) fieldSpec {
	f, ok := h.contractFaultOf(op)
	if !ok {
		return s
	}
	return breakFact(f, s)
}

// breakFact is s with the fact of f broken.
func breakFact(f contractFault, s fieldSpec) fieldSpec {
	switch f.kind {
	case rules.FactRequired:
		s.update(f.field, func(x *field) { x.required = false })
	case rules.FactEnum:
		s.update(f.field, func(x *field) { x.oneOf = nil })
	case rules.FactRange:
		s.update(f.field, func(x *field) { x.rng = nil })
	case rules.FactIf:
		for i, r := range s.rules {
			if r.trigger == f.cond.IfTrue && r.ifPresent == f.cond.IfPresent && r.ifAbsent == f.cond.IfAbsent &&
				r.ifEquals == f.cond.IfEquals && r.value == f.cond.Value && r.ifNoDigit == "" {
				s.rules[i].fields = without(r.fields, f.field)
				s.rules[i].mustBeTrue = without(r.mustBeTrue, f.field)
			}
		}
	case rules.FactOtherwise:
		// required whenever the condition's field is given: its other
		// values too
		s.rules = append(s.rules, condRule{ifPresent: f.cond.Condition(), fields: []string{f.field}})
	}
	return s
}

// contractReply answers a success of op with the other status, under the
// generated mutant of its success status.
func (h *handler) contractReply(op string, rep reply) reply {
	if f, ok := h.contractFaultOf(op); ok && f.kind == rules.FactSuccess && rep.status == f.op.Success {
		rep.status = f.status
	}
	return rep
}
