// Package reference is a conforming in-memory implementation of the Wallet
// Payments Service API (Document A, and later Document B), used to prove the
// conformance suite: the suite must pass against it in both personalities and
// must fail against every mutant (see Mutants).
//
// It implements Issue Token, Create, Update, Get and Close Account
// with the conventions of.
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
//   - The conditional rules of apply to Create and Update.
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
// error (account closed).
package reference
