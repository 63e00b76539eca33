package reference

import (
	"encoding/json"
	"maps"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

func init() {
	maps.Copy(mutantProbes, sweepProbes)
	maps.Copy(variantProbes, sweepVariantProbes)
}

// sweepProbes observe the faults of the sweep's mutants (mutants_sweep.go).
var sweepProbes = map[string]func(c *client) bool{
	"huge-exponent-crashes-capture": func(c *client) bool {
		return c.capture(c.authorizedPayment(), map[string]any{"modifiedAmount": json.Number("1e308")}).status == http.StatusInternalServerError
	},
	"three-decimals-rounded-kc-authorize": func(c *client) bool {
		return c.kcAuthorize(c.fundedWallet("100.00"), "0.001", nil).code() == "0000"
	},
	"null-crashes-update-account": func(c *client) bool {
		return c.update(c.newAccount(), map[string]any{"lastName": nil}).status == http.StatusInternalServerError
	},
	"impossible-date-crashes-init-add": func(c *client) bool {
		return c.initAdd(c.newAccount(), map[string]any{"mandateSignedDate": "1984-02-30"}).status == http.StatusInternalServerError
	},
	"control-character-crashes-kc-authorize": func(c *client) bool {
		return c.kcAuthorize(c.fundedWallet("100.00"), "1.00", map[string]any{"paymentUsage": "a\u0001b"}).status == http.StatusInternalServerError
	},
	"malformed-body-crashes-cancel": func(c *client) bool {
		return c.do(http.MethodPost, paymentPathOf(c.authorizedPayment())+"/cancel", `{"partnerReference":`, c.auth()).status == http.StatusInternalServerError
	},
	"long-path-crashes-balance-enquiry": func(c *client) bool {
		return c.balance(strings.Repeat("9", 300), nil).status == http.StatusInternalServerError
	},
	"long-url-crashes-payment-status": func(c *client) bool {
		return c.paymentStatus(strings.Repeat("9", 8<<10+1), nil).status == http.StatusInternalServerError
	},
	"large-body-drops-refund": func(c *client) bool {
		// A body of exactly 1 MiB, within the server's cap: the
		// Standard server answers it; the mutant answers nothing.
		body := `{"partnerReference":"pr-big"` + strings.Repeat(" ", 1<<20) + `}`
		body = body[:len(body)-(len(body)-(1<<20))-1] + "}"
		req, err := http.NewRequest(http.MethodPost, c.base+paymentPathOf(c.capturedPayment())+"/refund", strings.NewReader(body))
		if err != nil {
			return false
		}
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("X-Auth-Token", c.auth())
		res, err := c.httpClient().Do(req)
		if err != nil {
			return true
		}
		res.Body.Close()
		return false
	},
	"wrong-type-ignored-kc-refund": func(c *client) bool {
		ref := c.kcDebited(c.fundedWallet("100.00"), "10.00")
		return c.kcRefund(ref, map[string]any{"refundUsage": 123}).code() == "0000"
	},
	"query-over-length-crashes-payment-options": func(c *client) bool {
		return c.paymentOptions(c.newAccount(), map[string]any{"transactionTypeCode": strings.Repeat("x", 50)}).status == http.StatusInternalServerError
	},
	"wrong-type-crashes-set-default": func(c *client) bool {
		accno, ref := c.storedRef()
		return c.setDefault(accno, ref, map[string]any{"accnoType": true}).status == http.StatusInternalServerError
	},
	"refused-delete-still-deletes": func(c *client) bool {
		accno, ref := c.storedRef()
		refused := c.deleteOption(accno, ref, map[string]any{"accnoType": 12}).code() == "0001"
		return refused && !c.storedOption(accno, ref).Exists()
	},
	"refused-kc-refund-books-money": func(c *client) bool {
		accno := c.fundedWallet("100.00")
		ref := c.kcDebited(accno, "10.00")
		before := c.balancesOf(accno).bk
		refused := c.kcRefund(ref, map[string]any{"refundUsage": 123}).code() != "0000"
		return refused && c.balancesOf(accno).bk != before
	},
}

// The requests the sweep's variants refuse: an amount with an exponent,
// trailing zeros beyond the scale, a control character in a text.
func exponentAmountCapture(c *client) response {
	return c.capture(c.authorizedPayment(), map[string]any{"modifiedAmount": json.Number("100E-2")})
}

func trailingZerosCapture(c *client) response {
	return c.capture(c.authorizedPayment(), map[string]any{"modifiedAmount": json.Number("1.000")})
}

func controlCharacterKCAuthorize(c *client) response {
	return c.kcAuthorize(c.fundedWallet("100.00"), "1.00", map[string]any{"paymentUsage": "a\u0001b"})
}

// syntaxRefused reports whether r refuses its request as a syntax error.
func syntaxRefused(r response) bool {
	return r.code() == "0001" && r.status == http.StatusBadRequest
}

// sweepVariantProbes observe the choice of each variant of sweepVariants:
// the request the Standard server accepts is refused as a syntax error.
// Each must be false on the Standard server (TestEveryVariantIsObservable).
var sweepVariantProbes = map[string]func(c *client) bool{
	"exponent-amounts-refused":   func(c *client) bool { return syntaxRefused(exponentAmountCapture(c)) },
	"trailing-zeros-refused":     func(c *client) bool { return syntaxRefused(trailingZerosCapture(c)) },
	"control-characters-refused": func(c *client) bool { return syntaxRefused(controlCharacterKCAuthorize(c)) },
}

// The Standard server accepts each request the sweep's variants refuse.
func TestStandardAcceptsWhatSweepVariantsRefuse(t *testing.T) {
	t.Parallel()
	c := start(t, DefaultConfig())
	for name, send := range map[string]func(c *client) response{
		"exponent-amounts-refused":   exponentAmountCapture,
		"trailing-zeros-refused":     trailingZerosCapture,
		"control-characters-refused": controlCharacterKCAuthorize,
	} {
		r := send(c)
		assert.Equal(t, "0000", r.code(), "%s: %s", name, r.raw)
	}
}
