package reports

import (
	"bytes"
	"encoding/json"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/santhosh-tekuri/jsonschema/v5"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wallet-conformance/wallet-conformance/record"
	"github.com/wallet-conformance/wallet-conformance/targetclient"
)

// harSchema compiles testdata/har-1.2.schema.json: HAR 1.2 written from the
// specification's tables, strict about required fields, types and unknown
// (non-underscore) fields.
func harSchema(t *testing.T) *jsonschema.Schema {
	t.Helper()
	data, err := os.ReadFile("testdata/har-1.2.schema.json")
	require.NoError(t, err)
	c := jsonschema.NewCompiler()
	c.Draft = jsonschema.Draft2020
	require.NoError(t, c.AddResource("har.json", bytes.NewReader(data)))
	s, err := c.Compile("har.json")
	require.NoError(t, err)
	return s
}

func harOf(t *testing.T, rep *Report) (map[string]any, []byte) {
	t.Helper()
	var b bytes.Buffer
	require.NoError(t, WriteHAR(&b, rep))
	var doc map[string]any
	require.NoError(t, json.Unmarshal(b.Bytes(), &doc))
	return doc, b.Bytes()
}

// harFixture is the fixture run plus a GET with a query string and an
// aborted run's exchange, so every kind of entry is written.
func harFixture() *Report {
	r := testResult()
	r.Scenarios = append(r.Scenarios, record.Scenario{ID: "B-4.13-balance-enquiry.feature:9", Name: "The balance is read", Clauses: []string{"B-4.13"}, Status: record.Passed,
		Steps: []record.Step{{Text: "the partner reads the balance", Status: "passed", Exchanges: []record.Exchange{{
			Operation: "balance-enquiry", Method: "GET", URL: base + "/account/100000001/balance?partnerReference=r0a1b2c-9&programCode=PRG01&localTime=10%3A30%3A00",
			RequestHeaders: hdr("Accept", "application/json", "X-Auth-Token", targetclient.Redacted), Status: 200,
			ResponseHeaders: hdr("Content-Type", "application/json; charset=utf-8"), ResponseBody: `{"responseCode":"0000","avlBal":10.00}`,
			Latency: 7 * time.Millisecond,
		}}}}})
	return Build(r, testMeta(), nil, nil)
}

// The HAR of a run is valid HAR 1.2: every field the specification
// requires, with its type, and no field it does not define but custom
// (underscore) ones; and the schema bites.
func TestHARIsValidHAR12(t *testing.T) {
	schema := harSchema(t)
	doc, _ := harOf(t, harFixture())
	require.NoError(t, schema.Validate(doc))

	entry := func(d map[string]any) map[string]any {
		return d["log"].(map[string]any)["entries"].([]any)[0].(map[string]any)
	}
	for name, breakIt := range map[string]func(d map[string]any){
		"no cache":           func(d map[string]any) { delete(entry(d), "cache") },
		"no timings.wait":    func(d map[string]any) { delete(entry(d)["timings"].(map[string]any), "wait") },
		"a field of its own": func(d map[string]any) { entry(d)["operation"] = "x" },
		"version 1.1":        func(d map[string]any) { d["log"].(map[string]any)["version"] = "1.1" },
		"status as text":     func(d map[string]any) { entry(d)["response"].(map[string]any)["status"] = "200" },
		"text and params": func(d map[string]any) {
			entry(d)["request"].(map[string]any)["postData"].(map[string]any)["params"] = []any{}
		},
		"no response headers": func(d map[string]any) { delete(entry(d)["response"].(map[string]any), "headers") },
	} {
		broken, _ := harOf(t, harFixture())
		breakIt(broken)
		assert.Error(t, schema.Validate(broken), name)
	}
}

// Every exchange is one entry, in evidence order, under the page of its
// scenario; times add up as HAR requires; bodies, headers and the query
// string are the evidence's own; an exchange without response is status 0
// with its error.
func TestHARHoldsEveryExchange(t *testing.T) {
	rep := harFixture()
	var h har
	_, raw := harOf(t, rep)
	require.NoError(t, json.Unmarshal(raw, &h))
	log := h.Log
	assert.Equal(t, "1.2", log.Version)
	assert.Equal(t, HARCreator, log.Creator.Name)
	assert.Equal(t, "v1.3.0", log.Creator.Version)
	require.Len(t, log.Entries, len(rep.Exchanges()))

	pages := map[string]harPage{}
	for _, p := range log.Pages {
		pages[p.ID] = p
	}
	assert.Len(t, log.Pages, 5, "one page per scenario that made calls")
	assert.Equal(t, "A-4.3 A-7 A missing lastName is refused (FAILED)", pages["A-4.03-update-account.feature:14"].Title)
	prev := ""
	for i, e := range log.Entries {
		ex := rep.Exchanges()[i]
		assert.Equal(t, ex.URL, e.Request.URL)
		assert.Equal(t, ex.ResponseBody, e.Response.Content.Text)
		assert.Equal(t, e.Time, e.Timings.Send+e.Timings.Wait+e.Timings.Receive, "time is the sum of the timings")
		assert.Equal(t, ex.LatencyMs(), e.Time)
		assert.GreaterOrEqual(t, e.StartedDateTime, prev, "entries in time order")
		prev = e.StartedDateTime
		require.Contains(t, pages, e.PageRef)
		assert.LessOrEqual(t, pages[e.PageRef].StartedDateTime, e.StartedDateTime)
	}
	first := log.Entries[0]
	assert.Equal(t, "2026-05-04T08:30:00.000Z", first.StartedDateTime, "the timeline starts at the run's start")
	assert.Equal(t, "2026-05-04T08:30:00.120Z", log.Entries[1].StartedDateTime, "and each entry starts when the one before ended")
	assert.Equal(t, "PUT", first.Request.Method)
	assert.Equal(t, &harPostData{MimeType: "application/json", Text: rep.Exchanges()[0].RequestBody}, first.Request.PostData)
	assert.Equal(t, 201, first.Response.Status)
	assert.Equal(t, "Created", first.Response.StatusText)
	assert.Contains(t, first.Response.Headers, harNameValue{Name: "X-Request-Id", Value: "abc-1"})
	assert.Contains(t, first.Comment, `create-account, in step "the partner creates an account for the customer"`)

	var timeout, get harEntry
	for _, e := range log.Entries {
		switch e.Operation {
		case "close-account":
			timeout = e
		case "balance-enquiry":
			get = e
		}
	}
	assert.Equal(t, 0, timeout.Response.Status)
	assert.Equal(t, "context deadline exceeded", timeout.Error)
	assert.Equal(t, []harNameValue{{"partnerReference", "r0a1b2c-9"}, {"programCode", "PRG01"}, {"localTime", "10:30:00"}}, get.Request.QueryString)
	assert.Nil(t, get.Request.PostData)
	assert.Equal(t, "application/json; charset=utf-8", get.Response.Content.MimeType)
}

// The HAR holds no secret the report does not: it reads the redacted
// evidence, so the planted password and token are gone from it too; and the
// HAR of a report read back from its files is the same, byte for byte.
func TestHARIsRedactedAsTheReport(t *testing.T) {
	rep := harFixture()
	_, raw := harOf(t, rep)
	assert.NotContains(t, string(raw), plantedToken)
	assert.NotContains(t, string(raw), plantedSecret)
	assert.Contains(t, string(raw), `"value": "[REDACTED]"`)

	dir := t.TempDir()
	require.NoError(t, WriteAll(dir, rep))
	back, err := ReadReport(dir)
	require.NoError(t, err)
	_, again := harOf(t, back)
	assert.Equal(t, string(raw), string(again))
}

// A run that was aborted has its Issue Token exchange on a page of its own.
func TestHAROfAnAbortedRun(t *testing.T) {
	r := &record.Run{Target: base, Started: time.Date(2026, 5, 4, 8, 30, 0, 0, time.UTC), Aborted: "the target refused to issue a token",
		AbortEvidence: []record.Exchange{{Operation: "issue-token", Method: "POST", URL: base + "/user/u/issue",
			RequestHeaders: hdr("Content-Type", "application/json"), RequestBody: `{"password":"[REDACTED]"}`,
			Status: 500, ResponseHeaders: hdr("Content-Type", "text/html"), ResponseBody: "<html>down</html>", Latency: time.Millisecond}}}
	rep := Build(r, testMeta(), nil, nil)
	doc, raw := harOf(t, rep)
	require.NoError(t, harSchema(t).Validate(doc))
	var h har
	require.NoError(t, json.Unmarshal(raw, &h))
	require.Len(t, h.Log.Pages, 1)
	assert.True(t, strings.HasPrefix(h.Log.Pages[0].Title, "the run was aborted: "))
	require.Len(t, h.Log.Entries, 1)
	assert.Equal(t, harAborted, h.Log.Entries[0].PageRef)
	assert.Equal(t, "Internal Server Error", h.Log.Entries[0].Response.StatusText)
}
