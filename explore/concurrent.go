package explore

// Concurrent rounds: moves sent at the same time on one wallet and on one
// payment, checked for linearizability (issue 33, item 3). Each round
// readies a wallet with the exploration's own sequential moves (every one
// checked as in a property run), sends several moves at once, reads the
// balance after they all answered, and asks porcupine
// (github.com/anishathalye/porcupine) whether some order of the moves,
// each taking effect between its call and its answer, explains every
// answer and the balance read: no lost update, no double booking. The
// model of one move is the exploration's model of money (model.go) on one
// wallet and one payment, in cents.

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/anishathalye/porcupine"
	"github.com/shopspring/decimal"

	"github.com/wallet-conformance/wallet-conformance/calls"
	"github.com/wallet-conformance/wallet-conformance/profile"
	"github.com/wallet-conformance/wallet-conformance/schemas"
)

// DefaultConcurrentRounds is how many concurrent rounds an exploration
// makes after its property runs when Options.ConcurrentRounds is 0: one of
// each kind.
const DefaultConcurrentRounds = 4

// Kinds of concurrent move.
type conKind int

const (
	conDebit     conKind = iota // KC-Debit Account of the wallet
	conAuthorize                // KC-Authorize on the wallet
	conRefund                   // KC-Refund of the round's payment
	conCapture                  // KC-Capture of the round's payment
	conCancel                   // KC-Cancel of the round's payment
	conRead                     // Balance Enquiry after every move answered
)

// conOperation is the operation of each kind of concurrent move.
var conOperation = map[conKind]string{
	conDebit: schemas.KCDebitAccount, conAuthorize: schemas.KCAuthorize, conRefund: schemas.KCRefund,
	conCapture: schemas.KCCapture, conCancel: schemas.KCCancel, conRead: schemas.BalanceEnquiry,
}

// conInput is one move of a round as porcupine sees it.
type conInput struct {
	kind   conKind
	amount int64 // cents; for a capture 0 means the whole amount (none sent)
}

// conOutput is its answer: a success or a refusal, and for the read the
// balance shown.
type conOutput struct {
	ok     bool
	bk     int64
	blk    int64
	answer string // responseCode and HTTP status, for the sentences
}

// conState is the wallet's money and the round's payment, in cents.
type conState struct {
	bk, blk  int64
	status   string // the round's payment; "" when it has none
	amount   int64  // authorized
	captured int64
	refunded int64
	blocked  int64
}

// conModel is the sequential specification of a round. strict adds what is
// implied, not stated: a debit or block stays above minimumAllowedBalance
// refunds together stay within the captured amount (B-4.18's
// bound read over every refund), a cancelled payment is not captured.
// relaxRefusals lets every refusal pass (to tell which invariant broke).
type conModel struct {
	min           int64
	idempotent    bool // the profile declares KC repeats answered again (B-3#58)
	strict        bool
	relaxRefusals bool
	init          conState
}

func (cm conModel) step(s conState, in conInput, out conOutput) []conState {
	refusal := func(allowed bool) []conState {
		if !out.ok && (allowed || cm.relaxRefusals) {
			return []conState{s}
		}
		return nil
	}
	switch in.kind {
	case conRead:
		if out.ok && out.bk == s.bk && out.blk == s.blk {
			return []conState{s}
		}
		return nil
	case conDebit, conAuthorize:
		afford := s.bk - s.blk - cm.min
		if !out.ok {
			return refusal(in.amount > afford)
		}
		if cm.strict && in.amount > afford {
			return nil
		}
		n := s
		if in.kind == conDebit {
			n.bk -= in.amount
		} else {
			n.blk += in.amount
		}
		return []conState{n}
	case conRefund:
		left := s.captured - s.refunded
		if !out.ok {
			return refusal(s.status != stCaptured || in.amount > left)
		}
		bound := s.captured // B-4.18: "not above the refunded amount", per call
		if cm.strict {
			bound = left
		}
		if s.status != stCaptured || in.amount > bound {
			return nil
		}
		n := s
		n.bk += in.amount
		n.refunded += in.amount
		return []conState{n}
	case conCapture:
		if !out.ok {
			return refusal(s.status != stAuthorized)
		}
		amount := in.amount
		if amount == 0 {
			amount = s.amount
		}
		switch s.status {
		case stAuthorized:
			n := s
			n.status, n.captured, n.bk = stCaptured, amount, s.bk-amount
			n.blk, n.blocked = s.blk-s.blocked, 0
			out := []conState{n}
			if rest := s.blocked - amount; rest > 0 {
				// B-2.4: the rest may stay blocked, or be released with the capture.
				alt := n
				alt.blk, alt.blocked = n.blk+rest, rest
				out = append(out, alt)
			}
			return out
		case stCaptured:
			if in.amount > 0 && s.captured < s.amount && in.amount <= s.amount-s.captured {
				// A capture of more of a payment captured in part (captureAgain):
				// nothing moves, or exactly the amount, released from what is
				// still blocked of it (its share, or all that is left).
				n := s
				n.captured, n.bk = s.captured+amount, s.bk-amount
				released := min(amount, s.blocked)
				n.blk, n.blocked = s.blk-released, s.blocked-released
				out := []conState{s, n}
				if n.blocked > 0 {
					all := n
					all.blk, all.blocked = n.blk-n.blocked, 0
					out = append(out, all)
				}
				return out
			}
			if cm.idempotent {
				return []conState{s} // answered again: no money moves
			}
		case stCancelled:
			if !cm.strict { // "previously authorized" (B-3#63, advisory)
				n := s
				n.status, n.captured, n.bk = stCaptured, amount, s.bk-amount
				return []conState{n}
			}
		}
		return nil
	case conCancel:
		if !out.ok {
			return refusal(s.status != stAuthorized)
		}
		switch {
		case s.status == stAuthorized:
			n := s
			n.status, n.blk, n.blocked = stCancelled, s.blk-s.blocked, 0
			return []conState{n}
		case s.status == stCancelled && cm.idempotent:
			return []conState{s}
		}
		return nil
	}
	return nil
}

func (cm conModel) porcupine() porcupine.Model {
	nm := &porcupine.NondeterministicModel{
		Init: func() []any { return []any{cm.init} },
		Step: func(state, input, output any) []any {
			var out []any
			for _, s := range cm.step(state.(conState), input.(conInput), output.(conOutput)) {
				out = append(out, s)
			}
			return out
		},
		Equal: func(a, b any) bool { return a.(conState) == b.(conState) },
	}
	return nm.ToModel()
}

// linearizable reports whether some order of history explains it under cm.
func (cm conModel) linearizable(history []porcupine.Operation) (bool, porcupine.LinearizationInfo) {
	res, info := porcupine.CheckOperationsVerbose(cm.porcupine(), history, 10*time.Second)
	return res != porcupine.Illegal, info
}

// conRound is one concurrent round as it ran.
type conRound struct {
	number  int
	what    string // what the round sends at once, in a line
	x       *machine
	st      *step // the concurrent move, with its exchanges
	history []porcupine.Operation
	calls   []string // the sentence of each move of history, by index
	failure *violation
	advice  []violation
	// small is the smallest history that no order explains (classify),
	// when the round's answers broke an invariant; nil otherwise.
	small []porcupine.Operation
	// sequential is the same moves sent one after another on a wallet
	// readied the same way, when the round failed: a Failure written as a
	// feature when they break a normative invariant that way too, nil when
	// only their overlap shows the fault (sequentialOrders says the orders
	// tried).
	sequential       *Failure
	sequentialOrders []string
}

// cents is d in cents.
func cents(d decimal.Decimal) int64 { return d.Shift(2).IntPart() }

func centsText(c int64) string { return decimal.New(c, -2).StringFixed(2) }

// concurrentRounds makes n rounds after the property runs.
func (e *explorer) concurrentRounds(seed uint64, n int) []*conRound {
	if n <= 0 || !e.caps.kc || !e.caps.load {
		return nil
	}
	for _, k := range []string{"kc-debit", "kc-authorize", "kc-refund", "kc-capture", "kc-cancel", "load"} {
		if e.unclaimed[k] {
			return nil
		}
	}
	var out []*conRound
	for i := range n {
		if e.halted() {
			break
		}
		e.invocations++
		r := e.concurrentRound(i+1, rand.New(rand.NewPCG(seed, uint64(i))))
		if r != nil {
			if r.failure != nil && r.small != nil {
				e.sequentialRound(seed, r)
			}
			out = append(out, r)
		}
	}
	return out
}

// concurrentRound readies one wallet (and payment) with sequential moves,
// then sends the round's moves at once.
func (e *explorer) concurrentRound(number int, rng *rand.Rand) *conRound {
	x := e.newMachine()
	x.draws = &scriptDraws{}
	r := &conRound{number: number, x: x}
	x.createAccount()
	if x.stop || x.tr.failure != nil || x.m.openAccount() == nil {
		// No wallet to load: what the target answered is the round's finding.
		r.failure = x.tr.failure
		return r
	}
	x.script("load", 5000)
	a := x.m.openAccount()
	if x.stop || x.tr.failure != nil || a == nil {
		r.failure = x.tr.failure
		return r
	}
	var ins []conInput
	var p *payment
	switch (number - 1) % 4 {
	case 0: // debits that together exceed what the wallet holds
		k := 3 + rng.IntN(3)
		each := 5000/int64(k-1) + int64(rng.IntN(500))
		for range k {
			ins = append(ins, conInput{kind: conDebit, amount: each})
		}
		r.what = fmt.Sprintf("%d KC-Debit Accounts of %s each on a wallet of 50.00", k, centsText(each))
	case 1: // refunds of one payment that together exceed it
		x.script("kc-debit", 1, 2000)
		if !x.stop && x.tr.failure == nil {
			// a refund after a partial refund: the round's refunds follow one
			x.script("kc-refund", 1, 300)
		}
		k := 3 + rng.IntN(2)
		for range k {
			ins = append(ins, conInput{kind: conRefund, amount: 300 + int64(rng.IntN(500))}) // any two fit in the 17.00 left, all together may not
		}
		r.what = fmt.Sprintf("%d partial KC-Refunds of one debit of 20.00 after a refund of 3.00", k)
	case 2: // capture and cancel of one authorization
		// Two of a thing, one after the other: a block of 10.00 stays open
		// while a second block is opened and captured, then the round's
		// payment is authorized beside it; the round's moves touch that one only.
		for _, a := range []action{
			{kind: "kc-authorize", values: []int{1, 1000}},
			{kind: "kc-authorize", values: []int{1, 500}},
			{kind: "kc-capture", values: []int{0}},
			{kind: "kc-authorize", values: []int{1, 2000}},
		} {
			if x.stop || x.tr.failure != nil {
				break
			}
			x.script(a.kind, a.values...)
		}
		part := int64(0)
		if rng.IntN(2) == 1 {
			part = 500 + int64(rng.IntN(1500))
		}
		ins = []conInput{{kind: conCapture, amount: part}, {kind: conCancel}, {kind: conCapture, amount: part}, {kind: conCancel}}
		rng.Shuffle(len(ins), func(i, j int) { ins[i], ins[j] = ins[j], ins[i] })
		r.what = "KC-Captures and KC-Cancels of one authorization of 20.00 beside a block of 10.00 (and a block of 5.00 captured)"
	default: // blocks and debits that together exceed what the wallet holds
		k := 4
		for i := range k {
			kind := conAuthorize // two blocks at least, then either
			if i >= 2 && rng.IntN(2) == 1 {
				kind = conDebit
			}
			ins = append(ins, conInput{kind: kind, amount: 1500 + int64(rng.IntN(1000))})
		}
		r.what = "KC-Authorizes and KC-Debit Accounts on a wallet of 50.00"
	}
	if x.stop || x.tr.failure != nil {
		r.failure = x.tr.failure
		return r
	}
	if ins[0].kind == conRefund || ins[0].kind == conCapture || ins[0].kind == conCancel {
		p = x.m.payment()
		if p == nil {
			return r
		}
	}
	x.sendAtOnce(r, a, p, ins)
	return r
}

// script makes a move of kind with the values given for its draws (as a
// replay does), so that it is an action of the run a sequential replay of
// the round can make again.
func (x *machine) script(kind string, values ...int) {
	x.draws = &scriptDraws{vals: values}
	x.move(kind)
}

// sendAtOnce sends the moves at once, reads the balance after, and checks
// the history.
func (x *machine) sendAtOnce(r *conRound, a *account, p *payment, ins []conInput) {
	st := x.newStep("concurrent", "")
	st.expect = expOpen
	r.st = st
	init := conState{bk: cents(a.bal.Bk), blk: cents(a.bal.Blk)}
	if p != nil {
		init.status, init.amount, init.captured, init.refunded, init.blocked = p.status, cents(p.amount), cents(p.captured), cents(p.refunded), cents(p.blocked)
	}
	type prepared struct {
		op     string
		path   map[string]string
		fields map[string]any
	}
	preps := make([]prepared, len(ins))
	for i, in := range ins {
		c := prepared{}
		switch in.kind {
		case conDebit:
			c.op = schemas.KCDebitAccount
			c.fields = x.WalletFields(c.op, a.accno, decimal.New(in.amount, -2))
			r.calls = append(r.calls, "the partner debits "+centsText(in.amount)+" from the account for the merchant")
		case conAuthorize:
			c.op = schemas.KCAuthorize
			c.fields = x.WalletFields(c.op, a.accno, decimal.New(in.amount, -2))
			r.calls = append(r.calls, "the partner authorizes a wallet payment of "+centsText(in.amount)+" to the merchant")
		case conRefund:
			c.op, c.fields = schemas.KCRefund, x.Envelope(false)
			c.fields["refundAmount"] = calls.Money(decimal.New(in.amount, -2))
			r.calls = append(r.calls, "the partner refunds "+centsText(in.amount)+" of the wallet payment")
		case conCapture:
			c.op, c.fields = schemas.KCCapture, x.Envelope(false)
			c.fields["modifiedAmountCurrCode"] = x.e.profile.Currency
			if in.amount > 0 {
				c.fields["modifiedAmount"] = calls.Money(decimal.New(in.amount, -2))
				r.calls = append(r.calls, "the partner captures "+centsText(in.amount)+" of the wallet payment")
			} else {
				r.calls = append(r.calls, "the partner captures the wallet payment")
			}
		case conCancel:
			c.op, c.fields = schemas.KCCancel, x.Envelope(false)
			r.calls = append(r.calls, "the partner cancels the wallet payment")
		}
		if p != nil {
			c.path = map[string]string{"uniqueReference": p.ref}
		}
		preps[i] = c
	}
	st.op = preps[0].op
	st.plain = "at once: " + strings.Join(r.calls, "; ")
	if x.e.caller.Exhausted(x.ctx) {
		x.stop, x.tr.cut = true, true
		return
	}
	start := time.Now()
	replies := make([]*calls.Reply, len(ins))
	errs := make([]error, len(ins))
	called, returned := make([]int64, len(ins)), make([]int64, len(ins))
	var wg sync.WaitGroup
	for i, c := range preps {
		wg.Add(1)
		go func() {
			defer wg.Done()
			called[i] = int64(time.Since(start))
			replies[i], errs[i] = x.e.caller.Call(x.ctx, c.op, c.path, c.fields)
			returned[i] = int64(time.Since(start))
		}()
	}
	wg.Wait()
	for i, rep := range replies {
		x.took(st, rep, errs[i])
	}
	if x.stop {
		x.done(st)
		return
	}
	for i, rep := range replies {
		out := conOutput{ok: rep.Succeeded(), answer: answerOf(rep)}
		if !out.ok {
			if msg := rep.HandledError(x.e.caller.Schemas); msg != "" {
				x.violate(st, invRefused, "a move sent at once was refused, but not as a handled error: "+msg+"\n  "+rep.Evidence(x.e.red))
			}
		}
		r.history = append(r.history, porcupine.Operation{ClientId: i, Input: ins[i], Output: out, Call: called[i], Return: returned[i]})
	}
	// The read after every move answered.
	readAt := int64(time.Since(start))
	br, err := x.e.caller.Call(x.ctx, schemas.BalanceEnquiry, map[string]string{"accno": a.accno}, x.AccountFields(true))
	if !x.took(st, br, err) {
		x.done(st)
		return
	}
	if msg := br.Success(x.e.caller.Schemas); msg != "" {
		x.violate(st, invAllowed, "Balance Enquiry of an open account: "+msg+"\n  "+br.Evidence(x.e.red))
		x.done(st)
		r.failure = x.tr.failure
		return
	}
	got, msg := calls.BalanceOf(br.JSON)
	if msg != "" {
		x.violate(st, invAvailable, msg)
		x.done(st)
		r.failure = x.tr.failure
		return
	}
	st.balanced = true
	r.history = append(r.history, porcupine.Operation{ClientId: len(ins), Input: conInput{kind: conRead}, Output: conOutput{ok: true, bk: cents(got.Bk), blk: cents(got.Blk), answer: got.String()}, Call: readAt, Return: int64(time.Since(start))})
	r.calls = append(r.calls, "the partner reads the account's balance")

	cm := conModel{min: cents(a.min), idempotent: x.e.profile.Behaves(profile.KCRepeatedMove) == profile.Idempotent, init: init}
	if ok, _ := cm.linearizable(r.history); !ok {
		inv, small := cm.classify(r.history)
		r.small = small
		x.violate(st, inv, r.render(small, cm, x.tr.steps))
	} else if strict := (conModel{min: cm.min, idempotent: cm.idempotent, strict: true, init: init}); !func() bool { ok, _ := strict.linearizable(r.history); return ok }() {
		inv := invMinimum
		if ins[0].kind == conRefund {
			inv = invRefundsTogether
		} else if ins[0].kind == conCapture || ins[0].kind == conCancel {
			inv = invPreviously
		}
		_, small := strict.classifyWith(r.history, inv)
		r.small = small
		x.violate(st, inv, r.render(small, strict, x.tr.steps))
	}
	st.accepted, st.followed = true, false
	x.done(st)
	r.failure = x.tr.failure
	for _, v := range st.violations {
		if !v.inv.Normative() {
			r.advice = append(r.advice, v)
		}
	}
}

// answerOf is a move's answer in a few words.
func answerOf(r *calls.Reply) string {
	code := r.JSON.Get("responseCode").String()
	if r.Succeeded() {
		s := "succeeded (" + code
		if st := r.JSON.Get("statusCode").String(); st != "" {
			s += ", " + st
		}
		return s + ")"
	}
	return fmt.Sprintf("was refused (HTTP %d, responseCode %q)", r.Resp.Status, code)
}

// classify names the invariant an illegal history breaks, and returns the
// smallest illegal history found: the moves refused are taken out one by
// one (a refusal moves nothing, so what is left is still a history the
// target could have answered) while what is left stays illegal.
func (cm conModel) classify(h []porcupine.Operation) (*Invariant, []porcupine.Operation) {
	moves := h[:len(h)-1] // without the read
	inv := invBalance     // the answers fit some order, the balance read after none: a lost update or a double booking
	if ok, _ := cm.linearizable(moves); !ok {
		relaxed := cm
		relaxed.relaxRefusals = true
		if ok, _ := relaxed.linearizable(moves); ok {
			inv = invAllowed // a move the money allowed in every order was refused
		} else {
			inv = invRefused // a move the state table allows in no order succeeded
			for _, o := range moves {
				if in := o.Input.(conInput); in.kind == conRefund && o.Output.(conOutput).ok {
					inv = invRefund
				}
			}
		}
	}
	return cm.classifyWith(h, inv)
}

func (cm conModel) classifyWith(h []porcupine.Operation, inv *Invariant) (*Invariant, []porcupine.Operation) {
	small := slices.Clone(h)
	for i := 0; i < len(small); {
		o := small[i]
		if o.Output.(conOutput).ok || o.Input.(conInput).kind == conRead {
			i++
			continue
		}
		try := slices.Delete(slices.Clone(small), i, i+1)
		if ok, _ := cm.linearizable(try); !ok {
			small = try
			continue
		}
		i++
	}
	return inv, small
}

// render writes a round's smallest illegal history in the suite's
// sentences: how the wallet was readied, the moves that overlapped with
// their answers, the balance read after, and the longest order porcupine
// found that explains a part of it.
func (r *conRound) render(h []porcupine.Operation, cm conModel, setup []*step) string {
	var b strings.Builder
	b.WriteString("no order of the moves sent at once explains their answers and the balance read after them\n")
	b.WriteString("    Given the partner has created an account\n")
	b.WriteString("    And the account has been loaded with 50.00\n")
	for _, s := range setup {
		if (s.kind == "kc-debit" || s.kind == "kc-authorize" || s.kind == "kc-refund" || s.kind == "kc-capture") && s.accepted {
			b.WriteString("    And " + s.given + "\n")
		}
	}
	b.WriteString("    When at once (each call overlapped the others):\n")
	ms := func(ns int64) string { return fmt.Sprintf("%dms", time.Duration(ns).Milliseconds()) }
	for _, o := range h {
		in, out := o.Input.(conInput), o.Output.(conOutput)
		if in.kind == conRead {
			continue
		}
		fmt.Fprintf(&b, "      %s: %s (sent at +%s, answered at +%s)\n", r.calls[o.ClientId], out.answer, ms(o.Call), ms(o.Return))
	}
	for _, o := range h {
		if o.Input.(conInput).kind == conRead {
			fmt.Fprintf(&b, "    Then after they all answered the balance read is %s (at +%s)\n", o.Output.(conOutput).answer, ms(o.Call))
		}
	}
	s := cm.init
	fmt.Fprintf(&b, "    Before them the balance was bkBal %s, blkAmt %s", centsText(s.bk), centsText(s.blk))
	if s.status != "" {
		fmt.Fprintf(&b, ", the payment %s", s.status)
	}
	b.WriteString(".\n")
	_, info := cm.linearizable(h)
	var longest []porcupine.Operation
	for _, part := range info.PartialLinearizationsOperations() {
		for _, l := range part {
			if len(l) > len(longest) {
				longest = l
			}
		}
	}
	if len(longest) > 0 && len(longest) < len(h) {
		var names []string
		for _, o := range longest {
			names = append(names, r.calls[o.ClientId])
		}
		fmt.Fprintf(&b, "    The longest order that explains a part of it: %s; nothing explains what follows.", strings.Join(names, ", then "))
	} else {
		b.WriteString("    No move can be the first.")
	}
	return b.String()
}

// sequentialAction is a move of a round as a move of a property run, with
// the values of its draws (machine.move).
func sequentialAction(in conInput) action {
	switch in.kind {
	case conDebit:
		return action{kind: "kc-debit", values: []int{0, int(in.amount)}} // any amount, not only what the wallet affords
	case conAuthorize:
		return action{kind: "kc-authorize", values: []int{0, int(in.amount)}}
	case conRefund:
		return action{kind: "kc-refund-of", values: []int{int(in.amount)}}
	case conCapture:
		if in.amount == 0 {
			return action{kind: "kc-capture", values: []int{0}}
		}
		return action{kind: "kc-capture", values: []int{1, int(in.amount)}}
	}
	return action{kind: "kc-cancel"}
}

// sequentialRound sends a failed round's moves again, one after another,
// on a wallet readied as the round's was (its actions): in the order the
// target answered them, then in the order they were sent. When a normative
// invariant breaks that way, the run is the round's Failure, written as a
// feature that replays it one call at a time; when neither order breaks
// one, only the moves' overlap shows the fault, which no feature can send
// (a scenario's steps make one call after another).
func (e *explorer) sequentialRound(seed uint64, r *conRound) {
	setup := cloneActions(r.x.tr.actions)
	moves := slices.Clone(r.history[:len(r.history)-1])
	orders := []struct {
		name string
		less func(a, b porcupine.Operation) int
	}{
		{"in the order the target answered them", func(a, b porcupine.Operation) int { return cmpInt(a.Return, b.Return) }},
		{"in the order they were sent", func(a, b porcupine.Operation) int { return cmpInt(int64(a.ClientId), int64(b.ClientId)) }},
	}
	for _, o := range orders {
		if e.halted() {
			return
		}
		slices.SortStableFunc(moves, o.less)
		script := cloneActions(setup)
		var names []string
		for _, m := range moves {
			script = append(script, sequentialAction(m.Input.(conInput)))
			names = append(names, r.calls[m.ClientId])
		}
		r.sequentialOrders = append(r.sequentialOrders, o.name+": "+strings.Join(names, ", then "))
		tr := e.replayActions(script)
		if tr.failure == nil || tr.infra != nil || tr.cut {
			continue
		}
		f := &Failure{Invariant: tr.failure.inv, Message: tr.failure.msg, OriginalMoves: tr.failedAt + 1, Moves: tr.failedAt + 1, trace: tr, Round: r.number, Order: o.name}
		f.FeatureName = fmt.Sprintf("explore-%d-round-%d-%s.feature", seed, r.number, f.Invariant.ID)
		f.Feature, f.ScenarioLine = writeScenario(tr, f, seed)
		r.sequential = f
		return
	}
}

func cmpInt(a, b int64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}
