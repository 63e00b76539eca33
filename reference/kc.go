package reference

import (
	"cmp"
	"net/http"
	"strings"
	"time"

	"github.com/shopspring/decimal"

	"github.com/wallet-conformance/wallet-conformance/schemas"
)

// merchantName is the name of the merchant account in the wallets' entries.
const merchantName = "Reference Merchant"

// raceWindow is how long the mutant race-double-spend waits between the
// balance check and the booking of a KC-Debit Account.
const raceWindow = 50 * time.Millisecond

// kcOperations lists the wallet-to-merchant payment endpoints.
func kcOperations() []operation {
	return []operation{
		{id: schemas.KCAuthorize, run: (*handler).kcAuthorize},
		{id: schemas.KCDebitAccount, run: (*handler).kcDebit},
		{id: schemas.KCCapture, run: (*handler).kcCapture},
		{id: schemas.KCCancel, run: (*handler).kcCancel},
		{id: schemas.KCRefund, run: (*handler).kcRefund},
	}
}

// checkMerchant checks merchantAccno and merchantProgramCode (B-4.14,
// B-4.15): absent (KC-Authorize only) or the merchant's accno name the
// merchant; so does its external account reference, but then
// merchantProgramCode is mandatory (0001 naming it). A merchantProgramCode
// given must be the merchant's (wrongProgram); any other merchantAccno is
// an unknown account.
func (h *handler) checkMerchant(c *call, op string) (reply, bool) {
	code, given := c.v["merchantProgramCode"].(string)
	lax := (op == schemas.KCAuthorize && h.mutant("kc-merchant-programcode-optional")) ||
		(op == schemas.KCDebitAccount && h.mutant("kc-debit-merchant-programcode-optional"))
	switch c.v.str("merchantAccno") {
	case "", h.cfg.MerchantAccno:
	case h.cfg.MerchantExternalReference:
		if op == schemas.KCAuthorize && h.mutant("cr-kc-authorize-external-merchant-unknown") {
			return h.fail(h.p.unknownAccount(), "merchant account not found: merchantAccno"), true
		}
		if op == schemas.KCDebitAccount && h.variant("kc-debit-accnotype-both-numbers") {
			// accnoType "applies to both account numbers" (B-4.15), and
			// both of its values address accounts by accno here.
			return h.fail(h.p.unknownAccount(), "merchant account not found: merchantAccno"), true
		}
		if !given && !lax {
			return h.invalid(problems{missing: []string{"merchantProgramCode"}}), true
		}
	default:
		return h.fail(h.p.unknownAccount(), "merchant account not found: merchantAccno"), true
	}
	if given && code != h.cfg.MerchantProgramCode {
		return h.fail(h.p.wrongProgram(), "invalid value: merchantProgramCode"), true
	}
	return reply{}, false
}

// newKCPayment builds the payment of a KC-Authorize or KC-Debit Account
// request, owned by the call's partner: the payer is the open wallet accno
// (an account of that partner; another's is unknown), the payee the
// merchant (shared by every partner), and paymentCurrCode must be the
// currency of both accounts. The billing address is the request's BB fields
// when useDifferentBillingAddress is true, else the wallet owner's address.
func (h *handler) newKCPayment(c *call, kind paymentKind) (payment, reply, bool) {
	op := schemas.KCAuthorize
	if kind == paymentKCDebit {
		op = schemas.KCDebitAccount
	}
	if rep, bad := h.checkMerchant(c, op); bad {
		return payment{}, rep, false
	}
	a, found := h.accounts.get(c.scope, c.v.str("accno"))
	if !found {
		return payment{}, h.fail(h.p.unknownAccount(), "account not found"), false
	}
	if a.statusCode == statusClosed && !(kind == paymentKCDebit && h.mutant("closed-wallet-kc-debit-allowed")) {
		return payment{}, h.fail(h.p.accountClosed(), "account is closed"), false
	}
	curr := c.v.str("paymentCurrCode")
	if !strings.EqualFold(curr, a.currCode) || !strings.EqualFold(curr, merchantCurrency) {
		return payment{}, h.fail(h.p.currencyMismatch(),
			"invalid value: paymentCurrCode differs from the currency of the wallet or of the merchant account"), false
	}
	owner := ownerBilling(&a)
	name, _ := owner["fullName"].(string)
	p := payment{
		partner:        c.scope.partner,
		kind:           kind,
		accno:          a.accno,
		initiatorAccno: a.accno,
		initiatorName:  name,
		currCode:       a.currCode,
		usage:          c.v.str("paymentUsage"),
		merchantAccno:  h.cfg.MerchantAccno,
		billing:        optionAddress(owner),
	}
	p.madeBy(c)
	p.amount, _ = c.v.amount("paymentAmount")
	if c.v.flag("useDifferentBillingAddress") {
		p.billing = requestAddress(c.v)
	}
	return p, reply{}, true
}

// kcPaymentFields are the fields KC-Authorize and KC-Debit Account answer
// alike.
func (h *handler) kcPaymentFields(c *call, p *payment) map[string]any {
	return map[string]any{
		"partnerReference": c.v.str("partnerReference"),
		"uniqueReference":  p.reference,
		"accno":            p.accno,
		"merchantAccno":    p.merchantAccno,
		"programAccno":     c.v.str("programAccno"),
		"paymentAmount":    money(p.amount),
		"paymentCurrCode":  p.currCode,
		"paymentUsage":     p.usage,
		"statusCode":       p.status,
		"statusReason":     h.p.statusReason(p.status),
	}
}

// fxRate is the fxRate of a KC response (B-2.1): 1, written in the
// operation's notation (Dec(18,2), or Dec(18) in KC-Debit Account), the
// wallet and the merchant account sharing one currency; null under the
// variant kc-fxrate-null.
func (h *handler) fxRate(dec18 bool) any {
	switch {
	case h.variant("kc-fxrate-null"):
		return nil
	case dec18:
		return decimal.NewFromInt(1)
	}
	return money(decimal.NewFromInt(1))
}

// insufficient is the reply to a debit or block the wallet cannot afford.
func (h *handler) insufficient() reply {
	return h.fail(h.p.insufficientFunds(), "the available balance less minimumAllowedBalance does not cover paymentAmount")
}

// kcAuthorize implements B-4.14 KC-Authorize: paymentAmount is blocked on
// the wallet (blkAmt += amount, a pending DBIT entry) when avlBal - amount
// stays at or above minimumAllowedBalance; the payment is AUTHORIZED.
func (h *handler) kcAuthorize(c *call) reply {
	blockedBefore, racy := h.blockRaceRead(c)
	p, rep, ok := h.newKCPayment(c, paymentKCAuthorize)
	if !ok {
		return rep
	}
	p.status = statusAuthorized
	var refusal *reply
	p.reference = h.payments.insertWith(p, h.p.newPaymentReference, func(p *payment) bool {
		h.ledgers.do(c.now, func(tx *ledgerTx) {
			w := tx.ledger(p.accno)
			if w == nil || (!w.covers(p.amount, h.minimumBalance()) && !h.mutant("kc-authorize-beyond-funds")) {
				rep := h.insufficient()
				refusal = &rep
				return
			}
			if h.mutant("kc-authorize-no-block") {
				return
			}
			tx.block(w, posting{kind: entryBlock, amount: p.amount, reference: p.reference, description: p.usage, name: merchantName})
			p.blocked = p.amount
			if h.mutant("cr-second-block-replaces-first") {
				w.blkAmt = p.amount // the wallet's earlier blocks are forgotten
			}
			if racy { // the blocked amount read before the wait, plus this block: a block made meanwhile is lost
				w.blkAmt = blockedBefore.Add(p.amount)
			}
		})
		return refusal == nil
	})
	if refusal != nil {
		return *refusal
	}
	fields := h.kcPaymentFields(c, &p)
	fields["fxRate"] = h.fxRate(false)
	if h.mutant("kc-authorize-fxrate-a-string") {
		fields["fxRate"] = "1.00"
	}
	if h.mutant("kc-authorize-status-received") {
		fields["statusCode"] = statusReceived
	}
	return h.ok(http.StatusOK, fields)
}

// kcDebit implements B-4.15 KC-Debit Account: paymentAmount is debited
// from the wallet (a DBIT entry) and credited to the merchant at once, when
// avlBal - amount stays at or above minimumAllowedBalance; the payment is
// CAPTURED. The check and the booking are one atomic step.
func (h *handler) kcDebit(c *call) reply {
	if rep, bad := h.checkOneTimePassword(c); bad {
		return rep
	}
	p, rep, ok := h.newKCPayment(c, paymentKCDebit)
	if !ok {
		return rep
	}
	p.status, p.captured = statusCaptured, p.amount
	affordable := func(w *ledger) bool {
		return w != nil && (w.covers(p.amount, h.minimumBalance()) || h.mutant("below-minimum-allowed"))
	}
	racy := h.mutant("race-double-spend")
	if racy { // the check, then the booking under another lock
		var covered bool
		h.ledgers.do(c.now, func(tx *ledgerTx) { covered = affordable(tx.ledger(p.accno)) })
		if !covered {
			return h.insufficient()
		}
		time.Sleep(raceWindow)
	}
	var refusal *reply
	p.reference = h.payments.insertWith(p, h.p.newPaymentReference, func(p *payment) bool {
		h.ledgers.do(c.now, func(tx *ledgerTx) {
			w, m := tx.ledger(p.accno), tx.ledger(p.merchantAccno)
			if w == nil || m == nil || (!racy && !affordable(w)) {
				rep := h.insufficient()
				refusal = &rep
				return
			}
			if !h.mutant("debit-not-booked") {
				tx.debit(w, posting{kind: entryPayment, amount: h.validDebit(p.amount), reference: p.reference, description: p.usage, name: merchantName})
			}
			tx.credit(m, posting{kind: entryPayment, amount: p.amount, reference: p.reference, description: p.usage, name: p.initiatorName})
		})
		return refusal == nil
	})
	if refusal != nil {
		return *refusal
	}
	fields := h.kcPaymentFields(c, &p)
	fields["merchantProgramCode"] = h.cfg.MerchantProgramCode
	fields["fxRate"] = h.fxRate(true)
	if h.mutant("kc-debit-status-authorized") {
		fields["statusCode"] = statusAuthorized
	}
	if h.mutant("kc-debit-merchantprogramcode-a-number") {
		fields["merchantProgramCode"] = 4711
	}
	return h.ok(http.StatusOK, fields)
}

// kcReply are the fields KC-Capture, KC-Cancel answer.
func (h *handler) kcReply(c *call, p *payment) map[string]any {
	return map[string]any{
		"uniqueReference":  p.reference,
		"partnerReference": c.v.str("partnerReference"),
		"merchantAccno":    p.merchantAccno,
		"accno":            p.accno,
		"statusCode":       p.status,
		"statusReason":     h.p.statusReason(p.status),
	}
}

// onKCPayment is onPayment for the KC operations, with the choices and
// faults of this area that B-3's state table does not show: under the
// variant kc-repeat-idempotent an exact repeat (KC-Capture of a CAPTURED,
// KC-Cancel of a CANCELLED KC-Authorize payment) answers the payment as it
// is and moves nothing; the mutants kc-capture-twice-debits and
// kc-refund-before-capture let fn run on a payment the table forbids.
func (h *handler) onKCPayment(c *call, op string, fn func(p *payment) reply) reply {
	var rep reply
	done := false
	h.payments.with(c.scope, c.v.str("uniqueReference"), func(p *payment) {
		if p.kind != paymentKCAuthorize {
			return
		}
		switch {
		case op == schemas.KCCapture && p.status == statusCaptured && h.mutant("kc-capture-repeat-when-funded") && h.walletCovers(p.accno, p.captured, c.now):
			rep, done = fn(p), true
		case op == schemas.KCCapture && p.status == statusCaptured && h.mutant("kc-capture-twice-debits"),
			op == schemas.KCCapture && p.status == statusCaptured && p.captured.LessThan(p.amount) && h.mutant("kc-capture-again-debits-authorized"),
			op == schemas.KCRefund && p.status == statusAuthorized && h.mutant("kc-refund-before-capture"):
			rep, done = fn(p), true
		case op == schemas.KCCapture && p.status == statusCaptured && h.variant("kc-repeat-idempotent"):
			rep, done = h.ok(http.StatusOK, h.kcCaptureFields(c, p, p.captured)), true
		case op == schemas.KCCancel && p.status == statusCancelled && h.variant("kc-repeat-idempotent"):
			rep, done = h.ok(http.StatusOK, h.kcReply(c, p)), true
		}
	})
	if done {
		return rep
	}
	return h.onPayment(c, op, fn)
}

// walletCovers reports whether the wallet could pay amount before its
// minimum allowed balance: what the mutant kc-capture-repeat-when-funded
// asks instead of whether the payment is already captured.
func (h *handler) walletCovers(accno string, amount decimal.Decimal, now time.Time) bool {
	covers := false
	h.ledgers.do(now, func(tx *ledgerTx) {
		if l := tx.ledger(accno); l != nil {
			covers = l.covers(amount, h.minimumBalance())
		}
	})
	return covers
}

// kcCaptureFields are the fields KC-Capture answers for a payment captured
// by that amount.
func (h *handler) kcCaptureFields(c *call, p *payment, captured decimal.Decimal) map[string]any {
	fields := h.kcReply(c, p)
	fields["modifiedAmount"] = money(captured)
	fields["modifiedAmountCurrCode"] = p.currCode
	fields["processedAmount"] = money(captured)
	fields["processedCurrCode"] = merchantCurrency
	fields["fxRate"] = h.fxRate(false)
	if h.mutant("kc-capture-processedamount-a-string") {
		fields["processedAmount"] = "1.00"
	}
	if h.mutant("kc-capture-status-authorized") {
		fields["statusCode"] = statusAuthorized
	}
	return fields
}

// kcCapture implements B-4.16 KC-Capture, only of an AUTHORIZED KC-Authorize
// payment: the whole block is released (its pending entry removed),
// modifiedAmount (at most the authorized amount; all of it when omitted) is
// debited from the wallet and credited to the merchant; CAPTURED.
// modifiedFeeAmount is accepted and ignored (the variant
// kc-capture-fee-from-wallet debits it from the wallet too).
func (h *handler) kcCapture(c *call) reply {
	return h.onKCPayment(c, schemas.KCCapture, func(p *payment) reply {
		if h.closedAccount(c, p.accno) && !h.mutant("closed-wallet-kc-capture-allowed") {
			return h.fail(h.p.accountClosed(), "the wallet of the payment is closed")
		}
		if rep, bad := h.checkCurrency(p, c, "modifiedAmountCurrCode"); bad {
			return rep
		}
		captured := p.amount
		if m, given := c.v.amount("modifiedAmount"); given {
			if m.GreaterThan(p.amount) {
				return h.fail(h.p.amountExceeded(), "modifiedAmount exceeds the authorized amount")
			}
			captured = m
		}
		debited := captured
		if h.mutant("kc-capture-debits-authorized") || (h.mutant("kc-capture-again-debits-authorized") && p.status == statusCaptured) {
			debited = p.amount
		}
		usage := cmp.Or(c.v.str("modifiedUsage"), p.usage)
		h.ledgers.do(c.now, func(tx *ledgerTx) {
			w, m := tx.ledger(p.accno), tx.ledger(p.merchantAccno)
			if w == nil || m == nil {
				return // never: both ledgers exist as long as the server does
			}
			switch {
			case h.mutant("kc-capture-keeps-block"):
			case (h.variant("kc-partial-capture-keeps-rest-blocked") || h.mutant("cr-kc-partial-capture-keeps-rest-blocked")) && captured.LessThan(p.blocked):
				// the part not captured stays "authorized until captured
				// or cancelled" (B-2.4): only the captured part is released
				// (the clean-room fault of that name is this permitted choice)
				tx.release(w, captured, p.reference)
				p.blocked = p.blocked.Sub(captured)
			case h.mutant("kc-capture-releases-every-block"):
				tx.release(w, w.blkAmt, p.reference)
				p.blocked = decimal.Zero
			default:
				tx.release(w, p.blocked, p.reference)
				p.blocked = decimal.Zero
			}
			tx.debit(w, posting{kind: entryPayment, amount: debited, reference: p.reference, description: usage, name: merchantName})
			if fee, given := c.v.amount("modifiedFeeAmount"); given && fee.IsPositive() && h.variant("kc-capture-fee-from-wallet") {
				tx.debit(w, posting{kind: entryPayment, amount: fee, reference: p.reference, description: "capture fee", name: merchantName})
			}
			if !h.mutant("kc-capture-merchant-not-credited") {
				tx.credit(m, posting{kind: entryPayment, amount: captured, reference: p.reference, description: usage, name: p.initiatorName})
			}
		})
		p.status, p.captured = statusCaptured, captured
		return h.ok(http.StatusOK, h.kcCaptureFields(c, p, captured))
	})
}

// kcCancel implements B-4.17 KC-Cancel, only of an AUTHORIZED KC-Authorize
// payment: the block is released, its pending entry replaced by a neutral
// entry; CANCELLED.
func (h *handler) kcCancel(c *call) reply {
	return h.onKCPayment(c, schemas.KCCancel, func(p *payment) reply {
		h.ledgers.do(c.now, func(tx *ledgerTx) {
			w := tx.ledger(p.accno)
			if w == nil {
				return // never: a wallet's ledger exists as long as the server does
			}
			released := p.blocked
			if h.mutant("kc-cancel-keeps-block") {
				released = decimal.Zero
			}
			tx.release(w, released, p.reference)
			indicator, amount := h.p.neutralEntry(released)
			tx.neutral(w, posting{
				kind: entryRelease, amount: amount, reference: p.reference,
				description: cmp.Or(c.v.str("modifiedUsage"), p.usage), name: merchantName,
			}, indicator)
		})
		p.blocked = decimal.Zero
		p.status = statusCancelled
		fields := h.kcReply(c, p)
		if h.mutant("kc-cancel-status-authorized") {
			fields["statusCode"] = statusAuthorized
		}
		if h.mutant("kc-cancel-accno-a-number") {
			fields["accno"] = 4711
		}
		return h.ok(http.StatusOK, fields)
	})
}

// kcRefund implements B-4.18 KC-Refund, only of a CAPTURED KC payment:
// refundAmount (all that is left when omitted) is credited to the wallet
// and debited from the merchant; the refunds together never exceed the
// captured amount (under the variant kc-refund-bound-per-call each refund
// is bounded by the captured amount alone); the status stays CAPTURED.
func (h *handler) kcRefund(c *call) reply {
	readBefore, racy := h.refundRaceRead(c)
	return h.onKCPayment(c, schemas.KCRefund, func(p *payment) reply {
		if p.kind == paymentKCAuthorize && h.mutant("cr2-kc-refund-after-kc-capture-refused") {
			return h.fail(h.p.forbiddenMove(), "operation not allowed: the payment ("+kindName(p.kind)+") is "+p.status)
		}
		if h.closedAccount(c, p.accno) && !h.mutant("closed-wallet-kc-refund-allowed") {
			return h.fail(h.p.accountClosed(), "the wallet of the payment is closed")
		}
		if rep, bad := h.checkCurrency(p, c, "refundCurrCode"); bad {
			return rep
		}
		captured := p.captured
		if p.status == statusAuthorized { // only under the mutant kc-refund-before-capture
			captured = p.amount
		}
		left, bound := captured.Sub(p.refunded), captured.Sub(p.refunded)
		if h.variant("kc-refund-bound-per-call") {
			bound = captured
		}
		amount, rep, refused := h.refundAmountOf(c, left, bound, h.mutant("kc-refund-omitted-nothing"), h.mutant("kc-refund-above-captured"))
		if refused {
			return rep
		}
		if given, ok := c.v.amount("refundAmount"); ok && given.Equal(captured) && h.mutant("cr-kc-refund-exact-amount-refused") {
			return h.fail(h.p.amountExceeded(), "refundAmount exceeds what is left to refund")
		}
		usage := cmp.Or(c.v.str("refundUsage"), p.usage)
		h.ledgers.do(c.now, func(tx *ledgerTx) {
			w, m := tx.ledger(p.accno), tx.ledger(p.merchantAccno)
			if w == nil || m == nil || !amount.IsPositive() {
				return
			}
			if !h.mutant("kc-refund-not-credited") && !(h.mutant("kc-second-refund-not-credited") && p.refunded.IsPositive()) {
				tx.credit(w, posting{kind: entryPaymentRefund, amount: amount, reference: p.reference, description: usage, name: merchantName})
			}
			if racy { // the balance read before the wait, plus this refund: a refund booked meanwhile is lost
				w.bkBal = readBefore.Add(amount)
			}
			tx.debit(m, posting{kind: entryPaymentRefund, amount: amount, reference: p.reference, description: usage, name: p.initiatorName})
		})
		p.refunded = p.refunded.Add(amount)
		fields := map[string]any{
			"uniqueReference":   p.reference,
			"partnerReference":  c.v.str("partnerReference"),
			"refundSourceAccno": p.merchantAccno,
			"accno":             p.accno,
			"statusCode":        p.status,
			"statusReason":      h.p.statusReason(p.status),
		}
		if h.mutant("kc-refund-status-refunded") {
			fields["statusCode"] = statusRefunded
		}
		if h.mutant("kc-refund-source-a-number") {
			fields["refundSourceAccno"] = 4711
		}
		return h.ok(http.StatusOK, fields)
	})
}
