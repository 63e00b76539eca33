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
