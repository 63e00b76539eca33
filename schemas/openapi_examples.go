package schemas

import (
	"encoding/json"
	"strings"
)

// An example of every operation: its path parameters, its request (the JSON
// body, or the query parameters of a GET) and its success response, generated
// from the operation's request and response schemas; the only facts written
// here are the values of the fields (exampleValuesJSON, one value a field
// name) and the few an operation must see differently (exampleOverrides).
// They tell one story: partner-4711 takes a token, opens account
// 100000000017, stores a card on it, pays 40.00 EUR with it through Init
// Authorize and Complete Authorize, captures it, refunds 10.00 EUR of it, and pays
// a merchant 10.00 EUR twice from the wallet (KC-Authorize and KC-Capture,
// KC-Debit Account), refunding one of them. Secrets are placeholders.
//
// The generator's rules:
//   - Path parameters: the value of their name.
//   - Request: every property the schema requires (top-level "required",
//     through $ref and allOf), and every optional one the table has a value
//     for, except a deprecated one and one a server may ignore ("$comment":
//     "ignorable: ...", a block such as A-2.2's BB whose flag leaves it
//     unused); then the schema's conditional rules (RequestRules) are applied
//     until none adds anything: a rule whose condition holds adds the fields
//     it requires and sets those it holds to true (a flag the table sets false
//     leaves its block out).
//   - Response: every property of the schema.
//   - A field's value: the operation's override (exampleOverrides, where
//     exampleLeftOut leaves the field out); else the
//     table's value for its name; else what the schema determines (const, or
//     the first value of an enum); an object of listed properties is built by
//     these rules (a request's: its required properties and those the table
//     has a value for), an array holds one item built from its items schema;
//     else, in a response, null where the schema allows null; else the
//     value the field's schema determines (derived, as Field reads it): a D
//     is exampleDate, a T exampleTime, a B false, a Dec(p,s) 10 with s
//     decimals, an N(n) 10, an integer with bounds 10 brought within them.
//     Where none applies (a free S(n), a reference, a name) the generator
//     fails: "add an example value for NAME (schemas/FILE)".
//   - A string field of a GET's query takes a number or boolean of the table
//     as the text it travels as (amount 40.00 as "40.00").
//   - A value of the table must validate against the property of every
//     operation that takes it, and every value must be taken by some
//     operation (tests hold both): two places that disagree, or a dead entry,
//     fail a test.
//
// The caller's date and time (localDate, localTime) are in every request and
// the response envelope in every JSON response, since the schemas list
// them; a text/plain answer (B-4.11) is exampleTextAnswer. Tests check that
// each example validates against its schema in the document
// (openapi_examples_test.go, openapi_test.go). The generator is
// examples_gen.go: a new operation needs no edit here unless it brings a
// field name the table lacks whose schema determines no value, which the
// generator then names.

// Values of the table that code names too: the account the target's
// examples replace (ExampleTarget), the payment Account Enquiry's entry
// refers to, the KC payment the KC operations move. A test holds the first
// two to the table.
const (
	exampleAccno     = "100000000017"
	examplePayment   = "7c1e2a9b-4d3f-4e8a-b6c5-1f0e9d8c7b6a"
	exampleKCPayment = "e62a232f-428b-45cb-9ef7-53c1de16a4e2"
)

// exampleLeftOut, as an override's value, leaves the field out of the
// operation's request and response.
var exampleLeftOut any = struct{ leftOut bool }{true}

// exampleTextAnswer is the answer of a text/plain operation (B-4.11).
const exampleTextAnswer = "yes"

// exampleValuesJSON is the one table of example values, by field name (of a
// request, a response, a nested object or a path parameter), whatever the
// operation. Numbers are kept as written (40.00).
const exampleValuesJSON = `{
"sysTime": "101501",
"responseCode": "0000", "responseDescription": "OK",
"userId": "partner-4711", "password": "example-password",
"token": "PHNhbWw6QXNzZXJ0aW9uIElEPSJfZXhhbXBsZSIvPg==", "validUntil": "2026-03-02T11:15:01.000Z",
"partnerReference": "pr-1001", "programCode": "WALLETPRG", "programAccno": "PRG0000001", "productCode": "EWALLET",
"externalAccountReference": "ext-1001", "accno": "100000000017", "accnoType": "00", "custCode": "C566577589",
"accTypeCode": "EWU", "accTypeName": "E-Wallet User", "twoFAStatusCode": "2FADIS", "accFlowStatusCode": "APPROVEDSV",
"validFrom": "2026-03-02", "accountCreationDate": "2026-03-02",
"currCode": "EUR", "loginID": "erika.mustermann", "title": "MR", "lastName": "Mustermann", "firstName": "Erika",
"addr1": "Heidestrasse 17", "houseNumber": "17", "city": "Koeln", "countryCode": "DE", "countryName": "Germany",
"country": "Germany", "countryCode3": "DEU", "postCode": "51147", "dob": "1984-08-12",
"emailAddress": "erika.mustermann@example.com", "useDifferentCorrespondenceAddress": false,
"correspondenceAddr1": "Postfach 10 20 30", "correspondenceCity": "Bonn", "correspondenceCountryCode": "DE", "correspondencePostCode": "53111",
"businessCompanyName": "Mustermann Handel GmbH", "businessCompanyType": "GmbH", "businessCompanyRegistrationNumber": "HRB 12345",
"businessCompanyRegistrationCountryCode": "DE", "businessAddr1": "Industriestrasse 5", "businessCity": "Koeln", "businessPostCode": "51149", "businessCountryCode": "DE",
"nationality": "DE", "nationality3": "DEU", "isBusinessUser": false, "notifyUser": true,
"maximumAllowedBalance": 100000, "minimumAllowedBalance": 0, "isUserActive": true,
"closingReason": "Closed at the customer's request", "isDataDeleted": false,
"paymentOptionCode": "VISA", "useDifferentBillingAddress": false, "authorizationToken": "sbx-4f2a9c71",
"paymentProviderResponse": {"provider": "sandbox", "paymentOptionCode": "VISA"},
"providerResponse": {"provider": "sandbox", "paymentOptionCode": "VISA"},
"storedPaymentOptionReference": "5d9e4b0c-2f6a-4c1e-9b7d-0a3c8e1f2b64",
"initiationCountryCode": "DE", "initiationCountryCode3": "DEU", "verificationCode": "123456",
"transactionTypeCode": "AUTH", "name": "Visa", "code": "VISA", "paymentGroup": "Credit Card", "paymentGroupCode": "CC",
"paymentSubGroup": "Visa", "paymentSubGroupCode": "VISA", "isStorable": true,
"iconUrl": "https://wallet.example.com/icons/visa.svg", "carrierNumber": "************4242",
"reference": "5d9e4b0c-2f6a-4c1e-9b7d-0a3c8e1f2b64", "expiryMonth": 11, "expiryYear": 2029,
"validUntilDate": "2029-11-30", "validUntilTime": "235959", "bankCode": "", "isVerifiable": true, "isDefault": true,
"fullName": "Erika Mustermann", "customerFullName": "Erika Mustermann",
"presentationAmount": 40.00, "presentationCurrCode": "EUR", "presentationUsage": "Order 4711", "custom1": "basket-4711",
"uniqueReference": "7c1e2a9b-4d3f-4e8a-b6c5-1f0e9d8c7b6a", "initiatorAccno": "PRG0000001",
"initiatorName": "Reference Program", "processedAmount": 40.00, "processedCurrCode": "EUR",
"statusCode": "CAPTURED", "statusReason": "accepted",
"modifiedAmount": 10.00, "modifiedAmountCurrCode": "EUR", "refundAmount": 10.00, "refundCurrCode": "EUR",
"refundUsage": "Returned item", "modifiedUsage": "Order 4711",
"oneTimePassword": "12345678", "consentReference": "9ee5fd0bd854e6db0ac11f2c3d8d2586", "consentStatusCode": "CNSTCONF",
"amount": 40.00, "startDate": "2026-03-01", "top": "10", "sortDirection": "ASC", "includePendingTransactions": false,
"count": 1, "valueDate": "2026-03-02", "bookingTime": "101200",
"valueTime": "101200", "sourceAmount": 40.00, "exchangeRate": 1.00, "balance": 40.00, "sourceCurrCode": "EUR",
"entryIndicator": "CRDT", "description": "Order 4711", "entryType": "LOAD",
"psBal": 0.00, "avlBal": 40.00, "bkBal": 40.00, "blkAmt": 0.00, "pooledAmt": 0.00,
"merchantAccno": "MRC0000001", "merchantProgramCode": "MERCHPRG", "paymentAmount": 10.00, "paymentCurrCode": "EUR",
"paymentUsage": "Purchase 4711", "fxRate": 1.00, "refundSourceAccno": "MRC0000001",
"street": "Heidestrasse", "house": "17", "postalCode": "51147"
}`

// exampleOverrides holds the values an operation must show differently from
// the table, as few as the story allows: the state a payment or an account is
// in after it, the KC payment the KC operations move, the login Find User
// Account looks for (the token's userId is the path's), Create Account's
// validUntil (a D there and null, the token's timestamp elsewhere), the
// payment an account entry refers to (a stored option's reference
// elsewhere), Init Authorize's guest payment (no stored option, so B-4.1's
// rule asks for the billing address; exampleLeftOut leaves a field out),
// Close Account's storedPaymentOptionReference (the account closed is one of
// its own, with no stored option), Refund's refundSourceAccno (the wallet
// there, B-4.5; the merchant in
// KC-Refund's answer), Capture's and KC-Capture's amounts (the card payment
// is 40.00, the KC payments 10.00).
var exampleOverrides = map[string]map[string]any{
	CreateAccount:           {"statusCode": "ACTIVE", "validUntil": nil},
	GetAccount:              {"statusCode": "ACTIVE"},
	CloseAccount:            {"statusCode": "CLOSED", "storedPaymentOptionReference": exampleLeftOut},
	GetStoredPaymentOptions: {"statusCode": "VERIFIED"},
	AccountEnquiry:          {"statusCode": "SETTLED", "reference": examplePayment},
	InitAuthorize:           {"statusCode": "RECEIVED", "storedPaymentOptionReference": exampleLeftOut},
	CompleteAuthorize:       {"statusCode": "AUTHORIZED"},
	Authorize:               {"statusCode": "AUTHORIZED"},
	Cancel:                  {"statusCode": "CANCELLED"},
	Capture:                 {"modifiedAmount": json.Number("40.00")},
	Refund:                  {"refundSourceAccno": exampleLeftOut},
	RevokeConsent:           {"consentStatusCode": "CNSTRVKD"},
	FindUserAccount:         {"userId": "erika.mustermann"},
	KCAuthorize:             {"uniqueReference": exampleKCPayment, "statusCode": "AUTHORIZED"},
	KCDebitAccount:          {"uniqueReference": exampleKCPayment},
	KCCapture:               {"uniqueReference": exampleKCPayment, "processedAmount": json.Number("10.00")},
	KCCancel:                {"uniqueReference": exampleKCPayment, "statusCode": "CANCELLED"},
	KCRefund:                {"uniqueReference": exampleKCPayment},
}

// encodeExampleNumbers writes the N(n) fields of the request examples
// (fields as encodeNumbers returns them) as JSON numbers when the document
// is written for numberEncoding "number"; otherwise they stay strings of
// digits, which both other forms of the document accept.
func encodeExampleNumbers(exs map[string]opExample, fields []string, encoding string) {
	if encoding != "number" {
		return
	}
	for _, f := range fields {
		schema, name, _ := strings.Cut(f, "/")
		ex, ok := exs[strings.TrimSuffix(schema, ".request")]
		if !ok {
			continue
		}
		if s, ok := ex.Request[name].(string); ok {
			if s = strings.TrimLeft(s, "0"); s == "" {
				s = "0"
			}
			ex.Request[name] = json.Number(s)
		}
	}
}
