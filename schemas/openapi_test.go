package schemas

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"github.com/pb33f/libopenapi"
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
	for _, enc := range NumberEncodings {
		data, err := OpenAPIFor(OpenAPIOptions{NumberEncoding: enc})
		require.NoError(t, err)
		narrowed, err := decodeSchema(data)
		require.NoError(t, err)
		assert.NoError(t, meta.Validate(narrowed), enc)
	}

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

	assert.Equal(t, []any{map[string]any{"XAuthToken": []any{}}}, m["security"], "every operation needs the token unless it says otherwise")
	assert.Equal(t, []string{"AcceptLanguage"}, sortedMapKeys(get(t, m, "components", "parameters").(map[string]any)),
		"X-Auth-Token is declared once, as the security scheme")
	ops := Catalogue()
	require.NotEmpty(t, ops)
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
			assert.Equal(t, []any{}, o["security"], "%s: anonymous, against the document's default", op.ID)
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
		// The token is the security scheme's header only: a header parameter
		// of the same name would have tools send a generated value instead.
		for _, p := range o["parameters"].([]any) {
			assert.NotEqual(t, "#/components/parameters/XAuthToken", p.(map[string]any)["$ref"], op.ID)
		}
		assert.NotContains(t, params, "X-Auth-Token", op.ID)
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
			assert.Equal(t, map[string]any{"$ref": "#/components/schemas/defs.D"}, params["localDate"]["schema"], op.ID)
			if forbidsProgramCode(t, op.ID) {
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
		statuses := SuccessStatuses(op)
		status := statuses[0]
		assert.ElementsMatch(t, append([]string{"400", "4XX", "500", "5XX"}, statuses...), keysOf(responses), op.ID)
		for _, s := range statuses[1:] {
			assert.Equal(t, responses[status], responses[s], "%s: every success status is documented alike", op.ID)
		}
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
	initVerify := get(t, m, "paths", "/account/{accno}/storedPaymentOptions/{storedPaymentOptionReference}/initVerify", "post", "responses")
	assert.Contains(t, initVerify, "200", "A-7 pairs 0000 with 200 or 201")
	assert.Contains(t, initVerify, "201", "A-7 pairs 0000 with 200 or 201")
	assert.NotContains(t, initVerify, "2XX", "a 202 or 204 success is not A-7's")
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

// walkObjects calls f on every JSON object of the document.
func walkObjects(v any, f func(map[string]any)) {
	switch x := v.(type) {
	case map[string]any:
		f(x)
		for _, c := range x {
			walkObjects(c, f)
		}
	case []any:
		for _, c := range x {
			walkObjects(c, f)
		}
	}
}

// The document uses no format outside the JSON Schema standard: the
// suite's own formats are patterns and bounds a generic validator knows.
func TestOpenAPIUsesOnlyStandardFormats(t *testing.T) {
	doc, data := openAPIDocument(t)
	assert.NotContains(t, string(data), "spec-")
	formats := map[string]int{}
	walkObjects(doc, func(m map[string]any) {
		if f, ok := m["format"].(string); ok {
			formats[f]++
		}
	})
	assert.Equal(t, []string{"date", "date-time"}, sortedMapKeys(anyMap(formats)))

	defs := map[string]any{}
	for _, name := range []string{"D", "T", "Timestamp", "Dec18", "Dec18_2"} {
		defs[name] = get(t, doc, "components", "schemas", "defs."+name)
	}
	assert.Equal(t, DatePattern, get(t, defs, "D", "pattern"))
	assert.Equal(t, "date", get(t, defs, "D", "format"))
	assert.Equal(t, TimePattern, get(t, defs, "T", "pattern"))
	assert.NotContains(t, defs["T"], "format")
	assert.Equal(t, TimestampPattern, get(t, defs, "Timestamp", "pattern"))
	assert.Equal(t, "date-time", get(t, defs, "Timestamp", "format"))
	for name, bound := range map[string]string{"Dec18": "1000000000000000000", "Dec18_2": "10000000000000000"} {
		assert.Equal(t, "number", get(t, defs, name, "type"), name)
		assert.Equal(t, json.Number(bound), get(t, defs, name, "exclusiveMaximum"), name)
		assert.Equal(t, json.Number("-"+bound), get(t, defs, name, "exclusiveMinimum"), name)
		assert.NotContains(t, defs[name], "multipleOf", name)
		assert.Contains(t, get(t, defs, name, "description"), "Dec(18", name)
	}
	// The replacement must be complete: an unknown format is an error.
	assert.Error(t, replaceFormats(map[string]any{"format": "spec-money"}))
}

func anyMap[V any](m map[string]V) map[string]any {
	out := make(map[string]any, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

// The patterns say what the suite's own formats check: T exactly (every
// six-character digit string), D up to the calendar, which format date
// adds, and the timestamp exactly up to the calendar too.
func TestOpenAPIPatternsAgreeWithTheSuitesFormats(t *testing.T) {
	tp := regexp.MustCompile(TimePattern)
	for i := 0; i < 1000000; i++ {
		s := fmt.Sprintf("%06d", i)
		if tp.MatchString(s) != IsTime(s) {
			t.Fatalf("T %s: pattern %v, IsTime %v", s, tp.MatchString(s), IsTime(s))
		}
	}
	for _, s := range []string{"10:15:01", "1015", "1015010", " 101501", "a01501"} {
		assert.False(t, tp.MatchString(s), s)
		assert.False(t, IsTime(s), s)
	}
	dp := regexp.MustCompile(DatePattern)
	for _, s := range []string{"2026-03-02", "1984-08-12", "2024-02-29"} {
		assert.True(t, dp.MatchString(s) && IsDate(s), s)
	}
	for _, s := range []string{"02.03.2026", "2026-3-2", "20260302", "2026-03-02T00:00:00Z", "2026-03-02 "} {
		assert.False(t, dp.MatchString(s), s)
		assert.False(t, IsDate(s), s)
	}
	assert.True(t, dp.MatchString("2026-02-30"), "the calendar is format date's part")
	assert.False(t, IsDate("2026-02-30"))
	sp := regexp.MustCompile(TimestampPattern)
	for s, want := range map[string]bool{"2026-03-02T11:15:01.000Z": true, "2026-03-02T11:15:01Z": false,
		"2026-03-02T11:15:01.000+00:00": false, "2026-03-02 11:15:01.000Z": false} {
		assert.Equal(t, want, sp.MatchString(s), s)
		assert.Equal(t, want, IsTimestamp(s), s)
	}
}

// The N(n) fields of request bodies describe both encodings, or the one a
// profile declares; nothing else in the document changes with it.
func TestOpenAPINumberEncoding(t *testing.T) {
	want := []string{
		"authorize.request/oneTimePassword",
		"complete-verify-stored-payment-option.request/verificationCode",
		"revoke-consent.request/oneTimePassword",
		"update-account.request/oneTimePassword",
	}
	docs := map[string]map[string]any{}
	for _, enc := range []string{"", "string", "number"} {
		data, err := OpenAPIFor(OpenAPIOptions{NumberEncoding: enc})
		require.NoError(t, err)
		again, err := OpenAPIFor(OpenAPIOptions{NumberEncoding: enc})
		require.NoError(t, err)
		assert.Equal(t, data, again, "deterministic")
		doc, err := decodeSchema(data)
		require.NoError(t, err)
		docs[enc] = doc.(map[string]any)
	}
	for _, f := range want {
		schema, field, _ := strings.Cut(f, "/")
		prop := func(enc string) map[string]any {
			return get(t, docs[enc], "components", "schemas", schema, "properties", field).(map[string]any)
		}
		assert.Len(t, prop("")["anyOf"], 2, f)
		assert.Contains(t, prop("")["description"], "numberEncoding", f)
		assert.Equal(t, "string", prop("string")["type"], f)
		assert.Regexp(t, `^\^\[0-9\]\{1,[68]\}\$$`, prop("string")["pattern"], f)
		assert.Equal(t, "integer", prop("number")["type"], f)
		assert.Equal(t, json.Number("0"), prop("number")["minimum"], f)
	}
	// Add Consent's oneTimePassword is S(8): a string whatever the encoding.
	assert.Equal(t, "string", get(t, docs["number"], "components", "schemas", "add-consent.request", "properties", "oneTimePassword", "type"))
	// The examples follow the encoding.
	ex := func(enc string) any {
		return get(t, docs[enc], "paths", "/account/{accno}/storedPaymentOptions/{storedPaymentOptionReference}/completeVerify",
			"post", "requestBody", "content", "application/json", "examples", "complete-verify-stored-payment-option", "value", "verificationCode")
	}
	assert.Equal(t, "123456", ex(""))
	assert.Equal(t, "123456", ex("string"))
	assert.Equal(t, json.Number("123456"), ex("number"))

	found, err := encodeNumbers(get(t, docs[""], "components", "schemas").(map[string]any), "")
	require.NoError(t, err)
	assert.Equal(t, want, found)
	_, err = OpenAPIFor(OpenAPIOptions{NumberEncoding: "digits"})
	assert.ErrorContains(t, err, `number encoding "digits"`)
}

// requiredProps collects the properties a schema requires, through allOf
// and $ref within the document.
func requiredProps(t *testing.T, doc any, schema any, into map[string]bool) {
	s, ok := schema.(map[string]any)
	if !ok {
		return
	}
	if r, ok := s["$ref"].(string); ok {
		requiredProps(t, doc, resolve(t, doc, r), into)
	}
	for _, r := range asSlice(s["required"]) {
		into[r.(string)] = true
	}
	for _, sub := range asSlice(s["allOf"]) {
		requiredProps(t, doc, sub, into)
	}
}

func asSlice(v any) []any { s, _ := v.([]any); return s }

// Every link names an operation of the document and parameters it has,
// and takes its value from a field the source's answer always carries or
// from the source's own path.
func TestOpenAPILinksChainTheOperations(t *testing.T) {
	doc, _ := openAPIDocument(t)
	m := doc.(map[string]any)
	byID := map[string]map[string]any{}
	srcOf := map[string]Operation{}
	for _, op := range Catalogue() {
		byID[op.ID] = get(t, m, "paths", op.Path, strings.ToLower(op.Method)).(map[string]any)
		srcOf[op.ID] = op
	}
	paramsOf := func(o map[string]any) map[string]bool {
		out := map[string]bool{}
		for _, p := range o["parameters"].([]any) {
			p := p.(map[string]any)
			if r, ok := p["$ref"].(string); ok {
				p = resolve(t, doc, r).(map[string]any)
			}
			out[p["in"].(string)+"."+p["name"].(string)] = true
		}
		return out
	}
	count := map[string]int{}
	for id, o := range byID {
		op := srcOf[id]
		status := SuccessStatuses(op)[0]
		links, _ := get(t, o, "responses", status, "links").(map[string]any)
		answer := map[string]bool{}
		if !op.PlainText {
			requiredProps(t, doc, get(t, o, "responses", status, "content", "application/json", "schema", "anyOf", "0"), answer)
		}
		for name, l := range links {
			l := l.(map[string]any)
			to, ok := byID[l["operationId"].(string)]
			require.True(t, ok, "%s: link %s to an unknown operation", id, name)
			assert.NotEmpty(t, l["description"])
			targetParams := paramsOf(to)
			// The header of an apiKey scheme the target requires is its
			// parameter too, the only declaration of X-Auth-Token.
			for _, req := range to["security"].([]any) {
				for scheme := range req.(map[string]any) {
					s := get(t, m, "components", "securitySchemes", scheme).(map[string]any)
					if s["type"] == "apiKey" {
						targetParams[s["in"].(string)+"."+s["name"].(string)] = true
					}
				}
			}
			for param, expr := range l["parameters"].(map[string]any) {
				assert.True(t, targetParams[param], "%s -> %s: the target has no parameter %s", id, name, param)
				e := expr.(string)
				switch {
				case strings.HasPrefix(e, "$response.body#/"):
					field := strings.TrimPrefix(e, "$response.body#/")
					assert.True(t, answer[field], "%s -> %s: the answer does not always carry %s", id, name, field)
				case strings.HasPrefix(e, "$request.path."):
					assert.True(t, paramsOf(o)["path."+strings.TrimPrefix(e, "$request.path.")], "%s -> %s: %s", id, name, e)
				default:
					t.Errorf("%s -> %s: unexpected expression %s", id, name, e)
				}
				if field, ok := strings.CutPrefix(e, "$response.body#"); ok {
					count[field]++
				}
			}
		}
	}
	anonymous := 0
	for _, op := range Catalogue() {
		if op.Anonymous {
			anonymous++
		}
	}
	assert.Equal(t, len(Catalogue())-anonymous, count["/token"], "the token reaches every operation that needs one")
	withAccno := 0
	for _, op := range Catalogue() {
		if strings.Contains(op.Path, "{accno}") {
			withAccno++
		}
	}
	assert.Equal(t, 2*withAccno, count["/accno"], "Create Account's and Find User Account's accno reach every account operation")
	assert.Equal(t, 4, count["/storedPaymentOptionReference"])
	assert.Equal(t, 1, count["/consentReference"])
	assert.Equal(t, 5+4+4+2+3+1+1, count["/uniqueReference"])
}

// Every operation has an example request and answer, and each is valid
// against the suite's own schema of it (the query parameters of a GET as
// the strings they travel as).
func TestOpenAPIExamplesMatchTheSuitesSchemas(t *testing.T) {
	set, err := Load()
	require.NoError(t, err)
	exs, err := examples()
	require.NoError(t, err)
	assert.Len(t, exs, len(Catalogue()))
	for _, op := range Catalogue() {
		ex, ok := exs[op.ID]
		require.True(t, ok, op.ID)
		for _, m := range pathParam.FindAllStringSubmatch(op.Path, -1) {
			assert.NotEmpty(t, ex.Path[m[1]], "%s: %s", op.ID, m[1])
		}
		assert.NoError(t, set.ValidateValue(op.RequestSchema(), ex.Request), op.ID)
		if op.PlainText {
			assert.Contains(t, []any{"yes", "no"}, ex.Response, op.ID)
			continue
		}
		assert.NoError(t, set.ValidateValue(op.ResponseSchema(), ex.Response), op.ID)
	}
	// The check bites: an example without a required field fails it.
	ex := exs["create-account"]
	delete(ex.Response.(map[string]any), "accno")
	assert.Error(t, set.ValidateValue("create-account.response.json", ex.Response))
}

// A third OpenAPI implementation, libopenapi (the meta-schema's package),
// builds its model of every form of the document without an error: every
// reference resolves the way tools resolve them, to a component (a
// definition of defs.json is a component of its own, defs.D).
func TestOpenAPIBuildsInLibOpenAPI(t *testing.T) {
	for _, enc := range []string{"", "string", "number"} {
		data, err := OpenAPIFor(OpenAPIOptions{NumberEncoding: enc})
		require.NoError(t, err)
		doc, err := libopenapi.NewDocument(data)
		require.NoError(t, err)
		model, errs := doc.BuildV3Model()
		require.Empty(t, errs, enc)
		require.NotNil(t, model)
		ops := 0
		for pair := model.Model.Paths.PathItems.First(); pair != nil; pair = pair.Next() {
			ops += pair.Value().GetOperations().Len()
		}
		assert.Equal(t, len(Catalogue()), ops, enc)
		issue := model.Model.Paths.PathItems.GetOrZero("/user/{userId}/issue").Post
		links := issue.Responses.Codes.GetOrZero("200").Links
		assert.Equal(t, len(Catalogue())-1, links.Len(), "Issue Token links to every other operation")
		assert.Equal(t, "$response.body#/token", links.GetOrZero("get-account").Parameters.GetOrZero("header.X-Auth-Token"))
	}
}

// forbidsProgramCode reports whether the operation's request schema does
// not allow programCode (its property is the schema false: Get Payment
// Status, List Refunds).
func forbidsProgramCode(t *testing.T, opID string) bool {
	t.Helper()
	raw, err := files.ReadFile(opID + ".request.json")
	require.NoError(t, err, opID)
	var doc struct {
		Properties map[string]json.RawMessage `json:"properties"`
	}
	require.NoError(t, json.Unmarshal(raw, &doc), opID)
	return string(doc.Properties["programCode"]) == "false"
}
