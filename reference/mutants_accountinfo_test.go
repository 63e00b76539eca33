package reference

import (
	"encoding/json"
	"strings"
	"time"

	"github.com/tidwall/gjson"
)

// The probes of the mutants this area added (mutants_accountinfo.go): each
// reports true when the server breaks the mutant's rule.
func init() {
	for name, probe := range accountInfoProbes {
		mutantProbes[name] = probe
	}
}

var accountInfoProbes = map[string]func(c *client) bool{
	"entry-valuedate-not-a-date": func(c *client) bool {
		return c.enquiry(c.fundedWallet("10.00"), nil).json.Get("entries.0.valueDate").String() == "14.03.2026"
	},
	"balance-pooledamt-a-string": func(c *client) bool {
		return c.balance(c.newAccount(), nil).json.Get("pooledAmt").Type == gjson.String
	},
	"psbal-is-booked-balance": func(c *client) bool {
		return c.balancesOf(c.fundedWallet("10.00")).ps != "0.00"
	},
	"kc-capture-twice-debits": func(c *client) bool {
		accno := c.fundedWallet("100.00")
		ref := c.kcAuthorized(accno, "30.00")
		c.kcCapture(ref, nil)
		c.kcCapture(ref, nil)
		return c.balancesOf(accno).bk != "70.00"
	},
	"kc-authorize-status-received": func(c *client) bool {
		return c.kcAuthorize(c.fundedWallet("100.00"), "30.00", nil).json.Get("statusCode").String() != "AUTHORIZED"
	},
	"kc-capture-status-authorized": func(c *client) bool {
		return c.kcCapture(c.kcAuthorized(c.fundedWallet("100.00"), "30.00"), nil).json.Get("statusCode").String() != "CAPTURED"
	},
	"kc-cancel-status-authorized": func(c *client) bool {
		return c.kcCancel(c.kcAuthorized(c.fundedWallet("100.00"), "30.00"), nil).json.Get("statusCode").String() != "CANCELLED"
	},
	"kc-refund-before-capture": func(c *client) bool {
		return c.kcRefund(c.kcAuthorized(c.fundedWallet("100.00"), "30.00"), nil).code() == "0000"
	},
	"load-credits-twice": func(c *client) bool {
		return c.balancesOf(c.fundedWallet("10.00")).bk != "10.00"
	},
	"find-user-no-programcode": func(c *client) bool {
		email := uniqueEmail()
		c.create(map[string]any{"emailAddress": email})
		return c.findUser(email, nil).json.Get("programCode").String() != c.cfg.ProgramCode
	},
	"check-amount-letters-answered": func(c *client) bool {
		return c.checkAmount(c.newAccount(), "ten", nil).status != 400
	},
	"start-date-exclusive": func(c *client) bool {
		r := c.enquiry(c.fundedWallet("10.00"), nil)
		day := r.json.Get("entries.0.bookingDate").String()
		return c.enquiry(r.json.Get("accno").String(), map[string]any{"startDate": day}).json.Get("count").Int() != 1
	},
	"end-date-exclusive": func(c *client) bool {
		r := c.enquiry(c.fundedWallet("10.00"), nil)
		day := r.json.Get("entries.0.bookingDate").String()
		return c.enquiry(r.json.Get("accno").String(), map[string]any{"endDate": day}).json.Get("count").Int() != 1
	},
	"start-time-ignored": func(c *client) bool {
		r := c.enquiry(c.fundedWallet("10.00"), nil)
		at := dayInstant(r.json.Get("entries.0.bookingDate").String(), r.json.Get("entries.0.bookingTime").String()).Add(time.Second)
		return c.enquiry(r.json.Get("accno").String(), map[string]any{
			"startDate": at.Format(time.DateOnly), "startTime": at.Format("150405"),
		}).json.Get("count").Int() != 0
	},
	"end-time-ignored": func(c *client) bool {
		r := c.enquiry(c.fundedWallet("10.00"), nil)
		at := dayInstant(r.json.Get("entries.0.bookingDate").String(), r.json.Get("entries.0.bookingTime").String()).Add(-time.Second)
		return c.enquiry(r.json.Get("accno").String(), map[string]any{
			"endDate": at.Format(time.DateOnly), "endTime": at.Format("150405"),
		}).json.Get("count").Int() != 0
	},
	"top-before-skip": func(c *client) bool {
		accno := c.fundedWallet("100.00")
		c.kcDebit(accno, "10.00", nil)
		c.kcDebit(accno, "5.00", nil)
		return len(entryAmounts(c.enquiry(accno, map[string]any{"top": "2", "skip": "1"}))) != 2
	},
	"skip-takes-oldest": func(c *client) bool {
		accno := c.fundedWallet("100.00")
		c.kcDebit(accno, "10.00", nil)
		return !slicesEqual(entryAmounts(c.enquiry(accno, map[string]any{"skip": "1"})), []string{"100.00"})
	},
	"neutral-shown-by-default": func(c *client) bool {
		accno := c.fundedWallet("100.00")
		c.kcCancel(c.kcAuthorized(accno, "30.00"), nil)
		return c.enquiry(accno, nil).json.Get("count").Int() != 1
	},
	"include-neutral-only-neutral": func(c *client) bool {
		accno := c.fundedWallet("100.00")
		c.kcCancel(c.kcAuthorized(accno, "30.00"), nil)
		return c.enquiry(accno, map[string]any{"includeNeutral": "true"}).json.Get("count").Int() != 2
	},
	"enquiry-programaccno-a-number": func(c *client) bool {
		return c.enquiry(c.newAccount(), nil).json.Get("programAccno").Type == gjson.Number
	},
	"top-not-validated": func(c *client) bool {
		return c.enquiry(c.newAccount(), map[string]any{"top": "ten"}).code() != "0001"
	},
	"balance-programaccno-a-number": func(c *client) bool {
		return c.balance(c.newAccount(), nil).json.Get("programAccno").Type == gjson.Number
	},
	"kc-authorize-fxrate-a-string": func(c *client) bool {
		return c.kcAuthorize(c.fundedWallet("100.00"), "30.00", nil).json.Get("fxRate").Type == gjson.String
	},
	"kc-authorize-beyond-funds": func(c *client) bool {
		return c.kcAuthorize(c.fundedWallet("10.00"), "30.00", nil).code() == "0000"
	},
	"kc-debit-merchant-programcode-optional": func(c *client) bool {
		return c.kcDebit(c.fundedWallet("100.00"), "30.00", map[string]any{"merchantAccno": c.cfg.MerchantExternalReference}).code() != "0001"
	},
	"kc-debit-merchantprogramcode-a-number": func(c *client) bool {
		return c.kcDebit(c.fundedWallet("100.00"), "30.00", nil).json.Get("merchantProgramCode").Type == gjson.Number
	},
	"kc-capture-debits-authorized": func(c *client) bool {
		accno := c.fundedWallet("100.00")
		c.kcCapture(c.kcAuthorized(accno, "30.00"), map[string]any{"modifiedAmount": json.Number("20.00")})
		return c.balancesOf(accno).bk != "80.00"
	},
	"kc-capture-processedamount-a-string": func(c *client) bool {
		return c.kcCapture(c.kcAuthorized(c.fundedWallet("100.00"), "30.00"), nil).json.Get("processedAmount").Type == gjson.String
	},
	"kc-cancel-keeps-block": func(c *client) bool {
		accno := c.fundedWallet("100.00")
		c.kcCancel(c.kcAuthorized(accno, "30.00"), nil)
		return c.balancesOf(accno).blk != "0.00"
	},
	"kc-cancel-accno-a-number": func(c *client) bool {
		return c.kcCancel(c.kcAuthorized(c.fundedWallet("100.00"), "30.00"), nil).json.Get("accno").Type == gjson.Number
	},
	"kc-refund-source-a-number": func(c *client) bool {
		return c.kcRefund(c.kcDebited(c.fundedWallet("100.00"), "30.00"), nil).json.Get("refundSourceAccno").Type == gjson.Number
	},
	"address-check-no-programcode": func(c *client) bool {
		return c.addressCheck(nil).json.Get("programCode").String() != c.cfg.ProgramCode
	},
	"kc-capture-merchant-not-credited": func(c *client) bool {
		before := c.balancesOf(c.cfg.MerchantAccno).bk
		c.kcCapture(c.kcAuthorized(c.fundedWallet("100.00"), "30.00"), nil)
		return c.balancesOf(c.cfg.MerchantAccno).bk == before
	},
	"kc-capture-repeat-when-funded": func(c *client) bool {
		accno := c.fundedWallet("100.00")
		ref := c.kcAuthorized(accno, "30.00")
		c.kcCapture(ref, nil)
		c.kcCapture(ref, nil)
		return c.balancesOf(accno).bk != "70.00"
	},
	"kc-debit-otp-unbounded": func(c *client) bool {
		return c.kcDebit(c.fundedWallet("100.00"), "10.00", map[string]any{"oneTimePassword": c.cfg.OneTimePassword + "9"}).code() == "0000"
	},
	"kc-capture-fee-three-decimals": func(c *client) bool {
		return c.kcCapture(c.kcAuthorized(c.fundedWallet("100.00"), "30.00"), map[string]any{"modifiedFeeAmount": json.Number("1.001")}).code() == "0000"
	},
	"kc-cancel-usage-unbounded": func(c *client) bool {
		return c.kcCancel(c.kcAuthorized(c.fundedWallet("100.00"), "30.00"), map[string]any{"modifiedUsage": strings.Repeat("u", 128)}).code() == "0000"
	},
	"kc-refund-usage-unbounded": func(c *client) bool {
		return c.kcRefund(c.kcDebited(c.fundedWallet("100.00"), "30.00"), map[string]any{"refundUsage": strings.Repeat("u", 256)}).code() == "0000"
	},
	"address-check-street-unbounded": func(c *client) bool {
		return c.addressCheck(map[string]any{"street": strings.Repeat("s", 69)}).code() == "0000"
	},
}

func slicesEqual(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
