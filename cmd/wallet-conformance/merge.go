package main

import (
	"flag"
	"fmt"
	"io"
	"path/filepath"

	"github.com/wallet-conformance/wallet-conformance/features"
	"github.com/wallet-conformance/wallet-conformance/record"
	"github.com/wallet-conformance/wallet-conformance/reports"
	"github.com/wallet-conformance/wallet-conformance/runner"
	"github.com/wallet-conformance/wallet-conformance/schemas"
)

// mergeCmd merges the report directories of a run's shards (run --shard)
// into one report with one verdict; its exit status is that of run.
func mergeCmd(args []string, stdout, stderr io.Writer) (int, error) {
	fs := flag.NewFlagSet("merge", flag.ContinueOnError)
	quietFlags(fs, stderr, args)
	out := fs.String("out", "conformance-report", "directory for the merged report")
	if err := parseFlags(fs, args); err != nil {
		return ExitUsage, err
	}
	if fs.NArg() == 0 {
		return ExitUsage, &usageError{msg: "merge needs the report directory of every shard"}
	}
	idx, err := runner.IndexOf(features.FS())
	if err != nil {
		return ExitUsage, err
	}
	set, err := schemas.Load()
	if err != nil {
		return ExitUsage, err
	}
	rep, err := reports.MergeDirs(*out, fs.Args(), idx, set)
	if err != nil {
		return ExitUsage, err
	}
	c := rep.Counts.ByStatus
	fmt.Fprintf(stdout, "merged %d shards (run %s)\n%s: %d passed, %d failed, %d blocked, %d errors, %d warnings, %d skipped, %d not claimed\nreport: %s\n",
		fs.NArg(), rep.RunID, rep.Verdict, c[record.Passed], c[record.Failed], c[record.Blocked], c[record.Error], c[record.Warning], c[record.Skipped], c[record.NotClaimed], filepath.Join(*out, reports.ReportHTMLFile))
	return exitFor(rep.Verdict), nil
}
