package reference

import (
	"encoding/json"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/tidwall/gjson"
)

func TestMutantTable(t *testing.T) {
	t.Parallel()
	seen := map[string]bool{}
	for _, m := range slices.Concat(Mutants(), ExplorationMutants()) {
		assert.Regexp(t, `^[a-z0-9]+(-[a-z0-9]+)*$`, m.Name)
		assert.Regexp(t, `^[AB]-\d+(\.\d+)?$`, m.Clause, m.Name)
		assert.NotEmpty(t, m.Description, m.Name)
		assert.False(t, seen[m.Name], "duplicate mutant %s", m.Name)
		seen[m.Name] = true

		cfg := DefaultConfig()
		cfg.Mutant = m.Name
		_, err := NewHandler(cfg)
		assert.NoError(t, err, m.Name)
	}

	cfg := DefaultConfig()
	cfg.Mutant = "no-such-mutant"
	_, err := NewHandler(cfg)
	assert.Error(t, err)
	_, err = New(cfg)
	assert.Error(t, err)

	// Mutants returns a copy: callers cannot change the table.
	Mutants()[0].Name = "changed"
	assert.Equal(t, "envelope-no-systime", Mutants()[0].Name)
}

// TestMutantsReferenced checks that every mutant of the table is used by the
// code through h.mutant("name"), and that the code names no other mutant.
func TestMutantsReferenced(t *testing.T) {
	t.Parallel()
	used := namesCalled(t, "mutant")
	for _, m := range slices.Concat(Mutants(), ExplorationMutants(), CleanroomMutants()) {
		if _, generated := contractMutants().byName[m.Name]; generated {
			continue // applied by contractSpecMutation and contractReply
		}
		assert.True(t, used[m.Name], "mutant %s is never checked in the code", m.Name)
		delete(used, m.Name)
	}
	assert.Empty(t, used, "code checks mutants missing from the table")
}

// mutantProbes observe each mutant's fault: a probe reports true when the
// server breaks the mutant's rule. Each must be false on a conforming server.
var mutantProbes = map[string]func(c *client) bool{
	"envelope-no-systime": func(c *client) bool {
		return !c.issue(c.cfg.Password).json.Get("sysTime").Exists()
	},
	"envelope-localdate-not-echoed": func(c *client) bool {
		return c.issue(c.cfg.Password).json.Get("localDate").String() != testLocalDate
	},
	"envelope-partnerreference-not-echoed": func(c *client) bool {
		return !c.create(nil).json.Get("partnerReference").Exists()
	},
	"responsecode-numeric": func(c *client) bool {
		return c.issue(c.cfg.Password).json.Get("responseCode").Raw != `"0000"`
	},
	"create-state-pending": func(c *client) bool {
		return c.create(nil).json.Get("statusCode").String() != "ACTIVE"
	},
	"close-state-active": func(c *client) bool {
		return c.close(c.newAccount(), nil).json.Get("statusCode").String() != "CLOSED"
	},
	"closed-account-usable": func(c *client) bool {
		accno := c.newAccount()
		c.close(accno, nil)
		return c.update(accno, nil).code() == "0000"
	},
	"missing-field-http-200": func(c *client) bool {
		return c.create(map[string]any{"city": absent}).status != http.StatusBadRequest
	},
	"missing-field-unnamed": func(c *client) bool {
		r := c.create(map[string]any{"city": absent})
		return !strings.Contains(r.json.Get("responseDescription").String(), "city")
	},
	"wrong-type-accepted": func(c *client) bool {
		return c.create(map[string]any{"useDifferentCorrespondenceAddress": "false"}).code() != "0001"
	},
	"invalid-date-accepted": func(c *client) bool {
		return c.create(map[string]any{"dob": "1990-13-01"}).code() != "0001"
	},
	"auth-missing-token-accepted": func(c *client) bool {
		accno := c.newAccount()
		return c.do(http.MethodGet, "/account/"+accno+c.getQuery(nil), nil, "").code() != "0096"
	},
	"auth-invalid-token-accepted": func(c *client) bool {
		return c.do(http.MethodPut, "/account", c.createBody(nil), "forged").code() != "0096"
	},
	"token-validuntil-no-millis": func(c *client) bool {
		return len(c.issue(c.cfg.Password).json.Get("validUntil").String()) != 24
	},
	"token-wrong-password-accepted": func(c *client) bool {
		return c.issue("guess").code() == "0000"
	},
	"get-absent-omitted": func(c *client) bool {
		return !c.get(c.newAccount(), nil).json.Get("addr2").Exists()
	},
	"get-not-reflecting-create": func(c *client) bool {
		return c.get(c.newAccount(), nil).json.Get("firstName").String() != "Max"
	},
	"get-cuts-firstname": func(c *client) bool {
		return c.get(c.newAccount(), nil).json.Get("firstName").String() != "Max"
	},
	"update-not-applied": func(c *client) bool {
		accno := c.newAccount()
		c.update(accno, nil)
		return c.get(accno, nil).json.Get("firstName").String() != "Erika"
	},
	"maxlength-too-short": func(c *client) bool {
		return c.create(map[string]any{"lastName": strings.Repeat("y", 80)}).code() != "0000"
	},
	"malformed-json-500": func(c *client) bool {
		r := c.do(http.MethodPut, "/account", `{"lastName":`, c.auth())
		return r.status != http.StatusBadRequest || r.code() != "0001"
	},
	"close-no-dateclosed": func(c *client) bool {
		return !c.close(c.newAccount(), nil).json.Get("dateClosed").Exists()
	},
	"completeadd-reference-too-long": func(c *client) bool {
		return len(c.addOption(c.newAccount(), "VISA")) > 36
	},
	"completeadd-country-alpha3": func(c *client) bool {
		accno := c.newAccount()
		r := c.completeAdd(accno, map[string]any{"authorizationToken": c.authorization(accno, nil)})
		return len(r.json.Get("initiationCountryCode").String()) != 2
	},
	"completeadd-token-not-checked": func(c *client) bool {
		return c.completeAdd(c.newAccount(), map[string]any{"authorizationToken": "spt_forged"}).code() == "0000"
	},
	"owner-address-not-used": func(c *client) bool {
		accno := c.newAccount()
		return c.storedOption(accno, c.addOption(accno, "VISA")).Get("billingAddress.city").String() != "Berlin"
	},
	"given-billing-address-not-stored": func(c *client) bool {
		accno := c.newAccount()
		token := c.authorization(accno, differentBilling(nil))
		r := c.completeAdd(accno, differentBilling(map[string]any{"authorizationToken": token}))
		if r.code() != "0000" {
			return true
		}
		return c.storedOption(accno, r.json.Get("storedPaymentOptionReference").String()).Get("billingAddress.city").String() != "Wien"
	},
	"stored-option-billingaddress-a-string": func(c *client) bool {
		accno := c.newAccount()
		return c.storedOption(accno, c.addOption(accno, "VISA")).Get("billingAddress").Type == gjson.String
	},
	"stored-option-expiry-as-string": func(c *client) bool {
		accno := c.newAccount()
		o := c.storedOption(accno, c.addOption(accno, "VISA"))
		return o.Get("expiryMonth").Type != gjson.Number || o.Get("expiryYear").Type != gjson.Number
	},
	"initverify-needs-programcode": func(c *client) bool {
		accno := c.newAccount()
		return c.initVerify(accno, c.addOption(accno, "VISA"), nil).code() != "0000"
	},
	"verification-code-any": func(c *client) bool {
		accno := c.newAccount()
		return c.completeVerify(accno, c.addOption(accno, "VISA"), map[string]any{"verificationCode": "999999"}).code() == "0000"
	},
	"verification-code-long-accepted": func(c *client) bool {
		accno := c.newAccount()
		r := c.completeVerify(accno, c.addOption(accno, "VISA"), map[string]any{"verificationCode": c.cfg.VerificationCode + "9"})
		return r.code() != "0001"
	},
	"deleted-option-still-listed": func(c *client) bool {
		accno := c.newAccount()
		ref := c.addOption(accno, "VISA")
		c.deleteOption(accno, ref, nil)
		return c.storedOption(accno, ref).Exists()
	},
	"setdefault-not-moving": func(c *client) bool {
		accno := c.newAccount()
		c.addOption(accno, "VISA")
		b := c.addOption(accno, "MC")
		c.setDefault(accno, b, nil)
		return !c.storedOption(accno, b).Get("isDefault").Bool()
	},
	"setdefault-two-defaults": func(c *client) bool {
		accno := c.newAccount()
		a, b := c.addOption(accno, "VISA"), c.addOption(accno, "MC")
		c.setDefault(accno, a, nil)
		c.setDefault(accno, b, nil)
		return len(c.defaults(accno)) != 1
	},
	"payment-options-not-array": func(c *client) bool {
		return !c.paymentOptions(c.newAccount(), nil).json.Get("paymentOptions").IsArray()
	},
	"stored-options-require-transactiontype": func(c *client) bool {
		return c.storedOptions(c.newAccount(), nil).code() != "0000"
	},
	"closed-account-initadd-allowed": func(c *client) bool {
		accno := c.newAccount()
		c.close(accno, nil)
		return c.initAdd(accno, nil).code() == "0000"
	},
	"unknown-option-setdefault-ok": func(c *client) bool {
		return c.setDefault(c.newAccount(), "no-such-option", nil).code() == "0000"
	},
	"initauth-state-authorized": func(c *client) bool {
		return c.initAuthorize(nil).json.Get("statusCode").String() != "RECEIVED"
	},
	"guest-housenumber-not-required": func(c *client) bool {
		return c.initAuthorize(map[string]any{"addr1": "Lindenallee"}).code() != "0001"
	},
	"accnotype-required-without-accno": func(c *client) bool {
		return c.initAuthorize(nil).code() != "0000"
	},
	"criteria-rejected": func(c *client) bool {
		return c.initAuthorize(map[string]any{"criteria": []any{map[string]any{"name": "a", "value": "b"}}}).code() != "0000"
	},
	"complete-twice-allowed": func(c *client) bool {
		ref, token := c.receivedPayment(nil)
		c.completeAuthorize(ref, token, nil)
		return c.completeAuthorize(ref, token, nil).code() == "0000"
	},
	"complete-no-processed-amount": func(c *client) bool {
		ref, token := c.receivedPayment(nil)
		return c.completeAuthorize(ref, token, nil).json.Get("processedAmount").Raw != "100.00"
	},
	"capture-from-received": func(c *client) bool {
		ref, _ := c.receivedPayment(nil)
		return c.capture(ref, nil).code() == "0000"
	},
	"capture-after-cancel": func(c *client) bool {
		return c.capture(c.cancelledPayment(), nil).code() == "0000"
	},
	"refund-before-capture": func(c *client) bool {
		return c.refund(c.authorizedPayment(), nil).code() == "0000"
	},
	"partial-capture-ignored": func(c *client) bool {
		r := c.capture(c.authorizedPayment(), map[string]any{"modifiedAmount": json.Number("40.00")})
		return r.json.Get("modifiedAmount").Raw != "40.00"
	},
	"refund-above-captured": func(c *client) bool {
		return c.refund(c.capturedPayment(), map[string]any{"refundAmount": json.Number("100.01")}).code() == "0000"
	},
	"refund-omitted-nothing": func(c *client) bool {
		return c.refund(c.capturedPayment(), nil).json.Get("refundAmount").Raw != "100.00"
	},
	"refund-status-refunded": func(c *client) bool {
		return c.refund(c.capturedPayment(), nil).json.Get("statusCode").String() != "CAPTURED"
	},
	"status-amount-wrong": func(c *client) bool {
		ref, _ := c.receivedPayment(nil)
		return c.paymentStatus(ref, nil).json.Get("presentationAmount").Raw != "100.00"
	},
	"status-billing-missing": func(c *client) bool {
		ref, _ := c.receivedPayment(nil)
		return c.paymentStatus(ref, nil).json.Get("customerFullName").String() != "Gina Gast"
	},
	"amount-three-decimals-accepted": func(c *client) bool {
		return c.initAuthorize(map[string]any{"presentationAmount": json.Number("12.345")}).code() != "0001"
	},
	"consent-status-wrong": func(c *client) bool {
		return c.addConsent(c.newAccount(), nil).json.Get("consentStatusCode").String() != "CNSTCONF"
	},
	"consent-reference-too-long": func(c *client) bool {
		return len(c.consentRef(c.newAccount())) > 32
	},
	"revoke-status-wrong": func(c *client) bool {
		accno := c.newAccount()
		return c.revokeConsent(accno, c.consentRef(accno), nil).json.Get("consentStatusCode").String() != "CNSTRVKD"
	},
	"callback-spelling": func(c *client) bool {
		merchant := newSink(c.t)
		ref, _ := c.receivedPayment(nil)
		c.redirectPayment(ref, map[string]any{"callBackUrl": merchant.URL})
		return merchant.last().query.Get("unqiueReference") != ref
	},
	"callback-result-wrong": func(c *client) bool {
		merchant := newSink(c.t)
		ref, _ := c.receivedPayment(nil)
		c.redirectPayment(ref, map[string]any{"callBackUrl": merchant.URL})
		return merchant.last().query.Get("paymentResult") != "OK"
	},
	"callback-not-captured": func(c *client) bool {
		merchant := newSink(c.t)
		ref, _ := c.receivedPayment(nil)
		c.redirectPayment(ref, map[string]any{"callBackUrl": merchant.URL})
		return c.statusOf(ref) != "CAPTURED"
	},
	"failed-move-changes-state": func(c *client) bool {
		ref := c.capturedPayment()
		c.cancelPayment(ref, nil)
		return c.statusOf(ref) != "CAPTURED"
	},
	"refused-load-refund-books-money": func(c *client) bool {
		accno := c.newAccount()
		ref, token := c.receivedPayment(map[string]any{"accno": accno, "accnoType": "00", "presentationAmount": json.Number("40.00")})
		if c.completeAuthorize(ref, token, nil).code() != "0000" {
			return false
		}
		before := c.balancesOf(accno).bk
		c.refund(ref, nil)
		return c.balancesOf(accno).bk != before
	},
	"avlbal-ignores-block": func(c *client) bool {
		accno := c.fundedWallet("100.00")
		c.kcAuthorize(accno, "30.00", nil)
		return c.balancesOf(accno).avl != "70.00"
	},
	"debit-not-booked": func(c *client) bool {
		accno := c.fundedWallet("100.00")
		c.kcDebit(accno, "30.00", nil)
		return c.balancesOf(accno).bk != "70.00"
	},
	"load-after-three-entries-not-credited": func(c *client) bool {
		accno := c.newAccount()
		for range 4 {
			c.loadWallet(accno, "10.00")
		}
		return c.balancesOf(accno).bk != "40.00"
	},
	"load-not-credited": func(c *client) bool {
		return c.balancesOf(c.fundedWallet("100.00")).bk != "100.00"
	},
	"load-credits-presentation-amount": func(c *client) bool {
		accno := c.newAccount()
		ref, token := c.receivedPayment(map[string]any{"accno": accno, "accnoType": "00"})
		c.completeAuthorize(ref, token, nil)
		c.capture(ref, map[string]any{"modifiedAmount": json.Number("40.00")})
		return c.balancesOf(accno).bk != "40.00"
	},
	"count-is-page-size": func(c *client) bool {
		accno := c.fundedWallet("100.00")
		c.kcDebit(accno, "10.00", nil)
		return c.enquiry(accno, map[string]any{"top": "1"}).json.Get("count").Int() != 2
	},
	"top-ignored": func(c *client) bool {
		accno := c.fundedWallet("100.00")
		c.kcDebit(accno, "10.00", nil)
		return len(entryAmounts(c.enquiry(accno, map[string]any{"top": "1"}))) != 1
	},
	"top-takes-oldest": func(c *client) bool {
		accno := c.fundedWallet("100.00")
		c.kcDebit(accno, "10.00", nil)
		c.kcDebit(accno, "20.00", nil)
		got := entryAmounts(c.enquiry(accno, map[string]any{"top": "2"}))
		return !slices.Equal(got, []string{"10.00", "20.00"})
	},
	"entries-dated-at-first-booking": func(c *client) bool {
		accno := c.fundedWallet("100.00")
		time.Sleep(1100 * time.Millisecond) // T has one-second resolution
		c.kcDebit(accno, "10.00", nil)
		var stamps []string
		for _, e := range c.enquiry(accno, nil).json.Get("entries").Array() {
			stamps = append(stamps, e.Get("bookingDate").Str+" "+e.Get("bookingTime").Str)
		}
		return len(stamps) != 2 || stamps[0] == stamps[1]
	},
	"pending-shown-by-default": func(c *client) bool {
		accno := c.fundedWallet("100.00")
		c.kcAuthorize(accno, "30.00", nil)
		return c.enquiry(accno, nil).json.Get("count").Int() != 1
	},
	"check-amount-json": func(c *client) bool {
		r := c.checkAmount(c.fundedWallet("10.00"), "10.00", nil)
		return r.contentType() != "text/plain; charset=utf-8" || r.body != "yes"
	},
	"check-amount-quoted": func(c *client) bool {
		return c.checkAmount(c.fundedWallet("10.00"), "10.00", nil).body != "yes"
	},
	"check-amount-ignores-block": func(c *client) bool {
		accno := c.fundedWallet("100.00")
		c.kcAuthorize(accno, "80.00", nil)
		return c.checkAmount(accno, "50.00", nil).body != "no"
	},
	"kc-authorize-no-block": func(c *client) bool {
		accno := c.fundedWallet("100.00")
		c.kcAuthorize(accno, "30.00", nil)
		return c.balancesOf(accno).blk != "30.00"
	},
	"kc-merchant-programcode-optional": func(c *client) bool {
		r := c.kcAuthorize(c.fundedWallet("100.00"), "30.00", map[string]any{"merchantAccno": c.cfg.MerchantExternalReference})
		return r.code() != "0001"
	},
	"kc-capture-keeps-block": func(c *client) bool {
		accno := c.fundedWallet("100.00")
		c.kcCapture(c.kcAuthorized(accno, "30.00"), nil)
		return c.balancesOf(accno).blk != "0.00"
	},
	"kc-cancel-after-capture": func(c *client) bool {
		ref := c.kcAuthorized(c.fundedWallet("100.00"), "30.00")
		c.kcCapture(ref, nil)
		return c.kcCancel(ref, nil).code() == "0000"
	},
	"kc-capture-of-debit": func(c *client) bool {
		return c.kcCapture(c.kcDebited(c.fundedWallet("100.00"), "30.00"), nil).code() == "0000"
	},
	"kc-refund-above-captured": func(c *client) bool {
		ref := c.kcDebited(c.fundedWallet("100.00"), "30.00")
		return c.kcRefund(ref, map[string]any{"refundAmount": json.Number("30.01")}).code() == "0000"
	},
	"kc-refund-omitted-nothing": func(c *client) bool {
		accno := c.fundedWallet("100.00")
		c.kcRefund(c.kcDebited(accno, "30.00"), nil)
		return c.balancesOf(accno).bk != "100.00"
	},
	"kc-refund-not-credited": func(c *client) bool {
		accno := c.fundedWallet("100.00")
		c.kcRefund(c.kcDebited(accno, "30.00"), map[string]any{"refundAmount": json.Number("10.00")})
		return c.balancesOf(accno).bk != "80.00"
	},
	"kc-refund-status-refunded": func(c *client) bool {
		ref := c.kcDebited(c.fundedWallet("100.00"), "30.00")
		return c.kcRefund(ref, nil).json.Get("statusCode").String() != "CAPTURED"
	},
	"below-minimum-allowed": func(c *client) bool {
		return c.kcDebit(c.fundedWallet("10.00"), "20.00", nil).code() == "0000"
	},
	"find-by-login-fails": func(c *client) bool {
		login := "login-" + randomHex(6)
		accno := c.create(map[string]any{"loginID": login}).json.Get("accno").String()
		return c.findUser(login, nil).json.Get("accno").String() != accno
	},
	"find-wrong-accno": func(c *client) bool {
		email := uniqueEmail()
		accno := c.create(map[string]any{"emailAddress": email}).json.Get("accno").String()
		return c.findUser(email, nil).json.Get("accno").String() != accno
	},
	"entry-amount-a-string": func(c *client) bool {
		return c.enquiry(c.fundedWallet("10.00"), nil).json.Get("entries.0.amount").Type == gjson.String
	},
	"kc-debit-status-authorized": func(c *client) bool {
		return c.kcDebit(c.fundedWallet("100.00"), "30.00", nil).json.Get("statusCode").String() != "CAPTURED"
	},
	"race-double-spend": func(c *client) bool {
		accno := c.fundedWallet("100.00")
		var wg sync.WaitGroup
		for range 10 {
			w := c.worker()
			wg.Go(func() { w.kcDebit(accno, "30.00", nil) })
		}
		wg.Wait()
		return c.balancesOf(accno).bk != "10.00"
	},
	"partners-not-isolated": func(c *client) bool {
		accno := c.fundedWallet("100.00")
		c.secondPartner().kcDebit(accno, "30.00", nil)
		return c.balancesOf(accno).bk != "100.00"
	},
}

// TestMutantsAreObservable runs each mutant's probe against the conforming
// server (both personalities) and against the mutant.
func TestMutantsAreObservable(t *testing.T) {
	t.Parallel()
	for _, m := range slices.Concat(Mutants(), ExplorationMutants()) {
		if _, generated := contractMutants().byName[m.Name]; generated {
			continue // TestContractMutantsAreObservable
		}
		probe, ok := mutantProbes[m.Name]
		if !assert.True(t, ok, "no probe for mutant %s", m.Name) {
			continue
		}
		t.Run(m.Name, func(t *testing.T) {
			t.Parallel()
			for _, p := range []Personality{Standard, Alternative} {
				cfg := DefaultConfig()
				cfg.Personality = p
				assert.False(t, probe(start(t, cfg)), "conforming server %d shows the fault", p)
			}
			cfg := DefaultConfig()
			cfg.Mutant = m.Name
			assert.True(t, probe(start(t, cfg)), "mutant not observable")
		})
	}
}
