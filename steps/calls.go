package steps

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strings"

	"github.com/tidwall/gjson"

	"github.com/wallet-conformance/wallet-conformance/profile"
	"github.com/wallet-conformance/wallet-conformance/record"
	"github.com/wallet-conformance/wallet-conformance/schemas"
	"github.com/wallet-conformance/wallet-conformance/targetclient"
)

// useCases are phrases of their own for one use of an operation, beside
// the operation's Phrase in the contract (schemas.Catalogue): shape turns
// the operation's valid request into that use.
var useCases = []phrase{
	{"initiates a payment with the stored payment option", schemas.InitAuthorize, withStoredOption},
	{"finds the user account by login ID", schemas.FindUserAccount, byLoginID},
}

// phrase names an operation, or a use of one, in the features' words.
type phrase struct {
	phrase, op string
	shape      func(w *World, fields map[string]any)
}

// phrases name each operation in the features' words: its Phrase in the
// contract, then the use cases. The step patterns are built from this
// table, so a feature says "the partner closes the account" and never a
// method or a path.
var phrases = func() []phrase {
	var out []phrase
	for _, op := range schemas.Catalogue() {
		out = append(out, phrase{op.Phrase, op.ID, nil})
	}
	return append(out, useCases...)
}()

// requestVariant is a named shape of a request, applied on top of
// its valid form: "the partner creates an account for a business user".
type requestVariant struct {
	phrase string
	apply  func(w *World, op string, fields map[string]any)
}

// variants are the request variants of every domain: each domain file adds
// its own beside the functions that shape them, as it adds its builders
// (the features' steps that use one are checked against the request
// schema: TestValidRequestsMatchTheirSchemas).
var variants = slices.Concat(accountVariants, paymentOptionVariants, paymentVariants)

// anyOperation adapts a variant that is the same whatever the operation.
func anyOperation(apply func(w *World, fields map[string]any)) func(*World, string, map[string]any) {
	return func(w *World, _ string, f map[string]any) { apply(w, f) }
}

// builders return the path parameters and the valid parameters of an
// operation for the scenario's current state. Each domain file adds its own.
type builder func(w *World) (path map[string]string, fields map[string]any, err error)

func builderFor(op string) (builder, bool) {
	for _, table := range []map[string]builder{authBuilders, accountBuilders, paymentOptionBuilders, paymentBuilders, consentBuilders, accountInfoBuilders, merchantBuilders} {
		if b, ok := table[op]; ok {
			return b, true
		}
	}
	return nil, false
}

// opPattern and variantPattern are the regular expressions of the phrases and variants.
var (
	opPattern      = "(" + alternation(len(phrases), func(i int) string { return phrases[i].phrase }) + ")"
	variantPattern = "(?: (" + alternation(len(variants), func(i int) string { return variants[i].phrase }) + "))?"
)

func alternation(n int, at func(int) string) string {
	parts := make([]string, n)
	for i := range parts {
		parts[i] = regexp.QuoteMeta(at(i))
	}
	return strings.Join(parts, "|")
}

func operationFor(phrase string) (schemas.Operation, func(*World, map[string]any), error) {
	for _, p := range phrases {
		if p.phrase == phrase {
			op, ok := schemas.Lookup(p.op)
			if !ok {
				break
			}
			return op, p.shape, nil
		}
	}
	return schemas.Operation{}, nil, fmt.Errorf("no operation is called %q", phrase)
}

// request is an operation about to be sent.
type request struct {
	op     schemas.Operation
	path   map[string]string
	fields map[string]any
	raw    []byte  // when set, sent instead of the fields (malformed bodies)
	token  *string // when set, sent as X-Auth-Token instead of the scenario's token ("" = none)
}

// prepare builds the valid request of the operation named by phrase, in the
// given variant ("" for none).
func (w *World) prepare(phrase, variant string) (*request, error) {
	op, shape, err := operationFor(phrase)
	if err != nil {
		return nil, err
	}
	b, ok := builderFor(op.ID)
	if !ok {
		return nil, fmt.Errorf("the suite cannot build %s yet", op.Name)
	}
	path, fields, err := b(w)
	if err != nil {
		return nil, err
	}
	if shape != nil {
		shape(w, fields)
	}
	for _, v := range variants {
		if v.phrase == variant {
			v.apply(w, op.ID, fields)
		}
	}
	return &request{op: op, path: path, fields: fields}, nil
}

// send calls the target and records the call as the scenario's last.
func (w *World) send(ctx context.Context, r *request) error {
	c, err := w.sendDetached(ctx, r)
	w.mu.Lock()
	defer w.mu.Unlock()
	w.last = c
	if err != nil {
		return err
	}
	w.remember()
	return nil
}

// sendDetached calls the target and records the exchange, but neither sets
// the scenario's last call nor remembers what it established: the steps that
// send several calls at once use it.
func (w *World) sendDetached(ctx context.Context, r *request) (*call, error) {
	req, err := EncodeRequest(w.env.Profile, r.op, r.path, r.fields)
	if err != nil {
		return nil, err
	}
	if r.raw != nil {
		req.Body, req.Query = r.raw, nil
	}
	switch {
	case r.token != nil:
		req.Token = *r.token
	case !r.op.Anonymous:
		tok, err := w.authToken(ctx)
		if err != nil {
			return nil, fmt.Errorf("obtaining a token for %s: %w", r.op.Name, err)
		}
		req.Token = tok
	}
	resp, ex, err := w.env.Client.Do(ctx, req)
	w.mu.Lock()
	w.exchanges = append(w.exchanges, ex)
	pos := len(w.exchanges) - 1
	w.mu.Unlock()
	c := &call{op: r.op, path: r.path, fields: r.fields, raw: r.raw != nil, resp: resp, retried: ex.RetriedCodes, ex: pos}
	if err != nil {
		return c, err
	}
	if !r.op.PlainText || gjson.ValidBytes(resp.Body) {
		// A text/plain operation still answers its errors in JSON.
		c.json = gjson.ParseBytes(resp.Body)
	}
	return c, nil
}

// numberFields are the N(n) fields of each operation's JSON body:
// Update Account Information's and Authorize's oneTimePassword N(8), Complete
// Verify's verificationCode N(6), Revoke Consent's oneTimePassword N(8).
// (Add Consent's and KC-Debit Account's oneTimePassword are S(8); top and
// skip of Account Enquiry travel in a query string.)
var numberFields = map[string][]string{
	schemas.UpdateAccount:                     {"oneTimePassword"},
	schemas.CompleteVerifyStoredPaymentOption: {"verificationCode"},
	schemas.Authorize:                         {"oneTimePassword"},
	schemas.RevokeConsent:                     {"oneTimePassword"},
}

// encodeNumbers returns the body fields with the N(n) fields of the
// operation encoded as the profile declares (behaviour numberEncoding,
// A-2.0#8): the builders hold them as strings of digits, which is the
// default; "number" sends a string of digits as a JSON number (leading zeros
// dropped). A value that is not all digits is sent as it is: it is a
// scenario's deliberate wrong value.
func encodeNumbers(p *profile.Profile, op string, fields map[string]any) map[string]any {
	names := numberFields[op]
	if len(names) == 0 || p.Behaves(profile.NumberEncoding) != profile.AsNumber {
		return fields
	}
	out := make(map[string]any, len(fields))
	for k, v := range fields {
		out[k] = v
	}
	for _, name := range names {
		s, ok := out[name].(string)
		if !ok || s == "" || strings.Trim(s, "0123456789") != "" {
			continue
		}
		if s = strings.TrimLeft(s, "0"); s == "" {
			s = "0"
		}
		out[name] = json.Number(s)
	}
	return out
}

// EncodeRequest turns an operation's path parameters and fields into the
// request the suite sends, as every user of the target must (the scenarios,
// explore): path parameters into the path; fields in the query string of a
// GET, else as the JSON body, its N(n) fields as the profile declares
// (A-2.0#8); and, for the operation that answers text/plain, an Accept that
// names it and JSON (its errors are JSON: a server that negotiates may refuse
// an Accept that names JSON alone). The token is the caller's to set.
func EncodeRequest(p *profile.Profile, op schemas.Operation, path map[string]string, fields map[string]any) (targetclient.Request, error) {
	req := targetclient.Request{Operation: op.ID, Method: op.Method, Header: http.Header{}}
	req.Path = op.Path
	for k, v := range path {
		req.Path = strings.ReplaceAll(req.Path, "{"+k+"}", url.PathEscape(v))
	}
	if op.BodyInQuery() {
		req.Query = queryOf(fields)
	} else {
		body, err := json.Marshal(encodeNumbers(p, op.ID, fields))
		if err != nil {
			return targetclient.Request{}, fmt.Errorf("encoding the %s request: %w", op.Name, err)
		}
		req.Body = body
	}
	if op.PlainText {
		// B-4.11 names no Accept header (rule B-4.11#5).
		req.Header.Set("Accept", "text/plain, application/json")
	}
	return req, nil
}

// queryOf encodes parameters for a GET query string: strings as they
// are, booleans as true/false, numbers as their literal.
func queryOf(fields map[string]any) url.Values {
	q := url.Values{}
	for k, v := range fields {
		switch x := v.(type) {
		case string:
			q.Set(k, x)
		case nil:
		default:
			b, _ := json.Marshal(x)
			q.Set(k, string(b))
		}
	}
	return q
}

// parseLiteral reads a JSON literal from a feature ("yes", 42, true, "1990-13-01").
func parseLiteral(s string) (any, error) {
	dec := json.NewDecoder(bytes.NewReader([]byte(s)))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, fmt.Errorf("%s is not a JSON value: %w", s, err)
	}
	return v, nil
}

// succeeded tells whether the last call was a success as A-7 defines it:
// responseCode 0000 with the operation's success status, or, where the
// operation does not show its own, with A-7's "200 or 201".
func (c *call) succeeded() bool {
	if c == nil || c.resp == nil || c.json.Get("responseCode").String() != "0000" {
		return false
	}
	if c.op.Success != 0 {
		return c.resp.Status == c.op.Success
	}
	return c.resp.Status == http.StatusOK || c.resp.Status == http.StatusCreated
}

// stateIdentifiers are the identifiers an operation's answer must carry
// for the scenario to build on it: what the later calls of a scenario send.
var stateIdentifiers = map[string][]string{
	schemas.CreateAccount:                  {"accno"},
	schemas.InitAddStoredPaymentOption:     {"authorizationToken"},
	schemas.CompleteAddStoredPaymentOption: {"storedPaymentOptionReference"},
	schemas.InitAuthorize:                  {"uniqueReference"},
	schemas.Authorize:                      {"uniqueReference"},
	schemas.KCAuthorize:                    {"uniqueReference"},
	schemas.KCDebitAccount:                 {"uniqueReference"},
	schemas.AddConsent:                     {"consentReference"},
}

// reachedState tells whether a call reached the state a scenario's setup
// needs, though it may deviate from the spec in other ways: responseCode
// 0000 with an HTTP 2xx status (A-7 makes 0000 the success) and the
// identifiers later calls send (stateIdentifiers). A setup call that
// reached its state lets the scenario go on: its deviation (another 2xx
// status, another Content-Type) is judged by the scenarios of its own
// operation, once, not by every scenario that needs the state.
func (c *call) reachedState() bool {
	if c == nil || c.resp == nil || c.resp.Status/100 != 2 || c.json.Get("responseCode").String() != "0000" {
		return false
	}
	for _, id := range stateIdentifiers[c.op.ID] {
		if c.json.Get(id).String() == "" {
			return false
		}
	}
	return true
}

// sendValid sends the valid request of an operation as a precondition of
// the scenario and requires it to reach its state (call.reachedState): a
// setup call that did not blocks the scenario.
func (w *World) sendValid(ctx context.Context, phrase, variant string) error {
	r, err := w.prepare(phrase, variant)
	if err != nil {
		return err
	}
	if err := w.send(ctx, r); err != nil {
		return err
	}
	if err := w.mustSucceed(true); err != nil {
		if w.blocked == nil {
			w.blocked = &record.Blocker{Operation: r.op.ID}
		}
		return err
	}
	return nil
}

// readBack sends an operation in its valid form to read the target's state
// back, and requires a success.
func (w *World) readBack(ctx context.Context, phrase string) error {
	r, err := w.prepare(phrase, "")
	if err != nil {
		return err
	}
	if err := w.send(ctx, r); err != nil {
		return err
	}
	return w.mustSucceed(false)
}

// mustSucceed requires the last call to be a success, for a step that
// builds on it (a Given, or a Then that reads the state back). The message
// says what came back instead, read as a vendor would (A-1.2 first).
func (w *World) mustSucceed(precondition bool) error {
	prefix := ""
	if precondition {
		prefix = "precondition: "
		if w.last.reachedState() {
			return nil
		}
	}
	c, err := w.readable()
	if err != nil {
		var f *Failure
		if errors.As(err, &f) {
			return &Failure{Msg: prefix + w.last.op.Name + ": " + f.Msg, Evidence: f.Evidence}
		}
		return err
	}
	if !c.succeeded() {
		return w.failf("%s%s was not a success: expected HTTP %s with responseCode \"0000\", got HTTP %d with responseCode %s",
			prefix, c.op.Name, statusText(c.op.Success), c.resp.Status, rawOrAbsent(c.json.Get("responseCode").Raw))
	}
	if precondition && !c.reachedState() {
		return w.failf("%s%s answered a success without %s, which the scenario needs to go on",
			prefix, c.op.Name, strings.Join(stateIdentifiers[c.op.ID], ", "))
	}
	return nil
}

func statusText(code int) string {
	if code == 0 {
		return "200 or 201"
	}
	return fmt.Sprint(code)
}
