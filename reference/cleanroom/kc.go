package cleanroom

import (
	"net/http"
	"strings"

	"github.com/shopspring/decimal"
)

// kcRequest is the body KC-Authorize and KC-Debit Account share.
type kcRequest struct {
	deposit, accno, merchant, programAccno, merchantProgram, accnoType string
	amount                                                             decimal.Decimal
	curr, usage                                                        string
	billing                                                            map[string]string
}

func readKC(c *call, merchantRequired bool) kcRequest {
	in := c.in
	r := kcRequest{
		deposit:         in.str("depositReference", 36, false),
		accno:           in.str("accno", 255, true),
		merchant:        in.str("merchantAccno", 255, merchantRequired),
		programAccno:    in.str("programAccno", 255, true),
		merchantProgram: in.str("merchantProgramCode", 10, false),
		accnoType:       c.accnoType(true),
	}
	r.amount, _ = in.amount("paymentAmount", true)
	r.curr = in.currency("paymentCurrCode", true)
	r.usage = in.str("paymentUsage", 255, true)
	use, _ := in.boolean("useDifferentBillingAddress", true)
	r.billing = readBilling(in, use, []string{"customerFullName", "addr1", "city", "countryCode", "postCode"}, 255)
	if !in.has("countryCode") {
		in.need("countryCode")
	}
	return r
}

// resolveMerchant finds the merchant account of a KC payment. byExternal
// forces the value to be read as an external account reference; otherwise
// the account number is tried first.
func (s *server) resolveMerchant(value, programCode string, byExternal bool) (*account, error) {
	if value == "" {
		return s.st.accounts[s.cfg.Merchant.Accno], nil
	}
	if !byExternal {
		if a := s.st.accounts[value]; a != nil && a.IsMerchant {
			if programCode != "" && programCode != a.ProgramCode {
				return nil, fail(http.StatusNotFound, codeNoAccount, "merchant account %s not found in program %s", value, programCode)
			}
			return a, nil
		}
	}
	if programCode == "" {
		return nil, errInput("mandatory field(s) missing: merchantProgramCode (merchantAccno is an external account reference)")
	}
	for _, a := range s.st.order {
		if a.IsMerchant && a.ExtRef == value && a.ProgramCode == programCode {
			return a, nil
		}
	}
	return nil, fail(http.StatusNotFound, codeNoAccount, "merchant account %s not found", value)
}

// kcCommon checks everything KC-Authorize and KC-Debit Account share and
// returns the wallet, the merchant and the wallet amount.
func (s *server) kcCommon(c *call, r kcRequest, programCode, otp string, debit bool) (*account, *account, decimal.Decimal, error) {
	zero := decimal.Zero
	if err := s.checkProgramAccno(r.programAccno); err != nil {
		return nil, nil, zero, err
	}
	if err := checkCurrency("paymentCurrCode", r.curr); err != nil {
		return nil, nil, zero, err
	}
	if otp != "" && otp != s.cfg.OneTimePassword {
		return nil, nil, zero, fail(http.StatusUnprocessableEntity, codeOTP, "oneTimePassword is not valid")
	}
	wallet, err := s.account(c, r.accno, r.accnoType, programCode, false)
	if err != nil {
		return nil, nil, zero, err
	}
	if wallet.IsMerchant {
		return nil, nil, zero, fail(http.StatusUnprocessableEntity, codeNoAccount, "account %s is not an e-wallet user account", wallet.Accno)
	}
	merchant, err := s.resolveMerchant(r.merchant, r.merchantProgram, debit && r.accnoType == accnoTypeExternal)
	if err != nil {
		return nil, nil, zero, err
	}
	if merchant.Status == statusClosed {
		return nil, nil, zero, fail(http.StatusConflict, codeClosed, "merchant account %s is closed", merchant.Accno)
	}
	if r.deposit != "" {
		d := s.st.txns[r.deposit]
		if d == nil || d.Owner != c.partner || d.KC || d.Status != txCaptured {
			return nil, nil, zero, fail(http.StatusNotFound, codeNoTransaction, "depositReference %s is not a captured external payment", r.deposit)
		}
	}
	amt := convert(r.amount, r.curr, wallet.Curr)
	if amt.GreaterThan(wallet.available()) {
		return nil, nil, zero, fail(http.StatusUnprocessableEntity, codeFunds, "insufficient funds on account %s", wallet.Accno)
	}
	return wallet, merchant, amt, nil
}

func accountName(a *account) string {
	if a.IsMerchant {
		return a.infoString("merchantName")
	}
	return strings.TrimSpace(a.infoString("firstName") + " " + a.infoString("lastName"))
}

// kcAuthorize implements B-4.14 KC-Authorize.
func (s *server) kcAuthorize(c *call) (int, map[string]any, error) {
	c.envelope()
	programCode := c.in.str("programCode", 10, true)
	r := readKC(c, false)
	if err := c.in.err(); err != nil {
		return 0, nil, err
	}
	wallet, merchant, amt, err := s.kcCommon(c, r, programCode, "", false)
	if err != nil {
		return 0, nil, err
	}
	t := s.newTxn(c, true)
	t.Accno, t.Merchant, t.MerchantProgram = wallet.Accno, merchant.Accno, merchant.ProgramCode
	t.Amount, t.Curr, t.Usage = r.amount, r.curr, r.usage
	t.FxRate = fxRate(r.curr, merchant.Curr)
	t.Billing, t.DepositRef = r.billing, r.deposit
	t.setCountry()
	t.Blocked = amt
	wallet.blocked = wallet.blocked.Add(amt)
	t.Status, t.Reason = txAuthorized, "authorized"
	return http.StatusOK, map[string]any{
		"uniqueReference": t.Ref,
		"programCode":     programCode,
		"accno":           wallet.Accno,
		"merchantAccno":   merchant.Accno,
		"programAccno":    r.programAccno,
		"paymentAmount":   money(r.amount),
		"paymentCurrCode": r.curr,
		"paymentUsage":    r.usage,
		"fxRate":          money(t.FxRate),
		"statusCode":      t.Status,
		"statusReason":    t.Reason,
	}, nil
}

// kcDebit implements B-4.15 KC-Debit Account.
func (s *server) kcDebit(c *call) (int, map[string]any, error) {
	c.envelope()
	r := readKC(c, true)
	otp := c.in.str("oneTimePassword", 8, false)
	if err := c.in.err(); err != nil {
		return 0, nil, err
	}
	wallet, merchant, amt, err := s.kcCommon(c, r, "", otp, true)
	if err != nil {
		return 0, nil, err
	}
	t := s.newTxn(c, true)
	t.Accno, t.Merchant, t.MerchantProgram = wallet.Accno, merchant.Accno, merchant.ProgramCode
	t.Amount, t.Curr, t.Usage = r.amount, r.curr, r.usage
	t.FxRate = fxRate(r.curr, merchant.Curr)
	t.Billing, t.DepositRef = r.billing, r.deposit
	t.setCountry()
	s.post(wallet, amt.Neg(), r.amount, r.curr, "PAYMENT", r.usage, accountName(merchant), t.Ref, "")
	s.post(merchant, convert(r.amount, r.curr, merchant.Curr), r.amount, r.curr, "PAYMENT", r.usage, accountName(wallet), t.Ref, "")
	t.Captured, t.Processed = r.amount, convert(r.amount, r.curr, merchant.Curr)
	t.Status, t.Reason = txCaptured, "captured"
	return http.StatusOK, map[string]any{
		"uniqueReference":     t.Ref,
		"accno":               wallet.Accno,
		"programAccno":        r.programAccno,
		"merchantAccno":       merchant.Accno,
		"merchantProgramCode": merchant.ProgramCode,
		"paymentAmount":       money(r.amount),
		"paymentCurrCode":     r.curr,
		"paymentUsage":        r.usage,
		"fxRate":              jsonDec(t.FxRate.String()), // Dec(18) in KC-Debit Account
		"statusCode":          t.Status,
		"statusReason":        t.Reason,
	}, nil
}

func (s *server) kcTxn(c *call, want string, verb string) (*txn, error) {
	t, err := s.txn(c)
	if err != nil {
		return nil, err
	}
	if !t.KC || t.Status != want {
		return nil, fail(http.StatusConflict, codeState, "payment %s is %s, it cannot be %s", t.Ref, t.Status, verb)
	}
	return t, nil
}

// kcCapture implements B-4.16 KC-Capture.
func (s *server) kcCapture(c *call) (int, map[string]any, error) {
	in := c.in
	c.envelope()
	fee, feeGiven := in.dec("modifiedFeeAmount", 18, 2, false)
	if feeGiven && fee.IsNegative() {
		in.bad("modifiedFeeAmount", "must not be negative")
	}
	curr := in.currency("modifiedAmountCurrCode", true)
	usage := in.str("modifiedUsage", 127, false)
	amount, amountGiven := in.amount("modifiedAmount", false)
	if err := in.err(); err != nil {
		return 0, nil, err
	}
	t, err := s.kcTxn(c, txAuthorized, "captured")
	if err != nil {
		return 0, nil, err
	}
	if curr != t.Curr {
		return 0, nil, fail(http.StatusUnprocessableEntity, codeCurrency, "modifiedAmountCurrCode must be %s", t.Curr)
	}
	if !amountGiven {
		amount = t.Amount
	}
	if amount.GreaterThan(t.Amount) {
		return 0, nil, fail(http.StatusUnprocessableEntity, codeAmount, "modifiedAmount exceeds the authorized amount %s", t.Amount.StringFixed(2))
	}
	if fee.GreaterThan(amount) {
		return 0, nil, fail(http.StatusUnprocessableEntity, codeAmount, "modifiedFeeAmount exceeds the captured amount")
	}
	wallet, merchant := s.st.accounts[t.Accno], s.st.accounts[t.Merchant]
	if wallet.Status == statusClosed {
		return 0, nil, fail(http.StatusConflict, codeClosed, "account %s is closed", wallet.Accno)
	}
	if usage == "" {
		usage = t.Usage
	}
	// The whole block is released; a partial capture ends the authorization.
	wallet.blocked = wallet.blocked.Sub(t.Blocked)
	t.Blocked = decimal.Zero
	s.post(wallet, convert(amount, t.Curr, wallet.Curr).Neg(), amount, t.Curr, "PAYMENT", usage, accountName(merchant), t.Ref, "")
	processed := convert(amount, t.Curr, merchant.Curr)
	s.post(merchant, processed, amount, t.Curr, "PAYMENT", usage, accountName(wallet), t.Ref, "")
	if fee.IsPositive() {
		s.post(merchant, convert(fee, t.Curr, merchant.Curr).Neg(), fee, t.Curr, "FEE", "capture fee", "", t.Ref, "")
	}
	t.Captured, t.Processed, t.Fee = amount, processed, fee
	t.Status, t.Reason = txCaptured, "captured"
	return http.StatusOK, map[string]any{
		"uniqueReference":        t.Ref,
		"merchantAccno":          t.Merchant,
		"accno":                  t.Accno,
		"modifiedAmount":         money(amount),
		"modifiedAmountCurrCode": t.Curr,
		"processedAmount":        money(processed),
		"processedCurrCode":      merchant.Curr,
		"fxRate":                 money(t.FxRate),
		"statusCode":             t.Status,
		"statusReason":           t.Reason,
	}, nil
}

// kcCancel implements B-4.17 KC-Cancel.
func (s *server) kcCancel(c *call) (int, map[string]any, error) {
	c.envelope()
	usage := c.in.str("modifiedUsage", 127, false)
	if err := c.in.err(); err != nil {
		return 0, nil, err
	}
	t, err := s.kcTxn(c, txAuthorized, "cancelled")
	if err != nil {
		return 0, nil, err
	}
	wallet := s.st.accounts[t.Accno]
	wallet.blocked = wallet.blocked.Sub(t.Blocked)
	t.Blocked = decimal.Zero
	if usage == "" {
		usage = "authorization cancelled"
	}
	// A neutral entry (no amount) records the released authorization.
	s.post(wallet, decimal.Zero, t.Amount, t.Curr, "RELEASE", usage, s.merchantName(t.Merchant), t.Ref, "")
	t.Status, t.Reason = txCancelled, "cancelled"
	return http.StatusOK, map[string]any{
		"uniqueReference": t.Ref,
		"merchantAccno":   t.Merchant,
		"accno":           t.Accno,
		"statusCode":      t.Status,
		"statusReason":    t.Reason,
	}, nil
}

// kcRefund implements B-4.18 KC-Refund.
func (s *server) kcRefund(c *call) (int, map[string]any, error) {
	in := c.in
	c.envelope()
	amount, amountGiven := in.amount("refundAmount", false)
	curr := in.currency("refundCurrCode", false)
	usage := in.str("refundUsage", 255, false)
	in.str("refundType", 1, false)
	if err := in.err(); err != nil {
		return 0, nil, err
	}
	t, err := s.kcTxn(c, txCaptured, "refunded")
	if err != nil {
		return 0, nil, err
	}
	if curr != "" && curr != t.Curr {
		return 0, nil, fail(http.StatusUnprocessableEntity, codeCurrency, "refundCurrCode must be %s", t.Curr)
	}
	left := t.Captured.Sub(t.Refunded)
	if !left.IsPositive() {
		return 0, nil, fail(http.StatusUnprocessableEntity, codeAmount, "payment %s is already fully refunded", t.Ref)
	}
	if !amountGiven {
		amount = left
	}
	if amount.GreaterThan(left) {
		return 0, nil, fail(http.StatusUnprocessableEntity, codeAmount, "refundAmount exceeds the refundable amount %s", left.StringFixed(2))
	}
	wallet, merchant := s.st.accounts[t.Accno], s.st.accounts[t.Merchant]
	if wallet.Status == statusClosed {
		return 0, nil, fail(http.StatusConflict, codeClosed, "account %s is closed", wallet.Accno)
	}
	debit := convert(amount, t.Curr, merchant.Curr)
	if debit.GreaterThan(merchant.available()) {
		return 0, nil, fail(http.StatusUnprocessableEntity, codeFunds, "insufficient funds on merchant account %s", merchant.Accno)
	}
	if usage == "" {
		usage = "refund of " + t.Ref
	}
	s.post(merchant, debit.Neg(), amount, t.Curr, "REFUND", usage, accountName(wallet), t.Ref, "")
	s.post(wallet, convert(amount, t.Curr, wallet.Curr), amount, t.Curr, "REFUND", usage, accountName(merchant), t.Ref, "")
	t.Refunded = t.Refunded.Add(amount)
	t.Reason = "refunded"
	return http.StatusOK, map[string]any{
		"uniqueReference":   t.Ref,
		"refundSourceAccno": t.Merchant,
		"accno":             t.Accno,
		"refundAmount":      money(amount),
		"refundCurrCode":    t.Curr,
		"statusCode":        t.Status,
		"statusReason":      t.Reason,
	}, nil
}

// addressCheck implements B-4.19 Perform Address Check (sandbox rules).
func (s *server) addressCheck(c *call) (int, map[string]any, error) {
	in := c.in
	c.envelope()
	programCode := in.str("programCode", 10, true)
	street := in.str("street", 68, true)
	house := in.str("house", 10, false)
	postal := in.str("postalCode", 10, false)
	city := in.str("city", 50, false)
	country := in.country("countryCode", 3, false)
	if err := in.err(); err != nil {
		return 0, nil, err
	}
	if err := s.checkProgramCode(programCode); err != nil {
		return 0, nil, err
	}
	result := "VALID"
	switch {
	case postal == "" || city == "" || country == "":
		result = "INCOMPLETE"
	case strings.Contains(strings.ToUpper(street), "UNKNOWN"):
		result = "NOT_FOUND"
	}
	c2, c3, _ := countryParts(country)
	return http.StatusOK, map[string]any{
		"programCode":  programCode,
		"addressValid": result == "VALID",
		"resultCode":   result,
		"street":       street,
		"house":        nonEmpty(house),
		"postalCode":   nonEmpty(postal),
		"city":         nonEmpty(city),
		"countryCode":  c2,
		"countryCode3": c3,
	}, nil
}
