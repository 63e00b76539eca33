package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"os/exec"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"
)

// event is one line of go test -json (cmd/test2json).
type event struct {
	Time        time.Time
	Action      string
	Package     string
	Test        string
	Elapsed     float64
	Output      string
	ImportPath  string
	FailedBuild string
}

// tally counts what a run's tests did.
type tally struct {
	passed, failed, skipped int
	// why counts the skipped tests by the reason each gave (t.Skip's
	// words), so that a reason shared by many tests is said once.
	why map[string]int
}

func (t *tally) add(o tally) {
	t.passed += o.passed
	t.failed += o.failed
	t.skipped += o.skipped
	for reason, n := range o.why {
		t.skippedFor(reason, n)
	}
}

func (t *tally) skippedFor(reason string, n int) {
	if t.why == nil {
		t.why = map[string]int{}
	}
	t.why[reason] += n
}

// skipReason is the line t.Skip writes: "    file_test.go:12: the reason".
var skipReason = regexp.MustCompile(`^\s+[\w.-]+\.go:\d+: (.+)$`)

// reasonOf returns the reason among a skipped test's output lines.
func reasonOf(lines []string) string {
	for _, l := range lines {
		if m := skipReason.FindStringSubmatch(strings.TrimRight(l, "\n")); m != nil {
			return m[1]
		}
	}
	return "(no reason given)"
}

// pkgState is what is known of a package while it runs.
type pkgState struct {
	started time.Time
	// running holds the top-level tests that run now, with when they began.
	running map[string]time.Time
	// subStarted and subDone count, per top-level test, its subtests begun
	// and ended: a sweep's progress.
	subStarted, subDone map[string]int
	output              map[string][]string // per test ("" for the package), until it passes
	failedTests         []string
}

// watcher reads one command's events and writes what a person needs.
type watcher struct {
	mu    sync.Mutex // guards everything below, and writes to out
	out   io.Writer
	now   func() time.Time // for events that carry no time
	pkgs  map[string]*pkgState
	order []string // packages in the order they started
	count tally
	// slow keeps the elapsed time of each top-level test, for the summary.
	slow  []timed
	fails []string // "pkg" or "pkg Test" that failed
}

type timed struct {
	name    string
	elapsed time.Duration
}

func newWatcher(out io.Writer) *watcher {
	return &watcher{out: out, now: time.Now, pkgs: map[string]*pkgState{}}
}

func (w *watcher) pkg(name string, at time.Time) *pkgState {
	p, ok := w.pkgs[name]
	if !ok {
		p = &pkgState{started: at, running: map[string]time.Time{}, subStarted: map[string]int{}, subDone: map[string]int{}, output: map[string][]string{}}
		w.pkgs[name] = p
		w.order = append(w.order, name)
	}
	return p
}

// handle takes one event.
func (w *watcher) handle(e event) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if e.Time.IsZero() {
		e.Time = w.now()
	}
	if e.Action == "build-output" {
		fmt.Fprint(w.out, e.Output)
		return
	}
	if e.Action == "build-fail" || e.Package == "" {
		return
	}
	p := w.pkg(e.Package, e.Time)
	top, _, isSub := strings.Cut(e.Test, "/")
	switch e.Action {
	case "output":
		p.output[e.Test] = append(p.output[e.Test], e.Output)
	case "run":
		if e.Test == "" {
			break
		}
		if isSub {
			p.subStarted[top]++
		} else {
			p.running[top] = e.Time
		}
	case "pass", "fail", "skip":
		if e.Test == "" {
			w.packageDone(e, p)
			break
		}
		switch e.Action {
		case "pass":
			w.count.passed++
		case "fail":
			w.count.failed++
			p.failedTests = append(p.failedTests, e.Test)
			w.fails = append(w.fails, e.Package+" "+e.Test)
		case "skip":
			w.count.skipped++
			w.count.skippedFor(reasonOf(p.output[e.Test]), 1)
		}
		if isSub {
			p.subDone[top]++
		} else {
			delete(p.running, top)
			w.slow = append(w.slow, timed{shortPkg(e.Package) + " " + top, seconds(e.Elapsed)})
		}
		if e.Action != "fail" && !isSub {
			// The output of a test that passed or was skipped is not
			// needed; a failed one's is printed with its package.
			for t := range p.output {
				if t == top || strings.HasPrefix(t, top+"/") {
					delete(p.output, t)
				}
			}
		}
	}
}

// packageDone prints a package's line as go test does, and the output of
// its failed tests (or the whole package's, when it failed outside one).
func (w *watcher) packageDone(e event, p *pkgState) {
	switch {
	case e.Action == "skip":
		fmt.Fprintf(w.out, "?   \t%s\t[no test files]\n", e.Package)
	case e.Action == "pass":
		fmt.Fprintf(w.out, "ok  \t%s\t%.3fs\n", e.Package, e.Elapsed)
	default:
		printed := false
		for _, t := range p.failedTests {
			fmt.Fprintf(w.out, "--- FAIL: %s\n", t)
			for _, l := range p.output[t] {
				if strings.HasPrefix(l, "=== ") {
					continue
				}
				fmt.Fprint(w.out, l)
			}
			printed = true
		}
		if !printed || e.FailedBuild != "" {
			for _, l := range p.output[""] {
				fmt.Fprint(w.out, l)
			}
			if len(p.failedTests) == 0 {
				w.fails = append(w.fails, e.Package)
			}
		}
		fmt.Fprintf(w.out, "FAIL\t%s\t%.3fs\n", e.Package, e.Elapsed)
	}
	delete(w.pkgs, e.Package)
	w.order = slices.DeleteFunc(w.order, func(s string) bool { return s == e.Package })
}

// maxNamed is how many running tests of a package a progress line names.
const maxNamed = 3

// status is the progress line: what runs now, as of now.
func (w *watcher) status(now, began time.Time, label string) string {
	w.mu.Lock()
	defer w.mu.Unlock()
	var parts []string
	for _, name := range w.order {
		p := w.pkgs[name]
		var tests []string
		names := make([]string, 0, len(p.running))
		for t := range p.running {
			names = append(names, t)
		}
		// The longest running first, at most maxNamed of them.
		sort.Slice(names, func(i, j int) bool {
			a, b := p.running[names[i]], p.running[names[j]]
			return a.Before(b) || (a.Equal(b) && names[i] < names[j])
		})
		more := 0
		if len(names) > maxNamed {
			names, more = names[:maxNamed], len(names)-maxNamed
		}
		for _, t := range names {
			s := fmt.Sprintf("%s %s", t, now.Sub(p.running[t]).Round(time.Second))
			if n := p.subStarted[t]; n > 0 {
				s += fmt.Sprintf(" (%d/%d subtests done)", p.subDone[t], n)
			}
			tests = append(tests, s)
		}
		if more > 0 {
			tests = append(tests, fmt.Sprintf("%d more", more))
		}
		if len(tests) == 0 {
			tests = []string{"building or starting"}
		}
		parts = append(parts, shortPkg(name)+": "+strings.Join(tests, ", "))
	}
	if len(parts) == 0 {
		parts = []string{"building"}
	}
	return fmt.Sprintf("... %s %s: %d passed, %d failed so far; running %s", label, now.Sub(began).Round(time.Second), w.count.passed, w.count.failed, strings.Join(parts, "; "))
}

// module is the path the packages of this module start with.
const module = "github.com/wallet-conformance/wallet-conformance/"

// shortPkg drops the module path from a package path.
func shortPkg(p string) string {
	return strings.TrimPrefix(p, module)
}

func seconds(s float64) time.Duration { return time.Duration(s * float64(time.Second)) }

// runOne runs one go test command with -json added, relaying its events
// through a watcher, and prints a progress line every interval.
func runOne(ctx context.Context, argv []string, every time.Duration, stdout, stderr io.Writer, clockNow func() time.Time) (tally, []timed, []string, error) {
	if len(argv) < 2 || argv[1] != "test" {
		return tally{}, nil, nil, runPlain(ctx, argv, every, stdout, stderr, clockNow)
	}
	args := append([]string{argv[1], "-json"}, argv[2:]...)
	cmd := exec.CommandContext(ctx, argv[0], args...)
	cmd.Stderr = stderr
	pipe, err := cmd.StdoutPipe()
	if err != nil {
		return tally{}, nil, nil, err
	}
	label := strings.Join(argv, " ")
	fmt.Fprintln(stdout, label)
	began := clockNow()
	if err := cmd.Start(); err != nil {
		return tally{}, nil, nil, err
	}
	w := newWatcher(stdout)
	stop := heartbeat(every, func() {
		line := w.status(clockNow(), began, "go test")
		w.mu.Lock()
		fmt.Fprintln(stdout, line)
		w.mu.Unlock()
	})
	sc := bufio.NewScanner(pipe)
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	for sc.Scan() {
		var e event
		if err := json.Unmarshal(sc.Bytes(), &e); err != nil || e.Action == "" {
			w.mu.Lock()
			fmt.Fprintln(stdout, sc.Text())
			w.mu.Unlock()
			continue
		}
		w.handle(e)
	}
	stop()
	waitErr := cmd.Wait()
	if err := sc.Err(); err != nil && waitErr == nil {
		waitErr = err
	}
	return w.count, w.slow, w.fails, waitErr
}

// heartbeat calls beat every interval until stop is called; stop waits
// until no beat runs any more.
func heartbeat(every time.Duration, beat func()) (stop func()) {
	done, ended := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(ended)
		t := time.NewTicker(every)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-t.C:
				beat()
			}
		}
	}()
	return func() { close(done); <-ended }
}

// runPlain runs a command that is not go test (go vet, say) with its
// output as it comes, and a line every interval while it runs on in
// silence (a cold build cache takes a while).
func runPlain(ctx context.Context, argv []string, every time.Duration, stdout, stderr io.Writer, clockNow func() time.Time) error {
	label := strings.Join(argv, " ")
	var mu sync.Mutex // guards writes to stdout and stderr
	fmt.Fprintln(stdout, label)
	cmd := exec.CommandContext(ctx, argv[0], argv[1:]...)
	cmd.Stdout = lockedWriter{&mu, stdout}
	cmd.Stderr = lockedWriter{&mu, stderr}
	began := clockNow()
	if err := cmd.Start(); err != nil {
		return err
	}
	stop := heartbeat(every, func() {
		mu.Lock()
		fmt.Fprintf(stdout, "... %s %s: running\n", label, clockNow().Sub(began).Round(time.Second))
		mu.Unlock()
	})
	err := cmd.Wait()
	stop()
	return err
}

// lockedWriter writes to w under mu.
type lockedWriter struct {
	mu *sync.Mutex
	w  io.Writer
}

func (l lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

// run is the command: flags, then the commands separated by "---".
func run(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("testprogress", flag.ContinueOnError)
	fs.SetOutput(stderr)
	every := fs.Duration("every", 20*time.Second, "the longest time without a line of progress")
	slowest := fs.Int("slowest", 5, "how many of the slowest tests to name at the end")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *every <= 0 {
		return fmt.Errorf("-every must be positive")
	}
	cmds := splitCommands(fs.Args())
	if len(cmds) == 0 {
		return fmt.Errorf("no command: testprogress [-every 20s] -- go test ... [--- go test ...]")
	}
	began := time.Now()
	var total tally
	var slow []timed
	var fails []string
	var failedCmds []string
	for _, c := range cmds {
		t, s, f, err := runOne(ctx, c, *every, stdout, stderr, time.Now)
		total.add(t)
		slow = append(slow, s...)
		fails = append(fails, f...)
		if err != nil {
			var exit *exec.ExitError
			if !errors.As(err, &exit) {
				fmt.Fprintf(stdout, "%s: %v\n", strings.Join(c, " "), err)
			}
			failedCmds = append(failedCmds, strings.Join(c, " "))
		}
	}
	sort.SliceStable(slow, func(i, j int) bool { return slow[i].elapsed > slow[j].elapsed })
	if len(slow) > *slowest {
		slow = slow[:*slowest]
	}
	if len(slow) > 0 {
		fmt.Fprintln(stdout, "slowest tests:")
		for _, s := range slow {
			fmt.Fprintf(stdout, "  %6.1fs  %s\n", s.elapsed.Seconds(), s.name)
		}
	}
	writeSkipReasons(stdout, total.why)
	for _, f := range fails {
		fmt.Fprintf(stdout, "FAILED: %s\n", f)
	}
	fmt.Fprintf(stdout, "%d command(s) in %s\n", len(cmds), time.Since(began).Round(time.Second))
	fmt.Fprintf(stdout, "tests: %d passed, %d failed, %d skipped\n", total.passed, total.failed, total.skipped)
	if len(failedCmds) > 0 {
		return fmt.Errorf("%d of %d command(s) failed: %s", len(failedCmds), len(cmds), strings.Join(failedCmds, "; "))
	}
	return nil
}

// maxReasons is how many reasons for skipped tests the summary names.
const maxReasons = 8

// writeSkipReasons names why tests were skipped, the commonest reason
// first, each once with how many tests gave it.
func writeSkipReasons(w io.Writer, why map[string]int) {
	if len(why) == 0 {
		return
	}
	reasons := slices.Sorted(maps.Keys(why))
	slices.SortStableFunc(reasons, func(a, b string) int { return why[b] - why[a] })
	fmt.Fprintln(w, "skipped tests, by reason:")
	for i, r := range reasons {
		if i == maxReasons {
			fmt.Fprintf(w, "  (%d other reasons)\n", len(reasons)-maxReasons)
			break
		}
		fmt.Fprintf(w, "  %4d  %s\n", why[r], r)
	}
}

// splitCommands splits args at "---" into commands; a leading "--" is
// dropped.
func splitCommands(args []string) [][]string {
	if len(args) > 0 && args[0] == "--" {
		args = args[1:]
	}
	var cmds [][]string
	var cur []string
	for _, a := range args {
		if a == "---" {
			if len(cur) > 0 {
				cmds = append(cmds, cur)
			}
			cur = nil
			continue
		}
		cur = append(cur, a)
	}
	if len(cur) > 0 {
		cmds = append(cmds, cur)
	}
	return cmds
}
