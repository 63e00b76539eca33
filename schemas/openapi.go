package schemas

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/tidwall/gjson"
)

// OpenAPIVersion is the version of the OpenAPI Specification the document
// that OpenAPI writes follows.
const OpenAPIVersion = "3.1.0"

// openAPIDoc is the document's top level, its fields in the order a reader
// expects them. Below it everything is a map, written with sorted keys.
type openAPIDoc struct {
	OpenAPI    string         `json:"openapi"`
	Info       openAPIInfo    `json:"info"`
	Servers    []any          `json:"servers"`
	Security   []any          `json:"security"`
	Tags       []any          `json:"tags"`
	Paths      map[string]any `json:"paths"`
	Components map[string]any `json:"components"`
}

type openAPIInfo struct {
	Title       string `json:"title"`
	Version     string `json:"version"`
	Description string `json:"description"`
}

// openAPIOp is an operation object, its fields in reading order.
type openAPIOp struct {
	OperationID string   `json:"operationId"`
	Summary     string   `json:"summary"`
	Description string   `json:"description"`
	Tags        []string `json:"tags"`
	Security    []any    `json:"security"` // [] for an anonymous operation

	Parameters  []any          `json:"parameters"`
	RequestBody map[string]any `json:"requestBody,omitempty"`
	Responses   map[string]any `json:"responses"`
}

// area is a group of operations, an OpenAPI tag: its name is what an
// operation's catalogue row names (Operation.Area); the clauses its
// description lists are its operations'.
type area struct {
	name, description string
}

// areas are the OpenAPI tags, in the spec's order. A new operation names
// one of them in its catalogue row; a new area goes here.
var areas = []area{
	{"Authentication", "Document A: issuing the token that authenticates every other call"},
	{"Accounts", "Document A: e-wallet accounts"},
	{"Stored Payment Options", "Document A: payment options and the payment options stored on an account"},
	{"Payments", "Document B: payments through external payment options"},
	{"Consent", "Document B: consents"},
	{"Account Information", "Document B: account lookup, available amount, account entries and balance"},
	{"Wallet-to-Merchant Payments", "Document B: payments from an e-wallet account to a merchant account"},
	{"Address Check", "Document B: address validation"},
}

// areaOf returns the OpenAPI tag of an operation: the area its catalogue
// row names; ok is false for a name no area has (never a catch-all tag).
func areaOf(op Operation) (name string, ok bool) {
	for _, a := range areas {
		if a.name == op.Area {
			return a.name, true
		}
	}
	return "", false
}

// areaDescription is the tag's description with the clauses of its
// operations, in the catalogue's order.
func areaDescription(a area, ops []Operation) string {
	var clauses []string
	for _, op := range ops {
		if op.Area == a.name {
			clauses = append(clauses, op.Clause)
		}
	}
	return a.description + " (" + strings.Join(clauses, ", ") + ")."
}

// SchemaKey is the key of an embedded schema file under
// components/schemas: its name without ".json".
func SchemaKey(file string) string { return strings.TrimSuffix(file, ".json") }

var pathParam = regexp.MustCompile(`\{([^}]+)\}`)

// OpenAPIOptions adapt the document to one target.
type OpenAPIOptions struct {
	// NumberEncoding is the target's declared behaviour numberEncoding
	// "string" or "number"): the N(n) fields of request bodies are
	// narrowed to it. Empty describes both encodings.
	NumberEncoding string
	// Target, when not nil, fills the examples and the server's default
	// address with one target's own values (ExampleTarget).
	Target *ExampleTarget
}

// OpenAPI generates the OpenAPI 3.1.0 document of the API for any target:
// OpenAPIFor with no options.
func OpenAPI() ([]byte, error) { return OpenAPIFor(OpenAPIOptions{}) }

// OpenAPIFor generates an OpenAPI 3.1.0 document (indented JSON) of the API
// from the operation catalogue and the embedded schemas: one operation per
// catalogued operation whose schemas exist, and under components/schemas
// every schema file of the API (those the operations use, directly or
// through a "$ref"), its $id and $schema removed, each "$ref" into a file
// rewritten to point into components/schemas, and the suite's own formats
// replaced by keywords a generic validator understands (openapi_formats.go).
// Each operation documents the statuses the spec gives it (its success, 400
// and 500) and the error ranges 4XX and 5XX for the handled errors whose
// status the spec does not show, links to the operations its answer feeds
// (openapi_links.go) and an example request and answer
// (openapi_examples.go). The output is deterministic.
func OpenAPIFor(opts OpenAPIOptions) ([]byte, error) {
	names, err := fs.Glob(files, "*.json")
	if err != nil {
		return nil, err
	}
	raw := map[string][]byte{}
	for _, name := range names {
		if raw[name], err = files.ReadFile(name); err != nil {
			return nil, err
		}
	}
	var ops []Operation
	roots := []string{errorSchema}
	for _, op := range Catalogue() {
		if raw[op.RequestSchema()] == nil || (!op.PlainText && raw[op.ResponseSchema()] == nil) {
			continue
		}
		ops = append(ops, op)
		roots = append(roots, op.RequestSchema())
		if !op.PlainText {
			roots = append(roots, op.ResponseSchema())
		}
	}
	components, err := apiComponents(raw, roots)
	if err != nil {
		return nil, err
	}
	if err := hoistDefs(components); err != nil {
		return nil, err
	}
	if err := replaceFormats(components); err != nil {
		return nil, err
	}
	numberFields, err := encodeNumbers(components, opts.NumberEncoding)
	if err != nil {
		return nil, err
	}
	components[handledErrorSchema] = handledError()
	components[retryAnswerSchema] = retryAnswer()
	exs, err := examples()
	if err != nil {
		return nil, err
	}
	opts.Target.apply(exs)
	encodeExampleNumbers(exs, numberFields, opts.NumberEncoding)

	paths := map[string]any{}
	usedAreas := map[string]bool{}
	for _, op := range ops {
		ex, ok := exs[op.ID]
		if !ok {
			return nil, fmt.Errorf("operation %s has no example", op.ID)
		}
		o, err := openAPIOperation(op, raw[op.RequestSchema()], ex, ops)
		if err != nil {
			return nil, fmt.Errorf("operation %s: %w", op.ID, err)
		}
		item, _ := paths[op.Path].(map[string]any)
		if item == nil {
			item = map[string]any{}
			paths[op.Path] = item
		}
		item[strings.ToLower(op.Method)] = o
		usedAreas[o.Tags[0]] = true
	}
	var tags []any
	for _, a := range areas {
		if usedAreas[a.name] {
			tags = append(tags, map[string]any{"name": a.name, "description": areaDescription(a, ops)})
		}
	}

	description := "The Wallet Payments Service API as the wallet-conformance suite checks it, " +
		"generated from its operation catalogue and JSON Schemas. Document A covers the conventions " +
		"shared by every call, authentication, errors, limits, the redirect callback, versioning, " +
		"accounts and stored payment options; Document B covers payments through external payment " +
		"options, consent, account information, wallet-to-merchant payments and the address check. " +
		"Each operation names its clause (A-4.2, B-4.1, ...).\n\n" +
		"Statuses: each operation's success status as the spec shows it, and 200 or 201, the statuses A-7 pairs with 0000, " +
		"where it does not (Init Verify and Set Default Stored Payment Option, Perform Address Check); 400 for 0001 and 500 for 0099 (A-7); " +
		"4XX and 5XX for the handled errors whose status the spec does not show (0096, 0058, 0098 and the codes it " +
		"does not list). Every error answer is JSON with the error envelope, also for Check Available Payment Amount, " +
		"whose success answer is text/plain (exactly yes or no). A success status may also carry 0058 or 0098 " +
		"(the call may be retried) with the error envelope: the spec does not show their status.\n\n" +
		"Type notation (A-2.0) as generic JSON Schema: D is a string matching " + DatePattern + " with format date; " +
		"T a string matching " + TimePattern + "; the token's validUntil (A-2.3) a string matching " + TimestampPattern +
		" with format date-time; Dec(p,s) a JSON number whose magnitude is below 10^(p-s) (the scale is not asserted: " +
		"multipleOf 0.01 is unreliable on binary floating point; the suite checks it on the number's literal); " +
		"N(n) in a request body a string of digits or a JSON number (both, unless the document was written for a " +
		"profile that declares behaviour numberEncoding: `wallet-conformance openapi --profile FILE`). " +
		"No format outside the JSON Schema standard is used. A range of values the spec gives a number (\"1 to 100\") is " +
		"the extension " + RangeKeyword + ", [low, high], both ends included, held to a JSON number and to a string of digits; " +
		"a generic validator ignores it.\n\n" +
		"Fields the spec lets be absent or empty may be null in answers, and answers may carry fields the spec " +
		"does not list; request bodies carry only the fields their tables list. Links chain the operations: " +
		"Issue Token's token into X-Auth-Token (the header of the security scheme XAuthToken), an account number, a stored payment option reference, a payment's " +
		"uniqueReference and a consent reference into the path of the operations they feed."
	if opts.NumberEncoding != "" {
		description += " This document was written for a target that declares numberEncoding: " + opts.NumberEncoding + "."
	}
	baseURL := "https://wallet.example.com"
	if opts.Target != nil {
		description += " Its examples carry the values of one target (its program, merchant, currency and sandbox values" +
			" and, where it was asked for, an account created there): they fill examples only, no schema is narrowed to them."
		if opts.Target.BaseURL != "" {
			baseURL = strings.TrimRight(opts.Target.BaseURL, "/")
		}
	}
	doc := openAPIDoc{
		OpenAPI: OpenAPIVersion,
		Info: openAPIInfo{
			Title:       "Wallet Payments Service API",
			Version:     "1.0",
			Description: description,
		},
		Servers: []any{map[string]any{
			"url":         "{base_url}",
			"description": "The base address; all paths are relative to it (A-1.1).",
			"variables": map[string]any{
				"base_url": map[string]any{
					"default":     baseURL,
					"description": "The base address of the implementation, scheme and host with any path prefix.",
				},
			},
		}},
		Security: tokenRequired(),
		Tags:     tags,
		Paths:    paths,
		Components: map[string]any{
			"schemas": components,
			"securitySchemes": map[string]any{
				"XAuthToken": map[string]any{
					"type": "apiKey",
					"in":   "header",
					"name": "X-Auth-Token",
					"description": "The token that Issue Token returns (A-2.3, A-4.1) in its token field; required by every operation " +
						"that is not anonymous (A-5). Issue Token's links hand it on (header.X-Auth-Token = $response.body#/token). " +
						"It is declared here only, not also as a header parameter, so that a tool sends the token it obtained " +
						"rather than a value generated from a parameter's schema or example. Take a token once and reuse it until " +
						"validUntil (A-5.3, A-5.4); a missing or invalid token is answered with responseCode 0096 (A-5.5).",
				},
			},
			"parameters": map[string]any{
				"AcceptLanguage": map[string]any{
					"name":        "Accept-Language",
					"in":          "header",
					"required":    true,
					"description": "language-REGION, for example en-US (A-1.3).",
					"schema":      map[string]any{"type": "string"},
					"example":     "en-US",
				},
			},
			"responses": errorResponses(),
		},
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(doc); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// tokenRequired is the security requirement of every operation but Issue
// Token: the X-Auth-Token header.
func tokenRequired() []any { return []any{map[string]any{"XAuthToken": []any{}}} }

// Components of the document that no schema file holds.
const (
	// handledErrorSchema is every error answer.
	handledErrorSchema = "handled-error"
	// retryAnswerSchema is an answer with 0058 or 0098.
	retryAnswerSchema = "retry-answer"
)

// handledError is the schema of every error answer: the suite's error
// schema, with a responseCode other than 0000 (A-7: 0000 is success, 200 or
// 201; an error carries an HTTP error status).
func handledError() map[string]any {
	return map[string]any{
		"title": "Error answer",
		"description": "A-7: an error answer carries partnerReference, responseCode and responseDescription, with the " +
			"response envelope of A-2.1 (sysDate, sysTime); responseCode is four digits other than 0000, which means " +
			"success. The fields that echo the caller's input (partnerReference, localDate, localTime) are only typed: " +
			"they cannot be echoed when the request lacked them or got them wrong.",
		"allOf":      []any{ref(errorSchema)},
		"properties": map[string]any{"responseCode": map[string]any{"not": map[string]any{"const": "0000"}}},
	}
}

// retryAnswer is the schema of an answer that asks for a retry: 0058 or
// 0098, whose HTTP status the spec does not show, so that a success
// status may carry it.
func retryAnswer() map[string]any {
	return map[string]any{
		"title": "Retry answer",
		"description": "A-7, A-8: responseCode 0058 or 0098 says the call may be retried, up to 3 times. The spec does " +
			"not show their HTTP status, so an answer with a success status may be one, with the error envelope " +
			"instead of the operation's fields.",
		"allOf":      []any{ref(errorSchema)},
		"properties": map[string]any{"responseCode": map[string]any{"enum": []any{"0058", "0098"}}},
	}
}

// errorResponses are components/responses: the error answers every
// operation refers to.
func errorResponses() map[string]any {
	content := map[string]any{
		"application/json": map[string]any{"schema": map[string]any{"$ref": "#/components/schemas/" + handledErrorSchema}},
	}
	return map[string]any{
		"BadRequest": map[string]any{
			"description": "responseCode 0001: a mandatory field is missing or a syntax error (wrong data type, spelling); " +
				"responseDescription names the missing field(s) (A-7). A-7 gives 0001 this status, but does not say that no other code has it.",
			"content": content,
		},
		"ClientError": map[string]any{
			"description": "A handled error whose HTTP status the spec does not show (A-7): 0096, X-Auth-Token missing or invalid (A-5); " +
				"0058 and 0098, the call may be retried up to 3 times (A-8); and the codes the spec does not list. " +
				"A request whose Accept header admits none of the operation's media types may also be refused (RFC 9110, 406) in a form this document does not describe.",
			"content": content,
		},
		"UnexpectedError": map[string]any{
			"description": "responseCode 0099: an unexpected server error (A-7). A-7 gives 0099 this status, but does not say that no other code has it.",
			"content":     content,
		},
		"ServerError": map[string]any{
			"description": "An error whose HTTP status the spec does not show, in the server error range (0058 and 0098 may come so, A-7).",
			"content":     content,
		},
	}
}

// pathParamSchemas type the path parameters as the spec does.
var pathParamSchemas = map[string]map[string]any{
	"userId":                       {"type": "string", "maxLength": 255, "description": "Caller user identifier, S(255) (A-4.1)."},
	"accno":                        {"type": "string", "maxLength": 255, "description": "Account number, S(255)."},
	"storedPaymentOptionReference": {"type": "string", "maxLength": 36, "description": "Stored payment option reference, S(36)."},
	"uniqueReference":              {"type": "string", "maxLength": 36, "description": "The payment's reference assigned at authorization, S(36) (B-2.1)."},
	"consentReference":             {"type": "string", "maxLength": 32, "description": "Consent reference, S(32) (B-2.2)."},
}

// openAPIOperation builds the operation object of op; request is its
// request schema file, ex its example.
func openAPIOperation(op Operation, request []byte, ex opExample, ops []Operation) (*openAPIOp, error) {
	doc := "A"
	if strings.HasPrefix(op.Clause, "B-") {
		doc = "B"
	}
	tag, ok := areaOf(op)
	if !ok {
		return nil, fmt.Errorf("%s names the area %q, which is no OpenAPI tag (areas, schemas/openapi.go)", op.ID, op.Area)
	}
	o := &openAPIOp{
		OperationID: op.ID,
		Summary:     op.Name,
		Description: fmt.Sprintf("%s, Document %s clause %s.", op.Name, doc, op.Clause),
		Tags:        []string{tag},
	}
	params := []any{map[string]any{"$ref": "#/components/parameters/AcceptLanguage"}}
	o.Security = []any{} // anonymous: no token
	if !op.Anonymous {
		o.Security = tokenRequired() // the header is the security scheme's, not a parameter too
	}
	inPath := map[string]bool{}
	for _, m := range pathParam.FindAllStringSubmatch(op.Path, -1) {
		inPath[m[1]] = true
		schema, ok := pathParamSchemas[m[1]]
		if !ok {
			return nil, fmt.Errorf("path parameter %s has no schema", m[1])
		}
		params = append(params, map[string]any{
			"name":     m[1],
			"in":       "path",
			"required": true,
			"schema":   schema,
			"example":  ex.Path[m[1]],
		})
	}
	if op.BodyInQuery() {
		required := map[string]bool{}
		for _, r := range gjson.GetBytes(request, "required").Array() {
			required[r.String()] = true
		}
		var err error
		gjson.GetBytes(request, "properties").ForEach(func(k, v gjson.Result) bool {
			name := k.String()
			if inPath[name] || v.Type == gjson.False {
				return true // a path parameter, or a parameter the call must not carry
			}
			var schema any
			if schema, err = decodeSchema([]byte(v.Raw)); err != nil {
				return false
			}
			if err = rewriteRefs(schema, op.RequestSchema(), nil); err != nil {
				return false
			}
			if err = replaceFormats(schema); err != nil {
				return false
			}
			p := map[string]any{
				"name":     name,
				"in":       "query",
				"required": required[name],
				"schema":   schema,
			}
			if v, ok := ex.Request[name]; ok {
				p["example"] = v
			}
			params = append(params, p)
			return true
		})
		if err != nil {
			return nil, err
		}
	} else {
		o.RequestBody = map[string]any{
			"required": true,
			"content": map[string]any{
				"application/json": map[string]any{
					"schema":   ref(op.RequestSchema()),
					"examples": map[string]any{op.ID: map[string]any{"summary": op.Name + " request", "value": ex.Request}},
				},
			},
		}
	}
	o.Parameters = params

	statuses := SuccessStatuses(op)
	success := map[string]any{"description": fmt.Sprintf("Success (%s).", op.Clause)}
	if op.Success == 0 {
		success["description"] = fmt.Sprintf("Success (%s); the spec does not show this operation's status: 200 or 201, "+
			"the statuses A-7 pairs with 0000 (\"| 0000 | 200 or 201 | success\").", op.Clause)
	}
	retry := map[string]any{"$ref": "#/components/schemas/" + retryAnswerSchema}
	answer := map[string]any{"examples": map[string]any{op.ID: map[string]any{"summary": op.Name + " answer", "value": ex.Response}}}
	if op.PlainText {
		answer["schema"] = map[string]any{"type": "string", "enum": []any{"yes", "no"}}
		success["description"] = fmt.Sprintf("Success (%s): text/plain, exactly yes when the amount is available or no when it is not "+
			"(no quotes, no JSON). An answer with 0058 or 0098 (retry) is JSON.", op.Clause)
		success["content"] = map[string]any{
			"text/plain":       answer,
			"application/json": map[string]any{"schema": retry},
		}
	} else {
		answer["schema"] = map[string]any{"anyOf": []any{ref(op.ResponseSchema()), retry}}
		success["content"] = map[string]any{"application/json": answer}
	}
	if links := linkObjects(op, ops); links != nil {
		success["links"] = links
	}
	errorRef := func(name string) map[string]any { return map[string]any{"$ref": "#/components/responses/" + name} }
	o.Responses = map[string]any{
		"400": errorRef("BadRequest"),
		"4XX": errorRef("ClientError"),
		"500": errorRef("UnexpectedError"),
		"5XX": errorRef("ServerError"),
	}
	for _, s := range statuses {
		o.Responses[s] = success
	}
	return o, nil
}

// SuccessStatuses are the HTTP statuses the OpenAPI document gives an
// operation's success: the one its clause shows, or, where the spec does not
// show one (Init Verify, Set Default, Perform Address Check), 200 and 201,
// the statuses A-7 pairs with responseCode 0000 (A-7#12).
func SuccessStatuses(op Operation) []string {
	if op.Success != 0 {
		return []string{strconv.Itoa(op.Success)}
	}
	return []string{"200", "201"}
}

// ref is a schema that refers to an embedded schema file.
func ref(file string) map[string]any {
	return map[string]any{"$ref": "#/components/schemas/" + SchemaKey(file)}
}

func decodeSchema(data []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	return v, nil
}

// errorSchema is the schema of every handled error.
const errorSchema = "error.response.json"

// apiComponents returns components/schemas: the schema files roots name
// and every file they refer to, directly or not, each under SchemaKey of
// its name with $id and $schema removed and its "$ref"s rewritten. Files
// that no operation uses (the suite's own report schema) are left out.
func apiComponents(raw map[string][]byte, roots []string) (map[string]any, error) {
	components := map[string]any{}
	seen := map[string]bool{}
	queue := append([]string(nil), roots...)
	for len(queue) > 0 {
		name := queue[0]
		queue = queue[1:]
		if seen[name] {
			continue
		}
		seen[name] = true
		data, ok := raw[name]
		if !ok {
			return nil, fmt.Errorf("no embedded schema %s", name)
		}
		v, err := decodeSchema(data)
		if err != nil {
			return nil, fmt.Errorf("schema %s: %w", name, err)
		}
		obj, ok := v.(map[string]any)
		if !ok {
			return nil, fmt.Errorf("schema %s is not an object", name)
		}
		delete(obj, "$id")
		delete(obj, "$schema")
		refs := map[string]bool{}
		if err := rewriteRefs(obj, name, refs); err != nil {
			return nil, fmt.Errorf("schema %s: %w", name, err)
		}
		components[SchemaKey(name)] = obj
		for _, r := range sortedKeys(refs) {
			queue = append(queue, r)
		}
	}
	return components, nil
}

func sortedKeys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// componentPointer is the pointer below components/schemas to ptr of the
// schema file whose key is key: a definition under $defs is a component of
// its own, key.name (see hoistDefs), so that tools which resolve a
// reference only to a component, not into one, find it.
func componentPointer(key, ptr string) string {
	if rest, ok := strings.CutPrefix(ptr, "/$defs/"); ok {
		name, below, _ := strings.Cut(rest, "/")
		if below != "" {
			below = "/" + below
		}
		return key + "." + name + below
	}
	return key + ptr
}

// hoistDefs moves, in place, every definition under a component's $defs
// to a component of its own named component.name (componentPointer), so
// that no reference points inside a component.
func hoistDefs(components map[string]any) error {
	for _, key := range sortedMapKeys(components) {
		schema, _ := components[key].(map[string]any)
		defs, ok := schema["$defs"].(map[string]any)
		if !ok {
			continue
		}
		for name, def := range defs {
			if _, taken := components[key+"."+name]; taken {
				return fmt.Errorf("schema %s: $defs/%s would replace component %s.%s", key, name, key, name)
			}
			components[key+"."+name] = def
		}
		delete(schema, "$defs")
	}
	return nil
}

// rewriteRefs rewrites, in place, every "$ref" of a schema from file self:
// "file.json#/ptr" becomes "#/components/schemas/file/ptr", "file.json"
// becomes "#/components/schemas/file" and "#/ptr" becomes
// "#/components/schemas/self/ptr"; a pointer into $defs, "/$defs/name",
// becomes the component "file.name". The files referred to are added to refs
// when it is not nil.
func rewriteRefs(v any, self string, refs map[string]bool) error {
	switch x := v.(type) {
	case map[string]any:
		for k, child := range x {
			if s, ok := child.(string); ok && k == "$ref" {
				file, ptr, _ := strings.Cut(s, "#")
				if file == "" {
					file = self
				}
				if !strings.HasSuffix(file, ".json") || strings.Contains(file, "/") {
					return fmt.Errorf("$ref %q does not name an embedded schema file", s)
				}
				if ptr != "" && !strings.HasPrefix(ptr, "/") {
					return fmt.Errorf("$ref %q: only JSON Pointer fragments are supported", s)
				}
				x[k] = "#/components/schemas/" + componentPointer(SchemaKey(file), ptr)
				if refs != nil {
					refs[file] = true
				}
				continue
			}
			if err := rewriteRefs(child, self, refs); err != nil {
				return err
			}
		}
	case []any:
		for _, child := range x {
			if err := rewriteRefs(child, self, refs); err != nil {
				return err
			}
		}
	}
	return nil
}
