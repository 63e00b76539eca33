package steps

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/cucumber/godog"

	"github.com/wallet-conformance/wallet-conformance/record"
	"github.com/wallet-conformance/wallet-conformance/targetclient"
)

// The redirect callback after an external payment: A-6. The request that
// carries callBackUrl is not shown by the spec; the profile names the
// sandbox URL that plays the customer (sandbox.redirectTrigger).

// SandboxRedirect is the operation ID under which the exchanges with the
// profile's sandbox.redirectTrigger are recorded: a sandbox URL the suite
// calls to play the customer, not an operation of the spec.
const SandboxRedirect = "sandbox-redirect"

// customerAtProvider asks the sandbox to play the customer of the initiated
// payment at the provider, who completes it or declines it, handing it a
// loopback callBackUrl, and waits for the callback. The trigger's body
// carries "outcome": "declined" for a decline (see docs/auditor.md, Assumptions).
func (w *World) customerAtProvider(ctx context.Context, action string) error {
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
	if action == "declines" {
		f["outcome"] = "declined"
	}
	body, _ := json.Marshal(f)
	tok, err := w.authToken(ctx)
	if err != nil {
		return err
	}
	resp, ex, err := w.env.Client.Do(ctx, targetclient.Request{
		Operation: SandboxRedirect,
		Method:    "POST",
		Path:      strings.ReplaceAll(trigger, "{uniqueReference}", path["uniqueReference"]),
		Body:      body,
		Token:     tok,
	})
	w.mu.Lock()
	w.exchanges = append(w.exchanges, ex)
	w.mu.Unlock()
	if err != nil {
		return err
	}
	if resp.Status/100 != 2 {
		// The trigger is the suite's own machinery, named by the profile,
		// not an operation of the spec: a trigger that fails blocks the
		// scenario, it is no failure of the target's.
		w.blocked = &record.Blocker{Operation: SandboxRedirect}
		return fmt.Errorf("the sandbox redirect trigger (the profile's sandbox.redirectTrigger, not an operation of the spec) answered HTTP %d to POST %s: check that the profile names the sandbox URL that plays the customer", resp.Status, ex.URL)
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

// calledBack checks the callback of a completed payment (A-6#1, #2, #4,
// #5) or of a declined one (A-6#1, #3, #4, #6). Each difference names its
// rule; the first one is the failure's.
func (w *World) calledBack(outcome string) error {
	cb := w.callback
	if cb == nil {
		return fmt.Errorf("no callback was received in this scenario")
	}
	type diff struct{ rule, msg string }
	var diffs []diff
	if cb.Method != "POST" {
		diffs = append(diffs, diff{"A-6#1", fmt.Sprintf("method: expected POST, got %s", cb.Method)})
	}
	if got := cb.Query["merchantTransactionId"]; len(got) != 1 || got[0] != w.merchantTransactionID {
		diffs = append(diffs, diff{"A-6#4", fmt.Sprintf("merchantTransactionId: expected %q, got %q", w.merchantTransactionID, got)})
	}
	result := cb.Query["paymentResult"]
	switch outcome {
	case "OK":
		if len(result) != 1 || result[0] != "OK" {
			diffs = append(diffs, diff{"A-6#2", fmt.Sprintf("paymentResult: expected \"OK\", got %q", result)})
		}
		if got := cb.Query["unqiueReference"]; len(got) != 1 || got[0] != w.payment.uniqueReference {
			diffs = append(diffs, diff{"A-6#5", fmt.Sprintf("unqiueReference (spelled so): expected %q, got %q", w.payment.uniqueReference, got)})
		}
	default:
		if len(result) != 1 || strings.TrimSpace(result[0]) == "" || result[0] == "OK" {
			diffs = append(diffs, diff{"A-6#3", fmt.Sprintf("paymentResult: expected an error description, got %q", result)})
		}
		// A-6 lists unqiueReference (spelled so) as present "when the
		// payment succeeded"; a parameter it does not list, such as a
		// correctly spelled uniqueReference, is not judged.
		if cb.Query.Has("unqiueReference") {
			diffs = append(diffs, diff{"A-6#6", fmt.Sprintf("unqiueReference: expected none, the payment did not succeed; got %q", cb.Query["unqiueReference"])})
		}
	}
	if len(diffs) > 0 {
		msgs := make([]string, len(diffs))
		for i, d := range diffs {
			msgs[i] = d.msg + " (" + d.rule + ")"
		}
		return &Failure{Msg: "the redirect callback does not carry what A-6 requires: " + strings.Join(msgs, "; "),
			Evidence: fmt.Sprintf("  callback: %s with query %s", cb.Method, cb.Query.Encode()), Rule: diffs[0].rule}
	}
	return nil
}

// callbackCitations cites what each step registerCallbackSteps registers
// rests on (Citation), a row per sc.Step below; StepCitations gathers the
// domains' tables. Its steps are the customer's redirect, and the
// callback it brings.
var callbackCitations = []StepCitation{
	{`^the customer (completes|declines) the payment at the provider and is redirected to the merchant$`, rests("A-6#1")},
	{`^the merchant is called back with paymentResult (OK), its merchantTransactionId and the payment's unqiueReference$`, rests("A-6#1", "A-6#2", "A-6#4", "A-6#5")},
	{`^the merchant is called back with (an error description) as paymentResult, its merchantTransactionId and no unqiueReference$`, rests("A-6#1", "A-6#3", "A-6#4", "A-6#6")},
}

func registerCallbackSteps(sc *godog.ScenarioContext, w *World) {
	re := w.env.re
	sc.Step(re(`^the customer (completes|declines) the payment at the provider and is redirected to the merchant$`), w.customerAtProvider)
	sc.Step(re(`^the merchant is called back with paymentResult (OK), its merchantTransactionId and the payment's unqiueReference$`), w.calledBack)
	sc.Step(re(`^the merchant is called back with (an error description) as paymentResult, its merchantTransactionId and no unqiueReference$`), w.calledBack)
}
