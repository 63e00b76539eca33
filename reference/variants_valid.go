package reference

import (
	"encoding/json"
	"net/http"
	"strings"

	"github.com/shopspring/decimal"
)

// validVariants take the other side of choices the spec leaves open where
// the valid-request sweep's inputs meet them (package explore,
// sweep_valid*.go): a currency the server does not offer, a payment above
// a limit of its own (the largest amount Dec(18,2) allows), and the form in
// which an amount sent at an edge of Dec(p,s) (a whole number, one
// decimal) comes back. The Standard server opens accounts and pays in any
// S(3), takes any amount the type allows and writes every amount with two
// decimals.
var validVariants = []Variant{
	{
		Name:   "refuses-unoffered-currency",
		Clause: "A-4.2",
		Description: "Offers one currency, EUR: a request naming any other (currCode of Create Account or Check Available Payment Amount, " +
			"presentationCurrCode, paymentCurrCode, modifiedAmountCurrCode, refundCurrCode) is refused with 0001 and HTTP 400 naming the field; " +
			"its vendor declares currencies: [EUR]. A-4.2: \"| currCode | S(3) | Y | currency of the account to open |\"; no sentence names " +
			"ISO 4217 or the currencies a service offers, and A-7 gives 0001 for a \"syntax error (wrong data type, spelling)\" and no other code for a value refused.",
		Sets: map[string]string{"currencies": "[EUR]"},
	},
	{
		Name:   "payment-amount-limit",
		Clause: "A-8",
		Description: "Takes no payment above 10000.00: Init Authorize, Authorize, KC-Authorize and KC-Debit Account refuse a presentationAmount or " +
			"paymentAmount over it as an amount above what is allowed (0022 with HTTP 400; the second personality 0422 with 409), whatever the balance. A-8's table of limits gives " +
			"none for an amount (\"| Field lengths | as given in each table |\"; \"Rate limits: not shown\"), and Dec(18,2) is a type, not a promise " +
			"that every amount it can write is taken.",
	},
	{
		Name:   "amounts-shortest-form",
		Clause: "A-2.0",
		Description: "Writes every amount of its answers in its shortest form, as a decimal library prints a value: 5 for 5.00, 5.5 for 5.50, " +
			"0 for 0.00 (presentationAmount, processedAmount, modifiedAmount, refundAmount, paymentAmount, the balances, the entries' amounts). " +
			"A-2.0 gives \"Dec(p,s) | decimal number, precision p, scale s\": a number whose scale bounds its decimals, which 5 and 5.00 both are; " +
			"no sentence says an amount is written with all of its s decimals.",
	},
	{
		Name:   "kc-capture-fee-from-wallet",
		Clause: "B-4.16",
		Description: "KC-Capture debits the wallet its modifiedFeeAmount beside the amount captured (a capture of 10.00 with a fee of 0.50 takes " +
			"10.50 from bkBal, the merchant is credited 10.00). B-4.16 gives \"modifiedFeeAmount Dec(18,2) (fee charged for capturing)\" " +
			"and no sentence says who is charged it.",
	},
}

// offeredCurrency is the one currency of the variant refuses-unoffered-currency.
const offeredCurrency = "EUR"

// currencyRequestFields are the request fields that name a currency.
var currencyRequestFields = []string{"currCode", "presentationCurrCode", "paymentCurrCode", "modifiedAmountCurrCode", "refundCurrCode"}

// unofferedCurrency refuses, for the variant refuses-unoffered-currency, a
// request naming a currency other than offeredCurrency (without regard to
// case, as the Standard server compares currencies).
func (h *handler) unofferedCurrency(v values) (reply, bool) {
	if !h.variant("refuses-unoffered-currency") {
		return reply{}, false
	}
	for _, name := range currencyRequestFields {
		if s, ok := v[name].(string); ok && !strings.EqualFold(s, offeredCurrency) {
			return reply{status: http.StatusBadRequest, code: "0001", desc: h.p.syntaxDescription([]string{name})}, true
		}
	}
	return reply{}, false
}

// paymentLimit is the largest payment of the variant payment-amount-limit.
var paymentLimit = decimal.New(10000, 0)

// overPaymentLimit refuses, for the variant payment-amount-limit, a payment
// whose amount is above paymentLimit.
func (h *handler) overPaymentLimit(v values) (reply, bool) {
	if !h.variant("payment-amount-limit") {
		return reply{}, false
	}
	for _, name := range []string{"presentationAmount", "paymentAmount"} {
		if d, ok := v.amount(name); ok && d.GreaterThan(paymentLimit) {
			return h.fail(h.p.amountExceeded(), "invalid value: "+name+" is above the largest payment taken, "+paymentLimit.StringFixed(2)), true
		}
	}
	return reply{}, false
}

// shortestAmounts writes, for the variant amounts-shortest-form, every
// decimal number of an answer (in its objects and lists) in its shortest
// form; whole numbers (counts, months, years) are unchanged.
func shortestAmounts(x any) any {
	switch y := x.(type) {
	case json.Number:
		if !strings.Contains(y.String(), ".") {
			return y
		}
		d, err := decimal.NewFromString(y.String())
		if err != nil {
			return y
		}
		return json.Number(d.String())
	case map[string]any:
		out := make(map[string]any, len(y))
		for k, v := range y {
			out[k] = shortestAmounts(v)
		}
		return out
	case []any:
		out := make([]any, len(y))
		for i, v := range y {
			out[i] = shortestAmounts(v)
		}
		return out
	case []map[string]any:
		out := make([]any, len(y))
		for i, v := range y {
			out[i] = shortestAmounts(v)
		}
		return out
	}
	return x
}
