package explore

import (
	"fmt"
	"io"

	"github.com/wallet-conformance/wallet-conformance/record"
	"github.com/wallet-conformance/wallet-conformance/targetclient"
)

// progress is the console of an exploration: a mark per property run
// ("." passed, "W" with warnings, "E" error, "F" broke a normative
// invariant), then the shrinking, then the outcome. Everything it writes
// passes through the redactor.
type progress struct {
	w     io.Writer
	red   *targetclient.Redactor
	marks int
}

func newProgress(w io.Writer, red *targetclient.Redactor) *progress {
	if w == nil {
		w = io.Discard
	}
	return &progress{w: w, red: red}
}

func (p *progress) printf(format string, args ...any) {
	_, _ = io.WriteString(p.w, p.red.String(fmt.Sprintf(format, args...)))
}

func (p *progress) start(seed uint64, runs, steps int, url string) {
	p.printf("explore %s: seed %d, up to %d property runs of about %d moves\n", url, seed, runs, steps)
}

func (p *progress) mark(c string) {
	p.printf("%s", c)
	p.marks++
	if p.marks%50 == 0 {
		p.printf(" %d\n", p.marks)
	}
}

func (p *progress) run(tr *runTrace) {
	switch {
	case tr.infra != nil:
		p.mark("E")
	case len(tr.advice()) > 0:
		p.mark("W")
	default:
		p.mark(".")
	}
}

func (p *progress) endLine() {
	if p.marks%50 != 0 {
		p.printf("\n")
	}
	p.marks = 0
}

func (p *progress) found(tr *runTrace) {
	p.mark("F")
	p.endLine()
	p.printf("run %d broke %s after %d moves: %s\nshrinking", tr.number, tr.failure.inv.ID, tr.failedAt+1, firstLine(tr.failure.msg))
}

func (p *progress) shorter(attempts, moves int) {
	p.printf(" %d moves (attempt %d)", moves, attempts)
}

func (p *progress) shrunk(moves, attempts int) {
	p.printf("\nshrunk to %d moves in %d attempts\n", moves, attempts)
}

func (p *progress) replayed(f *Failure) {
	p.printf("replayed %s against the target: %s\n", f.FeatureName, f.Replayed)
}

func (p *progress) done(out *Outcome, dir string) {
	if out.Failure != nil {
		f := out.Failure
		p.printf("\n%s\n", f.Feature)
	} else {
		p.endLine()
	}
	c := out.Result.Counts()
	where := ""
	if dir != "" {
		where = "; report in " + dir
	}
	p.printf("%s: %d runs passed, %d with warnings, %d errors, %d failed; %d calls in %s%s\n",
		out.Result.Verdict(), c[record.Passed], c[record.Warning], c[record.Error], c[record.Failed], out.Calls, out.Result.Duration.Round(1e6), where)
}

func firstLine(s string) string {
	for i, r := range s {
		if r == '\n' {
			return s[:i]
		}
	}
	return s
}
