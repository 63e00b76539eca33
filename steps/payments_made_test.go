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
