package sweep

import (
	"fmt"
	"strings"
	"time"

	"github.com/shopspring/decimal"

	"github.com/wallet-conformance/wallet-conformance/calls"
	"github.com/wallet-conformance/wallet-conformance/schemas"
	"github.com/wallet-conformance/wallet-conformance/steps"
	"github.com/wallet-conformance/wallet-conformance/targetclient"
)

// The sweep's states: the valid request of each operation, built from a
// state the sweep makes with the calls the steps' Givens make (an account,
// a payment taken as far as the operation needs it, a consent, a stored
// option: options.go), each call once, with none of the reads the
// exploration's moves make after them for its own invariants. Where the
// profile lacks what a state needs, or the target refused a call that
// makes it, the operation is sent the example
// request of the OpenAPI export with the profile's values, and judged as
// handled or not only, since a refusal of the example's state may come
// first; a notice says so.

// base returns the operation's valid request, building its state first.
// What a read-back of it compares with is read by see, when an input needs it.
func (s *sweeper) base(op schemas.Operation) (*opState, error) {
	if st := s.state[op.ID]; st != nil {
		return st, nil
	}
	st, err := s.build(op)
	if err != nil {
		return nil, err
	}
	st.op = op.ID
	s.state[op.ID] = st
	st.merchant = st.money && s.ownMerchant && kcOperation(op.ID)
	return st, nil
}

// see reads what a read-back of st compares with, where the worker does
// not know it: the wallet's balance (topped up first when inputs the
// target accepted spent it), the merchant's, the account's fields, the
// stored options. A fixture is read once and known until an input the
// target accepts changes it (used); inputs sent on a fixture not read
// before them are sent again on one that is, when refused (batch).
func (s *sweeper) see(st *opState) error {
	if st.money && !s.walletKnown {
		if err := s.readWallet(); err != nil {
			return err
		}
		if s.wallet >= 0 && s.e.caps.load && s.walletKnown && s.walletBal.Avl().LessThan(topUpBelow) {
			if err := s.load(); err != nil {
				return err
			}
		}
	}
	if st.merchant && !s.merchantKnown {
		if _, err := s.readMerchant(); err != nil {
			return err
		}
	}
	if st.seen {
		return nil
	}
	st.seen = true
	if st.options != "" {
		r, err := s.listOptions(st.options)
		if err != nil {
			return err
		}
		if r.Succeeded() {
			st.optionsSeen = optionsOf(r)
		} else {
			st.options = "" // nothing to compare with
		}
	}
	if st.account != "" {
		r, err := s.call(schemas.GetAccount, map[string]string{"accno": st.account}, s.x.AccountFields(true))
		if err != nil {
			return err
		}
		if r.Succeeded() {
			st.accountSeen = map[string]string{}
			for _, k := range comparedAccountFields {
				st.accountSeen[k] = r.JSON.Get(k).String()
			}
		} else {
			st.account = "" // nothing to compare with
		}
	}
	return nil
}

// known reports whether what a read-back of st compares with is known.
func (s *sweeper) known(st *opState) bool {
	return st.seen && (!st.money || s.walletKnown || s.wallet < 0) && (!st.merchant || !s.merchantRead || s.merchantKnown)
}

// used follows an input the target accepted on st: the money it may have
// moved is no longer known, and the state is used up (forgotten: the next
// input gets a new one) or changed (read again before an input that needs
// it). A Capture's Load Account may settle later (B-3; ): the wallet
// is read until it shows or the settle allowance passes, so that no later
// read-back mistakes it for a lost change; the wallet was read before the
// Capture was sent (batch).
func (s *sweeper) used(op schemas.Operation, st *opState, usedUp bool) error {
	if usedUp {
		delete(s.state, op.ID)
	}
	st.seen = false
	if st.merchant {
		s.merchantKnown = false
	}
	if !st.money {
		return nil
	}
	if op.ID == schemas.Capture && s.walletKnown {
		return s.awaitLoad(s.walletBal)
	}
	s.walletKnown = false
	return nil
}

// awaitLoad reads the wallet after a Capture that loads it (an accepted
// input, or one of the sweep's own) until it differs from before or the
// settle allowance passes (B-3; ). A load that has not shown by then
// is pending: the next change a read-back sees is taken as it, not blamed
// on the call it follows. A change seen here while an earlier load is
// pending may be either; the count stays, so that neither is blamed (at
// worst a later change goes unreported, never a false one).
func (s *sweeper) awaitLoad(before calls.Balance) error {
	deadline := time.Now().Add(s.e.profile.Settle())
	for {
		if err := s.readWallet(); err != nil {
			return err
		}
		if !s.walletBal.Equal(before) {
			return nil
		}
		if time.Now().After(deadline) {
			s.loadsPending++
			return nil
		}
		select {
		case <-s.ctx.Done():
			return errSweepHalted
		case <-time.After(calls.SettlePoll):
		}
	}
}

// readWallet reads the wallet's balance into walletBal.
func (s *sweeper) readWallet() error {
	if s.wallet < 0 {
		return nil
	}
	a := s.x.accounts[s.wallet]
	r, err := s.call(schemas.BalanceEnquiry, map[string]string{"accno": a.accno}, s.x.AccountFields(true))
	if err != nil {
		return err
	}
	if b, bad := calls.BalanceOf(r.JSON); bad == "" && r.Succeeded() {
		// The model follows the target: inputs it accepted moved money the
		// model does not know of, and the moves that make states compare
		// their balances with it. A change read here is expected (a move
		// was accepted), so it does not settle a pending load: only a
		// read-back after a refused call, where no change is owed, does.
		s.walletBal, a.bal = b, b
		s.walletKnown = true
	}
	return nil
}

// readMerchant reads the merchant's booked balance into merchantBk (B-4.13
// of the merchant's accno with the partner's programCode, as explore's
// merchantBooked): merchantRead is false when the target does not let the
// partner read it, and nothing is then compared. The reply is nil when the
// call was not made.
func (s *sweeper) readMerchant() (*calls.Reply, error) {
	r, err := s.call(schemas.BalanceEnquiry, map[string]string{"accno": s.e.profile.Merchant.Accno}, s.x.AccountFields(true))
	if err != nil {
		return nil, err
	}
	b, bad := calls.BalanceOf(r.JSON)
	s.merchantRead = bad == "" && r.Success(s.set) == ""
	if s.merchantRead {
		s.merchantBk = b.Bk
		s.merchantKnown = true
	}
	return r, nil
}

// kcOperation: the operations that may move the merchant's money (B-3's KC rows).
func kcOperation(opID string) bool {
	switch opID {
	case schemas.KCAuthorize, schemas.KCDebitAccount, schemas.KCCapture, schemas.KCCancel, schemas.KCRefund:
		return true
	}
	return false
}

// The sweep makes its states with plain calls, not with the exploration's
// moves: a move reads the payment's status and the balance after it for
// the exploration's invariants, which the sweep does not judge; what the
// sweep compares a refused input's read-back with it reads itself.

// make sends a call that makes a state: ok is false when the target did
// not accept it; an infrastructure error or the bounds end the sweep.
func (s *sweeper) make(opID string, path map[string]string, fields map[string]any) (r *calls.Reply, ok bool, err error) {
	r, err = s.call(opID, path, fields)
	if err != nil {
		return nil, false, err
	}
	return r, r.Succeeded(), nil
}

// openAccount creates an account and adds it to the model; the
// current account stays what it was. ok is false when the target did not
// open it.
func (s *sweeper) openAccount() (a *account, ok bool, err error) {
	f := s.x.CreateAccountFields()
	r, ok, err := s.make(schemas.CreateAccount, nil, f)
	if !ok || r.JSON.Get("accno").String() == "" {
		return nil, false, err
	}
	a = &account{accno: r.JSON.Get("accno").String(), fields: f}
	s.x.accounts = append(s.x.accounts, a)
	return a, true, nil
}

// pay makes a payment of amount on the wallet: a load (B-3: Init
// Authorize with the wallet's accno), taken to the status upTo (RECEIVED,
// AUTHORIZED or CAPTURED, whose Load Account is awaited), or a wallet
// payment (kind "kc-authorize", "kc-debit"). nil when a call was refused.
func (s *sweeper) pay(kind, upTo string, amount decimal.Decimal) (*payment, error) {
	x := s.x
	a := x.accounts[s.wallet]
	if kind != "load" {
		op, status := schemas.KCAuthorize, stAuthorized
		if kind == "kc-debit" {
			op, status = schemas.KCDebitAccount, stCaptured
		}
		r, ok, err := s.make(op, nil, x.WalletFields(op, a.accno, amount))
		s.walletKnown, s.merchantKnown = false, false
		if !ok {
			return nil, err
		}
		return &payment{ref: r.JSON.Get("uniqueReference").String(), account: s.wallet, status: status, amount: amount}, nil
	}
	// B-3: Init Authorize "internally performs Init Load Account": what
	// that shows in the wallet is not stated, so the wallet is read again
	// before it is compared.
	r, ok, err := s.make(schemas.InitAuthorize, nil, x.InitLoadFields(a.accno, amount))
	s.walletKnown = false
	if !ok {
		return nil, err
	}
	p := &payment{ref: r.JSON.Get("uniqueReference").String(), token: r.JSON.Get("authorizationToken").String(), account: s.wallet, status: stReceived, amount: amount}
	path := map[string]string{"uniqueReference": p.ref}
	if upTo == stReceived {
		return p, nil
	}
	f := x.Envelope(false)
	f["authorizationToken"] = p.token
	_, ok, err = s.make(schemas.CompleteAuthorize, path, f)
	s.walletKnown = false
	if !ok {
		return nil, err
	}
	p.status = stAuthorized
	if upTo == stAuthorized {
		return p, nil
	}
	if !s.walletKnown {
		if err := s.readWallet(); err != nil {
			return nil, err
		}
	}
	before := s.walletBal
	if _, ok, err = s.make(schemas.Capture, path, x.Envelope(false)); !ok {
		return nil, err
	}
	p.status = stCaptured
	return p, s.awaitLoad(before)
}

// ensureWallet opens and loads the sweep's wallet once: an account of its
// own with money, on which the payments of the other states are made.
func (s *sweeper) ensureWallet() (bool, error) {
	x := s.x
	if s.wallet >= 0 {
		if s.e.caps.load && s.walletKnown && s.walletBal.Avl().LessThan(topUpBelow) {
			// Inputs the target accepted spent the money: load it again.
			return true, s.load()
		}
		return true, nil
	}
	if _, ok, err := s.openAccount(); !ok || err != nil {
		return false, err
	}
	s.wallet = len(x.accounts) - 1
	if !s.e.caps.load {
		return true, nil
	}
	return true, s.load() // it reads the opening balance, and awaits the load
}

// topUpBelow is the available balance under which the wallet is loaded again.
var topUpBelow = decimal.New(2000, -2)

// load loads the wallet with loadAmount (Init Authorize, Complete
// Authorize, Capture); a step the target refuses ends the loading.
func (s *sweeper) load() error {
	_, err := s.pay("load", stCaptured, loadAmount)
	return err
}

// build makes the operation's state and valid request.
func (s *sweeper) build(op schemas.Operation) (*opState, error) {
	x := s.x
	p := s.e.profile
	if op.ID == schemas.IssueToken {
		date, tm := s.e.clock()
		f := map[string]any{"password": p.Credentials.Password, "localDate": date, "localTime": tm}
		if s.e.caller.Tokens.Reading() == targetclient.ReadingEnvelope {
			f["partnerReference"] = targetclient.TokenPartnerReference()
		}
		return s.control(op, &opState{path: map[string]string{"userId": p.Credentials.UserID}, fields: f})
	}
	if op.ID == schemas.CreateAccount {
		return &opState{fields: x.CreateAccountFields(), real: true}, nil
	}
	ok, err := s.ensureWallet()
	if err != nil {
		return nil, err
	}
	if !ok {
		s.notices = append(s.notices, "bad-input sweep: no account could be opened, so every operation's inputs are judged as handled or not only")
		return s.example(op)
	}
	a := x.accounts[s.wallet]
	onWallet := map[string]string{"accno": a.accno}
	if s.opts.deriveEvery && op.ReadsAnAccount() {
		return s.accountRead(op, a.accno)
	}
	switch op.ID {
	case schemas.UpdateAccount:
		if s.bisecting > 0 {
			// Inputs sent again apart get an account of their own each:
			// the wallet already holds what the change they look for wrote.
			accno, ok, err := s.ownAccount()
			if err != nil || !ok {
				return s.fallback(op, err)
			}
			b := a
			for _, c := range x.accounts {
				if c.accno == accno {
					b = c
				}
			}
			return &opState{path: map[string]string{"accno": accno}, fields: x.UpdateAccountFields(b.fields), real: true, account: accno}, nil
		}
		return &opState{path: onWallet, fields: x.UpdateAccountFields(a.fields), real: true, account: a.accno}, nil
	case schemas.GetPaymentOptions:
		// The profile's transaction type, not the example's.
		f := x.AccountFields(true)
		f["transactionTypeCode"] = p.TransactionTypeCode
		return s.control(op, &opState{path: onWallet, fields: f})
	case schemas.AccountEnquiry:
		f := x.AccountFields(true)
		f["top"] = steps.AllEntries
		return s.control(op, &opState{path: onWallet, fields: f})
	case schemas.CheckAvailablePaymentAmount:
		f := x.AccountFields(true)
		f["amount"] = payAmount.StringFixed(2)
		f["currCode"] = p.Currency
		return s.control(op, &opState{path: onWallet, fields: f})
	case schemas.CloseAccount:
		// An account of its own: a Close accepted closes it.
		accno, ok, err := s.ownAccount()
		if err != nil || !ok {
			return s.fallback(op, err)
		}
		f := x.AccountFields(true)
		f["closingReason"] = "Closed by the wallet conformance sweep"
		return &opState{path: map[string]string{"accno": accno}, fields: f, real: true, account: accno}, nil
	case schemas.InitAddStoredPaymentOption, schemas.CompleteAddStoredPaymentOption, schemas.InitVerifyStoredPaymentOption,
		schemas.CompleteVerifyStoredPaymentOption, schemas.DeleteStoredPaymentOption, schemas.SetDefaultStoredPaymentOption:
		return s.optionState(op, a.accno)
	case schemas.FindUserAccount:
		return s.control(op, &opState{fields: s.findUserAccountFields(a)})
	case schemas.AddressCheck:
		return s.control(op, &opState{fields: s.addressCheckFields()})
	case schemas.AddConsent:
		// An account of its own, without a consent, for every input until
		// one is accepted: whether an account that has a consent may be
		// given another is not shown (B-3: "Other consent statuses and
		// moves: not shown").
		accno, ok, err := s.ownAccount()
		if err != nil || !ok {
			return s.fallback(op, err)
		}
		return &opState{path: map[string]string{"accno": accno}, fields: x.ConsentFields(), real: true}, nil
	case schemas.RevokeConsent:
		r, ok, err := s.make(schemas.AddConsent, onWallet, x.ConsentFields())
		if err != nil || !ok {
			return s.fallback(op, err)
		}
		return &opState{path: map[string]string{"accno": a.accno, "consentReference": r.JSON.Get("consentReference").String()}, fields: x.ConsentFields(), real: true}, nil
	}
	if op.ReadsAnAccount() {
		// A read of the wallet (Get Account Information, Balance Enquiry,
		// Get Stored Payment Options ...): its example request on the
		// wallet, needing no case of its own.
		return s.accountRead(op, a.accno)
	}
	if !s.e.caps.load {
		return s.example(op)
	}
	switch op.ID {
	case schemas.Authorize:
		return s.optionState(op, a.accno)
	case schemas.InitAuthorize:
		return &opState{fields: x.InitLoadFields(a.accno, payAmount), real: true, money: true}, nil
	case schemas.CompleteAuthorize, schemas.Capture, schemas.Cancel, schemas.Refund:
		upTo := stAuthorized
		switch op.ID {
		case schemas.CompleteAuthorize:
			upTo = stReceived
		case schemas.Refund:
			upTo = stCaptured
		}
		pay, err := s.pay("load", upTo, payAmount)
		if err != nil || pay == nil {
			return s.fallback(op, err)
		}
		f := x.Envelope(false)
		st := &opState{path: map[string]string{"uniqueReference": pay.ref}, fields: f, real: true, money: true, payment: pay.ref, status: pay.status}
		switch op.ID {
		case schemas.CompleteAuthorize:
			f["authorizationToken"] = pay.token
		case schemas.Capture:
			f["modifiedAmount"] = calls.Money(payAmount)
		case schemas.Refund:
			f["refundAmount"] = calls.Money(payAmount)
		}
		return st, nil
	}
	if op.ReadsAPayment() {
		// A read of a payment (Get Payment Status ...): its example request
		// on a captured payment, needing no case of its own.
		pay, err := s.pay("load", stCaptured, payAmount)
		if err != nil || pay == nil {
			return s.fallback(op, err)
		}
		_, fields, ok := s.exampleRequest(op)
		if !ok {
			return nil, fmt.Errorf("bad-input sweep: %s (%s) has no example request (schemas.ExampleRequest) to build its state from", op.ID, op.Name)
		}
		return s.control(op, &opState{path: map[string]string{"uniqueReference": pay.ref}, fields: fields})
	}
	if !s.e.caps.kc {
		return s.example(op)
	}
	switch op.ID {
	case schemas.KCAuthorize, schemas.KCDebitAccount:
		return &opState{fields: x.WalletFields(op.ID, a.accno, payAmount), real: true, money: true}, nil
	case schemas.KCCapture, schemas.KCCancel, schemas.KCRefund:
		kind := "kc-authorize"
		if op.ID == schemas.KCRefund {
			kind = "kc-debit"
		}
		pay, err := s.pay(kind, "", payAmount)
		if err != nil || pay == nil {
			return s.fallback(op, err)
		}
		f := x.Envelope(false)
		switch op.ID {
		case schemas.KCCapture:
			f["modifiedAmountCurrCode"] = p.Currency
			f["modifiedAmount"] = calls.Money(payAmount)
		case schemas.KCRefund:
			f["refundAmount"] = calls.Money(payAmount)
		}
		return &opState{path: map[string]string{"uniqueReference": pay.ref}, fields: f, real: true, money: true, payment: pay.ref, status: pay.status}, nil
	}
	// An operation of the catalogue that no case above names, and whose
	// state does not follow from its contract (Operation.DerivedRead), has
	// no state: say so, rather than judge its inputs on the example request
	// (TestEveryOperationHasASweepState names it before a run can).
	return nil, fmt.Errorf("bad-input sweep: %s (%s) has no state in (*sweeper).build", op.ID, op.Name)
}

// fallback is the example request of an operation whose state could not
// be made; an infrastructure error ends the sweep.
func (s *sweeper) fallback(op schemas.Operation, err error) (*opState, error) {
	if err != nil {
		return nil, err
	}
	s.notices = append(s.notices, fmt.Sprintf("bad-input sweep: the state %s needs could not be made, so its inputs are judged as handled or not only", op.Name))
	return s.example(op)
}

// control sends the valid request once unchanged: when it succeeds, a
// refusal of a changed one can only be the change's.
func (s *sweeper) control(op schemas.Operation, st *opState) (*opState, error) {
	r, err := s.call(op.ID, st.path, st.fields)
	if err != nil {
		return nil, err
	}
	st.real = r.Succeeded()
	return st, nil
}

// example is the operation's example request (schemas.ExampleRequest) with
// the sweep's envelope, the profile's values and the wallet's accno: a
// request of the right shape whose state (a stored payment option, a
// payment) the target may not have. A GET is tried once unchanged.
func (s *sweeper) example(op schemas.Operation) (*opState, error) {
	path, fields, _ := s.exampleRequest(op)
	st := &opState{path: path, fields: fields}
	if op.BodyInQuery() {
		return s.control(op, st)
	}
	return st, nil
}

// accountRead is the state of an operation whose state follows from its
// contract (Operation.ReadsAnAccount: a GET on {accno}): its example request
// with the sweep's envelope and the profile's values (exampleRequest), the
// profile's currency in a currency code, on the account accno (the
// wallet), sent once unchanged (control). For Get Account Information,
// Balance Enquiry and Get Stored Payment Options it is the request their
// cases sent before (the envelope, programCode and accnoType: their
// examples hold no other field). An operation without an example request
// is an error: the OpenAPI export refuses it too.
func (s *sweeper) accountRead(op schemas.Operation, accno string) (*opState, error) {
	_, fields, ok := s.exampleRequest(op)
	if !ok {
		return nil, fmt.Errorf("bad-input sweep: %s (%s) has no example request (schemas.ExampleRequest) to build its state from", op.ID, op.Name)
	}
	if cur := s.e.profile.Currency; cur != "" {
		for k := range fields {
			if k == "currCode" || strings.HasSuffix(k, "CurrCode") {
				fields[k] = cur
			}
		}
	}
	return s.control(op, &opState{path: map[string]string{"accno": accno}, fields: fields})
}

// exampleRequest is the operation's example request with the sweep's
// envelope, the profile's values and the wallet's accno put in; ok is
// false (and the request the envelope alone) when it has none.
func (s *sweeper) exampleRequest(op schemas.Operation) (path map[string]string, fields map[string]any, ok bool) {
	x := s.x
	p := s.e.profile
	path, fields, ok = schemas.ExampleRequest(op.ID)
	if !ok {
		path, fields = map[string]string{}, map[string]any{}
	}
	env := x.Envelope(false)
	for k, v := range env {
		fields[k] = v
	}
	replace := map[string]string{"programCode": p.ProgramCode, "accnoType": p.AccnoType, "programAccno": p.ProgramAccno}
	for k, v := range replace {
		if _, has := fields[k]; has && v != "" {
			fields[k] = v
		}
	}
	if s.wallet >= 0 {
		if _, has := path["accno"]; has {
			path["accno"] = x.accounts[s.wallet].accno
		}
	}
	return path, fields, ok
}

// ownAccount opens an account of the sweep's besides its wallet, for an
// operation whose accepted inputs use the account up (Close Account, Add
// Consent) or whose read-backs should list only its own options; the machine's current
// account stays the wallet. ok is false when the target did not open it.
func (s *sweeper) ownAccount() (accno string, ok bool, err error) {
	b, ok, err := s.openAccount()
	if err != nil || !ok {
		return "", ok, err
	}
	return b.accno, true, nil
}
