package reports

import (
	"slices"

	"github.com/wallet-conformance/wallet-conformance/record"
	"github.com/wallet-conformance/wallet-conformance/rules"
	"github.com/wallet-conformance/wallet-conformance/schemas"
)

// RuleCoverage is how the suite covers the catalogue of the spec's rules
// (rules/): every level with how many rules the suite's scenarios check and
// how many this run checked, the rules no scenario checks, per operation,
// and the rules of the scenarios that did not pass, quoted.
type RuleCoverage struct {
	Levels []LevelCoverage `json:"levels"` // in rules.Levels() order
	// Unchecked lists, per operation, the normative, advisory and profile
	// rules no scenario of the suite checks, and the untestable ones with
	// why. Operations in catalogue order; "" holds the rules of every call.
	Unchecked []OperationRules `json:"unchecked"`
	// Quoted are the rules of the scenarios that did not pass and of the
	// advisory checks that did not hold, so the report shows each failed
	// check with the spec's words and its level.
	Quoted []RuleRef `json:"quoted"`
}

// LevelCoverage counts the rules of one level.
type LevelCoverage struct {
	Level       string `json:"level"`
	Rules       int    `json:"rules"`       // in the catalogue
	Checked     int    `json:"checked"`     // tagged on a scenario of the suite
	CheckedHere int    `json:"checkedHere"` // tagged on a scenario this run executed
}

// OperationRules are rules of one operation.
type OperationRules struct {
	Operation string    `json:"operation"` // operation ID; "" for rules of every call
	Rules     []RuleRef `json:"rules"`
}

// RuleRef is a rule as the report quotes it.
type RuleRef struct {
	ID    string `json:"id"`
	Level string `json:"level"`
	Quote string `json:"quote"`
	Note  string `json:"note,omitempty"`
}

func ruleRef(r rules.Rule) RuleRef {
	return RuleRef{ID: r.ID, Level: string(r.Level), Quote: r.Quote, Note: r.Note}
}

// ruleCoverage measures the catalogue against the suite's scenarios
// (checks: rule id -> IDs of the scenarios of the whole suite tagged with
// it) and the run's. Without a catalogue it is empty.
func ruleCoverage(rep *Report, checks map[string][]string) RuleCoverage {
	cov := RuleCoverage{Levels: []LevelCoverage{}, Unchecked: []OperationRules{}, Quoted: []RuleRef{}}
	cat, err := catalogue()
	if err != nil {
		return cov
	}
	executed := map[string]bool{}
	quote := map[string]bool{}
	for _, s := range rep.Scenarios {
		if !record.Executed(s.Status) {
			continue
		}
		for _, id := range s.Rules {
			executed[id] = true
			if s.Status != record.Passed {
				quote[id] = true
			}
		}
		if s.Broke != "" {
			quote[s.Broke] = true
		}
		for _, st := range s.Steps {
			for _, a := range st.Advice {
				quote[a.Rule] = true
			}
		}
	}
	byOp := map[string][]RuleRef{}
	for _, lvl := range rules.Levels() {
		lc := LevelCoverage{Level: string(lvl)}
		for _, r := range cat.All() {
			if r.Level != lvl {
				continue
			}
			lc.Rules++
			switch {
			case len(checks[r.ID]) > 0:
				lc.Checked++
				if executed[r.ID] {
					lc.CheckedHere++
				}
			case r.Level != rules.Open:
				ops := r.Operations
				if len(ops) == 0 {
					ops = []string{""}
				}
				for _, op := range ops {
					byOp[op] = append(byOp[op], ruleRef(r))
				}
			}
		}
		cov.Levels = append(cov.Levels, lc)
	}
	var ops []string
	for op := range byOp {
		ops = append(ops, op)
	}
	order := operationOrder()
	slices.SortFunc(ops, func(a, b string) int {
		oa, aok := order[a]
		ob, bok := order[b]
		switch {
		case a == "" || b == "":
			return len(a) - len(b) // every call first
		case aok && bok:
			return oa - ob
		case aok != bok:
			if aok {
				return -1
			}
			return 1
		}
		return compareStrings(a, b)
	})
	for _, op := range ops {
		cov.Unchecked = append(cov.Unchecked, OperationRules{Operation: op, Rules: byOp[op]})
	}
	for _, r := range cat.All() {
		if quote[r.ID] {
			cov.Quoted = append(cov.Quoted, ruleRef(r))
		}
	}
	return cov
}

func compareStrings(a, b string) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// operationName returns the spec's name of an operation ID, or the ID.
func operationName(id string) string {
	if op, ok := schemas.Lookup(id); ok {
		return op.Name
	}
	if id == "" {
		return "every call"
	}
	return id
}
