package reference

// paymentVariants are the permitted choices of the payment options (A-2.5,
// ), the redirect callback, and Document B's
// payments and consent (B-2.1, B-2.2, B-2.5, B-3, B-4.1 to B-4.9). Each was
// found by the assertion audit of issue 14, and each is narrow so that any
// set of them combines.
var paymentVariants = []Variant{
	{
		Name:   "guest-data-plausibility-checked",
		Clause: "B-4.1",
		Description: "Init Authorize refuses a guest payment whose customer data look made up (0012, HTTP 422, naming the fields): a " +
			"customerFullName that is not a first and a last name or holds a specimen name (Mustermann, Beispiel, Doe ...), an " +
			"emailAddress at a domain reserved for documentation (example.com, RFC 2606), a postCode not of its country's form. " +
			"B-4.1: a guest's data \"hold real customer data; inaccurate data may cause rejection\".",
	},
	{
		Name:   "guest-data-known-customers-only",
		Clause: "B-4.1",
		Description: "Init Authorize accepts a guest payment only from the sandbox's own test customer (Jana Novakova, Vinohradska 12, " +
			"120 00 Praha, CZ, an e-mail address at customers.sandbox.test) and refuses any other with 0012, HTTP 422, naming the " +
			"fields; its vendor sets that customer in the profile. B-4.1: a guest's data \"hold real customer data; inaccurate data may cause rejection\".",
		Sets: knownGuestProfile,
	},
	{
		Name:   "payment-option-groups-null",
		Clause: "A-2.5",
		Description: "Get Payment Options answers paymentSubGroup and paymentSubGroupCode null. A-2.5 lists the fields " +
			"(\"paymentSubGroup, paymentSubGroupCode (strings)\") but no value rule; a listed field that is present and null is not a fault.",
	},
	{
		Name:   "bankcode-null",
		Clause: "A-2.6",
		Description: "A stored option without a bank code (a card) answers bankCode null instead of \"\". " +
			"A-2.6: \"bankCode | string | may be empty\".",
	},
	{
		Name:   "billing-address-upper-case",
		Clause: "A-2.6",
		Description: "Get Stored Payment Options writes the stored option's billingAddress in upper case (LUKAS WEBER, " +
			"MARIAHILFER STRASSE 20, WIEN). A-4.6 says the owner's address \"is used\" and A-4.7 keeps the rule; neither asks that " +
			"the address be kept character for character.",
	},
	{
		Name:   "verification-code-format-wrong-code",
		Clause: "A-4.9",
		Description: "Complete Verify answers a verificationCode of more than six digits as a wrong code (its own handled error) " +
			"instead of 0001. A-4.9 gives verificationCode N(6); A-7 names 0001 for a missing field or a wrong data type, " +
			"and no code for an over-long value.",
	},
	{
		Name:   "delete-idempotent",
		Clause: "A-4.10",
		Description: "A second Delete of an option already deleted answers 0000 again (the option stays deleted). " +
			"A-4.10: \"responseCode 0000 means the payment option is deleted\"; what a repeated Delete answers is not shown.",
	},
	{
		Name:   "acquirer-converts-currency",
		Clause: "B-2.1",
		Description: "The acquirer settles in USD: processedAmount is the amount converted at 1.0850 and processedCurrCode USD " +
			"(Complete Authorize, Authorize, Capture, Refund). B-2.1: \"processedAmount | Dec(18,2) | amount returned by the acquirer\".",
	},
	{
		Name:   "load-settles-later",
		Clause: "B-3",
		Description: "The Load Account that a Capture with accno \"internally performs\" (B-3) is booked a moment (150 ms) after the Capture answers: " +
			"until then no Balance Enquiry, account entry, Check Available Payment Amount or spend of the wallet sees it. " +
			"B-3 does not say the load is booked before the Capture answers, and A-1.4 allows \"for delays of external systems and payment providers\".",
	},
	{
		Name:   "declined-callback-names-payment",
		Clause: "A-6",
		Description: "The redirect callback of a declined payment carries the payment's reference as uniqueReference, correctly spelled, " +
			"and no unqiueReference. A-6 lists \"unqiueReference (spelled so) | when the payment succeeded\"; it lists no uniqueReference, " +
			"and no sentence forbids a parameter the table does not list.",
	},
	{
		Name:   "unverified-option-cannot-pay",
		Clause: "A-4.8",
		Description: "A stored payment option pays (Init Authorize, Authorize) only once it is VERIFIED: before Complete Verify a payment " +
			"with it is a handled error. A-4.8 and A-4.9 exist to verify an option and A-2.6 lists the statusCode \"value that occurs: VERIFIED\"; " +
			"no sentence says an option that is not verified may pay.",
	},
	{
		Name:   "cancel-voids-capture",
		Clause: "B-3",
		Description: "Cancel of a CAPTURED payment that loaded no wallet voids it: CANCELLED. B-3 conditions Cancel on " +
			"\"previously authorized\", where KC-Cancel says \"authorized and not yet captured\" (an advisory scenario warns).",
	},
	{
		Name:   "repeat-answers-again",
		Clause: "B-3",
		Description: "An exact repeat of a move (Complete Authorize of an AUTHORIZED payment, Capture of a CAPTURED one, " +
			"Cancel of a CANCELLED one) answers 0000 again with the same statusCode and changes nothing. B-3 shows the " +
			"conditions of the moves but not how a repeat is answered (\"Failure statuses ... not shown\"); the target declares it.",
		Declares: map[string]string{"repeatedPaymentMove": "idempotent"},
	},
	{
		Name:   "refunds-bounded-per-call",
		Clause: "B-4.5",
		Description: "Each Refund is bounded by the captured amount, not by what is left after earlier refunds. " +
			"B-4.5: refundAmount \"cannot exceed the refunded transaction amount\", worded per call (an advisory scenario warns).",
	},
	{
		Name:   "initverify-programcode-null",
		Clause: "A-4.8",
		Description: "Init Verify answers programCode null: its request carries programAccno and no programCode, so the " +
			"response's programCode echoes nothing (A-4.8: \"Body: partnerReference Y; programAccno S(255) Y\"; A-2.1: " +
			"\"Most responses also echo partnerReference and programCode\")",
	},
	{
		Name:   "stored-options-filter-unverified",
		Clause: "A-4.13",
		Description: "Get Stored Payment Options with a transactionTypeCode lists only the options usable for that transaction: those VERIFIED. " +
			"A-4.13 takes an \"optional transactionTypeCode S(10)\" and does not show what it filters; A-4.8 and A-4.9 exist to verify an option.",
	},
	{
		Name:   "one-option-per-code",
		Clause: "A-4.7",
		Description: "An account keeps one stored option per payment option code: Complete Add of a second option of a code the account " +
			"already holds is a handled error. A-4.6 \"Starts storing a payment option on a user or merchant account\"; no sentence says an " +
			"account may hold two options of one code.",
	},
	{
		Name:   "payment-status-text-normalised",
		Clause: "B-4.7",
		Description: "Get Payment Status answers the texts it stored normalised: presentationUsage trimmed with runs of white space made one space, " +
			"the payer's name and address (customerFullName, addr1 to addr3, city, state) so and in upper case. B-4.7 lists the fields it " +
			"answers and no sentence says they are returned character for character as sent.",
	},
	{
		Name:   "one-consent-per-account",
		Clause: "B-4.8",
		Description: "An account holds one confirmed consent at a time: Add Consent on an account whose consent is CNSTCONF is a handled error " +
			"(after a Revoke Consent a new one is added). B-3 gives Add Consent's resulting status CNSTCONF and \"Other consent statuses and moves: not shown\".",
	},
}
