// Package reference is a conforming in-memory implementation of the Wallet
// Payments Service API (Document A and part of Document B), used to prove the
// conformance suite: the suite must pass against it in both personalities and
// must fail against every mutant (see Mutants).
//
// It implements Issue Token, Create, Update, Get and Close Account
// and the stored payment options: Init Add, Complete Add,
// Init Verify, Complete Verify, Delete, Set Default, Get Payment Options and
// Get Stored Payment Options, with the conventions of A-1,
// A built-in sandbox payment provider issues the
// authorizationToken of Init Add and accepts it once, in Complete Add of the
// same account.
//
// Of Document B it implements the payments through external payment
// options: Init Authorize, Complete Authorize, Authorize, Capture, Refund,
// Cancel and Get Payment Status (B-4.1 to B-4.7) with the states of B-3, and
// Add and Revoke Consent (B-4.8, B-4.9). A sandbox extension outside the
// spec triggers the redirect callback of A-6 (see Sandbox redirect trigger).
//
// It serves two partners of one program (see Partners), each reaching only
// its own accounts and payments.
//
// New(cfg) starts it on 127.0.0.1 like httptest.Server; NewHandler(cfg)
// returns the bare http.Handler. State lives in the handler, never in package
// variables, and the server is safe for concurrent requests.
//
// # Conventions implemented
//
//   - Every response is JSON with Content-Type application/json and carries
//     the envelope of: sysDate, sysTime (server UTC), responseCode,
//     responseDescription; localDate and localTime echoed when the request
//     carried valid ones; partnerReference and programCode echoed whenever the
//     request carried them as strings within their maximum length.
//   - GET parameters come from the query string (booleans as "true"/"false"),
//     PUT/POST bodies must be one JSON object; unknown fields are ignored.
//   - Missing mandatory fields (absent, null or "") and syntax errors (wrong
//     JSON type, too long, invalid D or T) answer 0001/400; the description
//     names every offending field, missing fields taking precedence. Malformed
//     JSON, a non-object body or a body over 1 MiB answer 0001/400.
//   - The conditional rules of apply to Create and Update; the billing
//     rule of to Init Add and Complete Add; the rules of B-4.1 to
//     B-4.3 to the payments (see Payments).
//   - Amounts (Dec(18,2)) must be JSON numbers above zero with at most two
//     decimals (trailing zeros not counted: 12.340 is 12.34; exponent forms
//     such as 1.25e1 are read by value, however many digits a number has)
//     and at most 16 integer digits; anything else, strings included, is a
//     syntax error (0001 naming the field). Responses write every amount as
//     a JSON number with exactly two decimals (25.00).
//   - criteria (B-2.5) must be an array of objects whose name and value are
//     strings (other members are ignored); anything else is a syntax error.
//   - Every payment option and consent operation answers an unknown accno
//     and a CLOSED account as handled errors (the choices below); so do Init
//     Authorize and Authorize for the accno they are given and for the
//     account that holds the stored payment option.
//   - A missing, unknown or expired X-Auth-Token answers 0096 before any
//     field validation; a panic answers 0099/500.
//
// # Partners
//
// A-5 requires a token on every call but does not say which accounts a
// token reaches. The server reads it as a multi-partner service would:
// Issue Token accepts the credentials of Config.UserID and, when
// Config.SecondUserID is not "", of Config.SecondUserID, and every token
// carries the partner it was issued to. Both partners use the one program
// (programCode, programAccno).
//
// Every resource belongs to the partner whose token created it: an account
// (Create Account), a payment (Init Authorize, Authorize, KC-Authorize,
// KC-Debit Account), and, through their account, its stored payment options,
// the authorizationTokens of Init Add and its consents. An operation on a
// resource of another partner answers exactly as if the resource did not
// exist: the unknown accno, unknown storedPaymentOptionReference, unknown
// uniqueReference or unknown consentReference handled error, with the same
// status and description, and it changes nothing, so existence is never
// revealed. So a KC-Authorize or KC-Debit Account naming another partner's
// wallet as accno is an unknown account and moves no money; Init Authorize
// and Authorize with another partner's accno or stored payment option answer
// unknown account or unknown option; the sandbox redirect trigger treats
// another partner's payment as unknown; Find User Account finds only the
// partner's own accounts. The merchant account of the KC payments is the
// program's, shared by both partners: either may name it and read its
// balance and entries.
//
// # Choices where the specification is silent
//
// The suite must not assert any of these; the Alternative personality makes
// each one differently (see personality.go, one method per choice).
//
//	choice                          Standard                 Alternative
//	0096 HTTP status                401                      403
//	Issue Token, bad credentials    0010 / 401               0403 / 403
//	unknown accno                   0005 / 404               0404 / 422
//	account closed (Update, Close)  0006 / 409               0410 / 410
//	Get of a closed account         200, 0000, CLOSED        0410 / 410
//	wrong programCode/programAccno  0003 / 400               0001 / 400
//	accnoType not 00 or 01          0004 / 400               0001 / 400
//	unknown route                   0007 / 404               0044 / 404
//	token                           64 hex characters        200 base64url characters
//	accno                           12 digits                "WLT-" + UUID (40 chars)
//	custCode                        "C" + 9 digits           "K" + 7 hex digits
//	productCode, accTypeCode        EWALLET, EWU             PRD-W1, USR
//	maximum/minimumAllowedBalance   100000 / 0               15000 / 0
//	success description             "OK"                     "Success"
//	extra response fields           none                     traceId, serverVersion
//	JSON key order                  ascending                descending
//	unknown storedPaymentOptionRef. 0008 / 404               0414 / 422
//	paymentOptionCode not storable  0009 / 400               0415 / 422
//	authorizationToken rejected     0011 / 400               0416 / 422
//	wrong verificationCode          0012 / 400               0417 / 422
//	unknown transactionTypeCode     0013 / 400               0001 / 400
//	Complete Verify w/o Init Verify allowed                  0419 / 409
//	Init Verify, Set Default status 200                      201
//	authorizationToken              "spt_" + 32 hex          512 base64url characters
//	storedPaymentOptionReference    UUID (36 chars)          "SPO" + 12 digits
//	paymentProviderResponse         {"provider":"sandbox",   nested gateway, result,
//	                                 "status":...}           paymentMethod objects
//	payment option catalogue        VISA, MC, SEPADD, PAYPAL PAYPAL, SEPADD, MC, VISA,
//	                                                         AMEX; other names, icons
//	statusCode before verification  UNVERIFIED               NEW
//	carrierNumber                   ************4242         XXXX XXXX XXXX 4242
//	expiryMonth/Year                now + 3 years            December, now + 5 years
//	initiationCountryCode(3)        DE, DEU                  NL, NLD
//	first stored option             becomes default          not default
//	Delete of the default option    no option is default     earliest remaining is
//	                                                         default
//	Get Stored Payment Options      oldest first             newest first
//	unknown uniqueReference         0021 / 404               0421 / 422
//	move forbidden by B-3           0020 / 409               0420 / 422
//	amount above what is allowed    0022 / 400               0422 / 409
//	currency other than payment's   0023 / 400               0001 / 400
//	wrong oneTimePassword           0024 / 400               0424 / 422
//	unknown consentReference        0025 / 404               0425 / 422
//	Revoke of a revoked consent     0000, CNSTRVKD again     move forbidden
//	uniqueReference                 UUID (36 chars)          "PAY" + 20 digits
//	payment authorizationToken      "pat_" + 32 hex          344 base64url characters
//	consentReference                32 hex characters        "CNS" + 12 digits
//	payment paymentProvider-        {"provider":"sandbox",   nested object; an array
//	  Response                       "status":...,           of two objects on Complete
//	                                 "paymentOptionCode":..} Authorize, Capture, Refund,
//	                                                         Cancel
//	Refund's accno                  string (null if none)    array (empty if none)
//	statusReason                    "payment " + status      null
//	                                in lower case
//	initiator of a payment with     the option's owner       the program
//	  a stored option               (accno, first + last)    (programAccno,
//	                                                         "Reference Program")
//	processedAmount of Capture      the authorized amount    the captured amount
//	  and Refund
//
// Further choices, equal in both personalities: accnoType "00" and "01" both
// address the account by accno; Create's validUntil is accepted and ignored
// and answered null; validFrom defaults to the server date; Update replaces
// the customer fields it lists (omitted optional ones become null) and keeps
// nationality, loginID, isBusinessUser and the other fields does not
// list (its body has no isBusinessUser, so the business rule of does
// not apply there); Get returns
// country codes split into alpha-2 and alpha-3 using a small built-in table,
// codes outside it as sent when their length fits, else null;
// accountValidUntil, lastLoginDate, lastLoginTime and merchantName are null;
// isUserActive is false once closed; Close of a closed account is a handled
// error (account closed); Close refuses a storedPaymentOptionReference that
// names no stored payment option of the account (unknown stored option) and
// takes isDataDeleted and externalRequestReference without visible effect.
// Values beyond their S(n) or N(n) length and dates or times that do not
// exist are syntax errors (0001/400), like values of the wrong type.
//
// # Stored payment options
//
// The stored billingAddress (fullName, addr1, addr2, city, state,
// countryName, countryCode, postCode) comes from Complete Add's BB fields
// when its useDifferentBillingAddress is true (fullName = customerFullName),
// else from Init Add's BB fields when Init Add's was true, else from the
// account owner's address at Complete Add (fullName = firstName + " " +
// lastName). countryCode is kept as sent, countryName comes from the
// built-in table, absent values are null. BB fields sent with
// useDifferentBillingAddress false are ignored, and so are
// externalChannelReference and the mandate fields.
//
// Init Add without paymentOptionCode uses the first storable entry of the
// catalogue. Complete Add's paymentOptionCode is optional; when sent it must
// be the one of Init Add (else paymentOptionCode not storable). Known
// transaction types are AUTH (every option) and PAYOUT (SEPADD only); Get
// Stored Payment Options without transactionTypeCode lists every option,
// and never echoes transactionTypeCode. statusCode is VERIFIED after Complete Verify and stays
// so; isVerifiable is always true; validUntilDate is the last day of the
// expiry month and validUntilTime "235959"; bankCode is "" for cards.
// Init Verify takes programAccno (checked like programCode) and answers the
// configured programCode. Complete Verify compares verificationCode (a
// string or a JSON integer of 1 to 6 digits) with Config.VerificationCode,
// ignoring leading zeros; wrong codes may be retried. Delete removes the
// option for good: later operations on its reference are handled errors.
// Set Default makes the option the account's only default. Every operation
// of the area on a CLOSED account, Get Payment Options and Get Stored
// Payment Options included, is a handled error (account closed).
//
// # Payments
//
// The payment operations carry no programCode; Init Authorize and
// Authorize carry programAccno (checked like programCode) and Init
// Authorize answers the program's programCode. accnoType is required only
// when accno is given (its value is checked whenever present); a given
// accno must name an open account, which the payment keeps (no ledger is
// kept: nothing is loaded or credited).
//
// Init Authorize without storedPaymentOptionReference is a guest payment:
// paymentOptionCode is required (any entry of the catalogue, storable or
// not), useDifferentBillingAddress must be true (false is 0001 naming it),
// then customerFullName, emailAddress, addr1, city, postCode, countryCode
// are required, and houseNumber too when addr1 holds no digit. With a
// storedPaymentOptionReference (looked up across the partner's accounts; it
// need not belong to accno) the payment is customer-initiated: a paymentOptionCode
// sent as well must be the option's; with useDifferentBillingAddress true
// the billing rule of applies (six fields, houseNumber optional).
// emailAddress is unbounded in Init Authorize, S(255) elsewhere. Authorize
// requires storedPaymentOptionReference and the same billing rule, and
// checks a oneTimePassword when one is given.
//
// The billing address of a payment, which Get Payment Status reports, is
// the request's BB fields when useDifferentBillingAddress is true, else the
// stored option's billingAddress (itself the owner's address unless one was
// given at Init or Complete Add; it has no addr3 and no houseNumber, so
// those are null), else (guest) none. Complete Authorize with
// useDifferentBillingAddress true replaces it with its own fields (state is
// then null). country is the name from the built-in table, countryCode the
// alpha-2 and countryCode3 the alpha-3 code, as in Get Account
// Information. Guest payments are initiated by the program: initiatorAccno
// is the programAccno and initiatorName "Reference Program".
//
// States follow B-3: Init Authorize gives RECEIVED with a fresh
// authorizationToken of the sandbox provider; Complete Authorize (only from
// RECEIVED, only with that token) and Authorize give AUTHORIZED with
// processedAmount = presentationAmount; Capture (only from AUTHORIZED)
// gives CAPTURED, capturing modifiedAmount (at most the authorized amount)
// or the whole amount; Refund (only from CAPTURED) keeps CAPTURED and
// refunds refundAmount, or all that is left when omitted, the refunds
// together never exceeding the captured amount (nothing left is a handled
// error); Cancel (only from AUTHORIZED) gives CANCELLED. Any other move is a
// handled error that changes nothing, and so is a rejected token, amount or
// currency. modifiedAmountCurrCode and refundCurrCode, when given, must be
// the presentationCurrCode (ignoring case). modifiedUsage, refundUsage,
// refundType, refundSourceAccno, invoiceReference (echoed by Authorize),
// channelProductReference (echoed), externalChannelReference, the mandate
// fields and criteria are accepted and otherwise ignored. Get Payment Status
// answers in every status; presentationAmount stays the authorized amount.
//
// # Consent
//
// Every Add Consent adds a new consent (CNSTCONF) to the account; Revoke
// Consent sets it to CNSTRVKD. The consentReference of the path wins over
// one in the body. A consent of another account is unknown. oneTimePassword
// is optional in Authorize, Add and Revoke Consent; when given it must be
// Config.OneTimePassword, leading zeros ignored (Add Consent takes S(8),
// Revoke Consent and Authorize N(8), a string of digits or a JSON integer).
//
// # Sandbox redirect trigger (extension, not in the spec)
//
// A-6 does not show the request that carries callBackUrl. The server offers
//
//	POST /sandbox/payments/{uniqueReference}/redirect
//	X-Auth-Token: required (0096 without, as everywhere)
//	{"callBackUrl": "http://...", "merchantTransactionId": "...",
//	 "outcome": "completed" | "declined",
//	 "partnerReference": "...", "localDate": "...", "localTime": "..."}
//
// callBackUrl (S(2048), an absolute http or https URL, else 0001 naming it)
// and merchantTransactionId (S(255)) are required; outcome is optional
// (completed when absent, 0001 naming it when neither value); the envelope
// fields are optional and echoed. With outcome declined it simulates the
// customer declining the payment at the provider: the payment stays
// RECEIVED and the callback carries paymentResult=<error description> and
// merchantTransactionId, without unqiueReference; the trigger still answers
// 0000. Otherwise it simulates the customer completing the external
// payment: a RECEIVED payment is authorized and captured in full (CAPTURED,
// processedAmount set, the whole amount refundable), then the server sends
//
//	POST <callBackUrl>?merchantTransactionId=<given>&paymentResult=OK&unqiueReference=<uniqueReference>
//
// (spelled so, as in A-6; appended to any query the URL has, fragment
// dropped; empty body; 10 s timeout; redirects never followed), waits for
// the answer and answers the trigger 200, 0000, with uniqueReference,
// statusCode and callBackHttpStatus (the merchant's HTTP status, null when
// not delivered). When the callback could not be delivered, or was answered
// with a non-2xx status, the answer is still 0000 and responseDescription
// says so. A payment that is unknown or not RECEIVED is left unchanged: the
// callback carries paymentResult=<error description> and
// merchantTransactionId, without unqiueReference, and the trigger answers
// the handled error (unknown uniqueReference, or move forbidden).
package reference
