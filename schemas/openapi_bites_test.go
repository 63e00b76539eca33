package schemas_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wallet-conformance/wallet-conformance/schemas"
)

const exampleBase = "https://wallet.example.com"

// exampleTarget is a target whose values differ from every value of the
// examples' story.
var exampleTarget = &schemas.ExampleTarget{
	BaseURL: "https://sandbox.acme.test/wallet/", UserID: "acme-partner",
	ProgramCode: "ACMEPRG01", ProgramAccno: "ACME-PRG-7", AccnoType: "01", Currency: "CHF", TitleCode: "MS",
	PaymentOptionCode: "MASTERCARD", TransactionTypeCode: "PURCH", MerchantAccno: "ACME-M-42", MerchantProgramCode: "ACMEMRC",
	Accno: "ACC-9001", Login: "vendor.login",
}

// documents are the four forms of the document: for any target, for a
// target that declares each numberEncoding, and with a target's values in
// its examples.
func documents(t *testing.T) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	var err error
	out["any"], err = schemas.OpenAPI()
	require.NoError(t, err)
	for _, enc := range schemas.NumberEncodings {
		out[enc], err = schemas.OpenAPIFor(schemas.OpenAPIOptions{NumberEncoding: enc})
		require.NoError(t, err)
	}
	out["target"], err = schemas.OpenAPIFor(schemas.OpenAPIOptions{Target: exampleTarget})
	require.NoError(t, err)
	return out
}

// kin-openapi loads every form of the document and finds it valid, its
// examples included: kin-openapi validates each example against its schema,
// and a broken example fails that.
func TestOpenAPIExamplesValidateInKinOpenAPI(t *testing.T) {
	for name, data := range documents(t) {
		loadKin(t, data, exampleBase)

		broken := strings.Replace(string(data), `"validUntil": "2026-03-02T11:15:01.000Z"`, `"validUntil": "tomorrow"`, 1)
		require.NotEqual(t, string(data), broken, name)
		doc, err := openapi3.NewLoader().LoadFromData([]byte(broken))
		require.NoError(t, err)
		assert.Error(t, doc.Validate(context.Background()), "%s: an example that breaks its schema", name)
	}
}

// Each operation's examples, sent as the exchange they describe (path and
// query parameters, body, success answer), pass kin-openapi's request and
// response validation.
func TestOpenAPIExamplesAreValidExchanges(t *testing.T) {
	for name, data := range documents(t) {
		k := loadKin(t, data, exampleBase)
		doc := decodeDoc(t, data)
		for _, op := range schemas.Catalogue() {
			ex := exampleExchange(t, doc, exampleBase, op)
			reqErr, respErr := k.validate(ex)
			assert.NoError(t, reqErr, "%s: %s request %s", name, op.ID, ex.reqBody)
			assert.NoError(t, respErr, "%s: %s answer %s", name, op.ID, ex.respBody)
		}
	}
}

// edit returns the JSON object body with change applied.
func edit(t *testing.T, body string, change func(m map[string]any)) string {
	t.Helper()
	var m map[string]any
	dec := json.NewDecoder(strings.NewReader(body))
	dec.UseNumber()
	require.NoError(t, dec.Decode(&m))
	change(m)
	out, err := json.Marshal(m)
	require.NoError(t, err)
	return string(out)
}

// The validation bites: each deliberately broken answer or request fails
// kin-openapi's validation against the document, where the same exchange
// unbroken passes.
func TestOpenAPIRefusesBrokenExchanges(t *testing.T) {
	docs := documents(t)
	k := loadKin(t, docs["any"], exampleBase)
	doc := decodeDoc(t, docs["any"])
	example := func(id string) exchange {
		op, ok := schemas.Lookup(id)
		require.True(t, ok, id)
		ex := exampleExchange(t, doc, exampleBase, op)
		reqErr, respErr := k.validate(ex)
		require.NoError(t, reqErr, id)
		require.NoError(t, respErr, id)
		return ex
	}
	jsonType := http.Header{"Content-Type": {"application/json"}}
	errorBody := `{"partnerReference": "pr-1001", "responseCode": "0001", "responseDescription": "mandatory field missing: lastName",` +
		` "localDate": "2026-03-02", "localTime": "101500", "sysDate": "2026-03-02", "sysTime": "101501"}`

	answers := map[string]func() exchange{
		"a status the spec does not give (Create Account answers 200, not 201)": func() exchange {
			ex := example("create-account")
			ex.status = 200
			return ex
		},
		"a redirection status": func() exchange {
			ex := example("get-account")
			ex.status = 303
			return ex
		},
		"a required field missing (Create Account without accno)": func() exchange {
			ex := example("create-account")
			ex.respBody = edit(t, ex.respBody, func(m map[string]any) { delete(m, "accno") })
			return ex
		},
		"the envelope missing (no sysTime)": func() exchange {
			ex := example("close-account")
			ex.respBody = edit(t, ex.respBody, func(m map[string]any) { delete(m, "sysTime") })
			return ex
		},
		"a wrong type (accno a number)": func() exchange {
			ex := example("create-account")
			ex.respBody = edit(t, ex.respBody, func(m map[string]any) { m["accno"] = 100000000017 })
			return ex
		},
		"a Dec(18,2) amount written as a string": func() exchange {
			ex := example("capture")
			ex.respBody = edit(t, ex.respBody, func(m map[string]any) { m["modifiedAmount"] = "40.00" })
			return ex
		},
		"a Dec(18,2) amount beyond 16 integer digits": func() exchange {
			ex := example("capture")
			ex.respBody = edit(t, ex.respBody, func(m map[string]any) { m["modifiedAmount"] = json.Number("12345678901234567.5") })
			return ex
		},
		"a D that is not YYYY-MM-DD": func() exchange {
			ex := example("close-account")
			ex.respBody = edit(t, ex.respBody, func(m map[string]any) { m["dateClosed"] = "02.03.2026" })
			return ex
		},
		"a D that is no calendar date": func() exchange {
			ex := example("close-account")
			ex.respBody = edit(t, ex.respBody, func(m map[string]any) { m["dateClosed"] = "2026-02-30" })
			return ex
		},
		"a T that is no time of day": func() exchange {
			ex := example("close-account")
			ex.respBody = edit(t, ex.respBody, func(m map[string]any) { m["sysTime"] = "246000" })
			return ex
		},
		"a T with separators": func() exchange {
			ex := example("close-account")
			ex.respBody = edit(t, ex.respBody, func(m map[string]any) { m["sysTime"] = "10:15:01" })
			return ex
		},
		"a validUntil without milliseconds": func() exchange {
			ex := example("issue-token")
			ex.respBody = edit(t, ex.respBody, func(m map[string]any) { m["validUntil"] = "2026-03-02T11:15:01Z" })
			return ex
		},
		"a text/plain answer that is JSON (a JSON string)": func() exchange {
			ex := example("check-available-payment-amount")
			ex.respBody = `"yes"`
			return ex
		},
		"a text/plain answer that is JSON (an object, as application/json)": func() exchange {
			ex := example("check-available-payment-amount")
			ex.respBody = `{"available": "yes", "responseCode": "0000", "responseDescription": "OK", "sysDate": "2026-03-02", "sysTime": "101501"}`
			ex.respHeader = jsonType
			return ex
		},
		"a text/plain answer other than yes or no": func() exchange {
			ex := example("check-available-payment-amount")
			ex.respBody = "YES"
			return ex
		},
		"an error answer in text/plain": func() exchange {
			ex := example("check-available-payment-amount")
			ex.status, ex.respBody = 400, "mandatory field missing: amount"
			return ex
		},
		"an error answer with responseCode 0000": func() exchange {
			ex := example("create-account")
			ex.status, ex.respHeader = 400, jsonType
			ex.respBody = strings.Replace(errorBody, `"0001"`, `"0000"`, 1)
			return ex
		},
		"an error answer without responseDescription": func() exchange {
			ex := example("create-account")
			ex.status, ex.respHeader = 401, jsonType
			ex.respBody = edit(t, errorBody, func(m map[string]any) { m["responseCode"] = "0096"; delete(m, "responseDescription") })
			return ex
		},
		"an error answer with a three-digit code": func() exchange {
			ex := example("create-account")
			ex.status, ex.respHeader = 500, jsonType
			ex.respBody = edit(t, errorBody, func(m map[string]any) { m["responseCode"] = "099" })
			return ex
		},
		"a success status with an error body other than a retry": func() exchange {
			ex := example("create-account")
			ex.respBody = errorBody
			return ex
		},
	}
	// Where the answer's schema is anyOf the operation's and a retry answer,
	// kin-openapi's error does not say which field broke the operation's:
	// the operation's schema alone must name it.
	because := map[string][2]string{
		"a required field missing (Create Account without accno)": {"create-account", "accno"},
		"the envelope missing (no sysTime)":                       {"close-account", "sysTime"},
		"a wrong type (accno a number)":                           {"create-account", "/accno"},
		"a Dec(18,2) amount written as a string":                  {"capture", "/modifiedAmount"},
		"a Dec(18,2) amount beyond 16 integer digits":             {"capture", "/modifiedAmount"},
		"a D that is not YYYY-MM-DD":                              {"close-account", "/dateClosed"},
		"a D that is no calendar date":                            {"close-account", "/dateClosed"},
		"a T that is no time of day":                              {"close-account", "/sysTime"},
		"a T with separators":                                     {"close-account", "/sysTime"},
		"a validUntil without milliseconds":                       {"issue-token", "/validUntil"},
	}
	for name, build := range answers {
		ex := build()
		if b, ok := because[name]; ok {
			var v any
			dec := json.NewDecoder(strings.NewReader(ex.respBody))
			dec.UseNumber()
			require.NoError(t, dec.Decode(&v))
			err := k.doc.Components.Schemas[b[0]+".response"].Value.VisitJSON(v, openapi3.EnableJSONSchema2020(), openapi3.MultiErrors())
			if assert.Error(t, err, name) {
				assert.Contains(t, err.Error(), b[1], name)
			}
		}
		_, respErr := k.validate(ex)
		if assert.Error(t, respErr, name) {
			assert.True(t, isSchemaError(respErr), "%s: %v", name, respErr)
			t.Logf("refused, %s: %.200s", name, strings.SplitN(respErr.Error(), "\n", 2)[0])
		}
	}

	// The exchanges the document accepts on purpose: an error with the error
	// envelope under 400, 4XX and 5XX, and a retry answer (0098) under a
	// success status, whose status the spec does not show.
	accepted := map[string]func() exchange{
		"400 with 0001": func() exchange {
			ex := example("create-account")
			ex.status, ex.respHeader, ex.respBody = 400, jsonType, errorBody
			return ex
		},
		"401 with 0096 and no echo of the caller's input": func() exchange {
			ex := example("check-available-payment-amount")
			ex.status, ex.respHeader = 401, jsonType
			ex.respBody = edit(t, errorBody, func(m map[string]any) {
				m["responseCode"] = "0096"
				m["partnerReference"], m["localDate"], m["localTime"] = nil, nil, nil
			})
			return ex
		},
		"503 with 0098": func() exchange {
			ex := example("get-account")
			ex.status, ex.respHeader = 503, jsonType
			ex.respBody = edit(t, errorBody, func(m map[string]any) { m["responseCode"] = "0098" })
			return ex
		},
		"200 with 0098": func() exchange {
			ex := example("check-available-payment-amount")
			ex.respHeader = jsonType
			ex.respBody = edit(t, errorBody, func(m map[string]any) { m["responseCode"] = "0098" })
			return ex
		},
	}
	for name, build := range accepted {
		_, respErr := k.validate(build())
		assert.NoError(t, respErr, name)
	}

	requests := map[string]func() exchange{
		"a required field missing (Create Account without lastName)": func() exchange {
			ex := example("create-account")
			ex.reqBody = edit(t, ex.reqBody, func(m map[string]any) { delete(m, "lastName") })
			return ex
		},
		"a field the table does not list": func() exchange {
			ex := example("close-account")
			ex.reqBody = edit(t, ex.reqBody, func(m map[string]any) { m["closingDate"] = "2026-03-02" })
			return ex
		},
		"a required query parameter missing": func() exchange {
			ex := example("get-payment-status")
			u, err := url.Parse(ex.url)
			require.NoError(t, err)
			q := u.Query()
			require.NotEmpty(t, q.Get("partnerReference"))
			q.Del("partnerReference")
			u.RawQuery = q.Encode()
			ex.url = u.String()
			return ex
		},
		"an N(6) that is not digits": func() exchange {
			ex := example("complete-verify-stored-payment-option")
			ex.reqBody = edit(t, ex.reqBody, func(m map[string]any) { m["verificationCode"] = "12345a" })
			return ex
		},
		"no X-Auth-Token": func() exchange {
			ex := example("get-account")
			ex.reqHeader.Del("X-Auth-Token")
			return ex
		},
		"a path the document does not have": func() exchange {
			ex := example("get-account")
			ex.url = strings.Replace(ex.url, "/account/", "/accounts/", 1)
			return ex
		},
	}
	for name, build := range requests {
		reqErr, _ := k.validate(build())
		if assert.Error(t, reqErr, name) {
			t.Logf("refused, %s: %.200s", name, strings.SplitN(reqErr.Error(), "\n", 2)[0])
		}
	}

	// numberEncoding: the document for a target that declares it accepts
	// only that encoding of an N(n) field; the document for any target both.
	asNumber := func(ex exchange) exchange {
		ex.reqBody = edit(t, ex.reqBody, func(m map[string]any) { m["verificationCode"] = json.Number("123456") })
		return ex
	}
	for doc, want := range map[string][2]bool{"any": {true, true}, "string": {true, false}, "number": {false, true}} {
		kd := loadKin(t, docs[doc], exampleBase)
		str := example("complete-verify-stored-payment-option")
		str.reqBody = edit(t, str.reqBody, func(m map[string]any) { m["verificationCode"] = "123456" })
		for i, ex := range []exchange{str, asNumber(str)} {
			reqErr, _ := kd.validate(ex)
			assert.Equal(t, want[i], reqErr == nil, "document %s, verificationCode %s: %v", doc, []string{"string", "number"}[i], reqErr)
		}
	}
}

// A document written for a target carries the target's values wherever the
// story had the reference server's own data, so that the requests a tool
// builds from the examples reach data that exists there; its schemas are
// those of the document for any target: the values fill examples, they
// narrow nothing (the lookup tables the spec does not list in full stay
// open, A-2.0).
func TestOpenAPIExamplesCarryTheTargetsValues(t *testing.T) {
	docs := documents(t)
	text := string(docs["target"])
	for _, story := range []string{"WALLETPRG", "PRG0000001", "MRC0000001", "MERCHPRG", "100000000017", "partner-4711", `"EUR"`, `"VISA"`} {
		assert.NotContains(t, text, story, "the story's own value is replaced")
		assert.Contains(t, string(docs["any"]), story, "the check bites: the document for any target has it")
	}
	doc := decodeDoc(t, docs["target"])
	assert.Equal(t, "https://sandbox.acme.test/wallet", dig(t, doc, "servers", "0", "variables", "base_url", "default"))

	param := func(path, method, name string) any {
		for _, p := range dig(t, doc, "paths", path, method, "parameters").([]any) {
			if p.(map[string]any)["name"] == name {
				return p.(map[string]any)["example"]
			}
		}
		t.Fatalf("%s %s has no parameter %s", method, path, name)
		return nil
	}
	body := func(path, method, id string) map[string]any {
		return dig(t, doc, "paths", path, method, "requestBody", "content", "application/json", "examples", id, "value").(map[string]any)
	}
	assert.Equal(t, "acme-partner", param("/user/{userId}/issue", "post", "userId"))
	assert.Equal(t, "ACC-9001", param("/account/{accno}", "get", "accno"))
	assert.Equal(t, "ACMEPRG01", param("/account/{accno}", "get", "programCode"))
	assert.Equal(t, "01", param("/account/{accno}", "get", "accnoType"))
	assert.Equal(t, "vendor.login", param("/account/find", "get", "userId"))
	assert.Equal(t, "PURCH", param("/account/{accno}/paymentOptions", "get", "transactionTypeCode"))
	create := body("/account", "put", "create-account")
	assert.Equal(t, "CHF", create["currCode"])
	assert.Equal(t, "MS", create["title"])
	kc := body("/payment/kc-authorize", "put", "kc-authorize")
	assert.Equal(t, "ACC-9001", kc["accno"])
	assert.Equal(t, "ACME-M-42", kc["merchantAccno"])
	assert.Equal(t, "ACMEMRC", kc["merchantProgramCode"])
	assert.Equal(t, "ACME-PRG-7", kc["programAccno"])
	assert.Equal(t, "CHF", kc["paymentCurrCode"])
	assert.Equal(t, "MASTERCARD", body("/payment/initAuthorize", "put", "init-authorize")["paymentOptionCode"])

	plain := decodeDoc(t, docs["any"])
	assert.Equal(t, dig(t, plain, "components"), dig(t, doc, "components"), "no schema is narrowed to the target's values")
	for path, item := range plain["paths"].(map[string]any) {
		for method, op := range item.(map[string]any) {
			o := op.(map[string]any)
			assert.Equal(t, schemaOf(o["requestBody"]), schemaOf(dig(t, doc, "paths", path, method, "requestBody")), "%s %s", method, path)
		}
	}
}

// schemaOf is the schema of a request body, nil when there is none.
func schemaOf(rb any) any {
	m, ok := rb.(map[string]any)
	if !ok {
		return nil
	}
	return m["content"].(map[string]any)["application/json"].(map[string]any)["schema"]
}

// dig follows keys (and array indexes) into a decoded JSON document.
func dig(t *testing.T, v any, keys ...string) any {
	t.Helper()
	for _, k := range keys {
		switch x := v.(type) {
		case map[string]any:
			v = x[k]
		case []any:
			i := 0
			_, err := fmt.Sscan(k, &i)
			require.NoError(t, err)
			require.Less(t, i, len(x))
			v = x[i]
		default:
			t.Fatalf("no %q in %T", k, v)
		}
	}
	return v
}
