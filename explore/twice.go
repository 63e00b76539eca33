package explore

import (
	"fmt"
	"strings"
)

// Two of a thing (issue 33, item 3): the sequences that reach what one
// move of each kind never does. Each property run notes which of them its
// moves reached, and the exploration says in how many runs each was
// reached, so that a generator that stops reaching one shows.

// twice is a sequence of moves of one kind on one wallet or payment.
type twice int

const (
	twiceOpenBlocks       twice = iota // two KC-Authorize blocks of one wallet open at once
	twicePartialCaptures               // two partial captures (Capture or KC-Capture) on one wallet
	twiceCaptureAfterPart              // a KC-Capture sent to a wallet payment captured in part before
	twiceLoadRefunds                   // two refunds of one load accepted, the first of a part
	twiceKCRefunds                     // two KC-Refunds of one wallet payment accepted, the first of a part
	twiceRefundAfterPart               // a refund of the rest (no amount) of a payment refunded in part before
	twiceKinds
)

var twiceNames = [twiceKinds]string{
	twiceOpenBlocks:       "two blocks open at once",
	twicePartialCaptures:  "two partial captures",
	twiceCaptureAfterPart: "a KC-Capture after a partial KC-Capture",
	twiceLoadRefunds:      "partial refunds of a load one after another",
	twiceKCRefunds:        "partial KC-Refunds one after another",
	twiceRefundAfterPart:  "a refund of the rest after a partial refund",
}

// reached notes what the move st, just made, reached; the model has moved
// with it. p is the payment it acted on (nil for none), pb what the payment
// was before the move.
func (x *machine) noteTwice(st *step, p *payment, pb payment) {
	if a := x.m.account(); a != nil {
		open := 0
		for _, q := range x.m.payments {
			if q.account == x.m.acc && q.kind == payKCAuth && q.status == stAuthorized && q.blocked.IsPositive() {
				open++
			}
		}
		if open >= 2 {
			x.tr.reached[twiceOpenBlocks] = true
		}
	}
	if p == nil {
		return
	}
	switch st.kind {
	case "capture", "kc-capture":
		if st.kind == "kc-capture" && pb.partialCaptures > 0 {
			x.tr.reached[twiceCaptureAfterPart] = true
		}
		if st.followed && !st.full && !st.repeated {
			p.partialCaptures++
			a := x.m.accounts[p.account]
			a.partialCaptures++
			if a.partialCaptures >= 2 {
				x.tr.reached[twicePartialCaptures] = true
			}
		}
	case "refund", "kc-refund":
		if !st.followed {
			return
		}
		if st.full && pb.partialRefunds > 0 {
			x.tr.reached[twiceRefundAfterPart] = true
		}
		if pb.partialRefunds > 0 {
			if st.kind == "refund" {
				x.tr.reached[twiceLoadRefunds] = true
			} else {
				x.tr.reached[twiceKCRefunds] = true
			}
		}
		if !st.full && st.amount.LessThan(pb.left()) {
			p.partialRefunds++
		}
	}
}

// twiceSummary says in how many of the runs each sequence was reached.
func twiceSummary(runs []*runTrace) string {
	var parts []string
	for k := range twiceKinds {
		n := 0
		for _, tr := range runs {
			if tr.reached[k] {
				n++
			}
		}
		parts = append(parts, fmt.Sprintf("%s %d", twiceNames[k], n))
	}
	return fmt.Sprintf("two of a thing, in how many of the %d property runs: %s", len(runs), strings.Join(parts, ", "))
}

// twiceScript is the run of two of a thing every exploration makes after
// its property runs, so that each sequence is reached whatever rapid drew
// (a run's length is rapid's to draw, and four runs may make a dozen
// moves): one wallet loaded with 100.00, two blocks opened (20.00, 30.00),
// the second captured in two parts (10.00, then 5.00 more), a load of
// 40.00 captured in part (25.00), refunded in a part (5.00), then the
// rest, then beyond any bound, a debit of 20.00 refunded in two parts
// (3.00, 4.00) and then beyond its captured amount. The values
// are the draws each move makes (machine.move), so the run replays and
// shrinks as a property run does.
var twiceScript = []action{
	{kind: "load", values: []int{10000}},
	{kind: "kc-authorize-twice", values: []int{2000, 1, 3000}},
	{kind: "kc-capture-in-parts", values: []int{1000, 1, 500}},
	{kind: "authorize-load", values: []int{4000}},
	{kind: "capture", values: []int{1, 2500}},
	{kind: "refund-in-parts", values: []int{500, 0}},
	{kind: "refund", values: []int{2, 5000}}, // 50.00, above the 40.00 authorized: not a success
	{kind: "kc-debit", values: []int{1, 2000}},
	{kind: "refund-in-parts", values: []int{300, 1, 400}},
	{kind: "kc-refund", values: []int{2, 2500}}, // 13.00 left and 25.00 more: above the 20.00 captured
}

// twiceRun makes the run of twiceScript after rapid's property runs found
// nothing: a run of the exploration, and when it breaks a normative
// invariant, the failure the exploration shrinks (minimize) and writes.
func (e *explorer) twiceRun() {
	if e.found != nil || e.halted() {
		return
	}
	script := make([]action, 0, len(twiceScript))
	for _, a := range twiceScript {
		if !e.unclaimed[a.kind] && (e.caps.load || !needsLoad(a.kind)) && (e.caps.kc || !strings.HasPrefix(a.kind, "kc-")) {
			script = append(script, a)
		}
	}
	if !e.caps.load && !e.caps.kc {
		return
	}
	tr := e.replayActions(cloneActions(script))
	tr.scripted = true
	if tr.infra != nil && e.stopErr == nil {
		e.stopErr = tr.infra
	}
	if tr.cut {
		e.cut = true
	}
	e.fileRun(tr)
}

// needsLoad reports whether a kind of move of twiceScript needs money
// loaded through the program account (B-4.1).
func needsLoad(kind string) bool {
	switch kind {
	case "load", "authorize-load", "capture", "refund-in-parts":
		return true
	}
	return false
}
