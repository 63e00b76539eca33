package runner

import (
	"encoding/json"
	"fmt"
	"math"
	"math/big"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/wallet-conformance/wallet-conformance/record"
	"github.com/wallet-conformance/wallet-conformance/reports"
)

// ParseShard reads the --shard value "INDEX/COUNT", 1 <= INDEX <= COUNT.
func ParseShard(v string) (record.Shard, error) {
	i, n, ok := strings.Cut(strings.TrimSpace(v), "/")
	index, err1 := strconv.Atoi(i)
	count, err2 := strconv.Atoi(n)
	switch {
	case !ok || err1 != nil || err2 != nil:
		return record.Shard{}, fmt.Errorf("--shard %q is not INDEX/COUNT, e.g. 2/3", v)
	case count < 1:
		return record.Shard{}, fmt.Errorf("--shard %q: COUNT must be at least 1", v)
	case index < 1 || index > count:
		return record.Shard{}, fmt.Errorf("--shard %q: INDEX must be from 1 to %d", v, count)
	}
	return record.Shard{Index: index, Count: count}, nil
}

// Timings are recorded scenario durations by scenario key: what a previous
// run took, to balance the shards of the next one.
type Timings map[string]time.Duration

// LoadTimings reads the scenario durations of a report.json (path may name
// the report directory). Scenarios that did not run (durationMs 0: NOT
// CLAIMED, or never ended) are left out, so they are estimated.
func LoadTimings(path string) (Timings, error) {
	if info, err := os.Stat(path); err == nil && info.IsDir() {
		path = filepath.Join(path, reports.ReportJSONFile)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var rep struct {
		Scenarios *[]struct {
			ID         string  `json:"id"`
			Key        string  `json:"key"`
			Name       string  `json:"name"`
			DurationMs float64 `json:"durationMs"`
		} `json:"scenarios"`
	}
	if err := json.Unmarshal(data, &rep); err != nil {
		return nil, fmt.Errorf("%s is not a report.json: %w", path, err)
	}
	if rep.Scenarios == nil {
		return nil, fmt.Errorf("%s is not a report.json: it has no scenarios", path)
	}
	t := Timings{}
	for _, s := range *rep.Scenarios {
		if s.ID != "" && s.DurationMs > 0 {
			// By key, so that a scenario whose lines moved keeps its time;
			// a report written before keys names it by file and name.
			t[record.KeyOf(s.Key, s.ID, s.Name)] = time.Duration(math.Round(s.DurationMs * float64(time.Millisecond)))
		}
	}
	return t, nil
}

// What a scenario is expected to take when no run recorded it: every step
// about one call to a sandbox, a load three calls per amount (initiate,
// complete and capture a payment), a step that lets "a second later" pass
// its pause and more, and one that waits for a short-lived token to expire
// (sandbox.shortTokenUserId promises less than 30 s; the reference's live a
// quarter of a second).
const (
	stepEstimate   = 200 * time.Millisecond
	loadEstimate   = 2 * stepEstimate // per amount loaded, beyond the step itself
	pauseEstimate  = 2 * time.Second
	expiryEstimate = 5 * time.Second
)

var amountPattern = regexp.MustCompile(`[0-9]+\.[0-9]{2}`)

// EstimateDuration returns what a scenario is expected to take without a
// recorded duration: its steps, the extra calls of each "has been loaded"
// amount and the pause of each step that waits "a second later".
func EstimateDuration(s Scenario) time.Duration {
	d := time.Duration(len(s.Steps)) * stepEstimate
	for _, st := range s.Steps {
		if strings.Contains(st, "has been loaded") {
			d += time.Duration(len(amountPattern.FindAllString(st, -1))) * loadEstimate
		}
		if strings.Contains(st, "a second later") {
			d += pauseEstimate
		}
		if strings.Contains(st, "token that has expired") {
			d += expiryEstimate
		}
	}
	return d
}

// Weigh returns each scenario's weight by ID: its duration in t or, for a
// scenario t does not know, its estimate scaled to t's pace (the ratio of
// recorded to estimated time over the scenarios both know), so that a new
// scenario weighs like its recorded neighbours.
func Weigh(scenarios []Scenario, t Timings) map[string]time.Duration {
	var rec, est int64
	for _, s := range scenarios {
		if d, ok := t[s.Key]; ok {
			rec += int64(d)
			est += int64(EstimateDuration(s))
		}
	}
	w := make(map[string]time.Duration, len(scenarios))
	for _, s := range scenarios {
		if d, ok := t[s.Key]; ok {
			w[s.ID] = d
			continue
		}
		e := EstimateDuration(s)
		if rec > 0 && est > 0 { // exact integer scaling: the same on every machine
			v := new(big.Int).Mul(big.NewInt(int64(e)), big.NewInt(rec))
			e = time.Duration(v.Quo(v, big.NewInt(est)).Int64())
		}
		w[s.ID] = e
	}
	return w
}

// definition is the unit godog can select: a Scenario, or a Scenario
// Outline with all its rows.
type definition struct {
	id        string // "file.feature:DefLine"
	scenarios []Scenario
	weight    time.Duration
}

func definitionID(s Scenario) string { return fmt.Sprintf("%s:%d", s.URI, s.DefLine) }

// Partition splits scenarios into count shards, deterministically, so that
// the shards' weights are close: longest processing time first over the
// scenario definitions (an outline weighs the sum of its rows), heaviest
// first and then by ID, each to the least loaded shard, ties to the lowest.
// The rows of an outline stay together, since godog selects by definition.
// Every scenario is in exactly one shard; each shard keeps the input order.
func Partition(scenarios []Scenario, count int, weight func(Scenario) time.Duration) [][]Scenario {
	if count < 1 {
		count = 1
	}
	idx := map[string]int{}
	var defs []*definition
	for _, s := range scenarios {
		id := definitionID(s)
		i, ok := idx[id]
		if !ok {
			i = len(defs)
			idx[id] = i
			defs = append(defs, &definition{id: id})
		}
		defs[i].scenarios = append(defs[i].scenarios, s)
		defs[i].weight += weight(s)
	}
	order := append([]*definition(nil), defs...)
	sort.SliceStable(order, func(i, j int) bool {
		if order[i].weight != order[j].weight {
			return order[i].weight > order[j].weight
		}
		return order[i].id < order[j].id
	})
	loads := make([]time.Duration, count)
	shardOf := map[string]int{}
	for _, d := range order {
		best := 0
		for k := 1; k < count; k++ {
			if loads[k] < loads[best] {
				best = k
			}
		}
		loads[best] += d.weight
		shardOf[d.id] = best
	}
	out := make([][]Scenario, count)
	for _, s := range scenarios {
		k := shardOf[definitionID(s)]
		out[k] = append(out[k], s)
	}
	return out
}

// heaviestFirst orders godog's paths so that the scenarios expected to
// take longest (a wait for a token to expire, a second's pause) start
// first: godog starts scenarios in the order of its paths, and a long one
// started last becomes the run's tail. Ties keep their order; pathOf names
// the path that runs a scenario.
func heaviestFirst(paths []string, scenarios []Scenario, pathOf func(Scenario) string) []string {
	heaviest := make(map[string]time.Duration, len(paths))
	for _, s := range scenarios {
		if d := EstimateDuration(s); d > heaviest[pathOf(s)] {
			heaviest[pathOf(s)] = d
		}
	}
	sort.SliceStable(paths, func(i, j int) bool { return heaviest[paths[i]] > heaviest[paths[j]] })
	return paths
}

// definitionPaths returns godog's paths selecting exactly the definitions
// of scenarios, "file.feature:DefLine", in order.
func definitionPaths(scenarios []Scenario) []string {
	var paths []string
	seen := map[string]bool{}
	for _, s := range scenarios {
		if id := definitionID(s); !seen[id] {
			seen[id] = true
			paths = append(paths, id)
		}
	}
	return paths
}

// pickleLine matches the ":LINE" godog appends to a pickle's URI when a
// path selects one definition.
var pickleLine = regexp.MustCompile(`:[0-9]+$`)

// featureURI returns the feature file of a pickle URI.
func featureURI(uri string) string { return pickleLine.ReplaceAllString(uri, "") }
