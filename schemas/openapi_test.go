package schemas

import (
	"bytes"
	"io/fs"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/pb33f/libopenapi/datamodel"
	"github.com/santhosh-tekuri/jsonschema/v5"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func openAPIDocument(t *testing.T) (any, []byte) {
	t.Helper()
	data, err := OpenAPI()
	require.NoError(t, err)
	doc, err := decodeSchema(data)
	require.NoError(t, err)
	return doc, data
}

// The document is valid against the official OpenAPI 3.1 schema (2022-10-07).
func TestOpenAPIValidatesAgainstTheOpenAPI31Schema(t *testing.T) {
	const id = "https://spec.openapis.org/oas/3.1/schema/2022-10-07"
	c := jsonschema.NewCompiler()
	c.Draft = jsonschema.Draft2020
	require.NoError(t, c.AddResource(id, strings.NewReader(datamodel.OpenAPI31SchemaData)))
	meta, err := c.Compile(id)
	require.NoError(t, err)

	doc, _ := openAPIDocument(t)
	assert.NoError(t, meta.Validate(doc))

	// The meta-schema bites: a document without info fails.
	broken := map[string]any{}
	for k, v := range doc.(map[string]any) {
		broken[k] = v
	}
	delete(broken, "info")
	assert.Error(t, meta.Validate(broken))
}

func TestOpenAPIHasEveryOperation(t *testing.T) {
	doc, _ := openAPIDocument(t)
	m := doc.(map[string]any)
	assert.Equal(t, "3.1.0", m["openapi"])
	assert.Equal(t, "Wallet Payments Service API", get(t, m, "info", "title"))
	assert.Equal(t, "1.0", get(t, m, "info", "version"))
	assert.Equal(t, "{base_url}", get(t, m, "servers", "0", "url"))
	assert.NotNil(t, get(t, m, "servers", "0", "variables", "base_url", "default"))
	assert.Equal(t, map[string]any{"type": "apiKey", "in": "header", "name": "X-Auth-Token",
		"description": get(t, m, "components", "securitySchemes", "XAuthToken", "description")},
		get(t, m, "components", "securitySchemes", "XAuthToken"))

	ops := Catalogue()
	require.Len(t, ops, 32)
	count := 0
	for _, item := range m["paths"].(map[string]any) {
		count += len(item.(map[string]any))
	}
	assert.Equal(t, len(ops), count, "every operation, and only those, has its schemas and appears")
	for _, op := range ops {
		o, ok := get(t, m, "paths", op.Path, strings.ToLower(op.Method)).(map[string]any)
		require.True(t, ok, "%s %s (%s) is missing", op.Method, op.Path, op.ID)
		assert.Equal(t, op.ID, o["operationId"])
		assert.Equal(t, op.Name, o["summary"])
		assert.Contains(t, o["description"], op.Clause)
		assert.Len(t, o["tags"], 1)
		if op.Anonymous {
			assert.NotContains(t, o, "security", op.ID)
		} else {
			assert.Equal(t, []any{map[string]any{"XAuthToken": []any{}}}, o["security"], op.ID)
		}

		params := map[string]map[string]any{}
		for _, p := range o["parameters"].([]any) {
			p := p.(map[string]any)
			if name, ok := p["name"].(string); ok {
				params[name] = p
			}
		}
		assert.Equal(t, "#/components/parameters/AcceptLanguage", get(t, o, "parameters", "0", "$ref"), op.ID)
		if !op.Anonymous {
			assert.Equal(t, "#/components/parameters/XAuthToken", get(t, o, "parameters", "1", "$ref"), op.ID)
		}
		for _, name := range pathParam.FindAllStringSubmatch(op.Path, -1) {
			p := params[name[1]]
			require.NotNil(t, p, "%s: path parameter %s", op.ID, name[1])
			assert.Equal(t, "path", p["in"])
			assert.Equal(t, true, p["required"])
			assert.Equal(t, "string", get(t, p, "schema", "type"))
			assert.NotEmpty(t, get(t, p, "schema", "maxLength"), "%s: %s has the spec's length", op.ID, name[1])
			assert.NotEmpty(t, p["example"], "%s: %s", op.ID, name[1])
		}
		if op.BodyInQuery() {
			assert.NotContains(t, o, "requestBody", op.ID)
			assert.Equal(t, "query", params["partnerReference"]["in"], op.ID)
			assert.Equal(t, true, params["partnerReference"]["required"], op.ID)
			assert.Equal(t, map[string]any{"$ref": "#/components/schemas/defs/$defs/D"}, params["localDate"]["schema"], op.ID)
			if op.ID == "get-payment-status" {
				assert.NotContains(t, params, "programCode", "a parameter the call must not carry (schema false) is not a parameter")
			} else {
				assert.Equal(t, true, params["programCode"]["required"], op.ID)
			}
		} else {
			assert.Equal(t, "#/components/schemas/"+op.ID+".request",
				get(t, o, "requestBody", "content", "application/json", "schema", "$ref"), op.ID)
		}

		// Documented statuses only: the success, 400 (0001), 500 (0099),
		// and the error ranges for the statuses the spec does not show.
		responses := o["responses"].(map[string]any)
		status := "2XX"
		if op.Success != 0 {
			status = strconv.Itoa(op.Success)
		}
		assert.ElementsMatch(t, []string{status, "400", "4XX", "500", "5XX"}, keysOf(responses), op.ID)
		for code, name := range map[string]string{"400": "BadRequest", "4XX": "ClientError", "500": "UnexpectedError", "5XX": "ServerError"} {
			assert.Equal(t, "#/components/responses/"+name, get(t, responses, code, "$ref"), op.ID)
		}
		retry := map[string]any{"$ref": "#/components/schemas/retry-answer"}
		if op.PlainText {
			assert.Equal(t, map[string]any{"type": "string", "enum": []any{"yes", "no"}},
				get(t, responses, status, "content", "text/plain", "schema"), op.ID)
			assert.Equal(t, retry, get(t, responses, status, "content", "application/json", "schema"), op.ID)
		} else {
			assert.Equal(t, []any{map[string]any{"$ref": "#/components/schemas/" + op.ID + ".response"}, retry},
				get(t, responses, status, "content", "application/json", "schema", "anyOf"), op.ID)
			assert.Len(t, get(t, responses, status, "content").(map[string]any), 1, op.ID)
		}
	}

	// Query parameters follow the request schema: Account Enquiry's top is optional.
	top := findParam(t, m, "/account/{accno}/enquiry", "get", "top")
	assert.Equal(t, false, top["required"])
	assert.Equal(t, "10", top["example"])
	assert.Contains(t, get(t, m, "paths", "/account/{accno}/storedPaymentOptions/{storedPaymentOptionReference}/initVerify", "post", "responses"), "2XX")
	for _, name := range []string{"BadRequest", "ClientError", "UnexpectedError", "ServerError"} {
		assert.Equal(t, "#/components/schemas/handled-error",
			get(t, m, "components", "responses", name, "content", "application/json", "schema", "$ref"), name)
	}
}

func keysOf(m map[string]any) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	return out
}

func firstKey(m map[string]any, except string) string {
	for k := range m {
		if k != except {
			return k
		}
	}
	return ""
}

func findParam(t *testing.T, doc map[string]any, path, method, name string) map[string]any {
	t.Helper()
	for _, p := range get(t, doc, "paths", path, method, "parameters").([]any) {
		if p.(map[string]any)["name"] == name {
			return p.(map[string]any)
		}
	}
	t.Fatalf("%s %s has no parameter %s", method, path, name)
	return nil
}

// get walks a decoded JSON document; array indexes are decimal strings.
func get(t *testing.T, v any, keys ...string) any {
	t.Helper()
	for _, k := range keys {
		switch x := v.(type) {
		case map[string]any:
			v = x[k]
		case []any:
			i := 0
			for _, c := range k {
				i = i*10 + int(c-'0')
			}
			if i >= len(x) {
				return nil
			}
			v = x[i]
		default:
			return nil
		}
	}
	return v
}

// Every schema file of the API is under components/schemas without $id
// and $schema, and every $ref of the document resolves within it.
func TestOpenAPIRefsResolve(t *testing.T) {
	doc, data := openAPIDocument(t)
	names, err := fs.Glob(FS(), "*.json")
	require.NoError(t, err)
	schemas := get(t, doc, "components", "schemas").(map[string]any)
	for _, name := range names {
		if name == "report.schema.json" || name == "evidence.schema.json" {
			assert.NotContains(t, schemas, strings.TrimSuffix(name, ".json"), "the suite's report is not part of the API")
			continue
		}
		s, ok := schemas[strings.TrimSuffix(name, ".json")].(map[string]any)
		require.True(t, ok, name)
		assert.NotContains(t, s, "$id", name)
		assert.NotContains(t, s, "$schema", name)
	}
	assert.NotContains(t, string(data), `.json#`)
	assert.NotContains(t, string(data), `.json"`)

	refs := 0
	var walk func(v any)
	walk = func(v any) {
		switch x := v.(type) {
		case map[string]any:
			for k, c := range x {
				if s, ok := c.(string); ok && k == "$ref" {
					refs++
					assert.NotNil(t, resolve(t, doc, s), "$ref %s does not resolve", s)
					continue
				}
				walk(c)
			}
		case []any:
			for _, c := range x {
				walk(c)
			}
		}
	}
	walk(doc)
	assert.Greater(t, refs, 300)
}

// resolve follows a "#/..." JSON Pointer in doc, nil when it leads nowhere.
func resolve(t *testing.T, doc any, ref string) any {
	t.Helper()
	frag, ok := strings.CutPrefix(ref, "#")
	if !ok || !strings.HasPrefix(frag, "/") {
		return nil
	}
	frag, err := url.PathUnescape(frag)
	require.NoError(t, err)
	var keys []string
	for _, k := range strings.Split(frag[1:], "/") {
		keys = append(keys, strings.ReplaceAll(strings.ReplaceAll(k, "~1", "/"), "~0", "~"))
	}
	return get(t, doc, keys...)
}

func TestOpenAPIIsDeterministic(t *testing.T) {
	a, err := OpenAPI()
	require.NoError(t, err)
	b, err := OpenAPI()
	require.NoError(t, err)
	assert.True(t, bytes.Equal(a, b))
	assert.True(t, bytes.HasPrefix(a, []byte("{\n  \"openapi\": \"3.1.0\",\n  \"info\": {")))
}
