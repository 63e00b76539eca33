package reference

import (
	"fmt"
	"slices"
	"sync"
	"time"

	"github.com/shopspring/decimal"
)

// Entry indicators (B-2.3). DBIT occurs in the spec; CRDT is its
// counterpart for credits. Neutral entries carry the personality's
// indicator (see Personality.neutralEntry).
const (
	indicatorDebit  = "DBIT"
	indicatorCredit = "CRDT"
)

// Entry status codes (B-2.3). SETTLED occurs in the spec; PENDING marks the
// pending entry of a block.
const (
	entrySettled = "SETTLED"
	entryPending = "PENDING"
)

// entryKind is what caused an account entry; the personality names it in
// entryType.
type entryKind int

const (
	entryLoad          entryKind = iota // CRDT: a captured payment loads the wallet (B-3 Load Account)
	entryLoadRefund                     // DBIT: a refund of a load
	entryPayment                        // DBIT on the wallet, CRDT on the merchant: KC-Debit Account, KC-Capture
	entryPaymentRefund                  // CRDT on the wallet, DBIT on the merchant: KC-Refund
	entryBlock                          // pending DBIT: the block of KC-Authorize
	entryRelease                        // neutral: the block released by KC-Cancel
)

// entry is one account entry (B-2.3) of a ledger.
type entry struct {
	seq         uint64    // booking sequence number, strictly increasing across the store
	at          time.Time // booking and value instant, UTC; never earlier than the previous entry's
	kind        entryKind
	pending     bool // the pending entry of a block, removed when the block is released
	neutral     bool // changes no balance; listed only with includeNeutral
	indicator   string
	amount      decimal.Decimal
	balance     decimal.Decimal // booked balance after the entry
	currCode    string
	description string
	name        string
	reference   string // uniqueReference of the payment
	optionCode  string // paymentOptionCode; "" when none
}

// ledger is the money of one account: the booked balance, the blocked
// amount and the entries. avlBal is always bkBal - blkAmt.
type ledger struct {
	currCode string
	bkBal    decimal.Decimal // booked balance
	blkAmt   decimal.Decimal // blocked amount: authorized by KC-Authorize, not yet captured or cancelled
	entries  []entry         // in booking order (seq and time ascending)
}

// available is avlBal: the booked balance minus the blocked amount (B-2.4).
func (l *ledger) available() decimal.Decimal {
	return l.bkBal.Sub(l.blkAmt)
}

// covers reports whether amount can be debited or blocked without taking
// the available balance below minimum (A-2.4 minimumAllowedBalance).
func (l *ledger) covers(amount, minimum decimal.Decimal) bool {
	return l.available().Sub(amount).GreaterThanOrEqual(minimum)
}

// previousClose is psBal: the booked balance at the start of the server
// day of today (the balance after the last entry booked before that day),
// zero and false when nothing was booked before it.
func (l *ledger) previousClose(today string) (decimal.Decimal, bool) {
	for i := len(l.entries) - 1; i >= 0; i-- {
		if e := l.entries[i]; e.at.Format(time.DateOnly) < today {
			return e.balance, true
		}
	}
	return decimal.Zero, false
}

// balance is a copy of a ledger's balances (B-2.4).
type balance struct {
	psBal, avlBal, bkBal, blkAmt decimal.Decimal
	currCode                     string
	bookedBefore                 bool // an entry was booked before today, so psBal is a real closing balance
}

// posting is what a caller books; the store adds the sequence number, the
// time and the balance after it.
type posting struct {
	kind        entryKind
	amount      decimal.Decimal
	reference   string
	description string
	name        string
	optionCode  string
}

// ledgerStore holds the ledgers of every account, the merchant's included;
// safe for concurrent use. It is the innermost lock: handlers may call it
// while holding the account or the payment store's lock, and it calls no
// other store.
type ledgerStore struct {
	mu      sync.Mutex         // guards every field below and every ledger byAccno points to
	seq     uint64             // the last booking sequence number issued
	last    time.Time          // the instant of the last entry booked, so booking times never go back
	byAccno map[string]*ledger // accno -> ledger
}

func newLedgerStore() *ledgerStore {
	return &ledgerStore{byAccno: map[string]*ledger{}}
}

// open creates the empty ledger of a new account in currCode.
func (s *ledgerStore) open(accno, currCode string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.byAccno[accno]; !ok {
		s.byAccno[accno] = &ledger{currCode: currCode}
	}
}

// do runs fn while holding the lock, so every check and booking fn makes
// through tx is one atomic step. Entries booked through tx are dated at
// (or at the previous entry's instant, when that is later).
func (s *ledgerStore) do(at time.Time, fn func(tx *ledgerTx)) {
	s.mu.Lock()
	defer s.mu.Unlock()
	fn(&ledgerTx{s: s, at: at.UTC()})
}

// balanceOf returns a copy of the balances of accno on the server day of
// now, and false when there is no such ledger.
func (s *ledgerStore) balanceOf(accno string, now time.Time) (balance, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	l, ok := s.byAccno[accno]
	if !ok {
		return balance{}, false
	}
	ps, before := l.previousClose(now.UTC().Format(time.DateOnly))
	return balance{
		psBal:        ps,
		avlBal:       l.available(),
		bkBal:        l.bkBal,
		blkAmt:       l.blkAmt,
		currCode:     l.currCode,
		bookedBefore: before,
	}, true
}

// entriesOf returns a copy of the entries of accno in booking order, and
// false when there is no such ledger.
func (s *ledgerStore) entriesOf(accno string) ([]entry, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	l, ok := s.byAccno[accno]
	if !ok {
		return nil, false
	}
	return slices.Clone(l.entries), true
}

// ledgerTx is the view of the store that ledgerStore.do hands out; it is
// valid only inside the function it was given to.
type ledgerTx struct {
	s  *ledgerStore
	at time.Time
}

// ledger returns the ledger of accno, or nil when there is none.
func (tx *ledgerTx) ledger(accno string) *ledger {
	return tx.s.byAccno[accno]
}

// add appends e to l with the next sequence number and a time never
// earlier than the last entry's.
func (tx *ledgerTx) add(l *ledger, e entry) {
	tx.s.seq++
	if tx.at.Before(tx.s.last) {
		tx.at = tx.s.last
	}
	tx.s.last = tx.at
	e.seq, e.at, e.currCode, e.balance = tx.s.seq, tx.at, l.currCode, l.bkBal
	l.entries = append(l.entries, e)
}

// credit books p as a CRDT entry: bkBal += amount.
func (tx *ledgerTx) credit(l *ledger, p posting) {
	l.bkBal = l.bkBal.Add(p.amount)
	tx.add(l, p.entry(indicatorCredit))
}

// debit books p as a DBIT entry: bkBal -= amount. The caller checks
// covers first.
func (tx *ledgerTx) debit(l *ledger, p posting) {
	l.bkBal = l.bkBal.Sub(p.amount)
	tx.add(l, p.entry(indicatorDebit))
}

// block blocks p's amount (blkAmt += amount, bkBal unchanged) and adds its
// pending DBIT entry. The caller checks covers first.
func (tx *ledgerTx) block(l *ledger, p posting) {
	l.blkAmt = l.blkAmt.Add(p.amount)
	e := p.entry(indicatorDebit)
	e.pending = true
	tx.add(l, e)
}

// release releases amount of the block of the payment reference
// (blkAmt -= amount) and removes the block's pending entry.
func (tx *ledgerTx) release(l *ledger, amount decimal.Decimal, reference string) {
	l.blkAmt = l.blkAmt.Sub(amount)
	l.entries = slices.DeleteFunc(l.entries, func(e entry) bool {
		return e.pending && e.reference == reference
	})
}

// neutral adds a neutral entry with that indicator, which changes no
// balance.
func (tx *ledgerTx) neutral(l *ledger, p posting, indicator string) {
	e := p.entry(indicator)
	e.neutral = true
	tx.add(l, e)
}

// entry is the entry of p with that indicator; add completes it.
func (p posting) entry(indicator string) entry {
	return entry{
		kind:        p.kind,
		indicator:   indicator,
		amount:      p.amount,
		description: p.description,
		name:        p.name,
		reference:   p.reference,
		optionCode:  p.optionCode,
	}
}

// minimumBalance is the minimumAllowedBalance of every wallet
// account: no debit or block may take avlBal below it.
func (h *handler) minimumBalance() decimal.Decimal {
	_, minimum := h.p.balanceLimits()
	return minimum
}

// entryView is an account entry as Account Enquiry returns it (B-2.3,
// account-entry.json), completed from its schema before the mutants and
// variants change it.
func (h *handler) entryView(e entry) map[string]any {
	status := entrySettled
	if e.pending {
		status = entryPending
	}
	value := h.valueInstant(e)
	m := map[string]any{
		"isPending":         e.pending,
		"bookingDate":       e.at.Format(time.DateOnly),
		"bookingTime":       e.at.Format("150405"),
		"valueDate":         value.Format(time.DateOnly),
		"valueTime":         value.Format("150405"),
		"sourceAmount":      money(e.amount),
		"amount":            money(e.amount),
		"exchangeRate":      money(decimal.NewFromInt(1)),
		"balance":           money(e.balance),
		"sourceCurrCode":    e.currCode,
		"currCode":          e.currCode,
		"entryIndicator":    e.indicator,
		"description":       orNullString(e.description),
		"name":              orNullString(e.name),
		"entryType":         h.p.entryType(e.kind),
		"reference":         orNullString(e.reference),
		"statusCode":        status,
		"paymentOptionCode": orNullString(e.optionCode),
	}
	complete(accountEntryShape, m)
	if h.variant("entry-times-null") {
		m["bookingTime"], m["valueTime"] = nil, nil
	}
	if h.mutant("entry-amount-a-string") {
		m["amount"] = fmt.Sprint(m["amount"])
	}
	if h.mutant("entry-valuedate-not-a-date") {
		m["valueDate"] = "14.03.2026"
	}
	return m
}

// valueInstant is the value date and time of e: its booking instant, or
// the start of the next day under the variant value-dated-next-day.
func (h *handler) valueInstant(e entry) time.Time {
	if h.variant("value-dated-next-day") {
		y, m, d := e.at.Date()
		return time.Date(y, m, d+1, 0, 0, 0, 0, time.UTC)
	}
	return e.at
}
