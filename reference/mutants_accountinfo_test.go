package reference

import (
	"encoding/json"
	"maps"
	"net/http"
	"strings"
	"time"

	"github.com/stretchr/testify/require"
	"github.com/tidwall/gjson"
)

// The probes of the mutants this area added (mutants_accountinfo.go): each
// reports true when the server breaks the mutant's rule.
func init() {
	for name, probe := range accountInfoProbes {
		mutantProbes[name] = probe
	}
	maps.Copy(variantProbes, accountInfoVariantProbes)
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

// accountInfoVariantProbes observe the choice of each variant of
// accountInfoVariants: a probe reports true when the server makes it. Each
// must be false on the Standard server (TestEveryVariantIsObservable).
var accountInfoVariantProbes = map[string]func(c *client) bool{
	"kc-partial-capture-keeps-rest-blocked": func(c *client) bool {
		accno := c.fundedWallet("100.00")
		r := c.kcCapture(c.kcAuthorized(accno, "30.00"), map[string]any{"modifiedAmount": json.Number("20.00")})
		require.Equal(c.t, "0000", r.code(), r.raw)
		b := c.balancesOf(accno)
		return b.bk == "80.00" && b.blk == "10.00"
	},
	"psbal-null-new-account": func(c *client) bool {
		return c.balance(c.fundedWallet("10.00"), nil).json.Get("psBal").Raw == "null"
	},
	// A repeated KC-Capture or KC-Cancel is answered as the first was; a
	// Capture of the cancelled payment, not a repeat, is still refused
	// (that the repeat moves no money: TestKCRepeatMovesNoMoney).
	"kc-repeat-idempotent": func(c *client) bool {
		accno := c.fundedWallet("100.00")
		ref := c.kcAuthorized(accno, "30.00")
		require.Equal(c.t, "0000", c.kcCapture(ref, nil).code())
		again := c.kcCapture(ref, nil)
		cancelled := c.kcAuthorized(accno, "10.00")
		require.Equal(c.t, "0000", c.kcCancel(cancelled, nil).code())
		return again.code() == "0000" && again.json.Get("statusCode").String() == "CAPTURED" &&
			c.kcCancel(cancelled, nil).json.Get("statusCode").String() == "CANCELLED" &&
			c.kcCapture(cancelled, nil).code() != "0000"
	},
	// Accept: application/json is refused with 406; an Accept that admits
	// text/plain is served (the header's reading: TestAcceptsPlainText).
	"check-amount-negotiates": func(c *client) bool {
		path := c.checkAmountPath(c.newAccount(), "0.00", nil)
		return c.statusAccepting(path, "application/json") == http.StatusNotAcceptable &&
			c.statusAccepting(path, "text/plain, application/json") == http.StatusOK
	},
	"sort-direction-dsc": func(c *client) bool {
		accno := c.newAccount()
		return c.enquiry(accno, map[string]any{"sortDirection": "DESC"}).code() == "0001" &&
			c.enquiry(accno, map[string]any{"sortDirection": "DSC"}).code() == "0000"
	},
	"same-day-newest-first": func(c *client) bool {
		accno := c.fundedWallet("100.00")
		c.kcDebit(accno, "10.00", nil)
		return slicesEqual(entryAmounts(c.enquiry(accno, nil)), []string{"10.00", "100.00"})
	},
	// Two entries of three without top, all three with a top of 9999.
	"default-page-size": func(c *client) bool {
		accno := c.fundedWallet("100.00")
		c.kcDebit(accno, "10.00", nil)
		c.kcDebit(accno, "20.00", nil)
		r := c.enquiry(accno, nil)
		return slicesEqual(entryAmounts(r), []string{"10.00", "20.00"}) && r.json.Get("count").Int() == 3 &&
			len(entryAmounts(c.enquiry(accno, map[string]any{"top": "9999"}))) == 3
	},
	"count-as-digit-string": func(c *client) bool {
		return c.enquiry(c.fundedWallet("10.00"), nil).json.Get("count").Raw == `"1"`
	},
	// Valued the day after its booking at 000000, and the filters select
	// by value date.
	"value-dated-next-day": func(c *client) bool {
		accno := c.fundedWallet("10.00")
		e := c.enquiry(accno, nil).json.Get("entries.0")
		next := dayInstant(e.Get("bookingDate").String(), "000000").AddDate(0, 0, 1).Format("2006-01-02")
		r := c.enquiry(accno, map[string]any{"startDate": next})
		return e.Get("valueDate").String() == next && e.Get("valueTime").String() == "000000" && r.json.Get("count").Int() == 1
	},
	"kc-debit-accnotype-both-numbers": func(c *client) bool {
		r := c.kcDebit(c.fundedWallet("50.00"), "10.00", map[string]any{"merchantAccno": c.cfg.MerchantExternalReference, "merchantProgramCode": c.cfg.MerchantProgramCode})
		return r.code() != "0000" && r.code() != "0001"
	},
	"entry-times-null": func(c *client) bool {
		e := c.enquiry(c.fundedWallet("10.00"), nil).json.Get("entries.0")
		return e.Get("bookingTime").Type == gjson.Null && e.Get("valueTime").Type == gjson.Null && e.Get("bookingDate").String() != ""
	},
	"enquiry-programaccno-null": func(c *client) bool {
		accno := c.newAccount()
		return c.enquiry(accno, nil).json.Get("programAccno").Type == gjson.Null && c.balance(accno, nil).json.Get("programAccno").Type == gjson.Null
	},
	// Each refund is bounded by the amount paid, not by what is left.
	"kc-refund-bound-per-call": func(c *client) bool {
		ref := c.kcDebited(c.fundedWallet("100.00"), "20.00")
		require.Equal(c.t, "0000", c.kcRefund(ref, map[string]any{"refundAmount": json.Number("15.00")}).code())
		return c.kcRefund(ref, map[string]any{"refundAmount": json.Number("10.00")}).code() == "0000" &&
			c.kcRefund(ref, map[string]any{"refundAmount": json.Number("25.00")}).code() != "0000"
	},
	"kc-fxrate-null": func(c *client) bool {
		return c.kcAuthorize(c.fundedWallet("100.00"), "10.00", nil).json.Get("fxRate").Raw == "null"
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
