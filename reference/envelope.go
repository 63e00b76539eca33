package reference

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/shopspring/decimal"

	"github.com/wallet-conformance/wallet-conformance/schemas"
	"github.com/wallet-conformance/wallet-conformance/targetclient"
)

// operation describes one endpoint: its route, whether it needs a token, its
// request fields and its behaviour once the request is valid.
type operation struct {
	id        string // stable identifier, e.g. schemas.CreateAccount; mutants refer to it
	pattern   string // http.ServeMux pattern; GET operations read the query string
	anonymous bool   // no X-Auth-Token needed (Issue Token only)
	spec      fieldSpec
	run       func(h *handler, c *call) reply
}

// call is a request that passed authentication and validation.
type call struct {
	r     *http.Request
	spec  fieldSpec // the spec the request was validated against
	v     values    // validated request fields, path parameters included
	now   time.Time // server time of the request, UTC
	scope scope     // the partner the request acts for, and what it may reach
}

// reply is what an operation answers; write adds the envelope.
type reply struct {
	status int
	code   string // four-digit responseCode
	desc   string // responseDescription
	fields map[string]any
	text   string // when not "", the whole body, sent as text/plain without envelope (B-4.11)
}

// ok is a success reply with the operation's fields.
func (h *handler) ok(status int, fields map[string]any) reply {
	return reply{status: status, code: "0000", desc: h.p.successDescription(), fields: fields}
}

// fail is a handled-error reply.
func (h *handler) fail(o outcome, desc string) reply {
	return reply{status: o.status, code: o.code, desc: desc}
}

// unshownSuccess is the success status of an operation whose own status the
// spec does not show (Init Verify, Set Default, Address Check): status,
// which A-7 bounds to "200 or 201", or 202 under the mutant that breaks it.
func (h *handler) unshownSuccess(status int) int {
	if h.mutant("unshown-success-202") {
		return http.StatusAccepted
	}
	return status
}

// exchange is the per-request state shared between the operation and the
// recoverer, which must still echo the envelope after a panic. Only the
// request's own goroutine touches it.
type exchange struct {
	echo   map[string]any // envelope fields echoed from the request
	op     string         // the operation's id; "" before routing
	accept string         // the request's Accept header
}

type exchangeKey struct{}

func exchangeFrom(ctx context.Context) *exchange {
	if ex, ok := ctx.Value(exchangeKey{}).(*exchange); ok {
		return ex
	}
	return &exchange{}
}

// Request decoding failures, all answered 0001.
var (
	errTooLarge     = errors.New("request body exceeds 1 MiB")
	errMalformed    = errors.New("malformed JSON body")
	errNotObject    = errors.New("request body is not a JSON object")
	errMalformedURL = errors.New("malformed query string")
)

// serve returns the http.HandlerFunc of an operation: decode, authenticate,
// validate, check codes, run, write.
func (h *handler) serve(op operation) http.HandlerFunc {
	fromQuery := strings.HasPrefix(op.pattern, http.MethodGet+" ") ||
		op.id == schemas.DeleteStoredPaymentOption && h.mutant("cr-delete-params-from-query")
	spec := h.specMutations(op.id, op.spec)
	opt := h.validateOptions(fromQuery)
	return func(w http.ResponseWriter, r *http.Request) {
		ex := exchangeFrom(r.Context())
		ex.op, ex.accept = op.id, r.Header.Get("Accept")
		now := h.now().UTC()
		raw, err := readParams(r, fromQuery)
		if op.id == schemas.GetAccount && h.mutant("get-account-reads-body") {
			raw = map[string]any{} // the query string is not read
		}
		for _, f := range spec.fields {
			if f.in == inPath {
				raw[f.name] = r.PathValue(f.name)
			}
		}
		ex.echo = h.echo(raw, opt)
		if op.id == schemas.GetAccount && h.mutant("get-account-path-not-relative") {
			// Served at {base_url}/v1/account/{accno} only.
			h.write(w, ex, now, h.fail(h.p.unknownRoute(), "no operation at this path"))
			return
		}
		sc := scope{all: h.mutant("partners-not-isolated")}
		if !op.anonymous {
			partner, ok := h.authorized(r, op.id, now)
			if !ok {
				o := h.p.authFailure()
				if h.mutant("unauthorized-http-200") {
					o.status = http.StatusOK
				}
				if h.mutant("cr-expired-token-other-code") && h.tokens.expired(r.Header.Get("X-Auth-Token"), now) {
					o.code = "0097"
				}
				h.write(w, ex, now, h.fail(o, "unauthorized: X-Auth-Token missing or invalid"))
				return
			}
			sc.partner = partner
			if rep, reused := h.reusedReference(sc, raw); reused {
				h.write(w, ex, now, rep)
				return
			}
		}
		if rep, done := h.sweepFault(op, raw, err, r, func(raw map[string]any) reply {
			vals, probs := spec.validate(raw, opt)
			if !probs.ok() {
				return h.invalid(probs)
			}
			return h.noteReference(sc, vals, op.run(h, &call{r: r, spec: spec, v: vals, now: now, scope: sc}))
		}); done {
			h.write(w, ex, now, rep)
			return
		}
		if rep, done := h.validFault(op, raw); done && err == nil {
			h.write(w, ex, now, rep)
			return
		}
		if err != nil {
			h.write(w, ex, now, h.undecodable(err))
			return
		}
		if rep, bad := h.unlistedFields(op, spec, raw); bad {
			h.write(w, ex, now, rep)
			return
		}
		if rep, bad := h.cleanroomRaw(op.id, raw); bad {
			h.write(w, ex, now, rep)
			return
		}
		vals, probs := spec.validate(raw, opt)
		probs = h.cleanroomMissing(spec, raw, vals, probs)
		if !probs.ok() {
			h.write(w, ex, now, h.invalid(probs))
			return
		}
		if rep, bad := h.checkCodes(vals); bad {
			h.write(w, ex, now, rep)
			return
		}
		rep := h.validAnswer(op, h.noteReference(sc, vals, op.run(h, &call{r: r, spec: spec, v: vals, now: now, scope: sc})))
		h.write(w, ex, now, h.echoUnlisted(op.id, raw, h.contractReply(op.id, rep)))
	}
}

// echoUnlisted adds to a success of op, for the variant
// echoes-unlisted-request-fields, each field of the request raw that the
// operation's response schema does not list and the reply does not carry,
// as sent; never a secret (targetclient.IsSecretKey: what the suite's
// reports redact).
func (h *handler) echoUnlisted(op string, raw map[string]any, rep reply) reply {
	if !h.variant("echoes-unlisted-request-fields") || rep.code != "0000" || rep.text != "" {
		return rep
	}
	listed := map[string]bool{}
	for _, p := range contractSet().Shape(op + ".response.json") {
		listed[p.Name] = true
	}
	fields := maps.Clone(rep.fields)
	if fields == nil {
		fields = map[string]any{}
	}
	for name, v := range raw {
		_, has := fields[name]
		if !listed[name] && !has && !targetclient.IsSecretKey(name) {
			fields[name] = v
		}
	}
	rep.fields = fields
	return rep
}

// reusedReference refuses, for the variant partner-reference-once, a call
// whose partnerReference an earlier accepted call of the same partner
// carried, before anything else of the request is read.
func (h *handler) reusedReference(sc scope, raw map[string]any) (reply, bool) {
	ref, ok := raw["partnerReference"].(string)
	if !ok || !h.variant("partner-reference-once") {
		return reply{}, false
	}
	if _, used := h.usedRefs.Load(sc.partner + "\x00" + ref); used {
		return reply{status: http.StatusConflict, code: "0057", desc: "partnerReference already used: " + ref}, true
	}
	return reply{}, false
}

// noteReference remembers, for the variant partner-reference-once, the
// partnerReference of an accepted call, and returns rep.
func (h *handler) noteReference(sc scope, vals values, rep reply) reply {
	if rep.code == "0000" && sc.partner != "" && h.variant("partner-reference-once") {
		h.usedRefs.Store(sc.partner+"\x00"+vals.str("partnerReference"), true)
	}
	return rep
}

// validateOptions are the validator settings: the variant's choice of N
// encoding, and the relaxations of mutants.
func (h *handler) validateOptions(fromQuery bool) validateOptions {
	return validateOptions{
		fromQuery:         fromQuery,
		numbersOnly:       h.variant("n-fields-json-numbers"),
		acceptStringBools: h.mutant("wrong-type-accepted"),
		dateShapeOnly:     h.mutant("invalid-date-accepted"),
		anyDate:           h.mutant("date-format-unchecked"),
		anyTime:           h.mutant("time-format-unchecked"),
		anyDigits:         h.mutant("n-digits-unchecked"),
		numbersAsStrings:  h.mutant("number-as-string-accepted"),
		noExponents:       h.variant("exponent-amounts-refused"),
		noTrailingZeros:   h.variant("trailing-zeros-refused"),
		noControlChars:    h.variant("control-characters-refused"),
		posixCulture:      h.variant("culture-posix-locale-accepted"),

		leapCenturyCommon: h.mutant("cr-leap-day-refused"),
		midnightAbsent:    h.mutant("cr-midnight-localtime-missing"),
	}
}

// listedOnly are the operations whose requests the variant
// unlisted-fields-refused holds to their tables: Issue Token and the account
// operations.
var listedOnly = []string{schemas.IssueToken, schemas.CreateAccount, schemas.UpdateAccount, schemas.GetAccount, schemas.CloseAccount}

// unlistedFields refuses, for the variant unlisted-fields-refused, a request
// of listedOnly that carries a field its table does not list: the spec says
// nothing of fields beyond the table, so a server may treat one as a
// syntax error.
func (h *handler) unlistedFields(op operation, spec fieldSpec, raw map[string]any) (reply, bool) {
	if !h.variant("unlisted-fields-refused") || !slices.Contains(listedOnly, op.id) {
		return reply{}, false
	}
	var extra []string
	for _, k := range slices.Sorted(maps.Keys(raw)) {
		if !spec.has(k) {
			extra = append(extra, k)
		}
	}
	if len(extra) == 0 {
		return reply{}, false
	}
	return reply{status: http.StatusBadRequest, code: "0001", desc: "unknown field(s): " + strings.Join(extra, ", ")}, true
}

// readParams returns the request parameters: the query string for GET, the
// JSON object body otherwise. The map is never nil, so path parameters can be
// added even when err is set.
func readParams(r *http.Request, fromQuery bool) (map[string]any, error) {
	raw := map[string]any{}
	if fromQuery {
		q, err := url.ParseQuery(r.URL.RawQuery)
		for k, vs := range q {
			if len(vs) > 0 {
				raw[k] = vs[0]
			}
		}
		if err != nil {
			return raw, errMalformedURL
		}
		return raw, nil
	}
	body, err := io.ReadAll(r.Body)
	if err != nil {
		var tooLarge *http.MaxBytesError
		if errors.As(err, &tooLarge) {
			return raw, errTooLarge
		}
		return raw, errMalformed
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return raw, errMalformed
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return raw, errMalformed // trailing data after the object
	}
	obj, ok := v.(map[string]any)
	if !ok {
		return raw, errNotObject
	}
	return obj, nil
}

// undecodable answers a request whose parameters could not be decoded.
func (h *handler) undecodable(err error) reply {
	if errors.Is(err, errMalformed) && h.mutant("malformed-json-500") {
		return reply{status: http.StatusInternalServerError, code: "0099", desc: "unexpected server error"}
	}
	return reply{status: http.StatusBadRequest, code: "0001", desc: "syntax error: " + err.Error()}
}

// invalid answers a request that failed field validation: missing fields
// first, then syntax errors; the description names every such field.
func (h *handler) invalid(p problems) reply {
	if len(p.missing) > 0 {
		rep := reply{status: http.StatusBadRequest, code: "0001", desc: h.p.missingDescription(p.missing)}
		if h.mutant("missing-field-http-200") {
			rep.status = http.StatusOK
		}
		if h.mutant("missing-field-unnamed") {
			rep.desc = "mandatory field missing"
		}
		if h.mutant("missing-fields-first-only") {
			rep.desc = h.p.missingDescription(p.missing[:1])
		}
		if h.mutant("missing-field-within-word") {
			named := make([]string, len(p.missing))
			for i, f := range p.missing {
				named[i] = "business" + strings.ToUpper(f[:1]) + f[1:]
			}
			rep.desc = h.p.missingDescription(named)
		}
		return rep
	}
	switch {
	case len(p.syntax) > 0:
		return reply{status: http.StatusBadRequest, code: "0001", desc: h.p.syntaxDescription(p.syntax)}
	case len(p.tooLong) > 0 && h.variant("overlength-own-code"):
		return reply{status: http.StatusUnprocessableEntity, code: "0040", desc: "value too long: " + strings.Join(p.tooLong, ", ")}
	case len(p.tooLong) > 0:
		return reply{status: http.StatusBadRequest, code: "0001", desc: h.p.syntaxDescription(p.tooLong)}
	case len(p.tooManyDigits) > 0:
		return reply{status: http.StatusBadRequest, code: "0001", desc: h.p.syntaxDescription(p.tooManyDigits)}
	case h.variant("impossible-value-own-code"):
		return reply{status: http.StatusUnprocessableEntity, code: "0041", desc: "no such date or time: " + strings.Join(p.impossible, ", ")}
	}
	return reply{status: http.StatusBadRequest, code: "0001", desc: h.p.syntaxDescription(p.impossible)}
}

// checkCodes rejects values that are well-formed but not accepted: a foreign
// programCode or programAccno, an accnoType other than "00" and "01".
func (h *handler) checkCodes(v values) (reply, bool) {
	if s, ok := v["programCode"].(string); ok && s != h.cfg.ProgramCode {
		return h.fail(h.p.wrongProgram(), "invalid value: programCode"), true
	}
	if s, ok := v["programAccno"].(string); ok && s != h.cfg.ProgramAccno {
		return h.fail(h.p.wrongProgram(), "invalid value: programAccno"), true
	}
	if s, ok := v["accnoType"].(string); ok && s != "00" && s != "01" {
		return h.fail(h.p.wrongAccnoType(), "invalid value: accnoType"), true
	}
	if rep, bad := h.overPaymentLimit(v); bad {
		return rep, true
	}
	return h.unofferedCurrency(v)
}

// echo picks the envelope fields a response echoes: partnerReference and
// programCode when present as valid strings, localDate and localTime when
// valid.
func (h *handler) echo(raw map[string]any, opt validateOptions) map[string]any {
	e := map[string]any{}
	for name, limit := range map[string]int{"partnerReference": 64, "programCode": 10} {
		if s, ok := raw[name].(string); ok && s != "" && utf8.RuneCountInString(s) <= limit {
			e[name] = s
		}
	}
	if s, ok := raw["localDate"].(string); ok && validDate(s, opt.dateShapeOnly) {
		e["localDate"] = s
		if h.mutant("envelope-localdate-not-echoed") {
			if d, err := time.Parse(time.DateOnly, s); err == nil {
				e["localDate"] = d.AddDate(0, 0, -1).Format(time.DateOnly)
			} else {
				e["localDate"] = "2000-01-01"
			}
		}
	}
	if s, ok := raw["localTime"].(string); ok && validTime(s) {
		e["localTime"] = s
	}
	return e
}

// write sends rep with the response envelope as a JSON object, or
// rep.text as text/plain when set.
func (h *handler) write(w http.ResponseWriter, ex *exchange, now time.Time, rep reply) {
	if rep.text != "" && h.mutant("available-amount-as-json") {
		rep = reply{status: rep.status, code: "0000", desc: h.p.successDescription(), fields: map[string]any{"answer": rep.text}}
	}
	mediaType := "application/json"
	if rep.text != "" {
		mediaType = "text/plain"
	}
	if h.variant("accept-negotiated") && !accepts(ex.accept, mediaType) {
		// RFC 9110, 15.5.7: the server cannot answer in a form the client accepts.
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		w.WriteHeader(http.StatusNotAcceptable)
		_, _ = io.WriteString(w, "not acceptable: this response is "+mediaType)
		return
	}
	if rep.text != "" {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		w.WriteHeader(rep.status)
		_, _ = io.WriteString(w, rep.text)
		return
	}
	if rep.code != "0000" && rep.code != "0001" && rep.status >= 400 && h.mutant("handled-error-http-200") {
		rep.status = http.StatusOK
	}
	if h.variant("handled-errors-http-5xx") && rep.status >= 400 {
		// A-7 pairs only 0000, 0001 and 0099 with a status; every other
		// handled code may come with any HTTP error status.
		switch rep.code {
		case "0000", "0001", "0099":
		case "0096":
			rep.status = http.StatusServiceUnavailable
		default:
			rep.status = http.StatusInternalServerError
		}
	}
	if rep.code == "0000" {
		if tok, ok := rep.fields["authorizationToken"].(string); ok && h.mutant("authorization-token-too-long") {
			rep.fields["authorizationToken"] = tok + strings.Repeat("x", max(0, 8193-len(tok)))
		}
	}
	body := map[string]any{}
	maps.Copy(body, ex.echo)
	maps.Copy(body, rep.fields)
	body["sysDate"] = now.Format(time.DateOnly)
	if h.mutant("sysdate-stuck") {
		body["sysDate"] = "2001-01-01"
	}
	body["sysTime"] = now.Format("150405")
	body["responseCode"] = rep.code
	body["responseDescription"] = truncate(rep.desc, 512)
	for k, v := range h.p.extraFields() {
		if _, taken := body[k]; !taken {
			body[k] = v
		}
	}
	if h.mutant("envelope-no-systime") {
		delete(body, "sysTime")
	}
	if h.mutant("error-without-sysdate") && rep.code != "0000" {
		delete(body, "sysDate")
	}
	if h.mutant("provider-response-as-string") && ex.op == schemas.InitAddStoredPaymentOption && body["paymentProviderResponse"] != nil {
		body["paymentProviderResponse"] = fmt.Sprint(body["paymentProviderResponse"])
	}
	if h.mutant("get-account-programcode-not-echoed") && ex.op == schemas.GetAccount {
		delete(body, "programCode")
	}
	if h.mutant("envelope-partnerreference-not-echoed") {
		delete(body, "partnerReference")
	}
	if h.variant("amounts-shortest-form") {
		body = shortestAmounts(body).(map[string]any)
	}
	if h.variant("omits-valueless-fields") && !(ex.op == schemas.GetAccount && rep.code == "0000") {
		body = withoutValueless(body)
	}
	if h.mutant("responsecode-numeric") {
		n, _ := strconv.Atoi(rep.code)
		body["responseCode"] = json.Number(strconv.Itoa(n))
	}

	var buf bytes.Buffer
	if err := writeJSON(&buf, body, h.p.descendingKeys()); err != nil {
		buf.Reset()
		buf.WriteString(`{"responseCode":"0099","responseDescription":"unexpected server error"}`)
		rep.status = http.StatusInternalServerError
	}
	w.Header().Set("Content-Type", "application/json")
	if ex.op == schemas.GetAccount && h.mutant("get-account-not-labelled-json") {
		w.Header().Set("Content-Type", "text/plain")
	}
	w.WriteHeader(rep.status)
	_, _ = w.Write(buf.Bytes())
}

// accepts reports whether an Accept header admits mediaType (RFC 9110,
// 12.5.1): no header admits everything; a range admits it when it is */*,
// type/* or the type itself, with a q above zero.
func accepts(header, mediaType string) bool {
	if strings.TrimSpace(header) == "" {
		return true
	}
	typ, _, _ := strings.Cut(mediaType, "/")
	for _, part := range strings.Split(header, ",") {
		params := strings.Split(part, ";")
		r := strings.ToLower(strings.TrimSpace(params[0]))
		refused := false
		for _, p := range params[1:] {
			if q, ok := strings.CutPrefix(strings.TrimSpace(p), "q="); ok {
				f, err := strconv.ParseFloat(q, 64)
				refused = err == nil && f == 0
			}
		}
		if !refused && (r == "*/*" || r == typ+"/*" || r == mediaType) {
			return true
		}
	}
	return false
}

// truncate shortens s to at most n characters.
func truncate(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n])
}

// writeJSON writes v with object keys in ascending (or descending) order, so
// the output is deterministic. decimal.Decimal is written as a JSON number.
// envelopeFields are the fields of the A-2.1 response envelope, "present
// on every response", and the rest of what A-7 says an error response
// carries.
var envelopeFields = []string{"localDate", "localTime", "sysDate", "sysTime", "responseCode", "responseDescription", "partnerReference"}

// withoutValueless returns a copy of a response body without the fields,
// at every depth, whose value is null or "" (variant
// omits-valueless-fields), but the envelope's own fields. It copies: the
// objects of a body may be the server's own state.
func withoutValueless(body map[string]any) map[string]any {
	var strip func(v any) any
	strip = func(v any) any {
		switch t := v.(type) {
		case map[string]any:
			out := make(map[string]any, len(t))
			for k, x := range t {
				if x != nil && x != "" {
					out[k] = strip(x)
				}
			}
			return out
		case []any:
			out := make([]any, len(t))
			for i, x := range t {
				out[i] = strip(x)
			}
			return out
		case []map[string]any:
			out := make([]any, len(t))
			for i, x := range t {
				out[i] = strip(x)
			}
			return out
		}
		return v
	}
	out := strip(body).(map[string]any)
	for _, k := range envelopeFields {
		if v, ok := body[k]; ok {
			out[k] = v
		}
	}
	return out
}

func writeJSON(b *bytes.Buffer, v any, descending bool) error {
	switch t := v.(type) {
	case map[string]any:
		keys := slices.Sorted(maps.Keys(t))
		if descending {
			slices.Reverse(keys)
		}
		b.WriteByte('{')
		for i, k := range keys {
			if i > 0 {
				b.WriteByte(',')
			}
			if err := writeJSON(b, k, descending); err != nil {
				return err
			}
			b.WriteByte(':')
			if err := writeJSON(b, t[k], descending); err != nil {
				return err
			}
		}
		b.WriteByte('}')
		return nil
	case []any:
		b.WriteByte('[')
		for i, x := range t {
			if i > 0 {
				b.WriteByte(',')
			}
			if err := writeJSON(b, x, descending); err != nil {
				return err
			}
		}
		b.WriteByte(']')
		return nil
	case decimal.Decimal:
		b.WriteString(t.String())
		return nil
	default:
		out, err := json.Marshal(t)
		if err != nil {
			return err
		}
		b.Write(out)
		return nil
	}
}
