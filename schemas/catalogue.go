package schemas

import "net/http"

// Operation is one operation of the API (A-4, B-4) as the suite calls it.
type Operation struct {
	ID     string // stable identifier, also the stem of its schema files
	Name   string // the spec's name
	Clause string // clause tag without "@", e.g. "A-4.2"
	Method string
	Path   string // template relative to the base URL, "{name}" for path parameters
	// Success is the HTTP status of a success, or 0 where the spec does not
	// show it (then any 2xx is accepted).
	Success int
	// Anonymous operations take no X-Auth-Token.
	Anonymous bool
	// PlainText responses are text/plain, not JSON (B-4.11).
	PlainText bool
}

// RequestSchema names the schema of the request (body, or query parameters for GET).
func (o Operation) RequestSchema() string { return o.ID + ".request.json" }

// ResponseSchema names the schema of a success response.
func (o Operation) ResponseSchema() string { return o.ID + ".response.json" }

// BodyInQuery reports whether parameters travel in the query string.
func (o Operation) BodyInQuery() bool { return o.Method == http.MethodGet }

// Catalogue lists all 32 operations of Documents A and B in spec order.
func Catalogue() []Operation {
	return []Operation{
		{ID: "issue-token", Name: "Issue Token", Clause: "A-4.1", Method: "POST", Path: "/user/{userId}/issue", Success: 200, Anonymous: true},
		{ID: "create-account", Name: "Create Account", Clause: "A-4.2", Method: "PUT", Path: "/account", Success: 201},
		{ID: "update-account", Name: "Update Account Information", Clause: "A-4.3", Method: "POST", Path: "/account/{accno}/updateInfo", Success: 200},
		{ID: "get-account", Name: "Get Account Information", Clause: "A-4.4", Method: "GET", Path: "/account/{accno}", Success: 200},
		{ID: "close-account", Name: "Close Account", Clause: "A-4.5", Method: "POST", Path: "/account/{accno}/close", Success: 200},
		{ID: "init-add-stored-payment-option", Name: "Init Add Stored Payment Option", Clause: "A-4.6", Method: "POST", Path: "/account/{accno}/storedPaymentOptions/initAdd", Success: 200},
		{ID: "complete-add-stored-payment-option", Name: "Complete Add Stored Payment Option", Clause: "A-4.7", Method: "PUT", Path: "/account/{accno}/storedPaymentOptions/completeAdd", Success: 201},
		{ID: "init-verify-stored-payment-option", Name: "Init Verify Stored Payment Option", Clause: "A-4.8", Method: "POST", Path: "/account/{accno}/storedPaymentOptions/{storedPaymentOptionReference}/initVerify", Success: 0},
		{ID: "complete-verify-stored-payment-option", Name: "Complete Verify Stored Payment Option", Clause: "A-4.9", Method: "POST", Path: "/account/{accno}/storedPaymentOptions/{storedPaymentOptionReference}/completeVerify", Success: 200},
		{ID: "delete-stored-payment-option", Name: "Delete Stored Payment Option", Clause: "A-4.10", Method: "DELETE", Path: "/account/{accno}/storedPaymentOptions/{storedPaymentOptionReference}", Success: 200},
		{ID: "set-default-stored-payment-option", Name: "Set Default Stored Payment Option", Clause: "A-4.11", Method: "POST", Path: "/account/{accno}/storedPaymentOptions/{storedPaymentOptionReference}/setDefault", Success: 0},
		{ID: "get-payment-options", Name: "Get Payment Options", Clause: "A-4.12", Method: "GET", Path: "/account/{accno}/paymentOptions", Success: 200},
		{ID: "get-stored-payment-options", Name: "Get Stored Payment Options", Clause: "A-4.13", Method: "GET", Path: "/account/{accno}/storedPaymentOptions", Success: 200},
		{ID: "init-authorize", Name: "Init Authorize", Clause: "B-4.1", Method: "PUT", Path: "/payment/initAuthorize", Success: 201},
		{ID: "complete-authorize", Name: "Complete Authorize", Clause: "B-4.2", Method: "POST", Path: "/payment/{uniqueReference}/completeAuthorize", Success: 200},
		{ID: "authorize", Name: "Authorize", Clause: "B-4.3", Method: "PUT", Path: "/payment/authorize", Success: 201},
		{ID: "capture", Name: "Capture", Clause: "B-4.4", Method: "POST", Path: "/payment/{uniqueReference}/capture", Success: 201},
		{ID: "refund", Name: "Refund", Clause: "B-4.5", Method: "POST", Path: "/payment/{uniqueReference}/refund", Success: 201},
		{ID: "cancel", Name: "Cancel", Clause: "B-4.6", Method: "POST", Path: "/payment/{uniqueReference}/cancel", Success: 201},
		{ID: "get-payment-status", Name: "Get Payment Status", Clause: "B-4.7", Method: "GET", Path: "/payment/{uniqueReference}/status", Success: 200},
		{ID: "add-consent", Name: "Add Consent", Clause: "B-4.8", Method: "PUT", Path: "/account/{accno}/consent", Success: 200},
		{ID: "revoke-consent", Name: "Revoke Consent", Clause: "B-4.9", Method: "POST", Path: "/account/{accno}/consent/{consentReference}/revokeConsent", Success: 200},
		{ID: "find-user-account", Name: "Find User Account", Clause: "B-4.10", Method: "GET", Path: "/account/find", Success: 200},
		{ID: "check-available-payment-amount", Name: "Check Available Payment Amount", Clause: "B-4.11", Method: "GET", Path: "/account/{accno}/checkAvailablePaymentAmount", Success: 200, PlainText: true},
		{ID: "account-enquiry", Name: "Account Enquiry", Clause: "B-4.12", Method: "GET", Path: "/account/{accno}/enquiry", Success: 200},
		{ID: "balance-enquiry", Name: "Balance Enquiry", Clause: "B-4.13", Method: "GET", Path: "/account/{accno}/balance", Success: 200},
		{ID: "kc-authorize", Name: "KC-Authorize", Clause: "B-4.14", Method: "PUT", Path: "/payment/kc-authorize", Success: 200},
		{ID: "kc-debit-account", Name: "KC-Debit Account", Clause: "B-4.15", Method: "PUT", Path: "/payment/kc-debitAccount", Success: 200},
		{ID: "kc-capture", Name: "KC-Capture", Clause: "B-4.16", Method: "POST", Path: "/payment/{uniqueReference}/kc-capture", Success: 200},
		{ID: "kc-cancel", Name: "KC-Cancel", Clause: "B-4.17", Method: "POST", Path: "/payment/{uniqueReference}/kc-cancel", Success: 200},
		{ID: "kc-refund", Name: "KC-Refund", Clause: "B-4.18", Method: "POST", Path: "/payment/{uniqueReference}/kc-refund", Success: 200},
		{ID: "address-check", Name: "Perform Address Check", Clause: "B-4.19", Method: "POST", Path: "/compliance/addressCheck", Success: 0},
	}
}

// catalogue is Catalogue's list for Lookup, built once and never modified:
// the suite looks an operation up for every call it sends.
var catalogue = Catalogue()

// Lookup finds an operation by ID.
func Lookup(id string) (Operation, bool) {
	for _, op := range catalogue {
		if op.ID == id {
			return op, true
		}
	}
	return Operation{}, false
}
