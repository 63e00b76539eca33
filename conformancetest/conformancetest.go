// Package conformancetest runs the Wallet Payments Service conformance suite
// inside go test, in the manner of testing/fstest.TestFS and
// golang.org/x/net/nettest.TestConn: a Go implementer gates their own server
// in their own test suite.
//
//	func TestWalletConformance(t *testing.T) {
//		srv := httptest.NewServer(myWalletHandler())
//		defer srv.Close()
//		conformancetest.Run(t, srv.URL,
//			conformancetest.WithProfileFile("testdata/sandbox.yaml"),
//			conformancetest.WithTags("@ or @B-4.4"))
//	}
//
// Run runs the suite once against the target, then reports one subtest per
// scenario, named by its clause and its name ("A-4.2/An_account_is_created"
// once go test has made it a name), so that go test -run selects and -v
// lists them as any other test.
package conformancetest

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"os"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"

	"github.com/wallet-conformance/wallet-conformance/profile"
	"github.com/wallet-conformance/wallet-conformance/record"
	"github.com/wallet-conformance/wallet-conformance/reference"
	"github.com/wallet-conformance/wallet-conformance/reports"
	"github.com/wallet-conformance/wallet-conformance/runner"
)

// Option configures Run.
type Option func(*config)

// config is what the options set; Run reads it once they are applied.
type config struct {
	profile     *profile.Profile
	profileFile string
	tags        string
	exclude     []string
	concurrency int
	reportDir   string
	httpClient  *http.Client
}

// WithProfile runs with p, as a profile file would give it: keys with a
// default that p leaves unset take it (callTimeout, acceptLanguage ...).
// Run's baseURL replaces p.BaseURL; p itself is not changed.
func WithProfile(p *profile.Profile) Option {
	return func(c *config) { c.profile, c.profileFile = p, "" }
}

// WithProfileFile runs with the profile file at path (YAML or JSON, as
// `wallet-conformance run --profile` reads it; ${VAR} comes from the
// environment). Run's baseURL replaces its baseUrl, which the file may
// therefore leave out (an httptest server's URL is known only at run time).
func WithProfileFile(path string) Option {
	return func(c *config) { c.profileFile, c.profile = path, nil }
}

// WithTags selects scenarios with a tag expression, as run --tags does
// (e.g. "@ or @A-4.3", "not @advisory"). The default is every scenario.
func WithTags(expr string) Option {
	return func(c *config) { c.tags = expr }
}

// WithExclude adds clause tags ("B-4.19") the target does not claim to the
// profile's scope.exclude: their scenarios are NOT CLAIMED and skipped.
func WithExclude(clauses ...string) Option {
	return func(c *config) { c.exclude = append(c.exclude, clauses...) }
}

// WithConcurrency runs n scenarios at once (default runner.DefaultConcurrency).
func WithConcurrency(n int) Option {
	return func(c *config) { c.concurrency = n }
}

// WithReportDir also writes the run's report files (report.html,
// report.json ...) into dir, as run --report-dir does.
func WithReportDir(dir string) Option {
	return func(c *config) { c.reportDir = dir }
}

// WithHTTPClient reaches the target with hc instead of a client built from
// the profile's tls keys: e.g. the Client of an httptest.NewTLSServer.
func WithHTTPClient(hc *http.Client) Option {
	return func(c *config) { c.httpClient = hc }
}

// ReferenceProfile is the profile that targets the suite's reference server
// (reference.NewHandler(reference.DefaultConfig())) served at baseURL.
func ReferenceProfile(baseURL string) *profile.Profile {
	return runner.ReferenceProfile(baseURL, reference.DefaultConfig())
}

// Test runs the conformance suite against the target at baseURL, as
// testing/slogtest.TestHandler and testing/fstest.TestFS do for their
// interfaces: it returns nil when the target conforms (verdict CONFORMANT
// or CONFORMANT WITH WAIVERS), and otherwise an error that joins one error
// per cause (errors.Join), root causes first: the operation, what the
// target answered, how many scenarios it failed or blocked, the rule that
// broke and the call that shows it, secrets redacted. A run that cannot
// start, is aborted or executes no scenario is an error too.
func Test(ctx context.Context, baseURL string, opts ...Option) error {
	rep, err := run(ctx, baseURL, opts, nil)
	if err != nil {
		return fmt.Errorf("conformancetest: the suite could not run: %w", err)
	}
	return verdictError(rep)
}

// verdictError is Test's answer for a report.
func verdictError(rep *reports.Report) error {
	switch {
	case rep.Aborted != nil:
		return fmt.Errorf("conformancetest: the run was aborted (verdict %s): %s", rep.Verdict, rep.Aborted.Reason)
	case rep.Verdict == record.NoScenarioRun:
		return errors.New("conformancetest: no scenario was executed: check WithTags, WithExclude and the profile's scope.exclude")
	case rep.Verdict != record.NotConformant:
		return nil
	}
	errs := []error{fmt.Errorf("conformancetest: %s: %s", rep.Verdict, countsText(rep))}
	for i, c := range rep.Causes {
		if counts := causeCounts(rep, c); counts != "" {
			errs = append(errs, errors.New(causeText(rep, i, c, counts)))
		}
	}
	return errors.Join(errs...)
}

// countsText is the line of counts the console ends with.
func countsText(rep *reports.Report) string {
	c := rep.Counts.ByStatus
	return fmt.Sprintf("%d passed, %d failed, %d blocked, %d errors, %d warnings, %d skipped, %d not claimed",
		c[record.Passed], c[record.Failed], c[record.Blocked], c[record.Error], c[record.Warning], c[record.Skipped], c[record.NotClaimed])
}

// causeCounts says how many scenarios a cause made count against the
// verdict ("3 failed, 120 blocked"); "" when every one is waived or advisory.
func causeCounts(rep *reports.Report, c reports.Cause) string {
	n := map[record.Status]int{}
	for _, id := range c.Scenarios {
		if s, ok := rep.Scenario(id); ok && s.Failing() {
			n[s.Status]++
		}
	}
	var parts []string
	for _, st := range []record.Status{record.Failed, record.Blocked, record.Error} {
		if n[st] > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", n[st], strings.ToLower(string(st))))
		}
	}
	return strings.Join(parts, ", ")
}

// causeText is one cause as go test prints it: its title, answer and
// counts, an example message, the rule that broke and the call that shows
// it (request beside response).
func causeText(rep *reports.Report, i int, c reports.Cause, counts string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "cause %d. %s: %s: %s\n  %s", i+1, c.Title(), c.Answer, counts, c.Message)
	for _, h := range c.Hints {
		fmt.Fprintf(&b, "\n  profile: %s", h)
	}
	if ex, exchanges, ok := rep.CauseExample(c); ok {
		if level, quote, ok := reports.RuleQuote(ex.Broke); ok {
			fmt.Fprintf(&b, "\n  rule %s (%s): %q", ex.Broke, level, quote)
		}
		fmt.Fprintf(&b, "\n  example: %s %s", ex.ID, ex.Name)
		b.WriteString("\n" + strings.TrimRight(reports.ExchangeText(exchanges, "  ", maxBody, true), "\n"))
	}
	return b.String()
}

// Run runs the conformance suite against the target at baseURL and reports
// one subtest of t per scenario, in feature order, grouped by the scenario's
// clause: t.Run(clause, ...) holds t.Run(scenario name, ...). go test's
// -run and -skip select which scenarios run, not only which are shown:
// go test -run 'TestWalletConformance/A-4.2/' runs the scenarios of
// alone.
//
// What went wrong is logged first, grouped by cause (as the console and
// summary.md group it), so one fault shows once:
//
//   - FAILED and ERROR scenarios fail their subtest with t.Error: the
//     scenario ID, the message, the failed step, for a FAILED one the
//     rules it checks in the spec's words, and the exchange that shows why
//     (request and response), with every secret redacted as in the report.
//   - A normative BLOCKED scenario fails its subtest with one line that
//     names what blocked it and its cause; the cause's evidence is logged
//     once, above.
//   - SKIPPED (the profile lacks a key), NOT CLAIMED (excluded) and an
//     @advisory BLOCKED scenario are skipped with t.Skip, saying why.
//   - WARNING (an @advisory rule did not hold) is logged; it does not fail.
//
// A run that cannot start (no profile, a profile error, a tag expression
// that does not parse or names no scenario's tag) or that is aborted (the
// target cannot be reached or issues no token) ends t with t.Fatal, saying
// why. A run that executes no scenario skips t.
func Run(t *testing.T, baseURL string, opts ...Option) {
	t.Helper()
	rep, err := run(t.Context(), baseURL, opts, goTestSelection(t.Name()))
	if err != nil {
		t.Fatalf("conformancetest: the suite could not run: %v", err)
	}
	if rep.Aborted != nil {
		t.Fatalf("conformancetest: the run was aborted (verdict %s): %s%s", rep.Verdict, rep.Aborted.Reason, evidenceText(rep.ExchangesOf(rep.Aborted.Exchanges)))
	}
	if len(rep.Causes) > 0 {
		t.Logf("What went wrong (%d cause(s), root causes first; each scenario's subtest follows):", len(rep.Causes))
		for i, c := range rep.Causes {
			if counts := causeCounts(rep, c); counts != "" {
				t.Log(causeText(rep, i, c, counts))
			}
		}
	}
	for _, g := range groups(rep) {
		t.Run(g.clause, func(t *testing.T) {
			for _, o := range g.outcomes {
				t.Run(o.name, func(t *testing.T) {
					switch o.action {
					case fail:
						t.Error(o.text)
					case skip:
						t.Skip(o.text)
					case logOnly:
						t.Log(o.text)
					}
				})
			}
		})
	}
	t.Logf("%s: %s", rep.Verdict, countsText(rep))
	if rep.Verdict == record.NoScenarioRun {
		t.Skip("conformancetest: no scenario was executed: check WithTags, WithExclude and the profile's scope.exclude")
	}
}

// run resolves the options into a profile, runs the suite and returns the
// run's report, built as report.json is (secrets redacted).
// selectFn, when not nil, picks the scenarios to run (go test -run).
func run(ctx context.Context, baseURL string, opts []Option, selectFn func(runner.Scenario) bool) (*reports.Report, error) {
	var c config
	for _, o := range opts {
		o(&c)
	}
	var p profile.Profile
	switch {
	case c.profileFile != "":
		loaded, err := loadProfile(c.profileFile, baseURL)
		if err != nil {
			return nil, err
		}
		p = *loaded
	case c.profile != nil:
		p = *c.profile
	default:
		return nil, errors.New("no profile: pass WithProfile, WithProfileFile, or WithProfile(ReferenceProfile(url)) for the reference server")
	}
	if baseURL != "" {
		p.BaseURL = baseURL
	}
	// A copy: the caller's slices and maps stay as they were.
	p.Scope.Exclude = append(append([]string(nil), p.Scope.Exclude...), c.exclude...)
	p.ApplyDefaults()
	if err := p.Validate(); err != nil {
		return nil, err
	}
	conc := c.concurrency
	if conc <= 0 {
		conc = runner.DefaultConcurrency()
	}
	res, err := runner.Run(ctx, runner.Options{
		Profile:     &p,
		Tags:        c.tags,
		ReportDir:   c.reportDir,
		Concurrency: conc,
		HTTPClient:  c.httpClient,
		Select:      selectFn,
	})
	if res == nil {
		return nil, err
	}
	rep := reports.Build(res, record.Meta{SuiteVersion: runner.SuiteVersion, Profile: p.Redacted(), Exclude: p.Scope.Exclude, Tags: c.tags, CallAllowance: p.CallTimeout.Duration, Selected: selectFn != nil}, nil, nil)
	if err != nil && rep.Aborted == nil {
		return nil, err // e.g. the report files could not be written
	}
	return rep, nil
}

// loadProfile reads a profile file as profile.Load does, with baseUrl set
// to baseURL when the file has none.
func loadProfile(path, baseURL string) (*profile.Profile, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, &profile.Error{Msg: err.Error()}
	}
	var doc yaml.Node
	if baseURL != "" && yaml.Unmarshal(data, &doc) == nil && len(doc.Content) == 1 && doc.Content[0].Kind == yaml.MappingNode {
		root := doc.Content[0]
		has := false
		for i := 0; i+1 < len(root.Content); i += 2 {
			has = has || root.Content[i].Value == "baseUrl"
		}
		if !has {
			root.Content = append(root.Content,
				&yaml.Node{Kind: yaml.ScalarNode, Value: "baseUrl"},
				&yaml.Node{Kind: yaml.ScalarNode, Value: baseURL, Style: yaml.DoubleQuotedStyle})
			if data, err = yaml.Marshal(&doc); err != nil {
				return nil, &profile.Error{Msg: err.Error()}
			}
		}
	}
	return profile.Parse(data, os.LookupEnv)
}

// action is what a scenario's subtest does.
type action int

const (
	pass    action = iota // nothing to say
	fail                  // t.Error
	skip                  // t.Skip
	logOnly               // t.Log, and pass
)

// outcome is one scenario's subtest.
type outcome struct {
	name   string // the scenario's name
	action action
	text   string // what the subtest says
}

// group is the subtest of one clause.
type group struct {
	clause   string
	outcomes []outcome
}

// groups returns the subtests of a report: one group per clause, in the
// order the scenarios first name it (feature order), each with its
// scenarios in feature order. A scenario belongs to its first clause, the
// clause of its feature.
func groups(rep *reports.Report) []group {
	var out []group
	at := map[string]int{}
	for _, s := range rep.Scenarios {
		clause := "unclassified"
		if len(s.Clauses) > 0 {
			clause = s.Clauses[0]
		}
		i, ok := at[clause]
		if !ok {
			i = len(out)
			at[clause] = i
			out = append(out, group{clause: clause})
		}
		out[i].outcomes = append(out[i].outcomes, outcomeOf(rep, s))
	}
	return out
}

// outcomeOf decides a scenario's subtest from its status.
func outcomeOf(rep *reports.Report, s reports.ScenarioReport) outcome {
	o := outcome{name: s.Name}
	switch {
	case record.Counting(s.Status, s.Advisory) && s.Status == record.Blocked:
		o.action, o.text = fail, blockedText(rep, s)
	case record.Counting(s.Status, s.Advisory):
		o.action, o.text = fail, failureText(rep, s)
	case s.Status == record.Warning:
		o.action, o.text = logOnly, fmt.Sprintf("%s WARNING (an @advisory rule did not hold; not a failure): %s", s.ID, s.Message)
	case s.Status == record.Skipped:
		o.action, o.text = skip, fmt.Sprintf("%s SKIPPED: %s", s.ID, s.Message)
	case s.Status == record.NotClaimed:
		o.action, o.text = skip, fmt.Sprintf("%s NOT CLAIMED: its clause is in the profile's scope.exclude", s.ID)
	case s.Status == record.Blocked: // an @advisory one: it could not judge its rule
		o.action, o.text = skip, fmt.Sprintf("%s BLOCKED (@advisory; not a failure): %s", s.ID, firstLine(s.Message))
	}
	return o
}

// blockedText is a normative BLOCKED scenario's subtest: what blocked it
// and its cause; the cause's evidence is logged once, not per scenario.
func blockedText(rep *reports.Report, s reports.ScenarioReport) string {
	text := fmt.Sprintf("%s BLOCKED: %s", s.ID, firstLine(s.Message))
	if s.Cause >= 0 && s.Cause < len(rep.Causes) {
		c := rep.Causes[s.Cause]
		text += fmt.Sprintf("\n(cause %d, %s: its evidence is logged once, above the subtests)", s.Cause+1, c.Title())
	}
	return text
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}

// failureText is the evidence of a scenario that counts against the
// verdict: what the report shows of it.
func failureText(rep *reports.Report, s reports.ScenarioReport) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s: %s", s.ID, s.Status, s.Message)
	step, exchanges := rep.FailureEvidence(s)
	if step >= 0 {
		fmt.Fprintf(&b, "\nstep: %s", s.Steps[step].Text)
	}
	if s.Status == record.Failed { // a blocked or errored scenario broke no rule of its own
		quoted := map[string]reports.RuleRef{}
		for _, r := range rep.Rules.Quoted {
			quoted[r.ID] = r
		}
		for _, id := range s.Rules {
			if r, ok := quoted[id]; ok {
				fmt.Fprintf(&b, "\nrule %s (%s): %q", r.ID, r.Level, reports.PlainQuote(r.Quote))
			}
		}
	}
	if move, reads, ok := rep.Move(s); ok {
		// The move the step judged, then the read that revealed it.
		exchanges = []record.Exchange{move, reads[len(reads)-1]}
		b.WriteString("\n(the move the step judged, then the last read that revealed it)")
	} else if n := len(exchanges); n > 1 {
		exchanges = exchanges[n-1:]
		fmt.Fprintf(&b, "\n(the last of the step's %d exchanges)", n)
	}
	b.WriteString(evidenceText(exchanges))
	return b.String()
}

// maxBody bounds each body shown in a failure; the report holds it whole.
const maxBody = 8 << 10

// evidenceText writes exchanges as request and response, headers sorted
// (reports.ExchangeText), each line after a line break of its own, to
// follow a message.
func evidenceText(exchanges []record.Exchange) string {
	if len(exchanges) == 0 {
		return ""
	}
	return "\n" + strings.TrimSuffix(reports.ExchangeText(exchanges, "", maxBody, true), "\n")
}
