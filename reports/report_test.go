package reports

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wallet-conformance/wallet-conformance/record"
	"github.com/wallet-conformance/wallet-conformance/schemas"
)

// testReport builds the report of testResult with the update failure
// waived, one expired and one unused waiver.
func testReport(t *testing.T) (*Report, *schemas.Set) {
	t.Helper()
	set, err := schemas.Load()
	require.NoError(t, err)
	r := testResult()
	st := ApplyWaivers(r, []record.Waiver{
		clauseWaiver("2026-12-31"),
		errorWaiver("2026-01-31"),
		{Clause: "A-4.2", Justification: "was flaky", Expires: "2026-12-31"},
	}, today)
	return Build(r, testMeta(), st, set), set
}

func TestReportJSONMatchesItsSchema(t *testing.T) {
	rep, set := testReport(t)
	var a, b bytes.Buffer
	require.NoError(t, WriteJSON(&a, rep))
	require.NoError(t, WriteJSON(&b, rep))
	assert.Equal(t, a.String(), b.String(), "two writes are equal")
	require.NoError(t, set.Validate("report.schema.json", a.Bytes()))
	var ev bytes.Buffer
	require.NoError(t, WriteEvidence(&ev, rep))
	store, err := ReadEvidence(&ev, rep.Evidence)
	require.NoError(t, err)
	evJSON, err := json.Marshal(store)
	require.NoError(t, err)
	require.NoError(t, set.Validate("evidence.schema.json", evJSON))

	// A report with nothing in it is valid too.
	var empty bytes.Buffer
	require.NoError(t, WriteJSON(&empty, Build(&record.Run{}, record.Meta{}, nil, set)))
	require.NoError(t, set.Validate("report.schema.json", empty.Bytes()), empty.String())

	// The schema bites: a wrong verdict or an undocumented field is refused.
	var doc map[string]any
	require.NoError(t, json.Unmarshal(a.Bytes(), &doc))
	doc["verdict"] = "MOSTLY CONFORMANT"
	bad, _ := json.Marshal(doc)
	assert.Error(t, set.Validate("report.schema.json", bad))
	doc["verdict"], doc["surprise"] = record.NotConformant, 1
	bad, _ = json.Marshal(doc)
	assert.Error(t, set.Validate("report.schema.json", bad))
}

func TestReportContent(t *testing.T) {
	rep, _ := testReport(t)
	assert.Equal(t, SchemaVersion, rep.SchemaVersion)
	assert.Equal(t, "2026-05-04T08:30:00Z", rep.Time)
	assert.Equal(t, "90s", rep.CallAllowance)
	assert.Equal(t, record.NotConformant, rep.Verdict, "the ERROR's waiver expired")
	assert.Equal(t, 2, rep.Counts.ByStatus[record.Passed])
	assert.Equal(t, 7, rep.Counts.Total)
	assert.Equal(t, 1, rep.Counts.Waived)

	var out bytes.Buffer
	require.NoError(t, WriteJSON(&out, rep))
	js := out.String()
	assert.Contains(t, js, `"counts":{"PASSED":2,"FAILED":1,"BLOCKED":0,"ERROR":1,"WARNING":1,"SKIPPED":1,"NOT CLAIMED":1,"total":7,"waived":1}`)
	assert.NotContains(t, js, plantedSecret)
	assert.NotContains(t, js, plantedToken)

	// Every clause, in spec order, with its result.
	require.Len(t, rep.Clauses, len(SpecClauses()))
	results := map[string]string{}
	for i, c := range rep.Clauses {
		assert.Equal(t, SpecClauses()[i].Tag, c.Tag)
		results[c.Tag] = c.Result
	}
	assert.Equal(t, ClausePass, results["A-4.2"])
	assert.Equal(t, ClauseFail, results["A-4.3"])
	assert.Equal(t, ClauseFail, results["A-4.5"])
	assert.Equal(t, ClauseWarnings, results["A-4.6"])
	assert.Equal(t, ClauseNotRun, results["A-4.8"])
	assert.Equal(t, ClauseNotRun, results["B-4.19"])
	assert.Equal(t, ClauseUntested, results["A-4.4"])
	assert.Equal(t, ClauseLeftEmpty, results["A-9"])

	// Latency per operation in catalogue order; the timeout is over nothing (equal to the allowance).
	require.Len(t, rep.Latency, 3)
	assert.Equal(t, OperationLatency{Operation: "create-account", Count: 3, MedianMs: 80, MaxMs: 120, AllowanceMs: 90000}, rep.Latency[0])
	assert.Equal(t, "update-account", rep.Latency[1].Operation)
	assert.Equal(t, 1, rep.Latency[1].Retries)
	assert.Equal(t, "close-account", rep.Latency[2].Operation)
	slow, ok := rep.Slowest()
	require.True(t, ok)
	assert.Equal(t, "close-account", slow.Operation)

	// Observations: the undeclared field and header of successful responses only.
	assert.Equal(t, []Observation{
		{Operation: "create-account", Kind: ObservationField, Name: "vendorHint", Count: 3, Example: "A-4.02-create-account.feature:10"},
		{Operation: "create-account", Kind: ObservationHeader, Name: "X-Request-Id", Count: 3, Example: "A-4.02-create-account.feature:10"},
	}, rep.Observations)

	// Waivers as applied.
	require.Len(t, rep.Waivers, 3)
	assert.Equal(t, []string{WaiverApplied, WaiverExpired, WaiverUnused}, []string{rep.Waivers[0].State, rep.Waivers[1].State, rep.Waivers[2].State})
}

func TestSingleFailureEvidence(t *testing.T) {
	rep, _ := testReport(t)
	s, ok := rep.Scenario("A-4.03-update-account.feature:14")
	require.True(t, ok)
	step, ev := rep.FailureEvidence(s)
	assert.Equal(t, 2, step, "the Then failed")
	require.Len(t, ev, 1)
	assert.Equal(t, "update-account", ev[0].Operation, "its evidence is the When's call")
	assert.Equal(t, []string{"[REDACTED]"}, ev[0].RequestHeaders["X-Auth-Token"])
}

func TestWriteAll(t *testing.T) {
	rep, _ := testReport(t)
	dir := filepath.Join(t.TempDir(), "out")
	require.NoError(t, WriteAll(dir, rep))
	files, err := Readable(dir)
	require.NoError(t, err)
	for _, name := range []string{EvidenceFile, EvidenceFile + "#inflated", ReportJSONFile, ReportHTMLFile, ReportHTMLFile + "#evidence", SummaryFile, JUnitFile} {
		data := files[name]
		assert.NotEmpty(t, data, name)
		assert.NotContains(t, string(data), plantedSecret, name)
		assert.NotContains(t, string(data), plantedToken, name)
	}
	// The evidence the page carries is the store, byte for byte.
	assert.Equal(t, files[EvidenceFile+"#inflated"], files[ReportHTMLFile+"#evidence"])

	// report.json and its store read back as the report written.
	back, err := ReadReport(dir)
	require.NoError(t, err)
	assert.Equal(t, rep.Exchanges(), back.Exchanges())
	assert.Equal(t, rep.Verdict, back.DerivedVerdict())
}

// A run that selected part of the scenarios does not call the clauses it
// left out untested.
func TestClausesLeftOutByTagsAreNotSelected(t *testing.T) {
	m := testMeta()
	m.Tags = "@A-4.2"
	rep := Build(testResult(), m, nil, nil)
	for _, c := range rep.Clauses {
		if c.Tag == "A-4.4" {
			assert.Equal(t, ClauseNotSelected, c.Result)
		}
		assert.NotEqual(t, ClauseUntested, c.Result, c.Tag)
	}
}

// Since 2.2 report.json leaves out the fields most scenarios and steps have
// empty (a scenario's advisory, message, waiver, blockedBy and broke, a
// step's error and exchanges); a 2.1 report, which writes them, is still
// valid, and reads (ReadReport, ReadPart) into the same model.
func TestReportJSONLeavesOutEmptyFieldsAndReads21(t *testing.T) {
	rep, set := testReport(t)
	dir := filepath.Join(t.TempDir(), "2.2")
	require.NoError(t, WriteAll(dir, rep))
	data, err := os.ReadFile(filepath.Join(dir, ReportJSONFile))
	require.NoError(t, err)
	for _, empty := range []string{`"advisory":false`, `"message":""`, `"waiver":null`, `"blockedBy":null`, `"broke":""`, `"error":""`, `"exchanges":[]`} {
		assert.NotContains(t, string(data), empty)
	}
	assert.Contains(t, string(data), `"advisory":true`, "a field that is not empty is written")
	assert.Contains(t, string(data), `"waiver":{`)
	require.NoError(t, set.Validate("report.schema.json", data))

	// The same report as 2.1 wrote it: every field, empty or not.
	var doc map[string]any
	require.NoError(t, json.Unmarshal(data, &doc))
	doc["schemaVersion"] = "2.1"
	defaults := map[string]any{"advisory": false, "message": "", "waiver": nil, "blockedBy": nil, "broke": ""}
	for _, s := range doc["scenarios"].([]any) {
		sc := s.(map[string]any)
		for k, v := range defaults {
			if _, ok := sc[k]; !ok {
				sc[k] = v
			}
		}
		for _, st := range sc["steps"].([]any) {
			step := st.(map[string]any)
			if _, ok := step["error"]; !ok {
				step["error"] = ""
			}
			if _, ok := step["exchanges"]; !ok {
				step["exchanges"] = []any{}
			}
		}
	}
	old, err := json.Marshal(doc)
	require.NoError(t, err)
	assert.Contains(t, string(old), `"waiver":null`)
	assert.Contains(t, string(old), `"exchanges":[]`)
	require.NoError(t, set.Validate("report.schema.json", old), "a 2.1 report is valid")
	oldDir := filepath.Join(t.TempDir(), "2.1")
	require.NoError(t, os.MkdirAll(oldDir, 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(oldDir, ReportJSONFile), old, 0o644))
	ev, err := os.ReadFile(filepath.Join(dir, EvidenceFile))
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(oldDir, EvidenceFile), ev, 0o644))

	// Both read into the same model: the scenarios, their steps and their
	// exchanges, written again, are the same bytes.
	read := func(dir string) ([]byte, []record.Exchange) {
		r, err := ReadReport(dir)
		require.NoError(t, err)
		p, err := ReadPart(dir)
		require.NoError(t, err)
		require.Equal(t, len(r.Scenarios), len(p.Report.Scenarios))
		js, err := json.Marshal(r.Scenarios)
		require.NoError(t, err)
		var exchanges []record.Exchange
		for _, s := range r.Scenarios {
			for _, st := range s.Steps {
				exchanges = append(exchanges, r.ExchangesOf(st.Exchanges)...)
			}
		}
		return js, exchanges
	}
	newJS, newEx := read(dir)
	oldJS, oldEx := read(oldDir)
	assert.JSONEq(t, string(newJS), string(oldJS))
	assert.NotEmpty(t, newEx)
	assert.Equal(t, newEx, oldEx)
	var sc []ScenarioReport
	require.NoError(t, json.Unmarshal(oldJS, &sc))
	assert.Equal(t, rep.Scenarios[2].Message, sc[2].Message)
	assert.Equal(t, rep.Scenarios[2].Waiver, sc[2].Waiver)
}

// report.html carries the evidence store but for the exchanges of the
// sweeps' passing inputs, written as null so that every other keeps its
// index; a finding's failing step keeps its own. evidence.json.gz holds
// every exchange, and its JSON is what encoding/json writes of it.
func TestThePageLeavesOutTheSweepsPassingInputs(t *testing.T) {
	r := testResult()
	call := func(url string) record.Exchange {
		ex := createAccountExchange(time.Millisecond)
		ex.URL = url
		return ex
	}
	r.Scenarios = append(r.Scenarios,
		record.Scenario{ID: "sweep-1.create-account", Feature: "Bad-input sweep (seed 1)", Name: "Create Account: 2 bad inputs answered as the spec classes them",
			Tags: []string{"sweep", "A-4.2", "A-7"}, Clauses: []string{"A-4.2", "A-7"}, Status: record.Passed,
			Steps: []record.Step{{Text: "the partner sends 2 bad inputs", Status: "passed", Exchanges: []record.Exchange{call(base + "/in-1"), call(base + "/in-2")}}}},
		record.Scenario{ID: "sweep-1.close-account.x", Feature: "Bad-input sweep (seed 1)", Name: "Close Account with x: HTTP 500",
			Tags: []string{"sweep", "A-4.5", "A-7"}, Clauses: []string{"A-4.5", "A-7"}, Status: record.Failed, Message: "expected a handled error, got HTTP 500",
			Steps: []record.Step{
				{Text: "the partner sends 1 bad input", Status: "passed", Exchanges: []record.Exchange{call(base + "/in-3")}},
				{Text: "the partner sends Close Account with x", Status: "failed", Exchanges: []record.Exchange{call(base + "/finding")}},
			}})
	rep := Build(r, testMeta(), nil, nil)
	n := len(rep.Exchanges())
	dir := t.TempDir()
	require.NoError(t, WriteAll(dir, rep))
	files, err := Readable(dir)
	require.NoError(t, err)

	var store, page struct{ Exchanges []map[string]any }
	require.NoError(t, json.Unmarshal(files[EvidenceFile+"#inflated"], &store))
	require.NoError(t, json.Unmarshal(files[ReportHTMLFile+"#evidence"], &page))
	require.Len(t, store.Exchanges, n)
	require.Len(t, page.Exchanges, n, "every exchange keeps its index")
	for i := range n - 4 {
		assert.Equal(t, store.Exchanges[i], page.Exchanges[i], "a scenario's exchange is carried")
	}
	assert.Nil(t, page.Exchanges[n-4], "a passing input")
	assert.Nil(t, page.Exchanges[n-3], "a passing input")
	assert.Nil(t, page.Exchanges[n-2], "a finding's passing inputs")
	assert.Equal(t, base+"/finding", page.Exchanges[n-1]["url"], "a finding's failing step")
	assert.Contains(t, string(files[ReportHTMLFile]), "but for the 3 calls of the sweeps' passing inputs")

	// The store is the JSON encoding/json writes of the whole (its digest
	// in report.json is of these bytes).
	want, err := json.Marshal(Evidence{SchemaVersion: EvidenceSchemaVersion, Exchanges: rep.Exchanges()})
	require.NoError(t, err)
	assert.Equal(t, string(want)+"\n", string(files[EvidenceFile+"#inflated"]))
}
