package reports

import (
	"bytes"
	_ "embed"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"html/template"
	"io"
	"net/http"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/wallet-conformance/wallet-conformance/record"
	"github.com/wallet-conformance/wallet-conformance/rules"
	"github.com/wallet-conformance/wallet-conformance/targetclient"
)

//go:embed report.html.tmpl
var htmlTemplate string

var reportHTML = template.Must(template.New("report.html").Funcs(template.FuncMap{
	"statusClass": statusClass,
	"resultClass": func(r string) string { return "r-" + cssName(r) },
	"ms":          formatMs,
	"join":        strings.Join,
	"opName":      operationName,
}).Parse(htmlTemplate))

// Placeholders the curl commands of report.html use instead of secrets.
const (
	TokenPlaceholder  = "$WALLET_TOKEN"  // the X-Auth-Token header
	SecretPlaceholder = "$WALLET_SECRET" // every [REDACTED] value
)

// WriteHTML writes report.html: one self-contained page for the people who
// read a run (inline CSS and one inline script, no external asset), in
// XHTML-compatible markup. Sections, by id: verdict (and why a run was
// aborted), causes (what went wrong, grouped, root causes first), failures
// (FAILED and ERROR scenarios, then the waived ones, each with the rules it
// checks, the failing step's exchanges and a curl command), matrix (every
// clause), warnings (WARNING and SKIPPED), latency, observations, waivers
// and scenarios (every scenario with its steps). The page carries the
// evidence store (the JSON of evidence.json.gz, but for the exchanges of
// the sweeps' passing inputs, written as null: pageLeavesOut) and shows a
// step's exchanges when a reader opens a scenario, so writing it does not
// walk every exchange. The output is a function of the report alone.
func WriteHTML(w io.Writer, rep *Report) error {
	js, err := encodeJSON(rep)
	if err != nil {
		return err
	}
	return writeHTML(w, rep, js)
}

// writeHTML writes report.html carrying js, report.json as written.
func writeHTML(w io.Writer, rep *Report, js []byte) error {
	reportGz, err := gzipBytes(js)
	if err != nil {
		return err
	}
	evidenceGz, err := rep.store.page()
	if err != nil {
		return err
	}
	v := newHTMLView(rep)
	v.LeftOut = rep.store.leftOut
	v.EvidenceGz = base64.RawURLEncoding.EncodeToString(evidenceGz)
	v.ReportGz = base64.RawURLEncoding.EncodeToString(reportGz)
	var buf bytes.Buffer
	if err := reportHTML.Execute(&buf, v); err != nil {
		return err
	}
	_, err = w.Write(buf.Bytes())
	return err
}

// catalogue is the rule catalogue the report quotes.
var catalogue = sync.OnceValues(rules.Load)

// htmlView is what the template shows.
type htmlView struct {
	*Report
	VerdictClass string
	Counts       []statusCount
	ProfileJSON  string
	AbortedBy    []exchangeView // what the target answered when the run was aborted
	CauseViews   []causeView
	Failures     []failureView
	Attention    []scenarioView // WARNING and SKIPPED
	Scenarios    []scenarioView
	// EvidenceGz is the evidence store, base64url without padding, with
	// the exchanges the page leaves out (pageLeavesOut) as null.
	EvidenceGz string
	LeftOut    int // how many exchanges the page leaves out
	// ReportGz is report.json as written, gzip-compressed, base64url
	// without padding: the page shows a scenario's steps from it.
	ReportGz string
	Blocked  int // how many scenarios are BLOCKED
}

type statusCount struct {
	Status record.Status
	Count  int
}

type scenarioLink struct {
	ID, Anchor, Name string
	Status           record.Status
	Waived           bool
}

type causeView struct {
	Cause
	Links []scenarioLink
}

type scenarioView struct {
	ScenarioReport
	Anchor string
	Steps  []stepView
	Rules  []ruleView
	// Broke is the rule the failing check named, quoted; nil when it named none.
	Broke *ruleView
}

type stepView struct {
	StepReport
	ExchangeRefs string // the step's exchanges: indices into the evidence store, comma-separated
	AdviceRules  []ruleView
}

type ruleView struct {
	ID, Level, Quote string
}

type failureView struct {
	scenarioView
	FailedStep string // the text of the step that failed; "" when none did
	Evidence   []exchangeView
}

type exchangeView struct {
	record.Exchange
	RequestHeaders  []string // "Name: value", sorted by name
	ResponseHeaders []string
	RequestBody     string // pretty-printed when JSON
	ResponseBody    string
	Curl            string
}

// ruleViews looks the rules up in the catalogue; an id it lacks is shown bare.
func ruleViews(ids []string) []ruleView {
	cat, err := catalogue()
	var out []ruleView
	for _, id := range ids {
		rv := ruleView{ID: id}
		if err == nil {
			if r, ok := cat.Rule(id); ok {
				rv.Level, rv.Quote = string(r.Level), PlainQuote(r.Quote)
			}
		}
		out = append(out, rv)
	}
	return out
}

func newHTMLView(rep *Report) htmlView {
	v := htmlView{Report: rep, VerdictClass: "v-" + cssName(rep.Verdict), Blocked: rep.Counts.ByStatus[record.Blocked]}
	for _, s := range record.Statuses() {
		v.Counts = append(v.Counts, statusCount{Status: s, Count: rep.Counts.ByStatus[s]})
	}
	if rep.Profile != nil {
		if data, err := json.MarshalIndent(rep.Profile, "", "  "); err == nil {
			v.ProfileJSON = targetclient.NewRedactor().String(string(data))
		}
	}
	if rep.Aborted != nil {
		for _, ex := range rep.ExchangesOf(rep.Aborted.Exchanges) {
			v.AbortedBy = append(v.AbortedBy, newExchangeView(ex))
		}
	}
	links := make(map[string]scenarioLink, len(rep.Scenarios)) // lookups only
	for i, s := range rep.Scenarios {
		// The rules besides the one it broke: "also checks" names each other rule once.
		sv := scenarioView{ScenarioReport: s, Anchor: fmt.Sprintf("sc-%d", i+1),
			Rules: ruleViews(slices.DeleteFunc(slices.Clone(s.Rules), func(r string) bool { return r == s.Broke }))}
		if s.Broke != "" {
			sv.Broke = &ruleViews([]string{s.Broke})[0]
		}
		links[s.ID] = scenarioLink{ID: s.ID, Anchor: sv.Anchor, Name: s.Name, Status: s.Status, Waived: s.Waiver != nil}
		for _, st := range s.Steps {
			refs := make([]string, len(st.Exchanges))
			for j, x := range st.Exchanges {
				refs[j] = strconv.Itoa(x)
			}
			stv := stepView{StepReport: st, ExchangeRefs: strings.Join(refs, ",")}
			for _, a := range st.Advice {
				stv.AdviceRules = append(stv.AdviceRules, ruleViews([]string{a.Rule})...)
			}
			sv.Steps = append(sv.Steps, stv)
		}
		v.Scenarios = append(v.Scenarios, sv)
		if s.Status == record.Warning || s.Status == record.Skipped {
			v.Attention = append(v.Attention, sv)
		}
	}
	for _, c := range rep.Causes {
		cv := causeView{Cause: c}
		for _, id := range c.Scenarios {
			cv.Links = append(cv.Links, links[id])
		}
		v.CauseViews = append(v.CauseViews, cv)
	}
	var waived []failureView
	for _, sv := range v.Scenarios {
		if sv.Status != record.Failed && sv.Status != record.Error {
			continue
		}
		f := failureView{scenarioView: sv}
		step, evidence := rep.FailureEvidence(sv.ScenarioReport)
		if step >= 0 {
			f.FailedStep = sv.ScenarioReport.Steps[step].Text
		}
		for _, ex := range evidence {
			f.Evidence = append(f.Evidence, newExchangeView(ex))
		}
		if sv.Waiver != nil {
			waived = append(waived, f)
		} else {
			v.Failures = append(v.Failures, f)
		}
	}
	v.Failures = append(v.Failures, waived...)
	return v
}

func newExchangeView(ex record.Exchange) exchangeView {
	return exchangeView{
		Exchange:        ex,
		RequestHeaders:  headerLines(ex.RequestHeaders),
		ResponseHeaders: headerLines(ex.ResponseHeaders),
		RequestBody:     pretty(ex.RequestBody),
		ResponseBody:    pretty(ex.ResponseBody),
		Curl:            Curl(ex),
	}
}

func headerLines(h http.Header) []string {
	names := make([]string, 0, len(h))
	for n := range h {
		names = append(names, n)
	}
	sort.Strings(names)
	var out []string
	for _, n := range names {
		for _, v := range h[n] {
			out = append(out, n+": "+v)
		}
	}
	return out
}

func pretty(body string) string {
	var b bytes.Buffer
	if json.Indent(&b, []byte(body), "", "  ") == nil {
		return b.String()
	}
	return body
}

// Curl returns a curl command that repeats the request of an exchange,
// with secrets as shell variables: the X-Auth-Token header as
// $WALLET_TOKEN, every [REDACTED] value (in the URL, a header or the body)
// as $WALLET_SECRET. Everything else is single-quoted; the body is passed
// with --data-raw.
func Curl(ex record.Exchange) string {
	method := ex.Method
	if method == "" {
		method = http.MethodGet
	}
	args := []string{"curl", "-sS", "-i", "-X", shellWord(method), shellWord(ex.URL)}
	names := make([]string, 0, len(ex.RequestHeaders))
	for n := range ex.RequestHeaders {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		for _, v := range ex.RequestHeaders[n] {
			if http.CanonicalHeaderKey(n) == "X-Auth-Token" {
				args = append(args, "-H", shellWordWith(n+": "+targetclient.Redacted, TokenPlaceholder))
				continue
			}
			args = append(args, "-H", shellWord(n+": "+v))
		}
	}
	if ex.RequestBody != "" {
		args = append(args, "--data-raw", shellWord(ex.RequestBody))
	}
	var b strings.Builder
	for i, a := range args {
		switch {
		case i == 0:
		case a == "-H" || a == "--data-raw":
			b.WriteString(" \\\n  ")
		default:
			b.WriteByte(' ')
		}
		b.WriteString(a)
	}
	return b.String()
}

var (
	plainWord   = regexp.MustCompile(`^[A-Za-z0-9_./:@%+=,-]+$`)
	nameChar    = regexp.MustCompile(`^[A-Za-z0-9_]`)
	dqUnsafeSet = "$`\\\"!"
)

// shellWord quotes s as one POSIX shell word, [REDACTED] turned into
// $WALLET_SECRET so that the shell expands it.
func shellWord(s string) string { return shellWordWith(s, SecretPlaceholder) }

// shellWordWith is shellWord with another placeholder for [REDACTED].
func shellWordWith(s, placeholder string) string {
	parts := strings.Split(s, targetclient.Redacted)
	if len(parts) == 1 {
		if plainWord.MatchString(s) {
			return s
		}
		return singleQuote(s)
	}
	// "Name: $WALLET_SECRET" reads best when double quotes are safe.
	safe := true
	for i, p := range parts {
		if strings.ContainsAny(p, dqUnsafeSet) || (i > 0 && nameChar.MatchString(p)) {
			safe = false
		}
	}
	if safe {
		return `"` + strings.Join(parts, placeholder) + `"`
	}
	var b strings.Builder
	for i, p := range parts {
		if i > 0 {
			b.WriteString(`"` + placeholder + `"`)
		}
		if p != "" {
			b.WriteString(singleQuote(p))
		}
	}
	return b.String()
}

func singleQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

func statusClass(s record.Status) string { return "st-" + cssName(string(s)) }

// cssName turns a status, result or verdict into a class name: "NOT
// CLAIMED" -> "not-claimed".
func cssName(s string) string {
	return strings.Join(strings.Fields(strings.ToLower(s)), "-")
}
