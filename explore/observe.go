package explore

import (
	"fmt"
	"strings"
	"time"

	"github.com/shopspring/decimal"

	"github.com/wallet-conformance/wallet-conformance/calls"
	"github.com/wallet-conformance/wallet-conformance/schemas"
	"github.com/wallet-conformance/wallet-conformance/steps"
)

// The observations after a move: the balance and the payment status read
// back and compared with the model.

// observeBalance reads the current account's balance after a move and
// compares it with the model (B-2.4). implied names the advisory rule of a
// move whose effect the spec only implies; nil for a stated one.
func (x *machine) observeBalance(st *step, implied *Invariant) bool {
	a := x.m.openAccount()
	if a == nil {
		return true
	}
	r, ok := x.send(st, schemas.BalanceEnquiry, map[string]string{"accno": a.accno}, x.AccountFields(true))
	if !ok {
		return false
	}
	st.balanced = true
	if msg := r.Success(x.e.caller.Schemas); msg != "" {
		x.violate(st, invAllowed, "Balance Enquiry of an open account: "+msg+"\n  "+r.Evidence(x.e.red))
		return true
	}
	got, msg := calls.BalanceOf(r.JSON)
	if msg != "" {
		x.violate(st, invAvailable, msg)
		return true
	}
	if !got.Equal(a.bal) && st.settles && st.accepted {
		// The feature suite's "the booked balance has risen by exactly"
		// reads again for the profile's settleAllowance; so does the model.
		if got, msg, ok = x.awaitSettled(st, a, got); !ok {
			return false
		} else if msg != "" {
			x.violate(st, invAvailable, msg)
			return true
		}
	}
	if got.Equal(a.bal) {
		return true
	}
	for _, alt := range st.alts {
		if got.Equal(alt.bal) {
			a.bal = got
			alt.take()
			return true
		}
	}
	inv := invBalance
	switch {
	case !st.accepted:
		inv = invRefusalChangesNothing
	case implied != nil && st.followed:
		x.violate(st, implied, fmt.Sprintf("after %s the balance is %s, the model expected %s", opName(st.op), got, a.bal))
		a.bal = got // the model takes the balance read and goes on
		return true
	}
	also := ""
	for _, alt := range st.alts {
		also += fmt.Sprintf(" or %s", alt.bal)
	}
	if also != "" {
		also = " (" + strings.TrimPrefix(also, " ") + ", which the spec also permits)"
	}
	x.violate(st, inv, fmt.Sprintf("after %s expected the balance to be %s%s (before it: %s), got %s", opName(st.op), a.bal, also, st.before, got))
	return true
}

// merchantBooked reads the booked balance of the profile's merchant
// account (B-4.13 of the merchant's accno, as every call, with the
// partner's programCode). false
// when it cannot be read: a target need not let a partner read the
// merchant, so the merchant is then not observed, and nothing is asserted.
func (x *machine) merchantBooked(st *step) (decimal.Decimal, bool) {
	m := x.e.profile.Merchant
	if m.Accno == "" || !x.e.ownMerchant {
		return decimal.Zero, false
	}
	f := x.AccountFields(true)
	r, ok := x.send(st, schemas.BalanceEnquiry, map[string]string{"accno": m.Accno}, f)
	if !ok || r.Success(x.e.caller.Schemas) != "" {
		return decimal.Zero, false
	}
	b, msg := calls.BalanceOf(r.JSON)
	return b.Bk, msg == ""
}

// observeMerchant compares the merchant's booked balance after a
// KC-Debit Account or KC-Capture with before (invMerchant): up when the
// move moved money, unchanged when it was refused or was a repeat.
func (x *machine) observeMerchant(st *step, before decimal.Decimal, observed, repeated bool) {
	if !observed || x.stop {
		return
	}
	after, ok := x.merchantBooked(st)
	if !ok {
		return
	}
	switch {
	case st.followed && !repeated && !after.GreaterThan(before):
		x.violate(st, invMerchant, fmt.Sprintf("after %s, which moved money to the merchant, the merchant's booked balance is %s, not above the %s before it",
			opName(st.op), after.StringFixed(2), before.StringFixed(2)))
	case !st.accepted && !after.Equal(before):
		x.violate(st, invRefusalChangesNothing, fmt.Sprintf("after %s was refused the merchant's booked balance is %s, it was %s",
			opName(st.op), after.StringFixed(2), before.StringFixed(2)))
	case st.accepted && repeated && !after.Equal(before):
		x.violate(st, invMerchant, fmt.Sprintf("after %s, a repeat that moves no money, the merchant's booked balance is %s, it was %s",
			opName(st.op), after.StringFixed(2), before.StringFixed(2)))
	}
}

// awaitSettled reads the current account's balance again, every
// settlePoll, until it equals the model's or the profile's
// settleAllowance has passed since the first read; it returns the last
// balance read. ok is false when a read could not be made.
func (x *machine) awaitSettled(st *step, a *account, got calls.Balance) (calls.Balance, string, bool) {
	deadline := time.Now().Add(x.e.profile.Settle())
	for !got.Equal(a.bal) && time.Now().Add(calls.SettlePoll).Before(deadline) {
		select {
		case <-x.ctx.Done():
			return got, "", true
		case <-time.After(calls.SettlePoll):
		}
		r, ok := x.send(st, schemas.BalanceEnquiry, map[string]string{"accno": a.accno}, x.AccountFields(true))
		if !ok {
			return got, "", false
		}
		if msg := r.Success(x.e.caller.Schemas); msg != "" {
			return got, "", true
		}
		var msg string
		if got, msg = calls.BalanceOf(r.JSON); msg != "" {
			return got, msg, true
		}
	}
	return got, "", true
}

func opName(id string) string {
	if op, ok := schemas.Lookup(id); ok {
		return op.Name
	}
	return id
}

// observeStatus reads the status of a load payment with Get Payment
// Status (B-4.7) and compares it with the model.
func (x *machine) observeStatus(st *step, p *payment) bool {
	r, ok := x.send(st, schemas.GetPaymentStatus, map[string]string{"uniqueReference": p.ref}, x.Envelope(false))
	if !ok {
		return false
	}
	st.thens = append(st.thens, "the payment's status reads "+p.status)
	if msg := r.Success(x.e.caller.Schemas); msg != "" {
		x.violate(st, invAllowed, "Get Payment Status: "+msg+"\n  "+r.Evidence(x.e.red))
		return true
	}
	if got := r.JSON.Get("statusCode").String(); got != p.status {
		inv := invStatus
		if !st.accepted {
			inv = invRefusalKeepsStatus
		}
		x.violate(st, inv, fmt.Sprintf("after %s expected Get Payment Status to read statusCode %q, got %s", opName(st.op), p.status, calls.RawOrAbsent(r.JSON.Get("statusCode").Raw)))
	}
	// What the suite's "the payment status agrees with what was
	// authorized" compares: the amount, currency and usage, the reference,
	// and the billing address the payment was initiated with, which is
	// "used" (B-4.1), not kept character for character: compared as the
	// scenarios compare it (steps.SameText, case and white space aside).
	st.thens = append(st.thens, "the payment status agrees with what was authorized")
	var diffs []string
	if got, err := decimal.NewFromString(r.JSON.Get("presentationAmount").Raw); err != nil || !got.Equal(p.amount) {
		diffs = append(diffs, fmt.Sprintf("presentationAmount: authorized %s, got %s", p.amount.StringFixed(2), calls.RawOrAbsent(r.JSON.Get("presentationAmount").Raw)))
	}
	want := map[string]any{"presentationCurrCode": x.e.profile.Currency, "presentationUsage": p.init["presentationUsage"], "uniqueReference": p.ref,
		"customerFullName": p.init["customerFullName"], "addr1": p.init["addr1"], "city": p.init["city"], "postCode": p.init["postCode"]}
	address := map[string]bool{"customerFullName": true, "addr1": true, "city": true, "postCode": true}
	for _, k := range []string{"presentationCurrCode", "presentationUsage", "uniqueReference", "customerFullName", "addr1", "city", "postCode"} {
		got := r.JSON.Get(k)
		same := got.String() == fmt.Sprint(want[k])
		if address[k] {
			same = steps.SameText(got.String(), fmt.Sprint(want[k]))
		}
		if !same {
			diffs = append(diffs, fmt.Sprintf("%s: expected %q, got %s", k, want[k], calls.RawOrAbsent(got.Raw)))
		}
	}
	if len(diffs) > 0 {
		x.violate(st, invStatusAgrees, "Get Payment Status does not agree with what was authorized: "+strings.Join(diffs, "; "))
	}
	return true
}
