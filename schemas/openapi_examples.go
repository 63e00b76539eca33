package schemas

import (
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/santhosh-tekuri/jsonschema/v5"
)

// An example of every operation: its path parameters, its request (the JSON
// body, or the query parameters of a GET) and its success response, generated
// from the operation's request and response schemas; the only facts written
// here are the values of the fields (exampleValuesJSON, one value a field
// name) and the few an operation must see differently (exampleOverrides).
// They tell one story: partner-4711 takes a token, opens account
// 100000000017, stores a card on it, pays 40.00 EUR with it through Init
// Authorize and Complete Authorize, captures and refunds it, and pays a
// merchant 40.00 EUR from the wallet. Secrets are placeholders.
//
// The generator's rules:
//   - Path parameters: the value of their name.
//   - Request: every property the schema requires (top-level "required",
//     through $ref and allOf), and every optional one the table has a value
//     for, except a deprecated one and one a server may ignore ("$comment":
//     "ignorable: ...", a block such as A-2.2's BB whose flag leaves it
//     unused); then the schema's conditional rules (RequestRules) are applied
//     until none adds anything: a rule whose condition holds adds the fields
//     it requires and sets those it holds to true (a flag the table sets false
//     leaves its block out).
//   - Response: every property of the schema.
//   - A field's value: the operation's override (exampleOverrides); else the
//     table's value for its name; else what the schema determines (const, or
//     the first value of an enum); an object of listed properties is built by
//     these rules (a request's: its required properties and those the table
//     has a value for), an array holds one item built from its items schema;
//     else, in a response, null where the schema allows null; else false for
//     a boolean. Where none applies the generator fails: "add an example value
//     for NAME (schemas/FILE)".
//   - A string field of a GET's query takes a number or boolean of the table
//     as the text it travels as (amount 40.00 as "40.00").
//   - A value of the table must validate against the property of every
//     operation that takes it, and every value must be taken by some
//     operation (tests hold both): two places that disagree, or a dead entry,
//     fail a test.
//
// The caller's date and time (localDate, localTime) are in every request and
// the response envelope (exampleEnvelope) in every JSON response, since the
// schemas list them; a text/plain answer (B-4.11) is exampleTextAnswer. A
// test checks that each example validates against its schema in the document.

// Example values shared by the examples and the links they illustrate.
const (
	exampleDate      = "2026-03-02"
	exampleTime      = "101500"
	exampleSysTime   = "101501"
	exampleAccno     = "100000000017"
	exampleOption    = "5d9e4b0c-2f6a-4c1e-9b7d-0a3c8e1f2b64"
	examplePayment   = "7c1e2a9b-4d3f-4e8a-b6c5-1f0e9d8c7b6a"
	exampleKCPayment = "e62a232f-428b-45cb-9ef7-53c1de16a4e2"
	exampleConsent   = "9ee5fd0bd854e6db0ac11f2c3d8d2586"
)

// exampleTextAnswer is the answer of a text/plain operation (B-4.11).
const exampleTextAnswer = "yes"

// exampleValuesJSON is the one table of example values, by field name (of a
// request, a response, a nested object or a path parameter), whatever the
// operation. Numbers are kept as written (40.00).
const exampleValuesJSON = `{
"localDate": "2026-03-02", "localTime": "101500", "sysDate": "2026-03-02", "sysTime": "101501",
"responseCode": "0000", "responseDescription": "OK",
"userId": "partner-4711", "password": "example-password",
"token": "PHNhbWw6QXNzZXJ0aW9uIElEPSJfZXhhbXBsZSIvPg==", "validUntil": "2026-03-02T11:15:01.000Z",
"partnerReference": "pr-1001", "programCode": "WALLETPRG", "programAccno": "PRG0000001", "productCode": "EWALLET",
"externalAccountReference": "ext-1001", "accno": "100000000017", "accnoType": "00", "custCode": "C566577589",
"accTypeCode": "EWU", "accTypeName": "E-Wallet User", "twoFAStatusCode": "2FADIS", "accFlowStatusCode": "APPROVEDSV",
"validFrom": "2026-03-02", "accountCreationDate": "2026-03-02", "dateClosed": "2026-03-02",
"currCode": "EUR", "loginID": "erika.mustermann", "title": "MR", "lastName": "Mustermann", "firstName": "Erika",
"addr1": "Heidestrasse 17", "houseNumber": "17", "city": "Koeln", "countryCode": "DE", "countryName": "Germany",
"country": "Germany", "countryCode3": "DEU", "postCode": "51147", "dob": "1984-08-12",
"emailAddress": "erika.mustermann@example.com", "useDifferentCorrespondenceAddress": false,
"nationality": "DE", "nationality3": "DEU", "isBusinessUser": false, "notifyUser": true,
"maximumAllowedBalance": 100000, "minimumAllowedBalance": 0, "isUserActive": true,
"closingReason": "Closed at the customer's request", "isDataDeleted": false,
"paymentOptionCode": "VISA", "useDifferentBillingAddress": false, "authorizationToken": "sbx-4f2a9c71",
"paymentProviderResponse": {"provider": "sandbox", "paymentOptionCode": "VISA"},
"providerResponse": {"provider": "sandbox", "paymentOptionCode": "VISA"},
"storedPaymentOptionReference": "5d9e4b0c-2f6a-4c1e-9b7d-0a3c8e1f2b64",
"initiationCountryCode": "DE", "initiationCountryCode3": "DEU", "verificationCode": "123456",
"transactionTypeCode": "AUTH", "name": "Visa", "code": "VISA", "paymentGroup": "Credit Card", "paymentGroupCode": "CC",
"paymentSubGroup": "Visa", "paymentSubGroupCode": "VISA", "isStorable": true,
"iconUrl": "https://wallet.example.com/icons/visa.svg", "carrierNumber": "************4242",
"reference": "5d9e4b0c-2f6a-4c1e-9b7d-0a3c8e1f2b64", "expiryMonth": 11, "expiryYear": 2029,
"validUntilDate": "2029-11-30", "validUntilTime": "235959", "bankCode": "", "isVerifiable": true, "isDefault": true,
"fullName": "Erika Mustermann", "customerFullName": "Erika Mustermann",
"presentationAmount": 40.00, "presentationCurrCode": "EUR", "presentationUsage": "Order 4711", "custom1": "basket-4711",
"uniqueReference": "7c1e2a9b-4d3f-4e8a-b6c5-1f0e9d8c7b6a", "initiatorAccno": "PRG0000001",
"initiatorName": "Reference Program", "processedAmount": 40.00, "processedCurrCode": "EUR",
"statusCode": "CAPTURED", "statusReason": "payment captured",
"modifiedAmount": 40.00, "modifiedAmountCurrCode": "EUR", "refundAmount": 40.00, "refundCurrCode": "EUR",
"refundUsage": "Returned item", "modifiedUsage": "Order withdrawn",
"oneTimePassword": "12345678", "consentReference": "9ee5fd0bd854e6db0ac11f2c3d8d2586", "consentStatusCode": "CNSTCONF",
"amount": 40.00, "startDate": "2026-03-01", "top": "10", "sortDirection": "ASC", "includePendingTransactions": false,
"count": 1, "isPending": false, "bookingDate": "2026-03-02", "valueDate": "2026-03-02", "bookingTime": "101200",
"valueTime": "101200", "sourceAmount": 40.00, "exchangeRate": 1.00, "balance": 40.00, "sourceCurrCode": "EUR",
"entryIndicator": "CRDT", "description": "Order 4711", "entryType": "LOAD",
"psBal": 0.00, "avlBal": 40.00, "bkBal": 40.00, "blkAmt": 0.00, "pooledAmt": 0.00,
"merchantAccno": "MRC0000001", "merchantProgramCode": "MERCHPRG", "paymentAmount": 40.00, "paymentCurrCode": "EUR",
"paymentUsage": "Purchase 4711", "fxRate": 1.00, "refundSourceAccno": "MRC0000001",
"street": "Heidestrasse", "house": "17", "postalCode": "51147"
}`

// exampleOverrides holds the values an operation must show differently from
// the table: the state a payment or an account is in after it, the KC
// payment the KC operations move, the login Find User Account looks for.
var exampleOverrides = map[string]map[string]any{
	CreateAccount:           {"statusCode": "ACTIVE", "validUntil": nil},
	GetAccount:              {"statusCode": "ACTIVE"},
	CloseAccount:            {"statusCode": "CLOSED"},
	GetStoredPaymentOptions: {"statusCode": "VERIFIED"},
	AccountEnquiry:          {"statusCode": "SETTLED", "reference": examplePayment},
	InitAuthorize:           {"statusCode": "RECEIVED", "statusReason": "payment received"},
	CompleteAuthorize:       {"statusCode": "AUTHORIZED", "statusReason": "payment authorized"},
	Authorize:               {"statusCode": "AUTHORIZED", "statusReason": "payment authorized"},
	Cancel:                  {"statusCode": "CANCELLED", "statusReason": "payment cancelled"},
	RevokeConsent:           {"consentStatusCode": "CNSTRVKD"},
	FindUserAccount:         {"userId": "erika.mustermann"},
	KCAuthorize:             {"uniqueReference": exampleKCPayment, "statusCode": "AUTHORIZED", "statusReason": "payment authorized"},
	KCDebitAccount:          {"uniqueReference": exampleKCPayment},
	KCCapture:               {"uniqueReference": exampleKCPayment},
	KCCancel:                {"uniqueReference": exampleKCPayment, "statusCode": "CANCELLED", "statusReason": "payment cancelled"},
	KCRefund:                {"uniqueReference": exampleKCPayment},
}

// opExample is the example of one operation.
type opExample struct {
	Path     map[string]string `json:"path"`
	Request  map[string]any    `json:"request"`
	Response any               `json:"response"` // a JSON object, or a string for text/plain
}

// exampleSet is the schema set the examples are generated from, and
// generatedExamples the examples as JSON, made once: examples decodes them
// anew on every call, so that a caller may change what it gets.
var (
	exampleSet        = sync.OnceValues(Load)
	generatedExamples = sync.OnceValues(func() ([]byte, error) {
		set, err := exampleSet()
		if err != nil {
			return nil, err
		}
		values, err := exampleValues()
		if err != nil {
			return nil, err
		}
		g := newExampleGenerator(set, values, exampleOverrides)
		exs := g.all(Catalogue())
		if len(g.problems) > 0 {
			return nil, fmt.Errorf("examples: %s", strings.Join(g.problems, "; "))
		}
		return json.Marshal(exs)
	})
)

// exampleValues decodes exampleValuesJSON, numbers as json.Number.
func exampleValues() (map[string]any, error) {
	v, err := decodeSchema([]byte(exampleValuesJSON))
	if err != nil {
		return nil, fmt.Errorf("example values: %w", err)
	}
	m, _ := v.(map[string]any)
	return m, nil
}

// examples returns every operation's example, by operation ID, a fresh copy
// on every call (numbers as json.Number).
func examples() (map[string]opExample, error) {
	data, err := generatedExamples()
	if err != nil {
		return nil, err
	}
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		return nil, err
	}
	out := make(map[string]opExample, len(raw))
	for id, one := range raw {
		v, err := decodeSchema(one)
		if err != nil {
			return nil, err
		}
		m := v.(map[string]any)
		ex := opExample{Path: map[string]string{}, Response: m["response"]}
		ex.Request, _ = m["request"].(map[string]any)
		if p, ok := m["path"].(map[string]any); ok {
			for k, v := range p {
				ex.Path[k], _ = v.(string)
			}
		}
		out[id] = ex
	}
	return out, nil
}

// exampleGenerator builds the examples from the schemas, the table and the
// overrides, and gathers what it could not build (problems) and which
// entries of the table it took (used).
type exampleGenerator struct {
	set       *Set
	values    map[string]any
	overrides map[string]map[string]any
	problems  []string
	used      map[string]bool // names of the table some example took
	usedOver  map[string]bool // "op/name" of the overrides some example took
}

func newExampleGenerator(set *Set, values map[string]any, overrides map[string]map[string]any) *exampleGenerator {
	return &exampleGenerator{set: set, values: values, overrides: overrides, used: map[string]bool{}, usedOver: map[string]bool{}}
}

// all builds the example of every operation of ops.
func (g *exampleGenerator) all(ops []Operation) map[string]opExample {
	out := map[string]opExample{}
	for _, op := range ops {
		out[op.ID] = g.operation(op)
	}
	return out
}

// fail records a problem.
func (g *exampleGenerator) fail(format string, args ...any) {
	g.problems = append(g.problems, fmt.Sprintf(format, args...))
}

// operation builds one operation's example.
func (g *exampleGenerator) operation(op Operation) opExample {
	ex := opExample{Path: map[string]string{}}
	for _, m := range pathParam.FindAllStringSubmatch(op.Path, -1) {
		name := m[1]
		v, ok := g.given(op.ID, name, nil, "the path of "+op.ID)
		s, isString := v.(string)
		if !ok || !isString {
			g.fail("%s: add an example value (a string) for path parameter %s", op.ID, name)
			continue
		}
		ex.Path[name] = s
	}
	ex.Request = g.request(op)
	if op.PlainText {
		ex.Response = exampleTextAnswer
		return ex
	}
	sch, err := g.set.schema(op.ResponseSchema())
	if err != nil {
		g.fail("%s: %v", op.ID, err)
		return ex
	}
	ex.Response = g.object(op, sch, op.ResponseSchema())
	return ex
}

// given is the override or the table's value of a field, checked against
// the field's schemas (list); ok is false when neither has one. A string
// field of a query takes a number or boolean as its text.
func (g *exampleGenerator) given(opID, name string, list []*jsonschema.Schema, file string) (any, bool) {
	v, ok := g.overrides[opID][name]
	if ok {
		g.usedOver[opID+"/"+name] = true
	} else {
		v, ok = g.values[name]
		if !ok {
			return nil, false
		}
		g.used[name] = true
	}
	if wantsString(list) {
		switch x := v.(type) {
		case json.Number:
			v = x.String()
		case bool:
			v = fmt.Sprint(x)
		}
	}
	for _, p := range list {
		if err := p.Validate(v); err != nil {
			g.fail("%s: the example value of %s (%v) does not validate against %s: %v", opID, name, v, file, err)
		}
	}
	return v, true
}

// wantsString: the schemas type the field as a string and nothing else.
func wantsString(list []*jsonschema.Schema) bool {
	if len(list) == 0 {
		return false
	}
	for _, p := range list {
		f := flatten(p)
		if !slices.Equal(f.types, []string{"string"}) {
			return false
		}
	}
	return true
}

// request builds an operation's request.
func (g *exampleGenerator) request(op Operation) map[string]any {
	sch, err := g.set.schema(op.RequestSchema())
	if err != nil {
		g.fail("%s: %v", op.ID, err)
		return nil
	}
	file := op.RequestSchema()
	props, required := properties(sch)
	out := map[string]any{}
	add := func(name string) {
		if _, done := out[name]; done {
			return
		}
		if v, ok := g.value(op, name, props[name], file, false); ok {
			out[name] = v
		}
	}
	fields := g.set.RequestFields(op.ID)
	for _, f := range fields {
		switch {
		case required[f.Name]:
			add(f.Name)
		case f.Deprecated || f.Ignorable:
		default:
			_, over := g.overrides[op.ID][f.Name]
			if _, has := g.values[f.Name]; has || over {
				add(f.Name)
			}
		}
	}
	rules := g.set.RequestRules(op.ID)
	for changed := true; changed; {
		changed = false
		for _, r := range rules {
			if !holds(r, out) {
				continue
			}
			for _, name := range r.MustBeTrue {
				if out[name] != true {
					out[name], changed = true, true
				}
			}
			for _, name := range r.Required {
				if _, has := out[name]; !has {
					add(name)
					changed = true
				}
			}
		}
	}
	return out
}

// holds: the rule's conditions hold for the request fields.
func holds(r Rule, fields map[string]any) bool {
	if r.IfTrue == "" && r.IfPresent == "" && r.IfAbsent == "" {
		return false
	}
	if r.IfTrue != "" && fields[r.IfTrue] != true {
		return false
	}
	if _, has := fields[r.IfPresent]; r.IfPresent != "" && !has {
		return false
	}
	if _, has := fields[r.IfAbsent]; r.IfAbsent != "" && has {
		return false
	}
	return true
}

// value builds the value of the field name, whose schemas are list.
// response: a response's (every property, null where allowed).
func (g *exampleGenerator) value(op Operation, name string, list []*jsonschema.Schema, file string, response bool) (any, bool) {
	if v, ok := g.given(op.ID, name, list, file); ok {
		return v, true
	}
	var f flat
	for _, p := range list {
		f.add(flatten(p))
	}
	switch {
	case len(f.constant) > 0:
		return f.constant[0], true
	case len(f.enum) > 0:
		return f.enum[0], true
	case len(f.props) > 0:
		return g.objectOf(op, f, file, response), true
	case f.items != nil:
		item, ok := g.item(op, name, f.items, file, response)
		if !ok {
			return nil, false
		}
		return []any{item}, true
	case response && slices.Contains(f.types, "null"):
		return nil, true
	case slices.Contains(f.types, "boolean"):
		return false, true
	}
	g.fail("%s: add an example value for %s (schemas/%s)", op.ID, name, file)
	return nil, false
}

// item builds the one item of an array field.
func (g *exampleGenerator) item(op Operation, name string, items *jsonschema.Schema, file string, response bool) (any, bool) {
	f := flatten(items)
	switch {
	case len(f.props) > 0:
		return g.objectOf(op, f, file, response), true
	case len(f.constant) > 0:
		return f.constant[0], true
	case len(f.enum) > 0:
		return f.enum[0], true
	}
	g.fail("%s: add an example value for %s (schemas/%s)", op.ID, name, file)
	return nil, false
}

// object builds a response from its schema.
func (g *exampleGenerator) object(op Operation, sch *jsonschema.Schema, file string) map[string]any {
	return g.objectOf(op, flatten(sch), file, true)
}

// objectOf builds an object of the properties f lists: in a response every
// one, in a request the required ones and those the table has a value for.
func (g *exampleGenerator) objectOf(op Operation, f flat, file string, response bool) map[string]any {
	out := map[string]any{}
	names := make([]string, 0, len(f.props))
	for name := range f.props {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		if !response && !f.required[name] {
			if _, has := g.values[name]; !has {
				continue
			}
		}
		if v, ok := g.value(op, name, f.props[name], file, response); ok {
			out[name] = v
		}
	}
	return out
}

// flat is what a schema says of a value, through $ref, allOf, anyOf and
// oneOf: its types, const, enum, properties (a forbidden one left out),
// required properties and items.
type flat struct {
	types    []string
	constant []any
	enum     []any
	props    map[string][]*jsonschema.Schema
	required map[string]bool
	items    *jsonschema.Schema
}

func (f *flat) add(o flat) {
	f.types = append(f.types, o.types...)
	slices.Sort(f.types)
	f.types = slices.Compact(f.types)
	if len(f.constant) == 0 {
		f.constant = o.constant
	}
	if len(f.enum) == 0 {
		f.enum = o.enum
	}
	for name, list := range o.props {
		if f.props == nil {
			f.props = map[string][]*jsonschema.Schema{}
		}
		f.props[name] = append(f.props[name], list...)
	}
	for name := range o.required {
		if f.required == nil {
			f.required = map[string]bool{}
		}
		f.required[name] = true
	}
	if f.items == nil {
		f.items = o.items
	}
}

// flatten reads a schema into a flat.
func flatten(x *jsonschema.Schema) flat {
	f := flat{props: map[string][]*jsonschema.Schema{}, required: map[string]bool{}}
	forbidden := map[string]bool{}
	seen := map[*jsonschema.Schema]bool{}
	var walk func(*jsonschema.Schema)
	walk = func(x *jsonschema.Schema) {
		if x == nil || seen[x] {
			return
		}
		seen[x] = true
		f.types = append(f.types, x.Types...)
		if len(x.Constant) > 0 && len(f.constant) == 0 {
			f.constant = x.Constant
		}
		if len(x.Enum) > 0 && len(f.enum) == 0 {
			f.enum = x.Enum
		}
		for name, p := range x.Properties {
			if p.Always != nil && !*p.Always {
				forbidden[name] = true
				continue
			}
			f.props[name] = append(f.props[name], p)
		}
		for _, r := range x.Required {
			f.required[r] = true
		}
		if x.Items2020 != nil && f.items == nil {
			f.items = x.Items2020
		}
		if it, ok := x.Items.(*jsonschema.Schema); ok && f.items == nil {
			f.items = it
		}
		walk(x.Ref)
		for _, list := range [][]*jsonschema.Schema{x.AllOf, x.AnyOf, x.OneOf} {
			for _, sub := range list {
				walk(sub)
			}
		}
	}
	walk(x)
	for name := range forbidden {
		delete(f.props, name)
	}
	slices.Sort(f.types)
	f.types = slices.Compact(f.types)
	return f
}

// properties lists the top-level properties of a request schema (through
// $ref and allOf) and those it requires.
func properties(sch *jsonschema.Schema) (map[string][]*jsonschema.Schema, map[string]bool) {
	f := flatten(sch)
	return f.props, f.required
}

// encodeExampleNumbers writes the N(n) fields of the request examples
// (fields as encodeNumbers returns them) as JSON numbers when the document
// is written for numberEncoding "number"; otherwise they stay strings of
// digits, which both other forms of the document accept.
func encodeExampleNumbers(exs map[string]opExample, fields []string, encoding string) {
	if encoding != "number" {
		return
	}
	for _, f := range fields {
		schema, name, _ := strings.Cut(f, "/")
		ex, ok := exs[strings.TrimSuffix(schema, ".request")]
		if !ok {
			continue
		}
		if s, ok := ex.Request[name].(string); ok {
			if s = strings.TrimLeft(s, "0"); s == "" {
				s = "0"
			}
			ex.Request[name] = json.Number(s)
		}
	}
}
