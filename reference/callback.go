package reference

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"time"

	"github.com/shopspring/decimal"
)

// opSandboxRedirect identifies the sandbox trigger of the redirect callback
// an extension: the spec does not show the request that carries
// callBackUrl.
const opSandboxRedirect = "sandboxRedirect"

// callbackTimeout bounds the redirect callback to the merchant.
const callbackTimeout = 10 * time.Second

// sandboxOperations lists the sandbox extensions.
func sandboxOperations() []operation {
	return []operation{{
		id:      opSandboxRedirect,
		pattern: "POST /sandbox/payments/{uniqueReference}/redirect",
		spec:    redirectSpec(),
		run:     (*handler).redirect,
	}}
}

// Outcomes the sandbox trigger plays: the customer completes the payment at
// the provider (the default), or declines it there.
const (
	outcomeCompleted = "completed"
	outcomeDeclined  = "declined"
)

// declinedDescription is the paymentResult of the callback of a payment the
// customer declined (A-6: "otherwise an error description").
const declinedDescription = "payment declined by the customer at the payment provider"

// redirectSpec is the body of the sandbox trigger: the envelope is optional,
// and so is outcome (completed when absent).
func redirectSpec() fieldSpec {
	return fieldSpec{fields: []field{
		str("uniqueReference", 36).req().path(),
		str("callBackUrl", 2048).req(),
		str("merchantTransactionId", 255).req(),
		str("outcome", 20),
		str("partnerReference", 64),
		date("localDate"),
		clock("localTime"),
	}}
}

// newCallbackClient returns the client of the redirect callbacks: a 10 s
// timeout, and redirects are never followed.
func newCallbackClient() *http.Client {
	return &http.Client{
		Timeout: callbackTimeout,
		CheckRedirect: func(*http.Request, []*http.Request) error {
			return http.ErrUseLastResponse
		},
	}
}

// callbackTarget parses callBackUrl: an absolute http or https URL.
func callbackTarget(raw string) (*url.URL, error) {
	u, err := url.Parse(raw)
	if err != nil {
		return nil, err
	}
	if (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, errors.New("callBackUrl is not an absolute http(s) URL")
	}
	u.Fragment, u.RawFragment = "", ""
	return u, nil
}

// redirect simulates the customer at the provider for a RECEIVED payment.
// With outcome completed (or none) the sandbox authorizes and captures the
// full amount, then calls the merchant back at callBackUrl with
// paymentResult OK, merchantTransactionId and unqiueReference. With
// outcome declined the payment stays RECEIVED and the callback carries an
// error description as paymentResult, merchantTransactionId and no
// unqiueReference. Either way the trigger answers 0000 once the callback
// was answered (or failed: the description says so). A payment that is
// unknown or not RECEIVED is left unchanged; the callback then carries the
// error description and no unqiueReference, and the trigger answers the
// handled error. Another partner's payment is unknown.
func (h *handler) redirect(c *call) reply {
	target, err := callbackTarget(c.v.str("callBackUrl"))
	if err != nil {
		return h.invalid(problems{syntax: []string{"callBackUrl"}})
	}
	outcome := cmp.Or(c.v.str("outcome"), outcomeCompleted)
	if outcome != outcomeCompleted && outcome != outcomeDeclined {
		return h.invalid(problems{syntax: []string{"outcome"}})
	}
	declined := outcome == outcomeDeclined
	ref := c.v.str("uniqueReference")
	var (
		refusal *reply
		status  string
	)
	found := h.payments.with(c.scope, ref, func(p *payment) {
		if p.status != statusReceived {
			rep := h.fail(h.p.forbiddenMove(), "payment cannot be completed: it is "+p.status)
			refusal = &rep
			return
		}
		switch {
		case declined && !h.mutant("declined-payment-captured"):
		case declined, !h.mutant("callback-not-captured"):
			p.status, p.captured = statusCaptured, p.amount
		default:
			p.status, p.captured = statusAuthorized, decimal.Zero
		}
		h.load(c.now, p)
		status = p.status
	})
	if !found {
		rep := h.fail(h.p.unknownPayment(), "payment not found")
		refusal = &rep
	}

	params := url.Values{"merchantTransactionId": {c.v.str("merchantTransactionId")}}
	method := http.MethodPost
	if h.mutant("callback-get") {
		method = http.MethodGet
	}
	if refusal != nil {
		params.Set("paymentResult", refusal.desc)
		_, _ = h.sendCallback(c.r.Context(), method, target, params)
		return *refusal
	}
	refParam := "unqiueReference" // spelled so in A-6
	if h.mutant("callback-spelling") {
		refParam = "uniqueReference"
	}
	switch {
	case declined:
		params.Set("paymentResult", declinedDescription)
		if h.mutant("callback-failure-says-ok") {
			params.Set("paymentResult", "OK")
		}
		if h.mutant("callback-failure-has-reference") {
			params.Set(refParam, ref)
		}
		if h.variant("declined-callback-names-payment") {
			params.Set("uniqueReference", ref)
		}
	default:
		params.Set("paymentResult", "OK")
		if h.mutant("callback-result-wrong") {
			params.Set("paymentResult", "SUCCESS")
		}
		params.Set(refParam, ref)
		if h.mutant("callback-wrong-merchant-id") {
			params.Set("merchantTransactionId", ref)
		}
	}

	answered, err := h.sendCallback(c.r.Context(), method, target, params)
	rep := h.ok(http.StatusOK, map[string]any{
		"uniqueReference":    ref,
		"statusCode":         status,
		"callBackHttpStatus": nil,
	})
	switch {
	case err != nil:
		rep.desc = "callback could not be delivered: " + err.Error()
	case answered < 200 || answered > 299:
		rep.fields["callBackHttpStatus"] = answered
		rep.desc = fmt.Sprintf("callback answered HTTP %d", answered)
	default:
		rep.fields["callBackHttpStatus"] = answered
	}
	return rep
}

// sendCallback sends method (POST, A-6) with an empty body to target with
// params appended to its query string and returns the HTTP status of the
// answer.
func (h *handler) sendCallback(ctx context.Context, method string, target *url.URL, params url.Values) (int, error) {
	u := *target
	if u.RawQuery != "" {
		u.RawQuery += "&" + params.Encode()
	} else {
		u.RawQuery = params.Encode()
	}
	req, err := http.NewRequestWithContext(ctx, method, u.String(), http.NoBody)
	if err != nil {
		return 0, err
	}
	res, err := h.callbacks.Do(req)
	if err != nil {
		return 0, err
	}
	defer res.Body.Close()
	_, _ = io.Copy(io.Discard, io.LimitReader(res.Body, maxBodyBytes))
	return res.StatusCode, nil
}
