package reference

import (
	"encoding/json"
	"maps"
	"strings"
)

func init() { maps.Copy(mutantProbes, validProbes) }

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
