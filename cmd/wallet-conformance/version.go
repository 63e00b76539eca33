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
// the module version as the build recorded it (see buildVersion), the Go
// version, the suite version, the spec edition, and the digests every
// report of this binary records.
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
	info, _ := debug.ReadBuildInfo()
	v := buildVersion(info)
	fmt.Fprintf(stdout, "wallet-conformance %s\n", v.Version)
	fmt.Fprintf(stdout, "module:          %s %s\n", v.Module, v.Version)
	if v.Commit != "" {
		fmt.Fprintf(stdout, "commit:          %s\n", v.Commit)
	}
	fmt.Fprintf(stdout, "go:              %s %s/%s\n", runtime.Version(), runtime.GOOS, runtime.GOARCH)
	fmt.Fprintf(stdout, "suite:           %s\n", id.SuiteVersion)
	fmt.Fprintf(stdout, "spec edition:    %s (SHA-256 of the rules catalogue, which quotes documents A and B, and of the features)\n", id.SpecEdition)
	fmt.Fprintf(stdout, "features sha256: %s\n", id.FeaturesSHA256)
	fmt.Fprintf(stdout, "schemas sha256:  %s\n", id.SchemasSHA256)
	fmt.Fprintf(stdout, "rules sha256:    %s\n", id.RulesSHA256)
	return nil
}

// binaryVersion is what a build recorded of the module it was built from.
type binaryVersion struct {
	Module string
	// Version is the module version the go command stamped:
	//   - a release (v0.6.0) for `go install module@v0.6.0`;
	//   - a pseudo-version (v0.0.0-20261124155721-6e5140499b32, with
	//     "+dirty" when the tree had uncommitted changes) for a build in a
	//     clone when the go command stamps VCS information (its default;
	//     `go install module@latest` of an untagged commit gives one too);
	//   - "(devel)" for a build without VCS information (-buildvcs=false,
	//     or a tree that is not a clone).
	Version string
	// Commit is the VCS revision the build recorded, with " (modified)"
	// when the tree had uncommitted changes; "" when none was recorded.
	Commit string
}

// buildVersion reads the main module's path, version and VCS revision from
// info; a nil info (a binary built without module support) is "(devel)".
func buildVersion(info *debug.BuildInfo) binaryVersion {
	v := binaryVersion{Module: "github.com/wallet-conformance/wallet-conformance", Version: "(devel)"}
	if info == nil {
		return v
	}
	if info.Main.Path != "" {
		v.Module = info.Main.Path
	}
	if info.Main.Version != "" {
		v.Version = info.Main.Version
	}
	var modified bool
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			v.Commit = s.Value
		case "vcs.modified":
			modified = s.Value == "true"
		}
	}
	if v.Commit != "" && modified {
		v.Commit += " (modified)"
	}
	return v
}
