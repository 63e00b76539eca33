package explore

import (
	"fmt"
	"mime"
	"strings"

	"github.com/shopspring/decimal"

	"github.com/wallet-conformance/wallet-conformance/calls"
	"github.com/wallet-conformance/wallet-conformance/schemas"
	"github.com/wallet-conformance/wallet-conformance/steps"
)

// Consent (B-3's consent table, B-4.8, B-4.9).

func (x *machine) addConsent() {
	st := x.newStep("add-consent", schemas.AddConsent)
	st.given, st.plain = "the partner has added a consent", "the partner adds a consent"
	a := x.m.account()
	r, ok := x.send(st, schemas.AddConsent, map[string]string{"accno": a.accno}, x.ConsentFields())
	if !ok {
		return
	}
	// B-3 moves an account to a consent CNSTCONF; whether an account whose
	// consent is confirmed may be given another is not shown ("Other
	// consent statuses and moves: not shown"): open.
	exp := expSuccess
	if x.m.confirmedConsent(x.m.acc) {
		exp = expOpen
	}
	if x.outcome(st, r, exp) {
		x.expectField(st, r, invConsent, "consentStatusCode", csConfirmed)
		x.m.consents = append(x.m.consents, &consent{ref: r.JSON.Get("consentReference").String(), account: x.m.acc})
		x.m.con = len(x.m.consents) - 1
	}
	x.done(st)
}

func (x *machine) revokeConsent() {
	st := x.newStep("revoke-consent", schemas.RevokeConsent)
	st.plain = "the partner revokes the consent"
	c := x.m.consent()
	a := x.m.account()
	r, ok := x.send(st, schemas.RevokeConsent, map[string]string{"accno": a.accno, "consentReference": c.ref}, x.ConsentFields())
	if !ok {
		return
	}
	if x.outcome(st, r, expSuccess) {
		x.expectField(st, r, invConsent, "consentStatusCode", csRevoked)
		c.revoked = true
	}
	x.done(st)
}

// Account information (B-4.11, B-4.12).

func (x *machine) accountEnquiry(top bool) {
	st := x.newStep("account-enquiry", schemas.AccountEnquiry)
	st.plain = "the partner reads the account entries"
	a := x.m.account()
	f := x.AccountFields(true)
	f["top"] = steps.AllEntries // top has no default (B-4.12): a listing without it may be a page
	if top {
		st.plain += " with top set to 1"
		f["top"] = 1
	}
	r, ok := x.send(st, schemas.AccountEnquiry, map[string]string{"accno": a.accno}, f)
	if !ok {
		return
	}
	if !x.outcome(st, r, expSuccess) {
		x.done(st)
		return
	}
	page := r.JSON.Get("entries").Array()
	entries := page
	if top {
		// count is the total without the page; the total is what a listing
		// without top and skip holds (the suite's step reads one too).
		full := x.AccountFields(true)
		full["top"] = steps.AllEntries
		all, ok := x.send(st, schemas.AccountEnquiry, map[string]string{"accno": a.accno}, full)
		if !ok {
			return
		}
		if msg := all.Success(x.e.caller.Schemas); msg != "" {
			x.violate(st, invAllowed, "Account Enquiry without top: "+msg)
			x.done(st)
			return
		}
		entries = all.JSON.Get("entries").Array()
	}
	st.thens = append(st.thens, "the response's count is the number of the account's entries")
	if n, ok := steps.CountOf(r.JSON); !ok || n != int64(len(entries)) {
		x.violate(st, invCount, fmt.Sprintf("expected count to be the number of the account's entries, %d, got %s", len(entries), calls.RawOrAbsent(r.JSON.Get("count").Raw)))
	}
	if top {
		want := min(1, len(entries))
		st.thens = append(st.thens, fmt.Sprintf("the response holds %d %s", want, map[bool]string{true: "entry", false: "entries"}[want == 1]))
		if len(page) != want {
			x.violate(st, invTop, fmt.Sprintf("with top 1 and %d entries, expected %d entries, got %d", len(entries), want, len(page)))
		}
	}
	// Each distinct amount booked shows among the entries, as the suite's
	// "an entry of ... appears" checks; that every entry is a booking, and
	// that amounts appear as often as they were booked, is advisory.
	listed := map[string]int{}
	for _, e := range entries {
		if d, err := decimal.NewFromString(e.Get("amount").Raw); err == nil {
			listed[d.Abs().StringFixed(2)]++
		}
	}
	booked := map[string]int{}
	var order []string
	for _, b := range a.bookings {
		k := b.amount.StringFixed(2)
		if booked[k] == 0 {
			order = append(order, k)
		}
		booked[k]++
	}
	for _, k := range order {
		st.thens = append(st.thens, "an entry of "+k+" appears among the account entries (advisory)")
		if listed[k] == 0 {
			x.violate(st, invBookingsListed, fmt.Sprintf("expected an account entry of %s (booked %d times), none among the %d entries listed", k, booked[k], len(entries)))
		}
	}
	var extra []string
	for _, e := range entries {
		d, err := decimal.NewFromString(e.Get("amount").Raw)
		k := d.Abs().StringFixed(2)
		if err != nil || booked[k] < listed[k] {
			extra = append(extra, truncate(e.Raw, 300))
			listed[k] = booked[k] // report each amount once
		}
	}
	for _, k := range order {
		if n := listed[k]; n > 0 && n < booked[k] {
			extra = append(extra, fmt.Sprintf("amount %s booked %d times, listed %d times", k, booked[k], n))
		}
	}
	if len(extra) > 0 {
		x.violate(st, invEntriesMatch, "entries that match no move of the exploration: "+strings.Join(extra, "; "))
	}
	x.done(st)
}

func truncate(s string, n int) string {
	if len(s) > n {
		return s[:n] + "..."
	}
	return s
}

// checkAvailable asks B-4.11 about what the account can afford, or one
// cent more, as the suite's step does: "what the account can afford" is
// the smaller of avlBal and avlBal less minimumAllowedBalance, "one cent
// more" one cent above the larger.
func (x *machine) checkAvailable(above bool) {
	st := x.newStep("check-available", schemas.CheckAvailablePaymentAmount)
	a := x.m.account()
	avl := a.bal.Avl()
	amount, want := decimal.Min(avl, avl.Sub(a.min)), "yes"
	st.plain = "the partner checks whether what the account can afford is available"
	if above || !amount.IsPositive() {
		amount, want = decimal.Max(avl, avl.Sub(a.min)).Add(decimal.New(1, -2)), "no"
		st.plain = "the partner checks whether one cent more than the account can afford is available"
	}
	f := x.AccountFields(true)
	f["amount"] = amount.StringFixed(2)
	f["currCode"] = x.e.profile.Currency
	r, ok := x.send(st, schemas.CheckAvailablePaymentAmount, map[string]string{"accno": a.accno}, f)
	if !ok {
		return
	}
	st.expect = expSuccess
	st.accepted = r.Resp.Status == 200
	st.thens = append(st.thens, "the answer is exactly "+want+" as plain text")
	ct, body := r.Resp.ContentType, string(r.Resp.Body)
	if mt, _, _ := mime.ParseMediaType(ct); r.Resp.Status != 200 || mt != "text/plain" || body != want {
		x.violate(st, invCheckAmount, fmt.Sprintf("with avlBal %s and minimumAllowedBalance %s, expected the answer to %s to be exactly %q as text/plain with HTTP 200; got HTTP %d, Content-Type %q, body %q",
			avl.StringFixed(2), a.min.StringFixed(2), amount.StringFixed(2), want, r.Resp.Status, ct, truncate(body, 200)))
	}
	x.done(st)
}
