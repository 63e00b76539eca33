package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/wallet-conformance/wallet-conformance/reports"
)

// diffCmd compares two runs' reports and prints the new failures, the fixed
// ones, the changed levels and the scenarios added or removed: exit 1 on a
// new failure (or when NEW was aborted), 0 otherwise.
func diffCmd(args []string, stdout, stderr io.Writer) (int, error) {
	fs := flag.NewFlagSet("diff", flag.ContinueOnError)
	quietFlags(fs, stderr, args)
	if err := parseFlags(fs, args); err != nil {
		return ExitUsage, err
	}
	if fs.NArg() != 2 {
		return ExitUsage, &usageError{msg: "diff takes two reports, OLD and NEW: report directories or their report.json"}
	}
	old, err := readReportJSON(fs.Arg(0))
	if err != nil {
		return ExitUsage, fmt.Errorf("OLD: %w", err)
	}
	new, err := readReportJSON(fs.Arg(1))
	if err != nil {
		return ExitUsage, fmt.Errorf("NEW: %w", err)
	}
	fmt.Fprintf(stdout, "OLD %s: run %s of %s, %s, %d scenarios\n", fs.Arg(0), old.RunID, old.Time, old.Verdict, len(old.Scenarios))
	fmt.Fprintf(stdout, "NEW %s: run %s of %s, %s, %d scenarios\n", fs.Arg(1), new.RunID, new.Time, new.Verdict, len(new.Scenarios))
	if old.Suite != new.Suite {
		fmt.Fprintf(stdout, "note: the runs used different suites (OLD %s, features %.12s; NEW %s, features %.12s): scenarios are matched by ID and name, then by file and name\n",
			old.Suite.Version, old.Suite.FeaturesSHA256, new.Suite.Version, new.Suite.FeaturesSHA256)
	}
	fmt.Fprintln(stdout)
	d := reports.Compare(old, new)
	if err := reports.WriteDiff(stdout, d, "OLD", "NEW"); err != nil {
		return ExitUsage, err
	}
	if d.Regressed() {
		return ExitFailed, nil
	}
	return ExitConformant, nil
}

// readReportJSON reads report.json, given its path or its directory's (the
// evidence store is not needed to compare results).
func readReportJSON(path string) (*reports.Report, error) {
	data, err := os.ReadFile(filepath.Join(reportDirOf(path), reports.ReportJSONFile))
	if err != nil {
		return nil, err
	}
	return reports.ParseReport(data)
}
