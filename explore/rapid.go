package explore

import (
	"flag"
	"fmt"
	"runtime"
	"strconv"
	"sync"
	"testing"
	"time"

	"pgregory.net/rapid"
)

// rapid (pgregory.net/rapid) is built for go test: its settings (seed,
// number of runs, average moves, time to shrink, fail files) are the
// process-wide command-line flags it registers on flag.CommandLine, and it
// asks testing.Short(). This file is the only place that deals with that.

// rapidMu guards rapid's process-wide flags: an exploration holds it for
// reading while rapid runs, and for writing while it sets them. Explorations
// with the same settings run at once; others wait their turn.
var (
	rapidMu  sync.RWMutex
	rapidSet *rapidSettings // the settings the flags hold; nil before the first exploration
)

// rapidReady makes rapid usable outside go test: testing.Short, which
// rapid calls, needs the testing flags registered and flag.CommandLine
// parsed. Under go test both are already done and this changes nothing.
var rapidReady = sync.OnceFunc(func() {
	testing.Init()
	if !flag.Parsed() {
		_ = flag.CommandLine.Parse(nil)
	}
})

// rapidSettings are what one exploration asks of rapid.
type rapidSettings struct {
	seed   uint64
	runs   int
	steps  int
	shrink time.Duration
}

// checkWithRapid runs prop with rapid's engine under the settings, holding
// rapidMu for reading, and returns what rapid told its test (for
// diagnostics). rapid shrinks a failing run and replays the shortest last.
func checkWithRapid(s rapidSettings, prop func(*rapid.T)) *rapidTB {
	for {
		rapidMu.RLock()
		if rapidSet != nil && *rapidSet == s {
			defer rapidMu.RUnlock()
			tb := &rapidTB{}
			// rapid runs in a goroutine of its own, which the property
			// may end with stopRapid (runtime.Goexit, as testing.T.FailNow
			// does) once the shrinker has had its runs: past its bound
			// rapid would go on comparing candidates it no longer runs.
			done := make(chan struct{})
			go func() {
				defer close(done)
				rapid.Check(tb, prop)
			}()
			<-done
			return tb
		}
		rapidMu.RUnlock()
		rapidMu.Lock()
		if rapidSet == nil || *rapidSet != s {
			setRapidFlags(s)
		}
		rapidMu.Unlock()
	}
}

// setRapidFlags sets rapid's flags; the caller holds rapidMu for writing.
func setRapidFlags(s rapidSettings) {
	rapidReady()
	for name, value := range map[string]string{
		"rapid.seed":       strconv.FormatUint(s.seed, 10),
		"rapid.checks":     strconv.Itoa(checks(s.runs)),
		"rapid.steps":      strconv.Itoa(repeats(s.steps)),
		"rapid.shrinktime": s.shrink.String(),
		"rapid.nofailfile": "true", // no testdata/rapid files in the working directory
		"rapid.v":          "false",
		"rapid.log":        "false",
	} {
		if err := flag.Set(name, value); err != nil {
			panic(fmt.Sprintf("explore: rapid flag %s: %v", name, err)) // rapid v1.3.0 registers all of them
		}
	}
	rapidSet = &s
}

// checks and repeats are the values of rapid.checks and rapid.steps that
// make rapid do what an exploration was asked: under go test -short rapid
// runs a fifth of its checks and half its steps (rapid v1.3.0, engine.go
// checkTB and statemachine.go Repeat), and an exploration's runs and steps
// are its caller's, not what the test binary's flags make of them.
func checks(runs int) int {
	if testing.Short() {
		return runs * 5
	}
	return runs
}

func repeats(n int) int {
	if testing.Short() {
		return n * 2
	}
	return n
}

// stopRapid ends the rapid.Check that runs the calling property at once;
// call it from the property only.
func stopRapid() { runtime.Goexit() }

// rapidTB is the test rapid reports to: it notes what rapid says and
// whether it failed the check. Safe for concurrent use.
type rapidTB struct {
	mu     sync.Mutex // guards failed and log
	failed bool
	log    []string
}

func (tb *rapidTB) note(failed bool, s string) {
	tb.mu.Lock()
	defer tb.mu.Unlock()
	tb.failed = tb.failed || failed
	tb.log = append(tb.log, s)
}

func (tb *rapidTB) Helper()                           {}
func (tb *rapidTB) Name() string                      { return "wallet-conformance-explore" }
func (tb *rapidTB) Logf(format string, args ...any)   { tb.note(false, fmt.Sprintf(format, args...)) }
func (tb *rapidTB) Log(args ...any)                   { tb.note(false, fmt.Sprint(args...)) }
func (tb *rapidTB) Skipf(format string, args ...any)  { tb.note(false, fmt.Sprintf(format, args...)) }
func (tb *rapidTB) Skip(args ...any)                  { tb.note(false, fmt.Sprint(args...)) }
func (tb *rapidTB) SkipNow()                          {}
func (tb *rapidTB) Errorf(format string, args ...any) { tb.note(true, fmt.Sprintf(format, args...)) }
func (tb *rapidTB) Error(args ...any)                 { tb.note(true, fmt.Sprint(args...)) }
func (tb *rapidTB) Fatalf(format string, args ...any) { tb.note(true, fmt.Sprintf(format, args...)) }
func (tb *rapidTB) Fatal(args ...any)                 { tb.note(true, fmt.Sprint(args...)) }
func (tb *rapidTB) FailNow()                          { tb.note(true, "") }
func (tb *rapidTB) Fail()                             { tb.note(true, "") }

func (tb *rapidTB) Failed() bool {
	tb.mu.Lock()
	defer tb.mu.Unlock()
	return tb.failed
}
