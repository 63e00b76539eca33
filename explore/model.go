package explore

import (
	"github.com/shopspring/decimal"
	"github.com/wallet-conformance/wallet-conformance/calls"
)

// The model: every account, payment and consent one property run created,
// with the money to the cent. It follows what the target answered (a move
// the target accepted moves the model, one it refused does not), so after
// a break it still says what the spec expects next.
//
// "Current" follows the suite's step vocabulary (steps.World), so that any
// sequence of moves can be written as a scenario: the current account is
// the last one created, the current payment the last one a success created
// (Init Authorize, KC-Authorize, KC-Debit Account), the current consent the
// last one added. Moves act on the current ones only.

// Payment statuses of B-3.
const (
	stReceived   = "RECEIVED"
	stAuthorized = "AUTHORIZED"
	stCaptured   = "CAPTURED"
	stCancelled  = "CANCELLED"
)

// Account statuses of A-3.
const (
	acActive = "ACTIVE"
	acClosed = "CLOSED"
)

// Consent statuses of B-3.
const (
	csConfirmed = "CNSTCONF"
	csRevoked   = "CNSTRVKD"
)

// Balance is a wallet's money (B-2.4); avlBal is derived.
// booking is a change of a wallet's booked balance by a move.
type booking struct {
	amount  decimal.Decimal // always positive
	credit  bool
	payment int // index into model.payments
}

type account struct {
	accno    string
	closed   bool
	bal      calls.Balance
	min, max decimal.Decimal // minimumAllowedBalance, maximumAllowedBalance
	bookings []booking
	fields   map[string]any // what Create Account sent
	// partialCaptures counts the captures of a part accepted on the
	// account (twice.go).
	partialCaptures int
}

type payKind int

const (
	payLoad    payKind = iota // Init Authorize with accno: a load of the wallet (B-3)
	payKCAuth                 // KC-Authorize
	payKCDebit                // KC-Debit Account
)

type payment struct {
	kind     payKind
	ref      string // uniqueReference
	token    string // authorizationToken (Complete Authorize)
	account  int    // index into model.accounts
	status   string
	amount   decimal.Decimal // authorized (presentationAmount, paymentAmount)
	captured decimal.Decimal
	refunded decimal.Decimal
	blocked  decimal.Decimal // what KC-Authorize blocked and no move released yet
	init     map[string]any  // what Init Authorize sent (B-4.7 compares)
	// partialCaptures and partialRefunds count the moves of a part
	// accepted on the payment (twice.go).
	partialCaptures, partialRefunds int
}

// left is what may still be refunded.
func (p *payment) left() decimal.Decimal { return p.captured.Sub(p.refunded) }

type consent struct {
	ref     string
	account int
	revoked bool
}

type model struct {
	accounts []*account
	payments []*payment
	consents []*consent
	acc      int // current account, -1 for none
	pay      int // current payment, -1 for none
	con      int // current consent, -1 for none
}

func newModel() *model { return &model{acc: -1, pay: -1, con: -1} }

// account returns the current account, nil when there is none.
func (m *model) account() *account {
	if m.acc < 0 {
		return nil
	}
	return m.accounts[m.acc]
}

// openAccount returns the current account when it is open.
func (m *model) openAccount() *account {
	if a := m.account(); a != nil && !a.closed {
		return a
	}
	return nil
}

// payment returns the current payment when moves on it are ones the model
// can follow and a scenario can write: it belongs to the current account,
// which is open.
func (m *model) payment() *payment {
	if m.pay < 0 {
		return nil
	}
	p := m.payments[m.pay]
	if p.account != m.acc || m.accounts[p.account].closed {
		return nil
	}
	return p
}

// consent returns the current consent when it belongs to the current, open account.
func (m *model) consent() *consent {
	if m.con < 0 {
		return nil
	}
	c := m.consents[m.con]
	if c.account != m.acc || m.accounts[c.account].closed {
		return nil
	}
	return c
}

// confirmedConsent reports whether the account ai has a consent that is
// not revoked.
func (m *model) confirmedConsent(ai int) bool {
	for _, c := range m.consents {
		if c.account == ai && !c.revoked {
			return true
		}
	}
	return false
}

// affordable is what a wallet payment may take without going below
// minimumAllowedBalance.
func (a *account) affordable() decimal.Decimal { return a.bal.Avl().Sub(a.min) }

// exposure is what the account would hold if every load still open were
// captured in full: loads are drawn only while it stays below
// maximumAllowedBalance, a limit whose enforcement the spec leaves open.
func (m *model) exposure(ai int) decimal.Decimal {
	e := m.accounts[ai].bal.Bk
	for _, p := range m.payments {
		if p.account == ai && p.kind == payLoad && (p.status == stReceived || p.status == stAuthorized) {
			e = e.Add(p.amount)
		}
	}
	return e
}

func (a *account) book(p int, amount decimal.Decimal, credit bool) {
	if credit {
		a.bal.Bk = a.bal.Bk.Add(amount)
	} else {
		a.bal.Bk = a.bal.Bk.Sub(amount)
	}
	a.bookings = append(a.bookings, booking{amount: amount, credit: credit, payment: p})
}
