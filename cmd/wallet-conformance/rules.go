package main

import (
	"flag"
	"fmt"
	"io"

	"github.com/wallet-conformance/wallet-conformance/features"
	"github.com/wallet-conformance/wallet-conformance/runner"
)

// rulesCmd prints the assertion audit: every rule of the spec the suite
// knows, its level, the spec's words, and the scenarios and mutants behind
// it.
func rulesCmd(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("rules", flag.ContinueOnError)
	fs.SetOutput(stderr)
	format := fs.String("format", "markdown", "markdown or json")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return &usageError{msg: fmt.Sprintf("unexpected argument %q", fs.Arg(0))}
	}
	write := runner.WriteRulesMarkdown
	switch *format {
	case "markdown", "md":
	case "json":
		write = runner.WriteRulesJSON
	default:
		return &usageError{msg: fmt.Sprintf("--format %q: want markdown or json", *format)}
	}
	entries, err := runner.RuleCatalogue(features.FS())
	if err != nil {
		return err
	}
	return write(stdout, entries)
}
