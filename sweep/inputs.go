package sweep

import (
	"bytes"
	"encoding/json"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"regexp"
	"strings"

	"github.com/wallet-conformance/wallet-conformance/schemas"
)

// The bad-input sweep's inputs, generated from the operation contract (the
// catalogue, and each operation's request schema read through
// schemas.Set.RequestFields), never written per operation: every field of
// every operation gets a value of each wrong JSON type, is left out or null
// when it is mandatory, is one character over its S(n) and far over it,
// gets numbers outside its Dec(p,s) or N(n) (refused, A-2.0), impossible and misformatted
// dates and times, control characters, a lone surrogate and long multi-byte
// text; every body is malformed, truncated, nested deep, given a duplicate
// key, left empty and sent under another content type; every path
// parameter is over-long. Beside the sizes relative to a field's S(n), the
// absolute sizes servers commonly cap (sizes below): every path parameter,
// every query string (a GET's first text field) over 2, 8 and 64 KiB, and
// every body of 1 MiB and of 16 MiB. Whatever a server answers them, so it
// handles them, passes: a success, a handled error, and the HTTP layer's
// own refusals of an oversized request (413, 414, 431) with or without a
// JSON body (A-7#6's note).

// want is what the spec lets an answer to a bad input be.
type want int

const (
	// wantHandled: the spec does not say whether the value is acceptable;
	// any handled answer passes (a success, or an error code other than
	// 0099 with an HTTP error status, a 5xx included: A-7 pairs 500 with
	// 0099 alone). Only an unexpected error fails: 0099, a 5xx without the
	// code of a handled error, a dropped connection or no answer.
	wantHandled want = iota
	// wantRefused: a handled error, whatever its code (A-2.0's limits).
	wantRefused
	// want0001: 0001 with HTTP 400, a syntax error.
	want0001
	// want0001Named: 0001 with HTTP 400 whose description names the field.
	want0001Named
)

// badInput is one generated input: a valid request of the operation with
// one thing changed.
type badInput struct {
	op    schemas.Operation
	field string // the field changed; "" for the whole body, "{name}" for a path parameter
	kind  string // what was changed: one of the kinds below
	label string // the value in a few words ("1e308", "65 characters")

	value  any    // the field's new value (json.RawMessage in a body, a string in a query)
	remove bool   // the field is left out
	body   []byte // the whole body, when the kind replaces it
	// contentType replaces application/json.
	contentType string
	pathValue   string // a path parameter's new value
	size        int    // kBodySize: the body's length in bytes

	want want
	rule string // the rule of the catalogue the judgement rests on
}

// The kinds of input.
const (
	kWrongType    = "wrong-type"
	kMissing      = "missing"
	kNull         = "null"
	kOverLength   = "over-length"
	kFarOver      = "far-over-length"
	kMultiByte    = "multi-byte"
	kControl      = "control-characters"
	kSurrogate    = "lone-surrogate"
	kExponent     = "exponent"
	kBigExponent  = "huge-exponent"
	kTrailing     = "trailing-zeros"
	kNegZero      = "negative-zero"
	kTooPrecise   = "beyond-precision"
	kTooScaled    = "beyond-scale"
	kTooManyDigit = "too-many-digits"
	kNotDigits    = "not-digits"
	kImpossible   = "impossible-date-or-time"
	kMisformatted = "misformatted-date-or-time"
	kMalformed    = "malformed-json"
	kTruncated    = "truncated-json"
	kDeep         = "deeply-nested-json"
	kDuplicate    = "duplicate-key"
	kEmpty        = "empty-body"
	kContentType  = "wrong-content-type"
	kPathLong     = "over-long-path-parameter"
	kPathControl  = "control-character-in-path"
	kPathSize     = "path-over-size"
	kQuerySize    = "query-over-size"
	kBodySize     = "body-of-size"
)

// The absolute sizes (item 4 of issue 34): the lengths of a URL servers and
// proxies commonly cap (2 KiB in old browsers and CDNs, 8 KiB in nginx,
// Apache and most frameworks, 64 KiB in others), each exceeded by one
// character, and the bodies of 1 MiB (a common default cap) and 16 MiB.
var (
	urlSizes  = []int{2 << 10, 8 << 10, 64 << 10}
	bodySizes = []int{1 << 20, 16 << 20}
)

// bodyEverywhere is the largest body every operation gets. A larger one
// (16 MiB) goes to the first operation with a body of each kind of
// authentication only (Issue Token, anonymous, and the first that takes a
// token): a limit on a body's size is the HTTP layer's, one for a server,
// and what a reader does with a body past it is the server's; 16 MiB to
// each of the 25 operations with a body is 400 MiB sent, a minute of a CI
// runner's upload, and against the embedded reference it doubled the full
// sweep's time (2.6 s without the sizes, 3.7 s with 1 MiB to every
// operation, 6.1 s with 16 MiB to every one as well). A per-operation
// reader that mishandles a large body shows at 1 MiB.
const bodyEverywhere = 1 << 20

// firstBodyOf reports whether op is the first operation of the catalogue
// with a body among those of its kind of authentication.
func firstBodyOf(op schemas.Operation) bool {
	for _, o := range schemas.Catalogue() {
		if !o.BodyInQuery() && o.Anonymous == op.Anonymous {
			return o.ID == op.ID
		}
	}
	return false
}

// sizeText writes a size in bytes as people read it: "8 KiB", "16 MiB".
func sizeText(n int) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}

// wrongValues are a value of each JSON type, for a field of another type.
var wrongValues = []struct {
	jsonType, label, raw string
}{
	{"string", "a string", `"abc"`},
	{"number", "a number", `12345`},
	{"boolean", "a boolean", `true`},
	{"object", "an object", `{"value":"x"}`},
	{"array", "an array", `["x"]`},
}

// generateInputs returns every bad input of an operation, in a fixed order,
// from its request fields and path. base is a valid request's fields: the
// Dec forms that denote a valid amount are written from its values.
func generateInputs(op schemas.Operation, fields []schemas.Field, base map[string]any) []badInput {
	var out []badInput
	add := func(in badInput) {
		in.op = op
		out = append(out, in)
	}
	query := op.BodyInQuery()
	for _, f := range fields {
		// A deprecated field is ignored, and one a reading lets a server
		// ignore may be: whatever it holds, any handled answer passes.
		strict := !f.Deprecated && !f.Ignorable
		lvl := func(w want) want {
			if !strict {
				return wantHandled
			}
			return w
		}
		if f.Required {
			add(badInput{field: f.Name, kind: kMissing, label: "left out", remove: true, want: lvl(want0001Named), rule: "A-7#4"})
		}
		if !query {
			nullWant := wantHandled // "Absent values are returned as null": a null optional field may read as absent
			if f.Required {
				nullWant = lvl(want0001)
			}
			add(badInput{field: f.Name, kind: kNull, label: "null", value: json.RawMessage(`null`), want: nullWant, rule: "A-7#5"})
			for _, w := range wrongValues {
				if f.Allows(w.jsonType) {
					continue
				}
				add(badInput{field: f.Name, kind: kWrongType, label: w.label, value: json.RawMessage(w.raw), want: lvl(want0001), rule: "A-7#5"})
			}
		}
		text := func(s string) any {
			if query {
				return s
			}
			b, _ := json.Marshal(s)
			return json.RawMessage(b)
		}
		raw := func(s string) any {
			if query {
				return s
			}
			return json.RawMessage(s)
		}
		switch {
		case f.Date:
			add(badInput{field: f.Name, kind: kImpossible, label: "1984-02-30", value: text("1984-02-30"), want: lvl(wantRefused), rule: "A-2.0#5"})
			add(badInput{field: f.Name, kind: kMisformatted, label: "12.08.1984", value: text("12.08.1984"), want: lvl(want0001), rule: "A-2.0#3"})
		case f.Time:
			add(badInput{field: f.Name, kind: kImpossible, label: "246000", value: text("246000"), want: lvl(wantRefused), rule: "A-2.0#5"})
			add(badInput{field: f.Name, kind: kMisformatted, label: "12:00:00", value: text("12:00:00"), want: lvl(want0001), rule: "A-2.0#4"})
		case f.Digits > 0:
			add(badInput{field: f.Name, kind: kTooManyDigit, label: fmt.Sprintf("of %d digits", f.Digits+1), value: text(strings.Repeat("1", f.Digits+1)), want: lvl(wantRefused), rule: "A-2.0#7"})
			add(badInput{field: f.Name, kind: kNotDigits, label: "12ab", value: text("12ab"), want: lvl(want0001), rule: "A-2.0#7"})
			add(badInput{field: f.Name, kind: kExponent, label: "1e3", value: raw("1e3"), want: wantHandled, rule: "A-7#6"})
		case f.Precision > 0 || f.Numeric:
			amount := amountOf(base[f.Name])
			// A value Dec(p,s) cannot hold (more integer digits than p-s
			// allows, more decimals than s) breaks A-2.0's notation: it is
			// refused, as an over-long text is (A-2.0#6). How the number is
			// written (an exponent, trailing zeros, -0) is the spec's silence.
			beyond, beyondRule := wantHandled, "A-7#6"
			if f.Precision > 0 {
				beyond, beyondRule = lvl(wantRefused), "A-2.0#6"
			}
			scaled, scaledRule := wantHandled, "A-7#6"
			if f.Precision > 0 && f.Scale >= 0 && f.Scale < 3 {
				scaled, scaledRule = lvl(wantRefused), "A-2.0#6"
			}
			add(badInput{field: f.Name, kind: kBigExponent, label: "1e308", value: raw("1e308"), want: beyond, rule: beyondRule})
			add(badInput{field: f.Name, kind: kExponent, label: "5E1", value: raw("5E1"), want: wantHandled, rule: "A-7#6"})
			if e := exponentForm(amount); e != "" {
				add(badInput{field: f.Name, kind: kExponent, label: e, value: raw(e), want: wantHandled, rule: "A-7#6"})
			}
			add(badInput{field: f.Name, kind: kTrailing, label: withTrailingZeros(amount), value: raw(withTrailingZeros(amount)), want: wantHandled, rule: "A-7#6"})
			add(badInput{field: f.Name, kind: kNegZero, label: "-0", value: raw("-0"), want: wantHandled, rule: "A-7#6"})
			p := max(f.Precision, 18)
			add(badInput{field: f.Name, kind: kTooPrecise, label: fmt.Sprintf("of %d digits", p+1), value: raw("1" + strings.Repeat("0", p)), want: beyond, rule: beyondRule})
			add(badInput{field: f.Name, kind: kTooScaled, label: "0.001", value: raw("0.001"), want: scaled, rule: scaledRule})
			if query {
				add(badInput{field: f.Name, kind: kNotDigits, label: "abc", value: "abc", want: lvl(want0001), rule: "A-7#5"})
			}
		case f.Allows("string") && len(f.Enum) == 0:
			if n := f.MaxLength; n > 0 {
				add(badInput{field: f.Name, kind: kOverLength, label: fmt.Sprintf("of %d characters", n+1), value: text(strings.Repeat("x", n+1)), want: lvl(wantRefused), rule: "A-2.0#2"})
				far := n*4 + 100
				add(badInput{field: f.Name, kind: kFarOver, label: fmt.Sprintf("of %d characters", far), value: text(strings.Repeat("y", far)), want: lvl(wantRefused), rule: "A-2.0#2"})
				// Within the length: whether a server counts characters or
				// bytes is not stated, so any handled answer passes.
				add(badInput{field: f.Name, kind: kMultiByte, label: fmt.Sprintf("of %d multi-byte characters", n), value: text(strings.Repeat("€", n)), want: wantHandled, rule: "A-7#6"})
				if !query {
					add(badInput{field: f.Name, kind: kSurrogate, label: `holding a lone surrogate \ud800`, value: raw(`"\ud800"`), want: wantHandled, rule: "A-7#6"})
				}
				if n >= 3 {
					add(badInput{field: f.Name, kind: kControl, label: `holding control characters \u0001 and \u001f`, value: text("a\u0001\u001f"), want: wantHandled, rule: "A-7#6"})
				}
			}
		}
	}
	for _, name := range pathParams(op) {
		field := "{" + name + "}"
		add(badInput{field: field, kind: kPathLong, label: "of 300 characters", pathValue: strings.Repeat("9", 300), want: wantHandled, rule: "A-7#6"})
		add(badInput{field: field, kind: kPathControl, label: `holding a control character \u0001`, pathValue: "9\u00019", want: wantHandled, rule: "A-7#6"})
		for _, n := range urlSizes {
			// The parameter alone is one character over the size, so the
			// path is over it whatever the rest of the path is.
			add(badInput{field: field, kind: kPathSize, label: "over " + sizeText(n), pathValue: strings.Repeat("9", n+1), want: wantHandled, rule: "A-7#6"})
		}
	}
	if query {
		// The query string: its first text field made long enough that
		// the query string alone is over each size.
		for _, f := range fields {
			if !f.Allows("string") || len(f.Enum) > 0 {
				continue
			}
			for _, n := range urlSizes {
				add(badInput{field: f.Name, kind: kQuerySize, label: "making the query string over " + sizeText(n), value: strings.Repeat("q", n+1), want: wantHandled, rule: "A-7#6"})
			}
			break
		}
	}
	if !query {
		// The whole body: a body that is not JSON is a syntax error (A-7#5);
		// what a JSON parser makes of depth, duplicate names and another
		// content type the spec does not say.
		add(badInput{kind: kMalformed, label: "that is not JSON", body: []byte(`{"partnerReference": "x",`), want: want0001, rule: "A-7#5"})
		add(badInput{kind: kTruncated, label: "cut in half", want: want0001, rule: "A-7#5"}) // the body is cut when sent
		add(badInput{kind: kEmpty, label: "left empty", body: []byte{}, want: want0001, rule: "A-7#5"})
		add(badInput{kind: kDeep, label: "nested 10,000 levels deep", want: wantHandled, rule: "A-7#6"})
		add(badInput{kind: kDuplicate, label: "naming partnerReference twice", want: wantHandled, rule: "A-7#6"})
		add(badInput{kind: kContentType, label: "sent as Content-Type text/plain", contentType: "text/plain", want: wantHandled, rule: "A-7#6"})
		for _, n := range bodySizes {
			if n > bodyEverywhere && !firstBodyOf(op) {
				continue
			}
			add(badInput{kind: kBodySize, label: "of " + sizeText(n), size: n, want: wantHandled, rule: "A-7#6"})
		}
	}
	return out
}

var pathParam = regexp.MustCompile(`\{([A-Za-z]+)\}`)

// pathParams are the names of an operation's path parameters, in order.
func pathParams(op schemas.Operation) []string {
	var out []string
	for _, m := range pathParam.FindAllStringSubmatch(op.Path, -1) {
		out = append(out, m[1])
	}
	return out
}

// amountOf writes a valid request's amount as its literal ("1.00").
func amountOf(v any) string {
	switch x := v.(type) {
	case json.Number:
		return x.String()
	case string:
		return x
	}
	return "1.00"
}

// exponentForm writes an amount literal with an exponent that denotes the
// same amount: 1.00 as 100E-2.
func exponentForm(amount string) string {
	intPart, frac, _ := strings.Cut(amount, ".")
	digits := strings.TrimLeft(intPart+frac, "0")
	if digits == "" || strings.HasPrefix(amount, "-") {
		return ""
	}
	return fmt.Sprintf("%sE-%d", digits, len(frac))
}

// withTrailingZeros adds zeros after the last decimal: the same amount.
func withTrailingZeros(amount string) string {
	if !strings.Contains(amount, ".") {
		return amount + ".000"
	}
	return amount + "000"
}

// sample picks up to n inputs of an operation, the same for the same seed:
// the kinds in an order the seed shuffles, one input of each kind in turn,
// so that a small sample tries as many kinds as it can. n <= 0 takes all.
func sample(inputs []badInput, n int, seed uint64, opID string) []badInput {
	if n <= 0 || n >= len(inputs) {
		return inputs
	}
	h := fnv.New64a()
	h.Write([]byte(opID))
	rng := rand.New(rand.NewPCG(seed, h.Sum64()))
	byKind := map[string][]badInput{}
	var kinds []string
	for _, in := range inputs {
		if _, ok := byKind[in.kind]; !ok {
			kinds = append(kinds, in.kind)
		}
		byKind[in.kind] = append(byKind[in.kind], in)
	}
	rng.Shuffle(len(kinds), func(i, j int) { kinds[i], kinds[j] = kinds[j], kinds[i] })
	for _, k := range kinds {
		list := byKind[k]
		rng.Shuffle(len(list), func(i, j int) { list[i], list[j] = list[j], list[i] })
	}
	var out []badInput
	for round := 0; len(out) < n; round++ {
		took := false
		for _, k := range kinds {
			if list := byKind[k]; round < len(list) && len(out) < n {
				out = append(out, list[round])
				took = true
			}
		}
		if !took {
			break
		}
	}
	return out
}

// deepBody nests an array 10,000 levels deep in a body, as a member of its
// own at the start of the object, so that every body gets it whatever
// fields it has (Issue Token's has no partnerReference).
func deepBody(body []byte) []byte {
	i := bytes.IndexByte(body, '{')
	if i < 0 {
		return body
	}
	member := `"nested":` + strings.Repeat("[", 10000) + strings.Repeat("]", 10000)
	if rest := bytes.TrimSpace(body[i+1:]); !bytes.HasPrefix(rest, []byte("}")) {
		member += ","
	}
	out := make([]byte, 0, len(body)+len(member))
	out = append(out, body[:i+1]...)
	out = append(out, member...)
	return append(out, body[i+1:]...)
}

// sizedBody pads a body with white space after its opening brace to n
// bytes: the same valid request, of that size.
func sizedBody(body []byte, n int) []byte {
	i := bytes.IndexByte(body, '{')
	if i < 0 || len(body) >= n {
		return body
	}
	out := make([]byte, 0, n)
	out = append(out, body[:i+1]...)
	out = append(out, bytes.Repeat([]byte(" "), n-len(body))...)
	return append(out, body[i+1:]...)
}

// kindWords says what kind of input a kind is, whatever field or
// operation it was sent to: a cause of the report groups the findings of
// one kind that got the same answer in several operations (one parser
// that crashes on deep nesting is one fault, not one per operation).
var kindWords = map[string]string{
	kWrongType:    "a field of the wrong JSON type",
	kMissing:      "a mandatory field left out",
	kNull:         "a field given null",
	kOverLength:   "a text one character over its S(n)",
	kFarOver:      "a text far over its S(n)",
	kMultiByte:    "multi-byte text within its S(n)",
	kControl:      "control characters in a text",
	kSurrogate:    "a lone surrogate in a text",
	kExponent:     "a number written with an exponent",
	kBigExponent:  "a number of 1e308",
	kTrailing:     "an amount written with trailing zeros",
	kNegZero:      "the number -0",
	kTooPrecise:   "a number of more digits than its Dec(p,s) holds",
	kTooScaled:    "an amount of more decimals than its Dec(p,s) holds",
	kTooManyDigit: "an N(n) of too many digits",
	kNotDigits:    "letters where digits are due",
	kImpossible:   "a date or time that does not exist",
	kMisformatted: "a date or time not of its form",
	kMalformed:    "a body that is not JSON",
	kTruncated:    "a body cut in half",
	kDeep:         "a body nested 10,000 levels deep",
	kDuplicate:    "a body naming a field twice",
	kEmpty:        "an empty body",
	kContentType:  "a body sent as another Content-Type",
	kPathLong:     "a path parameter of 300 characters",
	kPathControl:  "a control character in a path parameter",
	kPathSize:     "a path over",
	kQuerySize:    "a query string over",
	kBodySize:     "a body of",
}

// kindText is an input's kind in words: kindWords, with the size of the
// absolute sizes ("a path over 8 KiB", "a body of 16 MiB"), which are kinds
// of their own each.
func kindText(kind, label string) string {
	w := kindWords[kind]
	switch kind {
	case kPathSize, kQuerySize:
		return w + " " + label[strings.LastIndex(label, "over ")+len("over "):]
	case kBodySize:
		return w + " " + strings.TrimPrefix(label, "of ")
	}
	return w
}
