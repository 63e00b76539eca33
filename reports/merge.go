package reports

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"net"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/wallet-conformance/wallet-conformance/record"
	"github.com/wallet-conformance/wallet-conformance/schemas"
)

// Part is the report directory of one shard of a run (run --shard).
type Part struct {
	Dir    string
	Report *Report
}

// MergeError is a report directory that cannot be merged: unreadable, or
// not of the same run as the others. Dir names it.
type MergeError struct {
	Dir string
	Msg string
}

func (e *MergeError) Error() string { return e.Dir + ": " + e.Msg }

// ReadPart reads the report.json of a report directory.
func ReadPart(dir string) (Part, error) {
	data, err := os.ReadFile(filepath.Join(dir, ReportJSONFile))
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return Part{}, &MergeError{Dir: dir, Msg: "no " + ReportJSONFile + " (is it a report directory?)"}
		}
		return Part{}, &MergeError{Dir: dir, Msg: err.Error()}
	}
	rep := &Report{}
	var raw struct {
		Profile json.RawMessage `json:"profile"` // kept as written, keys in order
	}
	if err := json.Unmarshal(data, rep); err != nil {
		return Part{}, &MergeError{Dir: dir, Msg: fmt.Sprintf("%s cannot be read: %v", ReportJSONFile, err)}
	}
	if err := json.Unmarshal(data, &raw); err != nil {
		return Part{}, &MergeError{Dir: dir, Msg: fmt.Sprintf("%s cannot be read: %v", ReportJSONFile, err)}
	}
	if !strings.HasPrefix(rep.SchemaVersion, "2.") {
		return Part{}, &MergeError{Dir: dir, Msg: fmt.Sprintf("%s has schema version %q; this suite reads 2.x", ReportJSONFile, rep.SchemaVersion)}
	}
	if f, err := os.Open(filepath.Join(dir, EvidenceFile)); err != nil {
		if rep.Evidence.Exchanges > 0 {
			return Part{}, &MergeError{Dir: dir, Msg: "its evidence store cannot be read: " + err.Error()}
		}
	} else {
		err := rep.AttachEvidence(f)
		f.Close()
		if err != nil {
			return Part{}, &MergeError{Dir: dir, Msg: err.Error()}
		}
	}
	rep.Profile = nil
	if len(raw.Profile) > 0 && string(raw.Profile) != "null" {
		rep.Profile = raw.Profile
	}
	return Part{Dir: dir, Report: rep}, nil
}

// Index is what a report knows of the whole suite beyond the scenarios a
// run executed.
type Index struct {
	Order  []string            // every scenario ID, in feature order
	Checks map[string][]string // rule id -> IDs of the scenarios tagged with it
	// Gherkin is what cucumber.json shows of the features; nil writes it
	// from the model alone.
	Gherkin *Gherkin
}

// Merge makes one report of the reports of every shard of a run, with one
// verdict. The parts must be every shard of one run: the same suite
// (version and digests), target and scope, shards 1 to N of the same N,
// no scenario in two of them; anything else is a *MergeError. Scenarios
// keep their results, steps, exchanges and waivers; they are listed in
// the order of idx.Order (scenario IDs in feature order), unknown IDs last by
// ID. A waiver's statuses are summed over the shards: applied when it
// waived a scenario in any shard, unused only when unused in every one.
// The run ID is the shards' run IDs joined with "+", in shard order. set
// is as for Build.
func Merge(parts []Part, idx Index, set *schemas.Set) (*Report, error) {
	order := idx.Order
	if len(parts) == 0 {
		return nil, errors.New("no report to merge")
	}
	parts, err := shardOrder(parts)
	if err != nil {
		return nil, err
	}
	first := parts[0]
	for _, p := range parts[1:] {
		if err := sameRun(first, p); err != nil {
			return nil, err
		}
	}

	rank := make(map[string]int, len(order))
	for i, id := range order {
		rank[id] = i
	}
	type sourced struct {
		s    ScenarioReport
		from *Report
	}
	var scenarios []sourced
	var started, end time.Time
	from := map[string]string{} // scenario ID -> directory
	var runIDs, notices []string
	var exploration *record.Exploration // one shard explores (run --shard 1/N)
	var sweep *record.Sweep             // ... and sweeps
	for _, p := range parts {
		rep := p.Report
		if rep.Exploration != nil {
			exploration = rep.Exploration
		}
		if rep.Sweep != nil {
			sweep = rep.Sweep
		}
		runIDs = append(runIDs, rep.RunID)
		for _, n := range rep.Notices {
			if !slices.Contains(notices, n) {
				notices = append(notices, n)
			}
		}
		if t, err := time.Parse(time.RFC3339, rep.Time); err == nil {
			if started.IsZero() || t.Before(started) {
				started = t
			}
			if e := t.Add(fromMs(rep.DurationMs)); e.After(end) {
				end = e
			}
		}
		for _, s := range rep.Scenarios {
			if prev, ok := from[s.ID]; ok {
				return nil, &MergeError{Dir: p.Dir, Msg: fmt.Sprintf("scenario %s is in %s too: the shards overlap", s.ID, prev)}
			}
			from[s.ID] = p.Dir
			scenarios = append(scenarios, sourced{s, rep})
		}
	}
	var duration time.Duration
	if !started.IsZero() {
		duration = end.Sub(started)
	}
	sort.SliceStable(scenarios, func(i, j int) bool {
		a, b := scenarios[i].s.ID, scenarios[j].s.ID
		ra, aok := rank[a]
		rb, bok := rank[b]
		switch {
		case aok && bok:
			return ra < rb
		case aok != bok:
			return aok
		}
		return a < b
	})
	posOf := make(map[string]int, len(scenarios))
	for i, s := range scenarios {
		posOf[s.s.ID] = i
	}

	lead := parts[0].Report
	m := record.Meta{
		RunID:          strings.Join(runIDs, "+"),
		Time:           started,
		SuiteVersion:   lead.Suite.Version,
		FeaturesSHA256: lead.Suite.FeaturesSHA256,
		SchemasSHA256:  lead.Suite.SchemasSHA256,
		Target:         lead.Target,
		Profile:        lead.Profile,
		Exclude:        lead.Scope.Exclude,
		Tags:           lead.Scope.Tags,
		CallAllowance:  parseSeconds(lead.CallAllowance),
		Notices:        notices,
		Exploration:    exploration,
		Sweep:          sweep,
		Checks:         idx.Checks,
	}
	merged := newReport(m, duration, mergeWaivers(parts, posOf), len(scenarios))
	for _, s := range scenarios {
		merged.Scenarios = append(merged.Scenarios, merged.adopt(s.from, s.s))
	}
	merged.derive(m, set)
	return merged, nil
}

// adopt returns a scenario of another report (a shard's) as a scenario of
// rep: its exchanges move into rep's evidence store, and the indices of its
// steps with them; what rep derives (its cause) is left to derive.
func (rep *Report) adopt(from *Report, s ScenarioReport) ScenarioReport {
	s.Tags, s.Clauses, s.Rules, s.Cause = nonNil(s.Tags), nonNil(s.Clauses), nonNil(s.Rules), -1
	if s.Waiver != nil {
		w := *s.Waiver
		s.Waiver = &w
	}
	if s.BlockedBy != nil {
		b := *s.BlockedBy
		s.BlockedBy = &b
	}
	moved := map[int]int{} // index in from's store -> index in rep's, for the scenario's exchanges so far
	steps := make([]StepReport, len(s.Steps))
	for i, st := range s.Steps {
		var checks []int
		for _, j := range st.Checks {
			if k, ok := moved[j]; ok {
				checks = append(checks, k)
			}
		}
		exchanges := make([]int, 0, len(st.Exchanges))
		for _, j := range st.Exchanges {
			if j >= 0 && j < len(from.exchanges) {
				k := rep.addExchange(from.exchanges[j])
				moved[j] = k
				exchanges = append(exchanges, k)
			}
		}
		st.Checks, st.Exchanges = checks, exchanges
		st.Advice = append([]record.Advice(nil), st.Advice...)
		steps[i] = st
	}
	s.Steps = steps
	return s
}

// shardOrder checks that parts are shards 1 to N of one N, each once, and
// returns them in shard order.
func shardOrder(parts []Part) ([]Part, error) {
	out := append([]Part(nil), parts...)
	for _, p := range out {
		if p.Report.Rerun != nil {
			return nil, &MergeError{Dir: p.Dir, Msg: fmt.Sprintf("its report is a partial rerun of run %s, not a shard: only the shards of one run merge", p.Report.Rerun.Of)}
		}
		if p.Report.Shard == nil {
			return nil, &MergeError{Dir: p.Dir, Msg: "its report is of a whole run, not of a shard (run --shard I/N)"}
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Report.Shard.Index < out[j].Report.Shard.Index })
	n := out[0].Report.Shard.Count
	for i, p := range out {
		sh := *p.Report.Shard
		switch {
		case sh.Count != n:
			return nil, &MergeError{Dir: p.Dir, Msg: fmt.Sprintf("is shard %s, but %s is shard %s: not the same split", sh, out[0].Dir, out[0].Report.Shard)}
		case i > 0 && sh.Index == out[i-1].Report.Shard.Index:
			return nil, &MergeError{Dir: p.Dir, Msg: fmt.Sprintf("is shard %s, and so is %s", sh, out[i-1].Dir)}
		}
	}
	if len(out) != n {
		have := make([]bool, n+1)
		for _, p := range out {
			have[p.Report.Shard.Index] = true
		}
		var missing []string
		for i := 1; i <= n; i++ {
			if !have[i] {
				missing = append(missing, record.Shard{Index: i, Count: n}.String())
			}
		}
		return nil, fmt.Errorf("the run was split into %d shards, and shard %s is missing: merge the report directories of every shard", n, strings.Join(missing, ", "))
	}
	return out, nil
}

// sameRun checks that p comes from the same suite, target and scope as first.
func sameRun(first, p Part) error {
	a, b := first.Report, p.Report
	switch {
	case a.Suite != b.Suite:
		return &MergeError{Dir: p.Dir, Msg: fmt.Sprintf("comes from another suite (version %q, features %s, schemas %s) than %s (version %q, features %s, schemas %s)",
			b.Suite.Version, short(b.Suite.FeaturesSHA256), short(b.Suite.SchemasSHA256), first.Dir, a.Suite.Version, short(a.Suite.FeaturesSHA256), short(a.Suite.SchemasSHA256))}
	case !sameTarget(a.Target, b.Target):
		return &MergeError{Dir: p.Dir, Msg: fmt.Sprintf("tested the target %s, %s tested %s", b.Target, first.Dir, a.Target)}
	case a.Scope.Tags != b.Scope.Tags || !slices.Equal(a.Scope.Exclude, b.Scope.Exclude):
		return &MergeError{Dir: p.Dir, Msg: fmt.Sprintf("selected other scenarios (tags %q, exclude %v) than %s (tags %q, exclude %v): the shards are not of one run",
			b.Scope.Tags, b.Scope.Exclude, first.Dir, a.Scope.Tags, a.Scope.Exclude)}
	}
	return nil
}

// sameTarget reports whether two reports tested the same target: the
// same base URL, or base URLs on the loopback interface that differ only in
// their port (each CI job starts its own embedded reference server or
// local instance).
func sameTarget(a, b string) bool {
	if a == b {
		return true
	}
	ua, errA := url.Parse(a)
	ub, errB := url.Parse(b)
	if errA != nil || errB != nil || ua.Scheme != ub.Scheme || ua.Path != ub.Path || ua.RawQuery != ub.RawQuery {
		return false
	}
	return loopback(ua.Hostname()) && loopback(ub.Hostname())
}

func loopback(host string) bool {
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

func short(digest string) string {
	if len(digest) > 12 {
		return digest[:12]
	}
	return digest
}

// mergeWaivers sums what each waiver did in each shard, in the order the
// waivers first appear. pos orders scenario IDs as the merged report does.
func mergeWaivers(parts []Part, pos map[string]int) []WaiverStatus {
	type acc struct {
		st                WaiverStatus
		applied, expired  bool
		unusedInEveryPart bool
	}
	idx := map[record.Waiver]*acc{}
	var order []record.Waiver
	for _, p := range parts {
		for _, ws := range p.Report.Waivers {
			a, ok := idx[ws.Waiver]
			if !ok {
				a = &acc{st: WaiverStatus{Waiver: ws.Waiver, Matched: []string{}, Waived: []string{}}, unusedInEveryPart: true}
				idx[ws.Waiver] = a
				order = append(order, ws.Waiver)
			}
			a.st.Matched = append(a.st.Matched, ws.Matched...)
			a.st.Waived = append(a.st.Waived, ws.Waived...)
			a.applied = a.applied || ws.State == WaiverApplied
			a.expired = a.expired || ws.State == WaiverExpired
			a.unusedInEveryPart = a.unusedInEveryPart && ws.State == WaiverUnused
		}
	}
	byPos := func(ids []string) {
		sort.SliceStable(ids, func(i, j int) bool { return pos[ids[i]] < pos[ids[j]] })
	}
	out := make([]WaiverStatus, 0, len(order))
	for _, w := range order {
		a := idx[w]
		st := a.st
		byPos(st.Matched)
		byPos(st.Waived)
		switch {
		case a.applied && len(st.Waived) > 0:
			st.State = WaiverApplied
			st.Reason = fmt.Sprintf("waives %d failing scenario(s) until %s", len(st.Waived), w.Expires)
		case a.expired:
			st.State, st.Expired, st.Waived = WaiverExpired, true, []string{}
			st.Reason = fmt.Sprintf("past its date (%s): it waives nothing; remove or renew it", w.Expires)
		default: // unused in every shard
			st.State, st.Unused = WaiverUnused, true
			if len(st.Matched) == 0 {
				st.Reason = "names no scenario of this run: remove it, or check the ID or clause"
			} else {
				st.Reason = fmt.Sprintf("none of the %d scenario(s) it names failed: remove it", len(st.Matched))
			}
		}
		out = append(out, st)
	}
	return out
}

// MergeDirs reads the report directories of every shard of a run, merges
// them (Merge) and writes the merged report into out: the files of
// WriteAll, cucumber.json (written from the merged report, as a run
// writes its own: WriteCucumber) and profile.yaml of the first shard.
// Every input is read before out is written, so out may be one of dirs.
func MergeDirs(out string, dirs []string, idx Index, set *schemas.Set) (*Report, error) {
	var parts []Part
	for _, d := range dirs {
		p, err := ReadPart(d)
		if err != nil {
			return nil, err
		}
		parts = append(parts, p)
	}
	rep, err := Merge(parts, idx, set)
	if err != nil {
		return nil, err
	}
	parts, _ = shardOrder(parts) // checked by Merge
	profile, err := os.ReadFile(filepath.Join(parts[0].Dir, BundleProfile))
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, &MergeError{Dir: parts[0].Dir, Msg: err.Error()}
	}
	if err := WriteRun(out, rep, idx.Gherkin); err != nil {
		return nil, err
	}
	if profile != nil {
		if err := os.WriteFile(filepath.Join(out, BundleProfile), profile, 0o644); err != nil {
			return nil, err
		}
	}
	return rep, nil
}

func fromMs(ms float64) time.Duration {
	return time.Duration(math.Round(ms * float64(time.Millisecond)))
}

// parseSeconds reads what formatSeconds writes; 0 when it cannot.
func parseSeconds(s string) time.Duration {
	f, err := strconv.ParseFloat(strings.TrimSuffix(s, "s"), 64)
	if err != nil || f <= 0 {
		return 0
	}
	return fromMs(f * 1000)
}
