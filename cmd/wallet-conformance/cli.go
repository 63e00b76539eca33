package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	iofs "io/fs"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"time"

	"github.com/wallet-conformance/wallet-conformance/reference"
	"github.com/wallet-conformance/wallet-conformance/reports"
	"github.com/wallet-conformance/wallet-conformance/runner"
	"github.com/wallet-conformance/wallet-conformance/runner/profile"
)

// Exit statuses.
const (
	ExitConformant = 0 // every normative scenario in scope passed
	ExitFailed     = 1 // a normative scenario failed or errored
	ExitUsage      = 2 // usage or profile error, or a target that cannot be used at all
)

const usage = `wallet-conformance: the conformance suite of the Wallet Payments Service API

Usage:
  wallet-conformance run     [--profile FILE] [--target URL] [--tags EXPR] [--report-dir DIR] [--concurrency N] [--waivers FILE]
                             [--max-duration D] [--allow-environment NAME] [--shard I/N [--timings FILE]] [--features DIR]
  wallet-conformance explore [--profile FILE | --target URL] [--seed S] [--steps N] [--runs R] [--max-duration D]
                             [--max-calls C] [--report-dir DIR] [--mutant NAME]
  wallet-conformance merge   [--out DIR] DIR...
  wallet-conformance serve   [--addr 127.0.0.1:8080]
  wallet-conformance list    [--format markdown|json]
  wallet-conformance openapi [--out FILE]
  wallet-conformance bundle  [--report-dir DIR] [--waivers FILE] [--out FILE] [--sign-key FILE]
  wallet-conformance verify  BUNDLE [--pubkey FILE]
  wallet-conformance keygen  [--out key.pem]

run      runs the suite; without --profile against the embedded reference server; with --shard I/N
         only the I-th of N parts balanced by time (--timings: an earlier report.json)
         --features DIR runs the .feature files of DIR instead of the embedded ones (a scenario explore wrote)
explore  stateful exploration: random sequences of moves checked against a model of the money after every
         call; a failure is shrunk and written as a scenario (features/ of the report directory)
merge    merges the report directories of a run's shards into one report with one verdict
serve    runs the reference server alone and prints the profile that targets it
list     prints every clause with its operations and the scenarios that check it
openapi  writes the OpenAPI 3.1 document of the API, from the suite's schemas
bundle   packs a report directory into one archive with a manifest of digests, signed with --sign-key
verify   checks a bundle's digests and, with --pubkey, its signature
keygen   writes an Ed25519 key pair for bundle --sign-key and verify --pubkey

Exit status of run and merge: 0 conformant (also with waivers), 1 a normative scenario failed, 2 usage or
profile error, a target that cannot be reached or a report that cannot be merged. Of verify: 0 intact, 1 a
file or the signature does not match, 2 usage error.
`

// usageError is a mistake on the command line.
type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }

// Main runs a command and returns its exit status.
func Main(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return ExitUsage
	}
	var err error
	code := ExitConformant
	switch args[0] {
	case "run":
		code, err = runCmd(ctx, args[1:], stdout, stderr)
	case "explore":
		code, err = exploreCmd(ctx, args[1:], stdout, stderr)
	case "merge":
		code, err = mergeCmd(args[1:], stdout, stderr)
	case "serve":
		err = serveCmd(ctx, args[1:], stdout, stderr)
	case "list":
		err = listCmd(args[1:], stdout, stderr)
	case "openapi":
		err = openapiCmd(args[1:], stdout, stderr)
	case "bundle":
		err = bundleCmd(args[1:], stdout, stderr)
	case "verify":
		code, err = verifyCmd(args[1:], stdout, stderr)
	case "keygen":
		err = keygenCmd(args[1:], stdout, stderr)
	case "help", "-h", "--help":
		fmt.Fprint(stdout, usage)
		return ExitConformant
	default:
		err = &usageError{msg: fmt.Sprintf("unknown command %q", args[0])}
	}
	if err == nil {
		return code
	}
	var ue *usageError
	var pe *profile.Error
	var te *runner.UnreachableError
	switch {
	case errors.Is(err, flag.ErrHelp):
		return ExitConformant
	case errors.As(err, &ue):
		fmt.Fprintf(stderr, "usage error: %v\n\n%s", err, usage)
	case errors.As(err, &pe):
		fmt.Fprintf(stderr, "profile error: %v\n", err)
	case errors.As(err, &te):
		fmt.Fprintf(stderr, "target error: %v\n", err)
	default:
		fmt.Fprintf(stderr, "error: %v\n", err)
	}
	return ExitUsage
}

func runCmd(ctx context.Context, args []string, stdout, stderr io.Writer) (int, error) {
	fs := flag.NewFlagSet("run", flag.ContinueOnError)
	fs.SetOutput(stderr)
	profilePath := fs.String("profile", "", "target profile (YAML or JSON); default: the embedded reference server")
	targetURL := fs.String("target", "", "base URL of the target, overriding the profile's baseUrl")
	tags := fs.String("tags", "", "godog tag expression selecting scenarios, e.g. \"@A-4.2 && ~@advisory\"")
	reportDir := fs.String("report-dir", "conformance-report", "directory for junit.xml, cucumber.json and summary.md")
	concurrency := fs.Int("concurrency", runner.DefaultConcurrency(), "scenarios run at once (default: 4 per CPU, at most 32)")
	waiversPath := fs.String("waivers", "", "waiver file (YAML): known failures that do not fail the verdict until they expire")
	maxDuration := fs.Duration("max-duration", 0, "bound on the whole run (e.g. 30m); scenarios cut short end as ERROR; 0 for none")
	allowEnv := fs.String("allow-environment", "", "consent to run against a profile whose environment is not sandbox; must name it")
	shardFlag := fs.String("shard", "", "run only part I of N (e.g. 2/3) of the selected scenarios, balanced by time; merge the parts' reports with merge")
	timingsPath := fs.String("timings", "", "an earlier report.json whose scenario durations balance --shard (default: estimates)")
	featuresDir := fs.String("features", "", "directory of .feature files to run instead of the embedded features (e.g. a scenario explore wrote)")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return ExitConformant, err
		}
		return ExitUsage, &usageError{msg: err.Error()}
	}
	if fs.NArg() > 0 {
		return ExitUsage, &usageError{msg: fmt.Sprintf("unexpected argument %q", fs.Arg(0))}
	}
	if *concurrency < 1 {
		return ExitUsage, &usageError{msg: "--concurrency must be at least 1"}
	}
	var shard reports.Shard
	var timings runner.Timings
	if *shardFlag != "" {
		var err error
		if shard, err = runner.ParseShard(*shardFlag); err != nil {
			return ExitUsage, &usageError{msg: err.Error()}
		}
	}
	if *timingsPath != "" {
		if *shardFlag == "" {
			return ExitUsage, &usageError{msg: "--timings only balances --shard; give --shard I/N too"}
		}
		var err error
		if timings, err = runner.LoadTimings(*timingsPath); err != nil {
			return ExitUsage, &usageError{msg: "--timings: " + err.Error()}
		}
	}
	var featureFS iofs.FS
	if *featuresDir != "" {
		if names, err := filepath.Glob(filepath.Join(*featuresDir, "*.feature")); err != nil || len(names) == 0 {
			return ExitUsage, &usageError{msg: fmt.Sprintf("--features: no .feature file in %s", *featuresDir)}
		}
		featureFS = os.DirFS(*featuresDir)
	}

	var p *profile.Profile
	if *profilePath == "" {
		srv, err := reference.New(reference.DefaultConfig())
		if err != nil {
			return ExitUsage, err
		}
		defer srv.Close()
		p = runner.ReferenceProfile(srv.URL, reference.DefaultConfig())
		fmt.Fprintf(stdout, "target: embedded reference server at %s\n", srv.URL)
	} else {
		var err error
		if p, err = profile.Load(*profilePath); err != nil {
			return ExitUsage, err
		}
	}
	if *targetURL != "" {
		p.BaseURL = *targetURL
	}
	var waivers []reports.Waiver
	if *waiversPath != "" {
		var err error
		if waivers, err = reports.LoadWaivers(*waiversPath); err != nil {
			return ExitUsage, &usageError{msg: "waivers: " + err.Error()}
		}
	}
	res, err := runner.Run(ctx, runner.Options{
		Profile:          p,
		Tags:             *tags,
		ReportDir:        *reportDir,
		Concurrency:      *concurrency,
		Progress:         stdout,
		Waivers:          waivers,
		MaxDuration:      *maxDuration,
		AllowEnvironment: *allowEnv,
		Shard:            shard,
		Timings:          timings,
		Features:         featureFS,
	})
	if err != nil {
		return ExitUsage, err
	}
	c := res.Counts()
	if shard.Count > 0 {
		fmt.Fprintf(stdout, "\nshard %s (%d scenarios; merge every shard's report for the verdict of the whole run)", shard, len(res.Scenarios))
	}
	fmt.Fprintf(stdout, "\n%s: %d passed, %d failed, %d errors, %d warnings, %d skipped, %d not claimed; report in %s\n",
		res.Verdict(), c[reports.Passed], c[reports.Failed], c[reports.Error], c[reports.Warning], c[reports.Skipped], c[reports.NotClaimed], *reportDir)
	if res.Verdict() == reports.NotConformant {
		return ExitFailed, nil
	}
	return ExitConformant, nil
}

func serveCmd(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	addr := fs.String("addr", "127.0.0.1:8080", "address to listen on")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return err
		}
		return &usageError{msg: err.Error()}
	}
	cfg := reference.DefaultConfig()
	h, err := reference.NewHandler(cfg)
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return err
	}
	url := "http://" + ln.Addr().String()
	fmt.Fprintf(stdout, "# reference server listening on %s; a profile that targets it:\n%s# serving until interrupted\n", url, runner.ReferenceProfile(url, cfg).YAML())
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second}
	go func() {
		<-ctx.Done()
		shutdown, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = srv.Shutdown(shutdown)
	}()
	if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}
