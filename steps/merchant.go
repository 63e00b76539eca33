package steps

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"

	"github.com/cucumber/godog"
	"github.com/shopspring/decimal"

	"github.com/wallet-conformance/wallet-conformance/profile"
	"github.com/wallet-conformance/wallet-conformance/schemas"
)

// Wallet-to-merchant payments: B-4.14 to B-4.18, and Perform Address Check (B-4.19).

// walletState is what the scenario knows of its wallet's money.
type walletState struct {
	noted balance // the balance noted before the scenario's When
}

var merchantBuilders = map[string]builder{
	schemas.KCAuthorize:    kcAuthorizeRequest,
	schemas.KCDebitAccount: kcDebitRequest,
	schemas.KCCapture:      kcCaptureRequest,
	schemas.KCCancel:       paymentRequest,
	schemas.KCRefund:       paymentRequest,
	schemas.AddressCheck:   addressCheckRequest,
}

// kcDefaultAmount is what a wallet payment of the suite is worth unless a step says otherwise.
var kcDefaultAmount = decimal.RequireFromString("10.00")

// kcAuthorizeRequest pays the profile's merchant from the scenario's wallet,
// with the owner's address; countryCode is always required (B-4.14).
func kcAuthorizeRequest(w *World) (map[string]string, map[string]any, error) {
	_, f, err := kcDebitRequest(w)
	if err != nil {
		return nil, nil, err
	}
	f["programCode"] = w.env.Profile.ProgramCode
	return nil, f, nil
}

// kcDebitRequest is KC-Authorize without programCode (B-4.15).
func kcDebitRequest(w *World) (map[string]string, map[string]any, error) {
	if w.account.accno == "" {
		return nil, nil, fmt.Errorf("the scenario has no account: it needs \"Given the partner has created an account\"")
	}
	programAccno, err := w.need("programAccno")
	if err != nil {
		return nil, nil, err
	}
	merchant, err := w.need("merchant.accno")
	if err != nil {
		return nil, nil, err
	}
	f := w.envelope(false)
	f["accno"] = w.account.accno
	f["accnoType"] = w.env.Profile.AccnoType
	f["merchantAccno"] = merchant
	if mp := w.env.Profile.Merchant.ProgramCode; mp != "" {
		f["merchantProgramCode"] = mp
	}
	f["programAccno"] = programAccno
	f["paymentAmount"] = money(kcDefaultAmount)
	f["paymentCurrCode"] = w.env.Profile.Currency
	f["paymentUsage"] = "Purchase " + w.unique("")
	f["useDifferentBillingAddress"] = false
	f["countryCode"] = w.env.Profile.TestCustomer().CountryCode // "countryCode is always required" (B-4.14)
	return nil, f, nil
}

func kcCaptureRequest(w *World) (map[string]string, map[string]any, error) {
	path, f, err := paymentRequest(w)
	if err != nil {
		return nil, nil, err
	}
	f["modifiedAmountCurrCode"] = w.env.Profile.Currency
	return path, f, nil
}

func addressCheckRequest(w *World) (map[string]string, map[string]any, error) {
	f := w.envelope(true)
	for k, v := range AddressCheck(w.env.Profile) {
		f[k] = v
	}
	return nil, f, nil
}

// rememberWalletPayment keeps the wallet payment a KC call created.
func (w *World) rememberWalletPayment(c *call) {
	if c.op.ID == schemas.KCAuthorize || c.op.ID == schemas.KCDebitAccount {
		w.made(c, paymentState{
			uniqueReference: c.json.Get("uniqueReference").String(),
			accno:           accnoOf(c),
			amount:          decimal.RequireFromString(string(c.fields["paymentAmount"].(json.Number))),
		})
	}
}

// kcAmountField names the amount field of each wallet-to-merchant operation.
var kcAmountField = map[string]string{
	schemas.KCAuthorize:    "paymentAmount",
	schemas.KCDebitAccount: "paymentAmount",
	schemas.KCCapture:      "modifiedAmount",
	schemas.KCRefund:       "refundAmount",
}

var walletPhrases = map[string]string{
	"authorizes": "authorizes a wallet payment to the merchant",
	"authorized": "authorizes a wallet payment to the merchant",
	"debits":     "debits the account for the merchant",
	"debited":    "debits the account for the merchant",
	"captures":   "captures the wallet payment",
	"captured":   "captures the wallet payment",
	"cancels":    "cancels the wallet payment",
	"cancelled":  "cancels the wallet payment",
	"refunds":    "refunds the wallet payment",
	"refunded":   "refunds the wallet payment",
}

// walletMove sends a wallet-to-merchant operation with an amount ("" keeps
// the request's own, or none).
func (w *World) walletMove(ctx context.Context, verb, a string) error {
	r, err := w.prepare(walletPhrases[verb], "")
	if err != nil {
		return err
	}
	if a != "" {
		r.fields[kcAmountField[r.op.ID]] = money(amount(a))
	}
	return w.send(ctx, r)
}

func (w *World) movesWallet(ctx context.Context, verb, a string) error {
	return w.walletMove(ctx, verb, a)
}

func (w *World) hasMovedWallet(ctx context.Context, verb, a string) error {
	if err := w.walletMove(ctx, verb, a); err != nil {
		return err
	}
	return w.mustSucceed(true)
}

// movesBeyondMinimum debits or authorizes one cent more than the wallet may
// spend before reaching minimumAllowedBalance.
func (w *World) movesBeyondMinimum(ctx context.Context, verb string) error {
	b, err := w.readBalance(ctx)
	if err != nil {
		return err
	}
	min, err := w.minimumAllowedBalance(ctx)
	if err != nil {
		return err
	}
	w.wallet.noted = b
	a := b.avl.Sub(min).Add(decimal.New(1, -2))
	if !a.IsPositive() {
		return fmt.Errorf("the wallet cannot be taken below its minimum: avlBal %s, minimumAllowedBalance %s", b.avl.StringFixed(2), min.StringFixed(2))
	}
	return w.movesWallet(ctx, verb, a.StringFixed(2))
}

// debitsConcurrently sends n KC-Debits of the amount at once; their
// outcomes are kept for the Then steps.
func (w *World) debitsConcurrently(ctx context.Context, n int, a string) error {
	reqs := make([]*request, n)
	for i := range reqs {
		r, err := w.prepare(walletPhrases["debits"], "")
		if err != nil {
			return err
		}
		r.fields["paymentAmount"] = money(amount(a))
		reqs[i] = r
	}
	results := make([]*call, n)
	var wg sync.WaitGroup
	errs := make([]error, n)
	for i, r := range reqs {
		wg.Add(1)
		go func(i int, r *request) {
			defer wg.Done()
			results[i], errs[i] = w.sendDetached(ctx, r)
		}(i, r)
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	w.concurrent = results
	return nil
}

// concurrentDebitsAgree checks the balance after concurrent debits: it fell
// by exactly the successes' total (B-4.15#10), and every success has its
// entry (advisory, B-2.3#5).
func (w *World) concurrentDebitsAgree(ctx context.Context) error {
	defer w.keepWhen()()
	total := decimal.Zero
	var refs []string
	for _, c := range w.concurrent {
		if c.succeeded() {
			total = total.Add(amount(string(c.fields["paymentAmount"].(json.Number))))
			refs = append(refs, c.json.Get("uniqueReference").String())
		}
	}
	if err := w.balanceMoved(ctx, total.Neg(), decimal.Zero, total.Neg()); err != nil {
		return err
	}
	list, err := w.entries(ctx, nil)
	if err != nil {
		return err
	}
	for _, ref := range refs {
		found := false
		for _, e := range list {
			found = found || e.Get("reference").String() == ref
		}
		if !found {
			w.advise("B-2.3#5", "the successful debit %s has no account entry among the %d listed", ref, len(list))
		}
	}
	return nil
}

// notesBalanceCovering notes the balance and makes sure the wallet could
// pay the amount again before its minimum allowed balance, so that
// a move refused next is refused for what it is, not for want of money.
func (w *World) notesBalanceCovering(ctx context.Context, a string) error {
	if err := w.notesBalance(ctx); err != nil {
		return err
	}
	min, err := w.minimumAllowedBalance(ctx)
	if err != nil {
		return err
	}
	if need := amount(a); w.wallet.noted.avl.Sub(min).LessThan(need) {
		return fmt.Errorf("the scenario needs a wallet that could pay %s again: avlBal %s, minimumAllowedBalance %s", need.StringFixed(2), w.wallet.noted.avl.StringFixed(2), min.StringFixed(2))
	}
	return nil
}

// successesMatchTheMoney checks the advisory rule: as many debits
// succeeded as the noted balance allowed before the minimum.
func (w *World) successesMatchTheMoney(ctx context.Context) error {
	min, err := w.minimumAllowedBalance(ctx)
	if err != nil {
		return err
	}
	n, each := 0, decimal.Zero
	for _, c := range w.concurrent {
		each = amount(string(c.fields["paymentAmount"].(json.Number)))
		if c.succeeded() {
			n++
		}
	}
	afford := w.wallet.noted.avl.Sub(min).Div(each).Floor().IntPart()
	if afford > int64(len(w.concurrent)) {
		afford = int64(len(w.concurrent))
	}
	if int64(n) != afford {
		return &Failure{Msg: fmt.Sprintf("expected %d of the %d concurrent debits of %s to succeed, as avlBal %s and minimumAllowedBalance %s allow; %d did",
			afford, len(w.concurrent), each.StringFixed(2), w.wallet.noted.avl.StringFixed(2), min.StringFixed(2), n)}
	}
	return nil
}

// paysByExternalReference names the merchant by its external account
// reference, which makes merchantProgramCode mandatory (B-4.14, and B-4.15
// "as KC-Authorize").
func (w *World) paysByExternalReference(ctx context.Context, move, without string) error {
	ref, err := w.need("merchant.externalAccountReference")
	if err != nil {
		return err
	}
	r, err := w.prepare(move+" the merchant", "")
	if err != nil {
		return err
	}
	r.fields["merchantAccno"] = ref
	if without != "" {
		delete(r.fields, without)
	} else if _, err := w.need("merchant.programCode"); err != nil {
		return err
	}
	return w.send(ctx, r)
}

// repeatAnsweredAsDeclared checks a repeated KC-Capture or KC-Cancel
// against the target's behaviour.kcRepeatedMove (B-3 does not show what a
// repeat answers): refused, a handled error; idempotent, a success with the
// payment's statusCode as it is.
func (w *World) repeatAnsweredAsDeclared() error {
	c, err := w.requireLast()
	if err != nil {
		return err
	}
	if w.env.Profile.Behaves(profile.KCRepeatedMove) != profile.Idempotent {
		return w.handledError()
	}
	if err := w.callSucceeds(); err != nil {
		return err
	}
	return w.fieldIs("statusCode", map[string]string{schemas.KCCapture: "CAPTURED", schemas.KCCancel: "CANCELLED"}[c.op.ID])
}

// refundNamesAccounts checks the advisory rule B-4.18#8: refundSourceAccno
// is the merchant account the refund is taken from, accno the wallet.
func (w *World) refundNamesAccounts() error {
	c, err := w.requireLast()
	if err != nil {
		return err
	}
	if got := c.json.Get("refundSourceAccno"); got.String() != w.env.Profile.Merchant.Accno {
		w.advise("B-4.18#8", "expected refundSourceAccno to name the merchant account %q the refund is taken from, got %s", w.env.Profile.Merchant.Accno, rawOrAbsent(got.Raw))
	}
	if got := c.json.Get("accno"); got.String() != w.account.accno {
		w.advise("B-4.18#8", "expected accno to name the wallet %q, got %s", w.account.accno, rawOrAbsent(got.Raw))
	}
	return nil
}

// hasWalletPaymentIn authorizes a wallet payment and moves it into the named state.
func (w *World) hasWalletPaymentIn(ctx context.Context, state, a string) error {
	if err := w.hasMovedWallet(ctx, "authorized", a); err != nil {
		return err
	}
	switch state {
	case "a captured":
		return w.hasMovedWallet(ctx, "captured", "")
	case "a cancelled":
		return w.hasMovedWallet(ctx, "cancelled", "")
	}
	return nil
}

// merchantCitations cites what each step registerMerchantSteps registers
// rests on (Citation), a row per sc.Step below; StepCitations gathers the
// domains' tables.
var merchantCitations = []StepCitation{
	{`^the partner has (an authorized|a captured|a cancelled) wallet payment of ([0-9]+\.[0-9]{2}) to the merchant$`, state},
	{`^the partner has authorized a wallet payment of ([0-9]+\.[0-9]{2}) to the merchant$`, state},
	{`^the partner has debited ([0-9]+\.[0-9]{2}) from the account for the merchant$`, state},
	{`^the partner has (captured|cancelled|refunded) the wallet payment()$`, state},
	{`^the partner has (captured|refunded) ([0-9]+\.[0-9]{2}) of the wallet payment$`, state},
	{`^the partner authorizes a wallet payment of ([0-9]+\.[0-9]{2}) to the merchant$`, state},
	{`^the partner debits ([0-9]+\.[0-9]{2}) from the account for the merchant$`, state},
	{`^the partner (captures|refunds) ([0-9]+\.[0-9]{2}) of the wallet payment$`, state},
	{`^the partner (authorizes a wallet payment to|debits the account for) the merchant named by its external account reference(?: without (\w+))?$`, state},
	{`^the partner (debits|authorizes) one cent more than the account may spend before its minimum allowed balance$`, reads("B-2.4#2", "A-2.4#1")},
	{`^the repeated move is answered as the profile declares$`, rests("B-3#58").reading("A-7#2")},
	{`^the partner has noted the account's balance, which could pay ([0-9]+\.[0-9]{2}) again$`, reads("B-2.4#2", "A-2.4#1")},
	{`^the response names the merchant account as the refund's source and the wallet as accno \(advisory\)$`, advises("B-4.18#8")},
	{`^the partner debits the account for the merchant (\d+) times at once, ([0-9]+\.[0-9]{2}) each$`, state},
	{`^the balances agree to the cent with the debits that succeeded, and each has its entry \(advisory\)$`, rests("B-4.15#10", "B-2.4#2").and("B-2.3#5")},
	{`^as many of the debits succeeded as the money allows$`, advises("A-2.4#4", "B-4.15#11")},
}

func registerMerchantSteps(sc *godog.ScenarioContext, w *World) {
	re := w.env.re
	sc.Step(re(`^the partner has (an authorized|a captured|a cancelled) wallet payment of ([0-9]+\.[0-9]{2}) to the merchant$`), w.hasWalletPaymentIn)
	sc.Step(re(`^the partner has authorized a wallet payment of ([0-9]+\.[0-9]{2}) to the merchant$`), func(ctx context.Context, a string) error {
		return w.hasMovedWallet(ctx, "authorized", a)
	})
	sc.Step(re(`^the partner has debited ([0-9]+\.[0-9]{2}) from the account for the merchant$`), func(ctx context.Context, a string) error {
		return w.hasMovedWallet(ctx, "debited", a)
	})
	sc.Step(re(`^the partner has (captured|cancelled|refunded) the wallet payment()$`), w.hasMovedWallet)
	sc.Step(re(`^the partner has (captured|refunded) ([0-9]+\.[0-9]{2}) of the wallet payment$`), w.hasMovedWallet)
	sc.Step(re(`^the partner authorizes a wallet payment of ([0-9]+\.[0-9]{2}) to the merchant$`), func(ctx context.Context, a string) error {
		return w.movesWallet(ctx, "authorizes", a)
	})
	sc.Step(re(`^the partner debits ([0-9]+\.[0-9]{2}) from the account for the merchant$`), func(ctx context.Context, a string) error {
		return w.movesWallet(ctx, "debits", a)
	})
	sc.Step(re(`^the partner (captures|refunds) ([0-9]+\.[0-9]{2}) of the wallet payment$`), w.movesWallet)
	sc.Step(re(`^the partner (authorizes a wallet payment to|debits the account for) the merchant named by its external account reference(?: without (\w+))?$`), w.paysByExternalReference)
	sc.Step(re(`^the partner (debits|authorizes) one cent more than the account may spend before its minimum allowed balance$`), w.movesBeyondMinimum)
	sc.Step(re(`^the repeated move is answered as the profile declares$`), w.repeatAnsweredAsDeclared)
	sc.Step(re(`^the partner has noted the account's balance, which could pay ([0-9]+\.[0-9]{2}) again$`), w.notesBalanceCovering)
	sc.Step(re(`^the response names the merchant account as the refund's source and the wallet as accno \(advisory\)$`), w.refundNamesAccounts)
	sc.Step(re(`^the partner debits the account for the merchant (\d+) times at once, ([0-9]+\.[0-9]{2}) each$`), w.debitsConcurrently)
	sc.Step(re(`^the balances agree to the cent with the debits that succeeded, and each has its entry \(advisory\)$`), w.concurrentDebitsAgree)
	sc.Step(re(`^as many of the debits succeeded as the money allows$`), w.successesMatchTheMoney)
}
