package main

import (
	"errors"
	"flag"
	"fmt"
	"io"

	"github.com/wallet-conformance/wallet-conformance/features"
	"github.com/wallet-conformance/wallet-conformance/runner"
)

// listCmd prints the catalogue clause by clause: the auditor's index of
// what the suite checks.
func listCmd(args []string, stdout, stderr io.Writer) error {
	return printListing("list", args, stdout, stderr, func() ([]runner.ClauseEntry, error) {
		return runner.Catalogue(features.FS())
	}, runner.WriteCatalogueMarkdown, runner.WriteCatalogueJSON)
}

// rulesCmd prints the assertion audit: every rule of the spec the suite
// knows, its level, the spec's words, and the scenarios and mutants behind
// it.
func rulesCmd(args []string, stdout, stderr io.Writer) error {
	return printListing("rules", args, stdout, stderr, func() ([]runner.RuleEntry, error) {
		return runner.RuleCatalogue(features.FS())
	}, runner.WriteRulesMarkdown, runner.WriteRulesJSON)
}

// printListing is a command that prints what load gives, as --format
// markdown (the default) or json.
func printListing[T any](name string, args []string, stdout, stderr io.Writer, load func() (T, error), markdown, json func(io.Writer, T) error) error {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	quietFlags(fs, stderr, args)
	format := fs.String("format", "markdown", "markdown or json")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return &usageError{msg: fmt.Sprintf("unexpected argument %q", fs.Arg(0))}
	}
	write := markdown
	switch *format {
	case "markdown", "md":
	case "json":
		write = json
	default:
		return &usageError{msg: fmt.Sprintf("--format %q: want markdown or json", *format)}
	}
	v, err := load()
	if err != nil {
		return err
	}
	return write(stdout, v)
}

// parseFlags parses args with fs, flags and arguments in any order, and
// turns a parse error into a usage error.
func parseFlags(fs *flag.FlagSet, args []string) error {
	var positional []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return err
			}
			return &usageError{msg: err.Error()}
		}
		rest := fs.Args()
		if n := len(args) - len(rest); n > 0 && args[n-1] == "--" {
			positional = append(positional, rest...) // everything after "--" is an argument
			break
		}
		if len(rest) == 0 {
			break
		}
		positional = append(positional, rest[0])
		args = rest[1:]
	}
	return fs.Parse(append([]string{"--"}, positional...))
}
