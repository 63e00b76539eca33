package reports

import (
	"fmt"
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/tidwall/gjson"

	"github.com/wallet-conformance/wallet-conformance/record"
	"github.com/wallet-conformance/wallet-conformance/schemas"
)

// Cause is one thing that went wrong, with every scenario it made fail or
// block: one fault of a target often shows in many scenarios (a broken
// Create Account blocks every scenario that needs an account).
//
// Scenarios share a cause when the call that went wrong is of the same
// operation and got the same kind of answer: when that answer was not a
// success of the operation (another status or responseCode, no answer, not
// JSON), the answer is the cause whatever each step checked; when it was a
// success, the shape of the failure message tells causes apart (its
// numbers, quoted values and references set aside).
type Cause struct {
	Operation string `json:"operation"` // operation ID of the call that went wrong; "" when no call did
	Clause    string `json:"clause"`    // the operation's clause; "" without an operation
	Answer    string `json:"answer"`    // what the target answered: "HTTP 500, responseCode 0099", "no answer: ..."
	Message   string `json:"message"`   // the first FAILED or ERROR scenario's message (else the first one's), as an example
	// RevealedBy is, when the fault is the effect of a move that a later
	// read showed (a KC-Refund that did not credit the wallet, read with a
	// Balance Enquiry), the operation of that read; "" otherwise. Operation
	// is then the move's.
	RevealedBy string `json:"revealedBy,omitempty"`
	// Input is, for a cause of the bad-input sweep, the kind of input that
	// showed it ("a body nested 10,000 levels deep"), and Operations every
	// operation it showed in, in the order of their findings: the same
	// input answered the same way in several operations is one fault (one
	// parser), not one per operation. Operation is then the first of them.
	Input      string   `json:"input,omitempty"`
	Operations []string `json:"operations,omitempty"`
	// Root is true when a scenario of the cause FAILED or ended in ERROR;
	// a cause that only BLOCKED scenarios follows from a setup that failed.
	Root bool `json:"root"`
	// Hints are the profile settings that the evidence of the cause's
	// scenarios points to (record.Hint): which key and value would change
	// it. Absent when none does.
	Hints     []record.Hint `json:"hints,omitempty"`
	Failed    int           `json:"failed"`
	Blocked   int           `json:"blocked"`
	Errors    int           `json:"errors"`
	Scenarios []string      `json:"scenarios"` // IDs, in feature order
}

// Answers of a cause that is a defect of the suite itself, no call: a step
// of a feature that no step definition matches, or more than one.
const (
	AnswerUndefinedStep = "undefined step"
	AnswerAmbiguousStep = "ambiguous step"
)

// suiteStep returns the step of a scenario that the suite could not run
// (undefined or ambiguous) and what it was, or false.
func suiteStep(s ScenarioReport) (StepReport, string, bool) {
	for _, st := range s.Steps {
		switch st.Status {
		case record.StepUndefined:
			return st, AnswerUndefinedStep, true
		case record.StepAmbiguous:
			return st, AnswerAmbiguousStep, true
		}
	}
	return StepReport{}, "", false
}

// machinery names the calls the suite makes that are no operation of the
// spec (their Operation in an exchange), with what they are.
var machinery = map[string]string{
	"sandbox-redirect": "the profile's sandbox.redirectTrigger, a sandbox URL and not an operation of the spec",
}

// Title names the cause for people: "create-account (A-4.2)", with the
// read that revealed a move's fault ("kc-refund (B-4.18), revealed by
// balance-enquiry"), a call of the suite's machinery by what it is, or
// "no call"; a step the suite could not run, "the suite's steps".
func (c Cause) Title() string {
	switch {
	case c.Input != "":
		ops := c.Operations
		if len(ops) > 1 {
			return fmt.Sprintf("%s, in %d operations (%s)", c.Input, len(ops), strings.Join(ops, ", "))
		}
		return c.Input + ", in " + c.Operation + " (" + c.Clause + ")"
	case c.Operation == "" && (c.Answer == AnswerUndefinedStep || c.Answer == AnswerAmbiguousStep):
		return "the suite's steps"
	case c.Operation == "":
		return "no call"
	case c.Clause != "":
		t := c.Operation + " (" + c.Clause + ")"
		if c.RevealedBy != "" {
			t += ", revealed by " + c.RevealedBy
		}
		return t
	case machinery[c.Operation] != "":
		return c.Operation + " (" + machinery[c.Operation] + ")"
	}
	return c.Operation
}

// Count returns how many scenarios the cause covers.
func (c Cause) Count() int { return c.Failed + c.Blocked + c.Errors }

// causes groups the FAILED, BLOCKED and ERROR scenarios by cause, sets each
// scenario's Cause index, and orders the causes: root causes first, then
// by how many scenarios they cover, then by their first scenario.
func causes(rep *Report) []Cause {
	scenarios := rep.Scenarios
	type key struct{ op, answer, shape, read, input, broke string }
	idx := map[key]int{}
	var out []Cause
	var first []int // position of each cause's first scenario
	for i := range scenarios {
		s := &scenarios[i]
		if s.Status != record.Failed && s.Status != record.Blocked && s.Status != record.Error {
			continue
		}
		op, answer, success := failingCall(rep, *s)
		msg := firstLine(s.Message)
		read := ""
		if st, what, ok := suiteStep(*s); ok {
			// The suite's defect, whatever the calls before it answered.
			op, answer, success = "", what, false
			msg = fmt.Sprintf("%s %q: no step definition matches it", what, st.Text)
			if what == AnswerAmbiguousStep {
				msg = fmt.Sprintf("%s %q: more than one step definition matches it", what, st.Text)
			}
		} else if move, reads, ok := rep.Move(*s); ok && readsSucceeded(reads) && moveSucceeded(move) {
			read = reads[len(reads)-1].Operation
			op, answer, success = move.Operation, answerOf(move), true
			msg = fmt.Sprintf("%s did not have the effect the step %q checks: read afterwards with %s, %s", operationName(op), failedStepText(*s), operationName(read), msg)
		}
		k := key{op: op, answer: answer, read: read}
		if s.Input != "" {
			// A finding of the bad-input sweep: its input's own call
			// (the failed step's first) is the answer, whatever the reads
			// after it found, and the same input answered the same way
			// breaking the same rule is one cause in every operation.
			if _, exs := rep.FailureEvidence(*s); len(exs) > 0 {
				op, answer = exs[0].Operation, answerOf(exs[0])
			}
			k = key{answer: answer, input: s.Input, broke: s.Broke}
		} else if (success || op == "") && read == "" {
			// A move whose effect a read did not find is one fault however
			// the steps that read it word their findings.
			k.shape = messageShape(msg)
		}
		j, ok := idx[k]
		if !ok {
			j = len(out)
			idx[k] = j
			c := Cause{Operation: op, Answer: answer, Message: msg, RevealedBy: read, Input: s.Input, Scenarios: []string{}}
			if o, ok := schemas.Lookup(op); ok {
				c.Clause = o.Clause
			}
			out = append(out, c)
			first = append(first, i)
		}
		c := &out[j]
		c.Scenarios = append(c.Scenarios, s.ID)
		if s.Input != "" && !slices.Contains(c.Operations, op) {
			c.Operations = append(c.Operations, op)
		}
		for _, h := range s.Hints {
			if !slices.Contains(c.Hints, h) {
				c.Hints = append(c.Hints, h)
			}
		}
		if s.Status != record.Blocked && !c.Root {
			c.Message = msg // a scenario of the operation's own, the clearest example
		}
		switch s.Status {
		case record.Failed:
			c.Failed++
			c.Root = true
		case record.Error:
			c.Errors++
			c.Root = true
		default:
			c.Blocked++
		}
		s.Cause = j
	}
	order := make([]int, len(out))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool {
		ca, cb := out[order[a]], out[order[b]]
		switch {
		case ca.Root != cb.Root:
			return ca.Root
		case ca.Count() != cb.Count():
			return ca.Count() > cb.Count()
		}
		return first[order[a]] < first[order[b]]
	})
	rank := make([]int, len(out))
	sorted := make([]Cause, len(out))
	for r, j := range order {
		rank[j] = r
		sorted[r] = out[j]
	}
	for i := range scenarios {
		if scenarios[i].Cause >= 0 && (scenarios[i].Status == record.Failed || scenarios[i].Status == record.Blocked || scenarios[i].Status == record.Error) {
			scenarios[i].Cause = rank[scenarios[i].Cause]
		}
	}
	return sorted
}

// failingCall returns the operation of the call that went wrong in a
// scenario, what the target answered, and whether that answer was a success
// of the operation. A BLOCKED scenario names its blocking operation; for
// the others it is the last call of the failing step, or of the nearest
// step before it that made one (a Then checks the When's answer).
func failingCall(rep *Report, s ScenarioReport) (op, answer string, ok bool) {
	_, exchanges := rep.FailureEvidence(s)
	if s.BlockedBy != nil {
		op = s.BlockedBy.Operation
		for i := len(exchanges) - 1; i >= 0; i-- {
			if exchanges[i].Operation == op {
				exchanges = exchanges[:i+1]
				break
			}
		}
	}
	if len(exchanges) == 0 {
		return op, "no call", false
	}
	ex := exchanges[len(exchanges)-1]
	if op == "" {
		op = ex.Operation
	}
	if ex.Error != "" {
		return op, answerOf(ex), false
	}
	o, known := schemas.Lookup(ex.Operation)
	return op, answerOf(ex), known && success(o, ex)
}

// answerOf says what the target answered in an exchange: "HTTP 200,
// responseCode 0000", "no answer: ...", or the Content-Type of an answer
// that is not JSON.
func answerOf(ex record.Exchange) string {
	if ex.Error != "" {
		return "no answer: " + messageShape(ex.Error)
	}
	answer := fmt.Sprintf("HTTP %d", ex.Status)
	code := gjson.Get(ex.ResponseBody, "responseCode")
	if code.Exists() {
		answer += ", responseCode " + code.String()
	} else if ct := ex.ResponseHeaders.Get("Content-Type"); !strings.HasPrefix(ct, "application/json") && !strings.HasPrefix(ct, "text/plain") {
		answer += fmt.Sprintf(", Content-Type %q", ct)
	}
	return answer
}

// readsSucceeded reports whether every read a step made to judge a move
// was a success of its operation: only then is the move at fault (a read
// that failed is a fault of its own).
func readsSucceeded(reads []record.Exchange) bool {
	for _, ex := range reads {
		o, known := schemas.Lookup(ex.Operation)
		if !known || ex.Error != "" || !success(o, ex) {
			return false
		}
	}
	return len(reads) > 0
}

// moveSucceeded reports whether a move was a success of its operation: a
// move that was refused changed nothing, so what the read found is not its
// effect.
func moveSucceeded(ex record.Exchange) bool {
	o, known := schemas.Lookup(ex.Operation)
	return known && ex.Error == "" && success(o, ex)
}

// failedStepText is the text of a scenario's failed step, "" when none.
func failedStepText(s ScenarioReport) string {
	for _, st := range s.Steps {
		if st.Status != "passed" && st.Status != "skipped" {
			return st.Text
		}
	}
	return ""
}

var (
	shapeClause = regexp.MustCompile(`\b[AB]-[0-9]+(\.[0-9]+)?(#[0-9]+)?\b`)
	shapeQuoted = regexp.MustCompile(`"(?:[^"\\]|\\.)*"`)
	shapeToken  = regexp.MustCompile(`[A-Za-z0-9_.:/+-]*[0-9][A-Za-z0-9_.:/+-]*`)
)

// messageShape is a message with what varies from scenario to scenario set
// aside: quoted values become "…", words with digits (amounts, references,
// times) become #; clause and rule references (A-4.2, B-4.5#3) stay.
func messageShape(msg string) string {
	msg = shapeQuoted.ReplaceAllString(msg, `"…"`)
	var b strings.Builder
	last := 0
	for _, loc := range shapeClause.FindAllStringIndex(msg, -1) {
		b.WriteString(shapeToken.ReplaceAllString(msg[last:loc[0]], "#"))
		b.WriteString(msg[loc[0]:loc[1]])
		last = loc[1]
	}
	b.WriteString(shapeToken.ReplaceAllString(msg[last:], "#"))
	return b.String()
}
