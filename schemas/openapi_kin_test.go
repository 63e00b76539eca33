package schemas_test

// The OpenAPI document is checked here with a second, independent OpenAPI
// implementation: github.com/getkin/kin-openapi (openapi3 loads and
// validates the document, openapi3filter validates HTTP requests and
// responses against it, routers/gorillamux finds the operation of a
// request). It shares no code with the suite's own schema validation.

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
	"github.com/getkin/kin-openapi/routers/gorillamux"
	"github.com/stretchr/testify/require"

	"github.com/wallet-conformance/wallet-conformance/record"
	"github.com/wallet-conformance/wallet-conformance/schemas"
)

// kinDoc is the OpenAPI document loaded by kin-openapi, with a router for
// requests to baseURL.
type kinDoc struct {
	doc    *openapi3.T
	router routers.Router
}

// loadKin loads and validates an OpenAPI document with kin-openapi (the
// document's examples included: kin-openapi validates each against its
// schema) and routes requests sent to baseURL through it.
func loadKin(t testing.TB, data []byte, baseURL string) *kinDoc {
	t.Helper()
	loader := openapi3.NewLoader()
	doc, err := loader.LoadFromData(data)
	require.NoError(t, err)
	require.NoError(t, doc.Validate(context.Background()), "kin-openapi finds the document invalid")
	// The document's server is {base_url}: point it at the target.
	require.Len(t, doc.Servers, 1)
	doc.Servers[0].Variables["base_url"].Default = strings.TrimRight(baseURL, "/")
	router, err := gorillamux.NewRouter(doc)
	require.NoError(t, err)
	return &kinDoc{doc: doc, router: router}
}

// kinOptions validate every response status (an undocumented one fails)
// and take X-Auth-Token as present or not: the document cannot say which
// tokens are valid.
var kinOptions = &openapi3filter.Options{
	IncludeResponseStatus: true,
	MultiError:            true,
	AuthenticationFunc: func(_ context.Context, in *openapi3filter.AuthenticationInput) error {
		s := in.SecurityScheme
		if s.Type != "apiKey" || s.In != "header" {
			return fmt.Errorf("unexpected security scheme %s in %s", s.Type, s.In)
		}
		if in.RequestValidationInput.Request.Header.Get(s.Name) == "" {
			return fmt.Errorf("no %s header", s.Name)
		}
		return nil
	},
}

// exchange is one HTTP exchange to validate.
type exchange struct {
	method, url string
	reqHeader   http.Header
	reqBody     string
	status      int
	respHeader  http.Header
	respBody    string
}

// validate checks an exchange's request and response against the document.
// reqErr is nil when the request conforms; respErr when the response does.
// An error finding the operation is returned as reqErr and respErr both.
func (k *kinDoc) validate(ex exchange) (reqErr, respErr error) {
	req, err := http.NewRequest(ex.method, ex.url, strings.NewReader(ex.reqBody))
	if err != nil {
		return err, err
	}
	req.Header = ex.reqHeader.Clone()
	route, params, err := k.router.FindRoute(req)
	if err != nil {
		err = fmt.Errorf("no operation of the document answers %s %s: %w", ex.method, ex.url, err)
		return err, err
	}
	in := &openapi3filter.RequestValidationInput{Request: req, PathParams: params, Route: route, Options: kinOptions}
	reqErr = openapi3filter.ValidateRequest(context.Background(), in)
	// ValidateRequest consumed the body: the response's validation needs only the route.
	respErr = openapi3filter.ValidateResponse(context.Background(), &openapi3filter.ResponseValidationInput{
		RequestValidationInput: in,
		Status:                 ex.status,
		Header:                 ex.respHeader,
		Body:                   io.NopCloser(strings.NewReader(ex.respBody)),
		Options:                kinOptions,
	})
	return reqErr, respErr
}

// exchangeTally counts what validateExchanges saw.
type exchangeTally struct {
	exchanges      int // exchanges in the evidence
	validated      int // requests and responses validated
	notAPI         int // calls outside the API (the sandbox's redirect trigger)
	noResponse     int // exchanges without a response (transport errors)
	refusedInvalid int // requests the document calls invalid, answered with an error status
	unredacted     int // secret fields of request bodies put back (see unredact)
}

func (t *exchangeTally) add(o exchangeTally) {
	t.exchanges += o.exchanges
	t.validated += o.validated
	t.notAPI += o.notAPI
	t.noResponse += o.noResponse
	t.refusedInvalid += o.refusedInvalid
	t.unredacted += o.unredacted
}

// secrets are the values the evidence store redacted that a request body
// must carry to be valid: the N(n) fields are numbers, and
// "[REDACTED]" in their place is not one.
type secrets struct {
	oneTimePassword, verificationCode string
	numberEncoding                    string // the run's numberEncoding
}

// nFields are the N(n) fields of request bodies (A-2.0 "number, length
// n"), by operation: the fields a profile's numberEncoding governs. (Add
// Consent's and KC-Debit Account's oneTimePassword are S(8).)
var nFields = map[string]string{
	"update-account":                        "oneTimePassword",
	"authorize":                             "oneTimePassword",
	"revoke-consent":                        "oneTimePassword",
	"complete-verify-stored-payment-option": "verificationCode",
}

// unredact puts the run's secret back into the fields of a request body
// that the evidence store redacted and whose type "[REDACTED]" does not
// fit (oneTimePassword, verificationCode), as the run sent them: an N(n)
// field in the run's numberEncoding, an S(n) one as a string. It reports
// how many it replaced.
func unredact(op, body string, s secrets) (string, int) {
	if !strings.Contains(body, `"[REDACTED]"`) {
		return body, 0
	}
	var m map[string]any
	dec := json.NewDecoder(strings.NewReader(body))
	dec.UseNumber()
	if dec.Decode(&m) != nil {
		return body, 0
	}
	n := 0
	for field, value := range map[string]string{"oneTimePassword": s.oneTimePassword, "verificationCode": s.verificationCode} {
		if m[field] != "[REDACTED]" {
			continue
		}
		n++
		if nFields[op] == field && s.numberEncoding == "number" {
			m[field] = json.Number(strings.TrimLeft(value, "0"))
		} else {
			m[field] = value
		}
	}
	if n == 0 {
		return body, 0
	}
	out, _ := json.Marshal(m)
	return string(out), n
}

// validateExchanges validates every exchange of a report against the
// document, on as many goroutines as there are processors. A response that
// does not conform fails, and so does a request that does not conform but
// was answered with success: the suite's positive calls are what a client
// sends, so the document must accept them. A non-conforming request that
// was refused is one of the suite's deliberately broken calls.
func validateExchanges(k *kinDoc, exs []record.Exchange, s secrets, workers int) (exchangeTally, []string) {
	var (
		mu       sync.Mutex
		tally    = exchangeTally{exchanges: len(exs)}
		failures []string
		next     = make(chan record.Exchange)
		wg       sync.WaitGroup
	)
	fail := func(format string, args ...any) {
		mu.Lock()
		defer mu.Unlock()
		failures = append(failures, fmt.Sprintf(format, args...))
	}
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var local exchangeTally
			for ex := range next {
				if _, ok := schemas.Lookup(ex.Operation); !ok {
					local.notAPI++
					continue
				}
				if ex.Status == 0 {
					local.noResponse++
					continue
				}
				body, n := unredact(ex.Operation, ex.RequestBody, s)
				local.unredacted += n
				reqErr, respErr := k.validate(exchange{
					method: ex.Method, url: ex.URL, reqHeader: ex.RequestHeaders, reqBody: body,
					status: ex.Status, respHeader: ex.ResponseHeaders, respBody: ex.ResponseBody,
				})
				local.validated += 2
				success := ex.Status >= 200 && ex.Status < 300
				switch {
				case reqErr != nil && success:
					fail("%s %s answered %d: the request does not conform: %v\nrequest: %s", ex.Method, ex.URL, ex.Status, reqErr, body)
				case reqErr != nil:
					local.refusedInvalid++
				}
				if respErr != nil {
					fail("%s %s answered %d: the response does not conform: %v\nresponse: %.2000s", ex.Method, ex.URL, ex.Status, respErr, ex.ResponseBody)
				}
			}
			mu.Lock()
			tally.add(local)
			mu.Unlock()
		}()
	}
	for _, ex := range exs {
		next <- ex
	}
	close(next)
	wg.Wait()
	return tally, failures
}

// A kin-openapi error is a schema error, not a failure of the machinery.
func isSchemaError(err error) bool {
	var re *openapi3filter.RequestError
	var se *openapi3filter.ResponseError
	var sec *openapi3filter.SecurityRequirementsError
	return errors.As(err, &re) || errors.As(err, &se) || errors.As(err, &sec)
}

// jsonHeader is the header of a JSON request or response.
func jsonHeader(extra ...string) http.Header {
	h := http.Header{"Content-Type": {"application/json"}, "Accept-Language": {"en-US"}}
	for i := 0; i+1 < len(extra); i += 2 {
		h.Set(extra[i], extra[i+1])
	}
	return h
}

// exampleExchange builds the exchange an operation's examples in the
// document describe: path and query parameters, body and success answer.
func exampleExchange(t testing.TB, doc map[string]any, baseURL string, op schemas.Operation) exchange {
	t.Helper()
	o := doc["paths"].(map[string]any)[op.Path].(map[string]any)[strings.ToLower(op.Method)].(map[string]any)
	path := op.Path
	query := url.Values{}
	for _, p := range o["parameters"].([]any) {
		p := p.(map[string]any)
		switch p["in"] {
		case "path":
			path = strings.ReplaceAll(path, "{"+p["name"].(string)+"}", url.PathEscape(p["example"].(string)))
		case "query":
			if v, ok := p["example"]; ok {
				query.Set(p["name"].(string), fmt.Sprint(v))
			}
		}
	}
	u := strings.TrimRight(baseURL, "/") + path
	if len(query) > 0 {
		u += "?" + query.Encode()
	}
	ex := exchange{method: op.Method, url: u, reqHeader: jsonHeader()}
	if !op.Anonymous {
		ex.reqHeader.Set("X-Auth-Token", "token-of-issue-token")
	}
	if rb, ok := o["requestBody"].(map[string]any); ok {
		examples := rb["content"].(map[string]any)["application/json"].(map[string]any)["examples"].(map[string]any)
		b, err := json.Marshal(examples[op.ID].(map[string]any)["value"])
		require.NoError(t, err)
		ex.reqBody = string(b)
	}
	responses := o["responses"].(map[string]any)
	ex.status = op.Success
	key := fmt.Sprint(op.Success)
	if op.Success == 0 {
		ex.status, key = 200, "200"
	}
	content := responses[key].(map[string]any)["content"].(map[string]any)
	mediaType := "application/json"
	if op.PlainText {
		mediaType = "text/plain"
	}
	value := content[mediaType].(map[string]any)["examples"].(map[string]any)[op.ID].(map[string]any)["value"]
	if s, ok := value.(string); ok && op.PlainText {
		ex.respBody = s
		ex.respHeader = http.Header{"Content-Type": {"text/plain; charset=utf-8"}}
	} else {
		b, err := json.Marshal(value)
		require.NoError(t, err)
		ex.respBody = string(b)
		ex.respHeader = http.Header{"Content-Type": {"application/json"}}
	}
	return ex
}

// decodeDoc decodes an OpenAPI document, numbers as json.Number.
func decodeDoc(t testing.TB, data []byte) map[string]any {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var doc map[string]any
	require.NoError(t, dec.Decode(&doc))
	return doc
}
