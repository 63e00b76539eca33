package main

import (
	"fmt"
	"io"
	"slices"

	"github.com/wallet-conformance/wallet-conformance/record"
	"github.com/wallet-conformance/wallet-conformance/reports"
	"github.com/wallet-conformance/wallet-conformance/runner"
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
// pass. With embedded, the report must have been
// written from the embedded features: a scenario ID names a file and line.
func failedOf(path string, embedded bool) (*record.Rerun, error) {
	rep, err := readReportJSON(path)
	if err != nil {
		return nil, &usageError{msg: "--rerun-failed: " + err.Error()}
	}
	if embedded {
		id, err := runner.SuiteIdentity()
		if err != nil {
			return nil, err
		}
		if rep.Suite.FeaturesSHA256 != id.FeaturesSHA256 {
			return nil, &usageError{msg: fmt.Sprintf("--rerun-failed: run %s was made with other features (sha256 %.12s…, this suite's are %.12s…): its scenario IDs do not name this suite's scenarios; run the whole suite", rep.RunID, rep.Suite.FeaturesSHA256, id.FeaturesSHA256)}
		}
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
			r.Scenarios = append(r.Scenarios, s.ID)
		}
	}
	return r, nil
}
