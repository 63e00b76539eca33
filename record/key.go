package record

import (
	"regexp"
	"strings"
)

// ScenarioKey is a scenario's stable identity: its feature file and its
// name, an outline's values filled in, "A-4.03-load.feature/A load of
// 40.00 EUR is accepted". The suite names every scenario of a file
// differently (an outline's rows differ by the values their name shows),
// so the key names one scenario; unlike its ID (file.feature:line) it
// stays the same when a scenario or a Rule is inserted above it, and it
// changes when the scenario is renamed or moved to another file. Waivers,
// baselines, reruns and timings name a scenario by it.
func ScenarioKey(file, name string) string { return file + "/" + name }

// KeyOf returns the key of a scenario recorded with an ID (file:line) and a
// name: its Key when it has one, else the key its file and name make, as a
// report written before keys (schema 2.3 and older) names it. A scenario
// of no feature file (the exploration's and the sweep's, whose IDs are
// their own) is keyed by its ID and name.
func KeyOf(key, id, name string) string {
	switch {
	case key != "":
		return key
	case IsLineID(id):
		return ScenarioKey(FileOf(id), name)
	}
	return id + "/" + name
}

// FileOf returns the feature file of a scenario ID (file.feature:line).
func FileOf(id string) string {
	if i := strings.LastIndexByte(id, ':'); i >= 0 {
		return id[:i]
	}
	return id
}

var (
	lineID   = regexp.MustCompile(`^[^\s:/]+\.feature:[1-9][0-9]*$`)
	stableID = regexp.MustCompile(`^[^\s:/]+\.feature/\S.*$`)
)

// IsLineID reports whether id is a scenario ID by line (file.feature:12),
// as waivers and rerun lists were written before keys: it names whatever
// sits at that line now, so it names no scenario for sure.
func IsLineID(id string) bool { return lineID.MatchString(id) }

// IsScenarioKey reports whether k has the form of a ScenarioKey
// (file.feature/Scenario name).
func IsScenarioKey(k string) bool { return stableID.MatchString(k) }
