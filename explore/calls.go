package explore

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"mime"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/shopspring/decimal"
	"github.com/tidwall/gjson"

	"github.com/wallet-conformance/wallet-conformance/profile"
	"github.com/wallet-conformance/wallet-conformance/record"
	"github.com/wallet-conformance/wallet-conformance/schemas"
	"github.com/wallet-conformance/wallet-conformance/steps"
	"github.com/wallet-conformance/wallet-conformance/targetclient"
)

// errHalted stops an exploration that reached its bounds (--max-calls,
// --max-duration) or was interrupted: not a failure of the target.
var errHalted = errors.New("the exploration reached its bounds")

// caller sends the exploration's calls through the suite's client
// (package targetclient: token cache, retries of 0058/0098, call allowance,
// redaction, exchange records) and counts them against the budget. It is
// used by one property run at a time.
type caller struct {
	profile *profile.Profile // how requests are encoded (behaviours)
	client  *targetclient.Client
	tokens  *targetclient.TokenSource
	schemas *schemas.Set
	clock   targetclient.Clock

	maxCalls int
	deadline time.Time // zero: none

	mu    sync.Mutex // guards calls; concurrent debits send from several goroutines
	calls int
	// record, when set, is given every exchange sent (the bad-input sweep
	// keeps them as its scenarios' evidence); called under mu.
	record func(context.Context, record.Exchange)
}

// exhausted reports whether the next call would go beyond the bounds.
func (c *caller) exhausted(ctx context.Context) bool {
	if ctx.Err() != nil || (!c.deadline.IsZero() && time.Now().After(c.deadline)) {
		return true
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.maxCalls > 0 && c.calls >= c.maxCalls
}

// Calls returns how many calls were sent.
func (c *caller) Calls() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.calls
}

// reply is one call and what came back.
type reply struct {
	op     schemas.Operation
	fields map[string]any
	resp   *targetclient.Response
	json   gjson.Result
	ex     record.Exchange
}

// call sends an operation: path parameters into its path, fields as the
// JSON body or, for GET, the query. An error is an infrastructure
// error (the exchange still records it) or errHalted.
func (c *caller) call(ctx context.Context, opID string, path map[string]string, fields map[string]any) (*reply, error) {
	op, ok := schemas.Lookup(opID)
	if !ok {
		return nil, fmt.Errorf("no operation %q", opID)
	}
	if c.exhausted(ctx) {
		return nil, errHalted
	}
	// Encoded as the scenarios encode it: query or body, N(n) fields
	// as the profile declares (A-2.0#8), the Accept of text/plain (B-4.11).
	req, err := steps.EncodeRequest(c.profile, op, path, fields)
	if err != nil {
		return nil, err
	}
	return c.send(ctx, op, fields, req)
}

// send sends a request of the operation as it is (the bad-input sweep
// changes what call encodes), with the shared token unless the operation
// is anonymous; it counts against the budget like call.
func (c *caller) send(ctx context.Context, op schemas.Operation, fields map[string]any, req targetclient.Request) (*reply, error) {
	if c.exhausted(ctx) {
		return nil, errHalted
	}
	c.mu.Lock()
	c.calls++
	c.mu.Unlock()
	if !op.Anonymous {
		tok, err := c.tokens.Token(ctx)
		if err != nil {
			if ctx.Err() != nil {
				return nil, errHalted
			}
			return nil, fmt.Errorf("obtaining a token for %s: %w", op.Name, err)
		}
		req.Token = tok
	}
	resp, ex, err := c.client.Do(ctx, req)
	if c.record != nil {
		c.mu.Lock()
		c.record(ctx, ex)
		c.mu.Unlock()
	}
	r := &reply{op: op, fields: fields, resp: resp, ex: ex}
	if err != nil {
		if ctx.Err() != nil {
			return r, errHalted
		}
		return r, err
	}
	if !op.PlainText || gjson.ValidBytes(resp.Body) {
		r.json = gjson.ParseBytes(resp.Body)
	}
	return r, nil
}

// money writes an amount as a JSON number with two decimals (Dec(18,2)).
func money(d decimal.Decimal) json.Number { return json.Number(d.StringFixed(2)) }

// succeeded is a success as A-7 defines it: responseCode 0000 with the
// operation's success status (A-7's "200 or 201" where the operation shows
// none). It is
// also what makes the suite's World take a payment, account or consent as
// its current one.
func (r *reply) succeeded() bool {
	if r == nil || r.resp == nil || r.json.Get("responseCode").String() != "0000" {
		return false
	}
	if r.op.Success != 0 {
		return r.resp.Status == r.op.Success
	}
	return r.resp.Status == http.StatusOK || r.resp.Status == http.StatusCreated
}

// evidence describes the response for a message.
func (r *reply) evidence(red *targetclient.Redactor) string {
	body := red.String(string(r.resp.Body))
	if len(body) > 1500 {
		body = body[:1500] + "...(cut)"
	}
	return fmt.Sprintf("response to %s: HTTP %d, Content-Type %q, body %s", r.op.Name, r.resp.Status, r.resp.ContentType, strings.TrimSpace(body))
}

func rawOrAbsent(raw string) string {
	if raw == "" {
		return "no such field"
	}
	return raw
}

func statusText(code int) string {
	if code == 0 {
		return "200 or 201"
	}
	return fmt.Sprint(code)
}

// readable checks before anything is read from a response, as the
// steps do: a JSON object said so by Content-Type (text/plain for B-4.11's
// success). It returns "" or what is wrong.
func (r *reply) readable() string {
	mt, _, _ := mime.ParseMediaType(r.resp.ContentType)
	if r.op.PlainText && mt == "text/plain" {
		return ""
	}
	switch {
	case len(r.resp.Body) == 0:
		return "the response body is empty; A-1.2 requires JSON"
	case !gjson.ValidBytes(r.resp.Body) || !r.json.IsObject():
		return "the response body is not a JSON object (A-1.2)"
	case mt != "application/json":
		return fmt.Sprintf("expected Content-Type application/json (A-1.2), got %q", r.resp.ContentType)
	}
	return ""
}

// success checks what "the call succeeds" checks, A-7's success and
// the operation's response schema. It returns "" or what is wrong.
func (r *reply) success(set *schemas.Set) string {
	if msg := r.readable(); msg != "" {
		return msg
	}
	if !r.succeeded() {
		return fmt.Sprintf("expected a success of %s: HTTP %s with responseCode \"0000\"; got HTTP %d with responseCode %s",
			r.op.Name, statusText(r.op.Success), r.resp.Status, rawOrAbsent(r.json.Get("responseCode").Raw))
	}
	if r.op.PlainText {
		return ""
	}
	if err := set.Validate(r.op.ResponseSchema(), r.resp.Body); err != nil {
		return fmt.Sprintf("the %s response %v", r.op.Name, err)
	}
	return ""
}

// handledError checks what "the call fails as a handled error" checks
// a code other than 0000 and 0099 with an HTTP error status, in the
// shape of an error response.
func (r *reply) handledError(set *schemas.Set) string {
	if msg := r.readable(); msg != "" {
		return msg
	}
	code := r.json.Get("responseCode").String()
	if code == "0000" || code == "0099" || r.resp.Status < 400 {
		return fmt.Sprintf("expected %s to be refused as a handled error (a responseCode other than 0000 and 0099, with an HTTP error status); got HTTP %d with responseCode %s",
			r.op.Name, r.resp.Status, rawOrAbsent(r.json.Get("responseCode").Raw))
	}
	return r.errorShape(set)
}

// notASuccess checks what "the call is not a success" checks.
func (r *reply) notASuccess(set *schemas.Set) string {
	if msg := r.readable(); msg != "" {
		return msg
	}
	if code := r.json.Get("responseCode").String(); code == "0000" || r.resp.Status/100 == 2 {
		return fmt.Sprintf("expected %s not to succeed; got HTTP %d with responseCode %q", r.op.Name, r.resp.Status, code)
	}
	return r.errorShape(set)
}

func (r *reply) errorShape(set *schemas.Set) string {
	if err := set.Validate("error.response.json", r.resp.Body); err != nil {
		return fmt.Sprintf("the error response %v", err)
	}
	return ""
}

// field checks a text field of a response: "" or what is wrong.
func (r *reply) field(name, want string) string {
	if got := r.json.Get(name); got.Type == gjson.Null || !got.Exists() || got.String() != want {
		return fmt.Sprintf("expected %s's %s to be %q, got %s", r.op.Name, name, want, rawOrAbsent(got.Raw))
	}
	return ""
}

// amount checks an amount field of a response to the cent: "" or what is wrong.
func (r *reply) amount(name string, want decimal.Decimal) string {
	got := r.json.Get(name)
	d, err := decimal.NewFromString(got.Raw)
	if got.Type != gjson.Number || err != nil || !d.Equal(want) {
		return fmt.Sprintf("expected %s's %s to be %s, got %s", r.op.Name, name, want.StringFixed(2), rawOrAbsent(got.Raw))
	}
	return ""
}
