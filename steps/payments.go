package steps

import (
	"context"
	"encoding/json"
	"fmt"
	"github.com/cucumber/godog"
	"strings"

	"github.com/shopspring/decimal"
)

// Payments through external payment options: B-2.1, B-2.5, B-3, B-4.1 to B-4.7.

// defaultAmount is what a payment of the suite is worth unless a step says otherwise.
var defaultAmount = decimal.RequireFromString("25.00")

type paymentState struct {
	uniqueReference    string
	authorizationToken string
	amount             decimal.Decimal // presentationAmount
	usage              string
	billing            map[string]any // the billing fields the payment was initiated with; nil: not given
}

var paymentBuilders = map[string]builder{
	"init-authorize":     initAuthorizeRequest,
	"complete-authorize": completeAuthorizeRequest,
	"authorize":          authorizeRequest,
	"capture":            paymentRequest,
	"refund":             paymentRequest,
	"cancel":             paymentRequest,
	"get-payment-status": paymentRequest,
}

// money writes an amount as a JSON number with two decimals (Dec(18,2)).
func money(d decimal.Decimal) json.Number { return json.Number(d.StringFixed(2)) }

// guestBilling is the billing block of a guest payment (B-4.1 use case 1):
// real-looking customer data with the house number apart from addr1.
func (w *World) guestBilling(f map[string]any) {
	f["useDifferentBillingAddress"] = true
	f["customerFullName"] = "Jonas Beispiel"
	f["emailAddress"] = strings.ToLower(w.unique("guest-")) + "@example.com"
	f["addr1"] = "Schillerstrasse"
	f["houseNumber"] = "12"
	f["city"] = "Hamburg"
	f["postCode"] = "20095"
	f["countryCode"] = "DE"
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

func withHouseNumberInAddr1(_ *World, f map[string]any) {
	f["addr1"] = "Schillerstrasse 12"
	delete(f, "houseNumber")
}

// rememberPayment keeps what a successful payment call established.
func (w *World) rememberPayment(c *call) {
	switch c.op.ID {
	case "init-authorize", "authorize":
		w.payment = paymentState{
			uniqueReference:    c.json.Get("uniqueReference").String(),
			authorizationToken: c.json.Get("authorizationToken").String(),
			amount:             decimal.RequireFromString(string(c.fields["presentationAmount"].(json.Number))),
			usage:              fmt.Sprint(c.fields["presentationUsage"]),
		}
		if c.fields["useDifferentBillingAddress"] == true {
			w.payment.billing = c.fields
		}
	}
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
	field := map[string]string{"capture": "modifiedAmount", "refund": "refundAmount"}[r.op.ID]
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

// statusAgrees checks B-4.7 against what was authorized: the amount, its
// currency and usage, and the billing address that was used.
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
	if b := w.payment.billing; b != nil {
		for _, k := range []string{"customerFullName", "addr1", "city", "postCode"} {
			want[k] = fmt.Sprint(b[k])
		}
	}
	for _, k := range sortedKeys(want) {
		if got := j.Get(k); got.String() != want[k] {
			diffs = append(diffs, fmt.Sprintf("%s: expected %q, got %s", k, want[k], rawOrAbsent(got.Raw)))
		}
	}
	if len(diffs) > 0 {
		return w.failf("Get Payment Status does not agree with what was authorized: %s", strings.Join(diffs, "; "))
	}
	return nil
}

func registerPaymentSteps(sc *godog.ScenarioContext, w *World) {
	re := w.env.re
	sc.Step(re(`^the partner has (a received guest payment|an authorized guest payment|a captured payment|a cancelled payment|a received payment with the stored payment option|an authorized payment with the stored payment option|a captured payment with the stored payment option)$`), w.hasPayment)
	sc.Step(re(`^the partner has (captured|refunded) ([0-9]+\.[0-9]{2}) of the payment$`), w.hasMovedPayment)
	sc.Step(re(`^the partner (captures|refunds) ([0-9]+\.[0-9]{2}) of the payment$`), w.movesPaymentWithAmount)
	sc.Step(re(`^the payment's status reads (\w+)$`), w.statusReads)
	sc.Step(re(`^the response's (\w+) is ([0-9]+\.[0-9]{2})$`), w.amountIs)
	sc.Step(re(`^the response's (\w+) is the profile's currency$`), w.isProfileCurrency)
	sc.Step(re(`^the payment status agrees with what was authorized$`), w.statusAgrees)
}
