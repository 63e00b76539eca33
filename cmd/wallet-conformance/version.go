package main

import (
	"flag"
	"fmt"
	"io"
	"runtime"
	"runtime/debug"

	"github.com/wallet-conformance/wallet-conformance/runner"
)

// versionCmd prints what identifies this binary and the suite it carries:
// the module version (as go install recorded it; "(devel)" for a local
// build), the Go version, the suite version, the spec edition, and the
// digests every report of this binary records.
func versionCmd(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("version", flag.ContinueOnError)
	quietFlags(fs, stderr, args)
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return &usageError{msg: fmt.Sprintf("unexpected argument %q", fs.Arg(0))}
	}
	id, err := runner.SuiteIdentity()
	if err != nil {
		return err
	}
	module, version, commit := moduleVersion()
	fmt.Fprintf(stdout, "wallet-conformance %s\n", version)
	fmt.Fprintf(stdout, "module:          %s %s\n", module, version)
	if commit != "" {
		fmt.Fprintf(stdout, "commit:          %s\n", commit)
	}
	fmt.Fprintf(stdout, "go:              %s %s/%s\n", runtime.Version(), runtime.GOOS, runtime.GOARCH)
	fmt.Fprintf(stdout, "suite:           %s\n", id.SuiteVersion)
	fmt.Fprintf(stdout, "spec edition:    %s (SHA-256 of the rules catalogue, which quotes documents A and B, and of the features)\n", id.SpecEdition)
	fmt.Fprintf(stdout, "features sha256: %s\n", id.FeaturesSHA256)
	fmt.Fprintf(stdout, "schemas sha256:  %s\n", id.SchemasSHA256)
	fmt.Fprintf(stdout, "rules sha256:    %s\n", id.RulesSHA256)
	return nil
}

// moduleVersion returns the main module's path and version as the build
// recorded them ("(devel)" when built from a working tree), and the VCS
// revision when the build recorded one.
func moduleVersion() (module, version, commit string) {
	module, version = "github.com/wallet-conformance/wallet-conformance", "(devel)"
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return module, version, ""
	}
	if info.Main.Path != "" {
		module = info.Main.Path
	}
	if info.Main.Version != "" {
		version = info.Main.Version
	}
	var modified bool
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			commit = s.Value
		case "vcs.modified":
			modified = s.Value == "true"
		}
	}
	if commit != "" && modified {
		commit += " (modified)"
	}
	return module, version, commit
}
