package reference

import (
	"github.com/wallet-conformance/wallet-conformance/schemas"
)

// accountInfoMutants break the rules of Document B's account information,
// wallet-to-merchant payments and address check (B-2.3, B-2.4, B-4.10 to
// B-4.19, and the KC rows of B-3). Rule names the rule of
// rules/b-accountinfo-kc.yaml each breaks; race-double-spend and
// kc-authorize-beyond-funds break advisory rules (A-2.4's minimum is
// implied, not stated), which no normative rule backs, so they name none.
var accountInfoMutants = []Mutant{
	{Name: "avlbal-ignores-block", Clause: "B-2.4", Rule: "B-2.4#2", Description: "Balance Enquiry reports avlBal equal to bkBal even when an amount is blocked"},
	{Name: "debit-not-booked", Clause: "B-4.15", Rule: "B-4.15#10", Description: "KC-Debit Account answers CAPTURED but does not debit the wallet"},
	{Name: "count-is-page-size", Clause: "B-4.12", Rule: "B-4.12#18", Description: "Account Enquiry answers count as the number of entries returned instead of the total under the filters"},
	{Name: "top-ignored", Clause: "B-4.12", Rule: "B-4.12#9", Description: "Account Enquiry ignores top"},
	{Name: "top-takes-oldest", Clause: "B-4.12", Rule: "B-4.12#9", Description: "Account Enquiry's top keeps the oldest entries instead of the most recent"},
	{Name: "pending-shown-by-default", Clause: "B-4.12", Rule: "B-4.12#16", Description: "Account Enquiry returns pending entries without includePendingTransactions"},
	{Name: "check-amount-json", Clause: "B-4.11", Rule: "B-4.11#3", Description: "Check Available Payment Amount answers JSON {\"result\":\"yes\"} with Content-Type application/json instead of text/plain"},
	{Name: "check-amount-quoted", Clause: "B-4.11", Rule: "B-4.11#3", Description: "Check Available Payment Amount answers \"yes\" with the quotes"},
	{Name: "check-amount-ignores-block", Clause: "B-4.11", Rule: "B-4.11#4", Description: "Check Available Payment Amount compares the amount with bkBal instead of avlBal"},
	{Name: "kc-authorize-no-block", Clause: "B-2.4", Rule: "B-2.4#4", Description: "KC-Authorize answers AUTHORIZED but blocks nothing (blkAmt and avlBal unchanged)"},
	{Name: "kc-merchant-programcode-optional", Clause: "B-4.14", Rule: "B-4.14#3", Description: "KC-Authorize with the merchant's external account reference as merchantAccno does not require merchantProgramCode"},
	{Name: "kc-capture-keeps-block", Clause: "B-2.4", Rule: "B-2.4#4", Description: "KC-Capture debits the wallet but does not release the block"},
	{Name: "kc-cancel-after-capture", Clause: "B-3", Rule: "B-3#55", Description: "KC-Cancel of a CAPTURED KC-Authorize payment succeeds (CANCELLED)"},
	{Name: "kc-capture-of-debit", Clause: "B-3", Rule: "B-3#53", Description: "KC-Capture of a KC-Debit Account payment succeeds and debits the wallet again"},
	{Name: "kc-refund-above-captured", Clause: "B-4.18", Rule: "B-4.18#3", Description: "a KC-Refund refundAmount above the captured amount is accepted"},
	{Name: "kc-refund-omitted-nothing", Clause: "B-4.18", Rule: "B-4.18#4", Description: "a KC-Refund without refundAmount refunds nothing instead of everything not yet refunded"},
	{Name: "kc-refund-not-credited", Clause: "B-4.18", Rule: "B-4.18#5", Description: "KC-Refund answers 0000 but does not credit the wallet"},
	{Name: "kc-refund-status-refunded", Clause: "B-3", Rule: "B-3#57", Description: "KC-Refund answers statusCode REFUNDED instead of CAPTURED"},
	{Name: "find-by-login-fails", Clause: "B-4.10", Rule: "B-4.10#3", Description: "Find User Account does not find an account by its loginID"},
	{Name: "find-wrong-accno", Clause: "B-4.10", Rule: "B-4.10#3", Description: "Find User Account answers the merchant's accno instead of the account found"},
	{Name: "entry-amount-a-string", Clause: "B-2.3", Rule: "B-2.3#1", Description: "Account Enquiry's entries answer amount, a decimal, as a JSON string"},
	{Name: "kc-debit-status-authorized", Clause: "B-3", Rule: "B-3#51", Description: "KC-Debit Account answers statusCode AUTHORIZED instead of CAPTURED"},
	{Name: "race-double-spend", Clause: "B-4.15", Description: "KC-Debit Account checks the balance and books under separate locks, so concurrent debits together overdraw the wallet"},
	{Name: "entries-dated-at-first-booking", Clause: "B-4.12", Rule: "B-4.12#9", Description: "Account Enquiry shows every entry with the booking date and time of the account's first listed entry (its order and paging stay right, its stamps do not)"},

	// Added by the assertion audit (issues 14 and 15).
	{Name: "entry-valuedate-not-a-date", Clause: "B-2.3", Rule: "B-2.3#1", Description: "Account Enquiry's entries write valueDate, a D, as 14.03.2026"},
	{Name: "balance-pooledamt-a-string", Clause: "B-2.4", Rule: "B-2.4#1", Description: "Balance Enquiry answers pooledAmt, a Dec(18,2), as a JSON string"},
	{Name: "psbal-is-booked-balance", Clause: "B-2.4", Rule: "B-2.4#3", Description: "Balance Enquiry reports psBal as the current booked balance instead of the previous day's closing balance"},
	{Name: "kc-capture-twice-debits", Clause: "B-2.4", Rule: "B-2.4#4", Description: "KC-Capture of a CAPTURED KC-Authorize payment answers 0000 and debits the wallet a second time"},
	{Name: "kc-authorize-status-received", Clause: "B-3", Rule: "B-3#50", Description: "KC-Authorize answers statusCode RECEIVED instead of AUTHORIZED"},
	{Name: "kc-capture-status-authorized", Clause: "B-3", Rule: "B-3#52", Description: "KC-Capture answers statusCode AUTHORIZED instead of CAPTURED"},
	{Name: "kc-cancel-status-authorized", Clause: "B-3", Rule: "B-3#54", Description: "KC-Cancel answers statusCode AUTHORIZED instead of CANCELLED"},
	{Name: "kc-refund-before-capture", Clause: "B-3", Rule: "B-3#56", Description: "KC-Refund of an AUTHORIZED KC-Authorize payment succeeds and credits the wallet"},
	{Name: "load-credits-twice", Clause: "B-3", Rule: "B-3#9", Description: "a Capture of a payment authorized with accno loads the wallet with twice the captured amount"},
	{Name: "find-user-no-programcode", Clause: "B-4.10", Rule: "B-4.10#5", Description: "Find User Account answers programCode null instead of the programCode sent"},
	{Name: "check-amount-letters-answered", Clause: "B-4.11", Rule: "B-4.11#6", Description: "Check Available Payment Amount answers an amount that is not a number (ten) with yes instead of a syntax error"},
	{Name: "start-date-exclusive", Clause: "B-4.12", Rule: "B-4.12#3", Description: "Account Enquiry's startDate leaves out the entries of that day (the bound is exclusive)"},
	{Name: "end-date-exclusive", Clause: "B-4.12", Rule: "B-4.12#4", Description: "Account Enquiry's endDate leaves out the entries of that day (the bound is exclusive)"},
	{Name: "start-time-ignored", Clause: "B-4.12", Rule: "B-4.12#6", Description: "Account Enquiry ignores startTime: startDate always starts at 000000"},
	{Name: "end-time-ignored", Clause: "B-4.12", Rule: "B-4.12#8", Description: "Account Enquiry ignores endTime: endDate always ends at 235959"},
	{Name: "top-before-skip", Clause: "B-4.12", Rule: "B-4.12#24", Description: "Account Enquiry takes the top most recent entries first and skips among them (top 2, skip 1 over three entries gives one)"},
	{Name: "skip-takes-oldest", Clause: "B-4.12", Rule: "B-4.12#10", Description: "Account Enquiry's skip passes over the oldest entries instead of the most recent"},
	{Name: "neutral-shown-by-default", Clause: "B-4.12", Rule: "B-4.12#11", Description: "Account Enquiry lists neutral entries without includeNeutral (the default is false)"},
	{Name: "include-neutral-only-neutral", Clause: "B-4.12", Rule: "B-4.12#12", Description: "Account Enquiry with includeNeutral true lists the neutral entries only, not the account entries"},
	{Name: "enquiry-programaccno-a-number", Clause: "B-4.12", Rule: "B-4.12#19", Description: "Account Enquiry answers programAccno, an S(255), as a JSON number"},
	{Name: "top-not-validated", Clause: "B-4.12", Rule: "B-4.12#22", Description: "Account Enquiry takes a top that is not a number (ten) as 0 and answers 0000 instead of a syntax error"},
	{Name: "balance-programaccno-a-number", Clause: "B-4.13", Rule: "B-4.13#3", Description: "Balance Enquiry answers programAccno, an S(255), as a JSON number"},
	{Name: "kc-authorize-fxrate-a-string", Clause: "B-4.14", Rule: "B-4.14#7", Description: "KC-Authorize answers fxRate, a Dec(18,2), as a JSON string"},
	{Name: "kc-authorize-beyond-funds", Clause: "B-4.14", Description: "KC-Authorize blocks an amount beyond avlBal less minimumAllowedBalance, so avlBal goes below it"},
	{Name: "kc-debit-merchant-programcode-optional", Clause: "B-4.15", Rule: "B-4.15#5", Description: "KC-Debit Account with the merchant's external account reference as merchantAccno does not require merchantProgramCode"},
	{Name: "kc-debit-merchantprogramcode-a-number", Clause: "B-4.15", Rule: "B-4.15#9", Description: "KC-Debit Account answers merchantProgramCode, an S(10), as a JSON number"},
	{Name: "kc-capture-debits-authorized", Clause: "B-4.16", Rule: "B-4.16#4", Description: "a partial KC-Capture (modifiedAmount below the authorized amount) debits the whole authorized amount"},
	{Name: "kc-capture-processedamount-a-string", Clause: "B-4.16", Rule: "B-4.16#5", Description: "KC-Capture answers processedAmount, a Dec(18), as a JSON string"},
	{Name: "kc-cancel-keeps-block", Clause: "B-4.17", Rule: "B-4.17#3", Description: "KC-Cancel answers CANCELLED but does not release the block"},
	{Name: "kc-cancel-accno-a-number", Clause: "B-4.17", Rule: "B-4.17#4", Description: "KC-Cancel answers accno, an S(255), as a JSON number"},
	{Name: "kc-refund-source-a-number", Clause: "B-4.18", Rule: "B-4.18#7", Description: "KC-Refund answers refundSourceAccno, an S(255), as a JSON number"},
	{Name: "address-check-no-programcode", Clause: "B-4.19", Rule: "B-4.19#3", Description: "Perform Address Check answers programCode null instead of the programCode sent"},

	// Added for issue 23: every stated length and type of the wallet-to-merchant bodies and the address check.
	{Name: "kc-capture-repeat-when-funded", Clause: "B-3", Rule: "B-3#58", Description: "a second KC-Capture of a CAPTURED payment is refused only when the wallet cannot pay it again; with the money it answers 0000 and debits the wallet a second time"},
	{Name: "kc-debit-otp-unbounded", Clause: "B-4.15", Rule: "B-4.15#12", Description: "KC-Debit Account's oneTimePassword may have nine characters (S(8)); the first eight are checked"},
	{Name: "kc-capture-fee-three-decimals", Clause: "B-4.16", Rule: "B-4.16#7", Description: "KC-Capture accepts a modifiedFeeAmount with three decimals (Dec(18,2))"},
	{Name: "kc-cancel-usage-unbounded", Clause: "B-4.17", Rule: "B-4.17#5", Description: "KC-Cancel accepts a modifiedUsage of more than 127 characters"},
	{Name: "kc-refund-usage-unbounded", Clause: "B-4.18", Rule: "B-4.18#9", Description: "KC-Refund accepts a refundUsage of more than 255 characters"},
	{Name: "address-check-street-unbounded", Clause: "B-4.19", Rule: "B-4.19#4", Description: "Perform Address Check accepts a street of more than 68 characters"},
}

// accountInfoSpecMutations adjusts the field spec of this area's operations
// for the mutants that change how a field is read or how long it may be;
// specMutations calls it.
func (h *handler) accountInfoSpecMutations(op string, s fieldSpec) fieldSpec {
	switch {
	case op == schemas.CheckAvailablePaymentAmount && h.mutant("check-amount-letters-answered"):
		s.update("amount", func(f *field) { f.kind, f.max = kindS, 40 })
	case op == schemas.AccountEnquiry && h.mutant("top-not-validated"):
		s.update("top", func(f *field) { f.kind, f.max = kindS, 10 })
	}
	unbound := func(name string) { s.update(name, func(f *field) { f.max = unbounded }) }
	switch {
	case op == schemas.KCDebitAccount && h.mutant("kc-debit-otp-unbounded"):
		s.update("oneTimePassword", func(f *field) { f.max = 9 })
	case op == schemas.KCCapture && h.mutant("kc-capture-fee-three-decimals"):
		s.update("modifiedFeeAmount", func(f *field) { f.scale = 3 })
	case op == schemas.KCCancel && h.mutant("kc-cancel-usage-unbounded"):
		unbound("modifiedUsage")
	case op == schemas.KCRefund && h.mutant("kc-refund-usage-unbounded"):
		unbound("refundUsage")
	case op == schemas.AddressCheck && h.mutant("address-check-street-unbounded"):
		unbound("street")
	}
	return s
}
