package calls

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

// ErrHalted stops an exploration that reached its bounds (--max-calls,
// --max-duration) or was interrupted: not a failure of the target.
var ErrHalted = errors.New("the exploration reached its bounds")

// Caller sends the exploration's calls through the suite's client
// (package targetclient: token cache, retries of 0058/0098, call allowance,
// redaction, exchange records) and counts them against the budget. It is
// used by one property run at a time.
type Caller struct {
	Profile *profile.Profile // how requests are encoded (behaviours)
	Client  *targetclient.Client
	Tokens  *targetclient.TokenSource
	Schemas *schemas.Set
	Clock   targetclient.Clock

	MaxCalls int
	Deadline time.Time // zero: none

	mu    sync.Mutex // guards calls; concurrent debits send from several goroutines
	calls int
	// Record, when set, is given every exchange sent (the bad-input sweep
	// keeps them as its scenarios' evidence); called under mu.
	Record func(context.Context, record.Exchange)
}

// Exhausted reports whether the next call would go beyond the bounds.
func (c *Caller) Exhausted(ctx context.Context) bool {
	if ctx.Err() != nil || (!c.Deadline.IsZero() && time.Now().After(c.Deadline)) {
		return true
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.MaxCalls > 0 && c.calls >= c.MaxCalls
}

// Calls returns how many calls were sent.
func (c *Caller) Calls() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.calls
}

// Reply is one call and what came back.
type Reply struct {
	Op     schemas.Operation
	Fields map[string]any
	Resp   *targetclient.Response
	JSON   gjson.Result
	Ex     record.Exchange
}

// Call sends an operation: path parameters into its path, fields as the
// JSON body or, for GET, the query. An error is an infrastructure
// error (the exchange still records it) or errHalted.
func (c *Caller) Call(ctx context.Context, opID string, path map[string]string, fields map[string]any) (*Reply, error) {
	op, ok := schemas.Lookup(opID)
	if !ok {
		return nil, fmt.Errorf("no operation %q", opID)
	}
	if c.Exhausted(ctx) {
		return nil, ErrHalted
	}
	// Encoded as the scenarios encode it: query or body, N(n) fields
	// as the profile declares (A-2.0#8), the Accept of text/plain (B-4.11).
	req, err := steps.EncodeRequest(c.Profile, op, path, fields)
	if err != nil {
		return nil, err
	}
	return c.Send(ctx, op, fields, req)
}

// Send sends a request of the operation as it is (the bad-input sweep
// changes what call encodes), with the shared token unless the operation
// is anonymous; it counts against the budget like call.
func (c *Caller) Send(ctx context.Context, op schemas.Operation, fields map[string]any, req targetclient.Request) (*Reply, error) {
	if c.Exhausted(ctx) {
		return nil, ErrHalted
	}
	c.mu.Lock()
	c.calls++
	c.mu.Unlock()
	if !op.Anonymous {
		tok, err := c.Tokens.Token(ctx)
		if err != nil {
			if ctx.Err() != nil {
				return nil, ErrHalted
			}
			return nil, fmt.Errorf("obtaining a token for %s: %w", op.Name, err)
		}
		req.Token = tok
	}
	resp, ex, err := c.Client.Do(ctx, req)
	if c.Record != nil {
		c.mu.Lock()
		c.Record(ctx, ex)
		c.mu.Unlock()
	}
	r := &Reply{Op: op, Fields: fields, Resp: resp, Ex: ex}
	if err != nil {
		if ctx.Err() != nil {
			return r, ErrHalted
		}
		return r, err
	}
	if !op.PlainText || gjson.ValidBytes(resp.Body) {
		r.JSON = gjson.ParseBytes(resp.Body)
	}
	return r, nil
}

// Money writes an amount as a JSON number with two decimals (Dec(18,2)).
func Money(d decimal.Decimal) json.Number { return json.Number(d.StringFixed(2)) }

// Succeeded is a success as A-7 defines it: responseCode 0000 with the
// operation's success status (A-7's "200 or 201" where the operation shows
// none). It is
// also what makes the suite's World take a payment, account or consent as
// its current one.
func (r *Reply) Succeeded() bool {
	if r == nil || r.Resp == nil || r.JSON.Get("responseCode").String() != "0000" {
		return false
	}
	if r.Op.Success != 0 {
		return r.Resp.Status == r.Op.Success
	}
	return r.Resp.Status == http.StatusOK || r.Resp.Status == http.StatusCreated
}

// Evidence describes the response for a message.
func (r *Reply) Evidence(red *targetclient.Redactor) string {
	body := red.String(string(r.Resp.Body))
	if len(body) > 1500 {
		body = body[:1500] + "...(cut)"
	}
	return fmt.Sprintf("response to %s: HTTP %d, Content-Type %q, body %s", r.Op.Name, r.Resp.Status, r.Resp.ContentType, strings.TrimSpace(body))
}

func RawOrAbsent(raw string) string {
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

// Readable checks before anything is read from a response, as the
// steps do: a JSON object said so by Content-Type (text/plain for B-4.11's
// success). It returns "" or what is wrong.
func (r *Reply) Readable() string {
	mt, _, _ := mime.ParseMediaType(r.Resp.ContentType)
	if r.Op.PlainText && mt == "text/plain" {
		return ""
	}
	switch {
	case len(r.Resp.Body) == 0:
		return "the response body is empty; A-1.2 requires JSON"
	case !gjson.ValidBytes(r.Resp.Body) || !r.JSON.IsObject():
		return "the response body is not a JSON object (A-1.2)"
	case mt != "application/json":
		return fmt.Sprintf("expected Content-Type application/json (A-1.2), got %q", r.Resp.ContentType)
	}
	return ""
}

// Success checks what "the call succeeds" checks, A-7's Success and
// the operation's response schema. It returns "" or what is wrong.
func (r *Reply) Success(set *schemas.Set) string {
	if msg := r.Readable(); msg != "" {
		return msg
	}
	if !r.Succeeded() {
		return fmt.Sprintf("expected a success of %s: HTTP %s with responseCode \"0000\"; got HTTP %d with responseCode %s",
			r.Op.Name, statusText(r.Op.Success), r.Resp.Status, RawOrAbsent(r.JSON.Get("responseCode").Raw))
	}
	if r.Op.PlainText {
		return ""
	}
	if err := set.Validate(r.Op.ResponseSchema(), r.Resp.Body); err != nil {
		return fmt.Sprintf("the %s response %v", r.Op.Name, err)
	}
	return ""
}

// HandledError checks what "the call fails as a handled error" checks
// a code other than 0000 and 0099 with an HTTP error status, in the
// shape of an error response.
func (r *Reply) HandledError(set *schemas.Set) string {
	if msg := r.Readable(); msg != "" {
		return msg
	}
	code := r.JSON.Get("responseCode").String()
	if code == "0000" || code == "0099" || r.Resp.Status < 400 {
		return fmt.Sprintf("expected %s to be refused as a handled error (a responseCode other than 0000 and 0099, with an HTTP error status); got HTTP %d with responseCode %s",
			r.Op.Name, r.Resp.Status, RawOrAbsent(r.JSON.Get("responseCode").Raw))
	}
	return r.errorShape(set)
}

// NotASuccess checks what "the call is not a success" checks.
func (r *Reply) NotASuccess(set *schemas.Set) string {
	if msg := r.Readable(); msg != "" {
		return msg
	}
	if code := r.JSON.Get("responseCode").String(); code == "0000" || r.Resp.Status/100 == 2 {
		return fmt.Sprintf("expected %s not to succeed; got HTTP %d with responseCode %q", r.Op.Name, r.Resp.Status, code)
	}
	return r.errorShape(set)
}

func (r *Reply) errorShape(set *schemas.Set) string {
	if err := set.Validate("error.response.json", r.Resp.Body); err != nil {
		return fmt.Sprintf("the error response %v", err)
	}
	return ""
}

// Field checks a text Field of a response: "" or what is wrong.
func (r *Reply) Field(name, want string) string {
	if got := r.JSON.Get(name); got.Type == gjson.Null || !got.Exists() || got.String() != want {
		return fmt.Sprintf("expected %s's %s to be %q, got %s", r.Op.Name, name, want, RawOrAbsent(got.Raw))
	}
	return ""
}

// Amount checks an Amount field of a response to the cent: "" or what is wrong.
func (r *Reply) Amount(name string, want decimal.Decimal) string {
	got := r.JSON.Get(name)
	d, err := decimal.NewFromString(got.Raw)
	if got.Type != gjson.Number || err != nil || !d.Equal(want) {
		return fmt.Sprintf("expected %s's %s to be %s, got %s", r.Op.Name, name, want.StringFixed(2), RawOrAbsent(got.Raw))
	}
	return ""
}
