package reference

import (
	"net/http"

	"github.com/wallet-conformance/wallet-conformance/schemas"
)

// paymentMutants break the rules of the payment options (A-2.5, A-2.6,
// ), the redirect callback, and Document B's payments
// and consent (B-2.1, B-2.2, B-2.5, B-3, B-4.1 to B-4.9). Each names the rule
// of rules/a-options-b-payments.yaml it breaks.
//
// Dropped by the assertion audit (issue 14), because the spec permits what
// they did: refunds-not-cumulative (B-4.5 bounds a refund per call; now the
// variant refunds-bounded-per-call), cancel-after-capture (B-3 conditions
// Cancel on "previously authorized", not "not yet captured" as KC-Cancel;
// now the variant cancel-voids-capture), delete-twice-succeeds (A-4.10: 0000
// "means the payment option is deleted", which a repeated Delete may answer;
// now the variant delete-idempotent).
var paymentMutants = []Mutant{
	{Name: "completeadd-reference-too-long", Clause: "A-4.7", Rule: "A-4.7#7", Description: "Complete Add issues a storedPaymentOptionReference of 40 characters (the limit is S(36))"},
	{Name: "completeadd-country-alpha3", Clause: "A-4.7", Rule: "A-4.7#8", Description: "initiationCountryCode holds the alpha-3 code instead of the alpha-2 code"},
	{Name: "completeadd-token-not-checked", Clause: "A-4.7", Rule: "A-4.7#9", Description: "Complete Add accepts any authorizationToken, and a token may be used twice (an advisory rule: killed by a warning)"},
	{Name: "owner-address-not-used", Clause: "A-4.6", Rule: "A-4.6#5", Description: "with useDifferentBillingAddress false in Init Add and Complete Add, the stored billingAddress is empty (all fields null) instead of the account owner's address"},
	{Name: "stored-option-billingaddress-a-string", Clause: "A-2.6", Rule: "A-2.6#3", Description: "the stored payment options answer billingAddress, an Obj, as a JSON string"},
	{Name: "stored-option-expiry-as-string", Clause: "A-2.6", Rule: "A-2.6#2", Description: "expiryMonth and expiryYear of stored payment options are written as strings instead of numbers"},
	{Name: "initverify-needs-programcode", Clause: "A-4.8", Rule: "A-4.8#2", Description: "Init Verify requires programCode and ignores programAccno (a request with programAccno only gets 0001 naming programCode)"},
	{Name: "verification-code-any", Clause: "A-4.9", Rule: "A-4.9#4", Description: "Complete Verify accepts any verificationCode"},
	{Name: "verification-code-long-accepted", Clause: "A-4.9", Rule: "A-4.9#3", Description: "a 7-digit verificationCode is not a format error (the limit is N(6)); when its first 6 digits are the right code it succeeds"},
	{Name: "deleted-option-still-listed", Clause: "A-4.10", Rule: "A-4.10#3", Description: "Delete answers 0000 but the option is still listed by Get Stored Payment Options"},
	{Name: "setdefault-not-moving", Clause: "A-4.11", Rule: "A-4.11#3", Description: "Set Default answers success but isDefault does not change"},
	{Name: "setdefault-two-defaults", Clause: "A-4.11", Rule: "A-4.11#4", Description: "Set Default sets the option's isDefault but leaves the previous default true (an advisory rule: killed by a warning)"},
	{Name: "payment-options-not-array", Clause: "A-4.12", Rule: "A-4.12#5", Description: "Get Payment Options writes paymentOptions as an object keyed by code instead of an array"},
	{Name: "stored-options-require-transactiontype", Clause: "A-4.13", Rule: "A-4.13#2", Description: "Get Stored Payment Options requires the optional transactionTypeCode (0001 without it)"},
	{Name: "unknown-option-setdefault-ok", Clause: "A-4.11", Rule: "A-4.11#5", Description: "Set Default with an unknown storedPaymentOptionReference answers 0000"},
	{Name: "initauth-state-authorized", Clause: "B-3", Rule: "B-3#1", Description: "Init Authorize answers statusCode AUTHORIZED instead of RECEIVED"},
	{Name: "guest-housenumber-not-required", Clause: "B-4.1", Rule: "B-4.1#9", Description: "a guest payment does not require houseNumber when addr1 holds no digit"},
	{Name: "accnotype-required-without-accno", Clause: "B-4.1", Rule: "B-4.1#5", Description: "Init Authorize requires accnoType even without accno"},
	{Name: "criteria-rejected", Clause: "B-2.5", Rule: "B-2.5#1", Description: "a request with a criteria array is rejected with 0001 naming criteria"},
	{Name: "complete-twice-allowed", Clause: "B-3", Rule: "B-3#16", Description: "Complete Authorize of an AUTHORIZED payment answers 0000 (the suite's default declaration of repeatedPaymentMove is refused)"},
	{Name: "complete-no-processed-amount", Clause: "B-3", Rule: "B-3#4", Description: "Complete Authorize omits processedAmount"},
	{Name: "capture-from-received", Clause: "B-3", Rule: "B-3#8", Description: "Capture of a RECEIVED payment succeeds (CAPTURED)"},
	{Name: "capture-after-cancel", Clause: "B-3", Rule: "B-3#24", Description: "Capture of a CANCELLED payment succeeds"},
	{Name: "refund-before-capture", Clause: "B-3", Rule: "B-3#11", Description: "Refund of an AUTHORIZED payment succeeds"},
	{Name: "partial-capture-ignored", Clause: "B-4.4", Rule: "B-4.4#4", Description: "modifiedAmount is ignored: the full amount is captured and reported"},
	{Name: "refund-above-captured", Clause: "B-4.5", Rule: "B-4.5#4", Description: "a refundAmount above the captured amount is accepted"},
	{Name: "refund-omitted-nothing", Clause: "B-4.5", Rule: "B-4.5#7", Description: "an omitted refundAmount refunds 0.00 (reports refundAmount 0.00) instead of the whole amount"},
	{Name: "refund-status-refunded", Clause: "B-3", Rule: "B-3#10", Description: "Refund answers statusCode REFUNDED instead of CAPTURED"},
	{Name: "status-amount-wrong", Clause: "B-4.7", Rule: "B-4.7#4", Description: "Get Payment Status reports presentationAmount as the amount minus 1.00"},
	{Name: "status-billing-missing", Clause: "B-4.7", Rule: "B-4.7#4", Description: "Get Payment Status returns customerFullName null instead of the billing address's"},
	{Name: "amount-three-decimals-accepted", Clause: "B-4.1", Rule: "B-4.1#3", Description: "Init Authorize accepts presentationAmount 12.345 (three decimals; Dec(18,2)) and rounds it"},
	{Name: "consent-status-wrong", Clause: "B-3", Rule: "B-3#19", Description: "Add Consent answers consentStatusCode CNSTPEND instead of CNSTCONF"},
	{Name: "consent-reference-too-long", Clause: "B-2.2", Rule: "B-2.2#1", Description: "Add Consent issues a consentReference of 40 characters (the limit is S(32))"},
	{Name: "revoke-status-wrong", Clause: "B-3", Rule: "B-3#20", Description: "Revoke Consent answers consentStatusCode CNSTCONF instead of CNSTRVKD"},
	{Name: "callback-spelling", Clause: "A-6", Rule: "A-6#5", Description: "the redirect callback's reference parameter is spelled uniqueReference instead of unqiueReference"},
	{Name: "callback-result-wrong", Clause: "A-6", Rule: "A-6#2", Description: "the redirect callback's paymentResult is SUCCESS instead of OK"},
	{Name: "callback-not-captured", Clause: "A-6", Rule: "A-6#7", Description: "after the redirect the payment stays AUTHORIZED (Get Payment Status) instead of CAPTURED"},
	{Name: "failed-move-changes-state", Clause: "B-3", Rule: "B-3#25", Description: "a refused Cancel of a CAPTURED payment answers a handled error but sets the status to CANCELLED"},
	{Name: "load-not-credited", Clause: "B-3", Rule: "B-3#9", Description: "a Capture of a payment with accno does not credit (load) the wallet"},
	{Name: "load-after-three-entries-not-credited", Clause: "B-3", Rule: "B-3#9", Explored: true, Description: "a Capture that loads a wallet with three entries or more answers CAPTURED but does not credit it"},
	{Name: "load-credits-presentation-amount", Clause: "B-3", Rule: "B-3#23", Description: "a partial Capture of a payment with accno credits the wallet with the whole authorized amount"},
	{Name: "given-billing-address-not-stored", Clause: "A-4.7", Rule: "A-4.7#5", Description: "with useDifferentBillingAddress true in Init Add and Complete Add, the stored billingAddress is the account owner's address instead of the billing address given"},

	// Added by the rule traceability of issue 15: one for every normative
	// rule that none of the above proves.
	{Name: "payment-option-iconurl-a-number", Clause: "A-2.5", Rule: "A-2.5#1", Description: "the available payment options answer iconUrl, a string URL, as a JSON number"},
	{Name: "payment-option-iconurl-not-a-url", Clause: "A-2.5", Rule: "A-2.5#3", Description: "Get Payment Options answers iconUrl as a name with spaces (\"Visa card icon\"), not a URL"},
	// Added for issue 23: a listing and a read of the same object agree.
	{Name: "stored-options-of-every-account", Clause: "A-4.13", Rule: "A-4.13#6", Description: "Get Stored Payment Options lists the stored options of every account, not only those of the account in its path"},
	{Name: "status-amount-captured-part", Clause: "B-4.7", Rule: "B-4.7#5", Description: "after a Capture of part of the authorized amount, Get Payment Status answers that part as presentationAmount instead of the amount authorized"},
	// Added for issue 23: accno of these responses is the account of the path.
	{Name: "initverify-accno-null", Clause: "A-4.8", Rule: "A-4.8#3", Description: "Init Verify answers accno null instead of the account of its path"},
	{Name: "completeverify-accno-null", Clause: "A-4.9", Rule: "A-4.9#5", Description: "Complete Verify answers accno null instead of the account of its path"},
	{Name: "delete-accno-of-merchant", Clause: "A-4.10", Rule: "A-4.10#4", Description: "Delete Stored Payment Option answers accno as the merchant's account number instead of the account of its path"},
	{Name: "setdefault-accno-null", Clause: "A-4.11", Rule: "A-4.11#6", Description: "Set Default answers accno null instead of the account of its path"},
	{Name: "payment-options-accno-of-merchant", Clause: "A-4.12", Rule: "A-4.12#5", Description: "Get Payment Options answers accno as the merchant's account number instead of the account of its path"},
	{Name: "stored-options-accno-null", Clause: "A-4.13", Rule: "A-4.13#3", Description: "Get Stored Payment Options answers accno null instead of the account of its path"},
	{Name: "add-consent-accno-of-merchant", Clause: "B-4.8", Rule: "B-4.8#4", Description: "Add Consent answers accno as the merchant's account number instead of the account of its path"},
	{Name: "revoke-accno-null", Clause: "B-4.9", Rule: "B-4.9#4", Description: "Revoke Consent answers accno null instead of the account of its path"},
	{Name: "payment-option-code-too-long", Clause: "A-2.5", Rule: "A-2.5#2", Description: "Get Payment Options lists an extra option whose code VISAINSTALL has 11 characters (the limit is S(10))"},
	{Name: "stored-option-validuntiltime-not-a-time", Clause: "A-2.6", Rule: "A-2.6#1", Description: "the stored payment options write validUntilTime, a T, as 23:59:59"},
	{Name: "carrier-number-unmasked", Clause: "A-2.6", Rule: "A-2.6#6", Description: "carrierNumber holds the full card number (4242424242424242) instead of a masked one"},
	{Name: "initadd-channel-reference-unbounded", Clause: "A-4.6", Rule: "A-4.6#3", Description: "Init Add accepts an externalChannelReference longer than 100 characters"},
	{Name: "initadd-accno-a-number", Clause: "A-4.6", Rule: "A-4.6#6", Description: "the Init Add response answers accno, an S(255), as a JSON number"},
	{Name: "initadd-token-too-long", Clause: "A-4.6", Rule: "A-4.6#7", Description: "Init Add issues an authorizationToken of 8193 characters (the limit is S(8192))"},
	{Name: "completeadd-channel-reference-unbounded", Clause: "A-4.7", Rule: "A-4.7#3", Description: "Complete Add accepts an externalChannelReference longer than 100 characters"},
	{Name: "completeadd-paymentoptioncode-a-number", Clause: "A-4.7", Rule: "A-4.7#6", Description: "the Complete Add response answers paymentOptionCode, an S(10), as a JSON number"},
	{Name: "stored-option-not-listed", Clause: "A-4.13", Rule: "A-4.13#4", Description: "Get Stored Payment Options lists no option stored with the profile's payment option code (VISA)"},
	{Name: "initverify-no-accno", Clause: "A-4.8", Rule: "A-4.8#3", Description: "the Init Verify response lacks accno"},
	{Name: "initverify-unknown-option-ok", Clause: "A-4.8", Rule: "A-4.8#4", Description: "Init Verify of a storedPaymentOptionReference the account does not have answers 0000"},
	{Name: "completeverify-no-accno", Clause: "A-4.9", Rule: "A-4.9#5", Description: "the Complete Verify response lacks accno"},
	{Name: "delete-status-202", Clause: "A-4.10", Rule: "A-4.10#1", Description: "Delete answers HTTP 202 instead of 200"},
	{Name: "deleted-option-still-usable", Clause: "A-4.10", Rule: "A-4.10#3", Description: "a deleted stored payment option still pays: Authorize and Init Authorize with its reference succeed"},
	{Name: "delete-no-accno", Clause: "A-4.10", Rule: "A-4.10#4", Description: "the Delete response lacks accno"},
	{Name: "setdefault-no-accno", Clause: "A-4.11", Rule: "A-4.11#6", Description: "the Set Default response lacks accno"},
	{Name: "payment-options-missing-profile-option", Clause: "A-4.12", Rule: "A-4.12#4", Description: "Get Payment Options leaves VISA (the profile's payment option) out of the list"},
	{Name: "payment-options-no-transactiontype", Clause: "A-4.12", Rule: "A-4.12#5", Description: "the Get Payment Options response lacks transactionTypeCode"},
	{Name: "stored-options-no-accno", Clause: "A-4.13", Rule: "A-4.13#3", Description: "the Get Stored Payment Options response lacks accno"},
	{Name: "callback-get", Clause: "A-6", Rule: "A-6#1", Description: "the redirect callback is a GET instead of a POST"},
	{Name: "callback-failure-says-ok", Clause: "A-6", Rule: "A-6#3", Description: "the callback of a payment the customer declined carries paymentResult OK"},
	{Name: "callback-wrong-merchant-id", Clause: "A-6", Rule: "A-6#4", Description: "the redirect callback carries the uniqueReference as merchantTransactionId instead of the value given"},
	{Name: "callback-failure-has-reference", Clause: "A-6", Rule: "A-6#6", Description: "the callback of a payment the customer declined carries unqiueReference"},
	{Name: "declined-payment-captured", Clause: "A-6", Rule: "A-6#7", Description: "a payment the customer declined at the provider reads CAPTURED afterwards"},
	{Name: "payment-reference-too-long", Clause: "B-2.1", Rule: "B-2.1#1", Description: "Init Authorize issues a uniqueReference of 40 characters (the limit is S(36))"},
	{Name: "provider-response-array-everywhere", Clause: "B-2.1", Rule: "B-2.1#5", Description: "Init Authorize answers paymentProviderResponse as an array, which B-2.1 allows only on Complete Authorize, Capture, Refund and Cancel"},
	{Name: "status-countrycode-alpha3", Clause: "B-2.1", Rule: "B-2.1#6", Description: "Get Payment Status answers countryCode with the alpha-3 code (S(2))"},
	{Name: "complete-leaves-received", Clause: "B-3", Rule: "B-3#3", Description: "Complete Authorize answers 0000 but the payment stays RECEIVED (response and Get Payment Status)"},
	{Name: "complete-after-cancel", Clause: "B-3", Rule: "B-3#5", Description: "Complete Authorize of a CANCELLED payment succeeds and authorizes it again"},
	{Name: "authorize-state-received", Clause: "B-3", Rule: "B-3#6", Description: "Authorize answers and stores statusCode RECEIVED instead of AUTHORIZED"},
	{Name: "capture-not-recorded", Clause: "B-3", Rule: "B-3#7", Description: "Capture answers CAPTURED but Get Payment Status still reads AUTHORIZED"},
	{Name: "cancel-not-recorded", Clause: "B-3", Rule: "B-3#12", Description: "Cancel answers CANCELLED but Get Payment Status still reads AUTHORIZED"},
	{Name: "cancel-from-received", Clause: "B-3", Rule: "B-3#13", Description: "Cancel of a RECEIVED payment succeeds (CANCELLED)"},
	{Name: "capture-twice-loads-again", Clause: "B-3", Rule: "B-3#17", Description: "Capture of a CAPTURED payment answers 0000 and loads the wallet a second time"},
	{Name: "initauth-no-option-accepted", Clause: "B-4.1", Rule: "B-4.1#6", Description: "Init Authorize with neither storedPaymentOptionReference nor paymentOptionCode is accepted (the first option of the catalogue is used)"},
	{Name: "customer-payment-no-owner-address", Clause: "B-4.1", Rule: "B-4.1#11", Description: "a customer-initiated Init Authorize with useDifferentBillingAddress false keeps no address: Get Payment Status shows null address fields"},
	{Name: "initauth-paymentoptioncode-a-number", Clause: "B-4.1", Rule: "B-4.1#12", Description: "the Init Authorize response answers paymentOptionCode, an S(10), as a JSON number"},
	{Name: "complete-channel-reference-unbounded", Clause: "B-4.2", Rule: "B-4.2#4", Description: "Complete Authorize accepts an externalChannelReference longer than 100 characters"},
	{Name: "complete-countrycode3-a-number", Clause: "B-4.2", Rule: "B-4.2#5", Description: "the Complete Authorize response answers initiationCountryCode3, an S(3), as a JSON number"},
	{Name: "authorize-usage-unbounded", Clause: "B-4.3", Rule: "B-4.3#3", Description: "Authorize accepts a presentationUsage longer than 127 characters"},
	{Name: "authorize-ignores-option-billing", Clause: "B-4.3", Rule: "B-4.3#6", Description: "Authorize with useDifferentBillingAddress false uses the account owner's address, not the stored option's billing address"},
	{Name: "authorize-invoicereference-a-number", Clause: "B-4.3", Rule: "B-4.3#7", Description: "the Authorize response answers invoiceReference, an S(255), as a JSON number"},
	{Name: "capture-usage-unbounded", Clause: "B-4.4", Rule: "B-4.4#3", Description: "Capture accepts a modifiedUsage longer than 127 characters"},
	{Name: "capture-currcode-a-number", Clause: "B-4.4", Rule: "B-4.4#6", Description: "the Capture response answers modifiedAmountCurrCode, an S(3), as a JSON number"},
	{Name: "refund-type-unbounded", Clause: "B-4.5", Rule: "B-4.5#3", Description: "Refund accepts a refundType longer than one character"},
	{Name: "refund-source-not-checked", Clause: "B-4.5", Rule: "B-4.5#8", Description: "Refund accepts a refundSourceAccno that is no target account of the payment"},
	{Name: "refund-currcode-a-number", Clause: "B-4.5", Rule: "B-4.5#9", Description: "the Refund response answers refundCurrCode, an S(3), as a JSON number"},
	{Name: "cancel-custom-unbounded", Clause: "B-4.6", Rule: "B-4.6#3", Description: "Cancel accepts a custom1 longer than 255 characters"},
	{Name: "cancel-initiatoraccno-a-number", Clause: "B-4.6", Rule: "B-4.6#4", Description: "the Cancel response answers initiatorAccno, an S(255), as a JSON number"},
	{Name: "payment-status-countrycode3-a-number", Clause: "B-4.7", Rule: "B-4.7#3", Description: "the Get Payment Status response answers countryCode3, an S(3), as a JSON number"},
	{Name: "add-consent-otp-unbounded", Clause: "B-4.8", Rule: "B-4.8#3", Description: "Add Consent's oneTimePassword may have nine characters (S(8)); the first eight are checked"},
	{Name: "add-consent-no-accno", Clause: "B-4.8", Rule: "B-4.8#4", Description: "the Add Consent response lacks accno"},
	{Name: "revoke-otp-unbounded", Clause: "B-4.9", Rule: "B-4.9#3", Description: "Revoke Consent's oneTimePassword may have nine digits (N(8)); the first eight are checked"},
	{Name: "revoke-no-accno", Clause: "B-4.9", Rule: "B-4.9#4", Description: "the Revoke Consent response lacks accno"},
	{Name: "unknown-consent-revoke-ok", Clause: "B-4.9", Rule: "B-4.9#5", Description: "Revoke Consent of a consentReference the account does not have answers 0000 and CNSTRVKD"},

	// Added by issue 32: the money half of B-3#15 in the feature suite.
	{Name: "refused-load-refund-books-money", Clause: "B-3", Rule: "B-3#15", Description: "a Refund of an authorized (never captured) payment with accno is refused, but loads the wallet with the amount all the same"},
}

// paymentSpecChanges adjusts the request fields of the area's operations for
// its mutants (a length no longer enforced, a rule no longer held) and
// variants. It is called from specMutations once per operation.
func (h *handler) paymentSpecChanges(op string, s fieldSpec) fieldSpec {
	for _, m := range []struct {
		on        bool
		op, field string
		max       int
	}{
		{h.mutant("initadd-channel-reference-unbounded"), schemas.InitAddStoredPaymentOption, "externalChannelReference", unbounded},
		{h.mutant("completeadd-channel-reference-unbounded"), schemas.CompleteAddStoredPaymentOption, "externalChannelReference", unbounded},
		{h.mutant("complete-channel-reference-unbounded"), schemas.CompleteAuthorize, "externalChannelReference", unbounded},
		{h.mutant("authorize-usage-unbounded"), schemas.Authorize, "presentationUsage", unbounded},
		{h.mutant("capture-usage-unbounded"), schemas.Capture, "modifiedUsage", unbounded},
		{h.mutant("refund-type-unbounded"), schemas.Refund, "refundType", unbounded},
		{h.mutant("cancel-custom-unbounded"), schemas.Cancel, "custom1", unbounded},
		{h.mutant("add-consent-otp-unbounded"), schemas.AddConsent, "oneTimePassword", 9},
		{h.mutant("revoke-otp-unbounded"), schemas.RevokeConsent, "oneTimePassword", 9},
		// A variant, not a fault: a verificationCode of more than six
		// digits is answered as a wrong code by the handler (completeVerify).
		{h.variant("verification-code-format-wrong-code"), schemas.CompleteVerifyStoredPaymentOption, "verificationCode", unbounded},
	} {
		if m.on && m.op == op {
			s.update(m.field, func(f *field) { f.max = m.max })
		}
	}
	for i, r := range s.rules {
		if r.ifAbsent == "storedPaymentOptionReference" && op == schemas.InitAuthorize && len(r.fields) == 1 && r.fields[0] == "paymentOptionCode" && h.mutant("initauth-no-option-accepted") {
			s.rules[i].fields = nil
		}
	}
	return s
}

// withPaymentFaults wraps the handlers of ops so that the mutants which
// change what a successful answer carries (a listed field missing, another
// success status) act on them.
func withPaymentFaults(ops []operation) []operation {
	for i := range ops {
		id, run := ops[i].id, ops[i].run
		ops[i].run = func(h *handler, c *call) reply { return h.paymentReplyFaults(id, run(h, c)) }
	}
	return ops
}

// paymentReplyFaults applies the reply mutants of operation op to a
// successful reply.
func (h *handler) paymentReplyFaults(op string, rep reply) reply {
	if rep.code != "0000" {
		return rep
	}
	for _, m := range []struct {
		on        bool
		op, field string
	}{
		{h.mutant("initverify-no-accno"), schemas.InitVerifyStoredPaymentOption, "accno"},
		{h.mutant("completeverify-no-accno"), schemas.CompleteVerifyStoredPaymentOption, "accno"},
		{h.mutant("delete-no-accno"), schemas.DeleteStoredPaymentOption, "accno"},
		{h.mutant("setdefault-no-accno"), schemas.SetDefaultStoredPaymentOption, "accno"},
		{h.mutant("payment-options-no-transactiontype"), schemas.GetPaymentOptions, "transactionTypeCode"},
		{h.mutant("stored-options-no-accno"), schemas.GetStoredPaymentOptions, "accno"},
		{h.mutant("add-consent-no-accno"), schemas.AddConsent, "accno"},
		{h.mutant("revoke-no-accno"), schemas.RevokeConsent, "accno"},
	} {
		if m.on && m.op == op {
			delete(rep.fields, m.field)
		}
	}
	// The listed fields these mutants answer as a JSON number are strings
	// (S(n)) wherever present.
	for _, m := range []struct {
		on        bool
		op, field string
	}{
		{h.mutant("initadd-accno-a-number"), schemas.InitAddStoredPaymentOption, "accno"},
		{h.mutant("completeadd-paymentoptioncode-a-number"), schemas.CompleteAddStoredPaymentOption, "paymentOptionCode"},
		{h.mutant("initauth-paymentoptioncode-a-number"), schemas.InitAuthorize, "paymentOptionCode"},
		{h.mutant("complete-countrycode3-a-number"), schemas.CompleteAuthorize, "initiationCountryCode3"},
		{h.mutant("authorize-invoicereference-a-number"), schemas.Authorize, "invoiceReference"},
		{h.mutant("capture-currcode-a-number"), schemas.Capture, "modifiedAmountCurrCode"},
		{h.mutant("refund-currcode-a-number"), schemas.Refund, "refundCurrCode"},
		{h.mutant("cancel-initiatoraccno-a-number"), schemas.Cancel, "initiatorAccno"},
		{h.mutant("payment-status-countrycode3-a-number"), schemas.GetPaymentStatus, "countryCode3"},
	} {
		if m.on && m.op == op {
			rep.fields[m.field] = 4711
		}
	}
	for _, m := range []struct {
		on    bool
		op    string
		accno any
	}{
		{h.mutant("initverify-accno-null"), schemas.InitVerifyStoredPaymentOption, nil},
		{h.mutant("completeverify-accno-null"), schemas.CompleteVerifyStoredPaymentOption, nil},
		{h.mutant("delete-accno-of-merchant"), schemas.DeleteStoredPaymentOption, h.cfg.MerchantAccno},
		{h.mutant("setdefault-accno-null"), schemas.SetDefaultStoredPaymentOption, nil},
		{h.mutant("payment-options-accno-of-merchant"), schemas.GetPaymentOptions, h.cfg.MerchantAccno},
		{h.mutant("stored-options-accno-null"), schemas.GetStoredPaymentOptions, nil},
		{h.mutant("add-consent-accno-of-merchant"), schemas.AddConsent, h.cfg.MerchantAccno},
		{h.mutant("revoke-accno-null"), schemas.RevokeConsent, nil},
	} {
		if m.on && m.op == op {
			rep.fields["accno"] = m.accno
		}
	}
	if h.mutant("delete-status-202") && op == schemas.DeleteStoredPaymentOption {
		rep.status = http.StatusAccepted
	}
	return rep
}
