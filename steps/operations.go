package steps

import (
	"context"
	"fmt"
	"mime"
	"net/http"
	"regexp"
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/cucumber/godog"
	"github.com/tidwall/gjson"

	"github.com/wallet-conformance/wallet-conformance/record"
	"github.com/wallet-conformance/wallet-conformance/rules"
	"github.com/wallet-conformance/wallet-conformance/schemas"
)

// The generic vocabulary: any operation, sent in its valid form or changed
// in one way, and what its response must be.

func (w *World) calls(ctx context.Context, phrase, variant string) error {
	r, err := w.prepare(phrase, variant)
	if err != nil {
		return err
	}
	return w.send(ctx, r)
}

func (w *World) callsWithout(ctx context.Context, phrase, variant, field string) error {
	r, err := w.prepare(phrase, variant)
	if err != nil {
		return err
	}
	if _, ok := r.fields[field]; !ok {
		return fmt.Errorf("the valid %s request has no field %s to leave out", r.op.Name, field)
	}
	delete(r.fields, field)
	return w.send(ctx, r)
}

func (w *World) callsWithoutTwo(ctx context.Context, phrase, variant, field, other string) error {
	r, err := w.prepare(phrase, variant)
	if err != nil {
		return err
	}
	for _, f := range []string{field, other} {
		if _, ok := r.fields[f]; !ok {
			return fmt.Errorf("the valid %s request has no field %s to leave out", r.op.Name, f)
		}
		delete(r.fields, f)
	}
	return w.send(ctx, r)
}

func (w *World) callsWithValue(ctx context.Context, phrase, variant, field, literal string) error {
	r, err := w.prepareWithValue(phrase, variant, field, literal)
	if err != nil {
		return err
	}
	return w.send(ctx, r)
}

// callsWithValueWithout sends field with the value, what the conditional
// rules it makes hold require (completeRules), and then leaves out other:
// "with deliveryMethod set to "SHIP" without addr1".
func (w *World) callsWithValueWithout(ctx context.Context, phrase, variant, field, literal, other string) error {
	r, err := w.prepareWithValue(phrase, variant, field, literal)
	if err != nil {
		return err
	}
	if _, ok := r.fields[other]; !ok {
		return fmt.Errorf("the %s request with %s set to %s has no field %s to leave out", r.op.Name, field, literal, other)
	}
	delete(r.fields, other)
	return w.send(ctx, r)
}

// prepareWithValue is the valid request with field set to the literal and
// what a rule that value makes hold requires (completeRules).
func (w *World) prepareWithValue(phrase, variant, field, literal string) (*request, error) {
	r, err := w.prepare(phrase, variant)
	if err != nil {
		return nil, err
	}
	v, err := parseLiteral(literal)
	if err != nil {
		return nil, err
	}
	r.fields[field] = v
	if err := w.completeRules(r, field); err != nil {
		return nil, err
	}
	return r, nil
}

// completeRules adds to a request what a conditional rule of its schema
// on the value the step set requires, once that value makes the rule hold
// ("when deliveryMethod is SHIP, addr1, city, postCode and countryCode are
// required"), and what those fields make other rules require
// (schemas.Set.Complete): a field of the billing block is the test
// customer's, any other the contract's example. The request is then valid
// but for what the step leaves out. A rule on the field's presence ("startTime
// requires startDate") is not completed: setting the field alone is how a
// scenario breaks it. The value set is never changed.
func (w *World) completeRules(r *request, field string) error {
	if !slices.ContainsFunc(w.env.Schemas.RequestRules(r.op.ID), func(rule schemas.Rule) bool {
		return rule.OnValue() && rule.Condition() == field && rule.Holds(r.fields)
	}) {
		return nil
	}
	set := r.fields[field]
	added, err := w.env.Schemas.Complete(r.op.ID, r.fields)
	if err != nil {
		return fmt.Errorf("completing the %s request: %w", r.op.Name, err)
	}
	r.fields[field] = set
	local := w.unique("wc") // the e-mail address's {id}
	for _, name := range added {
		if v, ok := billingValue(w.env.Profile, name, local); ok && name != field {
			r.fields[name] = v
		}
	}
	return nil
}

// callsWithLength sends field at exactly n characters, unique
// to the scenario, in the given variant of the request ("" for none).
func (w *World) callsWithLength(ctx context.Context, phrase, variant, field string, n int) error {
	r, err := w.prepare(phrase, variant)
	if err != nil {
		return err
	}
	r.fields[field] = fill(w.unique("Wc"), n)
	return w.send(ctx, r)
}

// fill pads prefix with letters to exactly n characters.
func fill(prefix string, n int) string {
	s := prefix + strings.Repeat("abcdefghij", n/10+1)
	return s[:n]
}

func (w *World) callsWithMalformedJSON(ctx context.Context, phrase string) error {
	r, err := w.prepare(phrase, "")
	if err != nil {
		return err
	}
	if r.op.BodyInQuery() {
		return fmt.Errorf("%s has no JSON body", r.op.Name)
	}
	body := fmt.Sprintf(`{"partnerReference": %q, "localDate": "`, r.fields["partnerReference"])
	r.raw = []byte(body)
	return w.send(ctx, r)
}

func (w *World) callsWithoutToken(ctx context.Context, phrase string) error {
	r, err := w.prepare(phrase, "")
	if err != nil {
		return err
	}
	none := ""
	r.token = &none
	return w.send(ctx, r)
}

func (w *World) callsWithForeignToken(ctx context.Context, phrase string) error {
	r, err := w.prepare(phrase, "")
	if err != nil {
		return err
	}
	forged := "wc-not-issued-" + w.unique("")
	r.token = &forged
	return w.send(ctx, r)
}

// readable checks before anything else is read from a response: a
// JSON object, said so by Content-Type (text/plain for B-4.11's success).
// A vendor then reads "not JSON" instead of "responseCode missing".
func (w *World) readable() (*call, error) {
	c, err := w.requireLast()
	if err != nil {
		return nil, err
	}
	mt, _, _ := mime.ParseMediaType(c.resp.ContentType)
	if c.op.PlainText && mt == "text/plain" {
		return c, nil
	}
	switch {
	case len(c.resp.Body) == 0:
		return nil, w.failf("the response body is empty; A-1.2 requires JSON")
	case !gjson.ValidBytes(c.resp.Body) || !c.json.IsObject():
		return nil, w.failf("the response body is not a JSON object (A-1.2)")
	case mt != "application/json":
		return nil, w.failf("expected Content-Type application/json (A-1.2), got %q", c.resp.ContentType)
	}
	if want := statusOfCode(c.json.Get("responseCode").String()); want != nil && !slices.Contains(want, c.resp.Status) {
		return nil, w.violates("A-7#12", "A-7 pairs responseCode %q with HTTP %s; got HTTP %d", c.json.Get("responseCode").String(), joinStatuses(want), c.resp.Status)
	}
	return c, nil
}

// statusOfCode is the HTTP status A-7's table pairs with a responseCode
// ("| 0000 | 200 or 201 |", "| 0001 | 400 |", "| 0099 | 500 |"); nil for a
// code whose status is not shown (0096, 0058, 0098, codes the spec does
// not list). readable checks it on every JSON response the suite reads.
func statusOfCode(code string) []int {
	switch code {
	case "0000":
		return []int{http.StatusOK, http.StatusCreated}
	case "0001":
		return []int{http.StatusBadRequest}
	case "0099":
		return []int{http.StatusInternalServerError}
	}
	return nil
}

func joinStatuses(statuses []int) string {
	parts := make([]string, len(statuses))
	for i, s := range statuses {
		parts[i] = fmt.Sprint(s)
	}
	return strings.Join(parts, " or ")
}

// callSucceeds checks a success: the operation's HTTP status (200 or 201,
// A-7's status of 0000, where the operation does not show its own),
// responseCode 0000, and the response schema.
func (w *World) callSucceeds() error {
	c, err := w.readable()
	if err != nil {
		return err
	}
	if !c.succeeded() {
		if b := w.permittedRefusal(c); b != nil && w.blocked == nil {
			w.blocked = b
		}
		err := w.failf("expected a success of %s: HTTP %s with responseCode \"0000\"; got HTTP %d with responseCode %s",
			c.op.Name, statusText(c.op.Success), c.resp.Status, rawOrAbsent(c.json.Get("responseCode").Raw))
		if c.json.Get("responseCode").String() == "0000" {
			// A success answered with another status breaks the rule that
			// states the operation's success status.
			err.(*Failure).Rule = successRule(c.op.ID)
		}
		return err
	}
	if err := w.env.Schemas.Validate(c.op.ResponseSchema(), c.resp.Body); err != nil {
		return w.failf("the %s response %v", c.op.Name, err)
	}
	return nil
}

// GuestDataRefusable is the sentence that permits a target to refuse a
// guest payment for its customer's data.
const GuestDataRefusable = "B-4.1: a guest payment's customerFullName, emailAddress, addr1, houseNumber, city, postCode, countryCode \"hold real customer data; inaccurate data may cause rejection\""

// permittedRefusal returns the blocker of a scenario whose own call was a
// guest payment (B-4.1 use case 1) that the target refused for what could
// be the profile's customer data (Explain's customer hint): B-4.1 permits
// that refusal, so the scenario cannot judge its rule with this customer,
// and it is BLOCKED, not FAILED. nil for any other call or answer.
func (w *World) permittedRefusal(c *call) *record.Blocker {
	if c.op.ID != schemas.InitAuthorize || c.fields["useDifferentBillingAddress"] != true || c.fields["storedPaymentOptionReference"] != nil {
		return nil
	}
	w.mu.Lock()
	var ex record.Exchange
	if c.ex >= 0 && c.ex < len(w.exchanges) {
		ex = w.exchanges[c.ex]
	}
	w.mu.Unlock()
	if len(refusedCustomerKeys(w.env.Profile, ex)) == 0 {
		return nil
	}
	return &record.Blocker{Operation: c.op.ID, Clause: c.op.Clause, Permitted: GuestDataRefusable}
}

// handledError checks A-7's handled error: a code other than 0000 and 0099
// with an HTTP error status (A-7#2, A-7#6), and the fields every error
// response carries. Any HTTP error status, 5xx included: A-7 pairs 500
// with 0099 alone and shows no status for 0096, 0058, 0098 or the codes it
// does not list, so a handled code with a 5xx is still a handled error.
func (w *World) handledError() error {
	c, err := w.readable()
	if err != nil {
		return err
	}
	code := c.json.Get("responseCode").String()
	switch {
	case code == "0099":
		return w.unexpectedError(c)
	case code == "0000" || c.resp.Status < 400:
		return w.violates("A-7#2", "expected a handled error (a responseCode other than 0000 and 0099, with an HTTP error status); got HTTP %d with responseCode %s", c.resp.Status, rawOrAbsent(c.json.Get("responseCode").Raw))
	}
	return w.errorShape()
}

// refusedAsInvalidValue checks a value its notation forbids but A-7 does not
// name (a text beyond its maximum, a date or time that does not exist, an N
// value of too many digits): a handled error is what the spec states
// that it is a syntax error, 0001 with HTTP 400, is implied, so a
// different handled error is advice (A-7#7), not a failure.
func (w *World) refusedAsInvalidValue() error {
	if err := w.handledError(); err != nil {
		return err
	}
	c := w.last
	if code := c.json.Get("responseCode").String(); code != "0001" || c.resp.Status != http.StatusBadRequest {
		w.advise("A-7#7", "expected the invalid value refused as a syntax error, responseCode \"0001\" with HTTP 400; got HTTP %d with responseCode %q", c.resp.Status, code)
	}
	return nil
}

// errorShape checks what every error response carries: responseCode,
// responseDescription, sysDate and sysTime (A-7#2, A-2.1#2), and the
// request's partnerReference, localDate and localTime echoed, when the
// request carried valid ones (A-2.1#3, A-2.1#4). A value the request lacked
// or got wrong cannot be echoed, so nothing is asserted about it.
func (w *World) errorShape() error {
	c := w.last
	if err := w.env.Schemas.Validate("error.response.json", c.resp.Body); err != nil {
		return w.violates("A-2.1#2", "the error response %v", err)
	}
	if c.raw {
		return nil
	}
	for _, e := range []struct {
		field, rule string
		valid       func(string) bool
	}{
		{"partnerReference", "A-2.1#4", func(s string) bool { return s != "" && utf8.RuneCountInString(s) <= 64 }},
		{"localDate", "A-2.1#3", schemas.IsDate},
		{"localTime", "A-2.1#3", schemas.IsTime},
	} {
		sent, ok := c.fields[e.field].(string)
		if !ok || !e.valid(sent) {
			continue
		}
		if got := c.json.Get(e.field); got.Type != gjson.String || got.String() != sent {
			return w.violates(e.rule, "expected the error response to echo %s %q (A-2.1, A-7), got %s", e.field, sent, rawOrAbsent(got.Raw))
		}
	}
	return nil
}

func (w *World) rejectedAsSyntaxError() error {
	c, err := w.readable()
	if err != nil {
		return err
	}
	code := c.json.Get("responseCode")
	if code.String() != "0001" || c.resp.Status != http.StatusBadRequest {
		return w.failf("expected responseCode \"0001\" with HTTP 400; got HTTP %d with responseCode %s", c.resp.Status, rawOrAbsent(code.Raw))
	}
	return w.errorShape()
}

// rejectedNaming checks A-7's 0001 for missing fields: "the description
// names the missing field(s)", every one of them (A-7#4), each as a word.
func (w *World) rejectedNaming(field, other string) error {
	if err := w.rejectedAsSyntaxError(); err != nil {
		return err
	}
	desc := w.last.json.Get("responseDescription").String()
	for _, f := range []string{field, other} {
		if f != "" && !namesWord(desc, f) {
			return w.violates("A-7#4", "expected the responseDescription to name the missing field %s (as a word of its own), got %q", f, desc)
		}
	}
	return nil
}

// namesWord reports whether text names the field as a word of its own, case
// ignored: not within a longer name (city is not named by businessCity).
func namesWord(text, field string) bool {
	isName := func(r rune) bool { return r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r) }
	lower, f := strings.ToLower(text), strings.ToLower(field)
	for i := 0; ; {
		j := strings.Index(lower[i:], f)
		if j < 0 {
			return false
		}
		start, end := i+j, i+j+len(f)
		before, _ := utf8.DecodeLastRuneInString(lower[:start])
		after, _ := utf8.DecodeRuneInString(lower[end:])
		if (start == 0 || !isName(before)) && (end == len(lower) || !isName(after)) {
			return true
		}
		i = start + 1
	}
}

func (w *World) refusedAsUnauthorized() error {
	c, err := w.readable()
	if err != nil {
		return err
	}
	code := c.json.Get("responseCode")
	if code.String() != "0096" || c.resp.Status < 400 {
		return w.violates("A-5#5", "expected responseCode \"0096\" with an HTTP error status; got HTTP %d with responseCode %s", c.resp.Status, rawOrAbsent(code.Raw))
	}
	return w.errorShape()
}

// unexpectedError is the failure of an error the suite provoked on purpose
// that came back as A-7's unexpected one: responseCode 0099 ("| 0099 | 500
// | unexpected server error |"). A provoked error is a logical one (A-7#6).
// The HTTP status alone does not make an error unexpected: A-7 pairs 500
// with 0099, not 0099 alone with 500 (a handled code with a 5xx is not
// 0099; 0099 with another status is A-7#12's failure).
func (w *World) unexpectedError(c *call) error {
	return w.violates("A-7#6", "expected a logical (handled) error, not an unexpected one: got HTTP %d with responseCode %s (A-7 classes 0099 as an unexpected server error)",
		c.resp.Status, rawOrAbsent(c.json.Get("responseCode").Raw))
}

// notASuccess checks a call the suite provoked to fail where the spec says
// only that it does not succeed (a wrong password, a wrong code): no 0000
// and no 2xx, and, being provoked, never A-7's unexpected error (A-7#6).
func (w *World) notASuccess() error {
	c, err := w.readable()
	if err != nil {
		return err
	}
	code := c.json.Get("responseCode").String()
	switch {
	case code == "0000" || c.resp.Status/100 == 2:
		return w.failf("expected the call not to succeed; got HTTP %d with responseCode %q", c.resp.Status, code)
	case code == "0099":
		return w.unexpectedError(c)
	}
	return w.errorShape()
}

func (w *World) fieldIs(field, want string) error {
	c, err := w.requireLast()
	if err != nil {
		return err
	}
	if got := c.json.Get(field); got.Type == 0 || got.String() != want {
		return w.failf("expected %s to be %q, got %s", field, want, rawOrAbsent(got.Raw))
	}
	return nil
}

// literalPattern is a value a step sets: a JSON string, or a JSON literal
// without white space (a number, true, false).
const literalPattern = `("[^"]*"|[^\s"]+)`

// operationCitations cites what each step registerOperationSteps registers
// rests on (Citation), a row per sc.Step below; StepCitations gathers the
// domains' tables. A success also rests on the operation's own success rule
// (successRule) and its response schema's x-rule; an error's shape
// (errorShape) on A-7#2 and the echoes of #3 and #4.
var operationCitations = []StepCitation{
	{`^the partner ` + opPattern + variantPattern + `$`, state},
	{`^the partner ` + opPattern + variantPattern + ` without (\w+)$`, state},
	{`^the partner ` + opPattern + variantPattern + ` without (\w+) and (\w+)$`, state},
	{`^the partner ` + opPattern + variantPattern + ` with (\w+) set to ` + literalPattern + `$`, state},
	{`^the partner ` + opPattern + variantPattern + ` with (\w+) set to ` + literalPattern + ` without (\w+)$`, state},
	{`^the partner ` + opPattern + variantPattern + ` with (\w+) of (\d+) characters$`, state},
	{`^the partner ` + opPattern + ` with a body that is not valid JSON$`, state},
	{`^the partner ` + opPattern + ` without an X-Auth-Token$`, state},
	{`^the partner ` + opPattern + ` with an X-Auth-Token the service did not issue$`, state},
	{`^the call succeeds$`, rests("A-7#12")},
	{`^the call fails as a handled error$`, rests("A-7#2", "A-7#6").reading("A-2.1#3", "A-2.1#4")},
	{`^the call is refused as an invalid value, as a syntax error \(advisory\)$`, rests("A-7#2", "A-7#6").and("A-7#7")},
	// What does not succeed is the scenario's rule (a wrong password,
	// a wrong code); that it is no unexpected error is A-7's.
	{`^the call is not a success$`, byScenario("A-7#2", "A-7#6")},
	{`^the call is rejected as a syntax error$`, rests("A-7#3", "A-7#5", "A-7#2")},
	{`^the call is rejected as a syntax error naming (\w+)(?: and (\w+))?$`, rests("A-7#3", "A-7#4")},
	{`^the call is refused as unauthorized$`, rests("A-5#5").reading("A-7#2")},
	{`^the response's (\w+) is "([^"]*)"$`, byScenario()},
}

func registerOperationSteps(sc *godog.ScenarioContext, w *World) {
	re := w.env.re
	sc.Step(re(`^the partner `+opPattern+variantPattern+`$`), w.calls)
	sc.Step(re(`^the partner `+opPattern+variantPattern+` without (\w+)$`), w.callsWithout)
	sc.Step(re(`^the partner `+opPattern+variantPattern+` without (\w+) and (\w+)$`), w.callsWithoutTwo)
	sc.Step(re(`^the partner `+opPattern+variantPattern+` with (\w+) set to `+literalPattern+`$`), w.callsWithValue)
	sc.Step(re(`^the partner `+opPattern+variantPattern+` with (\w+) set to `+literalPattern+` without (\w+)$`), w.callsWithValueWithout)
	sc.Step(re(`^the partner `+opPattern+variantPattern+` with (\w+) of (\d+) characters$`), w.callsWithLength)
	sc.Step(re(`^the partner `+opPattern+` with a body that is not valid JSON$`), w.callsWithMalformedJSON)
	sc.Step(re(`^the partner `+opPattern+` without an X-Auth-Token$`), w.callsWithoutToken)
	sc.Step(re(`^the partner `+opPattern+` with an X-Auth-Token the service did not issue$`), w.callsWithForeignToken)

	sc.Step(re(`^the call succeeds$`), w.callSucceeds)
	sc.Step(re(`^the call fails as a handled error$`), w.handledError)
	sc.Step(re(`^the call is refused as an invalid value, as a syntax error \(advisory\)$`), w.refusedAsInvalidValue)
	sc.Step(re(`^the call is not a success$`), w.notASuccess)
	sc.Step(re(`^the call is rejected as a syntax error$`), w.rejectedAsSyntaxError)
	sc.Step(re(`^the call is rejected as a syntax error naming (\w+)(?: and (\w+))?$`), w.rejectedNaming)
	sc.Step(re(`^the call is refused as unauthorized$`), w.refusedAsUnauthorized)
	sc.Step(re(`^the response's (\w+) is "([^"]*)"$`), w.fieldIs)
}

// catalogue is the rules catalogue, loaded once and only read.
var catalogue = sync.OnceValues(rules.Load)

// successStatus matches the words that state an operation's success status.
var successStatus = regexp.MustCompile(`, success [0-9]{3}\.`)

// successRule returns the id of the normative rule that states an
// operation's success status ("`PUT {base_url}/account`, success 201."),
// "" when the spec shows none.
func successRule(op string) string {
	cat, err := catalogue()
	if err != nil {
		return ""
	}
	for _, r := range cat.All() {
		if r.Level == rules.Normative && slices.Contains(r.Operations, op) && successStatus.MatchString(r.Quote) {
			return r.ID
		}
	}
	return ""
}
