package reference

import (
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

// redirectSpec is the body of the sandbox trigger: the envelope is optional.
func redirectSpec() fieldSpec {
	return fieldSpec{fields: []field{
		str("uniqueReference", 36).req().path(),
		str("callBackUrl", 2048).req(),
		str("merchantTransactionId", 255).req(),
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

// redirect simulates the customer completing the external payment of a
// RECEIVED payment: the sandbox authorizes and captures the full amount,
// then calls the merchant back at callBackUrl with paymentResult OK,
// merchantTransactionId and unqiueReference, and answers 0000 once
// the callback was answered (or failed: the description says so). A payment
// that is unknown or not RECEIVED is left unchanged; the callback then
// carries the error description as paymentResult and no unqiueReference,
// and the trigger answers the handled error. Another partner's payment is
// unknown.
func (h *handler) redirect(c *call) reply {
	target, err := callbackTarget(c.v.str("callBackUrl"))
	if err != nil {
		return h.invalid(problems{syntax: []string{"callBackUrl"}})
	}
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
		p.status, p.captured = statusCaptured, p.amount
		if h.mutant("callback-not-captured") {
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
	if refusal != nil {
		params.Set("paymentResult", refusal.desc)
		_, _ = h.sendCallback(c.r.Context(), target, params)
		return *refusal
	}
	params.Set("paymentResult", "OK")
	if h.mutant("callback-result-wrong") {
		params.Set("paymentResult", "SUCCESS")
	}
	refParam := "unqiueReference" // spelled so in A-6
	if h.mutant("callback-spelling") {
		refParam = "uniqueReference"
	}
	params.Set(refParam, ref)

	answered, err := h.sendCallback(c.r.Context(), target, params)
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

// sendCallback POSTs an empty body to target with params appended to its
// query string and returns the HTTP status of the answer.
func (h *handler) sendCallback(ctx context.Context, target *url.URL, params url.Values) (int, error) {
	u := *target
	if u.RawQuery != "" {
		u.RawQuery += "&" + params.Encode()
	} else {
		u.RawQuery = params.Encode()
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, u.String(), http.NoBody)
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
