package reference

import "github.com/wallet-conformance/wallet-conformance/schemas"

// conventionMutants break the rules of Document A's conventions, accounts,
// authentication, errors and limits. Each names the
// rule of rules/a-conventions-accounts.yaml it breaks.
var conventionMutants = []Mutant{
	{Name: "envelope-no-systime", Clause: "A-2.1", Rule: "A-2.1#2", Description: "sysTime is omitted from every response"},
	{Name: "envelope-localdate-not-echoed", Clause: "A-2.1", Rule: "A-2.1#3", Description: "localDate in responses is not the caller's date (it is one day earlier)"},
	{Name: "envelope-partnerreference-not-echoed", Clause: "A-2.1", Rule: "A-2.1#4", Description: "partnerReference is missing from responses"},
	{Name: "responsecode-numeric", Clause: "A-7", Rule: "A-7#1", Description: "responseCode is written as a JSON number (0 for success) instead of a four-digit string"},
	{Name: "create-state-pending", Clause: "A-3", Rule: "A-3#1", Description: "Create Account returns and stores statusCode PENDING instead of ACTIVE"},
	// create-twofa-wrong was removed: 2FADIS is a value that occurs, not
	// one required; answering 2FAENA is the variant account-status-values-other.
	{Name: "close-state-active", Clause: "A-3", Rule: "A-3#5", Description: "Close Account answers statusCode ACTIVE and the account stays usable"},
	{Name: "closed-account-usable", Clause: "A-3", Rule: "A-3#7", Description: "after Close Account the account can still be updated with 0000"},
	{Name: "missing-field-http-200", Clause: "A-7", Rule: "A-7#3", Description: "a missing mandatory field answers 0001 with HTTP 200 instead of 400"},
	{Name: "missing-field-unnamed", Clause: "A-7", Rule: "A-7#4", Description: "the 0001 description of a missing field does not name the field"},
	{Name: "missing-fields-first-only", Clause: "A-7", Rule: "A-7#4", Description: "the 0001 description of a request missing several fields names only the first of them"},
	{Name: "missing-field-within-word", Clause: "A-7", Rule: "A-7#4", Description: "the 0001 description names a missing field only within a longer name (a missing city as businessCity)"},
	{Name: "wrong-type-accepted", Clause: "A-2.0", Rule: "A-2.0#12", Description: "a string (\"true\"/\"false\") where a boolean is expected is accepted"},
	{Name: "invalid-date-accepted", Clause: "A-2.0", Rule: "A-2.0#5", Description: "a date of 10 characters that is not a calendar date (2026-02-30, 1990-13-01) is accepted"},
	{Name: "auth-missing-token-accepted", Clause: "A-5", Rule: "A-5#5", Description: "Get Account Information without X-Auth-Token is served"},
	{Name: "auth-invalid-token-accepted", Clause: "A-5", Rule: "A-5#5", Description: "any non-empty X-Auth-Token is accepted on all operations"},
	{Name: "token-validuntil-no-millis", Clause: "A-2.3", Rule: "A-2.3#2", Description: "validUntil is formatted without milliseconds (2006-01-02T15:04:05Z)"},
	{Name: "token-wrong-password-accepted", Clause: "A-5", Rule: "A-5#1", Description: "Issue Token succeeds with any password"},
	{Name: "get-absent-omitted", Clause: "A-2.4", Rule: "A-2.4#2", Description: "Get Account Information omits fields without a value instead of returning null"},
	{Name: "get-not-reflecting-create", Clause: "A-4.4", Rule: "A-4.4#4", Description: "Get Account Information returns firstName upper-cased, not as sent"},
	{Name: "get-cuts-firstname", Clause: "A-4.4", Rule: "A-4.4#3", Description: "Get Account Information returns only the first two characters of firstName"},
	{Name: "update-not-applied", Clause: "A-4.3", Rule: "A-4.3#4", Description: "Update Account Information answers 0000 but does not change the stored data"},
	{Name: "maxlength-too-short", Clause: "A-2.0", Rule: "A-2.0#1", Description: "a lastName longer than 50 characters is rejected with 0001 (the limit is S(100))"},
	{Name: "malformed-json-500", Clause: "A-7", Rule: "A-7#5", Description: "a malformed JSON body is answered 500/0099 instead of 400/0001"},
	{Name: "close-no-dateclosed", Clause: "A-3", Rule: "A-3#6", Description: "dateClosed is missing from the Close Account response"},
	{Name: "closed-account-initadd-allowed", Clause: "A-3", Rule: "A-3#7", Description: "Init Add on a CLOSED account succeeds"},
	// below-minimum-allowed breaks #4, an advisory rule; it is killed
	// (as a warning) by the @advisory scenarios of B-4.15, tagged @.
	{Name: "below-minimum-allowed", Clause: "A-2.4", Rule: "A-2.4#4", Description: "a KC-Debit Account beyond avlBal less minimumAllowedBalance succeeds and the balance goes below it"},
	{Name: "partners-not-isolated", Clause: "A-5", Rule: "A-5#8", Description: "a token of one partner reaches every partner's accounts and payments"},

	// A-1 General rules.
	{Name: "get-account-path-not-relative", Clause: "A-1", Rule: "A-1#1", Description: "Get Account Information is served at {base_url}/v1/account/{accno}, not at its path relative to the base address"},
	{Name: "get-account-not-labelled-json", Clause: "A-1", Rule: "A-1#2", Description: "Get Account Information answers JSON labelled Content-Type text/plain"},
	{Name: "available-amount-as-json", Clause: "A-1", Rule: "A-1#3", Description: "Check Available Payment Amount answers its yes or no as a JSON object instead of text/plain"},
	{Name: "get-account-reads-body", Clause: "A-1", Rule: "A-1#6", Description: "Get Account Information reads its parameters from a body, not from the query string"},
	// Type notation.
	{Name: "overlength-accepted-on-close", Clause: "A-2.0", Rule: "A-2.0#2", Description: "Close Account accepts a closingReason of more than 1024 characters"},
	{Name: "overlength-accepted-on-get-account", Clause: "A-2.0", Rule: "A-2.0#2", Description: "Get Account Information accepts a partnerReference of more than 64 characters"},
	{Name: "overlength-accepted-on-kc-refund", Clause: "A-2.0", Rule: "A-2.0#2", Description: "KC-Refund accepts a partnerReference of more than 64 characters"},
	{Name: "date-format-unchecked", Clause: "A-2.0", Rule: "A-2.0#3", Description: "any string is accepted as a date (12.08.1984 included)"},
	{Name: "time-format-unchecked", Clause: "A-2.0", Rule: "A-2.0#4", Description: "any string of up to 8 characters is accepted as a time (12:00:00 included)"},
	{Name: "balance-limit-as-string", Clause: "A-2.0", Rule: "A-2.0#6", Description: "the account's maximumAllowedBalance, Dec(18), is written as a JSON string"},
	{Name: "provider-response-as-string", Clause: "A-2.0", Rule: "A-2.0#13", Description: "Init Add answers paymentProviderResponse, an Obj, as a JSON string"},
	{Name: "n-digits-unchecked", Clause: "A-2.0", Rule: "A-2.0#7", Description: "an N(n) value may hold any characters, letters included"},
	{Name: "country-alpha3-refused", Clause: "A-2.0", Rule: "A-2.0#9", Description: "Create Account refuses a countryCode in alpha-3 (DEU) with 0001"},
	// Envelopes.
	{Name: "localtime-not-required", Clause: "A-2.1", Rule: "A-2.1#1", Description: "no operation requires localTime"},
	{Name: "error-without-sysdate", Clause: "A-2.1", Rule: "A-2.1#2", Description: "error responses omit sysDate"},
	{Name: "get-account-programcode-not-echoed", Clause: "A-2.1", Rule: "A-2.1#5", Description: "Get Account Information does not echo programCode, which its response lists"},
	{Name: "sysdate-stuck", Clause: "A-2.1", Rule: "A-2.1#6", Description: "sysDate is always 2001-01-01, not the server's current date"},
	// Reusable field blocks.
	{Name: "correspondence-addr1-length-unchecked", Clause: "A-2.2", Rule: "A-2.2#1", Description: "correspondenceAddr1 of more than 60 characters is accepted"},
	{Name: "business-name-length-unchecked", Clause: "A-2.2", Rule: "A-2.2#2", Description: "businessCompanyName of more than 201 characters is accepted"},
	{Name: "billing-name-length-unchecked", Clause: "A-2.2", Rule: "A-2.2#3", Description: "Init Add accepts a customerFullName of more than 201 characters"},
	// Authentication token, A-2.4 Account.
	{Name: "token-too-long", Clause: "A-2.3", Rule: "A-2.3#1", Description: "Issue Token answers a token of 32769 characters"},
	{Name: "account-flag-as-string", Clause: "A-2.4", Rule: "A-2.4#1", Description: "Get Account Information writes isUserActive as the string \"true\", not a boolean"},
	{Name: "nationality-not-split", Clause: "A-2.4", Rule: "A-2.4#3", Description: "Get Account Information returns nationality as sent (alpha-3 included) and nationality3 null"},
	{Name: "business-country-not-split", Clause: "A-2.4", Rule: "A-2.4#6", Description: "Get Account Information returns businessCountryCode as sent (alpha-3 included) and businessCountryCode3 null"},
	{Name: "culture-not-a-tag-accepted", Clause: "A-2.4", Rule: "A-2.4#7", Description: "Create Account accepts a culture that is no RFC 4646 language tag (de_DE) and Get Account Information returns it as it was sent: a culture the server writes that is no well-formed tag"},
	// A-3 States and transitions.
	{Name: "create-no-twofa-status", Clause: "A-3", Rule: "A-3#2", Description: "the Create Account response carries no twoFAStatusCode"},
	{Name: "create-validuntil-honoured", Clause: "A-3", Rule: "A-3#4", Description: "Create Account refuses a validUntil in the past instead of ignoring it"},
	{Name: "closed-account-delete-allowed", Clause: "A-3", Rule: "A-3#8", Description: "a stored payment option of a CLOSED account can still be deleted"},
	{Name: "closed-wallet-kc-debit-allowed", Clause: "A-3", Rule: "A-3#7", Description: "a CLOSED wallet can still pay a merchant with KC-Debit Account"},
	{Name: "closed-account-authorize-allowed", Clause: "A-3", Rule: "A-3#7", Description: "Authorize with the accno of a closed account (a load by a stored payment option of another account) is served"},
	{Name: "closed-wallet-capture-loads", Clause: "A-3", Rule: "A-3#7", Description: "Capture of a payment authorized with the accno of an account closed since is served and loads the closed wallet"},
	{Name: "closed-wallet-kc-capture-allowed", Clause: "A-3", Rule: "A-3#7", Description: "KC-Capture of an authorization of a wallet closed since is served and debits the closed wallet"},
	{Name: "closed-wallet-kc-refund-allowed", Clause: "A-3", Rule: "A-3#7", Description: "KC-Refund of a payment of a wallet closed since is served and credits the closed wallet"},
	{Name: "closed-account-read-active", Clause: "A-3", Rule: "A-3#5", Description: "Get Account Information of a CLOSED account reports statusCode ACTIVE, though Close Account answered CLOSED"},
	{Name: "close-unknown-account-succeeds", Clause: "A-3", Rule: "A-3#9", Description: "Close Account of an account number that names no account answers 0000 CLOSED"},
	//
	{Name: "token-without-validuntil", Clause: "A-4.1", Rule: "A-4.1#3", Description: "the Issue Token response carries no validUntil"},
	{Name: "nationality-alpha3-refused", Clause: "A-4.2", Rule: "A-4.2#4", Description: "Create Account refuses a nationality in alpha-3 (ISO3)"},
	{Name: "isbusinessuser-default-true", Clause: "A-4.2", Rule: "A-4.2#5", Description: "Create Account without isBusinessUser requires the business fields, as if it were true"},
	{Name: "create-productcode-a-number", Clause: "A-4.2", Rule: "A-4.2#6", Description: "the Create Account response answers productCode, an S(10), as a JSON number"},
	{Name: "update-lastname-overlength-accepted", Clause: "A-4.3", Rule: "A-4.3#3", Description: "Update Account Information accepts a lastName of more than 100 characters"},
	{Name: "update-accno-a-number", Clause: "A-4.3", Rule: "A-4.3#6", Description: "the Update Account Information response answers accno, an S(255), as a JSON number"},
	{Name: "get-account-status-202", Clause: "A-4.4", Rule: "A-4.4#1", Description: "Get Account Information answers HTTP 202 instead of 200"},
	{Name: "close-data-deletion-refused", Clause: "A-4.5", Rule: "A-4.5#3", Description: "Close Account refuses isDataDeleted true"},
	{Name: "close-payout-option-refused", Clause: "A-4.5", Rule: "A-4.5#4", Description: "Close Account refuses a storedPaymentOptionReference for the payout"},
	{Name: "close-accno-a-number", Clause: "A-4.5", Rule: "A-4.5#7", Description: "the Close Account response answers accno, an S(255), as a JSON number"},
	// A-5 Authentication.
	{Name: "close-account-anonymous", Clause: "A-5", Rule: "A-5#2", Description: "Close Account is served without X-Auth-Token, as if it were an anonymous method"},
	{Name: "token-single-use", Clause: "A-5", Rule: "A-5#3", Description: "a token serves one call only, not every call until validUntil"},
	{Name: "token-validuntil-past", Clause: "A-5", Rule: "A-5#3", Description: "validUntil of a fresh token lies an hour in the past"},
	{Name: "token-checked-but-its-end", Clause: "A-5", Rule: "A-5#5", Description: "X-Auth-Token is compared on its first half only: an issued token with a character inserted or changed in its middle is accepted"},
	{Name: "token-validuntil-before-issue", Clause: "A-5", Rule: "A-5#3", Description: "validUntil of a fresh token lies 30 seconds before the moment of issue"},
	{Name: "unauthorized-http-200", Clause: "A-5", Rule: "A-5#5", Description: "0096 is answered with HTTP 200, not an HTTP error status"},
	// A-7 Errors.
	{Name: "handled-error-http-200", Clause: "A-7", Rule: "A-7#2", Description: "handled errors other than 0001 (0096, a closed account ...) are answered with HTTP 200"},
	{Name: "number-as-string-accepted", Clause: "A-7", Rule: "A-7#5", Description: "a JSON number where a string is expected is accepted (lastName 42)"},
	{Name: "closed-update-0099", Clause: "A-7", Rule: "A-7#6", Description: "Update Account Information of a closed account answers 500/0099 instead of a handled error"},
	{Name: "wrong-password-0099", Clause: "A-7", Rule: "A-7#6", Description: "Issue Token with a wrong password answers 500/0099, an unexpected error, instead of a handled one"},
	{Name: "unshown-success-202", Clause: "A-7", Rule: "A-7#12", Description: "Init Verify, Set Default and Perform Address Check, whose own success status the spec does not show, answer 0000 with HTTP 202"},
	{Name: "refusal-0001-http-409", Clause: "A-7", Rule: "A-7#12", Description: "a closed account's stored payment options and consents are refused with responseCode 0001 and HTTP 409, not 0001's 400"},
	// A-8 Limits.
	{Name: "authorization-token-too-long", Clause: "A-8", Rule: "A-8#1", Description: "Init Add answers an authorizationToken of 8193 characters"},
	{Name: "top-five-digits-accepted", Clause: "A-8", Rule: "A-8#2", Description: "Account Enquiry accepts a top or skip of five digits"},
	{Name: "token-expiry-not-enforced", Clause: "A-5", Rule: "A-5#6", Description: "a token is accepted after its validUntil"},
}

// conventionSpecMutations adjusts an operation's field spec for the mutants
// of this area that change which fields are required or how long they may
// be (called by specMutations on its clone).
func (h *handler) conventionSpecMutations(op string, s fieldSpec) fieldSpec {
	if h.mutant("localtime-not-required") {
		s.update("localTime", func(f *field) { f.required = false })
	}
	if h.mutant("overlength-accepted-on-close") && op == schemas.CloseAccount {
		s.update("closingReason", func(f *field) { f.max = 4096 })
	}
	if h.mutant("overlength-accepted-on-get-account") && op == schemas.GetAccount {
		s.update("partnerReference", func(f *field) { f.max = 255 })
	}
	if h.mutant("overlength-accepted-on-kc-refund") && op == schemas.KCRefund {
		s.update("partnerReference", func(f *field) { f.max = 255 })
	}
	if h.mutant("correspondence-addr1-length-unchecked") {
		s.update("correspondenceAddr1", func(f *field) { f.max = 255 })
	}
	if h.mutant("business-name-length-unchecked") {
		s.update("businessCompanyName", func(f *field) { f.max = 1024 })
	}
	if h.mutant("billing-name-length-unchecked") && op == schemas.InitAddStoredPaymentOption {
		s.update("customerFullName", func(f *field) { f.max = 1024 })
	}
	if h.mutant("update-lastname-overlength-accepted") && op == schemas.UpdateAccount {
		s.update("lastName", func(f *field) { f.max = 1024 })
	}
	if h.mutant("top-five-digits-accepted") && op == schemas.AccountEnquiry {
		s.update("top", func(f *field) { f.max = 5 })
		s.update("skip", func(f *field) { f.max = 5 })
	}
	return s
}
