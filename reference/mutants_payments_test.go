package reference

import (
	"encoding/json"
	"maps"
	"net/http"
	"strings"
	"testing"

	"github.com/shopspring/decimal"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tidwall/gjson"
)

// The probes of the payment area's mutants added by the rule traceability
// (issue 15); TestMutantsAreObservable runs them with the others. The
// probes of the payment variants join the others' (variantProbes).
func init() {
	maps.Copy(mutantProbes, paymentProbes)
	maps.Copy(variantProbes, paymentVariantProbes)
}

// storedRef stores a VISA option on a new account and returns both.
func (c *client) storedRef() (accno, ref string) {
	c.t.Helper()
	accno = c.newAccount()
	return accno, c.addOption(accno, "VISA")
}

// verifiedReply runs Init Verify and then Complete Verify of a new option
// (an Init Verify first, since the Alternative personality refuses a
// Complete Verify without it).
func (c *client) verifiedReply(overrides map[string]any) response {
	c.t.Helper()
	accno, ref := c.storedRef()
	c.initVerify(accno, ref, nil)
	return c.completeVerify(accno, ref, overrides)
}

// redirected triggers the sandbox redirect of a new received payment to a
// fresh merchant sink and returns the payment's reference and the callback.
func (c *client) redirected(outcome string) (string, callback) {
	c.t.Helper()
	merchant := newSink(c.t)
	ref, _ := c.receivedPayment(nil)
	c.redirectPayment(ref, map[string]any{"callBackUrl": merchant.URL, "outcome": outcome})
	return ref, merchant.last()
}

// differentlyBilledOption stores a VISA option with the billing address of
// differentBilling (Anna Schmidt) on a new account.
func (c *client) differentlyBilledOption() string {
	c.t.Helper()
	accno := c.newAccount()
	token := c.authorization(accno, differentBilling(nil))
	r := c.completeAdd(accno, merge(map[string]any{"authorizationToken": token}, differentBilling(nil)))
	require.Equal(c.t, "0000", r.code(), r.raw)
	return r.json.Get("storedPaymentOptionReference").String()
}

var paymentProbes = map[string]func(c *client) bool{
	"payment-option-iconurl-a-number": func(c *client) bool {
		return c.paymentOptions(c.newAccount(), nil).json.Get("paymentOptions.0.iconUrl").Type == gjson.Number
	},
	"payment-option-iconurl-not-a-url": func(c *client) bool {
		return strings.Contains(c.paymentOptions(c.newAccount(), nil).json.Get("paymentOptions.0.iconUrl").String(), " ")
	},
	"payment-option-code-too-long": func(c *client) bool {
		for _, o := range c.paymentOptions(c.newAccount(), nil).json.Get("paymentOptions").Array() {
			if len(o.Get("code").String()) > 10 {
				return true
			}
		}
		return false
	},
	"stored-option-validuntiltime-not-a-time": func(c *client) bool {
		return c.storedOption(c.storedRef()).Get("validUntilTime").String() == "23:59:59"
	},
	"carrier-number-unmasked": func(c *client) bool {
		return c.storedOption(c.storedRef()).Get("carrierNumber").String() == "4242424242424242"
	},
	"initadd-channel-reference-unbounded": func(c *client) bool {
		return c.initAdd(c.newAccount(), map[string]any{"externalChannelReference": strings.Repeat("c", 101)}).code() == "0000"
	},
	"initadd-accno-a-number": func(c *client) bool {
		return c.initAdd(c.newAccount(), nil).json.Get("accno").Type == gjson.Number
	},
	"initadd-token-too-long": func(c *client) bool {
		return len(c.initAdd(c.newAccount(), nil).json.Get("authorizationToken").String()) > 8192
	},
	"completeadd-channel-reference-unbounded": func(c *client) bool {
		accno := c.newAccount()
		return c.completeAdd(accno, map[string]any{"authorizationToken": c.authorization(accno, nil), "externalChannelReference": strings.Repeat("c", 101)}).code() == "0000"
	},
	"completeadd-paymentoptioncode-a-number": func(c *client) bool {
		accno := c.newAccount()
		return c.completeAdd(accno, map[string]any{"authorizationToken": c.authorization(accno, nil)}).json.Get("paymentOptionCode").Type == gjson.Number
	},
	"stored-option-not-listed": func(c *client) bool {
		return !c.storedOption(c.storedRef()).Exists()
	},
	"initverify-no-accno": func(c *client) bool {
		accno, ref := c.storedRef()
		return !c.initVerify(accno, ref, nil).json.Get("accno").Exists()
	},
	"initverify-unknown-option-ok": func(c *client) bool {
		return c.initVerify(c.newAccount(), "no-such-option", nil).code() == "0000"
	},
	"completeverify-no-accno": func(c *client) bool {
		return !c.verifiedReply(nil).json.Get("accno").Exists()
	},
	"delete-status-202": func(c *client) bool {
		accno, ref := c.storedRef()
		return c.deleteOption(accno, ref, nil).status != http.StatusOK
	},
	"deleted-option-still-usable": func(c *client) bool {
		accno, ref := c.storedRef()
		c.deleteOption(accno, ref, nil)
		return c.authorizePayment(ref, nil).code() == "0000"
	},
	"delete-no-accno": func(c *client) bool {
		accno, ref := c.storedRef()
		return !c.deleteOption(accno, ref, nil).json.Get("accno").Exists()
	},
	"stored-options-of-every-account": func(c *client) bool {
		_, foreign := c.storedRef()
		accno, _ := c.storedRef()
		for _, o := range c.storedOptions(accno, nil).json.Get("paymentOptions").Array() {
			if o.Get("reference").String() == foreign {
				return true
			}
		}
		return false
	},
	"status-amount-captured-part": func(c *client) bool {
		ref := c.authorizedPayment()
		c.capture(ref, map[string]any{"modifiedAmount": json.Number("10.00")})
		return c.paymentStatus(ref, nil).json.Get("presentationAmount").Float() != 100
	},
	// accno of the response is the account of the path (issue 23).
	"initverify-accno-null": func(c *client) bool {
		accno, ref := c.storedRef()
		return c.initVerify(accno, ref, nil).json.Get("accno").String() != accno
	},
	"completeverify-accno-null": func(c *client) bool {
		r := c.verifiedReply(nil)
		return r.json.Get("accno").Type != gjson.String
	},
	"delete-accno-of-merchant": func(c *client) bool {
		accno, ref := c.storedRef()
		return c.deleteOption(accno, ref, nil).json.Get("accno").String() != accno
	},
	"setdefault-accno-null": func(c *client) bool {
		accno, ref := c.storedRef()
		return c.setDefault(accno, ref, nil).json.Get("accno").String() != accno
	},
	"payment-options-accno-of-merchant": func(c *client) bool {
		accno := c.newAccount()
		return c.paymentOptions(accno, nil).json.Get("accno").String() != accno
	},
	"stored-options-accno-null": func(c *client) bool {
		accno, _ := c.storedRef()
		return c.storedOptions(accno, nil).json.Get("accno").String() != accno
	},
	"add-consent-accno-of-merchant": func(c *client) bool {
		accno := c.newAccount()
		return c.addConsent(accno, nil).json.Get("accno").String() != accno
	},
	"revoke-accno-null": func(c *client) bool {
		accno := c.newAccount()
		return c.revokeConsent(accno, c.consentRef(accno), nil).json.Get("accno").String() != accno
	},
	"setdefault-no-accno": func(c *client) bool {
		accno, ref := c.storedRef()
		return !c.setDefault(accno, ref, nil).json.Get("accno").Exists()
	},
	"payment-options-missing-profile-option": func(c *client) bool {
		return !c.paymentOptions(c.newAccount(), nil).json.Get(`paymentOptions.#(code=="VISA")`).Exists()
	},
	"payment-options-no-transactiontype": func(c *client) bool {
		return !c.paymentOptions(c.newAccount(), nil).json.Get("transactionTypeCode").Exists()
	},
	"stored-options-no-accno": func(c *client) bool {
		return !c.storedOptions(c.newAccount(), nil).json.Get("accno").Exists()
	},
	"callback-get": func(c *client) bool {
		_, cb := c.redirected("completed")
		return cb.method != http.MethodPost
	},
	"callback-failure-says-ok": func(c *client) bool {
		_, cb := c.redirected("declined")
		return cb.query.Get("paymentResult") == "OK"
	},
	"callback-wrong-merchant-id": func(c *client) bool {
		_, cb := c.redirected("completed")
		return cb.query.Get("merchantTransactionId") != "mtx-1"
	},
	"callback-failure-has-reference": func(c *client) bool {
		_, cb := c.redirected("declined")
		return cb.query.Has("unqiueReference")
	},
	"declined-payment-captured": func(c *client) bool {
		ref, _ := c.redirected("declined")
		return c.statusOf(ref) == "CAPTURED"
	},
	"payment-reference-too-long": func(c *client) bool {
		return len(c.initAuthorize(nil).json.Get("uniqueReference").String()) > 36
	},
	"provider-response-array-everywhere": func(c *client) bool {
		return c.initAuthorize(nil).json.Get("paymentProviderResponse").IsArray()
	},
	"status-countrycode-alpha3": func(c *client) bool {
		ref, _ := c.receivedPayment(nil)
		return len(c.paymentStatus(ref, nil).json.Get("countryCode").String()) > 2
	},
	"complete-leaves-received": func(c *client) bool {
		return c.statusOf(c.authorizedPayment()) != "AUTHORIZED"
	},
	"complete-after-cancel": func(c *client) bool {
		ref, token := c.receivedPayment(nil)
		c.completeAuthorize(ref, token, nil)
		c.cancelPayment(ref, nil)
		return c.completeAuthorize(ref, token, nil).code() == "0000"
	},
	"authorize-state-received": func(c *client) bool {
		_, ref := c.storedRef()
		return c.authorizePayment(ref, nil).json.Get("statusCode").String() != "AUTHORIZED"
	},
	"capture-not-recorded": func(c *client) bool {
		return c.statusOf(c.capturedPayment()) != "CAPTURED"
	},
	"cancel-not-recorded": func(c *client) bool {
		return c.statusOf(c.cancelledPayment()) != "CANCELLED"
	},
	"cancel-from-received": func(c *client) bool {
		ref, _ := c.receivedPayment(nil)
		return c.cancelPayment(ref, nil).code() == "0000"
	},
	"capture-twice-loads-again": func(c *client) bool {
		return c.capture(c.capturedPayment(), nil).code() == "0000"
	},
	"initauth-no-option-accepted": func(c *client) bool {
		return c.initAuthorize(map[string]any{"paymentOptionCode": absent}).code() == "0000"
	},
	"customer-payment-no-owner-address": func(c *client) bool {
		_, stored := c.storedRef()
		r := c.initAuthorize(customerInit(stored, nil))
		return c.paymentStatus(r.json.Get("uniqueReference").String(), nil).json.Get("customerFullName").String() == ""
	},
	"initauth-paymentoptioncode-a-number": func(c *client) bool {
		return c.initAuthorize(nil).json.Get("paymentOptionCode").Type == gjson.Number
	},
	"complete-channel-reference-unbounded": func(c *client) bool {
		ref, token := c.receivedPayment(nil)
		return c.completeAuthorize(ref, token, map[string]any{"externalChannelReference": strings.Repeat("c", 101)}).code() == "0000"
	},
	"complete-countrycode3-a-number": func(c *client) bool {
		ref, token := c.receivedPayment(nil)
		return c.completeAuthorize(ref, token, nil).json.Get("initiationCountryCode3").Type == gjson.Number
	},
	"authorize-usage-unbounded": func(c *client) bool {
		_, ref := c.storedRef()
		return c.authorizePayment(ref, map[string]any{"presentationUsage": strings.Repeat("u", 128)}).code() == "0000"
	},
	"authorize-ignores-option-billing": func(c *client) bool {
		r := c.authorizePayment(c.differentlyBilledOption(), nil)
		return c.paymentStatus(r.json.Get("uniqueReference").String(), nil).json.Get("customerFullName").String() != "Anna Schmidt"
	},
	"authorize-invoicereference-a-number": func(c *client) bool {
		_, ref := c.storedRef()
		return c.authorizePayment(ref, nil).json.Get("invoiceReference").Type == gjson.Number
	},
	"capture-usage-unbounded": func(c *client) bool {
		return c.capture(c.authorizedPayment(), map[string]any{"modifiedUsage": strings.Repeat("u", 128)}).code() == "0000"
	},
	"capture-currcode-a-number": func(c *client) bool {
		return c.capture(c.authorizedPayment(), nil).json.Get("modifiedAmountCurrCode").Type == gjson.Number
	},
	"refund-type-unbounded": func(c *client) bool {
		return c.refund(c.capturedPayment(), map[string]any{"refundType": "AB"}).code() == "0000"
	},
	"refund-source-not-checked": func(c *client) bool {
		return c.refund(c.capturedPayment(), map[string]any{"refundSourceAccno": "123456789012"}).code() == "0000"
	},
	"refund-currcode-a-number": func(c *client) bool {
		return c.refund(c.capturedPayment(), nil).json.Get("refundCurrCode").Type == gjson.Number
	},
	"cancel-custom-unbounded": func(c *client) bool {
		return c.cancelPayment(c.authorizedPayment(), map[string]any{"custom1": strings.Repeat("x", 256)}).code() == "0000"
	},
	"cancel-initiatoraccno-a-number": func(c *client) bool {
		return c.cancelPayment(c.authorizedPayment(), nil).json.Get("initiatorAccno").Type == gjson.Number
	},
	"payment-status-countrycode3-a-number": func(c *client) bool {
		ref, _ := c.receivedPayment(nil)
		return c.paymentStatus(ref, nil).json.Get("countryCode3").Type == gjson.Number
	},
	"add-consent-otp-unbounded": func(c *client) bool {
		return c.addConsent(c.newAccount(), map[string]any{"oneTimePassword": c.cfg.OneTimePassword + "9"}).code() == "0000"
	},
	"add-consent-no-accno": func(c *client) bool {
		return !c.addConsent(c.newAccount(), nil).json.Get("accno").Exists()
	},
	"revoke-otp-unbounded": func(c *client) bool {
		accno := c.newAccount()
		return c.revokeConsent(accno, c.consentRef(accno), map[string]any{"oneTimePassword": c.cfg.OneTimePassword + "9"}).code() == "0000"
	},
	"revoke-no-accno": func(c *client) bool {
		accno := c.newAccount()
		return !c.revokeConsent(accno, c.consentRef(accno), nil).json.Get("accno").Exists()
	},
	"unknown-consent-revoke-ok": func(c *client) bool {
		return c.revokeConsent(c.newAccount(), "no-such-consent", nil).code() == "0000"
	},
}

// paymentVariantProbes observe each payment variant's choice: a probe reports
// true when the server makes it. Each must be false on the Standard server
// (TestEveryVariantIsObservable).
var paymentVariantProbes = map[string]func(c *client) bool{
	"initverify-programcode-null": func(c *client) bool {
		accno, ref := c.storedRef()
		p := c.initVerify(accno, ref, nil).json.Get("programCode")
		return p.Exists() && p.Type == gjson.Null
	},
	"payment-option-groups-null": func(c *client) bool {
		g := c.paymentOptions(c.newAccount(), nil).json.Get("paymentOptions.0.paymentSubGroup")
		return g.Exists() && g.Type == gjson.Null
	},
	"bankcode-null": func(c *client) bool {
		o := c.storedOption(c.storedRef())
		return o.Get("bankCode").Exists() && o.Get("bankCode").Type == 0
	},
	"billing-address-upper-case": func(c *client) bool {
		return c.storedOption(c.storedRef()).Get("billingAddress.city").String() == "BERLIN"
	},
	"verification-code-format-wrong-code": func(c *client) bool {
		r := c.verifiedReply(map[string]any{"verificationCode": c.cfg.VerificationCode + "9"})
		return r.code() != "0001" && r.code() != "0000"
	},
	"delete-idempotent": func(c *client) bool {
		accno, ref := c.storedRef()
		c.deleteOption(accno, ref, nil)
		twice := c.deleteOption(accno, ref, nil).code() == "0000"
		return twice && !c.storedOption(accno, ref).Exists() && c.deleteOption(accno, "never-stored", nil).code() != "0000"
	},
	"acquirer-converts-currency": func(c *client) bool {
		ref, token := c.receivedPayment(nil)
		r := c.completeAuthorize(ref, token, nil)
		return r.json.Get("processedCurrCode").String() == "USD" && r.json.Get("processedAmount").Raw == "108.50"
	},
	"cancel-voids-capture": func(c *client) bool {
		ref := c.capturedPayment()
		return c.cancelPayment(ref, nil).code() == "0000" && c.statusOf(ref) == "CANCELLED"
	},
	"repeat-answers-again": func(c *client) bool {
		ref := c.capturedPayment()
		r := c.capture(ref, nil)
		return r.code() == "0000" && r.json.Get("statusCode").String() == "CAPTURED" && c.statusOf(ref) == "CAPTURED"
	},
	"refunds-bounded-per-call": func(c *client) bool {
		ref := c.capturedPayment()
		c.refund(ref, map[string]any{"refundAmount": json.Number("60.00")})
		return c.refund(ref, map[string]any{"refundAmount": json.Number("60.00")}).code() == "0000"
	},
	// The load is not booked when the Capture answers (it is, 150 ms later).
	"load-settles-later": func(c *client) bool {
		return decimal.RequireFromString(c.balancesOf(c.fundedWallet("10.00")).bk).IsZero()
	},
	"declined-callback-names-payment": func(c *client) bool {
		ref, cb := c.redirected("declined")
		return cb.query.Get("uniqueReference") == ref && !cb.query.Has("unqiueReference")
	},
	// A specimen name and a documentation domain are refused, naming
	// them; a plausible guest at a .test domain is accepted.
	"guest-data-plausibility-checked": func(c *client) bool {
		r := c.initAuthorize(map[string]any{"customerFullName": "Erika Mustermann", "emailAddress": "erika@example.com"})
		plausible := c.initAuthorize(map[string]any{"emailAddress": "gina@wallet-conformance.test"})
		return r.code() == "0012" && strings.HasSuffix(r.json.Get("responseDescription").String(), "customerFullName, emailAddress") && plausible.code() == "0000"
	},
	// Any guest but the sandbox's own is refused; its own is accepted.
	"guest-data-known-customers-only": func(c *client) bool {
		known := map[string]any{"customerFullName": "Jana Novakova", "emailAddress": "jana-1@customers.sandbox.test",
			"addr1": "Vinohradska", "houseNumber": "12", "city": "Praha", "postCode": "120 00", "countryCode": "CZ"}
		return c.initAuthorize(nil).code() == "0012" && c.initAuthorize(known).code() == "0000"
	},
	"unverified-option-cannot-pay": func(c *client) bool {
		_, ref := c.storedRef()
		return c.authorizePayment(ref, nil).code() != "0000"
	},
	// Listed without a transaction type, left out of the listing for AUTH
	// until verified.
	"stored-options-filter-unverified": func(c *client) bool {
		accno, ref := c.storedRef()
		forAuth := c.storedOptions(accno, map[string]any{"transactionTypeCode": "AUTH"}).json.Get(`paymentOptions.#(reference==` + gjsonString(ref) + `)`)
		return c.storedOption(accno, ref).Exists() && !forAuth.Exists()
	},
	"one-option-per-code": func(c *client) bool {
		accno := c.newAccount()
		c.addOption(accno, "VISA")
		second := c.completeAdd(accno, map[string]any{"authorizationToken": c.authorization(accno, nil)})
		return second.code() != "0000" && c.addOption(accno, "MC") != ""
	},
	"payment-status-text-normalised": func(c *client) bool {
		ref, _ := c.receivedPayment(map[string]any{"presentationUsage": "  Order   4711 ", "customerFullName": "Max  Beispiel"})
		j := c.paymentStatus(ref, nil).json
		return j.Get("presentationUsage").String() == "Order 4711" && j.Get("customerFullName").String() == "MAX BEISPIEL"
	},
	// A second consent while the first is confirmed is refused; once it is
	// revoked, another is added.
	"one-consent-per-account": func(c *client) bool {
		accno := c.newAccount()
		first := c.consentRef(accno)
		if c.addConsent(accno, nil).code() == "0000" {
			return false
		}
		c.revokeConsent(accno, first, nil)
		return c.addConsent(accno, nil).code() == "0000"
	},
}

// A repeat of a move under repeat-answers-again loads no wallet twice.
func TestRepeatedCaptureLoadsOnce(t *testing.T) {
	t.Parallel()
	cfg := DefaultConfig()
	cfg.Variants = []string{"repeat-answers-again"}
	c := start(t, cfg)
	accno := c.newAccount()
	ref, token := c.receivedPayment(map[string]any{"accno": accno, "accnoType": "00"})
	require.Equal(t, "0000", c.completeAuthorize(ref, token, nil).code())
	require.Equal(t, "0000", c.capture(ref, nil).code())
	before := c.balancesOf(accno)
	require.Equal(t, "0000", c.capture(ref, nil).code())
	assert.Equal(t, before, c.balancesOf(accno))
}
