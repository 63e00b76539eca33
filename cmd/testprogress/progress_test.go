package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const mod = "github.com/wallet-conformance/wallet-conformance/"

func at(s int) time.Time { return time.Date(2026, 11, 26, 2, 0, s, 0, time.UTC) }

// The watcher prints each package as go test does, the output of a failed
// test (not of one that passed), and a progress line that names what runs
// and a sweep's count of subtests.
func TestWatcherSaysWhatRunsAndWhatFailed(t *testing.T) {
	var out bytes.Buffer
	w := newWatcher(&out)
	for _, e := range []event{
		{Time: at(0), Action: "start", Package: mod + "runner"},
		{Time: at(0), Action: "run", Package: mod + "runner", Test: "TestEveryMutantIsKilled"},
		{Time: at(0), Action: "run", Package: mod + "runner", Test: "TestEveryMutantIsKilled/a"},
		{Time: at(0), Action: "run", Package: mod + "runner", Test: "TestEveryMutantIsKilled/b"},
		{Time: at(0), Action: "run", Package: mod + "runner", Test: "TestEveryMutantIsKilled/c"},
		{Time: at(1), Action: "output", Package: mod + "runner", Test: "TestEveryMutantIsKilled/a", Output: "    conformance_test.go:108: mutant a survived\n"},
		{Time: at(1), Action: "fail", Package: mod + "runner", Test: "TestEveryMutantIsKilled/a"},
		{Time: at(2), Action: "pass", Package: mod + "runner", Test: "TestEveryMutantIsKilled/b"},
		{Time: at(0), Action: "start", Package: mod + "schemas"},
		{Time: at(0), Action: "run", Package: mod + "schemas", Test: "TestOpenAPI"},
		{Time: at(1), Action: "output", Package: mod + "schemas", Test: "TestOpenAPI", Output: "a log line of a test that passes\n"},
	} {
		w.handle(e)
	}
	line := w.status(at(25), at(0), "go test")
	assert.Equal(t, "... go test 25s: 1 passed, 1 failed so far; running runner: TestEveryMutantIsKilled 25s (2/3 subtests done); schemas: TestOpenAPI 25s", line)

	for _, e := range []event{
		{Time: at(30), Action: "pass", Package: mod + "schemas", Test: "TestOpenAPI", Elapsed: 30},
		{Time: at(30), Action: "pass", Package: mod + "schemas", Elapsed: 30.5},
		{Time: at(31), Action: "pass", Package: mod + "runner", Test: "TestEveryMutantIsKilled/c"},
		{Time: at(31), Action: "fail", Package: mod + "runner", Test: "TestEveryMutantIsKilled", Elapsed: 31},
		{Time: at(31), Action: "fail", Package: mod + "runner", Elapsed: 31.2},
		{Time: at(31), Action: "skip", Package: mod + "features"},
	} {
		w.handle(e)
	}
	assert.Equal(t, "ok  \t"+mod+"schemas\t30.500s\n"+
		"--- FAIL: TestEveryMutantIsKilled/a\n    conformance_test.go:108: mutant a survived\n"+
		"--- FAIL: TestEveryMutantIsKilled\n"+
		"FAIL\t"+mod+"runner\t31.200s\n"+
		"?   \t"+mod+"features\t[no test files]\n", out.String())
	assert.NotContains(t, out.String(), "a log line of a test that passes")
	assert.Equal(t, tally{passed: 3, failed: 2}, w.count, "no test was skipped")
	assert.Equal(t, []string{mod + "runner TestEveryMutantIsKilled/a", mod + "runner TestEveryMutantIsKilled"}, w.fails)
	assert.Equal(t, "... go test 40s: 3 passed, 2 failed so far; running building", w.status(at(40), at(0), "go test"))

	for i, name := range []string{"TestE", "TestD", "TestC", "TestB", "TestA"} {
		w.handle(event{Time: at(41 + i), Action: "run", Package: mod + "reference", Test: name})
	}
	assert.Equal(t, "... go test 50s: 3 passed, 2 failed so far; running reference: TestE 9s, TestD 8s, TestC 7s, 2 more", w.status(at(50), at(0), "go test"),
		"the longest running first, three at most")
}

// A build failure is shown as go test shows it.
func TestWatcherShowsABuildFailure(t *testing.T) {
	var out bytes.Buffer
	w := newWatcher(&out)
	w.handle(event{Action: "build-output", ImportPath: mod + "steps", Output: "steps/world.go:1:1: syntax error\n"})
	w.handle(event{Action: "build-fail", ImportPath: mod + "steps"})
	w.handle(event{Action: "start", Package: mod + "steps"})
	w.handle(event{Action: "output", Package: mod + "steps", Output: "FAIL\t" + mod + "steps [build failed]\n"})
	w.handle(event{Action: "fail", Package: mod + "steps", FailedBuild: mod + "steps"})
	assert.Contains(t, out.String(), "steps/world.go:1:1: syntax error\n")
	assert.Contains(t, out.String(), "FAIL\t"+mod+"steps\t0.000s\n")
	assert.Equal(t, []string{mod + "steps"}, w.fails)
}

// TestMain lets the test binary stand in for the go command: with
// FAKE_GO set it prints the events of a go test -json run and exits as
// FAKE_GO says; go vet prints a line after a pause and fails with "fail".
func TestMain(m *testing.M) {
	if mode := os.Getenv("FAKE_GO"); mode != "" && len(os.Args) > 1 && os.Args[1] == "vet" {
		time.Sleep(500 * time.Millisecond)
		fmt.Println("vet: checked")
		if mode == "fail" {
			fmt.Fprintln(os.Stderr, "steps/world.go:1:1: printf call has arguments but no formatting directives")
			os.Exit(1)
		}
		os.Exit(0)
	}
	if mode := os.Getenv("FAKE_GO"); mode != "" {
		if len(os.Args) < 3 || os.Args[1] != "test" || os.Args[2] != "-json" {
			fmt.Fprintln(os.Stderr, "fake go: expected test -json, got", os.Args[1:])
			os.Exit(3)
		}
		pkg := mod + os.Args[len(os.Args)-1]
		fmt.Printf(`{"Action":"start","Package":%q}`+"\n", pkg)
		fmt.Printf(`{"Action":"run","Package":%q,"Test":"TestA"}`+"\n", pkg)
		time.Sleep(500 * time.Millisecond) // long enough for progress lines, on a busy machine too
		if mode == "fail" {
			fmt.Printf(`{"Action":"output","Package":%q,"Test":"TestA","Output":"    a_test.go:9: wrong\n"}`+"\n", pkg)
			fmt.Printf(`{"Action":"fail","Package":%q,"Test":"TestA","Elapsed":0.1}`+"\n", pkg)
			fmt.Printf(`{"Action":"fail","Package":%q,"Elapsed":0.2}`+"\n", pkg)
			os.Exit(1)
		}
		fmt.Printf(`{"Action":"pass","Package":%q,"Test":"TestA","Elapsed":0.1}`+"\n", pkg)
		fmt.Printf(`{"Action":"pass","Package":%q,"Elapsed":0.2}`+"\n", pkg)
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// Every command runs although an earlier one failed; the end says what
// failed, with one closing line of counts, and the run is an error.
func TestRunGoesOnAfterAFailureAndSaysSo(t *testing.T) {
	t.Setenv("FAKE_GO", "fail")
	self, err := os.Executable()
	require.NoError(t, err)
	var out, errOut bytes.Buffer
	err = run(context.Background(), []string{"-every", "50ms", "--", self, "vet", "./...", "---", self, "test", "-race", "first", "---", self, "test", "second"}, &out, &errOut)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "3 of 3 command(s) failed")
	assert.Contains(t, errOut.String(), "printf call has arguments", "another command's output is passed on")
	assert.Regexp(t, `\.\.\. \S+ vet \./\.\.\. \d+s: running\n`, out.String(), "a line while a silent command runs")
	s := out.String()
	assert.Contains(t, s, "FAIL\t"+mod+"first\t")
	assert.Contains(t, s, "FAIL\t"+mod+"second\t", "the second command ran after the first failed")
	assert.Contains(t, s, "    a_test.go:9: wrong\n")
	assert.Regexp(t, `\.\.\. go test \d+s: 0 passed, 0 failed so far; running first: TestA`, s, "a progress line while the test runs")
	assert.True(t, strings.HasSuffix(s, "tests: 0 passed, 2 failed, 0 skipped\n"), s)
	assert.Contains(t, s, "FAILED: "+mod+"first TestA\n")
}

func TestRunPassesWhenEveryCommandPasses(t *testing.T) {
	t.Setenv("FAKE_GO", "pass")
	self, err := os.Executable()
	require.NoError(t, err)
	var out, errOut bytes.Buffer
	require.NoError(t, run(context.Background(), []string{"--", self, "test", "a", "---", self, "test", "b"}, &out, &errOut), out.String())
	assert.True(t, strings.HasSuffix(out.String(), "tests: 2 passed, 0 failed, 0 skipped\n"), out.String())
	assert.Contains(t, out.String(), "ok  \t"+mod+"a\t0.200s\n")

	assert.Error(t, run(context.Background(), nil, &out, &errOut))
	assert.Error(t, run(context.Background(), []string{"-every", "0s", "--", self, "test"}, &out, &errOut))
}

// Skipped tests are counted by the reason each gave, so that a reason many
// tests share (the spec text missing beside a bare clone) is said once.
func TestWatcherCountsSkipsByReason(t *testing.T) {
	var out bytes.Buffer
	w := newWatcher(&out)
	for _, e := range []event{
		{Action: "run", Package: mod + "rules", Test: "TestA"},
		{Action: "output", Package: mod + "rules", Test: "TestA", Output: "=== RUN   TestA\n"},
		{Action: "output", Package: mod + "rules", Test: "TestA", Output: "    spec_test.go:31: the spec text is not beside the clone\n"},
		{Action: "skip", Package: mod + "rules", Test: "TestA"},
		{Action: "run", Package: mod + "explore", Test: "TestB"},
		{Action: "output", Package: mod + "explore", Test: "TestB", Output: "    invariants_test.go:30: the spec text is not beside the clone\n"},
		{Action: "skip", Package: mod + "explore", Test: "TestB"},
		{Action: "run", Package: mod + "explore", Test: "TestC"},
		{Action: "skip", Package: mod + "explore", Test: "TestC"},
	} {
		w.handle(e)
	}
	assert.Equal(t, 3, w.count.skipped)
	assert.Equal(t, map[string]int{"the spec text is not beside the clone": 2, "(no reason given)": 1}, w.count.why)
}

// The commonest reasons are named first, at most maxReasons of them.
func TestSkipReasonsAreNamedCommonestFirst(t *testing.T) {
	why := map[string]int{"the spec text is not beside the clone": 3}
	for i := range maxReasons + 2 {
		why[fmt.Sprintf("reason %02d", i)] = 1
	}
	var out bytes.Buffer
	writeSkipReasons(&out, why)
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	assert.Equal(t, "skipped tests, by reason:", lines[0])
	assert.Equal(t, "     3  the spec text is not beside the clone", lines[1])
	assert.Len(t, lines, 1+maxReasons+1)
	assert.Equal(t, "  (3 other reasons)", lines[len(lines)-1])
}
