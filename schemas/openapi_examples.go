package schemas

import (
	"encoding/json"
	"fmt"
	"strings"
)

// An example of every operation: its path parameters, its request (the JSON
// body, or the query parameters of a GET) and its success response. They are
// the reference server's answers to the suite, with the generated values
// (account numbers, references, dates) replaced by fixed ones that tell one
// story: partner-4711 takes a token, opens account 100000000017, stores a
// card on it, pays 40.00 EUR through Init Authorize and Complete Authorize,
// captures and refunds it, and pays a merchant from the wallet. Secrets are
// placeholders. The caller's date and time (localDate, localTime) are added
// to every request, and the response envelope to every JSON response
// (exampleEnvelope); a test checks that each example validates against its
// schema in the document.

// Example values shared by the examples and the links they illustrate.
const (
	exampleDate      = "2026-03-02"
	exampleTime      = "101500"
	exampleSysTime   = "101501"
	exampleAccno     = "100000000017"
	exampleOption    = "5d9e4b0c-2f6a-4c1e-9b7d-0a3c8e1f2b64"
	examplePayment   = "7c1e2a9b-4d3f-4e8a-b6c5-1f0e9d8c7b6a"
	exampleKCPayment = "e62a232f-428b-45cb-9ef7-53c1de16a4e2"
	exampleConsent   = "9ee5fd0bd854e6db0ac11f2c3d8d2586"
)

// opExample is the example of one operation.
type opExample struct {
	Path     map[string]string `json:"path"`
	Request  map[string]any    `json:"request"`
	Response any               `json:"response"` // a JSON object, or a string for text/plain
}

// examplesJSON holds the examples by operation ID. Path parameters not
// given per operation come from examplePath.
const examplesJSON = `{
"issue-token": {
  "path": {"userId": "partner-4711"},
  "request": {"password": "example-password"},
  "response": {"token": "PHNhbWw6QXNzZXJ0aW9uIElEPSJfZXhhbXBsZSIvPg==", "validUntil": "2026-03-02T11:15:01.000Z"}
},
"create-account": {
  "request": {"partnerReference": "pr-1001", "programCode": "WALLETPRG", "externalAccountReference": "ext-1001",
    "currCode": "EUR", "loginID": "erika.mustermann", "title": "MR", "lastName": "Mustermann", "firstName": "Erika",
    "addr1": "Heidestrasse 17", "houseNumber": "17", "city": "Koeln", "countryCode": "DE", "postCode": "51147",
    "dob": "1984-08-12", "emailAddress": "erika.mustermann@example.com", "useDifferentCorrespondenceAddress": false,
    "nationality": "DE", "isBusinessUser": false},
  "response": {"partnerReference": "pr-1001", "programCode": "WALLETPRG", "productCode": "EWALLET", "accTypeCode": "EWU",
    "custCode": "C566577589", "externalAccountReference": "ext-1001", "accno": "100000000017", "statusCode": "ACTIVE",
    "twoFAStatusCode": "2FADIS", "accFlowStatusCode": "APPROVEDSV", "validFrom": "2026-03-02", "validUntil": null}
},
"update-account": {
  "request": {"partnerReference": "pr-1002", "programCode": "WALLETPRG", "accnoType": "00", "title": "MR",
    "lastName": "Musterfrau", "firstName": "Erika", "addr1": "Lindenallee 4", "houseNumber": "4", "city": "Bonn",
    "postCode": "53111", "countryCode": "DE", "dob": "1984-08-12", "emailAddress": "erika.musterfrau@example.com",
    "useDifferentCorrespondenceAddress": false, "notifyUser": true},
  "response": {"partnerReference": "pr-1002", "programCode": "WALLETPRG", "accno": "100000000017"}
},
"get-account": {
  "request": {"partnerReference": "pr-1003", "programCode": "WALLETPRG", "accnoType": "00"},
  "response": {"partnerReference": "pr-1003", "programCode": "WALLETPRG", "accno": "100000000017",
    "externalAccountReference": "ext-1001", "merchantName": null, "title": "MR", "lastName": "Musterfrau",
    "firstName": "Erika", "addr1": "Lindenallee 4", "addr2": null, "addr3": null, "houseNumber": "4", "city": "Bonn",
    "state": null, "countryName": "Germany", "countryCode": "DE", "postCode": "53111", "dob": "1984-08-12",
    "landlinePhone": null, "mobilePhone": null, "emailAddress": "erika.musterfrau@example.com",
    "loginID": "erika.mustermann", "culture": null, "timeZone": null, "useDifferentCorrespondenceAddress": false,
    "correspondenceAddr1": null, "correspondenceAddr2": null, "correspondenceAddr3": null,
    "correspondenceHouseNumber": null, "correspondenceCity": null, "correspondenceState": null,
    "correspondencePostCode": null, "correspondenceCountryName": null, "correspondenceCountryCode": null,
    "correspondenceCountryCode3": null, "nationality": "DE", "nationality3": "DEU", "taxId": null, "currCode": "EUR",
    "accTypeName": "E-Wallet User", "accTypeCode": "EWU", "maximumAllowedBalance": 100000, "minimumAllowedBalance": 0,
    "statusCode": "ACTIVE", "twoFAStatusCode": "2FADIS", "accFlowStatusCode": "APPROVEDSV", "isEmailVerified": false,
    "isMobilePhoneVerified": false, "isUserActive": true, "isUserLocked": false, "isMtanEnabled": false,
    "lastLoginDate": null, "lastLoginTime": null, "isBusinessUser": false, "businessCompanyName": null,
    "businessCompanyType": null, "businessCompanyRegistrationNumber": null,
    "businessCompanyRegistrationCountryCode": null, "businessCompanyRegistrationCountryCode3": null,
    "businessAddr1": null, "businessAddr2": null, "businessAddr3": null, "businessHouseNumber": null,
    "businessCity": null, "businessPostCode": null, "businessCountryCode": null, "businessCountryCode3": null,
    "businessUrl": null, "userAgreementReference": null, "isUserAgreementUpToDate": false,
    "accountValidUntil": null, "accountCreationDate": "2026-03-02"}
},
"close-account": {
  "request": {"partnerReference": "pr-1099", "programCode": "WALLETPRG", "accnoType": "00",
    "closingReason": "Closed at the customer's request", "isDataDeleted": false},
  "response": {"partnerReference": "pr-1099", "programCode": "WALLETPRG", "accno": "100000000017",
    "statusCode": "CLOSED", "dateClosed": "2026-03-02"}
},
"init-add-stored-payment-option": {
  "request": {"partnerReference": "pr-1004", "programCode": "WALLETPRG", "accnoType": "00",
    "paymentOptionCode": "VISA", "useDifferentBillingAddress": false},
  "response": {"partnerReference": "pr-1004", "programCode": "WALLETPRG", "accno": "100000000017",
    "authorizationToken": "sbx-add-4f2a9c71", "paymentOptionCode": "VISA",
    "paymentProviderResponse": {"provider": "sandbox", "status": "INITIATED"}}
},
"complete-add-stored-payment-option": {
  "request": {"partnerReference": "pr-1005", "programCode": "WALLETPRG", "accnoType": "00",
    "paymentOptionCode": "VISA", "authorizationToken": "sbx-add-4f2a9c71", "useDifferentBillingAddress": false},
  "response": {"partnerReference": "pr-1005", "programCode": "WALLETPRG", "accno": "100000000017",
    "paymentOptionCode": "VISA", "storedPaymentOptionReference": "5d9e4b0c-2f6a-4c1e-9b7d-0a3c8e1f2b64",
    "initiationCountryCode": "DE", "initiationCountryCode3": "DEU",
    "paymentProviderResponse": {"provider": "sandbox", "status": "STORED"}}
},
"init-verify-stored-payment-option": {
  "request": {"partnerReference": "pr-1006", "programAccno": "PRG0000001", "accnoType": "00"},
  "response": {"partnerReference": "pr-1006", "programCode": "WALLETPRG", "accno": "100000000017"}
},
"complete-verify-stored-payment-option": {
  "request": {"partnerReference": "pr-1007", "programCode": "WALLETPRG", "accnoType": "00", "verificationCode": "123456"},
  "response": {"partnerReference": "pr-1007", "programCode": "WALLETPRG", "accno": "100000000017"}
},
"delete-stored-payment-option": {
  "request": {"partnerReference": "pr-1098", "programCode": "WALLETPRG", "accnoType": "00"},
  "response": {"partnerReference": "pr-1098", "programCode": "WALLETPRG", "accno": "100000000017"}
},
"set-default-stored-payment-option": {
  "request": {"partnerReference": "pr-1008", "programCode": "WALLETPRG", "accnoType": "00"},
  "response": {"partnerReference": "pr-1008", "programCode": "WALLETPRG", "accno": "100000000017"}
},
"get-payment-options": {
  "request": {"partnerReference": "pr-1009", "programCode": "WALLETPRG", "accnoType": "00", "transactionTypeCode": "AUTH"},
  "response": {"partnerReference": "pr-1009", "programCode": "WALLETPRG", "accno": "100000000017",
    "transactionTypeCode": "AUTH", "paymentOptions": [
      {"name": "Visa", "code": "VISA", "paymentGroup": "Credit Card", "paymentGroupCode": "CC",
       "paymentSubGroup": "Visa", "paymentSubGroupCode": "VISA", "isStorable": true,
       "iconUrl": "https://wallet.example.com/icons/visa.svg"},
      {"name": "PayPal", "code": "PAYPAL", "paymentGroup": "Wallet", "paymentGroupCode": "EW",
       "paymentSubGroup": "PayPal", "paymentSubGroupCode": "PAYPAL", "isStorable": false,
       "iconUrl": "https://wallet.example.com/icons/paypal.svg"}]}
},
"get-stored-payment-options": {
  "request": {"partnerReference": "pr-1010", "programCode": "WALLETPRG", "accnoType": "00"},
  "response": {"partnerReference": "pr-1010", "programCode": "WALLETPRG", "accno": "100000000017", "paymentOptions": [
    {"name": "Visa", "code": "VISA", "carrierNumber": "************4242",
     "reference": "5d9e4b0c-2f6a-4c1e-9b7d-0a3c8e1f2b64", "paymentGroup": "Credit Card", "paymentGroupCode": "CC",
     "paymentSubGroup": "Visa", "paymentSubGroupCode": "VISA", "expiryMonth": 11, "expiryYear": 2029,
     "validUntilDate": "2029-11-30", "validUntilTime": "235959", "bankCode": "", "isVerifiable": true,
     "statusCode": "VERIFIED", "isDefault": true,
     "billingAddress": {"fullName": "Erika Musterfrau", "addr1": "Lindenallee 4", "addr2": null, "city": "Bonn",
       "state": null, "countryName": "Germany", "countryCode": "DE", "postCode": "53111"},
     "iconUrl": "https://wallet.example.com/icons/visa.svg"}]}
},
"init-authorize": {
  "request": {"partnerReference": "pr-2001", "programAccno": "PRG0000001", "accno": "100000000017", "accnoType": "00",
    "paymentOptionCode": "VISA", "presentationAmount": 40.00, "presentationCurrCode": "EUR",
    "presentationUsage": "Order 4711", "useDifferentBillingAddress": true, "customerFullName": "Jonas Beispiel",
    "emailAddress": "jonas.beispiel@example.com", "addr1": "Schillerstrasse", "houseNumber": "12", "city": "Hamburg",
    "postCode": "20095", "countryCode": "DE", "custom1": "basket-4711"},
  "response": {"partnerReference": "pr-2001", "programAccno": "PRG0000001", "programCode": "WALLETPRG",
    "accno": "100000000017", "storedPaymentOptionReference": null,
    "uniqueReference": "7c1e2a9b-4d3f-4e8a-b6c5-1f0e9d8c7b6a", "authorizationToken": "sbx-pay-7c1e2a9b",
    "paymentOptionCode": "VISA", "presentationAmount": 40.00, "presentationCurrCode": "EUR",
    "presentationUsage": "Order 4711", "custom1": "basket-4711", "custom2": null, "custom3": null,
    "statusCode": "RECEIVED", "statusReason": "payment received",
    "paymentProviderResponse": {"provider": "sandbox", "paymentOptionCode": "VISA", "status": "RECEIVED"}}
},
"complete-authorize": {
  "request": {"partnerReference": "pr-2002", "authorizationToken": "sbx-pay-7c1e2a9b"},
  "response": {"partnerReference": "pr-2002", "initiatorAccno": "PRG0000001", "accno": "100000000017",
    "uniqueReference": "7c1e2a9b-4d3f-4e8a-b6c5-1f0e9d8c7b6a", "storedPaymentOptionReference": null,
    "initiationCountryCode": "DE", "initiationCountryCode3": "DEU", "processedAmount": 40.00,
    "processedCurrCode": "EUR", "statusCode": "AUTHORIZED", "statusReason": "payment authorized",
    "paymentProviderResponse": {"provider": "sandbox", "paymentOptionCode": "VISA", "status": "AUTHORIZED"}}
},
"authorize": {
  "request": {"partnerReference": "pr-2101", "programAccno": "PRG0000001",
    "storedPaymentOptionReference": "5d9e4b0c-2f6a-4c1e-9b7d-0a3c8e1f2b64", "presentationAmount": 25.00,
    "presentationCurrCode": "EUR", "presentationUsage": "Order 4712", "useDifferentBillingAddress": false},
  "response": {"partnerReference": "pr-2101", "programAccno": "PRG0000001", "accno": null,
    "uniqueReference": "2b7f4c1d-8e3a-4f6b-9c0d-5a1e7f3b9d20",
    "storedPaymentOptionReference": "5d9e4b0c-2f6a-4c1e-9b7d-0a3c8e1f2b64", "invoiceReference": null,
    "channelProductReference": null, "presentationAmount": 25.00, "presentationCurrCode": "EUR",
    "presentationUsage": "Order 4712", "processedAmount": 25.00, "processedCurrCode": "EUR", "custom1": null,
    "custom2": null, "custom3": null, "statusCode": "AUTHORIZED", "statusReason": "payment authorized",
    "paymentProviderResponse": {"provider": "sandbox", "paymentOptionCode": "VISA", "status": "AUTHORIZED"}}
},
"capture": {
  "request": {"partnerReference": "pr-2003"},
  "response": {"partnerReference": "pr-2003", "initiatorAccno": "PRG0000001", "accno": "100000000017",
    "uniqueReference": "7c1e2a9b-4d3f-4e8a-b6c5-1f0e9d8c7b6a", "modifiedAmount": 40.00,
    "modifiedAmountCurrCode": "EUR", "processedAmount": 40.00, "processedCurrCode": "EUR", "custom1": "basket-4711",
    "custom2": null, "custom3": null, "statusCode": "CAPTURED", "statusReason": "payment captured",
    "paymentProviderResponse": {"provider": "sandbox", "paymentOptionCode": "VISA", "status": "CAPTURED"}}
},
"refund": {
  "request": {"partnerReference": "pr-2004", "refundAmount": 15.50, "refundCurrCode": "EUR", "refundUsage": "Returned item"},
  "response": {"partnerReference": "pr-2004", "initiatorAccno": "PRG0000001", "accno": "100000000017",
    "uniqueReference": "7c1e2a9b-4d3f-4e8a-b6c5-1f0e9d8c7b6a", "refundAmount": 15.50, "refundCurrCode": "EUR",
    "processedAmount": 15.50, "processedCurrCode": "EUR", "custom1": "basket-4711", "custom2": null, "custom3": null,
    "statusCode": "CAPTURED", "statusReason": "payment captured",
    "paymentProviderResponse": {"provider": "sandbox", "paymentOptionCode": "VISA", "status": "REFUNDED"}}
},
"cancel": {
  "path": {"uniqueReference": "2b7f4c1d-8e3a-4f6b-9c0d-5a1e7f3b9d20"},
  "request": {"partnerReference": "pr-2102"},
  "response": {"partnerReference": "pr-2102", "initiatorAccno": "PRG0000001", "accno": null,
    "uniqueReference": "2b7f4c1d-8e3a-4f6b-9c0d-5a1e7f3b9d20", "custom1": null, "custom2": null, "custom3": null,
    "statusCode": "CANCELLED", "statusReason": "payment cancelled",
    "paymentProviderResponse": {"provider": "sandbox", "paymentOptionCode": "VISA", "status": "CANCELLED"}}
},
"get-payment-status": {
  "request": {"partnerReference": "pr-2005"},
  "response": {"uniqueReference": "7c1e2a9b-4d3f-4e8a-b6c5-1f0e9d8c7b6a", "partnerReference": "pr-2005",
    "initiatorAccno": "PRG0000001", "initiatorName": "Reference Program", "accno": "100000000017",
    "presentationAmount": 40.00, "presentationCurrCode": "EUR", "presentationUsage": "Order 4711",
    "customerFullName": "Jonas Beispiel", "addr1": "Schillerstrasse", "addr2": null, "addr3": null,
    "houseNumber": "12", "city": "Hamburg", "state": null, "country": "Germany", "countryCode": "DE",
    "countryCode3": "DEU", "postCode": "20095", "statusCode": "CAPTURED", "statusReason": "payment captured"}
},
"add-consent": {
  "request": {"partnerReference": "pr-3001", "programCode": "WALLETPRG", "accnoType": "00", "oneTimePassword": "12345678"},
  "response": {"accno": "100000000017", "partnerReference": "pr-3001", "programCode": "WALLETPRG",
    "consentReference": "9ee5fd0bd854e6db0ac11f2c3d8d2586", "consentStatusCode": "CNSTCONF"}
},
"revoke-consent": {
  "request": {"partnerReference": "pr-3002", "programCode": "WALLETPRG", "accnoType": "00", "oneTimePassword": "12345678"},
  "response": {"accno": "100000000017", "partnerReference": "pr-3002", "programCode": "WALLETPRG",
    "consentReference": "9ee5fd0bd854e6db0ac11f2c3d8d2586", "consentStatusCode": "CNSTRVKD"}
},
"find-user-account": {
  "request": {"partnerReference": "pr-3101", "programCode": "WALLETPRG", "userId": "erika.musterfrau@example.com"},
  "response": {"accno": "100000000017", "partnerReference": "pr-3101", "programCode": "WALLETPRG"}
},
"check-available-payment-amount": {
  "request": {"partnerReference": "pr-3102", "programCode": "WALLETPRG", "accnoType": "00", "amount": "40.00", "currCode": "EUR"},
  "response": "yes"
},
"account-enquiry": {
  "request": {"partnerReference": "pr-3103", "programCode": "WALLETPRG", "accnoType": "00", "startDate": "2026-03-01",
    "top": "10", "sortDirection": "ASC", "includePendingTransactions": "false"},
  "response": {"partnerReference": "pr-3103", "programCode": "WALLETPRG", "programAccno": "PRG0000001",
    "accno": "100000000017", "count": 1, "entries": [
      {"isPending": false, "bookingDate": "2026-03-02", "valueDate": "2026-03-02", "bookingTime": "101200",
       "valueTime": "101200", "sourceAmount": 40.00, "amount": 40.00, "exchangeRate": 1.00, "balance": 40.00,
       "sourceCurrCode": "EUR", "currCode": "EUR", "entryIndicator": "CRDT", "description": "Order 4711",
       "name": "Jonas Beispiel", "entryType": "LOAD", "reference": "7c1e2a9b-4d3f-4e8a-b6c5-1f0e9d8c7b6a",
       "statusCode": "SETTLED", "paymentOptionCode": "VISA"}]}
},
"balance-enquiry": {
  "request": {"partnerReference": "pr-3104", "programCode": "WALLETPRG", "accnoType": "00"},
  "response": {"partnerReference": "pr-3104", "programCode": "WALLETPRG", "programAccno": "PRG0000001",
    "accno": "100000000017", "psBal": 0.00, "avlBal": 40.00, "bkBal": 40.00, "blkAmt": 0.00, "pooledAmt": 0.00,
    "currCode": "EUR"}
},
"kc-authorize": {
  "request": {"partnerReference": "pr-4001", "accno": "100000000017", "merchantAccno": "MRC0000001",
    "programCode": "WALLETPRG", "programAccno": "PRG0000001", "merchantProgramCode": "MERCHPRG", "accnoType": "00",
    "paymentAmount": 10.00, "paymentCurrCode": "EUR", "paymentUsage": "Purchase 4711",
    "useDifferentBillingAddress": false, "countryCode": "DE"},
  "response": {"partnerReference": "pr-4001", "programCode": "WALLETPRG",
    "uniqueReference": "e62a232f-428b-45cb-9ef7-53c1de16a4e2", "accno": "100000000017",
    "merchantAccno": "MRC0000001", "programAccno": "PRG0000001", "paymentAmount": 10.00, "paymentCurrCode": "EUR",
    "paymentUsage": "Purchase 4711", "fxRate": 1.00, "statusCode": "AUTHORIZED", "statusReason": "payment authorized"}
},
"kc-debit-account": {
  "request": {"partnerReference": "pr-4101", "accno": "100000000017", "merchantAccno": "MRC0000001",
    "programAccno": "PRG0000001", "merchantProgramCode": "MERCHPRG", "accnoType": "00", "paymentAmount": 10.00,
    "paymentCurrCode": "EUR", "paymentUsage": "Purchase 4712", "useDifferentBillingAddress": false,
    "countryCode": "DE"},
  "response": {"partnerReference": "pr-4101", "uniqueReference": "c8531e6c-47ac-4e5c-9799-e6c9f707b1d2",
    "accno": "100000000017", "programAccno": "PRG0000001", "merchantAccno": "MRC0000001",
    "merchantProgramCode": "MERCHPRG", "paymentAmount": 10.00, "paymentCurrCode": "EUR",
    "paymentUsage": "Purchase 4712", "fxRate": 1, "statusCode": "CAPTURED", "statusReason": "payment captured"}
},
"kc-capture": {
  "request": {"partnerReference": "pr-4002", "modifiedAmount": 10.00, "modifiedAmountCurrCode": "EUR"},
  "response": {"uniqueReference": "e62a232f-428b-45cb-9ef7-53c1de16a4e2", "partnerReference": "pr-4002",
    "merchantAccno": "MRC0000001", "accno": "100000000017", "modifiedAmount": 10.00,
    "modifiedAmountCurrCode": "EUR", "processedAmount": 10, "processedCurrCode": "EUR", "fxRate": 1.00,
    "statusCode": "CAPTURED", "statusReason": "payment captured"}
},
"kc-cancel": {
  "request": {"partnerReference": "pr-4003", "modifiedUsage": "Order withdrawn"},
  "response": {"uniqueReference": "e62a232f-428b-45cb-9ef7-53c1de16a4e2", "partnerReference": "pr-4003",
    "merchantAccno": "MRC0000001", "accno": "100000000017", "statusCode": "CANCELLED",
    "statusReason": "payment cancelled"}
},
"kc-refund": {
  "request": {"partnerReference": "pr-4004", "refundAmount": 10.00, "refundCurrCode": "EUR"},
  "response": {"uniqueReference": "e62a232f-428b-45cb-9ef7-53c1de16a4e2", "partnerReference": "pr-4004",
    "refundSourceAccno": "MRC0000001", "accno": "100000000017", "statusCode": "CAPTURED",
    "statusReason": "payment captured"}
},
"address-check": {
  "request": {"partnerReference": "pr-5001", "programCode": "WALLETPRG", "street": "Schillerstrasse", "house": "12",
    "postalCode": "20095", "city": "Hamburg", "countryCode": "DE"},
  "response": {"partnerReference": "pr-5001", "programCode": "WALLETPRG"}
}
}`

// examplePath holds the path parameters of the story.
var examplePath = map[string]string{
	"userId":                       "partner-4711",
	"accno":                        exampleAccno,
	"storedPaymentOptionReference": exampleOption,
	"uniqueReference":              examplePayment,
	"consentReference":             exampleConsent,
}

// examples decodes examplesJSON (numbers kept as written) and completes
// each example: every request gets localDate and localTime, every JSON
// response the response envelope.
func examples() (map[string]opExample, error) {
	var raw map[string]json.RawMessage
	if err := json.Unmarshal([]byte(examplesJSON), &raw); err != nil {
		return nil, fmt.Errorf("examples: %w", err)
	}
	out := make(map[string]opExample, len(raw))
	for id, data := range raw {
		op, ok := Lookup(id)
		if !ok {
			return nil, fmt.Errorf("examples: no operation %q", id)
		}
		v, err := decodeSchema(data)
		if err != nil {
			return nil, fmt.Errorf("examples of %s: %w", id, err)
		}
		m, _ := v.(map[string]any)
		var ex opExample
		ex.Path = map[string]string{}
		for _, p := range pathParam.FindAllStringSubmatch(op.Path, -1) {
			ex.Path[p[1]] = examplePath[p[1]]
			if p[1] == "uniqueReference" && strings.HasPrefix(id, "kc-") {
				ex.Path[p[1]] = exampleKCPayment // the KC operations move a KC-Authorize payment
			}
		}
		if p, ok := m["path"].(map[string]any); ok {
			for k, v := range p {
				ex.Path[k] = v.(string)
			}
		}
		ex.Request, _ = m["request"].(map[string]any)
		if ex.Request == nil {
			return nil, fmt.Errorf("examples of %s: no request", id)
		}
		ex.Request["localDate"] = exampleDate
		ex.Request["localTime"] = exampleTime
		switch r := m["response"].(type) {
		case string:
			ex.Response = r
		case map[string]any:
			for k, v := range exampleEnvelope() {
				r[k] = v
			}
			ex.Response = r
		default:
			return nil, fmt.Errorf("examples of %s: no response", id)
		}
		out[id] = ex
	}
	return out, nil
}

// exampleEnvelope is the response envelope of the examples.
func exampleEnvelope() map[string]any {
	return map[string]any{
		"localDate":           exampleDate,
		"localTime":           exampleTime,
		"sysDate":             exampleDate,
		"sysTime":             exampleSysTime,
		"responseCode":        "0000",
		"responseDescription": "OK",
	}
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
