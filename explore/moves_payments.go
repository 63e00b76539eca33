package explore

import (
	"fmt"
	"sync"

	"github.com/shopspring/decimal"

	"github.com/wallet-conformance/wallet-conformance/calls"
	"github.com/wallet-conformance/wallet-conformance/profile"
	"github.com/wallet-conformance/wallet-conformance/schemas"
)

// Loads: an external payment with the wallet's accno, authorized and
// captured (B-3, B-4.1 to B-4.7).

func (x *machine) initLoad(amount decimal.Decimal) {
	st := x.newStep("init-load", schemas.InitAuthorize)
	st.plain = "the partner initiates a guest payment to load the account with presentationAmount set to " + amount.StringFixed(2)
	st.amount = amount
	a := x.m.account()
	r, ok := x.send(st, schemas.InitAuthorize, nil, x.InitLoadFields(a.accno, amount))
	if !ok {
		return
	}
	exp := expSuccess
	if a.closed {
		exp = expClosed
	}
	if x.outcome(st, r, exp) {
		x.expectField(st, r, invStatus, "statusCode", stReceived)
		x.m.payments = append(x.m.payments, &payment{
			kind: payLoad, ref: r.JSON.Get("uniqueReference").String(), token: r.JSON.Get("authorizationToken").String(),
			account: x.m.acc, status: stReceived, amount: amount, init: r.Fields,
		})
		x.m.pay = len(x.m.payments) - 1
		if !x.observeStatus(st, x.m.payments[x.m.pay]) {
			return
		}
	}
	if !x.observeBalance(st, invLoadAuthorization) {
		return
	}
	x.done(st)
}

// onLoad runs a move on the current load payment: the table's status for
// an allowed move, a refusal for any other. allowed returns the
// expectation (expSuccess when the move applies), apply moves the model
// after a success.
func (x *machine) onLoad(st *step, fields map[string]any, exp expectation, implied *Invariant, apply func(r *calls.Reply)) {
	p := x.m.payment()
	r, ok := x.send(st, st.op, map[string]string{"uniqueReference": p.ref}, fields)
	if !ok {
		return
	}
	if x.outcome(st, r, exp) {
		apply(r)
	}
	if !x.observeStatus(st, p) || !x.observeBalance(st, implied) {
		return
	}
	x.done(st)
}

func (x *machine) completeAuthorize() {
	st := x.newStep("complete-authorize", schemas.CompleteAuthorize)
	st.plain = "the partner completes the authorization"
	p := x.m.payment()
	f := x.Envelope(false)
	f["authorizationToken"] = p.token
	exp, implied := expRefusal, invLoadAuthorization
	switch {
	case p.status == stReceived:
		exp = expSuccess
	case p.status == stAuthorized:
		exp = x.repeat(profile.RepeatedPaymentMove)
	case p.status == stCancelled || p.status == stCaptured:
		// Its authorization was "previously initiated" (B-3): a refusal
		// is implied, not stated (B-3#5, advisory).
		exp, implied = expOpen, invPreviously
	}
	x.onLoad(st, f, exp, implied, func(r *calls.Reply) {
		if implied == invPreviously {
			x.movedBack(st, r, p)
			return
		}
		x.expectField(st, r, invStatus, "statusCode", stAuthorized)
		p.status = stAuthorized
	})
}

// movedBack follows a move of a payment that has moved on, which the
// target accepted (invPreviously): it warns, and the model takes the
// status the answer gives (Get Payment Status must then read it).
func (x *machine) movedBack(st *step, r *calls.Reply, p *payment) {
	x.violate(st, invPreviously, fmt.Sprintf("%s of a %s payment succeeded", opName(st.op), p.status))
	if s := r.JSON.Get("statusCode").String(); s == stReceived || s == stAuthorized || s == stCaptured || s == stCancelled {
		p.status = s
	}
}

func (x *machine) capture(part *decimal.Decimal) {
	st := x.newStep("capture", schemas.Capture)
	p := x.m.payment()
	f := x.Envelope(false)
	amount := p.amount
	st.plain, st.full = "the partner captures the payment", part == nil
	if part != nil {
		amount = *part
		f["modifiedAmount"] = calls.Money(amount)
		st.given = "the partner has captured " + amount.StringFixed(2) + " of the payment"
		st.plain = "the partner captures " + amount.StringFixed(2) + " of the payment"
	}
	exp, implied := expRefusal, (*Invariant)(nil)
	switch p.status {
	case stAuthorized:
		exp = expSuccess
	case stCancelled:
		// It was "previously authorized" (B-3): a refusal is implied, not
		// stated (B-3#24, advisory).
		exp, implied = expOpen, invPreviously
	}
	x.onLoad(st, f, exp, implied, func(r *calls.Reply) {
		if implied == invPreviously {
			x.movedBack(st, r, p)
			return
		}
		x.expectField(st, r, invStatus, "statusCode", stCaptured)
		x.expectAmount(st, r, invCaptured, "modifiedAmount", amount)
		p.status, p.captured = stCaptured, amount
		// B-3: Capture "internally performs Load Account when accno was
		// given at authorization", which may settle a moment later.
		x.m.accounts[p.account].book(x.m.pay, amount, true)
		st.settles = true
	})
}

func (x *machine) refund(pick *refundPick) {
	st := x.newStep("refund", schemas.Refund)
	p := x.m.payment()
	f := x.Envelope(false)
	amount, exp := x.refundAmount(st, p, f, "payment", pick)
	if exp == expSuccess && amount.GreaterThan(x.m.account().affordable()) {
		// Whether a refund of a load the wallet no longer covers is
		// refused is not shown.
		exp = expOpen
	}
	x.onLoad(st, f, exp, invLoadRefund, func(r *calls.Reply) {
		x.expectField(st, r, invStatus, "statusCode", stCaptured)
		if !x.refundBeyond(st, p, amount, false) {
			x.expectAmount(st, r, invRefund, "refundAmount", amount)
		}
		p.refunded = p.refunded.Add(amount)
		x.m.accounts[p.account].book(x.m.pay, amount, false)
	})
}

// refundPick is a refund chosen rather than drawn: the rest (choice 0),
// a part (1) or more than is left (2), of amount.
type refundPick struct {
	choice int
	amount decimal.Decimal
}

// refundAmount draws a refund (the rest, a part of it, or more than is
// left), or takes pick, fills the request and the sentences, and returns
// the amount and the expectation.
//
// What a call may refund is bounded per call (B-4.5 "cannot exceed the
// refunded transaction amount", B-4.18 "not above the refunded amount"):
// above the captured amount of a wallet payment, or the authorized amount
// of a load (of a load captured in part, "the refunded transaction amount"
// may be either, B-4.5#6), a refund is not a success. That refunds
// together stay within it is implied, not stated (B-4.5#5, B-4.18#6): a
// refund above what is left but within the bound is open, and warns when
// accepted (refundBeyond).
func (x *machine) refundAmount(st *step, p *payment, f map[string]any, what string, pick *refundPick) (decimal.Decimal, expectation) {
	left := p.left()
	var choice int
	var amount decimal.Decimal
	if pick != nil {
		choice, amount = pick.choice, pick.amount
		if choice == 0 {
			amount = left
		}
	} else {
		choice = x.draw("refund", 0, 2)
		if choice == 0 && !left.IsPositive() {
			choice = 2 // refunding the rest of nothing: open; refund too much instead
		}
		amount = left
		switch choice {
		case 1:
			hi := left.Shift(2).IntPart()
			if hi < 1 {
				hi = 1
			}
			amount = x.cents("part", 1, hi)
		case 2:
			amount = left.Add(x.cents("excess", 1, 5000))
		}
	}
	st.amount, st.full = amount, choice == 0
	if choice == 0 {
		st.plain = "the partner refunds the " + what
		if what == "wallet payment" {
			st.given = "the partner has refunded the wallet payment"
		}
	} else {
		f["refundAmount"] = calls.Money(amount)
		st.given = "the partner has refunded " + amount.StringFixed(2) + " of the " + what
		st.plain = "the partner refunds " + amount.StringFixed(2) + " of the " + what
	}
	switch {
	case p.status != stCaptured:
		return amount, expRefusal
	case amount.GreaterThan(p.refundBound()):
		return amount, expNotSuccess
	case amount.GreaterThan(left), choice == 0 && p.refunded.IsPositive():
		// Beyond what is left, within the bound of one call; or a full
		// refund of a payment refunded in part, which may be the rest or
		// the whole of it again.
		return amount, expOpen
	}
	return amount, expSuccess
}

// refundBound is the most one refund of the payment may be without
// breaking a sentence: a wallet payment's captured amount (B-4.18#3), a
// load's authorized amount (B-4.5#4, #6).
func (p *payment) refundBound() decimal.Decimal {
	if p.kind == payLoad && p.amount.GreaterThan(p.captured) {
		return p.amount
	}
	return p.captured
}

// refundBeyond follows an accepted refund whose amount the sentences leave
// open: one above what is left (advisory, invRefundsAddUp), and a full
// refund of a payment refunded in part, which the model takes as the rest
// and, when the balance shows the whole captured amount again, as that
// (advisory too). credit says which way the wallet's money goes. It
// reports whether the refund was one of those.
func (x *machine) refundBeyond(st *step, p *payment, amount decimal.Decimal, credit bool) bool {
	left := p.left()
	switch {
	case amount.GreaterThan(left):
		x.violate(st, invRefundsAddUp, fmt.Sprintf("%s of %s succeeded with %s left to refund of %s captured", opName(st.op), amount.StringFixed(2), left.StringFixed(2), p.captured.StringFixed(2)))
		return true
	case st.full && p.refunded.IsPositive():
		a := x.m.accounts[p.account]
		whole := p.captured
		extra := whole.Sub(amount)
		if !extra.IsPositive() {
			return true
		}
		alt := a.bal
		if credit {
			alt.Bk = alt.Bk.Add(whole)
		} else {
			alt.Bk = alt.Bk.Sub(whole)
		}
		pi := x.m.pay
		st.alts = append(st.alts, outcomeAlt{bal: alt, take: func() {
			x.violate(st, invRefundsAddUp, fmt.Sprintf("%s without refundAmount of a payment refunded in part before refunded the whole %s again, not the %s left", opName(st.op), whole.StringFixed(2), amount.StringFixed(2)))
			p.refunded = p.refunded.Add(extra)
			a.bookings[len(a.bookings)-1] = booking{amount: whole, credit: credit, payment: pi}
		}})
		return true
	}
	return false
}

func (x *machine) cancel() {
	st := x.newStep("cancel", schemas.Cancel)
	st.plain = "the partner cancels the payment"
	p := x.m.payment()
	exp, implied := expRefusal, invLoadAuthorization
	captured := p.status == stCaptured
	switch {
	case p.status == stAuthorized:
		exp = expSuccess
	case captured:
		// Cancel's condition is "previously authorized" (B-3): that a
		// captured payment is refused is implied (advisory, B-3#14); a
		// refusal must change nothing, an acceptance warns, and what it
		// does to the wallet is not shown: the model takes the balance.
		exp, implied = expOpen, invCancelCaptured
	}
	x.onLoad(st, x.Envelope(false), exp, implied, func(r *calls.Reply) {
		if captured {
			x.violate(st, invCancelCaptured, "Cancel of a CAPTURED payment succeeded")
		}
		x.expectField(st, r, invStatus, "statusCode", stCancelled)
		p.status = stCancelled
	})
}

// Wallet-to-merchant payments (B-3's KC rows, B-4.14 to B-4.18).

func (x *machine) walletPayment(kind string, amount decimal.Decimal) {
	op, status := schemas.KCAuthorize, stAuthorized
	st := x.newStep(kind, op)
	st.amount = amount
	st.given = "the partner has authorized a wallet payment of " + amount.StringFixed(2) + " to the merchant"
	st.plain = "the partner authorizes a wallet payment of " + amount.StringFixed(2) + " to the merchant"
	if kind == "kc-debit" {
		op, status = schemas.KCDebitAccount, stCaptured
		st.op = op
		st.given = "the partner has debited " + amount.StringFixed(2) + " from the account for the merchant"
		st.plain = "the partner debits " + amount.StringFixed(2) + " from the account for the merchant"
	}
	a := x.m.account()
	var merchantBefore decimal.Decimal
	merchantSeen := false
	if kind == "kc-debit" {
		merchantBefore, merchantSeen = x.merchantBooked(st)
		if x.stop {
			return
		}
	}
	r, ok := x.send(st, op, nil, x.WalletFields(op, a.accno, amount))
	if !ok {
		return
	}
	exp := expSuccess
	switch {
	case a.closed:
		exp = expClosed
	case amount.GreaterThan(a.affordable()):
		exp = expAdvise
	}
	if x.outcome(st, r, exp) {
		x.expectField(st, r, invStatus, "statusCode", status)
		p := &payment{kind: payKCAuth, ref: r.JSON.Get("uniqueReference").String(), account: x.m.acc, status: status, amount: amount}
		x.m.payments = append(x.m.payments, p)
		x.m.pay = len(x.m.payments) - 1
		if !a.closed {
			if kind == "kc-debit" {
				p.kind, p.captured = payKCDebit, amount
				a.book(x.m.pay, amount, false)
			} else {
				// B-2.4: blkAmt is the "blocked amount (authorized until captured or cancelled)".
				p.blocked = amount
				a.bal.Blk = a.bal.Blk.Add(amount)
			}
		}
	}
	x.observeMerchant(st, merchantBefore, merchantSeen && !a.closed, false)
	if !x.observeBalance(st, nil) {
		return
	}
	x.done(st)
}

// onWallet runs a move on the current wallet payment.
func (x *machine) onWallet(st *step, fields map[string]any, exp expectation, implied *Invariant, apply func(r *calls.Reply)) {
	p := x.m.payment()
	// KC-Capture moves money to the merchant (or, repeated, none): the
	// merchant's booked balance is read around it (invMerchant).
	var merchantBefore decimal.Decimal
	merchantSeen := false
	if st.op == schemas.KCCapture {
		merchantBefore, merchantSeen = x.merchantBooked(st)
		if x.stop {
			return
		}
	}
	r, ok := x.send(st, st.op, map[string]string{"uniqueReference": p.ref}, fields)
	if !ok {
		return
	}
	if x.outcome(st, r, exp) {
		apply(r)
	}
	// The wallet's balance first: it says which outcome the spec permits
	// the target took (a second capture that moved nothing is a repeat),
	// and so what the merchant's balance must show.
	if !x.observeBalance(st, implied) {
		return
	}
	x.observeMerchant(st, merchantBefore, merchantSeen, st.repeated)
	if x.stop {
		return // the merchant's read ended the run; send filed the step
	}
	x.done(st)
}

func (x *machine) kcCapture(part *decimal.Decimal) {
	st := x.newStep("kc-capture", schemas.KCCapture)
	p := x.m.payment()
	f := x.Envelope(false)
	f["modifiedAmountCurrCode"] = x.e.profile.Currency
	// again: a KC-Capture of a wallet payment captured in part before.
	// It names what it captures, a part of the rest or all of it: what a
	// second capture without an amount would take is not said.
	again := p.kind == payKCAuth && p.status == stCaptured && p.captured.LessThan(p.amount)
	if again {
		if rest := p.amount.Sub(p.captured); part == nil || part.GreaterThan(rest) {
			part = &rest
		}
	}
	amount := p.amount
	st.given, st.plain = "the partner has captured the wallet payment", "the partner captures the wallet payment"
	st.full = part == nil
	if part != nil {
		amount = *part
		f["modifiedAmount"] = calls.Money(amount)
		st.given = "the partner has captured " + amount.StringFixed(2) + " of the wallet payment"
		st.plain = "the partner captures " + amount.StringFixed(2) + " of the wallet payment"
	}
	st.amount = amount
	exp, implied := expRefusal, (*Invariant)(nil)
	repeated := p.kind == payKCAuth && p.status == stCaptured && !again
	st.repeated = repeated
	switch {
	case p.kind == payKCAuth && p.status == stAuthorized:
		exp = expSuccess
	case repeated:
		exp = x.repeat(profile.KCRepeatedMove)
	case again:
		// The spec leaves it open (captureAgain): refused, answered again,
		// or a capture of more.
		exp = expOpen
	case p.kind == payKCAuth && p.status == stCancelled:
		// It was "previously authorized by KC-Authorize" (B-3): a refusal
		// is implied, not stated (B-3#63, advisory).
		exp, implied = expOpen, invPreviously
	}
	x.onWallet(st, f, exp, implied, func(r *calls.Reply) {
		if implied == invPreviously {
			x.movedBack(st, r, p)
			return
		}
		x.expectField(st, r, invStatus, "statusCode", stCaptured)
		if repeated {
			return // answered again: no money moves (B-2.4#4)
		}
		if again {
			x.captureAgain(st, p, amount)
			return
		}
		x.expectAmount(st, r, invCaptured, "modifiedAmount", amount)
		a := x.m.accounts[p.account]
		rest := p.blocked.Sub(amount)
		a.bal.Blk = a.bal.Blk.Sub(p.blocked)
		p.blocked = decimal.Zero
		p.status, p.captured = stCaptured, amount
		a.book(x.m.pay, amount, false)
		if rest.IsPositive() {
			// B-2.4: the part not captured was "authorized until captured
			// or cancelled" and is neither; a target may keep it blocked
			// or release it with the capture.
			alt := a.bal
			alt.Blk = alt.Blk.Add(rest)
			st.alts = append(st.alts, outcomeAlt{bal: alt, take: func() { p.blocked = rest }})
		}
	})
}

// captureAgain follows a KC-Capture of amount, accepted, of a wallet
// payment captured in part before. What it is the spec leaves open: B-3's
// row "| KC-Capture | previously authorized by KC-Authorize | CAPTURED |"
// holds of the payment (it was authorized by KC-Authorize), and B-4.16's
// modifiedAmount lets a capture take a part; but B-2.4's "blkAmt ...
// (authorized until captured or cancelled)" lets the first capture end
// the authorization, and no sentence says whether a payment is captured
// once or in parts. So a target may refuse it (nothing moves), answer it
// again as a repeat (nothing moves, B-3#58), or capture amount more: then,
// by B-4.16#4, the wallet's booked balance falls by exactly amount, and
// what is still blocked of the payment is released by at least amount's
// share of it (the rest of it may stay blocked or go). The model takes
// the capture of more, and the balance read decides among the three.
func (x *machine) captureAgain(st *step, p *payment, amount decimal.Decimal) {
	a := x.m.accounts[p.account]
	before, blocked, captured, n := a.bal, p.blocked, p.captured, len(a.bookings)
	released := decimal.Min(amount, p.blocked)
	a.bal.Blk = a.bal.Blk.Sub(released)
	p.blocked = p.blocked.Sub(released)
	p.captured = p.captured.Add(amount)
	a.book(x.m.pay, amount, false)
	if rest := p.blocked; rest.IsPositive() {
		alt := a.bal
		alt.Blk = alt.Blk.Sub(rest)
		st.alts = append(st.alts, outcomeAlt{bal: alt, take: func() { p.blocked = decimal.Zero }})
	}
	st.alts = append(st.alts, outcomeAlt{bal: before, take: func() {
		// answered again: the capture moved nothing, and the merchant is
		// not credited either
		p.blocked, p.captured, a.bookings = blocked, captured, a.bookings[:n]
		st.repeated = true
	}})
}

func (x *machine) kcCancel() {
	st := x.newStep("kc-cancel", schemas.KCCancel)
	st.given, st.plain = "the partner has cancelled the wallet payment", "the partner cancels the wallet payment"
	p := x.m.payment()
	exp := expRefusal
	repeated := p.kind == payKCAuth && p.status == stCancelled
	switch {
	case p.kind == payKCAuth && p.status == stAuthorized:
		exp = expSuccess
	case repeated:
		exp = x.repeat(profile.KCRepeatedMove)
	}
	x.onWallet(st, x.Envelope(false), exp, nil, func(r *calls.Reply) {
		x.expectField(st, r, invStatus, "statusCode", stCancelled)
		if repeated {
			return
		}
		a := x.m.accounts[p.account]
		a.bal.Blk = a.bal.Blk.Sub(p.blocked)
		p.blocked = decimal.Zero
		p.status = stCancelled
	})
}

func (x *machine) kcRefund(pick *refundPick) {
	st := x.newStep("kc-refund", schemas.KCRefund)
	p := x.m.payment()
	f := x.Envelope(false)
	amount, exp := x.refundAmount(st, p, f, "wallet payment", pick)
	x.onWallet(st, f, exp, nil, func(r *calls.Reply) {
		x.expectField(st, r, invStatus, "statusCode", stCaptured)
		x.refundBeyond(st, p, amount, true)
		p.refunded = p.refunded.Add(amount)
		x.m.accounts[p.account].book(x.m.pay, amount, true)
	})
}

// concurrentDebits sends n KC-Debit Accounts of amount at once. The
// balance must agree with those that succeeded (B-2.4); that only as many
// succeed as the money allows is advisory.
func (x *machine) concurrentDebits(n int, amount decimal.Decimal) {
	st := x.newStep("kc-debit-concurrent", schemas.KCDebitAccount)
	st.plain = fmt.Sprintf("the partner debits the account for the merchant %d times at once, %s each", n, amount.StringFixed(2))
	st.expect = expOpen
	a := x.m.account()
	if x.e.caller.Exhausted(x.ctx) {
		x.stop, x.tr.cut = true, true
		return
	}
	replies := make([]*calls.Reply, n)
	errs := make([]error, n)
	var wg sync.WaitGroup
	for i := range n {
		fields := x.WalletFields(schemas.KCDebitAccount, a.accno, amount)
		wg.Add(1)
		go func() {
			defer wg.Done()
			replies[i], errs[i] = x.e.caller.Call(x.ctx, schemas.KCDebitAccount, nil, fields)
		}()
	}
	wg.Wait()
	succeeded := 0
	for i, r := range replies {
		if !x.took(st, r, errs[i]) {
			continue
		}
		if r.Succeeded() {
			succeeded++
			x.m.payments = append(x.m.payments, &payment{kind: payKCDebit, ref: r.JSON.Get("uniqueReference").String(), account: x.m.acc, status: stCaptured, amount: amount, captured: amount})
			a.book(len(x.m.payments)-1, amount, false)
		}
	}
	if x.stop {
		x.done(st)
		return
	}
	st.accepted, st.followed = succeeded > 0, true
	can := int(st.before.Avl().Sub(a.min).Div(amount).Floor().IntPart())
	can = max(0, min(can, n))
	if succeeded != can {
		x.violate(st, invMinimum, fmt.Sprintf("expected %d of the %d concurrent debits of %s to succeed, as avlBal %s and minimumAllowedBalance %s allow; %d did",
			can, n, amount.StringFixed(2), st.before.Avl().StringFixed(2), a.min.StringFixed(2), succeeded))
	}
	st.thens = append(st.thens, "the balances agree to the cent with the debits that succeeded, and each has its entry (advisory)")
	if !x.observeBalance(st, nil) {
		return
	}
	x.done(st)
}

// repeat is what an exact repeat of a move the payment already made is
// expected to answer: the target declares it (the behaviour key, B-3#16 for
// payments, B-3#58 for KC payments): refused, or answered again. Either way
// its status stays and no money moves.
func (x *machine) repeat(key profile.BehaviourKey) expectation {
	if x.e.profile.Behaves(key) == profile.Idempotent {
		return expSuccess
	}
	return expRefusal
}
