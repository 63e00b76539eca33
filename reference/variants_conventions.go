package reference

// conventionVariants are the permitted choices of Document A's conventions,
// accounts, authentication, errors and limits.
var conventionVariants = []Variant{
	{
		Name:   "echoes-unlisted-request-fields",
		Clause: "A-2.1",
		Description: "Every success answers, beside what its operation's Response line lists, each field of the request that the line does not list, " +
			"as sent (a secret never). A-2.1 adds the envelope to \"every response\" and each operation lists its response fields, but no sentence " +
			"limits a response to them; an open point \"whether the response returns F: not shown\" is this choice.",
	},
	{
		Name:   "accept-negotiated",
		Clause: "A-1",
		Description: "Answers 406 Not Acceptable when the request's Accept header admits neither the response's media type nor a wildcard (RFC 9110). " +
			"A-1.2 says only \"Requests and responses are JSON (`Content-Type: application/json`). One response (Check Available Payment Amount, Document B) is `text/plain`.\"; " +
			"nothing obliges a server to answer in a form the client said it does not accept.",
	},
	{
		Name:   "overlength-own-code",
		Clause: "A-2.0",
		Description: "Refuses a text longer than its S(n) with responseCode 0040 and HTTP 422 instead of 0001/400. " +
			"A-2.0 gives \"S(n) | string, length as given (treated as maximum)\"; A-7's 0001 is \"mandatory field missing or syntax error (wrong data type, spelling)\", which does not name an over-long value.",
	},
	{
		Name:   "impossible-value-own-code",
		Clause: "A-2.0",
		Description: "Refuses a date or time written in its notation that does not exist (2026-02-30, 246000) with responseCode 0041 and HTTP 422 instead of 0001/400. " +
			"A-2.0 gives \"D | date, format YYYY-MM-DD, length 10\"; A-7's 0001 names \"wrong data type, spelling\", not an impossible value.",
	},
	{
		Name:   "token-appended-character-ignored",
		Clause: "A-5",
		Description: "Accepts an issued X-Auth-Token with one character appended, as a lenient base64 decoder (Node's Buffer, Python's b64decode) reads a token of whole quanta with one character more: the same bytes. " +
			"A-5 says \"A missing or invalid token yields response code `0096`\" without saying how a token is compared; a token that decodes to the issued one is arguably not invalid.",
	},
	{
		Name:   "handled-errors-http-5xx",
		Clause: "A-7",
		Description: "Answers every handled error whose code A-7 does not pair with a status with a 5xx: 0096 with HTTP 503, its own codes (an unknown or closed account, a refused move, an over-long value) with HTTP 500. " +
			"A-7's table gives \"| 0096 | not shown |\" and \"| 0058, 0098 | not shown |\" and pairs 500 with 0099 alone (\"| 0099 | 500 | unexpected server error |\"); " +
			"\"An error response carries … as a handled error, an HTTP error status\" names no range, so a handled code with a 5xx is still a handled error.",
	},
	{
		Name:   "n-fields-json-numbers",
		Clause: "A-2.0",
		Description: "Takes an N(n) value of a JSON body (oneTimePassword, verificationCode) only as a JSON number; a string of digits is a syntax error. " +
			"A-2.0 gives \"N(n) | number, length n\"; the spec does not say whether a number travels as a JSON number or as a string of digits.",
		Declares: map[string]string{"numberEncoding": "number"},
	},
	{
		Name:   "unlisted-fields-refused",
		Clause: "A-2.1",
		Description: "Refuses with 0001 a request of Issue Token or of an account operation (A-4.1 to A-4.5) that carries a field its table does not list. " +
			"The request envelope is \"present on every call unless a table says otherwise\", and A-4.1's body lists only \"password S(128) required; localDate D required; localTime T required\"; " +
			"the spec says nothing of fields beyond a table, so a strict server may refuse them.",
	},
	{
		Name:   "issue-token-needs-partnerreference",
		Clause: "A-4.1",
		Description: "Issue Token requires partnerReference, as every other call does, and refuses a request without it with 0001 naming it. " +
			"A-1.5: \"Every request carries `partnerReference`, `localDate` and `localTime`\"; A-2.1 marks partnerReference \"Y\" in the request envelope, " +
			"\"present on every call unless a table says otherwise\"; A-4.1's body line (\"password S(128) required; localDate D required; localTime T required\") omits it without saying otherwise.",
	},
	{
		Name:   "culture-posix-locale-accepted",
		Clause: "A-2.4",
		Description: "Create Account and Update Account Information accept a culture written as a POSIX locale (de_DE) and keep it as the RFC 4646 tag it names (de-DE), as two of three independent implementations do. " +
			"A-2.4 types culture \"S(14) | RFC 4646\": de_DE is a well-typed S(14); the format is one the spec only references, and A-7's 0001 names \"wrong data type, spelling\". What the server writes stays a well-formed tag.",
	},
	{
		Name:   "country-codes-alpha3",
		Clause: "A-2.4",
		Description: "Get Account Information returns countryCode in alpha-3 (DEU) whatever form it was given in. " +
			"A-2.4 types countryCode \"S(3)\" and A-2.0 says \"country code fields hold an ISO 3166-1 alpha-2 or alpha-3 code (S(3))\".",
	},
	{
		Name:   "account-status-values-other",
		Clause: "A-3",
		Description: "Create Account answers twoFAStatusCode 2FAOFF and accFlowStatusCode APPROVED. " +
			"A-3 gives \"twoFAStatusCode (value that occurs: `2FADIS`) and accFlowStatusCode (value that occurs: `APPROVEDSV`)\", and A-2.0 says of the lookups \"complete contents not shown; only values that occur are listed\".",
	},
	{
		Name:   "stored-text-normalised",
		Clause: "A-4.4",
		Description: "Create and Update Account keep the customer's texts normalised: trimmed, runs of white space made one space, " +
			"lastName and firstName in upper case, emailAddress in lower case; Get Account Information returns them so. " +
			"A-4.4 returns \"the account fields of section 2.4\" and no sentence of the spec says a value is returned as it was sent.",
	},
	{
		Name:   "close-repeat-succeeds",
		Clause: "A-3",
		Description: "Close Account of an account that is already CLOSED answers 0000 with statusCode CLOSED and the first dateClosed. " +
			"A-3's table moves an account that exists to CLOSED and says \"Other account statuses and the moves between them: not shown.\"",
	},
	{
		Name:   "update-keeps-omitted-fields",
		Clause: "A-4.3",
		Description: "Update Account Information keeps the optional fields it does not carry (addr2, state, phone numbers ...) instead of clearing them. " +
			"A-4.3 lists the fields of the update but does not say whether an omitted optional field is cleared or kept.",
	},
	{
		Name:   "compliance-data-on-update",
		Clause: "A-4.3",
		Description: "Update Account Information answers providerResponse.complianceData with an archiveId, a traffic light and the checked person's details. " +
			"A-4.3: \"and optionally `providerResponse` Obj holding `complianceData` Obj with: archiveId (string), trafficLight (string), hitType (string), manualReview (B), details (Arr of Obj with name string and birthdate string in form YYYYMMDD)\".",
	},
	{
		Name:   "omits-valueless-fields",
		Clause: "A-2.1",
		Description: "Leaves out of every response each field that has no value (null or \"\": an input not sent and so not echoed, custom1..3, " +
			"statusReason, an empty addr2 or state of a billingAddress, the expiry of a stored bank account) instead of answering it null, " +
			"as the real KontoCloud API does; the response envelope and the account of Get Account Information keep every field. " +
			"A sentence makes fields present only there: A-2.1 \"Response envelope (present on every response, in addition to operation fields)\" " +
			"and A-2.4 \"Absent values are returned as null.\"",
	},
	{
		Name:   "retry-before-serving",
		Clause: "A-7",
		Description: "Answers the first attempt of every Get Account Information (by partnerReference) with responseCode 0098 and HTTP 503, and serves the repeat. " +
			"A-7: \"| 0058, 0098 | not shown | the call may be retried up to 3 times |\".",
	},
	{
		Name:   "partner-reference-once",
		Clause: "A-2.1",
		Description: "Refuses with responseCode 0057 and HTTP 409, before reading the rest of the request, a call whose partnerReference " +
			"an earlier accepted call of the same partner carried (Issue Token aside). A-2.1: partnerReference is the \"identifier of the " +
			"partner's service call\"; A-7: \"The full list of response codes: not shown\".",
	},
}
