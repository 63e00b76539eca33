package reference

import (
	"time"

	"github.com/shopspring/decimal"
)

// concurrentMutants break a rule of money only moves sent at the same time
// reveal: sequentially each behaves like the conforming server, so no
// scenario of the suite and no property run of the exploration sees them;
// the exploration's concurrent rounds (explore/concurrent.go) must.
//
// Beside them, the faults only a second move of a kind reaches (two of a
// thing, issue 33): the concurrent rounds ready their wallets with a second
// block open beside the round's payment and a partial refund before the
// round's refunds, and find them.
var concurrentMutants = []Mutant{
	{Name: "kc-capture-releases-every-block", Clause: "B-2.4", Rule: "B-2.4#4", Explored: true,
		Description: "KC-Capture releases every block of the wallet instead of its own payment's: a second block open on the wallet is forgotten (blkAmt falls to 0)"},
	{Name: "kc-refund-lost-update", Clause: "B-4.18", Rule: "B-4.18#5", Explored: true,
		Description: "KC-Refund reads the wallet's booked balance, waits, and writes that balance plus its refund: a refund of the same wallet booked meanwhile is lost (check-then-act race)"},
	// Issue 33, item 3 (two of a thing): a second move of a kind, and two
	// moves at once.
	{Name: "kc-second-refund-not-credited", Clause: "B-4.18", Rule: "B-4.18#5", Explored: true,
		Description: "a KC-Refund of a wallet payment refunded in part before answers 0000 and counts the refund, but credits the wallet nothing: the wallet's ledger keeps one refund posting per payment and drops a second"},
	{Name: "kc-capture-again-debits-authorized", Clause: "B-4.16", Rule: "B-4.16#4", Explored: true,
		Description: "a KC-Capture of a wallet payment captured in part before is taken as a capture of more (a reading the spec leaves open) but debits the whole authorized amount again, whatever its modifiedAmount"},
	{Name: "kc-authorize-lost-block", Clause: "B-2.4", Rule: "B-2.4#4", Explored: true,
		Description: "KC-Authorize reads the wallet's blocked amount, waits, and writes that amount plus its own block: a block of the same wallet made meanwhile is lost from blkAmt (check-then-act race of two authorizations at once)"},
}

// blockRaceRead is the read of the mutant kc-authorize-lost-block: the
// wallet's blocked amount before the wait, taken outside the payment's
// lock. racy is false for every other server.
func (h *handler) blockRaceRead(c *call) (decimal.Decimal, bool) {
	if !h.mutant("kc-authorize-lost-block") {
		return decimal.Zero, false
	}
	var read decimal.Decimal
	found := false
	h.ledgers.do(c.now, func(tx *ledgerTx) {
		if l := tx.ledger(c.v.str("accno")); l != nil {
			read, found = l.blkAmt, true
		}
	})
	if !found {
		return decimal.Zero, false
	}
	time.Sleep(raceWindow)
	return read, true
}

// refundRaceRead is the read of the mutant kc-refund-lost-update: the
// wallet's booked balance before the wait, taken outside the payment's
// lock. racy is false for every other server.
func (h *handler) refundRaceRead(c *call) (decimal.Decimal, bool) {
	if !h.mutant("kc-refund-lost-update") {
		return decimal.Zero, false
	}
	var accno string
	h.payments.with(c.scope, c.v.str("uniqueReference"), func(p *payment) { accno = p.accno })
	var read decimal.Decimal
	found := false
	h.ledgers.do(c.now, func(tx *ledgerTx) {
		if l := tx.ledger(accno); l != nil {
			read, found = l.bkBal, true
		}
	})
	if !found {
		return decimal.Zero, false
	}
	time.Sleep(raceWindow)
	return read, true
}
