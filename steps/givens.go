package steps

// GivenRoute is how a Given step reaches the state it promises, and why
// that route: a Given is an assertion too, so each takes the most
// permissive route the spec allows and needs the state, not a perfect
// setup call. The catalogue (`wallet-conformance rules`) prints them.
type GivenRoute struct {
	Step  string // the start of the step's pattern, as registered (sc.Step)
	Route string // the calls it makes and what it requires of them
	Why   string // the sentences or rules the route rests on, and what it leaves open
}

// Every Given requires each of its calls to succeed as its operation
// states (responseCode 0000 with the operation's success status, A-7):
// that holds for every conforming target, and a call that does not is
// judged by its own operation's scenarios, the Given's scenario being
// BLOCKED by it (one cause).
const givenSuccess = "each call must succeed as its operation states (0000 and its success status): true of every conforming target, and judged by that operation's own scenarios, which block this one"

// GivenRoutes lists the route of every Given step, in the order of the
// domains. A test holds it to the registered steps.
func GivenRoutes() []GivenRoute {
	return []GivenRoute{
		{"^the partner has requested a token", "Issue Token with the profile's credentials, in the reading the run's shared token was issued to",
			"A-4.1#5: A-4.1's body line, or with partnerReference (A-2.1#1) when the target refused the body line; " + givenSuccess},
		{"^the partner holds a token that has expired", "Issue Token with sandbox.shortTokenUserId, then a wait until validUntil has passed by the suite's clock (at most 30 s)",
			"A-5#3 \"The token is usable until then\"; the When step tries again for 10 s after validUntil, as the target's clock may lag"},
		{"^the partner has created an account", "Create Account with unique data, every Y field, the owner's address for correspondence (or the step's variant)",
			"A-4.2's table; " + givenSuccess},
		{"^the partner has created another account, which becomes the scenario's account", "Create Account as \"created an account\"; the stored payment option stays the first account's",
			"A-4.2's table; " + givenSuccess},
		{"^the partner has closed the account", "Close Account with a closing reason", "A-4.5; " + givenSuccess},
		{"^the partner has started adding a payment option", "Init Add Stored Payment Option with the profile's paymentOptionCode (its secondPaymentOptionCode when the scenario has stored an option already)",
			"A-4.6; the provider's part is not shown, so the authorizationToken it returns is what Complete Add sends (docs/auditor.md: Assumptions)"},
		{"^the partner has stored a payment option", "Init Add, then Complete Add with the authorizationToken Init Add returned",
			"A-4.6, A-4.7; the option is left as stored, for the scenarios that verify, delete or list it"},
		{"^the partner has stored a verified payment option", "as \"stored a payment option\", then Init Verify and Complete Verify with sandbox.verificationCode, unless the listing shows the option not verifiable or already VERIFIED, or the profile has no code",
			"A-4.8#5: no sentence says an option that is not verified may pay (variant unverified-option-cannot-pay); every scenario that pays with a stored option starts so"},
		{"^the partner has stored two payment options", "\"stored a payment option\" twice, the second with the profile's secondPaymentOptionCode (as any option stored on an account that already has one)",
			"A-4.6, A-4.7; no sentence says an account may hold two options of one code (variant one-option-per-code), so two codes, and without a second code the scenario is SKIPPED; " + givenSuccess},
		{"^the partner has started verifying the payment option", "Init Verify of the scenario's option", "A-4.8; its success status is not shown: any 2xx with 0000"},
		{"^the partner has deleted the payment option", "Delete Stored Payment Option", "A-4.10 \"responseCode `0000` means the payment option is deleted\""},
		{"^the partner uses a stored payment option reference the account does not have", "no call: a reference made up by the suite", "A-4.8#4, A-4.10#6, A-4.11#5 (advisory)"},
		{"^the partner has made the (first|second) payment option the default", "Set Default Stored Payment Option", "A-4.11; its success status is not shown: any 2xx with 0000"},
		{"^the partner has (a received guest payment|an authorized guest payment|a captured payment|a cancelled payment|a received payment with the stored payment option|an authorized payment with the stored payment option|a captured payment with the stored payment option)", "Init Authorize (a guest payment, or with the scenario's verified stored option), then Complete Authorize, Capture or Cancel as the state needs; or Authorize",
			"B-3's rows lead to each state: Init Authorize RECEIVED (B-3#1), Complete Authorize AUTHORIZED (B-3#3), Authorize AUTHORIZED (B-3#6), Capture CAPTURED (B-3#7), Cancel CANCELLED (B-3#12); " + givenSuccess},
		{"^the partner has (captured|refunded) ([0-9]+\\.[0-9]{2}) of the payment", "Capture or Refund with the amount", "B-4.4, B-4.5; " + givenSuccess},
		{"^the partner has added a consent", "Add Consent", "B-4.8; " + givenSuccess},
		{"^the partner has revoked the consent", "Revoke Consent of the scenario's consent", "B-4.9; " + givenSuccess},
		{"^the partner uses a consent reference the account does not have", "no call: a reference made up by the suite", "B-4.9#5 (advisory)"},
		{"^the account has been loaded with", "Balance Enquiry, then per amount a guest Init Authorize with accno, Complete Authorize and Capture; then Balance Enquiries every 100 ms until bkBal and avlBal have risen by at least the loads (for each, the amount or the Capture's processedAmount in the wallet's currency, whichever is less), for at most the profile's settleAllowance (default 5 s). With \"the last a second later\", the first load is waited for until the wallet shows it, and the last Capture waits for the target's clock to show a later second than that read (at most 3 s), so the last booking, not only its Capture, falls in a later second",
			"B-3: Capture \"internally performs Load Account when accno was given at authorization\", which may settle later (A-1#5 \"delays of external systems\"; variant load-settles-later), and books the amount captured or processedAmount (B-3#9, B-3#23). The Given needs money in the wallet, not an exact booking: the Capture scenarios judge that; avlBal = bkBal - blkAmt is checked at every read (B-2.4#2)"},
		{"^the partner has a payment of ([0-9]+\\.[0-9]{2}) authorized with the stored payment option to load the account", "Authorize with the scenario's stored payment option, accno and accnoType",
			"B-3#6; what Init Load Account does to the wallet is not described (B-3#62): nothing is asserted of it"},
		{"^the partner has an authorized guest payment of ([0-9]+\\.[0-9]{2}) to load the account", "Init Authorize with accno and Complete Authorize", "B-3; what Init Load Account does to the wallet is not described (B-3#62): nothing is asserted of it"},
		{"^the partner has noted the account's balance", "Balance Enquiry", "B-4.13; avlBal = bkBal - blkAmt is checked at every read (B-2.4#2); where it must cover a payment again, the account's minimumAllowedBalance is read, a decimal as the account's fields are (A-2.4#1)"},
		{"^the partner has (an authorized|a captured|a cancelled) wallet payment of ([0-9]+\\.[0-9]{2}) to the merchant", "KC-Authorize with the profile's merchant accno, then KC-Capture or KC-Cancel", "B-3's KC rows: KC-Authorize AUTHORIZED (B-3#50), KC-Capture CAPTURED (B-3#52), KC-Cancel CANCELLED (B-3#54); " + givenSuccess},
		{"^the partner has authorized a wallet payment of ([0-9]+\\.[0-9]{2}) to the merchant", "KC-Authorize", "B-4.14; " + givenSuccess},
		{"^the partner has debited ([0-9]+\\.[0-9]{2}) from the account for the merchant", "KC-Debit Account naming the merchant by its accno under the profile's accnoType",
			"B-4.15#7: accnoType applies to both account numbers, so the merchant is named by its account number, never by its external reference"},
		{"^the partner has (captured|cancelled|refunded) the wallet payment", "KC-Capture, KC-Cancel or KC-Refund of the scenario's wallet payment", "B-4.16 to B-4.18; " + givenSuccess},
		{"^the partner has (captured|refunded) ([0-9]+\\.[0-9]{2}) of the wallet payment", "KC-Capture or KC-Refund with the amount", "B-4.16, B-4.18; " + givenSuccess},
	}
}
