package reports

// SpecClauses lists every clause of Documents A and B that carries a rule,
// in the spec's order: the rows of the traceability matrix. Headings that
// only group sub-clauses (A-2, A-4, B-2, B-4) are not listed.
func SpecClauses() []Clause {
	return []Clause{
		{Tag: "A-1", Title: "What the service does"},
		{Tag: "A-2.0", Title: "Type notation"},
		{Tag: "A-2.1", Title: "Envelopes"},
		{Tag: "A-2.2", Title: "Reusable field blocks"},
		{Tag: "A-2.3", Title: "Authentication token"},
		{Tag: "A-2.4", Title: "Account"},
		{Tag: "A-2.5", Title: "Available payment option"},
		{Tag: "A-2.6", Title: "Stored payment option"},
		{Tag: "A-3", Title: "States and transitions (accounts)"},
		{Tag: "A-4.1", Title: "Issue Token"},
		{Tag: "A-4.2", Title: "Create Account"},
		{Tag: "A-4.3", Title: "Update Account Information"},
		{Tag: "A-4.4", Title: "Get Account Information"},
		{Tag: "A-4.5", Title: "Close Account"},
		{Tag: "A-4.6", Title: "Init Add Stored Payment Option"},
		{Tag: "A-4.7", Title: "Complete Add Stored Payment Option"},
		{Tag: "A-4.8", Title: "Init Verify Stored Payment Option"},
		{Tag: "A-4.9", Title: "Complete Verify Stored Payment Option"},
		{Tag: "A-4.10", Title: "Delete Stored Payment Option"},
		{Tag: "A-4.11", Title: "Set Default Stored Payment Option"},
		{Tag: "A-4.12", Title: "Get Payment Options"},
		{Tag: "A-4.13", Title: "Get Stored Payment Options"},
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
		{Tag: "B-4.1", Title: "Init Authorize"},
		{Tag: "B-4.2", Title: "Complete Authorize"},
		{Tag: "B-4.3", Title: "Authorize"},
		{Tag: "B-4.4", Title: "Capture"},
		{Tag: "B-4.5", Title: "Refund"},
		{Tag: "B-4.6", Title: "Cancel"},
		{Tag: "B-4.7", Title: "Get Payment Status"},
		{Tag: "B-4.8", Title: "Add Consent"},
		{Tag: "B-4.9", Title: "Revoke Consent"},
		{Tag: "B-4.10", Title: "Find User Account"},
		{Tag: "B-4.11", Title: "Check Available Payment Amount"},
		{Tag: "B-4.12", Title: "Account Enquiry"},
		{Tag: "B-4.13", Title: "Balance Enquiry"},
		{Tag: "B-4.14", Title: "KC-Authorize"},
		{Tag: "B-4.15", Title: "KC-Debit Account"},
		{Tag: "B-4.16", Title: "KC-Capture"},
		{Tag: "B-4.17", Title: "KC-Cancel"},
		{Tag: "B-4.18", Title: "KC-Refund"},
		{Tag: "B-4.19", Title: "Perform Address Check"},
	}
}

// Clause is one clause of the spec.
type Clause struct {
	Tag   string
	Title string
	// Empty marks a clause whose content the spec does not show, so
	// there is nothing to test.
	Empty bool
}
