package reference

import "slices"

// Mutant is a named fault: a server built with Config.Mutant set to its Name
// breaks exactly one rule of the specification, the rule of clause Clause,
// and otherwise behaves like the conforming server. A conformance suite is
// expected to detect every mutant with a scenario tagged with its clause.
type Mutant struct {
	Name        string // kebab-case identifier, the value of Config.Mutant
	Clause      string // clause tag text without "@", e.g. "A-4.2"
	Description string // the rule that is broken, and how
}

// mutants is the table behind Mutants. Append only: names are stable
// identifiers used by reports.
var mutants = [...]Mutant{
	{"envelope-no-systime", "A-2.1", "sysTime is omitted from every response"},
	{"envelope-localdate-not-echoed", "A-2.1", "localDate in responses is not the caller's date (it is one day earlier)"},
	{"envelope-partnerreference-not-echoed", "A-2.1", "partnerReference is missing from responses"},
	{"responsecode-numeric", "A-2.1", "responseCode is written as a JSON number (0 for success) instead of a four-digit string"},
	{"create-status-200", "A-4.2", "Create Account answers HTTP 200 instead of 201"},
	{"create-state-pending", "A-3", "Create Account returns and stores statusCode PENDING instead of ACTIVE"},
	{"create-twofa-wrong", "A-3", "twoFAStatusCode is 2FAENA after Create Account instead of 2FADIS"},
	{"close-state-active", "A-3", "Close Account answers statusCode ACTIVE and the account stays usable"},
	{"closed-account-usable", "A-3", "after Close Account the account can still be updated with 0000"},
	{"create-lastname-optional", "A-7", "Create Account does not require lastName"},
	{"get-accnotype-optional", "A-7", "Get Account Information does not require accnoType"},
	{"missing-field-http-200", "A-7", "a missing mandatory field answers 0001 with HTTP 200 instead of 400"},
	{"missing-field-unnamed", "A-7", "the 0001 description of a missing field does not name the field"},
	{"wrong-type-accepted", "A-7", "a string (\"true\"/\"false\") where a boolean is expected is accepted"},
	{"invalid-date-accepted", "A-7", "a date of 10 characters that is not a calendar date (2026-02-30, 1990-13-01) is accepted"},
	{"correspondence-rule-not-enforced", "A-2.2", "correspondenceCity is not required when useDifferentCorrespondenceAddress is true"},
	{"business-rule-not-enforced", "A-2.2", "businessCompanyRegistrationNumber is not required when isBusinessUser is true"},
	{"business-rule-when-false", "A-2.2", "businessCompanyName is required even when isBusinessUser is false"},
	{"auth-missing-token-accepted", "A-5", "Get Account Information without X-Auth-Token is served"},
	{"auth-invalid-token-accepted", "A-5", "any non-empty X-Auth-Token is accepted on all operations"},
	{"token-validuntil-no-millis", "A-4.1", "validUntil is formatted without milliseconds (2006-01-02T15:04:05Z)"},
	{"token-wrong-password-accepted", "A-4.1", "Issue Token succeeds with any password"},
	{"get-absent-omitted", "A-2.4", "Get Account Information omits fields without a value instead of returning null"},
	{"get-not-reflecting-create", "A-4.4", "Get Account Information returns firstName upper-cased, not as sent"},
	{"update-not-applied", "A-4.3", "Update Account Information answers 0000 but does not change the stored data"},
	{"maxlength-too-short", "A-8", "a lastName longer than 50 characters is rejected with 0001 (the limit is S(100))"},
	{"malformed-json-500", "A-7", "a malformed JSON body is answered 500/0099 instead of 400/0001"},
	{"close-no-dateclosed", "A-4.5", "dateClosed is missing from the Close Account response"},
	{"initadd-billing-not-enforced", "A-4.6", "Init Add does not require city when useDifferentBillingAddress is true"},
	{"completeadd-billing-not-enforced", "A-4.7", "Complete Add does not require emailAddress when useDifferentBillingAddress is true"},
	{"initadd-billing-required-when-false", "A-4.6", "Init Add requires customerFullName even when useDifferentBillingAddress is false"},
	{"completeadd-status-200", "A-4.7", "Complete Add answers HTTP 200 instead of 201"},
	{"completeadd-reference-too-long", "A-4.7", "Complete Add issues a storedPaymentOptionReference of 40 characters (the limit is S(36))"},
	{"completeadd-country-alpha3", "A-4.7", "initiationCountryCode holds the alpha-3 code instead of the alpha-2 code"},
	{"completeadd-token-not-checked", "A-4.7", "Complete Add accepts any authorizationToken, and a token may be used twice"},
	{"owner-address-not-used", "A-4.6", "with useDifferentBillingAddress false in Init Add and Complete Add, the stored billingAddress is empty (all fields null) instead of the account owner's address"},
	{"stored-option-no-billingaddress", "A-2.6", "billingAddress is omitted from stored payment options"},
	{"stored-option-expiry-as-string", "A-2.6", "expiryMonth and expiryYear of stored payment options are written as strings instead of numbers"},
	{"initverify-needs-programcode", "A-4.8", "Init Verify requires programCode and ignores programAccno (a request with programAccno only gets 0001 naming programCode)"},
	{"verification-code-any", "A-4.9", "Complete Verify accepts any verificationCode"},
	{"verification-code-long-accepted", "A-4.9", "a 7-digit verificationCode is not a syntax error (the limit is N(6)); when its first 6 digits are the right code it succeeds"},
	{"deleted-option-still-listed", "A-4.10", "Delete answers 0000 but the option is still listed by Get Stored Payment Options"},
	{"delete-twice-succeeds", "A-4.10", "Delete of an unknown or already deleted storedPaymentOptionReference answers 0000"},
	{"setdefault-not-moving", "A-4.11", "Set Default answers success but isDefault does not change"},
	{"setdefault-two-defaults", "A-4.11", "Set Default sets the option's isDefault but leaves the previous default true"},
	{"payment-options-not-array", "A-4.12", "Get Payment Options writes paymentOptions as an object keyed by code instead of an array"},
	{"payment-options-transactiontype-optional", "A-4.12", "Get Payment Options does not require transactionTypeCode"},
	{"stored-options-require-transactiontype", "A-4.13", "Get Stored Payment Options requires the optional transactionTypeCode (0001 without it)"},
	{"closed-account-initadd-allowed", "A-3", "Init Add on a CLOSED account succeeds"},
	{"unknown-option-setdefault-ok", "A-4.11", "Set Default with an unknown storedPaymentOptionReference answers 0000"},
	{"initauth-status-200", "B-4.1", "Init Authorize answers HTTP 200 instead of 201"},
	{"initauth-state-authorized", "B-3", "Init Authorize answers statusCode AUTHORIZED instead of RECEIVED"},
	{"guest-billing-false-accepted", "B-4.1", "a guest payment (no storedPaymentOptionReference) with useDifferentBillingAddress false is accepted"},
	{"guest-housenumber-not-required", "B-4.1", "a guest payment does not require houseNumber when addr1 holds no digit"},
	{"accnotype-not-required-with-accno", "B-4.1", "Init Authorize with accno but without accnoType is accepted"},
	{"accnotype-required-without-accno", "B-4.1", "Init Authorize requires accnoType even without accno"},
	{"criteria-rejected", "B-2.5", "a request with a criteria array is rejected with 0001 naming criteria"},
	{"complete-twice-allowed", "B-3", "Complete Authorize of an AUTHORIZED payment answers 0000"},
	{"complete-no-processed-amount", "B-4.2", "Complete Authorize omits processedAmount"},
	{"complete-billing-not-enforced", "B-4.2", "Complete Authorize with useDifferentBillingAddress true does not require city"},
	{"authorize-billing-not-enforced", "B-4.3", "Authorize with useDifferentBillingAddress true does not require emailAddress"},
	{"authorize-status-200", "B-4.3", "Authorize answers HTTP 200 instead of 201"},
	{"capture-from-received", "B-3", "Capture of a RECEIVED payment succeeds (CAPTURED)"},
	{"capture-after-cancel", "B-3", "Capture of a CANCELLED payment succeeds"},
	{"cancel-after-capture", "B-3", "Cancel of a CAPTURED payment succeeds"},
	{"refund-before-capture", "B-3", "Refund of an AUTHORIZED payment succeeds"},
	{"partial-capture-ignored", "B-4.4", "modifiedAmount is ignored: the full amount is captured and reported"},
	{"refund-above-captured", "B-4.5", "a refundAmount above the captured amount is accepted"},
	{"refund-omitted-nothing", "B-4.5", "an omitted refundAmount refunds 0.00 (reports refundAmount 0.00) instead of the whole amount"},
	{"refund-status-refunded", "B-4.5", "Refund answers statusCode REFUNDED instead of CAPTURED"},
	{"refunds-not-cumulative", "B-4.5", "each refund is only bounded by the captured amount, not by what was refunded before"},
	{"cancel-status-200", "B-4.6", "Cancel answers HTTP 200 instead of 201"},
	{"status-amount-wrong", "B-4.7", "Get Payment Status reports presentationAmount as the amount minus 1.00"},
	{"status-billing-missing", "B-4.7", "Get Payment Status returns customerFullName null instead of the billing address's"},
	{"amount-three-decimals-accepted", "B-4.1", "Init Authorize accepts presentationAmount 12.345 (three decimals; Dec(18,2)) and rounds it"},
	{"consent-status-wrong", "B-4.8", "Add Consent answers consentStatusCode CNSTPEND instead of CNSTCONF"},
	{"consent-reference-too-long", "B-4.8", "Add Consent issues a consentReference of 40 characters (the limit is S(32))"},
	{"revoke-status-wrong", "B-4.9", "Revoke Consent answers consentStatusCode CNSTCONF instead of CNSTRVKD"},
	{"callback-spelling", "A-6", "the redirect callback's reference parameter is spelled uniqueReference instead of unqiueReference"},
	{"callback-result-wrong", "A-6", "the redirect callback's paymentResult is SUCCESS instead of OK"},
	{"callback-not-captured", "A-6", "after the redirect the payment stays AUTHORIZED (Get Payment Status) instead of CAPTURED"},
	{"failed-move-changes-state", "B-3", "a refused Cancel of a CAPTURED payment answers a handled error but sets the status to CANCELLED"},
	{"avlbal-ignores-block", "B-2.4", "Balance Enquiry reports avlBal equal to bkBal even when an amount is blocked"},
	{"debit-not-booked", "B-4.15", "KC-Debit Account answers CAPTURED but does not debit the wallet"},
	{"load-not-credited", "B-3", "a Capture of a payment with accno does not credit (load) the wallet"},
	{"load-credits-presentation-amount", "B-4.4", "a partial Capture of a payment with accno credits the wallet with the whole authorized amount"},
	{"count-is-page-size", "B-4.12", "Account Enquiry answers count as the number of entries returned instead of the total under the filters"},
	{"top-ignored", "B-4.12", "Account Enquiry ignores top"},
	{"top-takes-oldest", "B-4.12", "Account Enquiry's top keeps the oldest entries instead of the most recent"},
	{"sort-default-desc", "B-4.12", "Account Enquiry without sortDirection lists the newest entry first (the default is ASC)"},
	{"start-time-without-date-accepted", "B-4.12", "Account Enquiry with startTime but without startDate is accepted"},
	{"pending-shown-by-default", "B-4.12", "Account Enquiry returns pending entries without includePendingTransactions"},
	{"check-amount-json", "B-4.11", "Check Available Payment Amount answers JSON {\"result\":\"yes\"} with Content-Type application/json instead of text/plain"},
	{"check-amount-quoted", "B-4.11", "Check Available Payment Amount answers \"yes\" with the quotes"},
	{"check-amount-ignores-block", "B-4.11", "Check Available Payment Amount compares the amount with bkBal instead of avlBal"},
	{"kc-authorize-status-201", "B-4.14", "KC-Authorize answers HTTP 201 instead of 200"},
	{"kc-authorize-no-block", "B-4.14", "KC-Authorize answers AUTHORIZED but blocks nothing (blkAmt and avlBal unchanged)"},
	{"kc-authorize-countrycode-optional", "B-4.14", "KC-Authorize does not require countryCode when useDifferentBillingAddress is false"},
	{"kc-merchant-programcode-optional", "B-4.14", "KC-Authorize with the merchant's external account reference as merchantAccno does not require merchantProgramCode"},
	{"kc-capture-keeps-block", "B-4.16", "KC-Capture debits the wallet but does not release the block"},
	{"kc-cancel-after-capture", "B-3", "KC-Cancel of a CAPTURED KC-Authorize payment succeeds (CANCELLED)"},
	{"kc-capture-of-debit", "B-3", "KC-Capture of a KC-Debit Account payment succeeds and debits the wallet again"},
	{"kc-refund-above-captured", "B-4.18", "a KC-Refund refundAmount above the captured amount is accepted"},
	{"kc-refund-omitted-nothing", "B-4.18", "a KC-Refund without refundAmount refunds nothing instead of everything not yet refunded"},
	{"kc-refund-not-credited", "B-4.18", "KC-Refund answers 0000 but does not credit the wallet"},
	{"kc-refund-status-refunded", "B-4.18", "KC-Refund answers statusCode REFUNDED instead of CAPTURED"},
	{"below-minimum-allowed", "A-2.4", "a KC-Debit Account beyond avlBal less minimumAllowedBalance succeeds and the balance goes below it"},
	{"find-by-login-fails", "B-4.10", "Find User Account does not find an account by its loginID"},
	{"find-wrong-accno", "B-4.10", "Find User Account answers the merchant's accno instead of the account found"},
	{"address-check-street-optional", "B-4.19", "Perform Address Check does not require street"},
	{"enquiry-entry-missing-fields", "B-2.3", "Account Enquiry's entries lack bookingTime"},
	{"kc-debit-status-authorized", "B-3", "KC-Debit Account answers statusCode AUTHORIZED instead of CAPTURED"},
	{"race-double-spend", "B-4.15", "KC-Debit Account checks the balance and books under separate locks, so concurrent debits together overdraw the wallet"},
	{"partners-not-isolated", "A-5", "a token of one partner reaches every partner's accounts and payments"},
	{"given-billing-address-not-stored", "A-4.7", "with useDifferentBillingAddress true in Init Add and Complete Add, the stored billingAddress is the account owner's address instead of the billing address given"},
	{"entries-dated-at-first-booking", "B-4.12", "Account Enquiry shows every entry with the booking date and time of the account's first listed entry (its order and paging stay right, its stamps do not)"},
}

// Mutants returns every known mutant, in a stable order.
func Mutants() []Mutant {
	return slices.Clone(mutants[:])
}

// knownMutant reports whether name is "" or the name of a mutant.
func knownMutant(name string) bool {
	if name == "" {
		return true
	}
	for _, m := range mutants {
		if m.Name == name {
			return true
		}
	}
	return false
}

// mutant reports whether the handler runs the named fault. Every name passed
// here is one of the table above (checked by a test).
func (h *handler) mutant(name string) bool {
	return h.cfg.Mutant == name
}

// specMutations adjusts an operation's field spec for the mutants that
// change which fields are required or how long they may be.
func (h *handler) specMutations(op string, s fieldSpec) fieldSpec {
	s = s.clone()
	if h.mutant("create-lastname-optional") && op == opCreateAccount {
		s.update("lastName", func(f *field) { f.required = false })
	}
	if h.mutant("get-accnotype-optional") && op == opGetAccount {
		s.update("accnoType", func(f *field) { f.required = false })
	}
	if h.mutant("maxlength-too-short") {
		s.update("lastName", func(f *field) { f.max = 50 })
	}
	for i, r := range s.rules {
		switch {
		case r.trigger == "useDifferentCorrespondenceAddress" && h.mutant("correspondence-rule-not-enforced"):
			s.rules[i].fields = without(r.fields, "correspondenceCity")
		case r.trigger == "isBusinessUser" && h.mutant("business-rule-not-enforced"):
			s.rules[i].fields = without(r.fields, "businessCompanyRegistrationNumber")
		case r.trigger == "useDifferentBillingAddress" && op == opInitAdd && h.mutant("initadd-billing-not-enforced"):
			s.rules[i].fields = without(r.fields, "city")
		case r.trigger == "useDifferentBillingAddress" && op == opCompleteAdd && h.mutant("completeadd-billing-not-enforced"):
			s.rules[i].fields = without(r.fields, "emailAddress")
		case r.ifAbsent == "storedPaymentOptionReference" && op == opInitAuthorize && h.mutant("guest-billing-false-accepted"):
			s.rules[i].mustBeTrue = without(r.mustBeTrue, "useDifferentBillingAddress")
		case r.ifNoDigit == "addr1" && op == opInitAuthorize && h.mutant("guest-housenumber-not-required"):
			s.rules[i].fields = without(r.fields, "houseNumber")
		case r.ifPresent == "accno" && op == opInitAuthorize && h.mutant("accnotype-not-required-with-accno"):
			s.rules[i].fields = without(r.fields, "accnoType")
		case r.trigger == "useDifferentBillingAddress" && op == opCompleteAuthorize && h.mutant("complete-billing-not-enforced"):
			s.rules[i].fields = without(r.fields, "city")
		case r.trigger == "useDifferentBillingAddress" && op == opAuthorize && h.mutant("authorize-billing-not-enforced"):
			s.rules[i].fields = without(r.fields, "emailAddress")
		}
	}
	if h.mutant("accnotype-required-without-accno") && op == opInitAuthorize {
		s.update("accnoType", func(f *field) { f.required = true })
	}
	if h.mutant("amount-three-decimals-accepted") && op == opInitAuthorize {
		s.update("presentationAmount", func(f *field) { f.scale = 3 })
	}
	if h.mutant("criteria-rejected") {
		s.update("criteria", func(f *field) { f.kind, f.max = kindS, 255 })
	}
	if h.mutant("business-rule-when-false") && s.has("isBusinessUser") {
		s.update("businessCompanyName", func(f *field) { f.required = true })
	}
	if h.mutant("initadd-billing-required-when-false") && op == opInitAdd {
		s.update("customerFullName", func(f *field) { f.required = true })
	}
	if h.mutant("initverify-needs-programcode") && op == opInitVerify {
		s.fields = slices.DeleteFunc(s.fields, func(f field) bool { return f.name == "programAccno" })
		s.fields = append(s.fields, str("programCode", 10).req())
	}
	if h.mutant("verification-code-long-accepted") && op == opCompleteVerify {
		s.update("verificationCode", func(f *field) { f.max = 7 })
	}
	if h.mutant("payment-options-transactiontype-optional") && op == opGetPaymentOptions {
		s.update("transactionTypeCode", func(f *field) { f.required = false })
	}
	if h.mutant("stored-options-require-transactiontype") && op == opGetStoredOptions {
		s.update("transactionTypeCode", func(f *field) { f.required = true })
	}
	if h.mutant("start-time-without-date-accepted") && op == opAccountEnquiry {
		s.rules = slices.DeleteFunc(s.rules, func(r condRule) bool { return r.ifPresent == "startTime" })
	}
	if h.mutant("kc-authorize-countrycode-optional") && op == opKCAuthorize {
		s.update("countryCode", func(f *field) { f.required = false })
	}
	if h.mutant("address-check-street-optional") && op == opAddressCheck {
		s.update("street", func(f *field) { f.required = false })
	}
	return s
}

func without(list []string, name string) []string {
	var out []string
	for _, s := range list {
		if s != name {
			out = append(out, s)
		}
	}
	return out
}
