package reports

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"net/http"
	"sort"
	"strconv"
	"time"

	"github.com/tidwall/gjson"

	"github.com/wallet-conformance/wallet-conformance/record"
	"github.com/wallet-conformance/wallet-conformance/schemas"
	"github.com/wallet-conformance/wallet-conformance/targetclient"
)

// SchemaVersion is the version of the report.json model, documented by
// schemas/report.schema.json. A minor version adds fields; a major version
// changes or removes them (2.0 moved the exchanges to the evidence store,
// EvidenceFile, and refers to them by index; 2.1 added a step's durationMs;
// 2.2 leaves out a scenario's advisory, message, waiver, blockedBy and
// broke, and a step's error and exchanges, when they are false, empty or
// null, as most are: a reader takes an absent one for that value, which is
// what a 2.1 file wrote, so this package reads both; 2.3 added a
// scenario's and a cause's hints, and a blocker's permitted; 2.4 added a
// scenario's key, and a waiver and a rerun name scenarios by key: a reader
// of an older report takes a scenario's key from its file and name,
// ScenarioReport.StableKey); 2.5 added the
// run's waits (rate limit, HTTP 429), a scenario's input and a cause's
// input and operations (the bad-input sweep's causes across operations); 2.6 the calls of
// each part of a run and a sweep's partial; 2.7 leaves out a clause's
// scenario's waived when false, as 2.2 did the other false fields.
const SchemaVersion = "2.7"

// DefaultCallAllowance is the spec's call time allowance, used
// when Meta gives none.
const DefaultCallAllowance = 90 * time.Second

// Clause results in the traceability matrix (ClauseReport.Result), an
// append-only list.
const (
	ClausePass = "pass" // every scenario that ran passed
	ClauseFail = "fail" // a scenario FAILED or ended in ERROR (waived or not)
	// ClauseBlocked: no scenario of the clause failed, but some could not
	// judge it because their setup failed (BLOCKED); the clause is not verified.
	ClauseBlocked   = "blocked"
	ClauseWarnings  = "pass with warnings"     // no failure, an @advisory scenario failed
	ClauseNotRun    = "not run"                // scenarios exist, none ran (SKIPPED, NOT CLAIMED)
	ClauseUntested  = "untested"               // no scenario of the run checks it
	ClauseLeftEmpty = "left empty by the spec" // the spec shows no content
	// ClauseNotSelected: the run selected part of the scenarios (--tags,
	// --shard) and none of this clause's; it may well have scenarios.
	ClauseNotSelected = "not selected"
)

// Kinds of observation (Observation.Kind), an append-only list.
const (
	ObservationField  = "extra-field"         // a response field the operation's schema does not declare
	ObservationHeader = "undocumented-header" // a response header outside KnownHeaders
)

// operationUnnamed is the latency row of exchanges recorded without an operation.
const operationUnnamed = "(none)"

// KnownHeaders are response headers that HTTP itself explains; any other
// response header of a success is reported as an observation.
var KnownHeaders = []string{
	"Age", "Cache-Control", "Connection", "Content-Encoding", "Content-Language", "Content-Length",
	"Content-Type", "Date", "Expires", "Keep-Alive", "Pragma", "Server", "Strict-Transport-Security",
	"Transfer-Encoding", "Vary", "Via",
}

// Report is the model of report.json (schema version SchemaVersion,
// documented field by field in schemas/report.schema.json). Every other
// report file is written from it. Slices are never nil, and every order is
// fixed: statuses as record.Statuses(), clauses as SpecClauses(), scenarios in
// feature file order, operations as schemas.Catalogue().
type Report struct {
	SchemaVersion string        `json:"schemaVersion"`
	RunID         string        `json:"runId"`
	Time          string        `json:"time"` // RFC 3339, UTC
	DurationMs    float64       `json:"durationMs"`
	Suite         Suite         `json:"suite"`
	Target        string        `json:"target"`
	Profile       any           `json:"profile"`
	Scope         Scope         `json:"scope"`
	Shard         *record.Shard `json:"shard"` // null unless the run was one shard (run --shard)
	Rerun         *record.Rerun `json:"rerun"` // null unless the run reran an earlier run's failures (run --rerun-failed)
	// Exploration is the run's stateful exploration; null when it made none.
	Exploration *record.Exploration `json:"exploration"`
	// Sweep is the run's bad-input sweep; absent when it made none.
	Sweep         *record.Sweep `json:"sweep,omitempty"`
	CallAllowance string        `json:"callAllowance"` // "90s"
	// Waited is what the run waited for its rate limit and for the
	// target's HTTP 429 answers (added in 2.4); absent when it waited for
	// neither and had no rate limit.
	Waited  *Waited `json:"waited,omitempty"`
	Verdict string  `json:"verdict"`
	// Aborted says why a run that started could not be carried out
	// (verdict ERROR), with what the target answered; null otherwise.
	Aborted *Aborted `json:"aborted"`
	Counts  Counts   `json:"counts"`
	// Causes groups the scenarios that did not pass by what went wrong:
	// the operation, the answer and the shape of the message. Root causes
	// (groups with a FAILED scenario) come first, largest first.
	Causes    []Cause            `json:"causes"`
	Clauses   []ClauseReport     `json:"clauses"`
	Scenarios []ScenarioReport   `json:"scenarios"`
	Waivers   []WaiverStatus     `json:"waivers"`
	Latency   []OperationLatency `json:"latency"`
	// Calls counts the run's calls by part (calls.go); null in a report
	// written before it did.
	Calls        *CallCounts   `json:"calls"`
	Observations []Observation `json:"observations"`
	Notices      []string      `json:"notices"`
	// Rules is how the run and the suite cover the spec's rules.
	Rules RuleCoverage `json:"rules"`
	// Evidence names the evidence store of the run (EvidenceFile): every
	// exchange, which steps refer to by index.
	Evidence EvidenceRef `json:"evidence"`

	// exchanges is the evidence store's content: the run's every exchange,
	// secrets redacted, in the order the scenarios and steps made them.
	exchanges []record.Exchange
	// store caches the encoded evidence store (see evidenceStore).
	store *encodedEvidence
}

// Exchanges returns every exchange of the run, as the evidence store holds them.
func (rep *Report) Exchanges() []record.Exchange { return rep.exchanges }

// ExchangesOf returns the exchanges of the given indices into the evidence store.
func (rep *Report) ExchangesOf(idx []int) []record.Exchange {
	out := make([]record.Exchange, 0, len(idx))
	for _, i := range idx {
		if i >= 0 && i < len(rep.exchanges) {
			out = append(out, rep.exchanges[i])
		}
	}
	return out
}

// addExchange puts an exchange into the evidence store and returns its index.
func (rep *Report) addExchange(ex record.Exchange) int {
	rep.exchanges = append(rep.exchanges, ex)
	rep.store = nil
	return len(rep.exchanges) - 1
}

// Suite identifies the suite that produced the report.
type Suite struct {
	Version        string `json:"version"`
	FeaturesSHA256 string `json:"featuresSha256"`
	SchemasSHA256  string `json:"schemasSha256"`
}

// Scope is what the run was asked to cover.
type Scope struct {
	Exclude []string `json:"exclude"` // clause tags not claimed
	Tags    string   `json:"tags"`    // tag expression, "" for all
}

// Counts holds how many scenarios ended in each status, with the total
// and how many FAILED or ERROR scenarios are waived. In JSON it is one
// object keyed by the status values, then "total" and "waived".
type Counts struct {
	ByStatus map[record.Status]int
	Total    int
	Waived   int
}

// MarshalJSON writes every status of record.Statuses() in order, then total and waived.
func (c Counts) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for _, s := range record.Statuses() {
		fmt.Fprintf(&b, "%q:%d,", string(s), c.ByStatus[s])
	}
	fmt.Fprintf(&b, `"total":%d,"waived":%d}`, c.Total, c.Waived)
	return b.Bytes(), nil
}

// UnmarshalJSON reads what MarshalJSON writes.
func (c *Counts) UnmarshalJSON(data []byte) error {
	var m map[string]int
	if err := json.Unmarshal(data, &m); err != nil {
		return err
	}
	*c = Counts{ByStatus: map[record.Status]int{}}
	for k, v := range m {
		switch k {
		case "total":
			c.Total = v
		case "waived":
			c.Waived = v
		default:
			c.ByStatus[record.Status(k)] = v
		}
	}
	return nil
}

// ClauseReport is one row of the traceability matrix.
type ClauseReport struct {
	Tag       string           `json:"tag"`
	Title     string           `json:"title"`
	Empty     bool             `json:"empty"`  // the spec leaves it empty
	Result    string           `json:"result"` // ClausePass ... ClauseLeftEmpty
	Scenarios []ClauseScenario `json:"scenarios"`
}

// Count returns how many of the clause's scenarios ended in status s.
func (c ClauseReport) Count(s record.Status) int {
	n := 0
	for _, sc := range c.Scenarios {
		if sc.Status == s {
			n++
		}
	}
	return n
}

// ClauseScenario is a scenario tagged with a clause, with its result.
type ClauseScenario struct {
	ID     string        `json:"id"`
	Status record.Status `json:"status"`
	Waived bool          `json:"waived,omitempty"` // absent when false (2.7)
}

// ScenarioReport is one scenario with its steps and exchanges.
type ScenarioReport struct {
	ID         string         `json:"id"`            // file.feature:line, where a reader finds it
	Key        string         `json:"key,omitempty"` // record.ScenarioKey; absent before 2.4 (StableKey)
	Feature    string         `json:"feature"`
	Name       string         `json:"name"`
	Tags       []string       `json:"tags"`
	Clauses    []string       `json:"clauses"`
	Advisory   bool           `json:"advisory,omitempty"`
	Status     record.Status  `json:"status"`
	Message    string         `json:"message,omitempty"` // expected versus got, or the missing profile key
	DurationMs float64        `json:"durationMs"`
	Waiver     *record.Waiver `json:"waiver,omitempty"` // absent unless a waiver covers this FAILED, ERROR or BLOCKED scenario
	// BlockedBy names the setup that blocked a BLOCKED scenario; absent otherwise.
	BlockedBy *record.Blocker `json:"blockedBy,omitempty"`
	// Rules are the catalogue rules (rules/) the scenario checks.
	Rules []string `json:"rules"`
	// Broke is the rule the failing check named ("" when it named none).
	Broke string `json:"broke,omitempty"`
	// Hints are the profile settings its evidence points to; absent when none.
	Hints []record.Hint `json:"hints,omitempty"`
	// Input is, for a finding of the bad-input sweep, its kind of input in
	// words (record.Scenario.Input); absent otherwise.
	Input string `json:"input,omitempty"`
	// Cause is the index in Report.Causes of this scenario's cause; -1 when it passed.
	Cause int          `json:"cause"`
	Steps []StepReport `json:"steps"`
}

// Aborted is why a run that started could not be carried out.
type Aborted struct {
	Reason    string `json:"reason"`
	Exchanges []int  `json:"exchanges"` // what the target answered: indices into the evidence store
}

// scenarioKey is the key report.json writes for s: its own, or the one its
// feature file and name make; none for a scenario of no feature file (the
// exploration's, the sweep's).
func scenarioKey(s record.Scenario) string {
	if k := record.KeyOf(s.Key, s.ID, s.Name); record.IsScenarioKey(k) {
		return k
	}
	return ""
}

// File returns the feature file of the scenario ID.
func (s ScenarioReport) File() string { return record.FileOf(s.ID) }

// StableKey returns the scenario's key (record.ScenarioKey): Key, or for a
// report written before keys (schema 2.3 and older) the key its feature
// file and name make, which names the same scenario as long as it keeps
// its name.
func (s ScenarioReport) StableKey() string { return record.KeyOf(s.Key, s.ID, s.Name) }

// Failing reports whether the scenario counts against the verdict (Counting)
// and no waiver covers it.
func (s ScenarioReport) Failing() bool {
	return record.Counting(s.Status, s.Advisory) && s.Waiver == nil
}

// DerivedVerdict computes the verdict from the report's own scenario
// results (DeriveVerdict). A report whose stated Verdict differs has been
// edited, or was written by a defective suite.
func (rep *Report) DerivedVerdict() string {
	return record.DeriveVerdict(rep.Aborted != nil, len(rep.Scenarios), func(i int) (record.Status, bool, bool) {
		s := rep.Scenarios[i]
		return s.Status, s.Advisory, s.Waiver != nil
	})
}

// FailureEvidence returns the index of the step of s that failed and the
// exchanges that show why: the failed step's own exchanges, or, when it made
// none (a Then that checks an earlier response), those of the nearest
// earlier step that made some. Without a failed step it looks back from the
// last step. It returns -1 and nil when there is nothing to show.
func (rep *Report) FailureEvidence(s ScenarioReport) (int, []record.Exchange) {
	failed := -1
	for i, st := range s.Steps {
		if st.Status != "passed" && st.Status != "skipped" {
			failed = i
			break
		}
	}
	from := failed
	if from < 0 {
		from = len(s.Steps) - 1
	}
	for i := from; i >= 0; i-- {
		if len(s.Steps[i].Exchanges) > 0 {
			// A step that judged the scenario's move by reading the state
			// back shows the move first, then what the reads found.
			return failed, rep.ExchangesOf(append(append([]int{}, s.Steps[i].Checks...), s.Steps[i].Exchanges...))
		}
	}
	return failed, nil
}

// Move returns, for a scenario whose failed step judged an earlier call
// (its When) by reading the state back, that call and the reads that
// revealed the fault; ok is false otherwise. A read that was itself no
// success is the fault (failingCall then names the read).
func (rep *Report) Move(s ScenarioReport) (move record.Exchange, reads []record.Exchange, ok bool) {
	if s.BlockedBy != nil {
		return record.Exchange{}, nil, false
	}
	for _, st := range s.Steps {
		if st.Status == "passed" || st.Status == "skipped" {
			continue
		}
		if len(st.Checks) == 0 || len(st.Exchanges) == 0 {
			return record.Exchange{}, nil, false
		}
		moves := rep.ExchangesOf(st.Checks)
		if len(moves) == 0 {
			return record.Exchange{}, nil, false
		}
		return moves[len(moves)-1], rep.ExchangesOf(st.Exchanges), true
	}
	return record.Exchange{}, nil, false
}

// StepReport is one step as it ran.
type StepReport struct {
	Text      string `json:"text"`
	Status    string `json:"status"` // passed, failed, skipped, undefined, pending, ambiguous
	Error     string `json:"error,omitempty"`
	Exchanges []int  `json:"exchanges,omitempty"` // indices into the evidence store
	// DurationMs is how long the step ran (cucumber.json's step duration).
	DurationMs float64 `json:"durationMs,omitempty"`
	// WaitedMs is how long the step waited for the target's clock to turn
	// (B-4.12's "a second later"), time that is no answer's latency.
	WaitedMs float64 `json:"waitedMs,omitempty"`
	// Advice lists the step's advisory checks that did not hold.
	Advice []record.Advice `json:"advice,omitempty"`
	// Checks names the earlier call whose effect the step judged by
	// reading the state back (the scenario's move): indices into the
	// evidence store. Absent when the step judged its own calls.
	Checks []int `json:"checks,omitempty"`
}

// OperationLatency sums up the calls of one operation.
type OperationLatency struct {
	Operation     string  `json:"operation"`
	Count         int     `json:"count"`
	MedianMs      float64 `json:"medianMs"`
	MaxMs         float64 `json:"maxMs"`
	AllowanceMs   float64 `json:"allowanceMs"`
	OverAllowance int     `json:"overAllowance"` // calls slower than the allowance
	Retries       int     `json:"retries"`
}

// Observation is something a target does that the spec neither asks for
// nor forbids: never a failure, shown so a vendor can document it.
type Observation struct {
	Operation string `json:"operation"`
	Kind      string `json:"kind"` // ObservationField or ObservationHeader
	Name      string `json:"name"`
	Count     int    `json:"count"`   // exchanges in which it was seen
	Example   string `json:"example"` // the first scenario that saw it
}

// Build makes the report of a run. r's waivers must already be applied
// (ApplyWaivers), and waivers is what ApplyWaivers returned. set, when not
// nil, tells which response fields each operation declares (observations
// of extra fields). Build does not change r.
func Build(r *record.Run, m record.Meta, waivers []WaiverStatus, set *schemas.Set) *Report {
	if m.Time.IsZero() {
		m.Time = r.Started
	}
	if m.Target == "" {
		m.Target = r.Target
	}
	rep := newReport(m, r.Duration, waivers, len(r.Scenarios))
	rep.Waited = waitedOf(r.Waited)
	fields := targetclient.NewRedactor() // redacts by field and header name only: a second guard
	for _, s := range r.Scenarios {
		sr := ScenarioReport{
			ID: s.ID, Key: scenarioKey(s), Feature: s.Feature, Name: s.Name,
			Tags: nonNil(s.Tags), Clauses: nonNil(s.Clauses), Advisory: s.Advisory,
			Status: s.Status, Message: fields.String(s.Message), DurationMs: ms(s.Duration),
			Rules: nonNil(s.Rules), Broke: s.Broke, Hints: s.Hints, Input: s.Input, Cause: -1,
			Steps: make([]StepReport, 0, len(s.Steps)),
		}
		if s.BlockedBy != nil {
			b := *s.BlockedBy
			sr.BlockedBy = &b
		}
		if s.Waiver != nil {
			w := *s.Waiver
			sr.Waiver = &w
		}
		var made []int // the scenario's exchanges so far: indices into the evidence store
		for _, st := range s.Steps {
			step := StepReport{Text: st.Text, Status: st.Status, Error: fields.String(st.Error), Exchanges: make([]int, 0, len(st.Exchanges)), DurationMs: ms(st.Duration), WaitedMs: ms(st.Waited)}
			for _, a := range st.Advice {
				step.Advice = append(step.Advice, record.Advice{Rule: a.Rule, Message: fields.String(a.Message)})
			}
			for _, pos := range st.Checks {
				if pos >= 0 && pos < len(made) {
					step.Checks = append(step.Checks, made[pos])
				}
			}
			for _, ex := range st.Exchanges {
				i := rep.addExchange(exchangeReport(ex, fields))
				step.Exchanges = append(step.Exchanges, i)
				made = append(made, i)
			}
			sr.Steps = append(sr.Steps, step)
		}
		rep.Scenarios = append(rep.Scenarios, sr)
	}
	if r.Aborted != "" {
		rep.Aborted = &Aborted{Reason: fields.String(r.Aborted), Exchanges: []int{}}
		for _, ex := range r.AbortEvidence {
			rep.Aborted.Exchanges = append(rep.Aborted.Exchanges, rep.addExchange(exchangeReport(ex, fields)))
		}
	}
	rep.derive(m, set)
	return rep
}

// newReport starts the report of a run from its meta (Time and Target
// set), before its scenarios.
func newReport(m record.Meta, duration time.Duration, waivers []WaiverStatus, scenarios int) *Report {
	allowance := m.CallAllowance
	if allowance <= 0 {
		allowance = DefaultCallAllowance
	}
	rep := &Report{
		SchemaVersion: SchemaVersion,
		RunID:         m.RunID,
		Time:          m.Time.UTC().Format(time.RFC3339),
		DurationMs:    ms(duration),
		Suite:         Suite{Version: m.SuiteVersion, FeaturesSHA256: m.FeaturesSHA256, SchemasSHA256: m.SchemasSHA256},
		Target:        m.Target,
		Profile:       redactedProfile(m.Profile),
		Scope:         Scope{Exclude: append([]string{}, m.Exclude...), Tags: m.Tags},
		CallAllowance: formatSeconds(allowance),
		Notices:       append([]string{}, m.Notices...),
		Counts:        Counts{ByStatus: map[record.Status]int{}},
		Causes:        []Cause{},
		Clauses:       []ClauseReport{},
		Scenarios:     make([]ScenarioReport, 0, scenarios),
		Waivers:       append([]WaiverStatus{}, waivers...),
	}
	if m.Shard != nil {
		sh := *m.Shard
		rep.Shard = &sh
	}
	if m.Rerun != nil {
		rep.Rerun = &record.Rerun{Of: m.Rerun.Of, Scenarios: append([]string{}, m.Rerun.Scenarios...), Exploration: m.Rerun.Exploration, Sweep: m.Rerun.Sweep}
	}
	if m.Sweep != nil {
		sw := *m.Sweep
		sw.Findings = append([]string{}, sw.Findings...)
		sw.Partial = sw.Partial || sw.Inputs < sw.Generated
		rep.Sweep = &sw
	}
	if m.Exploration != nil {
		ex := *m.Exploration
		ex.Seeds, ex.Failed = append([]uint64{}, ex.Seeds...), append([]string{}, ex.Failed...)
		rep.Exploration = &ex
	}
	for i := range rep.Waivers {
		rep.Waivers[i].Matched = nonNil(rep.Waivers[i].Matched)
		rep.Waivers[i].Waived = nonNil(rep.Waivers[i].Waived)
	}
	return rep
}

// derive computes what the report derives from its scenarios and
// exchanges: the verdict, the counts, the evidence reference, the causes,
// the clauses, the rule coverage, the latency and the observations.
func (rep *Report) derive(m record.Meta, set *schemas.Set) {
	rep.Verdict = record.DeriveVerdict(rep.Aborted != nil, len(rep.Scenarios), func(i int) (record.Status, bool, bool) {
		s := rep.Scenarios[i]
		return s.Status, s.Advisory, s.Waiver != nil
	})
	for _, s := range rep.Scenarios {
		rep.Counts.ByStatus[s.Status]++
		rep.Counts.Total++
		if s.Waiver != nil && record.Counting(s.Status, s.Advisory) {
			rep.Counts.Waived++
		}
	}
	allowance := m.CallAllowance
	if allowance <= 0 {
		allowance = DefaultCallAllowance
	}
	rep.Evidence = EvidenceRef{File: EvidenceFile, Exchanges: len(rep.exchanges)}
	rep.Causes = causes(rep)
	rep.Clauses = clauseReports(rep.Scenarios, m.Tags != "" || m.Shard != nil || m.Rerun != nil || m.Selected)
	rep.Rules = ruleCoverage(rep, m.Checks)
	rep.Latency = latency(rep.exchanges, allowance)
	rep.Calls = callCounts(rep)
	rep.Observations = observations(rep, set)
}

// Scenario returns the scenario with the given ID.
func (rep *Report) Scenario(id string) (ScenarioReport, bool) {
	for _, s := range rep.Scenarios {
		if s.ID == id {
			return s, true
		}
	}
	return ScenarioReport{}, false
}

// WriteJSON writes report.json: compact JSON (tools read it; `jq .` shows
// it indented), with the digest of the evidence store. The output is a
// function of the report alone: two writes of one report are byte for byte
// equal.
func WriteJSON(w io.Writer, rep *Report) error {
	data, err := encodeJSON(rep)
	if err != nil {
		return err
	}
	_, err = w.Write(data)
	return err
}

// encodeJSON encodes report.json (after the evidence store, whose digest
// it records).
func encodeJSON(rep *Report) ([]byte, error) {
	if _, err := rep.evidenceStore(); err != nil {
		return nil, err
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(rep); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// exchangeReport redacts an exchange for the report (by field and header
// name: a second guard after the client's own redactor) and rounds its
// latency to the microsecond the files write.
func exchangeReport(ex record.Exchange, fields *targetclient.Redactor) record.Exchange {
	ex.URL = fields.URL(ex.URL)
	ex.RequestHeaders = headers(ex.RequestHeaders, fields)
	ex.RequestBody = fields.String(ex.RequestBody)
	ex.ResponseHeaders = headers(ex.ResponseHeaders, fields)
	ex.ResponseBody = fields.String(ex.ResponseBody)
	ex.Latency = ex.Latency.Round(time.Microsecond)
	ex.RetriedCodes = nonNil(ex.RetriedCodes)
	ex.Error = fields.String(ex.Error)
	return ex
}

func headers(h http.Header, fields *targetclient.Redactor) http.Header {
	if h == nil {
		return http.Header{}
	}
	return fields.Header(h)
}

// redactedProfile marshals the profile as given and redacts, once more,
// every field named like a secret (password, token, verificationCode ...).
func redactedProfile(p any) any {
	if p == nil {
		return nil
	}
	data, err := json.Marshal(p)
	if err != nil {
		return map[string]string{"error": "the profile could not be written: " + err.Error()}
	}
	return json.RawMessage(targetclient.NewRedactor().String(string(data)))
}

func clauseReports(scenarios []ScenarioReport, partial bool) []ClauseReport {
	var out []ClauseReport
	for _, c := range SpecClauses() {
		row := ClauseReport{Tag: c.Tag, Title: c.Title, Empty: c.Empty, Scenarios: []ClauseScenario{}}
		for _, s := range scenarios {
			for _, tag := range s.Clauses {
				if tag == c.Tag {
					row.Scenarios = append(row.Scenarios, ClauseScenario{ID: s.ID, Status: s.Status, Waived: s.Waiver != nil})
					break
				}
			}
		}
		row.Result = clauseResult(row)
		if partial && row.Result == ClauseUntested {
			row.Result = ClauseNotSelected
		}
		out = append(out, row)
	}
	return out
}

func clauseResult(row ClauseReport) string {
	switch {
	case row.Empty && len(row.Scenarios) == 0:
		return ClauseLeftEmpty
	case len(row.Scenarios) == 0:
		return ClauseUntested
	case row.Count(record.Failed) > 0 || row.Count(record.Error) > 0:
		return ClauseFail
	case row.Count(record.Blocked) > 0:
		return ClauseBlocked
	case row.Count(record.Passed) == 0 && row.Count(record.Warning) == 0:
		return ClauseNotRun
	case row.Count(record.Warning) > 0:
		return ClauseWarnings
	}
	return ClausePass
}

// operationOrder ranks operation IDs as the catalogue lists them; others
// follow, by name.
func operationOrder() map[string]int {
	order := map[string]int{}
	for i, op := range schemas.Catalogue() {
		order[op.ID] = i
	}
	return order
}

func sortOperations(ids []string) {
	order := operationOrder()
	sort.SliceStable(ids, func(i, j int) bool {
		oi, iok := order[ids[i]]
		oj, jok := order[ids[j]]
		switch {
		case iok && jok:
			return oi < oj
		case iok != jok:
			return iok
		}
		return ids[i] < ids[j]
	})
}

func latency(exchanges []record.Exchange, allowance time.Duration) []OperationLatency {
	type acc struct {
		lat     []float64
		retries int
	}
	byOp := map[string]*acc{}
	var ops []string
	for _, ex := range exchanges {
		op := ex.Operation
		if op == "" {
			op = operationUnnamed
		}
		a, ok := byOp[op]
		if !ok {
			a = &acc{}
			byOp[op] = a
			ops = append(ops, op)
		}
		a.lat = append(a.lat, ex.LatencyMs())
		a.retries += ex.Retries
	}
	sortOperations(ops)
	allowMs := ms(allowance)
	out := make([]OperationLatency, 0, len(ops))
	for _, op := range ops {
		a := byOp[op]
		sort.Float64s(a.lat)
		row := OperationLatency{Operation: op, Count: len(a.lat), MaxMs: a.lat[len(a.lat)-1], AllowanceMs: allowMs, Retries: a.retries}
		n := len(a.lat)
		if n%2 == 1 {
			row.MedianMs = a.lat[n/2]
		} else {
			row.MedianMs = round3((a.lat[n/2-1] + a.lat[n/2]) / 2)
		}
		for _, l := range a.lat {
			if l > allowMs {
				row.OverAllowance++
			}
		}
		out = append(out, row)
	}
	return out
}

// Slowest returns the latency row with the slowest single call, and false
// when no call was made.
func (rep *Report) Slowest() (OperationLatency, bool) {
	var best OperationLatency
	found := false
	for _, l := range rep.Latency {
		if !found || l.MaxMs > best.MaxMs {
			best, found = l, true
		}
	}
	return best, found
}

func observations(rep *Report, set *schemas.Set) []Observation {
	known := map[string]bool{}
	for _, h := range KnownHeaders {
		known[http.CanonicalHeaderKey(h)] = true
	}
	declared := map[string]map[string]bool{}
	type key struct{ op, kind, name string }
	idx := map[key]int{}
	var out []Observation
	add := func(k key, scenario string) {
		if i, ok := idx[k]; ok {
			out[i].Count++
			return
		}
		idx[k] = len(out)
		out = append(out, Observation{Operation: k.op, Kind: k.kind, Name: k.name, Count: 1, Example: scenario})
	}
	for _, s := range rep.Scenarios {
		for _, st := range s.Steps {
			for _, ex := range rep.ExchangesOf(st.Exchanges) {
				op, ok := schemas.Lookup(ex.Operation)
				if !ok || !success(op, ex) {
					continue
				}
				seen := map[key]bool{} // one count per exchange
				names := make([]string, 0, len(ex.ResponseHeaders))
				for h := range ex.ResponseHeaders {
					names = append(names, http.CanonicalHeaderKey(h))
				}
				sort.Strings(names)
				for _, h := range names {
					k := key{op.ID, ObservationHeader, h}
					if !known[h] && !seen[k] {
						seen[k] = true
						add(k, s.ID)
					}
				}
				if set == nil || op.PlainText {
					continue
				}
				decl, ok := declared[op.ID]
				if !ok {
					decl = map[string]bool{}
					for _, p := range set.Properties(op.ResponseSchema()) {
						decl[p] = true
					}
					declared[op.ID] = decl
				}
				if len(decl) == 0 {
					continue // no response schema to compare with
				}
				body := gjson.Parse(ex.ResponseBody)
				if !body.IsObject() {
					continue
				}
				body.ForEach(func(k, _ gjson.Result) bool {
					kk := key{op.ID, ObservationField, k.String()}
					if !decl[k.String()] && !seen[kk] {
						seen[kk] = true
						add(kk, s.ID)
					}
					return true
				})
			}
		}
	}
	order := operationOrder()
	sort.SliceStable(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.Operation != b.Operation {
			return order[a.Operation] < order[b.Operation]
		}
		if a.Kind != b.Kind {
			return a.Kind < b.Kind
		}
		return a.Name < b.Name
	})
	if out == nil {
		out = []Observation{}
	}
	return out
}

// success reports whether an exchange is a success of its operation: the
// operation's success status (any 2xx where the spec shows none) and, for
// JSON, responseCode 0000.
func success(op schemas.Operation, ex record.Exchange) bool {
	if op.Success != 0 && ex.Status != op.Success {
		return false
	}
	if ex.Status < 200 || ex.Status > 299 {
		return false
	}
	if op.PlainText {
		return true
	}
	return gjson.Get(ex.ResponseBody, "responseCode").String() == "0000"
}

func ms(d time.Duration) float64 { return round3(float64(d) / float64(time.Millisecond)) }

func round3(f float64) float64 { return math.Round(f*1000) / 1000 }

// formatSeconds writes a duration in seconds: "90s", "1.5s".
func formatSeconds(d time.Duration) string {
	return strconv.FormatFloat(d.Seconds(), 'f', -1, 64) + "s"
}

func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

// Waited is what a run waited besides the target's answering.
type Waited struct {
	// RateLimit is the run's rate limit in calls a second; 0 for none.
	RateLimit float64 `json:"rateLimit"`
	// RateLimitMs is how long the calls waited, in all, to keep under it.
	RateLimitMs float64 `json:"rateLimitMs"`
	// TooManyRequests counts the HTTP 429 answers waited out for their
	// Retry-After and the calls sent again; TooManyRequestsMs is how long.
	TooManyRequests   int     `json:"tooManyRequests"`
	TooManyRequestsMs float64 `json:"tooManyRequestsMs"`
	// TooManyRequestsJudged counts the 429s past the call allowance or
	// the run's bound of waits, judged as the answer.
	TooManyRequestsJudged int `json:"tooManyRequestsJudged"`
}

func waitedOf(w record.Waits) *Waited {
	if w == (record.Waits{}) {
		return nil
	}
	ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
	return &Waited{RateLimit: w.RateLimit, RateLimitMs: ms(w.RateWait), TooManyRequests: w.TooMany, TooManyRequestsMs: ms(w.TooManyWait), TooManyRequestsJudged: w.TooManyJudged}
}

// Text says what the run waited in a sentence: "The run waited 12.4 s to
// keep under its rate limit of 10 calls a second, and 4 s for 2 HTTP 429
// answers (Retry-After)."
func (w *Waited) Text() string {
	if w == nil {
		return ""
	}
	s := "The run had no rate limit"
	if w.RateLimit > 0 {
		s = fmt.Sprintf("The calls waited %s in all to keep under the rate limit of %s calls a second", secondsText(w.RateLimitMs), strconv.FormatFloat(w.RateLimit, 'f', -1, 64))
	}
	s += fmt.Sprintf(", and %s for %d HTTP 429 answer(s) it waited out (Retry-After)", secondsText(w.TooManyRequestsMs), w.TooManyRequests)
	if w.TooManyRequestsJudged > 0 {
		s += fmt.Sprintf("; %d HTTP 429 answer(s) past the call allowance or the run's bound were judged as answers", w.TooManyRequestsJudged)
	}
	return s + "."
}

func secondsText(ms float64) string {
	return strconv.FormatFloat(ms/1000, 'f', 1, 64) + " s"
}
