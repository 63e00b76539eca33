package reference

import (
	"encoding/json"
	"net/http"
	"strings"

	"github.com/shopspring/decimal"
)

// validVariants take the other side of choices the spec leaves open where
// the valid-request sweep's inputs meet them (package explore,
// sweep_valid*.go): a currency the server does not offer, and the form in
// which an amount sent at an edge of Dec(p,s) (a whole number, one
// decimal) comes back. The Standard server opens accounts and pays in any
// S(3) and writes every amount with two decimals.
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
		Name:   "amounts-shortest-form",
		Clause: "A-2.0",
		Description: "Writes every amount of its answers in its shortest form, as a decimal library prints a value: 5 for 5.00, 5.5 for 5.50, " +
			"0 for 0.00 (presentationAmount, processedAmount, modifiedAmount, refundAmount, paymentAmount, the balances, the entries' amounts). " +
			"A-2.0 gives \"Dec(p,s) | decimal number, precision p, scale s\": a number whose scale bounds its decimals, which 5 and 5.00 both are; " +
			"no sentence says an amount is written with all of its s decimals.",
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
