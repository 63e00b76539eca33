package reports

import "github.com/wallet-conformance/wallet-conformance/schemas"

// SpecClauses lists every clause of Documents A and B that carries a rule,
// in the spec's order: the rows of the traceability matrix. Headings that
// only group sub-clauses (A-2, B-2) are not listed; A-4 and B-4 state what
// holds of every operation below them ("Request fields marked Y are
// required."). The operations' clauses (A-4.x, B-4.x) and titles are the
// operation contract's (schemas.Catalogue): each follows its document's
// endpoints heading.
func SpecClauses() []Clause {
	var out []Clause
	for _, c := range topics {
		out = append(out, c)
		if c.Tag == "A-4" || c.Tag == "B-4" {
			for _, op := range schemas.Catalogue() {
				if op.Clause[0] == c.Tag[0] {
					out = append(out, Clause{Tag: op.Clause, Title: op.Name})
				}
			}
		}
	}
	return out
}

// topics are the clauses of Documents A and B that are not an operation,
// in the spec's order.
var topics = []Clause{
	{Tag: "A-1", Title: "What the service does"},
	{Tag: "A-2.0", Title: "Type notation"},
	{Tag: "A-2.1", Title: "Envelopes"},
	{Tag: "A-2.2", Title: "Reusable field blocks"},
	{Tag: "A-2.3", Title: "Authentication token"},
	{Tag: "A-2.4", Title: "Account"},
	{Tag: "A-2.5", Title: "Available payment option"},
	{Tag: "A-2.6", Title: "Stored payment option"},
	{Tag: "A-3", Title: "States and transitions (accounts)"},
	{Tag: "A-4", Title: "Endpoints (what holds of every operation)"},
	{Tag: "A-5", Title: "Authentication"},
	{Tag: "A-6", Title: "Events (redirect callback)"},
	{Tag: "A-7", Title: "Errors"},
	{Tag: "A-8", Title: "Limits"},
	{Tag: "A-9", Title: "Versioning", Empty: true},
	{Tag: "B-2.1", Title: "Payment transaction"},
	{Tag: "B-2.2", Title: "Consent"},
	{Tag: "B-2.3", Title: "Account entry"},
	{Tag: "B-2.4", Title: "Balance"},
	{Tag: "B-2.5", Title: "Criteria item"},
	{Tag: "B-3", Title: "States and transitions (payments, consent)"},
	{Tag: "B-4", Title: "Endpoints (what holds of every operation)"},
}

// Clause is one clause of the spec.
type Clause struct {
	Tag   string
	Title string
	// Empty marks a clause whose content the spec does not show, so
	// there is nothing to test.
	Empty bool
}
