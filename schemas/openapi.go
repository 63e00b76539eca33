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
	OperationID string         `json:"operationId"`
	Summary     string         `json:"summary"`
	Description string         `json:"description"`
	Tags        []string       `json:"tags"`
	Security    []any          `json:"security,omitempty"`
	Parameters  []any          `json:"parameters"`
	RequestBody map[string]any `json:"requestBody,omitempty"`
	Responses   map[string]any `json:"responses"`
}

// area is a group of operations of one document, an OpenAPI tag.
type area struct {
	name, description string
	first, last       string // clause range, inclusive
}

// areas group the operations by the documents' areas, in the spec's order.
var areas = []area{
	{"Authentication", "Document A: issuing the token that authenticates every other call (A-4.1, A-5).", "A-4.1", "A-4.1"},
	{"Accounts", "Document A: e-wallet accounts (A-4.2 to A-4.5).", "A-4.2", "A-4.5"},
	{"Stored Payment Options", "Document A: payment options and the payment options stored on an account (A-4.6 to A-4.13).", "A-4.6", "A-4.13"},
	{"Payments", "Document B: payments through external payment options (B-4.1 to B-4.7).", "B-4.1", "B-4.7"},
	{"Consent", "Document B: consents (B-4.8, B-4.9).", "B-4.8", "B-4.9"},
	{"Account Information", "Document B: account lookup, available amount, account entries and balance (B-4.10 to B-4.13).", "B-4.10", "B-4.13"},
	{"Wallet-to-Merchant Payments", "Document B: payments from an e-wallet account to a merchant account (B-4.14 to B-4.18).", "B-4.14", "B-4.18"},
	{"Address Check", "Document B: address validation (B-4.19).", "B-4.19", "B-4.19"},
}

// areaOf returns the tag of an operation's clause.
func areaOf(clause string) string {
	for _, a := range areas {
		if clauseIn(clause, a.first, a.last) {
			return a.name
		}
	}
	return "Other"
}

// clauseIn reports whether clause "X-n.m" lies in [first, last] of the same document.
func clauseIn(clause, first, last string) bool {
	key := func(c string) (string, int, int) {
		doc, rest, _ := strings.Cut(c, "-")
		major, minor, _ := strings.Cut(rest, ".")
		a, _ := strconv.Atoi(major)
		b, _ := strconv.Atoi(minor)
		return doc, a, b
	}
	d, a, b := key(clause)
	fd, fa, fb := key(first)
	ld, la, lb := key(last)
	if d != fd || d != ld {
		return false
	}
	n, lo, hi := a*1000+b, fa*1000+fb, la*1000+lb
	return lo <= n && n <= hi
}

// SchemaKey is the key of an embedded schema file under
// components/schemas: its name without ".json".
func SchemaKey(file string) string { return strings.TrimSuffix(file, ".json") }

var pathParam = regexp.MustCompile(`\{([^}]+)\}`)

// OpenAPI generates an OpenAPI 3.1.0 document (indented JSON) of the API
// from the operation catalogue and the embedded schemas: one operation per
// catalogued operation whose schemas exist, and under components/schemas
// every schema file of the API (those the operations use, directly or
// through a "$ref"), its $id and $schema removed and each "$ref" into a file
// rewritten to point into components/schemas. The output is deterministic.
func OpenAPI() ([]byte, error) {
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

	paths := map[string]any{}
	usedAreas := map[string]bool{}
	for _, op := range ops {
		o, err := openAPIOperation(op, raw[op.RequestSchema()])
		if err != nil {
			return nil, fmt.Errorf("operation %s: %w", op.ID, err)
		}
		item, _ := paths[op.Path].(map[string]any)
		if item == nil {
			item = map[string]any{}
			paths[op.Path] = item
		}
		item[strings.ToLower(op.Method)] = o
		usedAreas[areaOf(op.Clause)] = true
	}
	var tags []any
	for _, a := range areas {
		if usedAreas[a.name] {
			tags = append(tags, map[string]any{"name": a.name, "description": a.description})
		}
	}
	if usedAreas["Other"] {
		tags = append(tags, map[string]any{"name": "Other", "description": "Operations outside the areas above."})
	}

	doc := openAPIDoc{
		OpenAPI: OpenAPIVersion,
		Info: openAPIInfo{
			Title:   "Wallet Payments Service API",
			Version: "1.0",
			Description: "The Wallet Payments Service API as the wallet-conformance suite checks it, " +
				"generated from its operation catalogue and JSON Schemas. Document A covers the conventions " +
				"shared by every call, authentication, errors, limits, the redirect callback, versioning, " +
				"accounts and stored payment options; Document B covers payments through external payment " +
				"options, consent, account information, wallet-to-merchant payments and the address check. " +
				"Each operation names its clause (A-4.2, B-4.1, ...). Formats spec-date, spec-time, " +
				"spec-timestamp, spec-dec-18 and spec-dec-18-2 are the type notation of A-2.0.",
		},
		Servers: []any{map[string]any{
			"url":         "{base_url}",
			"description": "The base address; all paths are relative to it (A-1.1).",
			"variables": map[string]any{
				"base_url": map[string]any{
					"default":     "https://wallet.example.com",
					"description": "The base address of the implementation, scheme and host with any path prefix.",
				},
			},
		}},
		Tags:  tags,
		Paths: paths,
		Components: map[string]any{
			"schemas": components,
			"securitySchemes": map[string]any{
				"XAuthToken": map[string]any{
					"type":        "apiKey",
					"in":          "header",
					"name":        "X-Auth-Token",
					"description": "The token that Issue Token returns (A-2.3, A-4.1); required by every operation that is not anonymous (A-5).",
				},
			},
			"parameters": map[string]any{
				"AcceptLanguage": map[string]any{
					"name":        "Accept-Language",
					"in":          "header",
					"required":    true,
					"description": "language-REGION, for example en-US (A-1.3).",
					"schema":      map[string]any{"type": "string"},
				},
			},
			"responses": map[string]any{
				"Error": map[string]any{
					"description": "A handled error: responseCode and responseDescription (A-7).",
					"content": map[string]any{
						"application/json": map[string]any{"schema": ref(errorSchema)},
					},
				},
			},
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

// openAPIOperation builds the operation object of op; request is its
// request schema file.
func openAPIOperation(op Operation, request []byte) (*openAPIOp, error) {
	doc := "A"
	if strings.HasPrefix(op.Clause, "B-") {
		doc = "B"
	}
	o := &openAPIOp{
		OperationID: op.ID,
		Summary:     op.Name,
		Description: fmt.Sprintf("%s, Document %s clause %s.", op.Name, doc, op.Clause),
		Tags:        []string{areaOf(op.Clause)},
	}
	if !op.Anonymous {
		o.Security = []any{map[string]any{"XAuthToken": []any{}}}
	}
	params := []any{map[string]any{"$ref": "#/components/parameters/AcceptLanguage"}}
	inPath := map[string]bool{}
	for _, m := range pathParam.FindAllStringSubmatch(op.Path, -1) {
		inPath[m[1]] = true
		params = append(params, map[string]any{
			"name":     m[1],
			"in":       "path",
			"required": true,
			"schema":   map[string]any{"type": "string"},
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
			if inPath[name] {
				return true
			}
			var schema any
			if schema, err = decodeSchema([]byte(v.Raw)); err != nil {
				return false
			}
			if err = rewriteRefs(schema, op.RequestSchema(), nil); err != nil {
				return false
			}
			params = append(params, map[string]any{
				"name":     name,
				"in":       "query",
				"required": required[name],
				"schema":   schema,
			})
			return true
		})
		if err != nil {
			return nil, err
		}
	} else {
		o.RequestBody = map[string]any{
			"required": true,
			"content": map[string]any{
				"application/json": map[string]any{"schema": ref(op.RequestSchema())},
			},
		}
	}
	o.Parameters = params

	status := "2XX"
	if op.Success != 0 {
		status = strconv.Itoa(op.Success)
	}
	success := map[string]any{"description": fmt.Sprintf("Success (%s).", op.Clause)}
	if op.Success == 0 {
		success["description"] = fmt.Sprintf("Success (%s); the spec does not show the status, any 2xx is a success.", op.Clause)
	}
	if op.PlainText {
		success["content"] = map[string]any{
			"text/plain": map[string]any{"schema": map[string]any{"type": "string", "enum": []any{"yes", "no"}}},
		}
	} else {
		success["content"] = map[string]any{
			"application/json": map[string]any{"schema": ref(op.ResponseSchema())},
		}
	}
	o.Responses = map[string]any{
		status:    success,
		"default": map[string]any{"$ref": "#/components/responses/Error"},
	}
	return o, nil
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

// rewriteRefs rewrites, in place, every "$ref" of a schema from file self:
// "file.json#/ptr" becomes "#/components/schemas/file/ptr", "file.json"
// becomes "#/components/schemas/file" and "#/ptr" becomes
// "#/components/schemas/self/ptr". The files referred to are added to refs
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
				x[k] = "#/components/schemas/" + SchemaKey(file) + ptr
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
