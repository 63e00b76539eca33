// Package reference is a conforming in-memory implementation of the Wallet
// Payments Service API (Document A, and later Document B), used to prove the
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
//     rule of to Init Add and Complete Add.
//   - Every payment option operation answers an unknown accno and a CLOSED
//     account as handled errors (the choices below).
//   - A missing, unknown or expired X-Auth-Token answers 0096 before any
//     field validation; a panic answers 0099/500.
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
//	Init Verify, Set Default status 200                      202
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
//
// Further choices, equal in both personalities: accnoType "00" and "01" both
// address the account by accno; Create's validUntil is accepted and ignored
// and answered null; validFrom defaults to the server date; Update replaces
// the customer fields it lists (omitted optional ones become null) and keeps
// nationality, loginID and the other Create-only fields; Update also accepts
// isBusinessUser so that the business rule of can apply; Get returns
// country codes split into alpha-2 and alpha-3 using a small built-in table,
// codes outside it as sent when their length fits, else null;
// accountValidUntil, lastLoginDate, lastLoginTime and merchantName are null;
// isUserActive is false once closed; Close of a closed account is a handled
// error (account closed); Close accepts any storedPaymentOptionReference
// (S(36)) without checking that it names a stored option.
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
package reference
