package steps

import (
	"context"
	"encoding/json"
	"fmt"
	"github.com/cucumber/godog"
	"strings"

	"github.com/wallet-conformance/wallet-conformance/steps/target"
)

// The redirect callback after an external payment: A-6. The request that
// carries callBackUrl is not shown by the spec; the profile names the
// sandbox URL that plays the customer (sandbox.redirectTrigger).

// customerCompletesPayment asks the sandbox to complete the initiated
// payment as its customer would, handing it a loopback callBackUrl, and
// waits for the callback.
func (w *World) customerCompletesPayment(ctx context.Context) error {
	trigger, err := w.need("sandbox.redirectTrigger")
	if err != nil {
		return err
	}
	path, err := w.paymentPath()
	if err != nil {
		return err
	}
	w.merchantTransactionID = w.unique("mt-")
	callBackURL := w.env.Callbacks.Expect(w.merchantTransactionID)
	f := w.envelope(false)
	f["callBackUrl"] = callBackURL
	f["merchantTransactionId"] = w.merchantTransactionID
	body, _ := json.Marshal(f)
	tok, err := w.authToken(ctx)
	if err != nil {
		return err
	}
	resp, ex, err := w.env.Client.Do(ctx, target.Request{
		Operation: "sandbox-redirect",
		Method:    "POST",
		Path:      strings.ReplaceAll(trigger, "{uniqueReference}", path["uniqueReference"]),
		Body:      body,
		Token:     tok,
	})
	w.exchanges = append(w.exchanges, ex)
	if err != nil {
		return err
	}
	if resp.Status/100 != 2 {
		return fmt.Errorf("the sandbox redirect trigger answered HTTP %d: the profile's sandbox.redirectTrigger may be wrong", resp.Status)
	}
	wait, cancel := context.WithTimeout(ctx, w.env.Profile.CallTimeout.Duration)
	defer cancel()
	cb, err := w.env.Callbacks.Wait(wait, w.merchantTransactionID)
	if err != nil {
		return w.failf("%v", err)
	}
	w.callback = &cb
	return nil
}

// calledBackWithSuccess checks the callback's query parameters.
func (w *World) calledBackWithSuccess() error {
	cb := w.callback
	if cb == nil {
		return fmt.Errorf("no callback was received in this scenario")
	}
	var diffs []string
	if cb.Method != "POST" {
		diffs = append(diffs, fmt.Sprintf("method: expected POST, got %s", cb.Method))
	}
	want := [][2]string{
		{"paymentResult", "OK"},
		{"merchantTransactionId", w.merchantTransactionID},
		{"unqiueReference", w.payment.uniqueReference},
	}
	for _, kv := range want {
		if got := cb.Query[kv[0]]; len(got) != 1 || got[0] != kv[1] {
			diffs = append(diffs, fmt.Sprintf("%s: expected %q, got %q", kv[0], kv[1], got))
		}
	}
	if len(diffs) > 0 {
		return &Failure{Msg: "the redirect callback does not carry what A-6 requires: " + strings.Join(diffs, "; "),
			Evidence: fmt.Sprintf("  callback: %s with query %s", cb.Method, cb.Query.Encode())}
	}
	return nil
}

func registerCallbackSteps(sc *godog.ScenarioContext, w *World) {
	re := w.env.re
	sc.Step(re(`^the customer completes the payment at the provider and is redirected to the merchant$`), w.customerCompletesPayment)
	sc.Step(re(`^the merchant is called back with paymentResult OK, its merchantTransactionId and the payment's unqiueReference$`), w.calledBackWithSuccess)
}
