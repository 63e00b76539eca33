//go:build unix

package main

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/wallet-conformance/wallet-conformance/record"
	"github.com/wallet-conformance/wallet-conformance/reference"
	"github.com/wallet-conformance/wallet-conformance/reports"
	"github.com/wallet-conformance/wallet-conformance/runner"
)

// benchDelay is what the latency target adds to every answer: 200 ms, a
// sandbox across the world (issue 34), or BENCH_LATENCY (a Go duration).
func benchDelay(b *testing.B) time.Duration {
	if v := os.Getenv("BENCH_LATENCY"); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil {
			b.Fatalf("BENCH_LATENCY: %v", err)
		}
		return d
	}
	return 200 * time.Millisecond
}

// cliRun is one timed run of the wallet-conformance binary, as a user runs it.
type cliRun struct {
	wall        time.Duration // the whole process: start, run, every report file
	writing     time.Duration // writing the report files, as the CLI says
	bytes       int64         // every file of the report directory
	scenarios   int
	requests    int
	longest     time.Duration // the longest scenario
	sum         time.Duration // every scenario's duration, summed
	concurrency int
	rss         int64 // peak resident set of the process, bytes
	calls       *reports.CallCounts
	sweep       *record.Sweep
}

// callBound is the wall time a run's calls need at its concurrency against
// a target that answers each in delay: calls x delay / concurrency.
func (r cliRun) callBound(delay time.Duration) time.Duration {
	return time.Duration(r.requests) * delay / time.Duration(r.concurrency)
}

// sweepParts is each sweep's calls and inputs: the bad-input sweep's
// (report.json's sweep.calls holds both sweeps' calls, its inputs the bad
// ones only) and the valid-request sweep's.
func (r cliRun) sweepParts() (badCalls, badInputs, validCalls, validInputs int) {
	if r.sweep == nil {
		return 0, 0, 0, 0
	}
	badCalls, badInputs = r.sweep.Calls, r.sweep.Inputs
	if v := r.sweep.Valid; v != nil {
		badCalls -= v.Calls
		validCalls, validInputs = v.Calls, v.Inputs
	}
	return badCalls, badInputs, validCalls, validInputs
}

// perInput is the sweeps' calls per input tried, both sweeps together:
// (bad calls + valid calls) / (bad inputs + valid inputs).
func (r cliRun) perInput() float64 {
	bc, bi, vc, vi := r.sweepParts()
	if bi+vi == 0 {
		return 0
	}
	return float64(bc+vc) / float64(bi+vi)
}

// perInputText is perInput with its two parts.
func (r cliRun) perInputText() string {
	bc, bi, vc, vi := r.sweepParts()
	part := func(calls, inputs int) string {
		if inputs == 0 {
			return fmt.Sprintf("%d calls, no input", calls)
		}
		return fmt.Sprintf("%d calls for %d inputs, %.2f", calls, inputs, float64(calls)/float64(inputs))
	}
	return fmt.Sprintf("%.2f calls per input (bad-input sweep %s; valid-request sweep %s)", r.perInput(), part(bc, bi), part(vc, vi))
}

// ideal is the wall time a run could take at its concurrency: its
// scenarios' durations spread over the workers, or its longest scenario.
func (r cliRun) ideal() time.Duration {
	return max(r.sum/time.Duration(r.concurrency), r.longest)
}

var writtenIn = regexp.MustCompile(`\(written in (\d+) ms\)`)

// runCLI runs `wallet-conformance run` with args and a fresh report
// directory, and measures it.
func runCLI(b *testing.B, bin string, concurrency int, args ...string) cliRun {
	b.Helper()
	dir := b.TempDir()
	cmd := exec.Command(bin, append([]string{"run", "--report-dir", dir, "--concurrency", strconv.Itoa(concurrency)}, args...)...)
	start := time.Now()
	out, err := cmd.CombinedOutput()
	r := cliRun{wall: time.Since(start), concurrency: concurrency}
	if err != nil && cmd.ProcessState.ExitCode() != ExitFailed {
		b.Fatalf("%s: %v\n%s", strings.Join(cmd.Args, " "), err, out)
	}
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		r.rss = ru.Maxrss * 1024
	}
	m := writtenIn.FindSubmatch(out)
	if m == nil {
		b.Fatalf("the CLI did not say how long the report took:\n%s", out)
	}
	ms, _ := strconv.Atoi(string(m[1]))
	r.writing = time.Duration(ms) * time.Millisecond
	files, _ := filepath.Glob(filepath.Join(dir, "*"))
	for _, f := range files {
		if info, err := os.Stat(f); err == nil {
			r.bytes += info.Size()
		}
	}
	rep, err := reports.ReadReport(dir)
	if err != nil {
		b.Fatal(err)
	}
	r.scenarios, r.requests = len(rep.Scenarios), len(rep.Exchanges())
	r.calls, r.sweep = rep.Calls, rep.Sweep
	for _, s := range rep.Scenarios {
		d := time.Duration(s.DurationMs * float64(time.Millisecond))
		r.sum += d
		r.longest = max(r.longest, d)
	}
	return r
}

// median3 runs f three times and keeps the run of median wall time.
func median3(f func() cliRun) cliRun {
	runs := []cliRun{f(), f(), f()}
	slices.SortFunc(runs, func(a, b cliRun) int { return int(a.wall - b.wall) })
	return runs[1]
}

// BenchmarkCLI times what users run (make bench runs it once): the
// wallet-conformance binary, reports and all, a default run (the
// certification: the scenarios, the exploration and the full bad-input
// sweep),
//
//  1. against the embedded reference server at the default concurrency
//     (`make run`; the median of three runs) and at concurrency 1;
//  2. against the reference server behind a fixed latency per call
//     (benchDelay: 200 ms, as a sandbox across the world answers), at the
//     default concurrency.
//
// It prints wall time, the time spent writing reports, report bytes, wall
// against the ideal (the scenarios' durations summed and spread over the
// concurrency, or the longest scenario if that is more), the calls of each
// part of the run, the latency run's wall against its calls x latency /
// concurrency, and the sweeps' calls per input (both sweeps, and each apart), with the goals of issues
// 16 and 34.
func BenchmarkCLI(b *testing.B) {
	bin := filepath.Join(b.TempDir(), "wallet-conformance")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		b.Fatalf("go build: %v\n%s", err, out)
	}
	conc := runner.DefaultConcurrency()
	delay := benchDelay(b)
	var embedded, serial, latency cliRun
	for range b.N {
		embedded = median3(func() cliRun { return runCLI(b, bin, conc) })
		serial = runCLI(b, bin, 1)

		h, err := reference.NewHandler(reference.DefaultConfig())
		if err != nil {
			b.Fatal(err)
		}
		slow := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			time.Sleep(delay)
			h.ServeHTTP(w, r)
		}))
		latency = runCLI(b, bin, conc, "--target", slow.URL)
		slow.Close()
	}

	var t strings.Builder
	fmt.Fprintf(&t, "\n%d CPUs, %s, %s/%s; the wallet-conformance binary with every report file\n", runtime.NumCPU(), runtime.Version(), runtime.GOOS, runtime.GOARCH)
	fmt.Fprintf(&t, "%-38s %4s %9s %8s %9s %11s %9s %9s %8s %8s\n", "run", "conc", "scenarios", "requests", "wall", "report", "bytes", "ideal", "wall/id", "RSS MiB")
	row := func(name string, r cliRun) {
		fmt.Fprintf(&t, "%-38s %4d %9d %8d %9s %5s (%2.0f%%) %9.2fM %9s %8.2f %8.0f\n", name, r.concurrency, r.scenarios, r.requests,
			r.wall.Round(time.Millisecond), r.writing.Round(time.Millisecond), 100*r.writing.Seconds()/r.wall.Seconds(),
			float64(r.bytes)/1e6, r.ideal().Round(time.Millisecond), r.wall.Seconds()/r.ideal().Seconds(), float64(r.rss)/(1<<20))
	}
	row("embedded reference (make run, median)", embedded)
	row("embedded reference", serial)
	row(fmt.Sprintf("reference, every answer %s late", delay), latency)
	for _, r := range []struct {
		name string
		run  cliRun
	}{{"embedded reference", embedded}, {fmt.Sprintf("%s late", delay), latency}} {
		fmt.Fprintf(&t, "calls, %s: %s; sweep %d bad inputs of %d, %s\n", r.name, r.run.calls.Line(), sweepInputs(r.run), sweepGenerated(r.run), r.run.perInputText())
	}
	bound := latency.callBound(delay)
	fmt.Fprintf(&t, "%s-late run: %s wall, its calls x latency / concurrency %s (%.2f)\n", delay, latency.wall.Round(time.Millisecond), bound.Round(time.Millisecond), latency.wall.Seconds()/bound.Seconds())
	goal := func(ok bool) string {
		if ok {
			return "met"
		}
		return "NOT MET"
	}
	fmt.Fprintf(&t, "goals: make run <= 3 s wall: %s (%s); report writing <= 10%% of a run: %s (%.0f%%); report files <= 3 MB: %s (%.2f MB); %s-late run <= 1.3 x ideal: %s (%.2f)\n",
		goal(embedded.wall <= 3*time.Second), embedded.wall.Round(time.Millisecond),
		goal(embedded.writing*10 <= embedded.wall), 100*embedded.writing.Seconds()/embedded.wall.Seconds(),
		goal(embedded.bytes <= 3e6), float64(embedded.bytes)/1e6,
		delay, goal(latency.wall.Seconds() <= 1.3*latency.ideal().Seconds()), latency.wall.Seconds()/latency.ideal().Seconds())
	fmt.Fprintf(&t, "goals of issue 34: %s-late run <= 1.3 x calls x latency / concurrency: %s (%.2f); <= 5 min: %s (%s); sweeps' calls per input <= 1.3: %s (%.2f)\n",
		delay, goal(latency.wall.Seconds() <= 1.3*bound.Seconds()), latency.wall.Seconds()/bound.Seconds(),
		goal(latency.wall <= 5*time.Minute), latency.wall.Round(time.Second),
		goal(embedded.perInput() <= 1.3), embedded.perInput())
	b.Log(t.String())
	b.ReportMetric(embedded.wall.Seconds(), "s/make-run")
	b.ReportMetric(100*embedded.writing.Seconds()/embedded.wall.Seconds(), "%report")
	b.ReportMetric(float64(embedded.bytes)/1e6, "MB/report")
	b.ReportMetric(latency.wall.Seconds()/latency.ideal().Seconds(), "latency-wall/ideal")
	b.ReportMetric(latency.wall.Seconds()/bound.Seconds(), "latency-wall/calls-bound")
	b.ReportMetric(embedded.perInput(), "sweep-calls/input")
}

func sweepInputs(r cliRun) int {
	if r.sweep == nil {
		return 0
	}
	return r.sweep.Inputs
}

func sweepGenerated(r cliRun) int {
	if r.sweep == nil {
		return 0
	}
	return r.sweep.Generated
}
