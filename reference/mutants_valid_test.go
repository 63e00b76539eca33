package reference

import (
	"encoding/json"
	"maps"
	"net/http"
	"strings"

	"github.com/stretchr/testify/require"
)

func init() {
	maps.Copy(mutantProbes, validProbes)
	maps.Copy(variantProbes, validVariantProbes)
}

// validProbes observe the faults of the valid-request sweep's mutants
// (mutants_valid.go): a request the contract permits is refused, or an
// amount it authorized is shown otherwise.
var validProbes = map[string]func(c *client) bool{
	"refund-usage-full-length-refused": func(c *client) bool {
		return c.refund(c.capturedPayment(), map[string]any{"refundUsage": strings.Repeat("u", 255)}).code() == "0001"
	},
	"mandate-time-last-hour-refused": func(c *client) bool {
		return c.initAdd(c.newAccount(), map[string]any{"mandateSignedTime": "235959"}).code() == "0001"
	},
	"authorize-amount-cents-dropped": func(c *client) bool {
		_, ref := c.storedRef()
		r := c.authorizePayment(ref, map[string]any{"presentationAmount": json.Number("0.01")})
		return r.code() == "0000" && r.json.Get("presentationAmount").Raw != "0.01"
	},
	"update-account-house-number-required": func(c *client) bool {
		return c.update(c.newAccount(), map[string]any{"houseNumber": absent}).code() == "0001"
	},
	"kc-authorize-merchant-required": func(c *client) bool {
		return c.kcAuthorize(c.fundedWallet("100.00"), "1.00", map[string]any{"merchantAccno": absent}).code() == "0001"
	},
	"declared-currency-refused": func(c *client) bool {
		return c.create(map[string]any{"currCode": "USD"}).code() == "0001"
	},
	"stored-option-fullname-cut-100": func(c *client) bool {
		accno := c.newAccount()
		name := strings.Repeat("n", 201)
		billing := differentBilling(map[string]any{"customerFullName": name})
		token := c.authorization(accno, nil)
		r := c.completeAdd(accno, merge(map[string]any{"authorizationToken": token}, billing))
		return r.code() == "0000" && len(c.storedOption(accno, r.json.Get("storedPaymentOptionReference").String()).Get("billingAddress.fullName").String()) == 100
	},
	"find-user-long-login-not-found": func(c *client) bool {
		login := strings.Repeat("l", 250) + "-long"
		r := c.create(map[string]any{"loginID": login})
		return r.code() == "0000" && c.findUser(login, nil).code() != "0000"
	},
	"entry-one-decimal-cent-less": func(c *client) bool {
		accno := c.fundedWallet("100.00")
		c.kcDebit(accno, "0.5", nil)
		for _, e := range c.enquiry(accno, nil).json.Get("entries").Array() {
			if e.Get("amount").Raw == "0.49" {
				return true
			}
		}
		return false
	},
	"kc-debit-one-decimal-cent-more": func(c *client) bool {
		accno := c.fundedWallet("100.00")
		r := c.kcDebit(accno, "0.5", nil)
		return r.code() == "0000" && c.balancesOf(accno).bk == "99.49"
	},
}

// validVariantProbes observe the choice of each variant of validVariants: a
// probe reports true when the server makes it. Each must be false on the
// Standard server (TestEveryVariantIsObservable; what the Standard server
// answers instead: TestStandardTakesWhatValidVariantsRefuse).
var validVariantProbes = map[string]func(c *client) bool{
	// Another currency than EUR is refused with 0001 naming the field; EUR,
	// in any case, is not.
	"refuses-unoffered-currency": func(c *client) bool {
		created := c.create(map[string]any{"currCode": "USD"})
		initiated := c.initAuthorize(map[string]any{"presentationCurrCode": "USD"})
		return created.code() == "0001" && created.status == http.StatusBadRequest &&
			strings.Contains(created.json.Get("responseDescription").String(), "currCode") &&
			initiated.code() == "0001" && strings.Contains(initiated.json.Get("responseDescription").String(), "presentationCurrCode") &&
			c.create(map[string]any{"currCode": "eur"}).code() == "0000" && c.initAuthorize(nil).code() == "0000"
	},
	// A payment above 10000.00 is refused with 0022, KC-Authorize's too;
	// 10000.00 is not.
	"payment-amount-limit": func(c *client) bool {
		r := c.initAuthorize(map[string]any{"presentationAmount": json.Number("10000.01")})
		return r.code() == "0022" && r.status == http.StatusBadRequest &&
			c.initAuthorize(map[string]any{"presentationAmount": json.Number("10000.00")}).code() == "0000" &&
			c.kcAuthorize(c.fundedWallet("100.00"), "10000.01", nil).code() == "0022"
	},
	// 5.00 is written 5 and 5.50 5.5, in a balance and in the entries of
	// an enquiry too.
	"amounts-shortest-form": func(c *client) bool {
		whole := c.initAuthorize(map[string]any{"presentationAmount": json.Number("5.00")})
		half := c.initAuthorize(map[string]any{"presentationAmount": json.Number("5.50")})
		accno := c.fundedWallet("100.00")
		e := c.enquiry(accno, nil)
		return whole.code() == "0000" && whole.json.Get("presentationAmount").Raw == "5" &&
			half.json.Get("presentationAmount").Raw == "5.5" &&
			c.balance(accno, nil).json.Get("bkBal").Raw == "100" &&
			e.code() == "0000" && e.json.Get("entries.0.amount").Raw == "100"
	},
	// The fee a KC-Capture names is taken from the wallet beside the amount.
	"kc-capture-fee-from-wallet": func(c *client) bool {
		accno := c.fundedWallet("100.00")
		r := c.kcCapture(c.kcAuthorized(accno, "10.00"), map[string]any{"modifiedAmount": json.Number("10.00"), "modifiedFeeAmount": json.Number("0.50")})
		require.Equal(c.t, "0000", r.code(), r.raw)
		return c.balancesOf(accno).bk == "89.50"
	},
}
