// Package record is the one model of a run: the run (what it tested, how
// it was selected, shard, rerun and exploration), its scenarios, their
// steps and the HTTP exchanges each step made, the statuses and the
// verdict derived from them, the waivers, and the causes (what blocked a
// scenario, the rule it broke, the advice it earned).
//
// The steps record into it as a scenario runs, the runner, merge,
// conformancetest and explore read and write it, and every report file
// (report.json, report.html, junit.xml, summary.md, cucumber.json) is a
// writer of it. It is the ground floor: it imports nothing of the suite.
package record

import (
	"fmt"
	"math"
	"net/http"
	"time"
)

// Run is a whole run.
type Run struct {
	Target    string        `json:"target"`
	Started   time.Time     `json:"started"`
	Duration  time.Duration `json:"durationNs"`
	Scenarios []Scenario    `json:"scenarios"` // in feature file order
	// Aborted says why a run that started could not be carried out (the
	// target issued no token, the suite failed); "" for a run that was.
	Aborted string `json:"aborted,omitempty"`
	// AbortEvidence is what the target answered when the run was aborted.
	AbortEvidence []Exchange `json:"-"`
	// ReportWriting is how long writing the report files took (set once
	// they are written; not part of Duration).
	ReportWriting time.Duration `json:"-"`
	// Waited is what the run waited for its rate limit and the target's
	// HTTP 429 answers: the run's own throttle's count, its scenarios',
	// exploration's and sweeps' calls together.
	Waited Waits `json:"-"`
	// Meta is what the run knows besides its results, which every report
	// file reads beside them (its identity, suite, profile, selection,
	// notices, exploration and sweep); the runner fills it as the run goes.
	// The zero Meta is a run that says nothing of itself (one built
	// elsewhere: merged, rebuilt from a report).
	Meta Meta `json:"-"`
	// Waivers is what each waiver given to the run did
	// (reports.ApplyWaivers, which marks the scenarios it waives); nil when
	// it was given none or the run was aborted before its scenarios ended.
	Waivers []WaiverStatus `json:"-"`
}

// Waits is what a run waited besides the target's answering: to keep
// under the profile's rate limit (--rate-limit, rateLimit), and for the
// HTTP 429 (Too Many Requests) answers it waited out and repeated.
type Waits struct {
	RateLimit   float64       // calls a second; 0 for none
	RateWait    time.Duration // waited to keep under it
	TooMany     int           // HTTP 429 answers waited out
	TooManyWait time.Duration // waited for them
	// TooManyJudged counts the 429s past the call allowance or the run's
	// bound, returned as the answer.
	TooManyJudged int
}

// Verdict derives the run's verdict from its scenarios (DeriveVerdict).
// WARNING, SKIPPED and NOT CLAIMED never make it NOT CONFORMANT.
func (r *Run) Verdict() string {
	return DeriveVerdict(r.Aborted != "", len(r.Scenarios), func(i int) (Status, bool, bool) {
		s := r.Scenarios[i]
		return s.Status, s.Advisory, s.Waiver != nil
	})
}

// Counts returns how many scenarios ended in each status.
func (r *Run) Counts() map[Status]int {
	c := map[Status]int{}
	for _, s := range r.Scenarios {
		c[s.Status]++
	}
	return c
}

// Meta is what the run knows besides the results: identity, suite, target
// and the (already redacted) profile.
type Meta struct {
	RunID          string
	Time           time.Time // when the run started; zero means Run.Started
	SuiteVersion   string
	FeaturesSHA256 string
	SchemasSHA256  string
	Target         string // zero means Run.Target
	// Profile is the redacted profile, marshalled to JSON as given (fields
	// named like secrets are redacted once more).
	Profile       any
	Exclude       []string // the profile's scope.exclude
	Tags          string   // the --tags expression
	CallAllowance time.Duration
	// Notices are facts about the run a reader must not miss: TLS
	// verification skipped, an environment other than sandbox, a run cut
	// short by --max-duration.
	Notices []string
	// Shard is the part of the selected scenarios this run ran (run
	// --shard); nil for a whole run.
	Shard *Shard
	// Rerun says the run ran only the scenarios that did not pass in an
	// earlier run (run --rerun-failed); nil otherwise.
	Rerun *Rerun
	// Exploration is the stateful exploration the run made after its
	// scenarios (run --explore), whose scenarios are among the results;
	// nil when it made none.
	Exploration *Exploration
	// Sweep is the bad-input sweep the run made beside its scenarios (run
	// --sweep), whose findings are among the results; nil when it made none.
	Sweep *Sweep
	// Selected says the run ran some of the scenarios its tags select
	// (conformancetest under go test -run): the clauses it left out read
	// "not selected", as under a tag filter.
	Selected bool
	// Checks maps each rule id to the scenarios of the whole suite tagged
	// with it (reports.Index.Checks): which rules the suite checks at all.
	Checks map[string][]string
}

// Scenario is one scenario of a run (an outline's row counts as one) and
// how it ended.
type Scenario struct {
	// ID is file.feature:line: where a reader finds the scenario now.
	ID string `json:"id"`
	// Key is the scenario's stable identity (ScenarioKey): what waivers,
	// baselines, reruns and timings name it by, unchanged when lines move.
	Key      string        `json:"key,omitempty"`
	Feature  string        `json:"feature"`
	Name     string        `json:"name"`
	Tags     []string      `json:"tags"`
	Clauses  []string      `json:"clauses"`
	Advisory bool          `json:"advisory"`
	Status   Status        `json:"status"`
	Message  string        `json:"message,omitempty"` // why it did not pass, secrets redacted
	Duration time.Duration `json:"-"`
	Steps    []Step        `json:"steps"`
	// Waiver is the waiver that covers this FAILED, ERROR or BLOCKED
	// scenario, set by reports.ApplyWaivers; the status stays as it was.
	Waiver *Waiver `json:"waiver,omitempty"`
	// BlockedBy names what blocked a BLOCKED scenario.
	BlockedBy *Blocker `json:"blockedBy,omitempty"`
	// Rules are the ids of the catalogue rules the scenario checks (its rule tags).
	Rules []string `json:"rules,omitempty"`
	// Broke is the rule the failing check named, when it named one: the
	// rule the target broke, of all the scenario checks.
	Broke string `json:"broke,omitempty"`
	// Hints are the profile settings that the evidence of a scenario that
	// did not pass points to: a declared behaviour whose other value, or a
	// profile key whose other data, would change how the target's answer
	// is judged.
	Hints []Hint `json:"hints,omitempty"`
	// Input is, for a finding of the bad-input sweep, the kind of input
	// that showed it, in words ("a body nested 10,000 levels deep"): the
	// findings of one input that got the same answer in several
	// operations are one cause of the report (one parser, one fault).
	Input string `json:"input,omitempty"`
}

// Hint is a setting of the profile that would change a verdict: the
// evidence of a failure or a block matches a choice the target may declare
// (behaviour.numberEncoding: number), or data of the profile the target may
// refuse (the customer.* keys). It never changes a status: it tells the
// vendor which setting to look at, beside the cause.
type Hint struct {
	// Setting is what to set: "behaviour.numberEncoding: number", or the
	// keys whose values to change, "customer.lastName, customer.postCode".
	Setting string `json:"setting"`
	// Why is the evidence that points to it, in a sentence.
	Why string `json:"why"`
}

// String writes the hint as the reports print it beside a cause.
func (h Hint) String() string { return h.Setting + " would change this: " + h.Why }

// Exchanges returns every exchange of the scenario in order.
func (s Scenario) Exchanges() []Exchange {
	var out []Exchange
	for _, st := range s.Steps {
		out = append(out, st.Exchanges...)
	}
	return out
}

// Step statuses as godog names them (Step.Status).
const (
	StepPassed    = "passed"
	StepFailed    = "failed"
	StepSkipped   = "skipped"
	StepUndefined = "undefined"
	StepPending   = "pending"
	StepAmbiguous = "ambiguous"
)

// Step is one step of a scenario as it ran, with the HTTP exchanges it made.
type Step struct {
	Text   string `json:"text"`
	Status string `json:"status"` // passed, failed, skipped, undefined, pending, ambiguous
	Error  string `json:"error,omitempty"`
	// Exchanges are the calls the step made, in order.
	Exchanges []Exchange `json:"exchanges"`
	// Duration is how long the step ran.
	Duration time.Duration `json:"-"`
	// Waited is how long the step waited for the target's clock to turn
	// (not for answers): time the suite spends idle by the spec's design.
	Waited time.Duration `json:"waited,omitempty"`
	// Advice lists the step's advisory checks that did not hold.
	Advice []Advice `json:"advice,omitempty"`
	// Checks is, for a step that checked the effect of an earlier call
	// (the scenario's When) by reading the state with calls of its own,
	// the position of that earlier call's exchange among the scenario's
	// exchanges (Exchanges of every step, in order): the move the step
	// judges, which its own reads only reveal. Empty when the step judged
	// its own calls, or made none.
	Checks []int `json:"-"`
}

// Exchange is one HTTP call to the target and what came back: the one
// shape of an exchange. Package target's client fills it;
// a report holds it redacted once more, in its evidence store
// (reports.Evidence writes it as schemas/evidence.schema.json documents),
// and every view of a call (report.html, the HAR, a curl command, the
// console's text) is written from it.
type Exchange struct {
	Operation       string        `json:"operation"`
	Method          string        `json:"method"`
	URL             string        `json:"url"`
	RequestHeaders  http.Header   `json:"requestHeaders"`
	RequestBody     string        `json:"requestBody,omitempty"`
	Status          int           `json:"status,omitempty"`
	ResponseHeaders http.Header   `json:"responseHeaders,omitempty"`
	ResponseBody    string        `json:"responseBody,omitempty"`
	Latency         time.Duration `json:"latencyNs"`
	// Retries counts repetitions after 0058/0098; RetriedCodes holds the codes that caused them.
	Retries      int      `json:"retries"`
	RetriedCodes []string `json:"retriedCodes,omitempty"`
	Error        string   `json:"error,omitempty"`
}

// LatencyMs is the exchange's latency in milliseconds, to the microsecond,
// as the reports write it.
func (e Exchange) LatencyMs() float64 {
	return math.Round(float64(e.Latency)/float64(time.Microsecond)) / 1000
}

// Blocker is the setup that blocked a scenario: the operation whose call
// failed (with its clause), in which step.
type Blocker struct {
	Operation string `json:"operation"` // operation ID; "" when the setup failed without a call
	Clause    string `json:"clause"`    // the operation's clause, e.g. "A-4.2"; "" without an operation
	Step      string `json:"step"`      // the text of the step that failed
	// Permitted is, when the call that blocked was the scenario's own and
	// the spec permits the target to refuse it for its data, the sentence
	// that permits it ("B-4.1: guest data ... may cause rejection"): the
	// scenario could not judge its rule with the data the suite sent.
	Permitted string `json:"permitted,omitempty"`
}

// Advice is an advisory check that did not hold: a rule the spec implies
// without stating it. It makes a scenario a WARNING, never a failure.
type Advice struct {
	Rule    string `json:"rule"`    // the rule's id, e.g. "A-4.2#7"
	Message string `json:"message"` // expected versus got, secrets redacted
}

// Waiver names a known failure (a scenario, or every scenario of a
// clause) that does not fail the verdict until it expires.
type Waiver struct {
	// Scenario is the key of the scenario it waives (ScenarioKey).
	Scenario      string `yaml:"scenario" json:"scenario,omitempty"`
	Clause        string `yaml:"clause" json:"clause,omitempty"`
	Justification string `yaml:"justification" json:"justification"`
	// Expires is the last day (YYYY-MM-DD) on which the waiver applies.
	Expires string `yaml:"expires" json:"expires"`
	// File and Line are where the waiver is written (LoadWaivers sets
	// them; empty and 0 when it came from elsewhere), for the messages
	// that name it.
	File string `yaml:"-" json:"-"`
	Line int    `yaml:"-" json:"-"`
}

// WaiverStatus is what one waiver did in a run (reports.ApplyWaivers
// decides it).
type WaiverStatus struct {
	Waiver Waiver `json:"waiver"`
	State  string `json:"state"` // reports.WaiverApplied, WaiverExpired or WaiverUnused
	// Matched lists every scenario of the run the waiver names, whatever
	// its status, in run order.
	Matched []string `json:"matched"`
	// Waived lists the FAILED and ERROR scenarios it waived (none when expired).
	Waived []string `json:"waived"`
	// Expired: the expiry date has passed, so it waived nothing.
	Expired bool `json:"expired"`
	// Unused: not expired, and none of the scenarios it names failed or
	// errored (they now pass, or none ran): it can be removed.
	Unused bool `json:"unused"`
	// Reason says the state in words, for the reports.
	Reason string `json:"reason"`
}

// Target returns what the waiver names: its scenario ID or its clause tag.
func (w Waiver) Target() string {
	if w.Scenario != "" {
		return w.Scenario
	}
	return w.Clause
}

// Expired reports whether today (taken as a calendar date in its own
// location) is after the waiver's expiry date. A waiver whose date cannot
// be read counts as expired.
func (w Waiver) Expired(today time.Time) bool {
	if _, err := time.Parse(time.DateOnly, w.Expires); err != nil {
		return true
	}
	return today.Format(time.DateOnly) > w.Expires
}

// Matches reports whether the waiver names the scenario, by its key
// (never by its line, which moves when a feature file is edited) or by one
// of its clauses.
func (w Waiver) Matches(s Scenario) bool {
	if w.Scenario != "" {
		return w.Scenario == KeyOf(s.Key, s.ID, s.Name)
	}
	for _, c := range s.Clauses {
		if c == w.Clause {
			return true
		}
	}
	return false
}

// Shard names one part of a run spread over Count jobs: Index in 1..Count.
type Shard struct {
	Index int `json:"index"`
	Count int `json:"count"`
}

// String writes the shard as the --shard flag takes it: "2/3".
func (s Shard) String() string { return fmt.Sprintf("%d/%d", s.Index, s.Count) }

// Rerun is a partial rerun: the scenarios of an earlier run that did not
// pass there, run again. Its verdict speaks for those scenarios only: it is
// not a certificate, and bundle and merge refuse it.
type Rerun struct {
	Of        string   `json:"of"`        // the run ID of the earlier run
	Scenarios []string `json:"scenarios"` // the keys (ScenarioKey) rerun, in feature file order
	// Exploration is the earlier run's exploration, made again with the
	// same seed because one of its runs did not pass; nil otherwise.
	Exploration *Exploration `json:"exploration"`
	// Sweep is the earlier run's bad-input sweep, made again with the same
	// seed and sample because it found something; nil otherwise.
	Sweep *Sweep `json:"sweep,omitempty"`
}

// Sweep is what a run's bad-input sweep was (run --sweep): the seed and
// sample that make it again, and what it found, one line per cause.
type Sweep struct {
	Seed         uint64 `json:"seed"`
	PerOperation int    `json:"perOperation"` // inputs sent of each operation; 0 for the full sweep
	Generated    int    `json:"generated"`    // inputs generated of every operation
	Inputs       int    `json:"inputs"`       // inputs tried (sent and judged)
	Calls        int    `json:"calls"`        // calls sent, states and read-backs included
	// Partial: the sweep tried fewer inputs than it generated (a sample,
	// --sweep N, or bounds that cut it short): it certifies the inputs it
	// tried only, and the report says so beside the verdict.
	Partial bool `json:"partial"`
	// Findings are the causes found, "Capture: modifiedAmount 1e308
	// answered HTTP 500 0099", in catalogue order.
	Findings []string `json:"findings"`
	// Valid is the valid-request sweep made with it; nil when none was.
	Valid *ValidSweep `json:"valid,omitempty"`
}

// ValidSweep is what a run's valid-request sweep was: the valid inputs it
// generated from the operation contract (of each kind: minimal, maximal,
// alternative, amount-edge, date-edge, time-edge, default), those it sent,
// its calls and what it found, one line per cause.
type ValidSweep struct {
	Generated int            `json:"generated"`
	Inputs    int            `json:"inputs"`
	Calls     int            `json:"calls"`
	Kinds     map[string]int `json:"kinds"`
	Findings  []string       `json:"findings"`
	// Skipped names the operations sent no valid input, and why.
	Skipped []string `json:"skipped,omitempty"`
}

// Exploration is what a run's stateful exploration was: explorations of
// each seed, made at once, each replayed exactly by wallet-conformance
// explore --seed S --runs R --steps M, and what they made of them.
type Exploration struct {
	Seeds []uint64 `json:"seeds"`
	Runs  int      `json:"runs"`  // property runs asked of each seed
	Steps int      `json:"steps"` // moves per run, on average
	Made  int      `json:"made"`  // property runs made, of every seed
	Calls int      `json:"calls"` // calls sent, shrinking included
	// Failed lists the rules of the invariants the explorations found
	// broken, one per seed that found one, in seed order.
	Failed []string `json:"failed"`
}

// Replay is the command that explores as seed's exploration did.
func (e Exploration) Replay(seed uint64) string {
	return fmt.Sprintf("wallet-conformance explore --seed %d --runs %d --steps %d", seed, e.Runs, e.Steps)
}
