package steps

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/cucumber/godog"
	"github.com/shopspring/decimal"
	"github.com/tidwall/gjson"

	"github.com/wallet-conformance/wallet-conformance/profile"
	"github.com/wallet-conformance/wallet-conformance/schemas"
)

// Payments through external payment options: B-2.1, B-2.5, B-3, B-4.1 to B-4.7.

// defaultAmount is what a payment of the suite is worth unless a step says otherwise.
var defaultAmount = decimal.RequireFromString("25.00")

type paymentState struct {
	uniqueReference    string
	op                 string // the operation that made it (schemas.InitAuthorize, schemas.KCDebitAccount ...)
	localDate          string // the localDate of the request that made it
	status             string // the statusCode of the last successful answer on it: the one that made it, then each move or read of it
	accno              string // the account given as accno; "" for none (a guest payment)
	authorizationToken string
	amount             decimal.Decimal // presentationAmount
	usage              string
	billing            map[string]any // the billing fields the payment was initiated with; nil: not given
}

// paymentVariants are the request variants of the payments.
var paymentVariants = []requestVariant{
	{"to load the account", anyOperation(toLoadAccount)},
	{"with criteria", anyOperation(withCriteria)},
	{"with the house number in addr1", anyOperation(withHouseNumberInAddr1)},
}

var paymentBuilders = map[string]builder{
	schemas.InitAuthorize:     initAuthorizeRequest,
	schemas.CompleteAuthorize: completeAuthorizeRequest,
	schemas.Authorize:         authorizeRequest,
	schemas.Capture:           paymentRequest,
	schemas.Refund:            paymentRequest,
	schemas.Cancel:            paymentRequest,
	schemas.GetPaymentStatus:  paymentRequest,
}

// money writes an amount as a JSON number with two decimals (Dec(18,2)).
func money(d decimal.Decimal) json.Number { return json.Number(d.StringFixed(2)) }

// guestBilling is the billing block of a guest payment (B-4.1 use case 1).
func (w *World) guestBilling(f map[string]any) {
	for k, v := range GuestBilling(w.env.Profile, w.unique("guest-")) {
		f[k] = v
	}
}

// initAuthorizeRequest is a guest payment (B-4.1 use case 1) unless a
// variant makes it customer-initiated.
func initAuthorizeRequest(w *World) (map[string]string, map[string]any, error) {
	programAccno, err := w.need("programAccno")
	if err != nil {
		return nil, nil, err
	}
	f := w.envelope(false)
	f["programAccno"] = programAccno
	if code := w.env.Profile.PaymentOptionCode; code != "" {
		f["paymentOptionCode"] = code
	}
	f["presentationAmount"] = money(defaultAmount)
	f["presentationCurrCode"] = w.env.Profile.Currency
	f["presentationUsage"] = "Order " + w.unique("")
	w.guestBilling(f)
	return nil, f, nil
}

// authorizeRequest authorizes with the scenario's stored payment option (B-4.3).
func authorizeRequest(w *World) (map[string]string, map[string]any, error) {
	_, f, err := initAuthorizeRequest(w)
	if err != nil {
		return nil, nil, err
	}
	if err := withStoredOptionFields(w, f); err != nil {
		return nil, nil, err
	}
	return nil, f, nil
}

func withStoredOptionFields(w *World, f map[string]any) error {
	if w.option.current == "" {
		return fmt.Errorf("the scenario has no stored payment option: it needs \"Given the partner has stored a payment option\"")
	}
	delete(f, "paymentOptionCode")
	withoutBillingAddress(w, f)
	f["storedPaymentOptionReference"] = w.option.current
	return nil
}

func (w *World) paymentPath() (map[string]string, error) {
	if w.payment.uniqueReference == "" {
		return nil, fmt.Errorf("the scenario has no payment: it needs a Given that initiates or authorizes one")
	}
	return map[string]string{"uniqueReference": w.payment.uniqueReference}, nil
}

func completeAuthorizeRequest(w *World) (map[string]string, map[string]any, error) {
	path, err := w.paymentPath()
	if err != nil {
		return nil, nil, err
	}
	f := w.envelope(false)
	f["authorizationToken"] = w.payment.authorizationToken
	return path, f, nil
}

// paymentRequest is the body of Capture, Refund and Cancel, and the query of
// Get Payment Status: the envelope alone (B-4.4 to B-4.7).
func paymentRequest(w *World) (map[string]string, map[string]any, error) {
	path, err := w.paymentPath()
	if err != nil {
		return nil, nil, err
	}
	return path, w.envelope(false), nil
}

// Variants of a payment request.

func withStoredOption(w *World, f map[string]any) {
	if err := withStoredOptionFields(w, f); err != nil {
		f["storedPaymentOptionReference"] = "" // the scenario lacks its Given; the call will say so
	}
}

func toLoadAccount(w *World, f map[string]any) {
	f["accno"] = w.account.accno
	f["accnoType"] = w.env.Profile.AccnoType
}

func withCriteria(_ *World, f map[string]any) {
	f["criteria"] = []map[string]string{{"name": "channel", "value": "web"}, {"name": "basket", "value": "B-1"}}
}

func withHouseNumberInAddr1(w *World, f map[string]any) {
	f["addr1"] = addr1WithHouseNumber(w.env.Profile)
	delete(f, "houseNumber")
}

// rememberPayment keeps what a successful payment call established.
func (w *World) rememberPayment(c *call) {
	switch c.op.ID {
	case schemas.InitAuthorize, schemas.Authorize:
		p := paymentState{
			uniqueReference:    c.json.Get("uniqueReference").String(),
			accno:              accnoOf(c),
			authorizationToken: c.json.Get("authorizationToken").String(),
			amount:             decimal.RequireFromString(string(c.fields["presentationAmount"].(json.Number))),
			usage:              fmt.Sprint(c.fields["presentationUsage"]),
		}
		if c.fields["useDifferentBillingAddress"] == true {
			p.billing = c.fields
		}
		w.made(c, p)
	}
}

// made takes p, which the call c made, as the scenario's payment, the last
// of those it made, with the operation, localDate and statusCode of c.
func (w *World) made(c *call, p paymentState) {
	p.op, p.status = c.op.ID, c.json.Get("statusCode").String()
	p.localDate, _ = c.fields["localDate"].(string)
	w.payment = p
	w.payments = append(w.payments, p)
}

// moved keeps the statusCode a successful call on a payment the scenario
// made ({uniqueReference} in its path: a capture, a refund, a cancel, a
// read of its status) answered, as that payment's status.
func (w *World) moved(c *call) {
	ref, status := c.path["uniqueReference"], c.json.Get("statusCode").String()
	if ref == "" || status == "" {
		return
	}
	for i := range w.payments {
		if w.payments[i].uniqueReference == ref {
			w.payments[i].status = status
		}
	}
	if w.payment.uniqueReference == ref {
		w.payment.status = status
	}
}

// accnoOf is the account a payment request gave as accno; "" for none.
func accnoOf(c *call) string {
	s, _ := c.fields["accno"].(string)
	return s
}

// hasPayment brings a new payment into the named state through the moves
// of B-3.
func (w *World) hasPayment(ctx context.Context, state string) error {
	moves := map[string][]string{
		"a received guest payment":                             {"initiates a guest payment"},
		"an authorized guest payment":                          {"initiates a guest payment", "completes the authorization"},
		"a captured payment":                                   {"initiates a guest payment", "completes the authorization", "captures the payment"},
		"a cancelled payment":                                  {"initiates a guest payment", "completes the authorization", "cancels the payment"},
		"a received payment with the stored payment option":    {"initiates a payment with the stored payment option"},
		"an authorized payment with the stored payment option": {"authorizes a payment with the stored payment option"},
		"a captured payment with the stored payment option":    {"authorizes a payment with the stored payment option", "captures the payment"},
	}[state]
	for _, phrase := range moves {
		if err := w.sendValid(ctx, phrase, ""); err != nil {
			return err
		}
	}
	return nil
}

// hasMovedPayment captures or refunds part of the payment as a
// precondition.
func (w *World) hasMovedPayment(ctx context.Context, verb, amount string) error {
	phrase := map[string]string{"captured": "captures the payment", "refunded": "refunds the payment"}[verb]
	r, err := w.prepare(phrase, "")
	if err != nil {
		return err
	}
	if err := setAmount(r, amount); err != nil {
		return err
	}
	if err := w.send(ctx, r); err != nil {
		return err
	}
	if err := w.mustSucceed(true); err != nil {
		return err
	}
	return nil
}

// setAmount sets the amount field of a capture or refund.
func setAmount(r *request, amount string) error {
	d, err := decimal.NewFromString(amount)
	if err != nil {
		return fmt.Errorf("%q is not an amount", amount)
	}
	field := map[string]string{schemas.Capture: "modifiedAmount", schemas.Refund: "refundAmount"}[r.op.ID]
	if field == "" {
		return fmt.Errorf("%s takes no amount", r.op.Name)
	}
	r.fields[field] = money(d)
	return nil
}

func (w *World) movesPaymentWithAmount(ctx context.Context, verb, amount string) error {
	r, err := w.prepare(verb+" the payment", "")
	if err != nil {
		return err
	}
	if err := setAmount(r, amount); err != nil {
		return err
	}
	return w.send(ctx, r)
}

// statusReads reads the payment with Get Payment Status (B-4.7) and checks its statusCode.
func (w *World) statusReads(ctx context.Context, want string) error {
	defer w.keepWhen()()
	if err := w.readStatus(ctx); err != nil {
		return err
	}
	if got := w.last.json.Get("statusCode"); got.String() != want {
		return w.failf("expected Get Payment Status to report statusCode %q, got %s", want, rawOrAbsent(got.Raw))
	}
	return nil
}

// statusStillReads reads the payment after a refused move and advises when
// its statusCode is not the one it had (B-3#25): that a refusal leaves the
// status as it was is the converse of B-3's table, which does not state it,
// and "Failure statuses ... not shown" leaves room for a status a failed
// move leads to.
func (w *World) statusStillReads(ctx context.Context, want string) error {
	defer w.keepWhen()()
	if err := w.readStatus(ctx); err != nil {
		return err
	}
	if got := w.last.json.Get("statusCode"); got.String() != want {
		w.advise("B-3#25", "after the refused move Get Payment Status reports statusCode %s, not %q as before it; B-3 states the status a move results in, not that a refused one leaves it", rawOrAbsent(got.Raw), want)
	}
	return nil
}

func (w *World) readStatus(ctx context.Context) error {
	return w.readBack(ctx, "reads the payment status")
}

// amountIs compares a response amount with a decimal, to the cent.
func (w *World) amountIs(field, want string) error {
	c, err := w.requireLast()
	if err != nil {
		return err
	}
	wantD := decimal.RequireFromString(want)
	got := c.json.Get(field)
	gotD, perr := decimal.NewFromString(got.Raw)
	if got.Type != 2 || perr != nil || !gotD.Equal(wantD) {
		return w.failf("expected %s to be %s, got %s", field, wantD.StringFixed(2), rawOrAbsent(got.Raw))
	}
	return nil
}

func (w *World) isProfileCurrency(field string) error {
	return w.fieldIs(field, w.env.Profile.Currency)
}

// statusAgrees checks B-4.7#4 against what was authorized: the amount, its
// currency and usage as sent, and the billing address that was used
// (compared as sameText does).
func (w *World) statusAgrees(ctx context.Context) error {
	defer w.keepWhen()()
	if err := w.readStatus(ctx); err != nil {
		return err
	}
	j := w.last.json
	var diffs []string
	if got, err := decimal.NewFromString(j.Get("presentationAmount").Raw); err != nil || !got.Equal(w.payment.amount) {
		diffs = append(diffs, fmt.Sprintf("presentationAmount: authorized %s, got %s", w.payment.amount.StringFixed(2), rawOrAbsent(j.Get("presentationAmount").Raw)))
	}
	want := map[string]string{"presentationCurrCode": w.env.Profile.Currency, "presentationUsage": w.payment.usage, "uniqueReference": w.payment.uniqueReference}
	for _, k := range sortedKeys(want) {
		if got := j.Get(k); got.String() != want[k] {
			diffs = append(diffs, fmt.Sprintf("%s: expected %q, got %s", k, want[k], rawOrAbsent(got.Raw)))
		}
	}
	if b := w.payment.billing; b != nil {
		diffs = append(diffs, addressDiffs(j, "customerFullName", b, "customerFullName")...)
	}
	if len(diffs) > 0 {
		return w.violates("B-4.7#4", "Get Payment Status does not agree with what was authorized: %s", strings.Join(diffs, "; "))
	}
	return nil
}

// statusShowsAddress checks the address a payment with a stored option
// used, as Get Payment Status shows it: the account owner's (B-4.1#11), or
// the billing address the option was stored with (B-4.3#6).
func (w *World) statusShowsAddress(ctx context.Context, whose string) error {
	defer w.keepWhen()()
	if err := w.readStatus(ctx); err != nil {
		return err
	}
	j := w.last.json
	if whose == "the account owner's address" {
		if diffs := w.ownerAddressDiffs(j, "customerFullName"); len(diffs) > 0 {
			return w.violates("B-4.1#11", "Get Payment Status does not show the account owner's address: %s", strings.Join(diffs, "; "))
		}
		return nil
	}
	if w.option.billing == nil {
		return fmt.Errorf("the scenario did not store a payment option with a different billing address")
	}
	if diffs := addressDiffs(j, "customerFullName", w.option.billing, "customerFullName"); len(diffs) > 0 {
		return w.violates("B-4.3#6", "Get Payment Status does not show the stored payment option's billing address: %s", strings.Join(diffs, "; "))
	}
	return nil
}

// namesStoredOption checks that a customer-initiated Init Authorize names
// its stored payment option (B-4.1#12: "(customer-initiated case)").
func (w *World) namesStoredOption() error {
	c, err := w.requireLast()
	if err != nil {
		return err
	}
	if got := c.json.Get("storedPaymentOptionReference"); got.String() != w.option.current {
		return w.violates("B-4.1#12", "expected storedPaymentOptionReference %q (the customer-initiated case), got %s", w.option.current, rawOrAbsent(got.Raw))
	}
	return nil
}

// carriesAcquirerAmount checks B-3#4: processedAmount and processedCurrCode
// are returned. Their values are the acquirer's (B-2.1#3) and not compared.
func (w *World) carriesAcquirerAmount() error {
	c, err := w.requireLast()
	if err != nil {
		return err
	}
	amount, curr := c.json.Get("processedAmount"), c.json.Get("processedCurrCode")
	if _, perr := decimal.NewFromString(amount.Raw); amount.Type != gjson.Number || perr != nil || curr.Type != gjson.String || curr.Str == "" {
		return w.violates("B-3#4", "expected processedAmount and processedCurrCode returned, got %s and %s", rawOrAbsent(amount.Raw), rawOrAbsent(curr.Raw))
	}
	return nil
}

// wholeAmountCaptured advises when a Capture without modifiedAmount did not
// capture the whole authorized amount (B-4.4#5: what it captures is not
// stated).
func (w *World) wholeAmountCaptured() error {
	c, err := w.requireLast()
	if err != nil {
		return err
	}
	rule := map[string]string{schemas.Capture: "B-4.4#5", schemas.KCCapture: "B-4.16#8"}[c.op.ID]
	if rule == "" {
		return fmt.Errorf("the last call is %s, not a capture", c.op.Name)
	}
	got := c.json.Get("modifiedAmount")
	if d, perr := decimal.NewFromString(got.Raw); perr != nil || !d.Equal(w.payment.amount) {
		w.advise(rule, "a %s without modifiedAmount captured %s of the %s authorized", c.op.Name, rawOrAbsent(got.Raw), w.payment.amount.StringFixed(2))
	}
	return nil
}

// capturedAmount reads the amount the last call, a capture, says it
// captured: its modifiedAmount (B-2.1 "amount captured").
func (w *World) capturedAmount() (decimal.Decimal, error) {
	c, err := w.requireLast()
	if err != nil {
		return decimal.Zero, err
	}
	got := c.json.Get("modifiedAmount")
	d, perr := decimal.NewFromString(got.Raw)
	if got.Type != gjson.Number || perr != nil {
		return decimal.Zero, w.failf("expected the %s response's modifiedAmount, the amount captured (B-2.1), as a decimal number, got %s", c.op.Name, rawOrAbsent(got.Raw))
	}
	return d, nil
}

// fellByCaptured checks that the wallet fell by exactly the amount the
// KC-Capture says it captured (B-4.16#4): bkBal and avlBal down by it,
// from the balance noted before the authorization.
func (w *World) fellByCaptured(ctx context.Context) error {
	m, err := w.capturedAmount()
	if err != nil {
		return err
	}
	return w.bookedFell(ctx, m.StringFixed(2))
}

// loadedByCapture checks B-3#9: after a Capture of a payment authorized
// with accno the wallet rose, to the cent, by an amount the Capture
// answered: the amount captured, or processedAmount when it is in the
// wallet's currency (B-3 names the Load Account without describing it). A
// rise by processedAmount rather than by the amount captured is advice
// (B-3#23). The load may settle later: it is read again within the
// profile's settle allowance.
func (w *World) loadedByCapture(ctx context.Context) error {
	defer w.keepWhen()()
	c := w.last
	captured, err := w.capturedAmount()
	if err != nil {
		return err
	}
	before := w.wallet.noted
	rises := []decimal.Decimal{captured}
	if p, ok := processedInCurrency(c, w.env.Profile.Currency); ok && !p.Equal(captured) {
		rises = append(rises, p)
	}
	var after balance
	by := -1
	if _, err := w.settle(ctx, func() (bool, error) {
		b, err := w.readBalance(ctx)
		after, by = b, -1
		for i, r := range rises {
			if b.bk.Equal(before.bk.Add(r)) && b.avl.Equal(before.avl.Add(r)) && b.blk.Equal(before.blk) {
				by = i
			}
		}
		return err == nil && by >= 0, err
	}); err != nil {
		return err
	}
	switch by {
	case 0:
		return nil
	case 1:
		w.advise("B-3#23", "the wallet rose by processedAmount %s, not by the amount captured %s", rises[1].StringFixed(2), captured.StringFixed(2))
		return nil
	}
	var want []string
	for _, r := range rises {
		want = append(want, r.StringFixed(2))
	}
	return w.violates("B-3#9", "expected the wallet loaded by the Capture: bkBal and avlBal up by %s from %s, got %s%s",
		strings.Join(want, " or "), before, after, w.settledWithin())
}

// processedInCurrency reads a payment response's processedAmount when its
// processedCurrCode is curr.
func processedInCurrency(c *call, curr string) (decimal.Decimal, bool) {
	if c == nil || c.json.Get("processedCurrCode").String() != curr {
		return decimal.Zero, false
	}
	v := c.json.Get("processedAmount")
	d, err := decimal.NewFromString(v.Raw)
	return d, v.Type == gjson.Number && err == nil
}

// resultOf is the statusCode each move results in (B-3).
var resultOf = map[string]string{schemas.CompleteAuthorize: "AUTHORIZED", schemas.Capture: "CAPTURED", schemas.Cancel: "CANCELLED"}

// repeatAnswered checks an exact repeat of a move against what the target
// declares (B-3#16, behaviour repeatedPaymentMove): a handled error, or
// (idempotent) a success that answers the move's statusCode again.
func (w *World) repeatAnswered() error {
	c, err := w.readable()
	if err != nil {
		return err
	}
	want, ok := resultOf[c.op.ID]
	if !ok {
		return fmt.Errorf("%s is not a move B-3 lets a target repeat", c.op.Name)
	}
	if w.env.Profile.Behaves(profile.RepeatedPaymentMove) == profile.Idempotent {
		if !c.succeeded() {
			return w.violates("B-3#16", "the profile declares repeatedPaymentMove idempotent: expected the repeated %s to succeed (HTTP %s, 0000), got HTTP %d with responseCode %s",
				c.op.Name, statusText(c.op.Success), c.resp.Status, rawOrAbsent(c.json.Get("responseCode").Raw))
		}
		if err := w.callSucceeds(); err != nil {
			return err
		}
		if got := c.json.Get("statusCode"); got.String() != want {
			return w.violates("B-3#16", "expected the repeated %s to answer statusCode %q again, got %s", c.op.Name, want, rawOrAbsent(got.Raw))
		}
		return nil
	}
	code := c.json.Get("responseCode").String()
	if code == "0000" || code == "0099" || c.resp.Status < 400 {
		return w.violates("B-3#16", "the profile declares repeatedPaymentMove refused (the default): expected the repeated %s to be a handled error, got HTTP %d with responseCode %s",
			c.op.Name, c.resp.Status, rawOrAbsent(c.json.Get("responseCode").Raw))
	}
	return w.errorShape()
}

// cancelOfCapturedAgrees checks a Cancel of a CAPTURED payment: the spec
// does not exclude it (B-3#14 advises). Cancelled, the payment reads
// CANCELLED, the table's result (B-3#12); refused, that it still reads
// CAPTURED is implied, not stated (B-3#25 advises).
func (w *World) cancelOfCapturedAgrees(ctx context.Context) error {
	c, err := w.readable()
	if err != nil {
		return err
	}
	succeeded := c.json.Get("responseCode").String() == "0000"
	if succeeded {
		if err := w.callSucceeds(); err != nil {
			return err
		}
		w.advise("B-3#14", "Cancel of a CAPTURED payment succeeded; B-3 implies, without stating it, that only an authorization not yet captured is cancelled")
	} else if err := w.handledError(); err != nil {
		return err
	}
	defer w.keepWhen()()
	if err := w.readStatus(ctx); err != nil {
		return err
	}
	got := w.last.json.Get("statusCode")
	switch {
	case succeeded && got.String() != "CANCELLED":
		return w.violates("B-3#12", "the Cancel was answered 0000, so the payment should read CANCELLED (B-3: \"| Cancel | previously authorized | CANCELLED |\"); Get Payment Status reports %s", rawOrAbsent(got.Raw))
	case !succeeded && got.String() != "CAPTURED":
		w.advise("B-3#25", "the Cancel was refused, yet Get Payment Status reports %s, not CAPTURED as before it", rawOrAbsent(got.Raw))
	}
	return nil
}

// refundRefused advises when a refund the spec's words do not clearly bound
// was accepted (B-4.5#5 in sum, B-4.5#6 by the captured part).
func (w *World) refundRefused(why string) error {
	c, err := w.readable()
	if err != nil {
		return err
	}
	rule := map[string]string{"the refunds together would exceed the captured amount": "B-4.5#5", "it exceeds the captured part": "B-4.5#6"}[why]
	if c.json.Get("responseCode").String() == "0000" {
		w.advise(rule, "the refund was accepted though %s: B-4.5 bounds refundAmount by \"the refunded transaction amount\"", why)
		return nil
	}
	return w.handledError()
}

// refundsFromForeignAccount refunds the payment naming the scenario's own
// account, which is no target of the guest payment, as refundSourceAccno
// (B-4.5#8).
func (w *World) refundsFromForeignAccount(ctx context.Context) error {
	if w.account.accno == "" {
		return fmt.Errorf("the scenario has no account: it needs \"Given the partner has created an account\"")
	}
	r, err := w.prepare("refunds the payment", "")
	if err != nil {
		return err
	}
	r.fields["refundSourceAccno"] = w.account.accno
	return w.send(ctx, r)
}

// statusNotCaptured checks A-6#7 after a payment that did not succeed.
func (w *World) statusNotCaptured(ctx context.Context) error {
	defer w.keepWhen()()
	if err := w.readStatus(ctx); err != nil {
		return err
	}
	if got := w.last.json.Get("statusCode"); got.String() == "CAPTURED" {
		return w.violates("A-6#7", "the customer declined the payment, yet Get Payment Status reads CAPTURED, which means processed successfully")
	}
	return nil
}

// paymentCitations cites what each step registerPaymentSteps registers rests
// on (Citation), a row per sc.Step below; StepCitations gathers the domains'
// tables.
var paymentCitations = []StepCitation{
	{`^the partner has (a received guest payment|an authorized guest payment|a captured payment|a cancelled payment|a received payment with the stored payment option|an authorized payment with the stored payment option|a captured payment with the stored payment option)$`, state},
	{`^the partner has (captured|refunded) ([0-9]+\.[0-9]{2}) of the payment$`, state},
	{`^the partner (captures|refunds) ([0-9]+\.[0-9]{2}) of the payment$`, state},
	{`^the payment's status reads (\w+)$`, byScenario()},
	{`^the response's (\w+) is ([0-9]+\.[0-9]{2})$`, byScenario()},
	// The wallet's currency is the one the target declares in its profile.
	{`^the response's (\w+) is the profile's currency$`, rests("B-4.13#3", "B-2.4#1")},
	{`^the payment status agrees with what was authorized$`, rests("B-4.7#4")},
	{`^the payment status shows (the account owner's address|the stored payment option's billing address)$`, rests("B-4.1#11", "B-4.3#6")},
	{`^the response names the stored payment option$`, rests("B-4.1#12")},
	{`^the response carries the amount and currency returned by the acquirer$`, rests("B-3#4")},
	{`^the whole authorized amount is captured \(advisory\)$`, advises("B-4.4#5", "B-4.16#8")},
	{`^the wallet is loaded with the amount the capture answered, the amount captured \(advisory\)$`, rests("B-3#9", "B-2.4#2").and("B-3#23")},
	{`^the booked balance has fallen by the amount captured$`, rests("B-2.4#2", "B-2.4#4", "B-3#52")},
	{`^the repeat is refused, or answered again where the target declares its moves idempotent$`, rests("B-3#16").reading("A-7#2")},
	{`^the cancel is refused and the payment stays CAPTURED \(advisory\), or the payment reads CANCELLED$`, rests("B-3#12").and("B-3#25")},
	{`^the payment's status still reads (\w+) \(advisory\)$`, advises("B-3#25")},
	{`^the refund is refused \(advisory\), as (the refunds together would exceed the captured amount|it exceeds the captured part)$`, advises("B-4.5#5", "B-4.5#6").reading("A-7#2", "A-7#6")},
	{`^the partner refunds the payment taking it from an account that is no target of the payment$`, state},
	{`^the payment's status does not read CAPTURED$`, rests("A-6#7")},
}

func registerPaymentSteps(sc *godog.ScenarioContext, w *World) {
	re := w.env.re
	sc.Step(re(`^the partner has (a received guest payment|an authorized guest payment|a captured payment|a cancelled payment|a received payment with the stored payment option|an authorized payment with the stored payment option|a captured payment with the stored payment option)$`), w.hasPayment)
	sc.Step(re(`^the partner has (captured|refunded) ([0-9]+\.[0-9]{2}) of the payment$`), w.hasMovedPayment)
	sc.Step(re(`^the partner (captures|refunds) ([0-9]+\.[0-9]{2}) of the payment$`), w.movesPaymentWithAmount)
	sc.Step(re(`^the payment's status reads (\w+)$`), w.statusReads)
	sc.Step(re(`^the payment's status still reads (\w+) \(advisory\)$`), w.statusStillReads)
	sc.Step(re(`^the response's (\w+) is ([0-9]+\.[0-9]{2})$`), w.amountIs)
	sc.Step(re(`^the response's (\w+) is the profile's currency$`), w.isProfileCurrency)
	sc.Step(re(`^the payment status agrees with what was authorized$`), w.statusAgrees)
	sc.Step(re(`^the payment status shows (the account owner's address|the stored payment option's billing address)$`), w.statusShowsAddress)
	sc.Step(re(`^the response names the stored payment option$`), w.namesStoredOption)
	sc.Step(re(`^the response carries the amount and currency returned by the acquirer$`), w.carriesAcquirerAmount)
	sc.Step(re(`^the whole authorized amount is captured \(advisory\)$`), w.wholeAmountCaptured)
	sc.Step(re(`^the wallet is loaded with the amount the capture answered, the amount captured \(advisory\)$`), w.loadedByCapture)
	sc.Step(re(`^the booked balance has fallen by the amount captured$`), w.fellByCaptured)
	sc.Step(re(`^the repeat is refused, or answered again where the target declares its moves idempotent$`), w.repeatAnswered)
	sc.Step(re(`^the cancel is refused and the payment stays CAPTURED \(advisory\), or the payment reads CANCELLED$`), w.cancelOfCapturedAgrees)
	sc.Step(re(`^the refund is refused \(advisory\), as (the refunds together would exceed the captured amount|it exceeds the captured part)$`), w.refundRefused)
	sc.Step(re(`^the partner refunds the payment taking it from an account that is no target of the payment$`), w.refundsFromForeignAccount)
	sc.Step(re(`^the payment's status does not read CAPTURED$`), w.statusNotCaptured)
}
