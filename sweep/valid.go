package sweep

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"net/http"
	"slices"
	"strings"

	"github.com/shopspring/decimal"
	"github.com/tidwall/gjson"

	"github.com/wallet-conformance/wallet-conformance/calls"
	"github.com/wallet-conformance/wallet-conformance/record"
	"github.com/wallet-conformance/wallet-conformance/rules"
	"github.com/wallet-conformance/wallet-conformance/schemas"
	"github.com/wallet-conformance/wallet-conformance/steps"
	"github.com/wallet-conformance/wallet-conformance/targetclient"
)

// The valid-request sweep (issue 33): beside the bad inputs, every
// operation is sent the valid requests its contract permits
// (valid_inputs.go), each from a real state as the Givens reach it
// (the bad-input sweep's states, state.go; a state an accepted input
// used up is made again). Each answer is judged:
//
//   - refused with 0001 ("mandatory field missing or syntax error"), 0099,
//     an HTTP 5xx without a handled code, or no answer: FAILED by the rule of the sentence that
//     permits the input (an optional field's absence, S(n)'s length, a D,
//     a T, Dec(p,s), an alternative the spec offers);
//   - refused with another code: a server may refuse a permitted value for
//     reasons the spec leaves open (a limit, what it offers), so the input
//     is named as a WARNING (advisory);
//   - accepted: what the request stated is read back, from the answer and
//     through the operation that shows it (Get Payment Status of a payment
//     it made, Get Account Information of an account it opened or changed);
//     a value returned otherwise fails by the sentence that makes it the
//     one sent (partnerReference "echoed in responses", presentationAmount
//     "amount authorized", a text cut short of its S(n)), and is advisory
//     where no sentence says so;
//   - a stated default: the answers with the field left out and given its
//     default must be the same.

// ValidOutcome is what the valid-request sweep generated, sent and found.
type ValidOutcome struct {
	Generated int            // inputs generated of every operation
	Inputs    int            // inputs sent, the single changes of a refused combined input included
	Calls     int            // calls sent, states and read-backs included
	Kinds     map[string]int // inputs generated of each kind
	Findings  []*Finding
	Skipped   []string // operations sent no valid input, and why
	sent      map[string]int
}

// validSweeper is the valid side of a sweep: the sweeper's states, caller
// and read-backs, its own findings.
type validSweeper struct {
	*sweeper
	cat      *rules.Catalogue
	findings map[string]*Finding
	order    []string
	sent     map[string]int
	out      *ValidOutcome
	// holders: the accounts this sweeper opened with each value Find User
	// Account finds them by (valid_readback.go).
	holders map[string][]string
}

// validKey is the key of an operation's calls of the valid sweep (the
// sweeper's calls, its scenarios' evidence).
func validKey(opID string) string { return "valid:" + opID }

// errNotReal: the state could not be made again from a real state.
var errNotReal = errors.New("the state is not real")

// validOp sends every valid input of one operation the profile claims, on
// the worker's state of it (the one its bad inputs left, proven unchanged
// by their read-backs, unless one of them broke a rule: then a new one).
// Its findings, counts and the operations it skipped are its own, merged
// in catalogue order (mergeValid) whatever worker sent them.
func (s *sweeper) validOp(op schemas.Operation) (*validSweeper, error) {
	cat, _ := rules.Load()
	v := &validSweeper{sweeper: s, cat: cat, findings: map[string]*Finding{}, sent: map[string]int{},
		out: &ValidOutcome{Kinds: map[string]int{}}}
	s.current = validKey(op.ID)
	if s.run.found[op.ID] {
		// A bad input of the operation broke a rule: its state may be
		// what that left, so the valid inputs start from a new one.
		delete(s.state, op.ID)
	}
	st, err := s.base(op)
	if err != nil {
		return v, err
	}
	if !st.real && op.PlainText {
		// B-4.11 answers text/plain: its control call is a success when it says yes or no.
		r, err := s.call(op.ID, st.path, st.fields)
		if err != nil {
			return v, err
		}
		body := strings.TrimSpace(string(r.Resp.Body))
		st.real = r.Resp.Status == http.StatusOK && (body == "yes" || body == "no")
	}
	if !st.real {
		v.out.Skipped = append(v.out.Skipped, op.Name+": its state could not be made from a real one, so a refusal could be the state's")
		return v, nil
	}
	date, _ := s.e.clock()
	facts := validFacts{
		valid:   func(m map[string]any) bool { return v.matches(op, m) },
		bounded: st.payment != "" || kcOperation(op.ID),
		today:   date,
		query:   op.BodyInQuery(),
		unique:  func() string { return s.x.Unique("") },
		bound:   func(field string) string { return v.boundRule(op.ID, field) },
		offered: s.e.profile.Offered(),
		held:    map[string]any{"emailAddress": s.e.profile.TestCustomer().Email(s.x.Unique(""))},
	}
	inputs := generateValid(op, s.set.RequestFields(op.ID), st.fields, facts)
	if len(inputs) == 0 {
		v.out.Skipped = append(v.out.Skipped, op.Name+": its valid request does not match its request schema, so nothing is generated from it")
		return v, nil
	}
	v.out.Generated += len(inputs)
	s.run.validGenerated(len(inputs))
	for _, in := range inputs {
		v.out.Kinds[in.kind]++
	}
	for _, in := range inputs {
		_, err := v.try(in)
		s.run.validTried()
		if err != nil {
			if errors.Is(err, errNotReal) {
				v.out.Skipped = append(v.out.Skipped, op.Name+": its state could not be made again, so its other inputs were not sent")
				break
			}
			return v, err
		}
	}
	return v, nil
}

// mergeValid is the valid sweep of the operations' parts, in catalogue
// order: findings, counts, skipped operations; its calls are those the
// sweep's record filed under the operations' valid keys.
func mergeValid(parts []*validSweeper, calls map[string][]record.Exchange) *ValidOutcome {
	out := &ValidOutcome{Kinds: map[string]int{}, sent: map[string]int{}}
	for _, v := range parts {
		if v == nil {
			continue
		}
		out.Generated += v.out.Generated
		out.Inputs += v.out.Inputs
		for k, n := range v.out.Kinds {
			out.Kinds[k] += n
		}
		for k, n := range v.sent {
			out.sent[k] += n
		}
		out.Skipped = append(out.Skipped, v.out.Skipped...)
		for _, k := range v.order {
			out.Findings = append(out.Findings, v.findings[k])
		}
	}
	for _, op := range schemas.Catalogue() {
		out.Calls += len(calls[validKey(op.ID)])
	}
	return out
}

// matches says whether the request schema permits fields as the request
// would carry them (a query's values as text).
func (v *validSweeper) matches(op schemas.Operation, fields map[string]any) bool {
	var doc any
	if op.BodyInQuery() {
		m := map[string]any{}
		for k, x := range fields {
			switch y := x.(type) {
			case string:
				m[k] = y
			case nil:
			default:
				b, _ := json.Marshal(y)
				m[k] = string(b)
			}
		}
		doc = m
	} else {
		b, err := json.Marshal(fields)
		if err != nil {
			return false
		}
		dec := json.NewDecoder(bytes.NewReader(b))
		dec.UseNumber()
		if dec.Decode(&doc) != nil {
			return false
		}
	}
	return v.set.ValidateValue(op.ID+".request.json", doc) == nil
}

// request is an input's fields on the state's valid request, with a fresh
// partnerReference (of 64 characters for the maximal request).
func (v *validSweeper) request(in validInput, st *opState) map[string]any {
	fields := make(map[string]any, len(st.fields)+len(in.set))
	for k, x := range st.fields {
		if !slices.Contains(in.drop, k) {
			fields[k] = x
		}
	}
	for k, x := range in.set {
		fields[k] = x
	}
	if _, has := fields["partnerReference"]; has {
		ref := v.x.Unique("pr-")
		if in.longRef && len(ref) < 64 {
			ref += strings.Repeat("r", 64-len(ref))
		}
		fields["partnerReference"] = ref
	}
	return fields
}

// try sends one input and judges its answer: refused reports that the
// target refused it (or did not answer as a success).
func (v *validSweeper) try(in validInput) (refused bool, err error) {
	op := in.op
	st, err := v.base(op)
	if err != nil {
		return false, err
	}
	if !st.real {
		return false, errNotReal
	}
	if readsBack(st) && op.ID == schemas.Capture {
		// A Capture's load is awaited from the balance before it (used).
		if err := v.see(st); err != nil {
			return false, err
		}
	}
	// A move whose effect on the balance a sentence states (moneyMoves) is
	// held to it, to the cent: the wallet is read before it, unless known,
	// and after it (heldToTheMove).
	_, held := moneyMoves[op.ID]
	held = held && st.money && v.wallet >= 0 && in.sameAs == nil
	if held && !v.walletKnown {
		if err := v.readWallet(); err != nil {
			return false, err
		}
	}
	// A valid input is expected to be accepted: what a refusal is compared
	// with is read only should it be refused (again, below).
	known := v.known(st)
	fields := v.request(in, st)
	req, err := steps.EncodeRequest(v.e.profile, op, st.path, fields)
	if err != nil {
		return false, err
	}
	r, err := v.send(op, req)
	if errors.Is(err, calls.ErrHalted) {
		return false, errSweepHalted
	}
	v.sent[op.ID]++
	v.out.Inputs++
	var exchanges []record.Exchange
	if r != nil {
		exchanges = append(exchanges, r.Ex)
	}
	code := ""
	if err == nil {
		code = r.JSON.Get("responseCode").String()
	}
	accepted := validAccepted(op, r, err)
	if !accepted && readsBack(st) {
		if err := v.readRefused(op, st, known, fields, exchanges, in); err != nil {
			return true, err
		}
	}
	switch {
	case err != nil:
		var ie *targetclient.InfraError
		kind := "no answer"
		if errors.As(err, &ie) {
			kind = "no answer (" + ie.Kind + ")"
		}
		v.record(in, in.field, in.label, "got "+kind, in.rule, fmt.Sprintf("the target gave %s to a request the contract permits (%s): %s", kind, inputWords(in), v.red.String(err.Error())), exchanges)
		return true, nil
	case accepted:
		before := v.moneyNow()
		if err := v.readAccepted(in, st, fields, r); err != nil {
			return false, err
		}
		// The state may be used up (a payment moved, an account closed):
		// the next input gets a new one; the money it moved is read again
		// before an input is compared with it, and a Capture's load is
		// awaited from the balance read before it.
		if err := v.used(op, st, usesUp(op, st)); err != nil {
			return false, err
		}
		if !held || !before.known {
			return false, nil
		}
		if !v.walletKnown {
			if err := v.readWallet(); err != nil {
				return false, err
			}
		}
		return false, v.heldToTheMove(in, st, fields, r, before)
	}
	answer := fmt.Sprintf("HTTP %d %s", r.Resp.Status, codeText(code))
	if len(in.parts) > 0 {
		// A combined input: each of its changes alone names the one refused.
		named := false
		for _, part := range in.parts {
			refused, err := v.try(part)
			if err != nil {
				return true, err
			}
			named = named || refused
		}
		if named {
			return true, nil
		}
	}
	switch {
	case code == "0099" || r.Resp.Status >= 500 && !handledCode(code):
		// A-7 pairs 500 with 0099 alone: a handled code with a 5xx is a
		// handled error (A-7#6 as issue 32 settled it), judged below.
		v.record(in, in.field, in.label, "answered "+answer, in.rule, fmt.Sprintf("a request the contract permits (%s) was answered %s, an unexpected error (A-7)\n  %s", inputWords(in), answer, r.Evidence(v.red)), exchanges)
	case code == "0001":
		v.record(in, in.field, in.label, "was refused "+answer, in.rule, fmt.Sprintf("a request the contract permits (%s) was refused with 0001, \"mandatory field missing or syntax error\" (A-7): the rule below permits it\n  %s", inputWords(in), r.Evidence(v.red)), exchanges)
	case in.strict:
		v.record(in, in.field, in.label, "was refused "+answer, in.rule, fmt.Sprintf("a request the contract permits (%s) was refused with %s: the sentence below bounds the amount by the state's and so permits exactly it\n  %s", inputWords(in), codeText(code), r.Evidence(v.red)), exchanges)
	case in.business:
		v.record(in, in.field, in.label, "was refused "+answer, "", fmt.Sprintf("advisory: a request the contract permits (%s) was refused with %s; the spec lets a server refuse an amount over its limits, which it does not state, so this is named only\n  %s", inputWords(in), codeText(code), r.Evidence(v.red)), exchanges)
	default:
		v.record(in, in.field, in.label, "was refused "+answer, "", fmt.Sprintf("advisory: a request the contract permits (%s) was refused with %s, not 0001; the spec leaves a server free to refuse a value for reasons it does not state (what it offers, its limits), so this is a warning naming the input\n  %s", inputWords(in), codeText(code), r.Evidence(v.red)), exchanges)
	}
	return true, nil
}

// validAccepted: the answer is a success (B-4.11's text/plain answer
// "exactly `yes` when the amount is available or `no`").
func validAccepted(op schemas.Operation, r *calls.Reply, err error) bool {
	if err != nil {
		return false
	}
	if op.PlainText && r.Resp.Status == http.StatusOK {
		body := strings.TrimSpace(string(r.Resp.Body))
		return body == "yes" || body == "no"
	}
	return r.JSON.Get("responseCode").String() == "0000" && r.Resp.Status < 300
}

// readRefused reads back the state a refused valid input was sent on:
// nothing may have changed. When what the read-back compares with was not
// read before the input (known), it is read now, and the input sent again
// (a fresh partnerReference) and read back: what it did the first time is
// then part of the state read, and what it does again is what is compared.
func (v *validSweeper) readRefused(op schemas.Operation, st *opState, known bool, fields map[string]any, exchanges []record.Exchange, in validInput) error {
	if !known {
		if err := v.see(st); err != nil {
			return err
		}
		again := maps.Clone(fields)
		if _, has := again["partnerReference"]; has {
			again["partnerReference"] = v.x.Unique("pr-")
		}
		req, err := steps.EncodeRequest(v.e.profile, op, st.path, again)
		if err != nil {
			return err
		}
		r, err := v.send(op, req)
		if errors.Is(err, calls.ErrHalted) {
			return errSweepHalted
		}
		if r != nil {
			exchanges = append(slices.Clone(exchanges), r.Ex)
		}
		if validAccepted(op, r, err) {
			// Accepted the second time: nothing refused to read back.
			return v.used(op, st, usesUp(op, st))
		}
	}
	changes, reads, err := v.readBack(st)
	if err != nil {
		return err
	}
	for _, c := range changes {
		v.record(in, in.field, in.label, c.cause, c.rule, c.msg, append(slices.Clone(exchanges), reads...))
	}
	return nil
}

// usesUp reports whether an accepted request uses its state up, so that
// the next input needs a new one: a move of a payment (B-3), a revoked
// consent, a closed account, a deleted option, a token of Complete Add or
// a verification code spent. Other states take the next input as they are.
func usesUp(op schemas.Operation, st *opState) bool {
	if st.payment != "" || strings.Contains(op.Path, "{uniqueReference}") || strings.Contains(op.Path, "{consentReference}") {
		return true
	}
	switch op.ID {
	case schemas.CloseAccount, schemas.DeleteStoredPaymentOption, schemas.CompleteAddStoredPaymentOption, schemas.CompleteVerifyStoredPaymentOption:
		return true
	}
	return false
}

// inputWords is an input as a reader of a finding sees it.
func inputWords(in validInput) string {
	switch in.kind {
	case vMinimal:
		if in.field == "" {
			return "the minimal request: " + in.label
		}
		return in.field + " left out"
	case vMaximal:
		if in.field == "" {
			return "the maximal request: " + in.label
		}
	}
	return in.field + " " + short(in.label)
}

// readAccepted reads back what an accepted input stated: from its answer,
// through every read that shows what it stored (readBackStored), Get
// Payment Status of a payment it made, and, for a stated default, against
// the answer with the default given. The money it moved is held to its
// move once the wallet is read (heldToTheMove, from try).
func (v *validSweeper) readAccepted(in validInput, st *opState, fields map[string]any, r *calls.Reply) error {
	op := in.op
	v.compare(in, fields, r, "", nil)
	if err := v.readBackStored(in, st, fields, r); err != nil {
		return err
	}
	switch {
	case !strings.Contains(op.Path, "{uniqueReference}") && r.JSON.Get("uniqueReference").String() != "":
		g, err := v.call(schemas.GetPaymentStatus, map[string]string{"uniqueReference": r.JSON.Get("uniqueReference").String()}, v.x.Envelope(false))
		if err != nil {
			return err
		}
		if g.Succeeded() {
			v.compare(in, fields, g, "Get Payment Status", []record.Exchange{r.Ex, g.Ex})
		}
	}
	if in.sameAs != nil {
		stated := *in.sameAs
		st2, err := v.base(op)
		if err != nil {
			return err
		}
		f2 := v.request(stated, st2)
		req, err := steps.EncodeRequest(v.e.profile, op, st2.path, f2)
		if err != nil {
			return err
		}
		r2, err := v.send(op, req)
		if errors.Is(err, calls.ErrHalted) {
			return errSweepHalted
		}
		v.sent[op.ID]++
		v.out.Inputs++
		if err != nil || r2.JSON.Get("responseCode").String() != "0000" {
			if err == nil && r2.JSON.Get("responseCode").String() == "0001" {
				v.record(stated, stated.field, stated.label, "was refused "+codeText("0001"), ruleTime, fmt.Sprintf("%s given as its stated default was refused with 0001\n  %s", stated.field, r2.Evidence(v.red)), []record.Exchange{r2.Ex})
			}
			return nil
		}
		listed := v.set.Properties(op.ID + ".response.json")
		if a, b := withoutEnvelope(r.JSON, listed), withoutEnvelope(r2.JSON, listed); a != b {
			v.record(in, in.field, in.label, "answered otherwise than with its default given", v.defaultRule(op, in.field),
				fmt.Sprintf("%s left out and %s given as its stated default %v were answered differently (lists compared as what they hold, not their order): a field left out takes its default\n  left out: %s\n  given:    %s", in.field, in.field, in.sameAs.set[in.field], short(a), short(b)),
				[]record.Exchange{r.Ex, r2.Ex})
		}
	}
	return nil
}

// withoutEnvelope is an answer's operation fields (those its response
// schema lists, when it lists any: a server's own extra fields, a trace id,
// are not the operation's), as canonical JSON, each list in an order of
// its own: what a list holds is compared, not its order, which the spec
// leaves open within a booking date (B-4.12#15), where a run books all.
func withoutEnvelope(j gjson.Result, listed []string) string {
	var m map[string]any
	if json.Unmarshal([]byte(j.Raw), &m) != nil {
		return j.Raw
	}
	for k := range m {
		if len(listed) > 0 && !slices.Contains(listed, k) {
			delete(m, k)
		}
	}
	for _, k := range []string{"partnerReference", "localDate", "localTime", "sysDate", "sysTime", "responseDescription"} {
		delete(m, k)
	}
	for k, x := range m {
		if list, ok := x.([]any); ok {
			texts := make([]string, len(list))
			for i, e := range list {
				b, _ := json.Marshal(e)
				texts[i] = string(b)
			}
			slices.Sort(texts)
			m[k] = texts
		}
	}
	b, _ := json.Marshal(m)
	return string(b)
}

// defaultRule is the catalogue's rule that states a field's default for
// the operation (its quote names the field and "default"): a normative one
// (the one whose note speaks of the default, when several do), else an
// advisory one; "" for none, and the difference is then advisory.
func (v *validSweeper) defaultRule(op schemas.Operation, field string) string {
	if v.cat == nil {
		return ""
	}
	pick, advisory := "", ""
	for _, r := range v.cat.All() {
		if !slices.Contains(r.Operations, op.ID) || !strings.Contains(r.Quote, field) || !strings.Contains(r.Quote, "default") {
			continue
		}
		switch {
		case r.Level == rules.Normative && (pick == "" || strings.Contains(r.Note, "default") && !strings.Contains(v.noteOf(pick), "default")):
			pick = r.ID
		case r.Level == rules.Advisory && advisory == "":
			advisory = r.ID
		}
	}
	if pick == "" {
		return advisory
	}
	return pick
}

func (v *validSweeper) noteOf(id string) string {
	r, _ := v.cat.Rule(id)
	return r.Note
}

// boundRule is the catalogue's normative rule that bounds an operation's
// amount field by the state's ("cannot exceed", "not above"), "" for none.
func (v *validSweeper) boundRule(opID, field string) string {
	if v.cat == nil {
		return ""
	}
	for _, r := range v.cat.All() {
		if r.Level == rules.Normative && slices.Contains(r.Operations, opID) && strings.Contains(r.Quote, field) &&
			(strings.Contains(r.Quote, "cannot exceed") || strings.Contains(r.Quote, "not above")) {
			return r.ID
		}
	}
	return ""
}

// echoRules are the sentences that make a value of a response the one the
// request sent: the field, the rule that quotes the sentence (which names
// the operations it speaks of, none for every one).
var echoRules = map[string][]string{
	"partnerReference":   {"A-2.1#4"}, // "identifier of the partner's service call; echoed in responses"
	"localDate":          {"A-2.1#3"}, // "caller date, echoed"
	"localTime":          {"A-2.1#3"}, // "caller time, echoed"
	"presentationAmount": {"B-2.1#7"}, // "| presentationAmount | Dec(18,2) | amount authorized |"
	"modifiedAmount":     {"B-4.4#4"}, // "| modifiedAmount | Dec(18,2) | amount captured |"
}

// echoRule is the rule a value returned otherwise breaks, "" for none.
func (v *validSweeper) echoRule(opID, field string) string {
	for _, id := range echoRules[field] {
		r, ok := v.cat.Rule(id)
		if ok && (len(r.Operations) == 0 || slices.Contains(r.Operations, opID)) {
			return id
		}
	}
	return ""
}

// notCompared are fields whose value may come back in another form the
// spec permits: a country code in its other ISO form (A-2.0#9: which form
// an S(3) response field holds is not stated), secrets, and the fields
// the envelope of another call carries.
func notCompared(name string, via bool) bool {
	n := strings.ToLower(name)
	if strings.HasSuffix(n, "countrycode") || n == "nationality" || strings.HasSuffix(n, "password") || n == "verificationcode" {
		return true
	}
	return via && (name == "partnerReference" || name == "localDate" || name == "localTime" || name == "programCode")
}

// compare reads each field the request stated back from a response (the
// answer itself when via is "").
func (v *validSweeper) compare(in validInput, sent map[string]any, r *calls.Reply, via string, exchanges []record.Exchange) {
	if exchanges == nil {
		exchanges = []record.Exchange{r.Ex}
	}
	where := "in the answer"
	readOp := in.op.ID
	if via != "" {
		where = "by " + via
		readOp = r.Op.ID
	}
	// A field of a block a flag leaves unused (the billing address when
	// useDifferentBillingAddress is false: "the account owner address is
	// used") is compared only when a flag of the request is true.
	flagged := false
	for _, x := range sent {
		if b, ok := x.(bool); ok && b {
			flagged = true
		}
	}
	ignorable := map[string]bool{}
	for _, f := range v.set.RequestFields(in.op.ID) {
		ignorable[f.Name] = f.Ignorable || f.Deprecated
	}
	for _, name := range sortedKeys(sent) {
		if notCompared(name, via != "") || ignorable[name] && !flagged {
			continue
		}
		got := r.JSON.Get(gjsonEscape(name))
		if !got.Exists() || got.Type == gjson.Null || got.IsObject() || got.IsArray() {
			continue
		}
		same, sentText, cut := sameValue(sent[name], got)
		if same {
			continue
		}
		rule := v.echoRule(in.op.ID, name)
		if rule == "" && via != "" {
			rule = v.echoRule(readOp, name)
		}
		if rule == "" && strings.EqualFold(sentText, gotText(got)) {
			continue // the case of a name or an address is the server's to choose
		}
		why := "no sentence says this field is returned as sent, so this is advisory"
		if rule == "" && cut {
			rule, why = ruleLength, "S(n) is \"treated as maximum\": a text of n characters is kept whole"
		} else if rule != "" {
			why = "the sentence below makes it the value sent"
		}
		v.record(in, name, "sent "+short(sentText), "was returned as "+short(gotText(got))+" "+where, rule,
			fmt.Sprintf("%s sent %s (%s) was returned %s as %s: %s\n  %s", name, short(sentText), inputWords(in), where, short(gotText(got)), why, r.Evidence(v.red)), exchanges)
	}
}

func gjsonEscape(name string) string {
	return strings.NewReplacer(".", `\.`, "*", `\*`, "?", `\?`).Replace(name)
}

func gotText(got gjson.Result) string {
	if got.Type == gjson.Number {
		return got.Raw
	}
	return got.String()
}

// sameValue compares a value sent with the one returned: amounts as
// decimals, texts exactly. cut: the returned text is the sent one cut short.
func sameValue(sent any, got gjson.Result) (same bool, sentText string, cut bool) {
	switch x := sent.(type) {
	case json.Number:
		a, errA := decimal.NewFromString(x.String())
		b, errB := decimal.NewFromString(gotText(got))
		if errA != nil || errB != nil {
			return x.String() == gotText(got), x.String(), false
		}
		return a.Equal(b), x.String(), false
	case bool:
		return (got.Type == gjson.True || got.Type == gjson.False) && got.Bool() == x || got.Type == gjson.String && got.String() == fmt.Sprint(x), fmt.Sprint(x), false
	case string:
		g := gotText(got)
		if got.Type == gjson.Number {
			if a, err := decimal.NewFromString(x); err == nil {
				if b, err := decimal.NewFromString(g); err == nil {
					return a.Equal(b), x, false
				}
			}
		}
		return g == x, x, len(g) < len(x) && strings.HasPrefix(strings.ToLower(x), strings.ToLower(g))
	}
	return true, "", false
}

// short cuts a long value for a finding's name.
func short(s string) string {
	if len([]rune(s)) <= 40 {
		return s
	}
	r := []rune(s)
	return string(r[:24]) + fmt.Sprintf("…(%d characters)", len(r))
}

// record files a finding of the valid sweep under its operation, field and cause.
func (v *validSweeper) record(in validInput, field, label, cause, rule, msg string, exchanges []record.Exchange) {
	key := in.op.ID + "\x00" + field + "\x00" + cause
	f, ok := v.findings[key]
	if !ok {
		f = &Finding{Operation: in.op, Field: field, Cause: cause, Rule: rule, Label: label}
		v.findings[key] = f
		v.order = append(v.order, key)
		f.Message, f.Exchanges = v.red.String(msg), exchanges
	}
	f.Inputs++
}
