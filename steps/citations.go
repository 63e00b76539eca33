package steps

// Citation is what a step definition's comparisons rest on, as the rules of
// the catalogue (package rules) name it: the trace from a step of a
// feature to the sentence of the spec that makes its check a check. Every
// registered step definition has one, in the table of its domain's file
// beside its sc.Step (accountCitations in accounts.go ...; StepCitations
// gathers them); the test beside this file holds the tables to the
// registered steps, the catalogue and the scenarios' rule tags.
//
// A step that compares a value of the target's answers cites the rules a
// failure of it rests on (Rules), the advisory rules it only warns about
// (Advises), or, where the value compared is written in the step's text
// ("the response's statusCode is \"CAPTURED\""), the scenario's own rule
// tags (Scenario). A step that only sends a call, or reaches a state with
// calls that must succeed as their operations state, is State.
//
// What every step that reads a response checks before anything else
// (readable: a JSON object labelled application/json, A-1#2; the HTTP
// status A-7 pairs with the responseCode, A-7#12) and what a response
// schema checks (each keyword's x-rule, schemas/rules_test.go) are not
// repeated in every row.
type Citation struct {
	// Rules are the rules a failed comparison of the step rests on: each
	// stated by the spec (normative, profile, or untestable where the
	// step checks what a run can see of it). The step fails the scenario.
	Rules []string
	// Reads are the rules every response of its kind is held to, which the
	// step checks on the calls it reads whatever its scenario judges: an
	// error's shape (A-7#2, A-7#6), avlBal = bkBal - blkAmt at every balance
	// read (B-2.4#2), the scenario's option in a listing read back
	// (A-4.13#4). Stated rules, as Rules, but no scenario need promise them.
	Reads []string
	// Advises are the advisory rules the step checks without failing: it
	// warns (World.advise, and "(advisory)" in its words), or it fails
	// only in scenarios tagged @advisory, which end as a WARNING.
	Advises []string
	// Scenario is set when the value compared is given by the step's text:
	// the rule is the scenario's, named by its rule tags.
	Scenario bool
	// State is set when the step compares nothing: it sends calls, or
	// reaches a state whose calls must succeed as their operations state
	// (a call that does not is judged by that operation's own scenarios).
	State bool
}

// StepCitation is one row of the table: a step definition's pattern, as
// registered with sc.Step, and its citation.
type StepCitation struct {
	Pattern string
	Citation
}

func rests(ids ...string) Citation   { return Citation{Rules: ids} }
func advises(ids ...string) Citation { return Citation{Advises: ids} }

// and adds the advisory rules ids to c.
func (c Citation) and(ids ...string) Citation { c.Advises = append(c.Advises, ids...); return c }

// reading adds the rules ids that c checks of every response it reads.
func (c Citation) reading(ids ...string) Citation { c.Reads = append(c.Reads, ids...); return c }

// reads is the citation of a step whose only checks are those of every
// response of their kind (Reads).
func reads(ids ...string) Citation { return Citation{Reads: ids} }

// byScenario is the citation of a step that compares a value its text
// gives, with the rules it also checks whatever the value (ids).
func byScenario(ids ...string) Citation { return Citation{Rules: ids, Scenario: true} }

var state = Citation{State: true}

// citationTable is the citations of one domain's file, declared in that
// file (accountCitations in accounts.go ...) beside the sc.Step
// registrations it cites, so that a new step and its citation are written
// in one file. It holds exactly the steps its file registers: the test
// beside this file fails, naming the file, on a row whose pattern another
// file registers.
type citationTable struct {
	file string // the domain's file, as a Definition's Location names it
	rows []StepCitation
}

// citationTables lists the domains' tables in the order of their files'
// names, the order Definitions lists the steps in. A new domain file adds
// its table here.
func citationTables() []citationTable {
	return []citationTable{
		{"accountinfo.go", accountInfoCitations},
		{"accounts.go", accountCitations},
		{"auth.go", authCitations},
		{"callback.go", callbackCitations},
		{"consent.go", consentCitations},
		{"envelope.go", envelopeCitations},
		{"merchant.go", merchantCitations},
		{"operations.go", operationCitations},
		{"partners.go", partnerCitations},
		{"paymentoptions.go", paymentOptionCitations},
		{"payments.go", paymentCitations},
	}
}

// StepCitations lists the citation of every step definition: the domains'
// tables (citationTables), in the order of their files' names, each in its
// own order. The slice is new at each call; its rows share their rule lists
// with the tables, which a caller must not change in place.
func StepCitations() []StepCitation {
	var out []StepCitation
	for _, t := range citationTables() {
		out = append(out, t.rows...)
	}
	return out
}
