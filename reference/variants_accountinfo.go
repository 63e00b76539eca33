package reference

// accountInfoVariants are the permitted choices of Document B's account
// information, wallet-to-merchant payments and address check (B-2.3, B-2.4,
// B-4.10 to B-4.19, and the KC rows of B-3).
var accountInfoVariants = []Variant{
	{
		Name:   "kc-partial-capture-keeps-rest-blocked",
		Clause: "B-2.4",
		Description: "A KC-Capture of part of an authorization (20.00 of 30.00) releases only the captured part of the block; the rest stays blocked. " +
			"B-2.4 gives \"blkAmt Dec(18) blocked amount (authorized until captured or cancelled)\": the 10.00 not captured was neither captured nor cancelled, " +
			"and B-3's \"| KC-Capture | previously authorized by KC-Authorize | CAPTURED |\" does not say that a capture ends the authorization of what it did not capture.",
	},
	{
		Name:   "psbal-null-new-account",
		Clause: "B-2.4",
		Description: "Balance Enquiry answers psBal null while nothing was booked on the account before today: " +
			"B-2.4 gives psBal as the \"previous day closing balance\", and an account with no booking before today has none " +
			"(the field is listed, so it is present, with no value).",
	},
	{
		Name:   "kc-repeat-idempotent",
		Clause: "B-3",
		Description: "KC-Capture of a CAPTURED KC-Authorize payment and KC-Cancel of a CANCELLED one answer 0000 with the payment as it is, " +
			"moving no money: B-3 shows what a move does from the state its condition names (\"previously authorized by KC-Authorize\", " +
			"\"authorized and not yet captured\") and not what an exact repeat answers.",
		Declares: map[string]string{"kcRepeatedMove": "idempotent"},
	},
	{
		Name:   "check-amount-negotiates",
		Clause: "B-4.11",
		Description: "Check Available Payment Amount negotiates content: a request whose Accept header admits neither text/plain nor */* " +
			"is answered HTTP 406 (a handled error, in JSON). B-4.11's answer is \"`text/plain`\" and no sentence of the spec says " +
			"which Accept header a client sends, so a server may refuse one that excludes the only type it answers.",
	},
	{
		Name:   "sort-direction-dsc",
		Clause: "B-4.12",
		Description: "The Sort Direction lookup holds ASC and DSC: sortDirection DSC sorts descending and DESC is an unknown value (0001). " +
			"A-2.0: the lookups' \"complete contents not shown; only values that occur are listed\", and only ASC occurs (\"default ASC\").",
	},
	{
		Name:   "same-day-newest-first",
		Clause: "B-4.12",
		Description: "Account Enquiry sorts entries by booking date in the direction asked and, within one booking date, newest first: " +
			"B-4.12's sortDirection is \"sorting by booking date\", which leaves the order of entries of one date open.",
	},
	{
		Name:   "default-page-size",
		Clause: "B-4.12",
		Description: "Account Enquiry without top returns the 2 most recent entries of the selection (count stays the total): " +
			"B-4.12 gives top as the \"number of most recent entries to return\" with no default, where it gives one for the other parameters.",
	},
	{
		Name:   "count-as-digit-string",
		Clause: "B-4.12",
		Description: "Account Enquiry writes count as a JSON string of digits (\"3\"): count is N(6), and A-2.0's N(n) is a " +
			"\"number, length n\", which does not say whether it travels as a JSON number or as digits.",
	},
	{
		Name:   "value-dated-next-day",
		Clause: "B-4.12",
		Description: "Every entry is value-dated the day after its booking (valueDate the next day, valueTime 000000), and Account Enquiry's " +
			"date and time filters select by value date: B-2.3 relates bookingDate and valueDate in no way, and B-4.12's startDate " +
			"(\"entries on this day and later\") and endDate do not say which of an entry's dates they compare.",
	},
	{
		Name:   "kc-debit-accnotype-both-numbers",
		Clause: "B-4.15",
		Description: "KC-Debit Account reads merchantAccno by the request's accnoType, as it reads accno: under an accnoType that names an " +
			"account number, the merchant's external account reference is an account not found (a handled error), whether or not " +
			"merchantProgramCode is given. B-4.15: \"accnoType applies to both account numbers\".",
	},
	{
		Name:   "entry-times-null",
		Clause: "B-2.3",
		Description: "Account entries carry bookingTime and valueTime null, as a ledger that books by date would: B-2.3 lists " +
			"\"bookingTime, valueTime | T |\" with no Required column and no sentence that they have a value (A-2.4: \"Absent values are returned as null\").",
	},
	{
		Name:   "enquiry-programaccno-null",
		Clause: "B-4.12",
		Description: "Account Enquiry and Balance Enquiry answer programAccno null: their requests carry programCode and no programAccno " +
			"(B-4.12, B-4.13: \"partnerReference, programCode, accnoType\"), so the listed response field has no value to echo; the field is present, as the " +
			"response lists it (\"Response: partnerReference, programAccno, accno, ...\"). Found by the schema audit of issue 22.",
	},
	{
		Name:   "kc-refund-bound-per-call",
		Clause: "B-4.18",
		Description: "KC-Refund bounds each refund by the captured amount, not the refunds together: B-4.18 words the bound per call, " +
			"\"refundAmount ... (not above the refunded amount; when omitted a full refund)\".",
	},
	{
		Name:   "kc-fxrate-null",
		Clause: "B-4.14",
		Description: "KC-Authorize, KC-Debit Account and KC-Capture answer fxRate null when the wallet and the merchant account share one " +
			"currency: fxRate is the \"conversion rate between payment and merchant account currency\" (B-2.1), and no conversion takes place.",
	},
}
