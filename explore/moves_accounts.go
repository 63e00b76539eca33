package explore

import (
	"github.com/shopspring/decimal"

	"github.com/wallet-conformance/wallet-conformance/calls"
	"github.com/wallet-conformance/wallet-conformance/schemas"
)

// Accounts.

func (x *machine) createAccount() {
	st := x.newStep("create-account", schemas.CreateAccount)
	st.given, st.plain = "the partner has created an account", "the partner creates an account"
	st.fields = x.CreateAccountFields()
	r, ok := x.send(st, schemas.CreateAccount, nil, st.fields)
	if !ok {
		return
	}
	if !x.outcome(st, r, expSuccess) {
		x.done(st)
		return
	}
	// twoFAStatusCode and accFlowStatusCode are present (the response
	// schema), but their values only "occur" (A-3#3, open): not asserted.
	x.expectField(st, r, invAccountStatus, "statusCode", acActive)
	a := &account{accno: r.JSON.Get("accno").String(), max: decimal.New(1, 9), fields: st.fields}
	x.m.accounts = append(x.m.accounts, a)
	x.m.acc = len(x.m.accounts) - 1
	st.newAccount = true
	// What the model needs to know of the new account: its limits
	// and its opening balance, which the spec does not state. These reads
	// check nothing (no scenario could say it of this move): the moves
	// that read the account and its balance check them.
	g, ok := x.send(st, schemas.GetAccount, map[string]string{"accno": a.accno}, x.AccountFields(true))
	if !ok {
		return
	}
	if d, err := decimal.NewFromString(g.JSON.Get("minimumAllowedBalance").Raw); err == nil {
		a.min = d
	}
	if d, err := decimal.NewFromString(g.JSON.Get("maximumAllowedBalance").Raw); err == nil && d.IsPositive() {
		a.max = d
	}
	b, ok := x.send(st, schemas.BalanceEnquiry, map[string]string{"accno": a.accno}, x.AccountFields(true))
	if !ok {
		return
	}
	if got, msg := calls.BalanceOf(b.JSON); msg == "" {
		a.bal = got
	}
	st.before = a.bal
	x.done(st)
}

func (x *machine) closeAccount() {
	st := x.newStep("close-account", schemas.CloseAccount)
	st.given, st.plain = "the partner has closed the account", "the partner closes the account"
	a := x.m.account()
	f := x.AccountFields(true)
	f["closingReason"] = "Closed by the wallet conformance exploration"
	r, ok := x.send(st, schemas.CloseAccount, map[string]string{"accno": a.accno}, f)
	if !ok {
		return
	}
	if x.outcome(st, r, expSuccess) {
		x.expectField(st, r, invAccountStatus, "statusCode", acClosed)
		a.closed = true
	}
	x.done(st)
}

func (x *machine) getAccount() {
	st := x.newStep("get-account", schemas.GetAccount)
	st.plain = "the partner reads the account information"
	a := x.m.account()
	r, ok := x.send(st, schemas.GetAccount, map[string]string{"accno": a.accno}, x.AccountFields(true))
	if !ok {
		return
	}
	// Reading a closed account: whether it is served is open (A-3 says
	// only that its usage is disabled); when it is, it reads CLOSED.
	exp, want := expSuccess, acActive
	if a.closed {
		exp, want = expOpen, acClosed
	}
	if x.outcome(st, r, exp) {
		x.expectField(st, r, invAccountStatus, "statusCode", want)
	}
	x.done(st)
}

// updateAccount updates the account's information: a success on an
// open account, refused on a closed one ("further usage of the account is
// disabled", A-3).
func (x *machine) updateAccount() {
	st := x.newStep("update-account", schemas.UpdateAccount)
	st.plain = "the partner updates the account information"
	a := x.m.account()
	r, ok := x.send(st, schemas.UpdateAccount, map[string]string{"accno": a.accno}, x.UpdateAccountFields(a.fields))
	if !ok {
		return
	}
	exp := expSuccess
	if a.closed {
		exp = expClosed
	}
	x.outcome(st, r, exp)
	x.done(st)
}
