package steps

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/tidwall/gjson"

	"github.com/wallet-conformance/wallet-conformance/schemas"
)

// Every payment a scenario makes is kept, in the order made, with the
// account it was made with; the scenario's payment is the last: a step
// that reads back a list of an account's payments compares with
// World.payments, with no state of its own.
func TestTheWorldKeepsEveryPaymentTheScenarioMade(t *testing.T) {
	w := newWorld(&Env{RunID: "rtest"})
	sent := func(id string, fields map[string]any, answer string) *call {
		op, ok := schemas.Lookup(id)
		assert.True(t, ok, id)
		return &call{op: op, fields: fields, json: gjson.Parse(answer)}
	}
	w.rememberPayment(sent(schemas.InitAuthorize, map[string]any{"presentationAmount": json.Number("10.00"), "presentationUsage": "Order 1"}, `{"uniqueReference": "guest-1"}`))
	w.rememberWalletPayment(sent(schemas.KCAuthorize, map[string]any{"accno": "A1", "paymentAmount": json.Number("20.00")}, `{"uniqueReference": "kc-1"}`))
	w.rememberPayment(sent(schemas.Authorize, map[string]any{"accno": "A1", "presentationAmount": json.Number("30.00"), "presentationUsage": "Order 2"}, `{"uniqueReference": "auth-1"}`))
	w.rememberPayment(sent(schemas.Capture, map[string]any{"modifiedAmount": json.Number("30.00")}, `{"uniqueReference": "auth-1"}`))

	var refs, accnos []string
	for _, p := range w.payments {
		refs, accnos = append(refs, p.uniqueReference), append(accnos, p.accno)
	}
	assert.Equal(t, []string{"guest-1", "kc-1", "auth-1"}, refs, "a capture makes no payment")
	assert.Equal(t, []string{"", "A1", "A1"}, accnos)
	assert.Equal(t, "auth-1", w.payment.uniqueReference, "the scenario's payment is the last made")
	assert.Equal(t, "30", w.payments[2].amount.String())
}

// Each payment keeps the operation and the localDate that made it and the
// statusCode of the last successful answer on it: a later move (a KC
// capture, a cancel) or a read of it on {uniqueReference} updates it, in
// the list and in the scenario's payment; a call on another payment, or an
// answer with no statusCode, leaves it.
func TestTheWorldKeepsEachPaymentsOperationDayAndStatus(t *testing.T) {
	w := newWorld(&Env{RunID: "rtest"})
	on := func(id, ref string, fields map[string]any, answer string) *call {
		op, ok := schemas.Lookup(id)
		assert.True(t, ok, id)
		var path map[string]string
		if ref != "" {
			path = map[string]string{"uniqueReference": ref}
		}
		return &call{op: op, fields: fields, path: path, json: gjson.Parse(answer)}
	}
	w.rememberWalletPayment(on(schemas.KCAuthorize, "", map[string]any{"accno": "A1", "paymentAmount": json.Number("20.00"), "localDate": "2026-03-14"}, `{"uniqueReference": "kc-1", "statusCode": "AUTHORIZED"}`))
	w.rememberWalletPayment(on(schemas.KCDebitAccount, "", map[string]any{"accno": "A1", "paymentAmount": json.Number("5.00"), "localDate": "2026-03-15"}, `{"uniqueReference": "kc-2", "statusCode": "DEBITED"}`))
	w.moved(on(schemas.KCCapture, "kc-1", map[string]any{}, `{"uniqueReference": "kc-1", "statusCode": "CAPTURED"}`))
	w.moved(on(schemas.KCCancel, "kc-2", map[string]any{}, `{"uniqueReference": "kc-2", "statusCode": "CANCELLED"}`))
	w.moved(on(schemas.KCRefund, "kc-2", map[string]any{}, `{"uniqueReference": "kc-2"}`))

	type seen struct{ ref, op, day, status string }
	var got []seen
	for _, p := range w.payments {
		got = append(got, seen{p.uniqueReference, p.op, p.localDate, p.status})
	}
	assert.Equal(t, []seen{
		{"kc-1", schemas.KCAuthorize, "2026-03-14", "CAPTURED"},
		{"kc-2", schemas.KCDebitAccount, "2026-03-15", "CANCELLED"},
	}, got, "the capture moved kc-1 alone; an answer with no statusCode moves nothing")
	assert.Equal(t, "CANCELLED", w.payment.status, "the scenario's payment moves with its entry of the list")
}
