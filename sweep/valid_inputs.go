package sweep

import (
	"encoding/json"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"sort"
	"strings"

	"github.com/shopspring/decimal"

	"github.com/wallet-conformance/wallet-conformance/schemas"
)

// The valid-request sweep's inputs (issue 33), generated from the operation
// contract (schemas.Set.RequestFields, and the request schema itself, which
// decides whether a generated request is one the contract permits: its
// conditional rules, A-2.2's and the billing rule, are schema rules), never
// written per operation. From an operation's valid request (the state the
// Givens reach, state.go):
//
//   - the minimal request: every field not marked Y left out that the
//     schema lets go, localTime at 000000;
//   - the maximal request: every optional field present, each free-text
//     S(n) at exactly n characters, each value distinct from the others so
//     that a swap shows, partnerReference at 64, localTime at 235959;
//   - the alternatives: each boolean the other way (its branch completed
//     with the fields the schema then requires), each value of a listed
//     enum, each country code in its other ISO form, each other currency
//     the profile declares the target offers (currencyFields);
//   - the edges: each Dec(p,s) amount at its smallest, as a whole number,
//     with one decimal, and at the largest the type allows where no state
//     bounds it; each D at 2000-02-29; each T at 000000 and 235959;
//   - each stated default: the field left out and given its default, whose
//     answers must be the same (a query, which changes nothing).
//
// A combined input (the minimal and maximal requests) that is refused is
// taken apart: each change it makes is sent alone, and the one refused
// names the field and the sentence that permits it.

// The kinds of valid input.
const (
	vMinimal     = "minimal"
	vMaximal     = "maximal"
	vAlternative = "alternative"
	vAmountEdge  = "amount-edge"
	vDateEdge    = "date-edge"
	vTimeEdge    = "time-edge"
	vDefault     = "default"
)

// validInput is one valid request of an operation: its valid request from
// the state with fields set and dropped.
type validInput struct {
	op    schemas.Operation
	kind  string
	field string // the field the input is about; "" for the minimal and maximal requests
	label string // what it is, in a few words ("presentationAmount 9999999999999999.99")
	set   map[string]any
	drop  []string
	// longRef: partnerReference at its S(64), as the maximal request sends it.
	longRef bool
	// rule is the catalogue's rule of the sentence that permits the input.
	rule string
	// parts are the single changes a combined input makes, each sent alone
	// when the combined one is refused.
	parts []validInput
	// sameAs: a default's input without the field, whose answer must equal
	// this one's (the field given its stated default).
	sameAs *validInput
	// strict: any refusal fails by rule (an amount exactly at the bound a
	// sentence sets, which the sentence permits).
	strict bool
	// business: the state does not hold the amount (the largest Dec, sent
	// where no balance bounds it), so a refusal other than 0001 may be a
	// limit of the target's; any refusal but 0001 is then only named.
	business bool
}

// The rules that permit what the valid inputs send (rules/*.yaml).
const (
	ruleOptionalA = "A-4#1"   // Document A: fields not marked R or Y may be left out
	ruleOptionalB = "B-4#1"   // Document B: "Request fields marked Y are required."
	ruleLength    = "A-2.0#1" // S(n): "length as given (treated as maximum)"
	ruleDate      = "A-2.0#3" // D: "date, format YYYY-MM-DD, length 10"
	ruleTime      = "A-2.0#4" // T: "time, format HHMMSS, length 6"
	ruleDec       = "A-2.0#6" // Dec(p,s)
	ruleCountry   = "A-2.0#9" // alpha-2 or alpha-3
	ruleBoolean   = "A-2.0#12"
)

// currencyField is a currency a request alone decides: the field, the rule
// of the sentence that permits it, and the fields left out with it so that
// no state's currency binds it.
type currencyField struct {
	field string
	rule  string
	untie []string
}

// currencyFields are the currencies a request names freely, each sent in
// every other currency the profile declares (currencies): no sentence
// names ISO 4217 or lists the currencies a service offers, so the target
// declares them, and one it does not declare is never sent (a server may
// refuse it; variant refuses-unoffered-currency). Create Account's currCode
// is the "currency of the account to open"; a payment's
// presentationCurrCode is its own (B-4.1, B-4.3), sent without accno:
// B-3's Init Load Account of a wallet in another currency would be a
// conversion the spec does not describe. The other currency fields name
// the currency of what the state holds (modifiedAmountCurrCode and
// refundCurrCode a payment's, KC's paymentCurrCode the wallet's,
// Check Available Payment Amount's currCode the account's): they keep it.
var currencyFields = map[string]currencyField{
	schemas.CreateAccount: {field: "currCode", rule: "A-4.2#7"},
	schemas.InitAuthorize: {field: "presentationCurrCode", rule: "B-4.1#3", untie: []string{"accno", "accnoType"}},
	schemas.Authorize:     {field: "presentationCurrCode", rule: "B-4.3#3", untie: []string{"accno", "accnoType"}},
}

// optionalRule is the rule that lets an operation's optional fields go.
func optionalRule(op schemas.Operation) string {
	if strings.HasPrefix(op.Clause, "B-") {
		return ruleOptionalB
	}
	return ruleOptionalA
}

// orFields are the fields of which the contract asks one or the other
// where the request schema does not say so: B-4.1 "storedPaymentOptionReference
// S(36) (may be supplied when paymentOptionCode is not)" (rule B-4.1#6, whose
// note: a request with neither is a handled error). The minimal request
// keeps the one the valid request has.
var orFields = map[string][]string{
	schemas.InitAuthorize: {"storedPaymentOptionReference", "paymentOptionCode"},
}

// keptFields are optional fields the contract makes mandatory on a
// condition the schema cannot tell: B-4.1's guest payment, "houseNumber
// (when not included in addr1)". The minimal request keeps them.
var keptFields = map[string][]string{
	schemas.InitAuthorize: {"houseNumber"},
}

// envelopeFields are what A-1.5 says every request carries ("Every request
// carries `partnerReference`, `localDate` and `localTime`"), even where an
// operation's table does not list them (Issue Token's partnerReference):
// the minimal request keeps them.
var envelopeFields = []string{"partnerReference", "localDate", "localTime"}

// heldNames are fields whose value names something the target or the
// profile holds (an account, a stored option, a consent, a lookup value,
// a login): the valid request's own value is kept and, when it has none,
// the field is left out of the maximal request, since a generated one
// would be refused for what it names, not for its form. Besides these,
// every field whose name ends in Code (but a post code), Accno, Token or
// Password.
var heldNames = []string{"storedPaymentOptionReference", "consentReference", "depositReference", "userId", "emailAddress",
	"title", "culture", "timeZone", "sortDirection", "accnoType", "refundType", "userAgreementReference", "refundSourceAccno"}

func heldValue(f schemas.Field) bool {
	if slices.Contains(heldNames, f.Name) {
		return true
	}
	n := strings.ToLower(f.Name)
	if strings.HasSuffix(n, "postcode") {
		return false
	}
	for _, suffix := range []string{"code", "accno", "token", "password"} {
		if strings.HasSuffix(n, suffix) {
			return true
		}
	}
	return false
}

// countryField: a country code field of A-2.0's S(3), alpha-2 or alpha-3.
func countryField(f schemas.Field) bool {
	n := strings.ToLower(f.Name)
	return f.MaxLength == 3 && (strings.HasSuffix(n, "countrycode") || n == "nationality")
}

// otherForm is a country code in its other ISO 3166-1 form (a few codes of
// the standard's table; "" for one not listed).
func otherForm(code string) string {
	pairs := [][2]string{{"DE", "DEU"}, {"AT", "AUT"}, {"CH", "CHE"}, {"FR", "FRA"}, {"NL", "NLD"}, {"GB", "GBR"}, {"US", "USA"},
		{"IT", "ITA"}, {"ES", "ESP"}, {"BE", "BEL"}, {"LU", "LUX"}, {"PL", "POL"}, {"DK", "DNK"}, {"SE", "SWE"}}
	for _, p := range pairs {
		switch strings.ToUpper(code) {
		case p[0]:
			return p[1]
		case p[1]:
			return p[0]
		}
	}
	return ""
}

// validFacts is what the generator knows of the state beside the contract.
type validFacts struct {
	// valid says whether the request schema permits a request's fields.
	valid func(map[string]any) bool
	// bounded: the operation's amounts are bounded by its state (a
	// payment's amount, the wallet's balance): the largest is not sent.
	bounded bool
	today   string
	query   bool
	// unique returns a text no other input of the run holds.
	unique func() string
	// bound is the rule of the sentence that bounds a field's amount by
	// the state's ("cannot exceed the refunded transaction amount"), "" for none.
	bound func(field string) string
	// offered are the currencies the target offers (profile.Offered):
	// each is sent in the fields of currencyFields.
	offered []string
	// held are values the profile gives for fields that name something it
	// holds (heldNames: the test customer's e-mail address): never sent in
	// the maximal request, they complete the branch of a conditional rule
	// that requires them (Complete Add's billing block with
	// useDifferentBillingAddress true requires emailAddress).
	held map[string]any
}

// textOf is a text of exactly n characters, distinct from every other field's
// (it begins with the field's name, or its initial and index, and a mark of
// the run).
func textOf(i int, name, mark string, n int) string {
	head := name + "-" + mark + "-"
	if len(head) > n {
		head = fmt.Sprintf("%c%d%s", name[0], i, mark)
	}
	if len(head) > n {
		head = fmt.Sprintf("%c%d", name[0], i)
	}
	b := []byte(head)
	for len(b) < n {
		b = append(b, byte('a'+len(b)%26))
	}
	return string(b[:n])
}

// literal writes a number for the request: a JSON number in a body, its
// text in a query.
func literal(s string, query bool) any {
	if query {
		return s
	}
	return json.Number(s)
}

// generateValid returns every valid input of an operation, in a fixed order.
func generateValid(op schemas.Operation, fields []schemas.Field, base map[string]any, g validFacts) []validInput {
	if !g.valid(base) {
		return nil
	}
	var out []validInput
	add := func(in validInput) {
		in.op = op
		for i := range in.parts {
			in.parts[i].op = op
		}
		out = append(out, in)
	}
	byName := map[string]schemas.Field{}
	for _, f := range fields {
		byName[f.Name] = f
	}
	with := func(set map[string]any, drop ...string) map[string]any {
		m := make(map[string]any, len(base)+len(set))
		for k, v := range base {
			if !slices.Contains(drop, k) {
				m[k] = v
			}
		}
		for k, v := range set {
			m[k] = v
		}
		return m
	}
	_, hasLocalTime := byName["localTime"]

	// The maximal request's values.
	maxVals := map[string]any{}
	country := ""
	for _, f := range fields {
		if countryField(f) {
			if s, ok := base[f.Name].(string); ok && country == "" {
				country = s
			}
		}
	}
	if country == "" {
		country = "DE"
	}
	mark := g.unique()
	for i, f := range fields {
		_, inBase := base[f.Name]
		switch {
		case f.Name == "partnerReference" || f.Name == "localDate":
			continue
		case f.Name == "localTime":
			maxVals[f.Name] = "235959"
		case countryField(f):
			if !inBase {
				maxVals[f.Name] = country
			}
		case heldValue(f):
			// kept as the state has it, or left out
		case f.Date:
			if !inBase {
				maxVals[f.Name] = g.today
			}
		case f.Time:
			maxVals[f.Name] = "235959"
		case f.Digits > 0:
			if !inBase {
				maxVals[f.Name] = longestDigits(f)
			}
		case f.Precision > 0:
			if !inBase {
				maxVals[f.Name] = literal("0.01", g.query)
			}
		case len(f.Enum) > 0:
			if !inBase {
				maxVals[f.Name] = f.Enum[0]
			}
		case f.Allows("boolean") && len(f.Types) == 1:
			if !inBase {
				d, _ := f.Default.(bool)
				maxVals[f.Name] = d
			}
		case f.Allows("array") && len(f.Types) == 1:
			if !inBase {
				maxVals[f.Name] = []any{map[string]any{"name": "criterion-" + mark, "value": "1"}}
			}
		case f.MaxLength > 0 && f.Allows("string"):
			maxVals[f.Name] = textOf(i, f.Name, mark, f.MaxLength)
		case !inBase && g.query && f.Default != nil:
			maxVals[f.Name] = f.Default
		case !inBase && g.query:
			// A query field of no stated form (true or false): the first
			// the schema takes.
			for _, c := range []string{"false", "true"} {
				if g.valid(with(map[string]any{f.Name: c})) {
					maxVals[f.Name] = c
					break
				}
			}
		}
	}
	// complete adds to a request the fields of the maximal request the
	// schema then requires (a branch's conditional fields, a field's
	// companion), and no more; false when it cannot be made valid.
	pool := maps.Clone(maxVals) // what may complete a branch
	for name, v := range g.held {
		if _, listed := byName[name]; listed {
			if _, has := pool[name]; !has {
				pool[name] = v
			}
		}
	}
	complete := func(set map[string]any, drop ...string) (map[string]any, bool) {
		m := with(set, drop...)
		if g.valid(m) {
			return set, true
		}
		var added []string
		for _, name := range sortedKeys(pool) {
			if _, has := m[name]; has || slices.Contains(drop, name) {
				continue
			}
			m[name] = pool[name]
			added = append(added, name)
			if g.valid(m) {
				break
			}
		}
		if !g.valid(m) {
			return nil, false
		}
		for _, name := range added {
			v := m[name]
			delete(m, name)
			if !g.valid(m) {
				m[name] = v
			}
		}
		out := map[string]any{}
		for k, v := range set {
			out[k] = v
		}
		for _, name := range added {
			if v, ok := m[name]; ok {
				out[name] = v
			}
		}
		return out, true
	}

	// The minimal request.
	var minDrop []string
	var minParts []validInput
	rule := optionalRule(op)
	for _, f := range fields {
		if _, in := base[f.Name]; !in || f.Required || slices.Contains(keptFields[op.ID], f.Name) || slices.Contains(envelopeFields, f.Name) {
			continue
		}
		if pair := orFields[op.ID]; slices.Contains(pair, f.Name) {
			kept := false
			for _, other := range pair {
				if _, in := base[other]; other != f.Name && in && !slices.Contains(minDrop, other) {
					kept = true
				}
			}
			if !kept {
				continue
			}
		}
		if g.valid(with(nil, append(slices.Clone(minDrop), f.Name)...)) {
			minDrop = append(minDrop, f.Name)
			// Alone, or with the fields left out before it that it needs
			// gone too (accnoType "required only when accno is given").
			drop := []string{f.Name}
			if !g.valid(with(nil, drop...)) {
				drop = slices.Clone(minDrop)
			}
			minParts = append(minParts, validInput{kind: vMinimal, field: f.Name, label: "left out", drop: drop, rule: rule})
		}
	}
	minSet := map[string]any{}
	if hasLocalTime {
		minSet["localTime"] = "000000"
		minParts = append(minParts, validInput{kind: vTimeEdge, field: "localTime", label: "000000", set: map[string]any{"localTime": "000000"}, rule: ruleTime})
	}
	if len(minParts) > 0 {
		add(validInput{kind: vMinimal, label: minimalLabel(minDrop, hasLocalTime), set: minSet, drop: minDrop, rule: rule, parts: minParts})
	}

	// The maximal request.
	maxSet := map[string]any{}
	var maxParts []validInput
	for _, name := range sortedKeys(maxVals) {
		if reflect.DeepEqual(base[name], maxVals[name]) {
			continue
		}
		one, ok := complete(map[string]any{name: maxVals[name]})
		if !ok {
			continue
		}
		maxSet[name] = maxVals[name]
		label := fmt.Sprint(maxVals[name])
		s, isText := maxVals[name].(string)
		atLength := isText && byName[name].MaxLength > 0 && len(s) == byName[name].MaxLength && !countryField(byName[name])
		if atLength {
			label = fmt.Sprintf("at its S(%d), %d characters", len(s), len(s))
		}
		// The sentence that permits the value: S(n)'s length, D's and T's
		// form, else the field's being optional (present or not).
		r := rule
		switch {
		case atLength:
			r = ruleLength
		case byName[name].Time:
			r = ruleTime
		case byName[name].Date:
			r = ruleDate
		}
		maxParts = append(maxParts, validInput{kind: vMaximal, field: name, label: label, set: one, rule: r})
	}
	if !g.valid(with(maxSet)) {
		// the fields together break a rule of the schema (a branch taken
		// by a default's value): the maximal request is what the schema takes
		if m, ok := complete(maxSet); ok {
			maxSet = m
		}
	}
	if len(maxParts) > 0 && g.valid(with(maxSet)) {
		add(validInput{kind: vMaximal, label: fmt.Sprintf("every optional field present, free text at its maximum length (%d fields set)", len(maxSet)), set: maxSet, longRef: true, rule: ruleLength, parts: maxParts})
	}

	// The alternatives.
	for _, f := range fields {
		cur, inBase := base[f.Name]
		switch {
		case f.Allows("boolean") && len(f.Types) == 1:
			b, _ := cur.(bool)
			if !inBase {
				b, _ = f.Default.(bool)
			}
			if set, ok := complete(map[string]any{f.Name: !b}); ok {
				add(validInput{kind: vAlternative, field: f.Name, label: fmt.Sprint(!b), set: set, rule: ruleBoolean})
			}
		case g.query && !inBase && maxVals[f.Name] == "false":
			if set, ok := complete(map[string]any{f.Name: "true"}); ok {
				add(validInput{kind: vAlternative, field: f.Name, label: "true", set: set, rule: ruleBoolean})
			}
		case len(f.Enum) > 0:
			for _, v := range f.Enum {
				if reflect.DeepEqual(v, cur) {
					continue
				}
				if set, ok := complete(map[string]any{f.Name: v}); ok {
					add(validInput{kind: vAlternative, field: f.Name, label: fmt.Sprint(v), set: set, rule: rule})
				}
			}
		case countryField(f) && inBase:
			s, _ := cur.(string)
			if o := otherForm(s); o != "" {
				add(validInput{kind: vAlternative, field: f.Name, label: o + ", the other ISO form of " + s, set: map[string]any{f.Name: o}, rule: ruleCountry})
			}
		}
	}

	// Each other currency the target offers.
	if cf, ok := currencyFields[op.ID]; ok {
		cur, _ := base[cf.field].(string)
		var drop []string
		for _, name := range cf.untie {
			if _, in := base[name]; in {
				drop = append(drop, name)
			}
		}
		for _, c := range g.offered {
			if cur == "" || strings.EqualFold(c, cur) || !g.valid(with(map[string]any{cf.field: c}, drop...)) {
				continue
			}
			add(validInput{kind: vAlternative, field: cf.field, label: c + ", a currency the profile declares", set: map[string]any{cf.field: c}, drop: drop, rule: cf.rule})
		}
	}

	// The edges.
	for _, f := range fields {
		cur, inBase := base[f.Name]
		switch {
		case f.Precision > 0 && inBase:
			amount, err := decimal.NewFromString(amountOf(cur))
			if err != nil || !amount.IsPositive() {
				continue
			}
			scale := max(f.Scale, 0)
			smallest := decimal.New(1, -int32(scale))
			edges := []struct{ label, value string }{
				{"the smallest, " + smallest.StringFixed(int32(scale)), smallest.StringFixed(int32(scale))},
				{"a whole number, " + amount.Truncate(0).String(), amount.Truncate(0).String()},
			}
			oneDecimal := amount.Add(decimal.New(5, -1)).Truncate(1)
			if g.bounded {
				oneDecimal = amount.Div(decimal.NewFromInt(2)).Truncate(1)
			}
			if scale >= 1 && oneDecimal.IsPositive() {
				edges = append(edges, struct{ label, value string }{"one decimal, " + oneDecimal.StringFixed(1), oneDecimal.StringFixed(1)})
			}
			for _, e := range edges {
				if e.value == amountOf(cur) || amount.Truncate(0).IsZero() && strings.HasPrefix(e.label, "a whole") {
					continue
				}
				in := validInput{kind: vAmountEdge, field: f.Name, label: e.label, set: map[string]any{f.Name: literal(e.value, g.query)}, rule: ruleDec}
				if d, _ := decimal.NewFromString(e.value); g.bounded && g.bound != nil && d.Equal(amount) {
					// Exactly the state's amount: the edge of the sentence that bounds it.
					if r := g.bound(f.Name); r != "" {
						in.label, in.rule, in.strict = e.label+", exactly the amount it may not exceed", r, true
					}
				}
				add(in)
			}
			if !g.bounded {
				largest := strings.Repeat("9", f.Precision-scale)
				if scale > 0 {
					largest += "." + strings.Repeat("9", scale)
				}
				add(validInput{kind: vAmountEdge, field: f.Name, label: "the largest Dec(" + fmt.Sprint(f.Precision) + "," + fmt.Sprint(scale) + ") allows, " + largest, set: map[string]any{f.Name: literal(largest, g.query)}, rule: ruleDec, business: true})
			}
		case f.Date && f.Name != "localDate":
			if set, ok := complete(map[string]any{f.Name: "2000-02-29"}); ok {
				add(validInput{kind: vDateEdge, field: f.Name, label: "2000-02-29, a leap day", set: set, rule: ruleDate})
			}
		case f.Time && f.Name != "localTime":
			for _, t := range []string{"000000", "235959"} {
				if set, ok := complete(map[string]any{f.Name: t}); ok {
					add(validInput{kind: vTimeEdge, field: f.Name, label: t, set: set, rule: ruleTime})
				}
			}
		}
	}

	// The stated defaults of a query: left out, and given, the same answer.
	if g.query {
		for _, f := range fields {
			if f.Default == nil || f.Required {
				continue
			}
			if _, in := base[f.Name]; in {
				continue
			}
			given, ok := complete(map[string]any{f.Name: f.Default})
			if !ok {
				continue
			}
			without := map[string]any{}
			for k, v := range given {
				if k != f.Name {
					without[k] = v
				}
			}
			if !g.valid(with(without)) {
				continue
			}
			if _, has := byName["localTime"]; has {
				// Asked at the caller's end of day, so that a default taken
				// from the clock ("now") differs from a stated start of day.
				given["localTime"], without["localTime"] = "235959", "235959"
			}
			stated := &validInput{op: op, kind: vDefault, field: f.Name, label: fmt.Sprintf("given as its default %v", f.Default), set: given, rule: rule}
			add(validInput{kind: vDefault, field: f.Name, label: "left out, its default " + fmt.Sprint(f.Default) + " stated", set: without, rule: rule, sameAs: stated})
		}
	}
	return out
}

func minimalLabel(drop []string, localTime bool) string {
	s := "only the fields marked Y"
	if len(drop) > 0 {
		s += fmt.Sprintf(" (%d optional fields left out)", len(drop))
	}
	if localTime {
		s += ", localTime 000000"
	}
	return s
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// longestDigits is a value of the N(n) field f of its n digits, in its
// range when the spec gives one (the high end of "1 to 100"); a target may
// refuse a value out of it.
func longestDigits(f schemas.Field) string {
	v := strings.Repeat("1", f.Digits)
	if f.Range != nil && !f.Range.Holds(v) {
		v = fmt.Sprint(f.Range[1])
		if len(v) > f.Digits {
			v = strings.Repeat("9", f.Digits) // "1 to 5000" of an N(3)
		}
	}
	return v
}
