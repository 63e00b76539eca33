package reference

import (
	"slices"

	"github.com/wallet-conformance/wallet-conformance/schemas"
)

// Mutant is a named fault: a server built with Config.Mutant set to its Name
// breaks exactly one rule of the specification, the rule of clause Clause,
// and otherwise behaves like the conforming server. A conformance suite is
// expected to detect every mutant with a scenario tagged with its clause.
type Mutant struct {
	Name        string // kebab-case identifier, the value of Config.Mutant
	Clause      string // clause tag text without "@", e.g. "A-4.2"
	Description string // the rule that is broken, and how
	// Rule is the id of the normative rule it breaks (package rules), e.g.
	// "A-4.2#1"; the suite must kill it with a scenario tagged with that rule.
	Rule string
	// Explored marks a fault that only a sequence of moves no scenario
	// makes reveals: the run's stateful exploration must kill it (a run
	// of the rule's scenarios with the default exploration fails).
	Explored bool
	// Swept marks a fault of one kind of bad input in one or two
	// operations, which only the breadth of the bad-input sweep finds: the
	// full sweep (run --sweep all) must kill it, by a finding tagged with
	// its rule, and no scenario of the suite.
	Swept bool
}

// mutants is the table behind Mutants: each area of the spec keeps its own
// list (mutants_*.go). Append only: names are stable identifiers used by
// reports.
var mutants = slices.Concat(conventionMutants, paymentMutants, accountInfoMutants, sweepMutants, validMutants, concurrentMutants)

// Mutants returns every known mutant, in a stable order: the written ones,
// then those generated from the contract (mutants_contract.go) in the
// catalogue's order of operations.
func Mutants() []Mutant {
	out := slices.Clone(mutants)
	for _, f := range contractMutants().faults {
		out = append(out, f.mutant)
	}
	return out
}

// explorationMutants break a rule only stateful exploration (package
// explore) can check, never the feature suite: the features run at once and
// share the profile's merchant account, so no scenario can read the
// merchant's balance around its own move. They name no rule of the
// catalogue; explore's tests prove that the exploration finds each.
var explorationMutants = []Mutant{
	{Name: "kc-capture-merchant-not-credited", Clause: "B-4.16", Description: "KC-Capture debits the wallet but credits nothing to the merchant account"},
}

// ExplorationMutants returns the mutants only the exploration catches, in
// a stable order; a Config may name one as its Mutant.
func ExplorationMutants() []Mutant {
	return slices.Clone(explorationMutants)
}

// knownMutant reports whether name is "" or the name of a mutant.
func knownMutant(name string) bool {
	if name == "" {
		return true
	}
	for _, m := range slices.Concat(mutants, explorationMutants, cleanroomMutants) {
		if m.Name == name {
			return true
		}
	}
	_, generated := contractMutants().byName[name]
	return generated
}

// mutant reports whether the handler runs the named fault. Every name passed
// here is one of the table above (checked by a test).
func (h *handler) mutant(name string) bool {
	return h.cfg.Mutant == name
}

// specMutations adjusts an operation's field spec for the mutants that
// change which fields are required or how long they may be.
func (h *handler) specMutations(op string, s fieldSpec) fieldSpec {
	s = h.conventionSpecMutations(op, h.contractSpecMutation(op, s.clone()))
	if h.mutant("culture-not-a-tag-accepted") && op == schemas.CreateAccount {
		s.update("culture", func(f *field) { f.tag = false })
	}
	if h.mutant("maxlength-too-short") {
		s.update("lastName", func(f *field) { f.max = 50 })
	}
	for i, r := range s.rules {
		if r.ifNoDigit == "addr1" && op == schemas.InitAuthorize && h.mutant("guest-housenumber-not-required") {
			s.rules[i].fields = without(r.fields, "houseNumber")
		}
	}
	if h.mutant("accnotype-required-without-accno") && op == schemas.InitAuthorize {
		s.update("accnoType", func(f *field) { f.required = true })
	}
	if h.mutant("amount-three-decimals-accepted") && op == schemas.InitAuthorize {
		s.update("presentationAmount", func(f *field) { f.scale = 3 })
	}
	if h.mutant("criteria-rejected") {
		s.update("criteria", func(f *field) { f.kind, f.max = kindS, 255 })
	}
	if h.mutant("initverify-needs-programcode") && op == schemas.InitVerifyStoredPaymentOption {
		s.fields = slices.DeleteFunc(s.fields, func(f field) bool { return f.name == "programAccno" })
		s.fields = append(s.fields, str("programCode", 10).req())
	}
	if h.mutant("verification-code-long-accepted") && op == schemas.CompleteVerifyStoredPaymentOption {
		s.update("verificationCode", func(f *field) { f.max = 7 })
	}
	if h.mutant("stored-options-require-transactiontype") && op == schemas.GetStoredPaymentOptions {
		s.update("transactionTypeCode", func(f *field) { f.required = true })
	}
	if h.variant("issue-token-needs-partnerreference") && op == schemas.IssueToken {
		s.fields = append(s.fields, str("partnerReference", 64).req())
	}
	return h.cleanroomSpecMutations(op, h.accountInfoSpecMutations(op, h.paymentSpecChanges(op, s)))
}

func without(list []string, name string) []string {
	var out []string
	for _, s := range list {
		if s != name {
			out = append(out, s)
		}
	}
	return out
}
