package schemas

import (
	"net/http"
	"strings"
)

// The operations' IDs (Operation.ID), the one spelling the code uses for
// them: the stem of their schema files, the key of every table of the
// suite, the steps and the reference server that is about one operation.
const (
	IssueToken                        = "issue-token"
	CreateAccount                     = "create-account"
	UpdateAccount                     = "update-account"
	GetAccount                        = "get-account"
	CloseAccount                      = "close-account"
	InitAddStoredPaymentOption        = "init-add-stored-payment-option"
	CompleteAddStoredPaymentOption    = "complete-add-stored-payment-option"
	InitVerifyStoredPaymentOption     = "init-verify-stored-payment-option"
	CompleteVerifyStoredPaymentOption = "complete-verify-stored-payment-option"
	DeleteStoredPaymentOption         = "delete-stored-payment-option"
	SetDefaultStoredPaymentOption     = "set-default-stored-payment-option"
	GetPaymentOptions                 = "get-payment-options"
	GetStoredPaymentOptions           = "get-stored-payment-options"
	InitAuthorize                     = "init-authorize"
	CompleteAuthorize                 = "complete-authorize"
	Authorize                         = "authorize"
	Capture                           = "capture"
	Refund                            = "refund"
	Cancel                            = "cancel"
	GetPaymentStatus                  = "get-payment-status"
	AddConsent                        = "add-consent"
	RevokeConsent                     = "revoke-consent"
	FindUserAccount                   = "find-user-account"
	CheckAvailablePaymentAmount       = "check-available-payment-amount"
	AccountEnquiry                    = "account-enquiry"
	BalanceEnquiry                    = "balance-enquiry"
	KCAuthorize                       = "kc-authorize"
	KCDebitAccount                    = "kc-debit-account"
	KCCapture                         = "kc-capture"
	KCCancel                          = "kc-cancel"
	KCRefund                          = "kc-refund"
	AddressCheck                      = "address-check"
)

// Operation is one operation of the API (A-4, B-4) as the suite calls it.
type Operation struct {
	ID   string // stable identifier, also the stem of its schema files
	Name string // the spec's name
	// Phrase is what the partner does in the features' words ("reads the
	// balance"): the step vocabulary is built from it (steps), so a feature
	// never names a method or a path.
	Phrase string
	Clause string // clause tag without "@", e.g. "A-4.2"
	// Area is the group of the documents' operations it belongs to (an
	// OpenAPI tag; the names and descriptions are in schemas/openapi.go).
	Area   string
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

// FeatureFile names the operation's feature file (package features):
// its clause with the sub-clause in two digits, then its ID
// ("B-4.04-capture.feature"), so the files sort in the spec's order.
func (o Operation) FeatureFile() string {
	head, n, _ := strings.Cut(o.Clause, ".")
	if len(n) == 1 {
		n = "0" + n
	}
	return head + "." + n + "-" + o.ID + ".feature"
}

// ReadsAnAccount reports whether the operation is a read of an account: a
// GET (A-1.6: its parameters in the query) whose only path parameter is
// {accno}. Its state follows from its contract: its valid request is its
// example request (ExampleRequest) on an account the caller opened, with
// the caller's envelope and profile values put in; it needs no payment,
// option or consent, and a read leaves the account as it was. The sweep's
// states and the reference's fuzz table derive such an operation's request
// instead of naming it; every other operation names its state there.
func (o Operation) ReadsAnAccount() bool { return o.readsOne("accno") }

// ReadsAPayment reports whether the operation is a read of a payment: a GET
// whose only path parameter is {uniqueReference}. Its state follows from
// its contract as a read of an account's does: its example request on a
// payment captured (and, where the state is read back as a list, refunded
// in part) by the caller.
func (o Operation) ReadsAPayment() bool { return o.readsOne("uniqueReference") }

// DerivedRead reports whether the operation's state follows from its
// contract: a read of an account or of a payment.
func (o Operation) DerivedRead() bool { return o.ReadsAnAccount() || o.ReadsAPayment() }

// readsOne reports whether the operation is a GET whose only path
// parameter is param.
func (o Operation) readsOne(param string) bool {
	if o.Method != "GET" {
		return false
	}
	params := pathParam.FindAllStringSubmatch(o.Path, -1)
	return len(params) == 1 && params[0][1] == param
}

// Pattern is the operation's route as net/http's ServeMux reads it
// ("GET /account/{accno}/balance"): a server serves the catalogue's paths.
func (o Operation) Pattern() string { return o.Method + " " + o.Path }

// BodyInQuery reports whether parameters travel in the query string.
func (o Operation) BodyInQuery() bool { return o.Method == http.MethodGet }

// Catalogue lists every operation of Documents A and B in spec order: its
// length is the count of operations wherever one is needed.
func Catalogue() []Operation {
	return []Operation{
		{ID: IssueToken, Phrase: "requests a token", Name: "Issue Token", Clause: "A-4.1", Area: "Authentication", Method: "POST", Path: "/user/{userId}/issue", Success: 200, Anonymous: true},
		{ID: CreateAccount, Phrase: "creates an account", Name: "Create Account", Clause: "A-4.2", Area: "Accounts", Method: "PUT", Path: "/account", Success: 201},
		{ID: UpdateAccount, Phrase: "updates the account information", Name: "Update Account Information", Clause: "A-4.3", Area: "Accounts", Method: "POST", Path: "/account/{accno}/updateInfo", Success: 200},
		{ID: GetAccount, Phrase: "reads the account information", Name: "Get Account Information", Clause: "A-4.4", Area: "Accounts", Method: "GET", Path: "/account/{accno}", Success: 200},
		{ID: CloseAccount, Phrase: "closes the account", Name: "Close Account", Clause: "A-4.5", Area: "Accounts", Method: "POST", Path: "/account/{accno}/close", Success: 200},
		{ID: InitAddStoredPaymentOption, Phrase: "starts adding a payment option", Name: "Init Add Stored Payment Option", Clause: "A-4.6", Area: "Stored Payment Options", Method: "POST", Path: "/account/{accno}/storedPaymentOptions/initAdd", Success: 200},
		{ID: CompleteAddStoredPaymentOption, Phrase: "completes adding the payment option", Name: "Complete Add Stored Payment Option", Clause: "A-4.7", Area: "Stored Payment Options", Method: "PUT", Path: "/account/{accno}/storedPaymentOptions/completeAdd", Success: 201},
		{ID: InitVerifyStoredPaymentOption, Phrase: "starts verifying the payment option", Name: "Init Verify Stored Payment Option", Clause: "A-4.8", Area: "Stored Payment Options", Method: "POST", Path: "/account/{accno}/storedPaymentOptions/{storedPaymentOptionReference}/initVerify", Success: 0},
		{ID: CompleteVerifyStoredPaymentOption, Phrase: "completes verifying the payment option", Name: "Complete Verify Stored Payment Option", Clause: "A-4.9", Area: "Stored Payment Options", Method: "POST", Path: "/account/{accno}/storedPaymentOptions/{storedPaymentOptionReference}/completeVerify", Success: 200},
		{ID: DeleteStoredPaymentOption, Phrase: "deletes the payment option", Name: "Delete Stored Payment Option", Clause: "A-4.10", Area: "Stored Payment Options", Method: "DELETE", Path: "/account/{accno}/storedPaymentOptions/{storedPaymentOptionReference}", Success: 200},
		{ID: SetDefaultStoredPaymentOption, Phrase: "makes the payment option the default", Name: "Set Default Stored Payment Option", Clause: "A-4.11", Area: "Stored Payment Options", Method: "POST", Path: "/account/{accno}/storedPaymentOptions/{storedPaymentOptionReference}/setDefault", Success: 0},
		{ID: GetPaymentOptions, Phrase: "lists the available payment options", Name: "Get Payment Options", Clause: "A-4.12", Area: "Stored Payment Options", Method: "GET", Path: "/account/{accno}/paymentOptions", Success: 200},
		{ID: GetStoredPaymentOptions, Phrase: "lists the stored payment options", Name: "Get Stored Payment Options", Clause: "A-4.13", Area: "Stored Payment Options", Method: "GET", Path: "/account/{accno}/storedPaymentOptions", Success: 200},
		{ID: InitAuthorize, Phrase: "initiates a guest payment", Name: "Init Authorize", Clause: "B-4.1", Area: "Payments", Method: "PUT", Path: "/payment/initAuthorize", Success: 201},
		{ID: CompleteAuthorize, Phrase: "completes the authorization", Name: "Complete Authorize", Clause: "B-4.2", Area: "Payments", Method: "POST", Path: "/payment/{uniqueReference}/completeAuthorize", Success: 200},
		{ID: Authorize, Phrase: "authorizes a payment with the stored payment option", Name: "Authorize", Clause: "B-4.3", Area: "Payments", Method: "PUT", Path: "/payment/authorize", Success: 201},
		{ID: Capture, Phrase: "captures the payment", Name: "Capture", Clause: "B-4.4", Area: "Payments", Method: "POST", Path: "/payment/{uniqueReference}/capture", Success: 201},
		{ID: Refund, Phrase: "refunds the payment", Name: "Refund", Clause: "B-4.5", Area: "Payments", Method: "POST", Path: "/payment/{uniqueReference}/refund", Success: 201},
		{ID: Cancel, Phrase: "cancels the payment", Name: "Cancel", Clause: "B-4.6", Area: "Payments", Method: "POST", Path: "/payment/{uniqueReference}/cancel", Success: 201},
		{ID: GetPaymentStatus, Phrase: "reads the payment status", Name: "Get Payment Status", Clause: "B-4.7", Area: "Payments", Method: "GET", Path: "/payment/{uniqueReference}/status", Success: 200},
		{ID: AddConsent, Phrase: "adds a consent", Name: "Add Consent", Clause: "B-4.8", Area: "Consent", Method: "PUT", Path: "/account/{accno}/consent", Success: 200},
		{ID: RevokeConsent, Phrase: "revokes the consent", Name: "Revoke Consent", Clause: "B-4.9", Area: "Consent", Method: "POST", Path: "/account/{accno}/consent/{consentReference}/revokeConsent", Success: 200},
		{ID: FindUserAccount, Phrase: "finds the user account by e-mail address", Name: "Find User Account", Clause: "B-4.10", Area: "Account Information", Method: "GET", Path: "/account/find", Success: 200},
		{ID: CheckAvailablePaymentAmount, Phrase: "checks the available payment amount", Name: "Check Available Payment Amount", Clause: "B-4.11", Area: "Account Information", Method: "GET", Path: "/account/{accno}/checkAvailablePaymentAmount", Success: 200, PlainText: true},
		{ID: AccountEnquiry, Phrase: "reads the account entries", Name: "Account Enquiry", Clause: "B-4.12", Area: "Account Information", Method: "GET", Path: "/account/{accno}/enquiry", Success: 200},
		{ID: BalanceEnquiry, Phrase: "reads the balance", Name: "Balance Enquiry", Clause: "B-4.13", Area: "Account Information", Method: "GET", Path: "/account/{accno}/balance", Success: 200},
		{ID: KCAuthorize, Phrase: "authorizes a wallet payment to the merchant", Name: "KC-Authorize", Clause: "B-4.14", Area: "Wallet-to-Merchant Payments", Method: "PUT", Path: "/payment/kc-authorize", Success: 200},
		{ID: KCDebitAccount, Phrase: "debits the account for the merchant", Name: "KC-Debit Account", Clause: "B-4.15", Area: "Wallet-to-Merchant Payments", Method: "PUT", Path: "/payment/kc-debitAccount", Success: 200},
		{ID: KCCapture, Phrase: "captures the wallet payment", Name: "KC-Capture", Clause: "B-4.16", Area: "Wallet-to-Merchant Payments", Method: "POST", Path: "/payment/{uniqueReference}/kc-capture", Success: 200},
		{ID: KCCancel, Phrase: "cancels the wallet payment", Name: "KC-Cancel", Clause: "B-4.17", Area: "Wallet-to-Merchant Payments", Method: "POST", Path: "/payment/{uniqueReference}/kc-cancel", Success: 200},
		{ID: KCRefund, Phrase: "refunds the wallet payment", Name: "KC-Refund", Clause: "B-4.18", Area: "Wallet-to-Merchant Payments", Method: "POST", Path: "/payment/{uniqueReference}/kc-refund", Success: 200},
		{ID: AddressCheck, Phrase: "checks an address", Name: "Perform Address Check", Clause: "B-4.19", Area: "Address Check", Method: "POST", Path: "/compliance/addressCheck", Success: 0},
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
