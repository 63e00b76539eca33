package main

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/wallet-conformance/wallet-conformance/reports"
)

// harCmd writes every exchange of a report directory's evidence store as
// a HAR 1.2 file (reports.WriteHAR), to stdout or --out.
func harCmd(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("har", flag.ContinueOnError)
	quietFlags(fs, stderr, args)
	reportDir := fs.String("report-dir", "conformance-report", "report directory (report.json and evidence.json.gz), or its report.json")
	out := fs.String("out", "", "HAR file to write; default: standard output")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return &usageError{msg: fmt.Sprintf("unexpected argument %q", fs.Arg(0))}
	}
	rep, err := reports.ReadReport(reportDirOf(*reportDir))
	if err != nil {
		return err
	}
	var b bytes.Buffer
	if err := reports.WriteHAR(&b, rep); err != nil {
		return err
	}
	if *out == "" {
		_, err = stdout.Write(b.Bytes())
		return err
	}
	if err := os.WriteFile(*out, b.Bytes(), 0o644); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "HAR %s of run %s written to %s: %d exchanges of %d scenarios, secrets redacted as in the report\n",
		reports.HARVersion, rep.RunID, *out, len(rep.Exchanges()), len(rep.Scenarios))
	return nil
}

// reportDirOf takes a report directory or the path of its report.json and
// returns the directory.
func reportDirOf(path string) string {
	if info, err := os.Stat(path); err == nil && !info.IsDir() {
		return filepath.Dir(path)
	}
	return path
}
