package runner

import (
	"context"
	"sync"
)

// What runs beside the scenarios (Options.Explore: the exploration, the
// bad-input sweep) learns from its context how much of the target it may
// use: the run's --concurrency, and whether the scenarios are still
// running. While they run they hold the run's concurrency, and what runs
// beside them keeps to one call at a time each; once they have ended it
// may use the whole of it. A run then never has more than its concurrency
// in flight, and the one or two workers beside the scenarios that a run
// always had.

// Beside is what a run tells the work beside its scenarios.
type Beside struct {
	// Concurrency is the run's --concurrency (at least 1).
	Concurrency int
	// Done is closed when the scenarios have ended.
	Done <-chan struct{}
	// Line prints a line of progress on the run's console (redacted); the
	// scenarios' progress line is ended first. Only after Done.
	Line func(string)
}

type besideKey struct{}

// BesideOf is what ctx's run tells the work beside its scenarios; ok is
// false outside a run (a sweep or an exploration of its own).
func BesideOf(ctx context.Context) (Beside, bool) {
	b, ok := ctx.Value(besideKey{}).(Beside)
	return b, ok
}

// withBeside gives ctx the run's Beside, and returns the function that
// says the scenarios have ended.
func withBeside(ctx context.Context, concurrency int, line func(string)) (context.Context, func()) {
	done := make(chan struct{})
	b := Beside{Concurrency: max(concurrency, 1), Done: done, Line: line}
	return context.WithValue(ctx, besideKey{}, b), sync.OnceFunc(func() { close(done) })
}
