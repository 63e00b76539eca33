package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"slices"

	"github.com/wallet-conformance/wallet-conformance/explore"
	"github.com/wallet-conformance/wallet-conformance/profile"
	"github.com/wallet-conformance/wallet-conformance/record"
	"github.com/wallet-conformance/wallet-conformance/reference"
	"github.com/wallet-conformance/wallet-conformance/runner"
)

// exploreCmd runs a stateful exploration (package explore) and maps its
// verdict to the exit status of run.
func exploreCmd(ctx context.Context, args []string, stdout, stderr io.Writer) (int, error) {
	fs := flag.NewFlagSet("explore", flag.ContinueOnError)
	quietFlags(fs, stderr, args)
	profilePath := fs.String("profile", "", "target profile (YAML or JSON); default: the embedded reference server")
	targetURL := fs.String("target", "", "base URL of the target, overriding the profile's baseUrl")
	seed := fs.Uint64("seed", 0, "seed of the exploration: the same seed makes the same moves against a deterministic target; 0 picks one and prints it")
	steps := fs.Int("steps", 30, "average number of moves of a property run")
	runs := fs.Int("runs", 100, "number of property runs; the exploration stops at the first failure to shrink it")
	maxDuration := fs.Duration("max-duration", 0, "bound on the whole exploration, shrinking included (e.g. 10m); 0 for none")
	maxCalls := fs.Int("max-calls", 0, "bound on the calls sent to the target, shrinking included; 0 for none")
	reportDir := fs.String("report-dir", "explore-report", "directory for the report files and, in features/, the scenario of a failure")
	mutant := fs.String("mutant", "", "run the embedded reference server with this fault (reference.Mutants); not with --profile or --target")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return ExitConformant, err
		}
		return ExitUsage, &usageError{msg: err.Error()}
	}
	switch {
	case fs.NArg() > 0:
		return ExitUsage, &usageError{msg: fmt.Sprintf("unexpected argument %q", fs.Arg(0))}
	case *steps < 1 || *runs < 1:
		return ExitUsage, &usageError{msg: "--steps and --runs must be at least 1"}
	case *maxCalls < 0 || *maxDuration < 0:
		return ExitUsage, &usageError{msg: "--max-calls and --max-duration cannot be negative"}
	case *mutant != "" && (*profilePath != "" || *targetURL != ""):
		return ExitUsage, &usageError{msg: "--mutant applies to the embedded reference server only, not with --profile or --target"}
	case *mutant != "" && !slices.ContainsFunc(slices.Concat(reference.Mutants(), reference.ExplorationMutants()), func(m reference.Mutant) bool { return m.Name == *mutant }):
		return ExitUsage, &usageError{msg: fmt.Sprintf("--mutant: no mutant %q (see reference/mutants_*.go)", *mutant)}
	}

	var p *profile.Profile
	switch {
	case *profilePath == "" && *targetURL != "":
		// A reference server started apart (serve, serve --mutant), as run --target.
		p = runner.ReferenceProfile(*targetURL, reference.DefaultConfig())
		fmt.Fprintf(stdout, "target: %s (with the reference server's profile: no --profile given)\n", *targetURL)
	case *profilePath == "":
		cfg := reference.DefaultConfig()
		cfg.Mutant = *mutant
		srv, err := reference.New(cfg)
		if err != nil {
			return ExitUsage, err
		}
		defer srv.Close()
		p = runner.ReferenceProfile(srv.URL, cfg)
		what := "embedded reference server"
		if *mutant != "" {
			what += " with mutant " + *mutant
		}
		fmt.Fprintf(stdout, "target: %s at %s\n", what, srv.URL)
	default:
		var err error
		if p, err = profile.Load(*profilePath); err != nil {
			return ExitUsage, err
		}
	}
	if *targetURL != "" {
		p.BaseURL = *targetURL
	}
	out, err := explore.Run(ctx, explore.Options{
		Profile:     p,
		Seed:        *seed,
		Steps:       *steps,
		Runs:        *runs,
		MaxDuration: *maxDuration,
		MaxCalls:    *maxCalls,
		ReportDir:   *reportDir,
		Progress:    stdout,
		Replay:      true,
	})
	if err != nil {
		return ExitUsage, err
	}
	if f := out.Failure; f != nil && f.FeaturePath != "" {
		fmt.Fprintf(stdout, "scenario: %s\nreplay it: wallet-conformance run --features %s%s\n", f.FeaturePath, *reportDir+"/features", targetArgs(*profilePath, *targetURL, *mutant))
	}
	fmt.Fprintf(stdout, "to explore the same way again: --seed %d --steps %d --runs %d\n", out.Seed, *steps, *runs)
	if out.Result.Verdict() == record.NotConformant {
		return ExitFailed, nil
	}
	return ExitConformant, nil
}

// targetArgs repeats the flags that chose the target, for the replay hint.
func targetArgs(profilePath, targetURL, mutant string) string {
	s := ""
	if profilePath != "" {
		s += " --profile " + profilePath
	}
	if targetURL != "" {
		s += " --target " + targetURL
	}
	if mutant != "" {
		s += " (against a server with the same fault)"
	}
	return s
}
