package explore

import (
	"fmt"
	"time"

	"github.com/wallet-conformance/wallet-conformance/calls"
	"pgregory.net/rapid"
)

// A property run is a sequence of actions: the kind rapid drew and the
// values each move then drew. Replaying the actions makes the same moves,
// which lets the exploration finish rapid's shrinking with passes of its
// own on the moves themselves: rapid shrinks the bits it drew, and a move
// that no longer applies once an earlier one is gone can keep it from
// removing the moves before it.

// action is one move of a run as rapid drew it.
type action struct {
	kind   string
	values []int // the values the move drew, in order
	steps  int   // the steps it made (a load makes three)
}

// draws is where a move's values come from.
type draws interface {
	draw(label string, lo, hi int) int
	values() []int
}

// draw draws a value of the current move between lo and hi.
func (x *machine) draw(label string, lo, hi int) int { return x.draws.draw(label, lo, hi) }

// rapidDraws draws from rapid, which records and shrinks them.
type rapidDraws struct {
	t    *rapid.T
	vals []int
}

func (d *rapidDraws) draw(label string, lo, hi int) int {
	v := rapid.IntRange(lo, hi).Draw(d.t, label)
	d.vals = append(d.vals, v)
	return v
}

func (d *rapidDraws) values() []int { return d.vals }

// scriptDraws replays recorded values, each brought into the range the
// move asks for now (a shorter sequence may leave less money to refund),
// and the range's lowest value when none is left.
type scriptDraws struct {
	vals []int
	used []int
}

func (d *scriptDraws) draw(_ string, lo, hi int) int {
	v := lo
	if len(d.vals) > 0 {
		v, d.vals = min(max(d.vals[0], lo), hi), d.vals[1:]
	}
	d.used = append(d.used, v)
	return v
}

func (d *scriptDraws) values() []int { return d.used }

func kindNamed(name string) moveKind {
	for _, k := range moveKinds {
		if k.name == name {
			return k
		}
	}
	panic("explore: no move kind " + name)
}

// replayActions makes a new run of the actions, skipping those that do not
// apply any more, up to the first normative break.
func (e *explorer) replayActions(script []action) *runTrace {
	e.invocations++
	x := e.newMachine()
	x.createAccount()
	for _, a := range script {
		x.halt()
		if x.stop || x.tr.failure != nil {
			break
		}
		if !kindNamed(a.kind).applies(x) {
			continue
		}
		x.draws = &scriptDraws{vals: a.values}
		x.move(a.kind)
	}
	x.tr.duration = time.Since(x.tr.started)
	return x.tr
}

// newMachine starts a property run.
func (e *explorer) newMachine() *machine {
	return &machine{e: e, ctx: e.ctx, m: newModel(), tr: &runTrace{started: time.Now()}, Requests: calls.Requests{Profile: e.profile, Clock: e.clock, UID: fmt.Sprintf("%s%04d", e.runID, e.invocations)}}
}

// minimize goes on from rapid's shortest failing run: it removes spans of
// actions, then lowers single values to their least, as long as the run
// still breaks the same invariant no later, within maxAttempts more runs.
func (e *explorer) minimize(maxAttempts int) {
	inv := e.found.failure.inv
	limit := e.attempts + maxAttempts
	try := func(script []action) bool {
		if e.stopErr != nil || e.cut || e.caller.Exhausted(e.ctx) || e.attempts >= limit || time.Now().After(e.shrinkUntil) {
			return false
		}
		e.attempts++
		tr := e.replayActions(script)
		switch {
		case tr.infra != nil:
			e.stopErr = tr.infra
			return false
		case tr.cut:
			e.cut = true
			return false
		case tr.failure == nil || tr.failure.inv != inv || tr.failedAt > e.best.failedAt:
			return false
		case tr.failedAt == e.best.failedAt && !simpler(tr.actions, e.best.actions):
			return false
		}
		if tr.failedAt < e.best.failedAt {
			e.progress.shorter(e.attempts, tr.failedAt+1)
		}
		e.best = tr
		return true
	}
	for changed := true; changed; {
		changed = false
		// Remove spans of actions, halves first, then ever shorter ones
		// down to single actions (delta debugging).
		for size := max(1, len(e.best.actions)/2); size >= 1; size /= 2 {
			for i := 0; i+size <= len(e.best.actions); {
				script := append(append([]action(nil), e.best.actions[:i]...), e.best.actions[i+size:]...)
				if try(script) {
					changed = true
					continue // the actions after the span moved to i
				}
				i += size
			}
		}
		for i := 0; i < len(e.best.actions); i++ {
			for j := 0; j < len(e.best.actions[i].values); j++ {
				if e.best.actions[i].values[j] == 0 {
					continue
				}
				script := cloneActions(e.best.actions)
				script[i].values[j] = 0 // brought up to the least the move allows
				if try(script) {
					changed = true
				}
			}
		}
	}
}

// simpler reports whether a has fewer actions than b, or as many with a
// lower sum of values.
func simpler(a, b []action) bool {
	if len(a) != len(b) {
		return len(a) < len(b)
	}
	sum := func(as []action) (n int) {
		for _, x := range as {
			for _, v := range x.values {
				n += v
			}
		}
		return n
	}
	return sum(a) < sum(b)
}

func cloneActions(as []action) []action {
	out := make([]action, len(as))
	for i, a := range as {
		out[i] = action{kind: a.kind, values: append([]int(nil), a.values...), steps: a.steps}
	}
	return out
}
