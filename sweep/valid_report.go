package sweep

import (
	"fmt"
	"strings"

	"github.com/wallet-conformance/wallet-conformance/record"
	"github.com/wallet-conformance/wallet-conformance/rules"
	"github.com/wallet-conformance/wallet-conformance/schemas"
)

// validTag marks the valid-request sweep's scenarios (beside sweepTag).
const validTag = "valid-sweep"

// validScenarios are the valid sweep's scenarios: one per operation whose
// inputs all passed, one per finding at its rule's level (a finding of no
// rule is a WARNING).
func (s *sweeper) validScenarios(seed uint64, v *ValidOutcome) []record.Scenario {
	feature := fmt.Sprintf("Valid-request sweep (seed %d)", seed)
	cat, _ := rules.Load()
	found := map[string]bool{}
	shown := map[exchangeKey]bool{}
	for _, f := range v.Findings {
		found[f.Operation.ID] = true
		for _, ex := range f.Exchanges {
			shown[keyOf(ex)] = true
		}
	}
	rest := map[string][]record.Exchange{}
	for _, op := range schemas.Catalogue() {
		for _, ex := range s.calls[validKey(op.ID)] {
			if !shown[keyOf(ex)] {
				rest[op.ID] = append(rest[op.ID], abridged(ex))
			}
		}
	}
	restStep := func(op schemas.Operation) record.Step {
		return record.Step{Text: fmt.Sprintf("the partner sends %s the valid requests its contract permits (the minimal and the maximal request, each alternative, the edges of each type, each stated default), each from a state of its own, and reads back what each stated", op.Name), Status: "passed", Exchanges: rest[op.ID]}
	}
	var out []record.Scenario
	for _, op := range schemas.Catalogue() {
		if len(rest[op.ID]) == 0 && !found[op.ID] {
			continue
		}
		if found[op.ID] {
			continue
		}
		clauses := sortedClauses(op.Clause, "A-2.0")
		name := fmt.Sprintf("%s: %d valid requests its contract permits, accepted and read back as sent", op.Name, v.sent[op.ID])
		if v.sent[op.ID] == 0 {
			name = fmt.Sprintf("%s: no valid request sent (its state was not a real one)", op.Name)
		}
		out = append(out, record.Scenario{
			ID: fmt.Sprintf("sweep-%d.valid.%s", seed, op.ID), Feature: feature,
			Name:    name,
			Tags:    append([]string{sweepTag, validTag}, clauses...),
			Clauses: clauses, Status: record.Passed,
			Steps: []record.Step{restStep(op)},
		})
	}
	first := map[string]bool{}
	for _, f := range v.Findings {
		status, advisory, clauses, msg := s.judgement(cat, f, "A-2.0")
		sent := fmt.Sprintf("the partner sends %s with %s %s", f.Operation.Name, f.Field, f.Label)
		steps := []record.Step{{Text: sent, Status: "failed", Error: s.red.String(f.Message), Exchanges: f.Exchanges}}
		if n, read, ok := readBackOf(f); ok {
			// What another operation showed of the accepted request: the
			// move is the When, the read the Then that judged its effect
			// (Checks), so the report names the move, revealed by the read,
			// and one move's fields read back wrong are one cause.
			steps = []record.Step{
				{Text: sent, Status: "passed", Exchanges: f.Exchanges[:n]},
				{Text: fmt.Sprintf("%s shows what the request stated", read.Name), Status: "failed", Error: s.red.String(f.Message), Exchanges: f.Exchanges[n:], Checks: []int{n - 1}},
			}
		}
		if !first[f.Operation.ID] {
			first[f.Operation.ID] = true
			rest := restStep(f.Operation)
			for i := range steps {
				for j := range steps[i].Checks {
					steps[i].Checks[j] += len(rest.Exchanges)
				}
			}
			steps = append([]record.Step{rest}, steps...)
		}
		tags := append([]string{sweepTag, validTag}, tagsOf(clauses, f.Rule)[1:]...)
		out = append(out, record.Scenario{
			ID: fmt.Sprintf("sweep-%d.valid.%s.%s", seed, f.Operation.ID, slug(f.Field+" "+f.Cause)), Feature: feature,
			Name:    f.Name(),
			Tags:    tags,
			Clauses: clauses, Advisory: advisory, Status: status,
			Message: s.red.String(msg),
			Rules:   rulesOf(f.Rule), Broke: f.Rule,
			Steps: steps,
		})
	}
	return out
}

// Record is the valid sweep as report.json records it.
func (v *ValidOutcome) Record() *record.ValidSweep {
	if v == nil {
		return nil
	}
	rec := &record.ValidSweep{Generated: v.Generated, Inputs: v.Inputs, Calls: v.Calls, Kinds: v.Kinds, Findings: []string{}, Skipped: v.Skipped}
	for _, f := range v.Findings {
		rec.Findings = append(rec.Findings, f.Name())
	}
	return rec
}

// validNotice says what the valid sweep generated and sent.
func (v *ValidOutcome) notice() string {
	var kinds []string
	for _, k := range sortedKeys(v.Kinds) {
		kinds = append(kinds, fmt.Sprintf("%d %s", v.Kinds[k], k))
	}
	return fmt.Sprintf("valid-request sweep: %d valid inputs generated from the operation contract (%s), %d sent (the single changes of a refused combined input included), %d calls with the states they need and the read-backs; %d findings",
		v.Generated, strings.Join(kinds, ", "), v.Inputs, v.Calls, len(v.Findings))
}

// readBackOf splits a finding's exchanges into the accepted request (the
// first n, of the finding's operation) and what a read of another
// operation then showed of it: ok when the finding is such a read-back.
func readBackOf(f *Finding) (n int, read schemas.Operation, ok bool) {
	exs := f.Exchanges
	if len(exs) < 2 || exs[0].Operation != f.Operation.ID {
		return 0, schemas.Operation{}, false
	}
	for n < len(exs) && exs[n].Operation == f.Operation.ID {
		n++
	}
	if n == len(exs) {
		return 0, schemas.Operation{}, false
	}
	for _, ex := range exs[n:] {
		if ex.Operation == f.Operation.ID {
			return 0, schemas.Operation{}, false
		}
	}
	read, ok = schemas.Lookup(exs[n].Operation)
	return n, read, ok && read.Method == "GET"
}
