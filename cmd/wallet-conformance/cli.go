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
	"strings"
	"time"

	"github.com/wallet-conformance/wallet-conformance/explore"
	"github.com/wallet-conformance/wallet-conformance/profile"
	"github.com/wallet-conformance/wallet-conformance/record"
	"github.com/wallet-conformance/wallet-conformance/reference"
	"github.com/wallet-conformance/wallet-conformance/reports"
	"github.com/wallet-conformance/wallet-conformance/runner"
	"github.com/wallet-conformance/wallet-conformance/sweep"
)

// Exit statuses.
const (
	ExitConformant = 0 // CONFORMANT or CONFORMANT WITH WAIVERS
	ExitFailed     = 1 // NOT CONFORMANT: a normative scenario failed, was blocked or errored
	// ExitUsage: usage or profile error, a tag expression that does not
	// parse, a run that executed no scenario (NO SCENARIO RUN), or one that
	// could not be carried out (ERROR: e.g. the target issued no token).
	ExitUsage = 2
)

// maxConcurrency bounds --concurrency: a sandbox is not a load test.
const maxConcurrency = 32

// exitFor maps a verdict to the exit status of run and merge.
func exitFor(verdict string) int {
	switch verdict {
	case record.Conformant, record.ConformantWithWaivers:
		return ExitConformant
	case record.NotConformant:
		return ExitFailed
	}
	return ExitUsage
}

const usage = `wallet-conformance: the conformance suite of the Wallet Payments Service API

Usage:
  wallet-conformance run     [--profile FILE] [--target URL] [--tags EXPR] [--report-dir DIR] [--concurrency N] [--waivers FILE]
                             [--max-duration D] [--allow-environment NAME] [--shard I/N [--timings FILE]] [--baseline REPORT] [--features DIR]
                             [--rerun-failed REPORT] [--explore RUNS] [--sweep N|all] [--rate-limit N/s]
  wallet-conformance explore [--profile FILE | --target URL] [--seed S] [--steps N] [--runs R] [--max-duration D]
                             [--max-calls C] [--report-dir DIR] [--mutant NAME]
  wallet-conformance merge   [--out DIR] DIR...
  wallet-conformance serve   [--addr 127.0.0.1:8080] [--mutant NAME] [--variant NAME,...] [--list-mutants]
  wallet-conformance list    [--format markdown|json]
  wallet-conformance rules   [--format markdown|json]
  wallet-conformance openapi [--out FILE] [--profile FILE [--create-account]]
  wallet-conformance bundle  [--report-dir DIR] [--waivers FILE] [--out FILE] [--sign-key FILE]
  wallet-conformance verify  BUNDLE [--pubkey FILE]
  wallet-conformance keygen  [--out key.pem]
  wallet-conformance diff    OLD NEW
  wallet-conformance har     [--report-dir DIR] [--out FILE]
  wallet-conformance init    [--out FILE] [--base-url URL]
  wallet-conformance version

run      runs the suite; without --profile against the embedded reference server; with --shard I/N
         only the I-th of N parts balanced by time (--timings: an earlier report.json); with --baseline
         (an earlier report.json or its directory) it exits 1 only for failures the baseline does not have,
         while the verdict and the report stay the run's own (waivers, not baselines, are the audited path)
         --features DIR runs the .feature files of DIR instead of the embedded ones (a scenario explore wrote);
         --rerun-failed REPORT runs only the scenarios that did not pass in that earlier report: a partial
         rerun, whose verdict speaks for them alone (bundle and merge refuse it); --explore RUNS sets the stateful
         exploration a run of the whole suite makes beside its scenarios (runs with seed 1; 0 leaves it out);
         --sweep all|N sets the bad-input sweep beside them: every generated input (all, the default: the
         certification), N of each operation (seed 1; a quick run, reported as a PARTIAL sweep), 0 leaves it out;
         with it go the valid requests of every operation's contract (minimal, maximal, alternatives, edges,
         defaults), all of them, read back as sent; --rate-limit N/s holds every call of the run under a rate
         (overriding the profile's rateLimit); an HTTP 429 with Retry-After is waited out and the call repeated
explore  stateful exploration: random sequences of moves checked against a model of the money after every
         call; a failure is shrunk and written as a scenario (features/ of the report directory)
merge    merges the report directories of a run's shards into one report with one verdict
serve    runs the reference server alone and prints the profile that targets it; --mutant NAME serves one
         that breaks a rule on purpose (to see what a failure looks like), --list-mutants lists them
list     prints every clause with its operations and the scenarios that check it
rules    prints the assertion audit: every rule of the spec with its level (normative, advisory, profile,
         untestable, open), the spec's words, the scenarios that check it and the mutants that prove it
openapi  writes the OpenAPI 3.1 document of the API, from the suite's schemas; with --profile, N(n) fields as it
         declares them (behaviour.numberEncoding)
bundle   packs a report directory into one archive with a manifest of digests, signed with --sign-key
verify   checks a bundle's digests and, with --pubkey, its signature
keygen   writes an Ed25519 key pair for bundle --sign-key and verify --pubkey
diff     compares two runs' reports (directories or report.json): new failures, fixed ones, changed levels,
         scenarios added or removed; exit 1 on a new failure
har      writes every exchange of a report (redacted as in it) as HAR 1.2, for browsers' dev tools and Postman
init     writes a commented profile for a new target (every key, its clause and default; secrets as ${VAR});
         never overwrites a file
version  prints the module version, the Go version, the suite version, the spec edition and the digests
         of the features and schemas that reports record

Exit status of run and merge: 0 CONFORMANT or CONFORMANT WITH WAIVERS; 1 NOT CONFORMANT (a normative
scenario failed, was blocked or errored); 2 usage or profile error, a tag expression that does not parse,
NO SCENARIO RUN (nothing was executed), ERROR (the run could not be carried out, e.g. the target issued no
token; the report says what it answered) or reports that cannot be merged. Of verify: 0 intact and
consistent, 1 a file, the signature or the verdict does not match, 2 usage error. Of diff and run
--baseline: 1 on a failure the older report does not have, else as above (diff: 0).
`

// usageHint says where to get help, in one line, after a usage error.
func usageHint(args []string) string {
	if len(args) > 0 && commands[args[0]] {
		return fmt.Sprintf("run 'wallet-conformance %s -h' for its flags, 'wallet-conformance help' for every command\n", args[0])
	}
	return "run 'wallet-conformance help' for every command\n"
}

// commands are the names Main dispatches.
var commands = map[string]bool{"run": true, "explore": true, "merge": true, "serve": true, "list": true, "rules": true, "openapi": true,
	"bundle": true, "verify": true, "keygen": true, "diff": true, "har": true, "init": true, "version": true}

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
	case "rules":
		err = rulesCmd(args[1:], stdout, stderr)
	case "openapi":
		err = openapiCmd(args[1:], stdout, stderr)
	case "bundle":
		err = bundleCmd(args[1:], stdout, stderr)
	case "verify":
		code, err = verifyCmd(args[1:], stdout, stderr)
	case "keygen":
		err = keygenCmd(args[1:], stdout, stderr)
	case "diff":
		code, err = diffCmd(args[1:], stdout, stderr)
	case "har":
		err = harCmd(args[1:], stdout, stderr)
	case "init":
		err = initCmd(args[1:], stdout, stderr)
	case "version", "--version":
		err = versionCmd(args[1:], stdout, stderr)
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
	var tse *runner.TagSyntaxError
	var ute *runner.UnknownTagError
	switch {
	case errors.Is(err, flag.ErrHelp):
		return ExitConformant
	case errors.As(err, &ue):
		fmt.Fprintf(stderr, "usage error: %v\n%s", err, usageHint(args))
	case errors.As(err, &tse), errors.As(err, &ute):
		fmt.Fprintf(stderr, "usage error: --tags: %v\n", err)
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
	start := time.Now() // --max-duration bounds the command, not only the scenarios
	fs := flag.NewFlagSet("run", flag.ContinueOnError)
	quietFlags(fs, stderr, args)
	profilePath := fs.String("profile", "", "target profile (YAML or JSON); default: the embedded reference server")
	rateLimit := fs.String("rate-limit", "", "hold every call of the run (scenarios, exploration, sweep) under a rate: 10/s, 600/m, or 0 for none; overrides the profile's rateLimit")
	targetURL := fs.String("target", "", "base URL of the target, overriding the profile's baseUrl; without --profile, the reference server's profile is used with it")
	tags := fs.String("tags", "", "tag expression selecting scenarios: and, or, not, parentheses (or godog's &&, ',', ~), e.g. \"@A-4.2 and not @advisory\"")
	reportDir := fs.String("report-dir", "conformance-report", "directory for the report: report.html, report.json, summary.md, junit.xml, cucumber.json, profile.yaml")
	concurrency := fs.Int("concurrency", runner.DefaultConcurrency(), fmt.Sprintf("scenarios run at once, 1 to %d", maxConcurrency))
	waiversPath := fs.String("waivers", "", "waiver file (YAML): known failures that do not fail the verdict until they expire")
	maxDuration := fs.Duration("max-duration", 0, "bound on the whole run, report included (e.g. 30m; at least 500ms); scenarios cut short end as ERROR and are counted; 0 for none")
	allowEnv := fs.String("allow-environment", "", "consent to run against a profile whose environment is not sandbox; must name it")
	shardFlag := fs.String("shard", "", "run only part I of N (e.g. 2/3) of the selected scenarios, balanced by time; merge the parts' reports with merge")
	timingsPath := fs.String("timings", "", "an earlier report.json whose scenario durations balance --shard (default: estimates)")
	baselinePath := fs.String("baseline", "", "an earlier report.json (or its directory): exit 1 only for failures it does not have; the verdict is unchanged (waivers are the audited path)")
	featuresDir := fs.String("features", "", "directory of .feature files to run instead of the embedded features (e.g. a scenario explore wrote)")
	exploreRuns := fs.Int("explore", explore.DefaultRunRuns, fmt.Sprintf("property runs of stateful exploration for each of the seeds %v (about %d moves each), beside the scenarios; on by default for a run of the whole suite (shard 1 of a split run), 0 to leave it out", explore.DefaultRunSeeds(), explore.DefaultRunSteps))
	sweepF := newSweepFlag()
	fs.Var(sweepF, "sweep", fmt.Sprintf("generated bad inputs of each operation sent beside the scenarios (seed %d), judged as the spec classes them, and every valid request generated from each operation's contract (minimal, maximal, alternatives, type edges, stated defaults), read back as sent: all (the default, the certification) for every bad input, N for a seeded sample of N of each operation (a quick run; the report says the sweep was partial), 0 to leave both out; on by default for a run of the whole suite (shard 1 of a split run)", sweep.DefaultSeed))
	rerunPath := fs.String("rerun-failed", "", "an earlier report.json (or its directory): run only its scenarios that did not pass (FAILED, BLOCKED, ERROR, WARNING); the report says it is a partial rerun, not a certificate")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return ExitConformant, err
		}
		return ExitUsage, &usageError{msg: err.Error()}
	}
	if fs.NArg() > 0 {
		return ExitUsage, &usageError{msg: fmt.Sprintf("unexpected argument %q", fs.Arg(0))}
	}
	if _, err := runner.ParseTags(*tags); err != nil {
		return ExitUsage, err
	}
	if *concurrency < 1 || *concurrency > maxConcurrency {
		return ExitUsage, &usageError{msg: fmt.Sprintf("--concurrency must be from 1 to %d, not %d", maxConcurrency, *concurrency)}
	}
	if err := runner.ValidMaxDuration(*maxDuration); err != nil {
		return ExitUsage, &usageError{msg: err.Error()}
	}
	var shard record.Shard
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

	var rerun *record.Rerun
	if *rerunPath != "" {
		if *shardFlag != "" {
			return ExitUsage, &usageError{msg: "--rerun-failed reruns an earlier run's failures in one job: it takes no --shard"}
		}
		var err error
		if rerun, err = failedOf(*rerunPath); err != nil {
			return ExitUsage, err
		}
		if len(rerun.Scenarios) == 0 && rerun.Exploration == nil && rerun.Sweep == nil {
			fmt.Fprintf(stdout, "nothing to rerun: every scenario of run %s (%s) passed, was skipped or was not claimed\n", rerun.Of, *rerunPath)
			return ExitConformant, nil
		}
	}

	if *exploreRuns < 0 || *exploreRuns > maxExploreRuns {
		return ExitUsage, &usageError{msg: fmt.Sprintf("--explore must be from 0 to %d property runs of each seed, not %d", maxExploreRuns, *exploreRuns)}
	}
	exploration := runExploration(fs, *exploreRuns, *tags, *featuresDir, shard, rerun)
	swept := runSweep(sweepF, *tags, *featuresDir, shard, rerun)

	var baseline *reports.Report
	if *baselinePath != "" {
		var err error
		if baseline, err = loadBaseline(*baselinePath); err != nil {
			return ExitUsage, err
		}
	}

	var p *profile.Profile
	switch {
	case *profilePath != "":
		var err error
		if p, err = profile.Load(*profilePath); err != nil {
			return ExitUsage, err
		}
		if *targetURL != "" {
			p.BaseURL = *targetURL
		}
		fmt.Fprintf(stdout, "target: %s (profile %s)\n", p.BaseURL, *profilePath)
	case *targetURL != "":
		// A reference server started apart (serve, serve --mutant).
		p = runner.ReferenceProfile(*targetURL, reference.DefaultConfig())
		fmt.Fprintf(stdout, "target: %s (with the reference server's profile: no --profile given)\n", p.BaseURL)
	default:
		srv, err := reference.New(reference.DefaultConfig())
		if err != nil {
			return ExitUsage, err
		}
		defer srv.Close()
		p = runner.ReferenceProfile(srv.URL, reference.DefaultConfig())
		fmt.Fprintf(stdout, "target: embedded reference server at %s\n", srv.URL)
	}
	if *rateLimit != "" {
		r, err := profile.ParseRate(*rateLimit)
		if err != nil {
			return ExitUsage, fmt.Errorf("--rate-limit: %w", err)
		}
		p.RateLimit = r
	}
	var waivers []record.Waiver
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
		Start:            start,
		AllowEnvironment: *allowEnv,
		Shard:            shard,
		Timings:          timings,
		Features:         featureFS,
		Rerun:            rerun,
		Explore:          sweep.With(exploreFor(exploration, p, *reportDir), sweepFor(swept, p)),
	})
	if res == nil {
		return ExitUsage, err // the run could not start
	}
	if err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", res.Verdict(), err)
	}
	c := res.Counts()
	if shard.Count > 0 {
		fmt.Fprintf(stdout, "\nshard %s (%d scenarios; merge every shard's report for the verdict of the whole run)", shard, len(res.Scenarios))
	}
	if rerun != nil {
		fmt.Fprintf(stdout, "\npartial rerun of run %s (%d scenarios that did not pass there; the verdict speaks for them only and is not a certificate)", rerun.Of, len(res.Scenarios))
	}
	fmt.Fprintf(stdout, "\n%s: %d passed, %d failed, %d blocked, %d errors, %d warnings, %d skipped, %d not claimed\n",
		res.Verdict(), c[record.Passed], c[record.Failed], c[record.Blocked], c[record.Error], c[record.Warning], c[record.Skipped], c[record.NotClaimed])
	if swept == nil && sweepF.given && *tags == "" && *featuresDir == "" && shard.Index <= 1 && rerun == nil {
		fmt.Fprintf(stdout, "NO SWEEP: --sweep 0 left the bad-input sweep out, so the verdict certifies no generated bad input; the certification sweeps every one (the default)\n")
	}
	if res.Verdict() == record.NoScenarioRun && shard.Count == 0 {
		fmt.Fprintf(stdout, "no scenario was executed: check --tags, --shard and the profile's scope.exclude\n")
	}
	// What the verdict covers, and what the waivers did, beside it: a
	// verdict over half the clauses must not read as one over all of them.
	if data, err := os.ReadFile(filepath.Join(*reportDir, reports.ReportJSONFile)); err == nil {
		if rep, err := reports.ParseReport(data); err == nil && rep.Aborted == nil {
			for _, line := range append(rep.ScopeLines(), rep.WaiverLines()...) {
				fmt.Fprintf(stdout, "%s\n", line)
			}
		}
	}
	fmt.Fprintf(stdout, "report: %s (written in %d ms)\n", filepath.Join(*reportDir, reports.ReportHTMLFile), res.ReportWriting.Milliseconds())
	if baseline != nil {
		return gateOnBaseline(stdout, baseline, *baselinePath, res, exitFor(res.Verdict())), nil
	}
	if shard.Count > 0 && res.Verdict() == record.NoScenarioRun {
		// A shard with nothing to run (more shards than scenarios, or a
		// part all skipped) says nothing on its own: it must not turn a CI
		// job red while the merged run decides the verdict.
		fmt.Fprintf(stdout, "shard %s executed no scenario: exit status 0; the verdict is the merged run's (merge checks that some shard ran one)\n", shard)
		return ExitConformant, nil
	}
	return exitFor(res.Verdict()), nil
}

func serveCmd(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	quietFlags(fs, stderr, args)
	addr := fs.String("addr", "127.0.0.1:8080", "address to listen on")
	mutant := fs.String("mutant", "", "serve a mutant: a reference server that breaks exactly one rule (see --list-mutants), to see what a failure looks like")
	variant := fs.String("variant", "", "serve with choices the spec permits that the standard server makes otherwise, comma-separated (see --list-mutants)")
	list := fs.Bool("list-mutants", false, "list the mutants and variants of the reference server, then exit")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return err
		}
		return &usageError{msg: err.Error()}
	}
	if fs.NArg() > 0 {
		return &usageError{msg: fmt.Sprintf("unexpected argument %q", fs.Arg(0))}
	}
	if *list {
		fmt.Fprintln(stdout, "# mutants: each breaks exactly one rule (serve --mutant NAME); a conformance run against it fails")
		for _, m := range reference.Mutants() {
			rule := m.Clause
			if m.Rule != "" {
				rule = m.Rule
			}
			fmt.Fprintf(stdout, "%-40s %-9s %s\n", m.Name, rule, m.Description)
		}
		fmt.Fprintln(stdout, "\n# variants: each makes another choice the spec permits (serve --variant NAME[,NAME...]); a run against it passes")
		for _, v := range reference.Variants() {
			fmt.Fprintf(stdout, "%-40s %-9s %s\n", v.Name, v.Clause, v.Description)
		}
		return nil
	}
	cfg := reference.DefaultConfig()
	cfg.Mutant = *mutant
	if *variant != "" {
		cfg.Variants = strings.Split(*variant, ",")
	}
	h, err := reference.NewHandler(cfg)
	if err != nil {
		return &usageError{msg: err.Error() + " (serve --list-mutants lists them)"}
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return err
	}
	url := "http://" + ln.Addr().String()
	what := "reference server"
	if *mutant != "" {
		what = fmt.Sprintf("MUTANT %q of the reference server (it breaks a rule on purpose)", *mutant)
	}
	fmt.Fprintf(stdout, "# %s listening on %s; a profile that targets it (or: wallet-conformance run --target %s):\n%s# serving until interrupted\n", what, url, url, runner.ReferenceProfile(url, cfg).YAML())
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

// quietFlags makes fs print its flags to w when -h asks for them, and
// nothing else: a mistake in the flags is one line that Main prints, with
// where to get help, not the list of every flag.
func quietFlags(fs *flag.FlagSet, w io.Writer, args []string) {
	fs.SetOutput(io.Discard)
	fs.Usage = func() {
		for _, a := range args {
			if a == "--" {
				break
			}
			if a == "-h" || a == "-help" || a == "--h" || a == "--help" {
				fmt.Fprintf(w, "Usage of %s:\n", fs.Name())
				fs.SetOutput(w)
				fs.PrintDefaults()
				fs.SetOutput(io.Discard)
				return
			}
		}
	}
}
