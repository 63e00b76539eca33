package explore

import "github.com/wallet-conformance/wallet-conformance/rules"

// Invariant is a rule the exploration checks after every call. Its level
// says what a break means, as in the feature suite: a normative invariant
// rests on a sentence of the spec and its break fails the run (FAILED, and
// the sequence is shrunk); an advisory one is implied, not stated, and its
// break is a WARNING that never fails the run and is not shrunk.
type Invariant struct {
	// ID is stable: reports, tests and the shrinker match on it (the
	// shrinker keeps a shorter sequence only when it breaks the same ID).
	ID      string
	Title   string      // what holds, in a line: the name of a written scenario
	Level   rules.Level // rules.Normative or rules.Advisory
	Clauses []string    // the clause tags the rule belongs to
	Quote   string      // the spec's words it rests on, verbatim (parts joined by " … ")
	Why     string      // for an advisory rule, or a normative one that needs it: why this level
}

// The invariants. Each quotes its sentence; the moves that check each one
// are in machine.go. The list is append-only: IDs are stable.
var (
	// B-2.4 defines avlBal by the other two balances; it must hold at every read.
	invAvailable = &Invariant{
		ID: "available-is-booked-minus-blocked", Title: "avlBal is bkBal minus blkAmt",
		Level: rules.Normative, Clauses: []string{"B-2.4", "B-4.13"},
		Quote: "avlBal Dec(18) current available balance (booked balance minus blocked amount)",
	}
	// The model moves the money only where B-3 and B-2.4 say a move does:
	// a capture of a payment authorized with accno loads the wallet by the
	// captured amount, KC-Authorize blocks, KC-Capture releases the block and
	// debits the captured part, KC-Cancel releases, KC-Debit Account debits,
	// KC-Refund credits back.
	invBalance = &Invariant{
		ID: "balances-agree-with-the-moves", Title: "the balances agree to the cent with the moves that succeeded",
		Level: rules.Normative, Clauses: []string{"B-2.4", "B-3"},
		Quote: "bkBal Dec(18) booked balance (total deposit of the day plus previous closing balance); blkAmt Dec(18) blocked amount (authorized until captured or cancelled) … " +
			"| Capture | previously authorized via Init Authorize + Complete Authorize, or via Authorize | CAPTURED | internally performs Load Account when accno was given at authorization |",
	}
	// A move the state table does not allow is refused. The table's
	// Condition column states when each move applies, and A-7 what a refusal
	// is; the feature suite checks the same moves normatively (B-3 features).
	invRefused = &Invariant{
		ID: "disallowed-move-is-refused", Title: "a move the state table does not allow is refused as a handled error",
		Level: rules.Normative, Clauses: []string{"B-3", "A-7"},
		Quote: "| Capture | previously authorized via Init Authorize + Complete Authorize, or via Authorize | CAPTURED | … | Refund | previously captured | CAPTURED | … | Cancel | previously authorized | CANCELLED | … " +
			"| KC-Capture | previously authorized by KC-Authorize | CAPTURED | … | KC-Cancel | authorized and not yet captured | CANCELLED | … | KC-Refund | previously captured | CAPTURED | … " +
			"An error response carries `partnerReference`, `responseCode`, `responseDescription` and, as a handled error, an HTTP error status.",
	}
	// A refused move moves no money. Normative: B-3's "What else happens"
	// column and B-2.4's definitions are the only sources of a change of
	// money; the feature suite's B-3 scenarios assert the same ("the
	// balance is unchanged", B-3#15).
	invRefusalChangesNothing = &Invariant{
		ID: "refused-move-changes-nothing", Title: "a refused move changes no balance",
		Level: rules.Normative, Clauses: []string{"B-3", "B-2.4"},
		Quote: "| Operation | Condition | Resulting statusCode | What else happens | … bkBal Dec(18) booked balance (total deposit of the day plus previous closing balance); blkAmt Dec(18) blocked amount (authorized until captured or cancelled)",
		Why:   "a move outside its row's Condition has no row, so nothing it does moves money",
	}
	// Every statusCode a response or Get Payment Status shows is the one the
	// table's rows lead to from the payment's previous status.
	invStatus = &Invariant{
		ID: "status-follows-the-state-table", Title: "every payment status is the one the state table leads to",
		Level: rules.Normative, Clauses: []string{"B-3", "B-4.7"},
		Quote: "Transaction status values that occur: RECEIVED, AUTHORIZED, CAPTURED, CANCELLED. … | Init Authorize | request accepted | RECEIVED | … | Complete Authorize | authorization previously initiated | AUTHORIZED | … " +
			"| Refund | previously captured | CAPTURED | statusCode in the response stays CAPTURED | … | KC-Authorize | request accepted | AUTHORIZED | | KC-Debit Account | request accepted | CAPTURED |",
	}
	// B-4.7 reads back what was authorized (B-2.1: presentationAmount is
	// the "amount authorized").
	invStatusAgrees = &Invariant{
		ID: "payment-status-agrees-with-the-authorization", Title: "Get Payment Status agrees with what was authorized",
		Level: rules.Normative, Clauses: []string{"B-4.7", "B-2.1"},
		Quote: "| presentationAmount | Dec(18,2) | amount authorized | … Response: uniqueReference, partnerReference, initiatorAccno, initiatorName, accno, presentationAmount, presentationCurrCode, presentationUsage, customerFullName, addr1, addr2, addr3, houseNumber, city, state, country, countryCode, countryCode3, postCode, statusCode, statusReason, envelope.",
	}
	// the account statuses and what Close Account does.
	invAccountStatus = &Invariant{
		ID: "account-status-follows-the-state-table", Title: "an account is ACTIVE once created and CLOSED once closed",
		Level: rules.Normative, Clauses: []string{"A-3"},
		Quote: "| Account | Create Account | request accepted | statusCode `ACTIVE` | … | Account | Close Account | account exists | statusCode `CLOSED` | dateClosed set; further usage of the account is disabled |",
	}
	// A move the table allows, on an open account whose money covers it,
	// with a valid request, is a success of its operation (A-7's 0000 with
	// the operation's success status, and the response schema).
	invAllowed = &Invariant{
		ID: "allowed-move-succeeds", Title: "a move the state table allows succeeds",
		Level: rules.Normative, Clauses: []string{"B-3", "A-7"},
		Quote: "| 0000 | 200 or 201 | success | … | Capture | previously authorized via Init Authorize + Complete Authorize, or via Authorize | CAPTURED | … | KC-Authorize | request accepted | AUTHORIZED |",
	}
	// A closed account's money is not moved any more.
	invClosed = &Invariant{
		ID: "closed-account-is-not-used", Title: "a closed account can no longer be loaded or pay",
		Level: rules.Normative, Clauses: []string{"A-3"},
		Quote: "| Account | Close Account | account exists | statusCode `CLOSED` | dateClosed set; further usage of the account is disabled |",
	}
	// B-4.5 and B-4.18 bound the refunds, and an omitted amount refunds
	// what is left; the feature suite counts the refunds together.
	invRefund = &Invariant{
		ID: "refunds-are-bounded", Title: "a refund is at most the refunded amount, an omitted amount refunds what is left",
		Level: rules.Normative, Clauses: []string{"B-4.5", "B-4.18"},
		Quote: "refundAmount Dec(18,2) (cannot exceed the refunded transaction amount; when omitted a full refund is made) … refundAmount Dec(18,2) (not above the refunded amount; when omitted a full refund)",
	}
	// B-2.1: modifiedAmount is the amount captured.
	invCaptured = &Invariant{
		ID: "capture-reports-the-captured-amount", Title: "a capture reports the amount captured",
		Level: rules.Normative, Clauses: []string{"B-2.1", "B-4.4"},
		Quote: "| modifiedAmount | Dec(18,2) | amount captured |",
	}
	// B-4.12's count.
	invCount = &Invariant{
		ID: "enquiry-count-is-the-total", Title: "Account Enquiry's count is the number of the account's entries",
		Level: rules.Normative, Clauses: []string{"B-4.12"},
		Quote: "count N(6) (total count using the date filters)",
	}
	// B-4.12's top.
	invTop = &Invariant{
		ID: "enquiry-top-bounds-the-page", Title: "Account Enquiry returns at most top entries",
		Level: rules.Normative, Clauses: []string{"B-4.12"},
		Quote: "| top | N(4) | | number of most recent entries to return |",
	}
	// Without date filters the listing runs from the first entry to the
	// last, so every booking shows; the feature suite checks the same
	// ("an entry of 20.00 appears among the account entries", B-4.15).
	invBookingsListed = &Invariant{
		ID: "every-booking-is-listed", Title: "every booking shows among the account entries",
		Level: rules.Normative, Clauses: []string{"B-4.12", "B-2.3"},
		Quote: "startDate | D | | entries on this day and later; when omitted results begin at the first entry … endDate | D | | entries on this day and earlier; when omitted results run to the last entry",
	}
	// The converse: every entry is a booking of a move that happened. An
	// entry need not be one per movement (fees, split bookings), so this
	// is implied, not stated.
	invEntriesMatch = &Invariant{
		ID: "every-entry-matches-a-move", Title: "every account entry matches a move that happened",
		Level: rules.Advisory, Clauses: []string{"B-4.12", "B-2.3"},
		Quote: "| sourceAmount, amount, exchangeRate, balance | decimal | … | description, name, entryType, reference | string |",
		Why:   "the spec does not say that entries are one per movement, nor what reference holds",
	}
	// B-4.11 against B-2.4's avlBal.
	invCheckAmount = &Invariant{
		ID: "available-amount-agrees-with-the-balance", Title: "Check Available Payment Amount agrees with avlBal",
		Level: rules.Normative, Clauses: []string{"B-4.11", "B-2.4"},
		Quote: "`text/plain` body, exactly `yes` when the amount is available or `no` when it is not (no quotes, no JSON) … avlBal Dec(18) current available balance (booked balance minus blocked amount)",
	}
	// B-3's consent table.
	invConsent = &Invariant{
		ID: "consent-status-follows-the-table", Title: "a consent is CNSTCONF once added and CNSTRVKD once revoked",
		Level: rules.Normative, Clauses: []string{"B-3", "B-4.8", "B-4.9"},
		Quote: "| Add Consent | CNSTCONF | | Revoke Consent | CNSTRVKD |",
	}
	// names minimumAllowedBalance without saying what enforces it.
	invMinimum = &Invariant{
		ID: "payments-stay-above-the-minimum", Title: "a wallet payment does not take avlBal below minimumAllowedBalance",
		Level: rules.Advisory, Clauses: []string{"A-2.4", "B-4.14", "B-4.15"},
		Quote: "| maximumAllowedBalance, minimumAllowedBalance | Dec(18) | |",
		Why:   "the spec names the limit but not that a payment beyond it is refused (the feature suite's @advisory scenarios)",
	}
	// Init Authorize and Complete Authorize of a load perform "Init Load
	// Account", whose effect on the wallet is not shown; the load itself
	// comes with the capture. That they move no money is implied: when
	// they do, the model takes the balance as read and goes on.
	// Cancel's condition, unlike KC-Cancel's, does not say "not yet
	// captured": that a captured payment cannot be cancelled is implied.
	invCancelCaptured = &Invariant{
		ID: "captured-payment-not-cancelled", Title: "a captured payment is not cancelled",
		Level: rules.Advisory, Clauses: []string{"B-3"},
		Quote: "| Cancel | previously authorized | CANCELLED | | … | KC-Cancel | authorized and not yet captured | CANCELLED |",
		Why:   "Cancel's condition is \"previously authorized\"; KC-Cancel's alone says \"not yet captured\"",
	}
	// "previously" in a row's Condition (B-3) is read one way for every
	// row: the event happened before. A payment authorized and then
	// cancelled was "previously authorized", one initiated and then
	// cancelled or captured had its "authorization previously initiated":
	// that such a payment cannot be captured or completed again is
	// implied by what Cancel and Capture mean, not stated (only KC-Cancel
	// says "not yet captured"). An acceptance warns; the model takes the
	// status and the balance as read.
	invPreviously = &Invariant{
		ID: "moved-on-payment-not-moved-back", Title: "a cancelled or captured payment is not captured or completed again",
		Level: rules.Advisory, Clauses: []string{"B-3"},
		Quote: "| Complete Authorize | authorization previously initiated | AUTHORIZED | … | Capture | previously authorized via Init Authorize + Complete Authorize, or via Authorize | CAPTURED | … | KC-Capture | previously authorized by KC-Authorize | CAPTURED |",
		Why:   "the condition says the event happened \"previously\", not that the payment is still in its state; only KC-Cancel says \"not yet captured\"",
	}
	// That a refused move leaves the payment's status as it was is the
	// converse of the table, not stated, and failure statuses are not
	// shown (B-3#25): advisory.
	invRefusalKeepsStatus = &Invariant{
		ID: "refused-move-keeps-status", Title: "a refused move leaves the payment's status as it was",
		Level: rules.Advisory, Clauses: []string{"B-3"},
		Quote: "| Operation | Condition | Resulting statusCode | What else happens | … Failure statuses, and the content of the Transaction Status lookup: not shown.",
		Why:   "the table states the status a move results in, not what a refused move leaves; a failed move may lead to a failure status the spec does not show",
	}
	invLoadAuthorization = &Invariant{
		ID: "load-authorization-moves-no-money", Title: "authorizing or cancelling a load moves no money on the wallet",
		Level: rules.Advisory, Clauses: []string{"B-3", "B-2.4"},
		Quote: "| Init Authorize | request accepted | RECEIVED | internally performs Init Load Account when accno is a user account | … | Capture | previously authorized via Init Authorize + Complete Authorize, or via Authorize | CAPTURED | internally performs Load Account when accno was given at authorization |",
		Why:   "the effect of Init Load Account on the balances is not shown",
	}
	// B-4.5's refundSourceAccno implies that a refund of a load takes the
	// money back from the wallet it loaded.
	invLoadRefund = &Invariant{
		ID: "load-refund-debits-the-wallet", Title: "a refund of a load takes the money back from the wallet",
		Level: rules.Advisory, Clauses: []string{"B-4.5", "B-2.4"},
		Quote: "refundSourceAccno S(36) (account from which a partial chain refund is taken; must be one of the target accounts of the dependent Payment or Load Account)",
		Why:   "implied by refundSourceAccno, not stated",
	}
)

// invMerchant: every party a wallet-to-merchant move touches. The feature
// suite cannot check the merchant: its scenarios run at once and share the
// profile's merchant account, so another scenario's refund may lower the
// merchant's balance between two reads. The exploration makes one call at
// a time, so it reads the merchant's booked balance around each KC-Debit
// Account and KC-Capture. Only the direction is asserted: the amount
// reaches the merchant in the merchant account's currency, at a rate and
// with fees the spec does not show (B-4.16 processedAmount, fxRate,
// modifiedFeeAmount). It assumes nothing else moves the merchant's money
// while the exploration runs.
var invMerchant = &Invariant{
	ID: "merchant-is-credited", Title: "a wallet payment that moves money raises the merchant's booked balance, and one refused or repeated leaves it",
	Level: rules.Normative, Clauses: []string{"B-4.15", "B-4.16", "B-2.4"},
	Quote: "Initiates a payment from an e-wallet account to a merchant account. … merchantAccno S(255) Y (destination merchant account) … " +
		"| KC-Capture | previously authorized by KC-Authorize | CAPTURED |",
}

// invRefundsTogether: B-4.18 bounds a refund by "the refunded amount";
// that refunds sent at once stay within it together is the reading the
// sequential model checks one refund at a time, but the sentence words the
// bound per call (the variant kc-refund-bound-per-call): advisory.
var invRefundsTogether = &Invariant{
	ID: "concurrent-refunds-bounded-together", Title: "refunds sent at once add up to at most the captured amount",
	Level: rules.Advisory, Clauses: []string{"B-4.18"},
	Quote: "refundAmount Dec(18,2) (not above the refunded amount; when omitted a full refund)",
	Why:   "the sentence bounds each refund by the refunded amount; that refunds together are bounded is read, not stated",
}

// invRefundsAddUp: B-4.5 and B-4.18 bound each refund by "the refunded
// (transaction) amount"; that a refund after another stays within what is
// left, and that a full refund of a payment refunded in part refunds the
// rest, not the whole again, is the reading the model takes, but the
// sentences word the bound per call (B-4.5#5, B-4.18#6, the variant
// kc-refund-bound-per-call) and a "full refund" of a payment refunded in
// part could be either: advisory.
var invRefundsAddUp = &Invariant{
	ID: "refunds-add-up-within-the-captured-amount", Title: "refunds one after another add up to at most the captured amount",
	Level: rules.Advisory, Clauses: []string{"B-4.5", "B-4.18"},
	Quote: "refundAmount Dec(18,2) (cannot exceed the refunded transaction amount; when omitted a full refund is made) … refundAmount Dec(18,2) (not above the refunded amount; when omitted a full refund)",
	Why:   "each sentence bounds one refund by the refunded amount; that refunds together are bounded, and what a full refund after a partial one refunds, is read, not stated",
}

// Invariants lists every invariant, in catalogue order.
func Invariants() []*Invariant {
	return []*Invariant{
		invAvailable, invBalance, invRefused, invRefusalChangesNothing, invStatus, invStatusAgrees, invAccountStatus,
		invAllowed, invClosed, invRefund, invCaptured, invCount, invTop, invBookingsListed, invEntriesMatch,
		invCheckAmount, invConsent, invMinimum, invLoadAuthorization, invLoadRefund, invCancelCaptured, invMerchant,
		invPreviously, invRefusalKeepsStatus, invRefundsTogether, invRefundsAddUp,
	}
}

// Normative reports whether a break fails the run.
func (i *Invariant) Normative() bool { return i.Level == rules.Normative }
