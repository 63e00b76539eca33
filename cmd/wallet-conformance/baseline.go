package main

import (
	"fmt"
	"io"
	"slices"

	"github.com/wallet-conformance/wallet-conformance/record"
	"github.com/wallet-conformance/wallet-conformance/reports"
)

// loadBaseline reads the report of an earlier run that run --baseline
// compares with: report.json or its directory.
func loadBaseline(path string) (*reports.Report, error) {
	rep, err := readReportJSON(path)
	if err != nil {
		return nil, &usageError{msg: "--baseline: " + err.Error()}
	}
	return rep, nil
}

// gateOnBaseline prints how the run compares with the baseline and returns
// the run's exit status: code (exitFor of the verdict), except that a NOT
// CONFORMANT run whose every failure the baseline already had exits 0. The
// verdict itself, and the report, stay what the run found.
func gateOnBaseline(w io.Writer, base *reports.Report, path string, res *record.Run, code int) int {
	verdict := res.Verdict()
	if verdict != record.NotConformant && verdict != record.Conformant && verdict != record.ConformantWithWaivers {
		fmt.Fprintf(w, "baseline %s: not applied: the run's verdict is %s\n", path, verdict)
		return code
	}
	d := reports.Compare(base, reports.Build(res, record.Meta{}, nil, nil))
	fmt.Fprintf(w, "baseline %s (run %s, %s): %d of this run's %d failures were failing there already; %d new; %d of its failures are fixed\n",
		path, base.RunID, base.Verdict, d.Known, d.Failing, len(d.NewFailures), len(d.Fixed))
	// The baseline's scenarios are matched by key (feature file and
	// name), never by line: a failure of the baseline whose scenario this
	// run does not have (renamed, moved to another file, removed, or not
	// selected) accepts no failure here, and the reader is told which.
	var gone []reports.Change
	for _, c := range d.Removed {
		if slices.ContainsFunc(base.Scenarios, func(s reports.ScenarioReport) bool { return s.ID == c.ID && s.Name == c.Name && s.Failing() }) {
			gone = append(gone, c)
		}
	}
	if len(gone) > 0 {
		fmt.Fprintf(w, "baseline failures that name no scenario of this run (%d; renamed, moved to another file, removed or not selected: they accept no failure here):\n", len(gone))
		for _, c := range gone {
			fmt.Fprintf(w, "  %s  %s  %s\n", c.Old, c.ID, c.Name)
		}
	}
	if len(d.NewFailures) > 0 {
		fmt.Fprintf(w, "new failures (%d):\n", len(d.NewFailures))
		for _, c := range d.NewFailures {
			was := "not in the baseline"
			if c.Old != "" {
				was = "was " + string(c.Old)
			}
			fmt.Fprintf(w, "  %s  %s  %s (%s)\n", c.New, c.ID, c.Name, was)
		}
		fmt.Fprintf(w, "exit status 1: failures the baseline does not have\n")
		return ExitFailed
	}
	if verdict == record.NotConformant {
		fmt.Fprintf(w, "exit status 0: no failure beyond the baseline's; the verdict stays %s (a baseline gates CI; waivers are the audited way to accept a failure)\n", verdict)
	}
	return ExitConformant
}

// failedOf reads an earlier report (report.json or its directory) and
// returns the rerun of its scenarios that did not pass: FAILED, BLOCKED,
// ERROR and WARNING (SKIPPED and NOT CLAIMED follow from the profile, which
// a rerun does not change). A rerun's report reruns what still did not
// pass. It names them by key (ScenarioReport.StableKey: feature file and
// name; a report written before keys gives them by its IDs and names), so
// a report of features edited since names the same scenarios wherever their
// lines went; a key no scenario has any more is refused when the run starts
// (runner.UnknownScenarioError), never run as whatever took its line.
func failedOf(path string) (*record.Rerun, error) {
	rep, err := readReportJSON(path)
	if err != nil {
		return nil, &usageError{msg: "--rerun-failed: " + err.Error()}
	}
	r := &record.Rerun{Of: rep.RunID, Scenarios: []string{}}
	for _, s := range rep.Scenarios {
		switch s.Status {
		case record.Failed, record.Blocked, record.Error, record.Warning:
			if slices.Contains(s.Tags, "explore") {
				// A run of the exploration: explore again with its seed.
				r.Exploration = rep.Exploration
				continue
			}
			if slices.Contains(s.Tags, "sweep") {
				// A finding of the sweep: sweep again with its seed and sample.
				r.Sweep = rep.Sweep
				continue
			}
			r.Scenarios = append(r.Scenarios, s.StableKey())
		}
	}
	return r, nil
}
