package sweep

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"sync"
	"time"

	"github.com/wallet-conformance/wallet-conformance/record"
	"github.com/wallet-conformance/wallet-conformance/runner"
	"github.com/wallet-conformance/wallet-conformance/schemas"
	"github.com/wallet-conformance/wallet-conformance/targetclient"
)

// The sweep's pool: inputs are sent up to the concurrency at once, each
// worker on fixtures of its own (sweeper), so that the sweep's time
// against a slow target is its calls x latency / concurrency. The work is
// a queue of items: an operation's plan (its first fixture, from which its
// inputs are generated) and chunks of its inputs. A worker takes the
// chunks of the operation whose fixture it holds first, so that fixtures
// are made once and reused while unchanged. A call that hangs holds its
// worker only.
//
// The valid-request sweep follows on the same workers (startValid): one
// item per operation, taken by a worker that holds the operation's state
// where one does, so that the states the bad inputs left unchanged serve
// the valid inputs too.
//
// Beside a run's scenarios (runner.BesideOf) the sweep sends on one worker
// while the scenarios run, as it always has, and on the run's
// --concurrency once they have ended: the run never has more calls in
// flight than its concurrency and the workers that run beside the
// scenarios.

// sweepChunk is how many inputs of an operation a worker takes at once.
// The refused ones among them share read-backs: against a conforming
// target most of a chunk costs one call per input. 64: a full sweep is
// still some 70 chunks, many more than the workers.
const sweepChunk = 64

// indexedInput is an input with its place in the sweep: its operation's
// catalogue place, then its place in the operation's sample.
type indexedInput struct {
	badInput
	idx int
}

// sweepItem is a worker's unit of work.
type sweepItem struct {
	op     schemas.Operation
	opIdx  int
	plan   bool // make the operation's fixture, generate its inputs
	inputs []indexedInput
	valid  bool // send the operation's valid inputs (validOp)
}

// sweepResult is a cause filed at an input; seq orders the causes of one
// input (its read-back's changes, then its own answer).
type sweepResult struct {
	idx, seq  int
	in        badInput
	cause     string
	rule, msg string
	req       targetclient.Request
	exchanges []record.Exchange
}

type sweepNotice struct {
	opIdx int
	text  string
}

// sweepRun is what the workers of a sweep share.
type sweepRun struct {
	ctx  context.Context
	opts Options

	mu      sync.Mutex
	wake    *sync.Cond
	queue   []*sweepItem
	busy    int   // items taken and not finished (a plan adds items)
	plans   int   // plans not finished: the total is known when 0
	err     error // the first error: it ends every worker
	results []sweepResult
	notices []sweepNotice
	sent    map[string]int
	calls   map[string][]record.Exchange // under the caller's lock

	inputs, passed, generated int
	tried                     []triedInput

	// kinds counts, of each kind of input whose answer the spec leaves
	// open, how many the target refused and accepted so far: an input of
	// a kind it has only refused shares the read-back of the refused
	// inputs before it (batch).
	kinds map[string]*[2]int

	// pinned: the operations that move the merchant's money are sent by
	// worker 0 alone, whose read-backs then see only its own moves.
	pinned bool

	// The valid-request sweep (startValid): found holds the operations a
	// bad input broke a rule of, validParts each operation's part by its
	// catalogue place, validSent and validGen its progress.
	validPhase          bool
	found               map[string]bool
	validParts          []*validSweeper
	validSent, validGen int
}

func newSweepRun(ctx context.Context, opts Options) *sweepRun {
	r := &sweepRun{ctx: ctx, opts: opts, sent: map[string]int{}, kinds: map[string]*[2]int{}, calls: map[string][]record.Exchange{}}
	r.wake = sync.NewCond(&r.mu)
	for i, op := range schemas.Catalogue() {
		if opts.Profile.Excludes(op.Clause) {
			continue
		}
		r.queue = append(r.queue, &sweepItem{op: op, opIdx: i, plan: true})
		r.plans++
	}
	return r
}

// workers is how many inputs the sweep sends at once, and until when all
// but one wait (nil: they start at once), and where its progress goes.
func (r *sweepRun) workers() (n int, wait <-chan struct{}, line func(string)) {
	if b, ok := runner.BesideOf(r.ctx); ok {
		return b.Concurrency, b.Done, b.Line
	}
	n = r.opts.Concurrency
	if n <= 0 {
		n = runner.DefaultConcurrency()
	}
	return n, nil, nil
}

// start runs the workers until the queue is done or an error ends them.
func (r *sweepRun) start(workers []*sweeper) {
	_, wait, line := r.workers()
	var wg sync.WaitGroup
	for i, w := range workers {
		wg.Go(func() {
			if i > 0 && wait != nil {
				select {
				case <-wait:
				case <-r.ctx.Done():
					return
				}
			}
			w.work()
		})
	}
	finished, reported := make(chan struct{}), make(chan struct{})
	if line != nil {
		go func() {
			defer close(reported)
			r.report(wait, line, finished)
		}()
	} else {
		close(reported)
	}
	wg.Wait()
	close(finished)
	<-reported // its last line is this phase's, not the next one's
}

// startValid runs the valid-request sweep on the workers of the bad
// inputs: found names the operations a bad input broke a rule of.
func (r *sweepRun) startValid(workers []*sweeper, found map[string]bool) {
	r.mu.Lock()
	r.validPhase, r.found = true, found
	cat := schemas.Catalogue()
	r.validParts = make([]*validSweeper, len(cat))
	for i, op := range cat {
		if !r.opts.Profile.Excludes(op.Clause) {
			r.queue = append(r.queue, &sweepItem{op: op, opIdx: i, valid: true})
		}
	}
	r.mu.Unlock()
	r.start(workers)
}

// validGenerated and validTried count the valid sweep's progress.
func (r *sweepRun) validGenerated(n int) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.validGen += n
}

func (r *sweepRun) validTried() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.validSent++
}

// report prints the sweep's count on the run's console while it runs,
// once the scenarios have ended.
func (r *sweepRun) report(wait <-chan struct{}, line func(string), finished <-chan struct{}) {
	select {
	case <-wait:
	case <-finished:
		return
	}
	tick := time.NewTicker(sweepProgressEvery)
	defer tick.Stop()
	for {
		select {
		case <-finished:
			line(r.progressLine())
			return
		case <-tick.C:
			line(r.progressLine())
		}
	}
}

// sweepProgressEvery is how often the console shows the sweep's count.
const sweepProgressEvery = 10 * time.Second

func (r *sweepRun) progressLine() string {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.validPhase {
		of := fmt.Sprintf("%d", r.validGen)
		if len(r.queue) > 0 {
			of = fmt.Sprintf("at least %d", r.validGen)
		}
		return fmt.Sprintf("valid-request sweep: %d of %s inputs tried", r.validSent, of)
	}
	of := fmt.Sprintf("%d", r.generated)
	if r.plans > 0 {
		of = fmt.Sprintf("at least %d", r.generated)
	}
	return fmt.Sprintf("bad-input sweep: %d of %s inputs tried", r.inputs, of)
}

// work takes items until there are none left.
func (s *sweeper) work() {
	for {
		it := s.run.next(s)
		if it == nil {
			return
		}
		err := s.do(it)
		s.run.finish(s, it, err)
	}
}

// next is the worker's next item: a chunk of the operation whose fixture
// it holds, or the valid inputs of an operation whose state it holds
// (and no bad input broke a rule of), else the first it may take; nil
// when the sweep is done.
func (r *sweepRun) next(w *sweeper) *sweepItem {
	r.mu.Lock()
	defer r.mu.Unlock()
	may := func(it *sweepItem) bool { return !r.pinned || w.id == 0 || !kcOperation(it.op.ID) }
	for {
		if r.err != nil {
			return nil
		}
		pick := slices.IndexFunc(r.queue, func(it *sweepItem) bool {
			if it.valid {
				return may(it) && w.state[it.op.ID] != nil && !r.found[it.op.ID]
			}
			return !it.plan && it.op.ID == w.current
		})
		if pick < 0 {
			pick = slices.IndexFunc(r.queue, may)
		}
		if pick >= 0 {
			it := r.queue[pick]
			r.queue = slices.Delete(r.queue, pick, pick+1)
			r.busy++
			return it
		}
		if r.busy == 0 {
			r.wake.Broadcast()
			return nil
		}
		r.wake.Wait()
	}
}

// finish ends an item: its notices are kept, an error ends the sweep.
func (r *sweepRun) finish(w *sweeper, it *sweepItem, err error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, n := range w.notices {
		if !it.valid { // the valid sweep says what it skipped (ValidOutcome.Skipped)
			r.notices = append(r.notices, sweepNotice{it.opIdx, n})
		}
	}
	w.notices = nil
	if err != nil && r.err == nil {
		r.err = err
	}
	if it.plan {
		r.plans--
	}
	r.busy--
	r.wake.Broadcast()
}

func (r *sweepRun) stopped() bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.err != nil
}

// do works an item: a plan makes the operation's fixture, generates its
// inputs, queues them in chunks and sends the first.
func (s *sweeper) do(it *sweepItem) error {
	op := it.op
	if it.valid {
		v, err := s.validOp(op)
		s.run.validParts[it.opIdx] = v // each item its own place; read once the workers have ended
		return err
	}
	s.current = op.ID
	if !it.plan {
		_, err := s.batch(op, it.inputs, true)
		return err
	}
	st, err := s.base(op)
	if err != nil {
		return err
	}
	inputs := generateInputs(op, s.set.RequestFields(op.ID), st.fields)
	picked := sample(sendable(inputs, s.opts.PerOperation), s.opts.PerOperation, s.opts.Seed, op.ID)
	list := make([]indexedInput, len(picked))
	for i, in := range picked {
		list[i] = indexedInput{in, it.opIdx<<20 | i}
	}
	// The inputs that must be refused first: they share read-backs; those
	// that may be accepted after them.
	// Those that may be accepted by kind, so that the kinds a target
	// refuses share read-backs too.
	slices.SortStableFunc(list, func(a, b indexedInput) int {
		ha, hb := a.want == wantHandled, b.want == wantHandled
		if ha && hb {
			return cmp.Compare(a.kind, b.kind)
		}
		return cmp.Compare(boolInt(ha), boolInt(hb))
	})
	var chunks [][]indexedInput
	for len(list) > 0 {
		n := min(sweepChunk, len(list))
		chunks = append(chunks, list[:n])
		list = list[n:]
	}
	s.run.mu.Lock()
	s.run.generated += len(inputs)
	for _, c := range chunks[min(1, len(chunks)):] {
		s.run.queue = append(s.run.queue, &sweepItem{op: op, opIdx: it.opIdx, inputs: c})
	}
	s.run.wake.Broadcast()
	s.run.mu.Unlock()
	if len(chunks) == 0 {
		return nil
	}
	_, err = s.batch(op, chunks[0], true)
	return err
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// judged counts an input judged.
func (r *sweepRun) judged(in indexedInput, passed bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.inputs++
	r.sent[in.op.ID]++
	what := in.label
	if in.field != "" {
		what = in.field + " " + in.label
	}
	r.tried = append(r.tried, triedInput{in.idx, in.op.Name + ": " + what})
	if passed {
		r.passed++
	}
}

// answered counts the answer to an input whose answer the spec leaves
// open, by its kind and by its field and value (fields of one name recur
// across operations: lastName, amount, currCode).
func (r *sweepRun) answered(in badInput, accepted bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, key := range []string{in.kind, in.field + "\x00" + in.kind + "\x00" + in.label} {
		k := r.kinds[key]
		if k == nil {
			k = &[2]int{}
			r.kinds[key] = k
		}
		k[boolInt(accepted)]++
	}
}

// mayAccept: the target may accept the input, as far as the answers to
// inputs of its field and value, else of its kind, tell: it has accepted
// more of them than it refused, or none was sent yet.
func (r *sweepRun) mayAccept(in badInput) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	if k := r.kinds[in.field+"\x00"+in.kind+"\x00"+in.label]; k != nil {
		return k[1] >= k[0]
	}
	k := r.kinds[in.kind]
	return k == nil || k[1] > 0
}

type triedInput struct {
	idx  int
	name string
}

// triedList names the inputs tried in the sweep's order.
func (r *sweepRun) triedList() []string {
	t := slices.Clone(r.tried)
	slices.SortFunc(t, func(a, b triedInput) int { return cmp.Compare(a.idx, b.idx) })
	out := make([]string, len(t))
	for i, x := range t {
		out[i] = x.name
	}
	return out
}

// file keeps a cause found at an input.
func (r *sweepRun) file(res sweepResult) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.results = append(r.results, res)
}

// ordered is the causes in the order of their inputs.
func (r *sweepRun) ordered() []sweepResult {
	out := slices.Clone(r.results)
	slices.SortStableFunc(out, func(a, b sweepResult) int {
		return cmp.Or(cmp.Compare(a.idx, b.idx), cmp.Compare(a.seq, b.seq))
	})
	return out
}

// noticeList is the workers' notices, each once, in catalogue order.
func (r *sweepRun) noticeList() []string {
	ns := slices.Clone(r.notices)
	slices.SortStableFunc(ns, func(a, b sweepNotice) int { return cmp.Compare(a.opIdx, b.opIdx) })
	var out []string
	for _, n := range ns {
		if !slices.Contains(out, n.text) {
			out = append(out, n.text)
		}
	}
	return out
}
