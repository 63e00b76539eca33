package explore_test

import (
	"context"
	"errors"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wallet-conformance/wallet-conformance/explore"
	"github.com/wallet-conformance/wallet-conformance/record"
	"github.com/wallet-conformance/wallet-conformance/reference"
	"github.com/wallet-conformance/wallet-conformance/reports"
	"github.com/wallet-conformance/wallet-conformance/runner"
)

// The settings every test exploration shares: rapid's settings are
// process-wide, and explorations with the same ones run at once.
const (
	testSeed  = 1
	testRuns  = 20
	testSteps = 30
)

func startReference(t *testing.T, cfg reference.Config) string {
	t.Helper()
	srv, err := reference.New(cfg)
	require.NoError(t, err)
	t.Cleanup(srv.Close)
	return srv.URL
}

func explore1(t *testing.T, cfg reference.Config, opts explore.Options) *explore.Outcome {
	t.Helper()
	opts.Profile = runner.ReferenceProfile(startReference(t, cfg), cfg)
	if opts.Seed == 0 {
		opts.Seed, opts.Runs, opts.Steps = testSeed, testRuns, testSteps
	}
	if opts.ShrinkAttempts == 0 {
		opts.ShrinkAttempts = 60
	}
	if os.Getenv("EXPLORE_PROGRESS") != "" && opts.Progress == nil {
		opts.Progress = os.Stderr
	}
	out, err := explore.Run(context.Background(), opts)
	require.NoError(t, err)
	t.Logf("%d runs, %d calls", out.Runs, out.Calls)
	return out
}

func nonPassing(res *record.Run) string {
	var b strings.Builder
	for _, s := range res.Scenarios {
		if s.Status != record.Passed {
			b.WriteString(string(s.Status) + " " + s.ID + " " + s.Name + "\n" + s.Message + "\n")
		}
	}
	return b.String()
}

// Against both personalities of the conforming reference server, which
// make every choice the spec leaves open differently, the exploration finds
// nothing: no invariant asserts more than the spec states.
func TestExplorationPassesAgainstTheConformingServer(t *testing.T) {
	t.Parallel()
	for name, pers := range map[string]reference.Personality{"standard": reference.Standard, "alternative": reference.Alternative} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			cfg := reference.DefaultConfig()
			cfg.Personality = pers
			out := explore1(t, cfg, explore.Options{})
			assert.Equal(t, record.Conformant, out.Result.Verdict(), nonPassing(out.Result))
			assert.Zero(t, out.Result.Counts()[record.Warning], nonPassing(out.Result))
			assert.Nil(t, out.Failure)
			assert.Equal(t, testRuns, out.Runs)
		})
	}
}

// The variants of the reference server make choices the spec permits (N
// fields as JSON numbers, a 406 to an Accept that excludes text/plain, a
// repeated move answered again, refunds bounded per call ...): the
// exploration passes them all together, with at most warnings.
func TestExplorationPassesEveryVariant(t *testing.T) {
	t.Parallel()
	cfg := reference.DefaultConfig()
	for _, v := range reference.Variants() {
		cfg.Variants = append(cfg.Variants, v.Name)
	}
	out := explore1(t, cfg, explore.Options{})
	assert.NotEqual(t, record.NotConformant, out.Result.Verdict(), nonPassing(out.Result))
	assert.Nil(t, out.Failure, nonPassing(out.Result))
}

// The choices independent implementations made (issue 22), and the
// readings of issue 32 (a handled code with a 5xx, the rest of a partial
// KC-Capture kept blocked), pass each alone
// too: a load that settles later, text kept normalised, entries without
// times, options that pay once verified, a token that needs
// partnerReference, and the rest.
func TestExplorationPassesTheVariantsOfIndependentTargets(t *testing.T) {
	t.Parallel()
	for _, v := range []string{"load-settles-later", "stored-text-normalised", "entry-times-null", "unverified-option-cannot-pay",
		"issue-token-needs-partnerreference", "kc-debit-accnotype-both-numbers", "declined-callback-names-payment",
		"kc-partial-capture-keeps-rest-blocked", "handled-errors-http-5xx"} {
		t.Run(v, func(t *testing.T) {
			t.Parallel()
			cfg := reference.DefaultConfig()
			cfg.Variants = []string{v}
			out := explore1(t, cfg, explore.Options{})
			assert.NotEqual(t, record.NotConformant, out.Result.Verdict(), nonPassing(out.Result))
			assert.Nil(t, out.Failure, nonPassing(out.Result))
		})
	}
}

// Each mutant breaks one rule of money or of a state table, and the
// feature suite kills it. The exploration finds it, shrinks the sequence,
// and writes a scenario that fails against the mutant and passes against
// the conforming server when `run --features` replays it.
func TestExplorationFindsShrinksAndWritesMutants(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		mutant    string
		invariant string
		maxMoves  int
		says      string // what the written scenario's words must say it checks
	}{
		{"load-not-credited", "balances-agree-with-the-moves", 4, ""},
		{"kc-capture-keeps-block", "balances-agree-with-the-moves", 6, "and the blocked amount is unchanged"},
		{"debit-not-booked", "balances-agree-with-the-moves", 6, ""},
		{"kc-refund-not-credited", "balances-agree-with-the-moves", 8, ""},
		{"refund-above-captured", "refunds-are-bounded", 9, ""},
		{"capture-from-received", "disallowed-move-is-refused", 6, ""},
		{"refused-load-refund-books-money", "refused-move-changes-nothing", 6, ""},
		{"kc-capture-of-debit", "disallowed-move-is-refused", 7, ""},
		{"avlbal-ignores-block", "available-is-booked-minus-blocked", 6, ""},
		{"status-amount-captured-part", "payment-status-agrees-with-the-authorization", 6, ""},
	} {
		t.Run(tc.mutant, func(t *testing.T) {
			t.Parallel()
			cfg := reference.DefaultConfig()
			cfg.Mutant = tc.mutant
			dir := t.TempDir()
			out := explore1(t, cfg, explore.Options{ReportDir: dir})
			require.NotNil(t, out.Failure, "mutant %s survived the exploration", tc.mutant)
			f := out.Failure
			assert.Equal(t, tc.invariant, f.Invariant.ID, f.Message)
			assert.LessOrEqual(t, f.Moves, tc.maxMoves, f.Feature)
			assert.LessOrEqual(t, f.Moves, f.OriginalMoves)
			assert.Equal(t, record.NotConformant, out.Result.Verdict())
			require.FileExists(t, f.FeaturePath)
			if tc.says != "" {
				assert.Contains(t, f.Feature, tc.says, "the step's words say everything it checks")
			}
			t.Logf("%s: run %d broke %s after %d moves, shrunk to %d:\n%s", tc.mutant, f.Run, f.Invariant.ID, f.OriginalMoves, f.Moves, f.Feature)

			features := filepath.Dir(f.FeaturePath)
			assert.Equal(t, record.Failed, replay(t, cfg, features, f), "the written scenario passes against the mutant")
			assert.Equal(t, record.Passed, replay(t, reference.DefaultConfig(), features, f), "the written scenario fails against the conforming server")
		})
	}
}

// The mutants only the exploration catches (reference.ExplorationMutants):
// the feature suite cannot read the shared merchant around its own moves,
// the exploration can. It finds each, shrinks the sequence, and the written
// scenario, replayed, passes against the conforming server.
func TestExplorationFindsWhatOnlyItCanCheck(t *testing.T) {
	t.Parallel()
	invariants := map[string]string{"kc-capture-merchant-not-credited": "merchant-is-credited"}
	for _, m := range reference.ExplorationMutants() {
		t.Run(m.Name, func(t *testing.T) {
			t.Parallel()
			want, ok := invariants[m.Name]
			require.True(t, ok, "no invariant named for exploration mutant %s", m.Name)
			cfg := reference.DefaultConfig()
			cfg.Mutant = m.Name
			out := explore1(t, cfg, explore.Options{ReportDir: t.TempDir()})
			require.NotNil(t, out.Failure, "mutant %s survived the exploration", m.Name)
			assert.Equal(t, want, out.Failure.Invariant.ID, out.Failure.Message)
			assert.LessOrEqual(t, out.Failure.Moves, 8, out.Failure.Feature)
			assert.Equal(t, record.Passed, replay(t, reference.DefaultConfig(), filepath.Dir(out.Failure.FeaturePath), out.Failure),
				"the written scenario fails against the conforming server")
		})
	}
}

// replay runs the written scenario with the suite's runner, as
// `wallet-conformance run --features DIR` does, and returns its status.
func replay(t *testing.T, cfg reference.Config, dir string, f *explore.Failure) record.Status {
	t.Helper()
	res, err := runner.Run(context.Background(), runner.Options{
		Profile: runner.ReferenceProfile(startReference(t, cfg), cfg), Features: os.DirFS(dir), Concurrency: 1, Progress: io.Discard,
	})
	require.NoError(t, err)
	// The directory may hold a failed concurrent round's scenario beside
	// the property run's (Outcome.RoundFeatures): each is replayed by its ID.
	id := f.FeatureName + ":" + strconv.Itoa(f.ScenarioLine)
	i := slices.IndexFunc(res.Scenarios, func(s record.Scenario) bool { return s.ID == id })
	require.GreaterOrEqual(t, i, 0, "no scenario %s among those written", id)
	s := res.Scenarios[i]
	if s.Status != record.Passed {
		t.Logf("replay against mutant %q: %s\n%s", cfg.Mutant, s.Status, s.Message)
	}
	return s.Status
}

// The same seed against the same deterministic server makes the same moves
// and shrinks to the same scenario.
func TestTheSameSeedExploresTheSameWay(t *testing.T) {
	t.Parallel()
	cfg := reference.DefaultConfig()
	cfg.Mutant = "debit-not-booked"
	scenario := func() (string, []string) {
		out := explore1(t, cfg, explore.Options{})
		require.NotNil(t, out.Failure)
		var moves []string
		for _, s := range out.Result.Scenarios {
			for _, st := range s.Steps {
				moves = append(moves, st.Text)
			}
		}
		// The comments quote the target's answers, whose references differ.
		return out.Failure.Feature[strings.Index(out.Failure.Feature, "@explore"):], moves
	}
	first, firstMoves := scenario()
	second, secondMoves := scenario()
	assert.Equal(t, first, second)
	assert.Equal(t, firstMoves, secondMoves)
}

// --max-calls and --max-duration stop an exploration: the runs made until
// then are reported, a notice says why it stopped, and the run they cut
// short is ERROR (as run's --max-duration), never a green run of moves not
// made; the runs before it pass. (cmd's explore test proves the ERROR with
// a bound that always falls within the first run.)
func TestBoundsStopTheExploration(t *testing.T) {
	t.Parallel()
	t.Run("calls", func(t *testing.T) {
		t.Parallel()
		out := explore1(t, reference.DefaultConfig(), explore.Options{MaxCalls: 300})
		assert.LessOrEqual(t, out.Calls, 305) // concurrent debits may pass the bound together
		assert.Less(t, out.Runs, testRuns)
		assertCutShort(t, out)
	})
	t.Run("duration", func(t *testing.T) {
		t.Parallel()
		// Far more runs than the bound can hold, so the bound, not the runs
		// asked for, ends the exploration however fast the machine is; on
		// a busy one it may end before a run was made, which is no finding.
		out := explore1(t, reference.DefaultConfig(), explore.Options{Seed: testSeed, Runs: 100000, Steps: testSteps, MaxDuration: time.Second})
		assert.Less(t, out.Runs, 100000, "the bound ended the exploration before its runs were done")
		assertCutShort(t, out)
	})
}

// assertCutShort checks an exploration its bounds stopped: one run, the
// last, is ERROR for being cut short; every other run passed.
func assertCutShort(t *testing.T, out *explore.Outcome) {
	t.Helper()
	assert.Contains(t, strings.Join(out.Notices, "\n"), "reached its bounds")
	errs := 0
	for _, s := range out.Result.Scenarios {
		switch s.Status {
		case record.Error:
			errs++
			assert.Contains(t, s.Message, "cut this run short")
		default:
			assert.Equal(t, record.Passed, s.Status, s.Message)
		}
	}
	// The bounds may fall between two runs: then no run was cut.
	assert.LessOrEqual(t, errs, 1, nonPassing(out.Result))
	if errs == 1 {
		assert.Equal(t, record.NotConformant, out.Result.Verdict(), "a run cut short is no green run")
	}
}

// Secrets never reach what an exploration writes: the report files, the
// written scenario and its exchanges, the progress display.
func TestSecretsStayOutOfWhatTheExplorationWrites(t *testing.T) {
	t.Parallel()
	cfg := reference.DefaultConfig()
	cfg.Mutant = "load-not-credited"
	dir := t.TempDir()
	var progress strings.Builder
	out := explore1(t, cfg, explore.Options{ReportDir: dir, Progress: &progress})
	require.NotNil(t, out.Failure)
	texts := map[string]string{"progress": progress.String()}
	require.NoError(t, filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			data, _ := os.ReadFile(path)
			texts[path] = string(data)
		}
		return err
	}))
	for _, f := range []string{"report.json", "report.html", "summary.md", "junit.xml", "profile.yaml"} {
		assert.Contains(t, texts, filepath.Join(dir, f))
	}
	assert.Contains(t, texts, filepath.Join(dir, "features", strings.TrimSuffix(out.Failure.FeatureName, ".feature")+".exchanges.json"))
	// The evidence store and the evidence report.html carries, inflated.
	readable, err := reports.Readable(dir)
	require.NoError(t, err)
	for name, data := range readable {
		texts[name] = string(data)
	}
	// The report's own digests are 64 hex digits too: they are not tokens.
	digests := regexp.MustCompile(`"(sha256|featuresSha256|schemasSha256)":"[0-9a-f]{64}"`)
	for name, text := range texts {
		text = digests.ReplaceAllString(text, "")
		assert.NotContains(t, text, cfg.Password, name)
		assert.NotRegexp(t, `"X-Auth-Token":\s*\[\s*"[^[]`, text, name)
		assert.NotRegexp(t, `spt_[0-9a-f]{32}`, text, name) // the provider's authorizationToken (Standard)
		assert.NotRegexp(t, `[0-9a-f]{64}`, text, name)     // an issued token (Standard)
	}
}

// failingTransport stops reaching the target after a number of requests.
type failingTransport struct {
	next http.RoundTripper
	mu   sync.Mutex
	left int
}

func (f *failingTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	f.mu.Lock()
	f.left--
	left := f.left
	f.mu.Unlock()
	if left < 0 {
		return nil, errors.New("connection refused")
	}
	return f.next.RoundTrip(r)
}

// A target that can no longer be reached ends the exploration with an
// ERROR, kept apart from conformance failures: nothing is shrunk or written.
func TestAnInfrastructureErrorIsNoFailure(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	hc := &http.Client{Transport: &failingTransport{next: http.DefaultTransport, left: 150}}
	out := explore1(t, reference.DefaultConfig(), explore.Options{HTTPClient: hc, ReportDir: dir})
	assert.Nil(t, out.Failure)
	assert.Equal(t, record.NotConformant, out.Result.Verdict())
	assert.Equal(t, 1, out.Result.Counts()[record.Error], nonPassing(out.Result))
	assert.Contains(t, strings.Join(out.Notices, "\n"), "an infrastructure error ended the exploration")
	assert.NoDirExists(t, filepath.Join(dir, "features"))
}

// A move that calls an operation of a clause the profile does not claim
// (scope.exclude) is never made.
func TestTheProfilesScopeBoundsTheMoves(t *testing.T) {
	t.Parallel()
	cfg := reference.DefaultConfig()
	p := runner.ReferenceProfile(startReference(t, cfg), cfg)
	p.Scope.Exclude = []string{"B-4.14", "B-4.5"}
	out, err := explore.Run(context.Background(), explore.Options{Profile: p, Seed: testSeed, Runs: 8, Steps: testSteps, ShrinkAttempts: 60})
	require.NoError(t, err)
	assert.Equal(t, record.Conformant, out.Result.Verdict(), nonPassing(out.Result))
	calls := map[string]int{}
	for _, s := range out.Result.Scenarios {
		for _, ex := range s.Exchanges() {
			calls[ex.Operation]++
		}
	}
	assert.Zero(t, calls["kc-authorize"])
	assert.Zero(t, calls["refund"])
	assert.Positive(t, calls["kc-debit-account"])
	assert.Positive(t, calls["capture"])
}
