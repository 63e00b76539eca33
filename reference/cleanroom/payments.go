package cleanroom

import (
	"net/http"
	"net/url"
	"regexp"

	"github.com/shopspring/decimal"
)

var reHasDigit = regexp.MustCompile(`[0-9]`)

// readCustom reads custom1..3.
func readCustom(in *input) [3]string {
	return [3]string{in.str("custom1", 255, false), in.str("custom2", 255, false), in.str("custom3", 255, false)}
}

func (t *txn) mergeCustom(in *input, c [3]string) {
	for i, name := range []string{"custom1", "custom2", "custom3"} {
		if in.has(name) {
			t.Custom[i] = c[i]
		}
	}
}

// readCriteria validates criteria: an array of {name, value} string pairs.
func readCriteria(in *input) {
	v, ok := in.raw("criteria")
	if !ok {
		return
	}
	list, isArr := v.([]any)
	if !isArr {
		in.bad("criteria", "expected an array")
		return
	}
	for _, item := range list {
		obj, isObj := item.(map[string]any)
		if !isObj {
			in.bad("criteria", "expected objects with name and value")
			return
		}
		for _, k := range []string{"name", "value"} {
			if _, isStr := obj[k].(string); !isStr {
				in.bad("criteria", "each item needs string "+k)
				return
			}
		}
	}
}

// findStoredAnywhere finds a stored payment option on any open account of the partner.
func (s *server) findStoredAnywhere(partner, ref string) (*account, *storedOption) {
	for _, a := range s.st.order {
		if !s.visible(partner, a) || a.Status == statusClosed {
			continue
		}
		if so := a.findStored(ref); so != nil {
			return a, so
		}
	}
	return nil, nil
}

// usableStored checks that a stored option may be paid with.
func usableStored(so *storedOption) error {
	if opt, _ := lookupOption(so.Code); opt.Verifiable && so.Status != "VERIFIED" {
		return fail(http.StatusConflict, codeNotVerified, "stored payment option %s is not verified", so.Ref)
	}
	return nil
}

// loadTarget resolves the wallet an external payment loads and checks its limit.
func (s *server) loadTarget(c *call, accno, accnoType string, amount decimal.Decimal, curr string) (*account, error) {
	if accno == "" {
		return nil, nil
	}
	a, err := s.account(c, accno, accnoType, "", false)
	if err != nil {
		return nil, err
	}
	pending := decimal.Zero
	for _, t := range s.st.txns {
		if !t.KC && t.Accno == a.Accno && (t.Status == txReceived || t.Status == txAuthorized) {
			pending = pending.Add(convert(t.Amount, t.Curr, a.Curr))
		}
	}
	if a.booked().Add(pending).Add(convert(amount, curr, a.Curr)).GreaterThan(maxBalance) {
		return nil, fail(http.StatusUnprocessableEntity, codeLimit, "the load would exceed the maximum allowed balance of account %s", a.Accno)
	}
	return a, nil
}

func (s *server) newTxn(c *call, kc bool) *txn {
	t := &txn{
		Ref:         newUUID(),
		Owner:       c.partner,
		KC:          kc,
		ProgramAcc:  s.cfg.ProgramAccno,
		ProgramCode: s.cfg.ProgramCode,
		Initiator:   c.partner,
		Created:     s.now(),
	}
	s.st.txns[t.Ref] = t
	return t
}

func (t *txn) setCountry() {
	t.Country, _ = lookupCountry(t.Billing["countryCode"])
}

// initAuthorize implements B-4.1 Init Authorize.
func (s *server) initAuthorize(c *call) (int, map[string]any, error) {
	in := c.in
	c.envelope()
	programAccno := in.str("programAccno", 255, true)
	accno := in.str("accno", 255, false)
	accnoType := c.accnoType(accno != "")
	storedRef := in.str("storedPaymentOptionReference", 36, false)
	code := in.str("paymentOptionCode", 10, false)
	amount, _ := in.amount("presentationAmount", true)
	curr := in.currency("presentationCurrCode", true)
	usage := in.str("presentationUsage", 127, true)
	use, useGiven := in.boolean("useDifferentBillingAddress", true)
	var billing map[string]string
	if storedRef == "" {
		// Use case 1, guest payment.
		if code == "" {
			in.need("paymentOptionCode (or storedPaymentOptionReference)")
		}
		if useGiven && !use {
			in.bad("useDifferentBillingAddress", "must be true for a guest payment")
		}
		billing = readBilling(in, true, []string{"customerFullName", "emailAddress", "addr1", "city", "postCode", "countryCode"}, 0)
		if billing["houseNumber"] == "" && billing["addr1"] != "" && !reHasDigit.MatchString(billing["addr1"]) {
			in.need("houseNumber (not included in addr1)")
		}
	} else {
		// Use case 2, customer-initiated with a stored payment option.
		billing = readBilling(in, use, []string{"customerFullName", "emailAddress", "addr1", "city", "postCode", "countryCode"}, 0)
	}
	custom := readCustom(in)
	in.str("externalChannelReference", 100, false)
	in.str("mandateReference", 35, false)
	in.date("mandateSignedDate", false)
	in.clock("mandateSignedTime", false)
	readCriteria(in)
	if err := in.err(); err != nil {
		return 0, nil, err
	}
	if err := s.checkProgramAccno(programAccno); err != nil {
		return 0, nil, err
	}
	if err := checkCurrency("presentationCurrCode", curr); err != nil {
		return 0, nil, err
	}
	if storedRef != "" {
		owner, so := s.findStoredAnywhere(c.partner, storedRef)
		if so == nil {
			return 0, nil, fail(http.StatusNotFound, codeNoStored, "stored payment option %s not found", storedRef)
		}
		if code != "" && code != so.Code {
			return 0, nil, fail(http.StatusUnprocessableEntity, codeOption, "stored payment option %s is of payment option %s", storedRef, so.Code)
		}
		if err := usableStored(so); err != nil {
			return 0, nil, err
		}
		code = so.Code
		if !use {
			billing = ownerBilling(owner)
		}
	} else if _, ok := lookupOption(code); !ok {
		return 0, nil, fail(http.StatusUnprocessableEntity, codeOption, "payment option %s is not available", code)
	}
	target, err := s.loadTarget(c, accno, accnoType, amount, curr)
	if err != nil {
		return 0, nil, err
	}
	t := s.newTxn(c, false)
	if target != nil {
		t.Accno = target.Accno // Init Load Account
	}
	t.Status = txReceived
	t.Reason = "authorization initiated"
	t.StoredRef = storedRef
	t.Option = code
	t.AuthToken = "SBXAUTH-" + randomHex(24)
	t.Amount, t.Curr, t.Usage = amount, curr, usage
	t.Custom = custom
	t.Billing = billing
	t.setCountry()
	return http.StatusCreated, map[string]any{
		"programAccno":                 programAccno,
		"programCode":                  t.ProgramCode,
		"accno":                        nonEmpty(t.Accno),
		"storedPaymentOptionReference": nonEmpty(storedRef),
		"uniqueReference":              t.Ref,
		"authorizationToken":           t.AuthToken,
		"paymentOptionCode":            code,
		"presentationAmount":           money(amount),
		"presentationCurrCode":         curr,
		"presentationUsage":            usage,
		"custom1":                      nonEmpty(t.Custom[0]),
		"custom2":                      nonEmpty(t.Custom[1]),
		"custom3":                      nonEmpty(t.Custom[2]),
		"statusCode":                   t.Status,
		"statusReason":                 t.Reason,
		"paymentProviderResponse":      providerResponse("PENDING", nil),
	}, nil
}

// authorizeTxn moves a RECEIVED transaction to AUTHORIZED.
func (t *txn) authorizeTxn() {
	t.Status = txAuthorized
	t.Reason = "authorized"
	t.Processed = t.Amount
}

// completeAuthorize implements B-4.2 Complete Authorize.
func (s *server) completeAuthorize(c *call) (int, map[string]any, error) {
	in := c.in
	c.envelope()
	tok := in.str("authorizationToken", 8192, true)
	in.str("externalChannelReference", 100, false)
	use, _ := in.boolean("useDifferentBillingAddress", false)
	billing := map[string]string{}
	req := map[string]bool{}
	if use {
		for _, r := range []string{"customerFullName", "addr1", "city", "countryCode", "postCode"} {
			req[r] = true
		}
	}
	for _, f := range billingFields {
		switch f.name {
		case "emailAddress", "state":
			continue // not fields of Complete Authorize
		case "countryCode":
			billing[f.name] = in.country(f.name, f.n, req[f.name])
		default:
			billing[f.name] = in.str(f.name, f.n, req[f.name])
		}
	}
	if err := in.err(); err != nil {
		return 0, nil, err
	}
	t, err := s.txn(c)
	if err != nil {
		return 0, nil, err
	}
	if t.KC || t.Status != txReceived {
		return 0, nil, fail(http.StatusConflict, codeState, "payment %s is %s, not an initiated authorization", t.Ref, t.Status)
	}
	if tok != t.AuthToken {
		return 0, nil, fail(http.StatusUnprocessableEntity, codeAuthToken, "authorizationToken does not belong to payment %s", t.Ref)
	}
	if use {
		merged := map[string]string{"emailAddress": t.Billing["emailAddress"], "state": t.Billing["state"]}
		for k, v := range billing {
			if v != "" {
				merged[k] = v
			}
		}
		t.Billing = merged
		t.setCountry()
	}
	t.authorizeTxn()
	return http.StatusOK, map[string]any{
		"initiatorAccno":               t.ProgramAcc,
		"accno":                        nonEmpty(t.Accno),
		"uniqueReference":              t.Ref,
		"storedPaymentOptionReference": nonEmpty(t.StoredRef),
		"initiationCountryCode":        nonEmpty(t.Country.Alpha2),
		"initiationCountryCode3":       nonEmpty(t.Country.Alpha3),
		"processedAmount":              money(t.Processed),
		"processedCurrCode":            t.Curr,
		"statusCode":                   t.Status,
		"statusReason":                 t.Reason,
		"paymentProviderResponse":      providerResponse("AUTHORIZED", nil),
	}, nil
}

// authorize implements B-4.3 Authorize (stored payment option, one step).
func (s *server) authorize(c *call) (int, map[string]any, error) {
	in := c.in
	c.envelope()
	programAccno := in.str("programAccno", 255, true)
	accno := in.str("accno", 255, false)
	accnoType := c.accnoType(accno != "")
	storedRef := in.str("storedPaymentOptionReference", 36, true)
	invoice := in.str("invoiceReference", 255, false)
	channel := in.str("channelProductReference", 255, false)
	amount, _ := in.amount("presentationAmount", true)
	curr := in.currency("presentationCurrCode", true)
	usage := in.str("presentationUsage", 127, true)
	use, _ := in.boolean("useDifferentBillingAddress", true)
	billing := readBilling(in, use, []string{"customerFullName", "addr1", "city", "countryCode", "postCode", "emailAddress"}, 255)
	custom := readCustom(in)
	otp := in.digits("oneTimePassword", 8, false)
	readCriteria(in)
	if err := in.err(); err != nil {
		return 0, nil, err
	}
	if err := s.checkProgramAccno(programAccno); err != nil {
		return 0, nil, err
	}
	if err := checkCurrency("presentationCurrCode", curr); err != nil {
		return 0, nil, err
	}
	if otp != "" && otp != s.cfg.OneTimePassword {
		return 0, nil, fail(http.StatusUnprocessableEntity, codeOTP, "oneTimePassword is not valid")
	}
	owner, so := s.findStoredAnywhere(c.partner, storedRef)
	if so == nil {
		return 0, nil, fail(http.StatusNotFound, codeNoStored, "stored payment option %s not found", storedRef)
	}
	if err := usableStored(so); err != nil {
		return 0, nil, err
	}
	if !use {
		billing = so.Billing
		if len(billing) == 0 {
			billing = ownerBilling(owner)
		}
	}
	target, err := s.loadTarget(c, accno, accnoType, amount, curr)
	if err != nil {
		return 0, nil, err
	}
	t := s.newTxn(c, false)
	if target != nil {
		t.Accno = target.Accno // Init Load Account
	}
	t.StoredRef, t.Option = storedRef, so.Code
	t.Amount, t.Curr, t.Usage = amount, curr, usage
	t.Invoice, t.Channel, t.Custom = invoice, channel, custom
	t.Billing = billing
	t.Country = so.Country
	t.authorizeTxn()
	return http.StatusCreated, map[string]any{
		"programAccno":                 programAccno,
		"programCode":                  t.ProgramCode,
		"accno":                        nonEmpty(t.Accno),
		"uniqueReference":              t.Ref,
		"storedPaymentOptionReference": storedRef,
		"invoiceReference":             nonEmpty(invoice),
		"channelProductReference":      nonEmpty(channel),
		"presentationAmount":           money(amount),
		"presentationCurrCode":         curr,
		"presentationUsage":            usage,
		"processedAmount":              money(t.Processed),
		"processedCurrCode":            curr,
		"custom1":                      nonEmpty(t.Custom[0]),
		"custom2":                      nonEmpty(t.Custom[1]),
		"custom3":                      nonEmpty(t.Custom[2]),
		"statusCode":                   t.Status,
		"statusReason":                 t.Reason,
		"paymentProviderResponse":      providerResponse("AUTHORIZED", nil),
	}, nil
}

// captureTxn captures an authorized external payment and performs the
// internal Load Account of its wallet.
func (s *server) captureTxn(t *txn, amount decimal.Decimal, usage string) error {
	if t.Accno != "" {
		a := s.st.accounts[t.Accno]
		if a == nil || a.Status == statusClosed {
			return fail(http.StatusConflict, codeClosed, "account %s is closed, it cannot be loaded", t.Accno)
		}
		if usage == "" {
			usage = t.Usage
		}
		s.post(a, convert(amount, t.Curr, a.Curr), amount, t.Curr, "LOAD", usage, t.Billing["customerFullName"], t.Ref, t.Option)
	}
	t.Captured = amount
	t.Processed = amount
	t.Status = txCaptured
	t.Reason = "captured"
	return nil
}

// capture implements B-4.4 Capture.
func (s *server) capture(c *call) (int, map[string]any, error) {
	in := c.in
	c.envelope()
	usage := in.str("modifiedUsage", 127, false)
	custom := readCustom(in)
	amount, amountGiven := in.amount("modifiedAmount", false)
	curr := in.currency("modifiedAmountCurrCode", false)
	if err := in.err(); err != nil {
		return 0, nil, err
	}
	t, err := s.txn(c)
	if err != nil {
		return 0, nil, err
	}
	if t.KC || t.Status != txAuthorized {
		return 0, nil, fail(http.StatusConflict, codeState, "payment %s is %s, it cannot be captured", t.Ref, t.Status)
	}
	if curr != "" && curr != t.Curr {
		return 0, nil, fail(http.StatusUnprocessableEntity, codeCurrency, "modifiedAmountCurrCode must be %s", t.Curr)
	}
	if !amountGiven {
		amount = t.Amount
	}
	if amount.GreaterThan(t.Amount) {
		return 0, nil, fail(http.StatusUnprocessableEntity, codeAmount, "modifiedAmount exceeds the authorized amount %s", t.Amount.StringFixed(2))
	}
	if err := s.captureTxn(t, amount, usage); err != nil {
		return 0, nil, err
	}
	t.mergeCustom(in, custom)
	return http.StatusCreated, map[string]any{
		"initiatorAccno":          t.ProgramAcc,
		"accno":                   nonEmpty(t.Accno),
		"uniqueReference":         t.Ref,
		"modifiedAmount":          money(amount),
		"modifiedAmountCurrCode":  t.Curr,
		"processedAmount":         money(t.Processed),
		"processedCurrCode":       t.Curr,
		"custom1":                 nonEmpty(t.Custom[0]),
		"custom2":                 nonEmpty(t.Custom[1]),
		"custom3":                 nonEmpty(t.Custom[2]),
		"statusCode":              t.Status,
		"statusReason":            t.Reason,
		"paymentProviderResponse": providerResponse("CAPTURED", nil),
	}, nil
}

// refund implements B-4.5 Refund.
func (s *server) refund(c *call) (int, map[string]any, error) {
	in := c.in
	c.envelope()
	amount, amountGiven := in.amount("refundAmount", false)
	curr := in.currency("refundCurrCode", false)
	usage := in.str("refundUsage", 255, false)
	in.str("refundType", 1, false)
	source := in.str("refundSourceAccno", 36, false)
	custom := readCustom(in)
	if err := in.err(); err != nil {
		return 0, nil, err
	}
	t, err := s.txn(c)
	if err != nil {
		return 0, nil, err
	}
	if t.KC || t.Status != txCaptured {
		return 0, nil, fail(http.StatusConflict, codeState, "payment %s is %s, it cannot be refunded", t.Ref, t.Status)
	}
	if curr != "" && curr != t.Curr {
		return 0, nil, fail(http.StatusUnprocessableEntity, codeCurrency, "refundCurrCode must be %s", t.Curr)
	}
	if source != "" && source != t.Accno {
		return 0, nil, errInput("invalid field(s): refundSourceAccno (not a target account of the payment)")
	}
	left := t.Captured.Sub(t.Refunded)
	if !amountGiven {
		amount = left
	}
	if !left.IsPositive() {
		return 0, nil, fail(http.StatusUnprocessableEntity, codeAmount, "payment %s is already fully refunded", t.Ref)
	}
	if amount.GreaterThan(left) {
		return 0, nil, fail(http.StatusUnprocessableEntity, codeAmount, "refundAmount exceeds the refundable amount %s", left.StringFixed(2))
	}
	if t.Accno != "" {
		a := s.st.accounts[t.Accno]
		if a.Status == statusClosed {
			return 0, nil, fail(http.StatusConflict, codeClosed, "account %s is closed", a.Accno)
		}
		debit := convert(amount, t.Curr, a.Curr)
		if debit.GreaterThan(a.available()) {
			return 0, nil, fail(http.StatusUnprocessableEntity, codeFunds, "insufficient funds on account %s for the refund", a.Accno)
		}
		if usage == "" {
			usage = "refund of " + t.Ref
		}
		s.post(a, debit.Neg(), amount, t.Curr, "REFUND", usage, t.Billing["customerFullName"], t.Ref, t.Option)
	}
	t.Refunded = t.Refunded.Add(amount)
	t.mergeCustom(in, custom)
	t.Reason = "refunded"
	return http.StatusCreated, map[string]any{
		"initiatorAccno":          t.ProgramAcc,
		"accno":                   nonEmpty(t.Accno),
		"uniqueReference":         t.Ref,
		"refundAmount":            money(amount),
		"refundCurrCode":          t.Curr,
		"processedAmount":         money(amount),
		"processedCurrCode":       t.Curr,
		"custom1":                 nonEmpty(t.Custom[0]),
		"custom2":                 nonEmpty(t.Custom[1]),
		"custom3":                 nonEmpty(t.Custom[2]),
		"statusCode":              t.Status,
		"statusReason":            t.Reason,
		"paymentProviderResponse": providerResponse("REFUNDED", nil),
	}, nil
}

// cancel implements B-4.6 Cancel.
func (s *server) cancel(c *call) (int, map[string]any, error) {
	in := c.in
	c.envelope()
	custom := readCustom(in)
	if err := in.err(); err != nil {
		return 0, nil, err
	}
	t, err := s.txn(c)
	if err != nil {
		return 0, nil, err
	}
	if t.KC || t.Status != txAuthorized {
		return 0, nil, fail(http.StatusConflict, codeState, "payment %s is %s, it cannot be cancelled", t.Ref, t.Status)
	}
	t.Status = txCancelled
	t.Reason = "cancelled"
	t.mergeCustom(in, custom)
	return http.StatusCreated, map[string]any{
		"initiatorAccno":          t.ProgramAcc,
		"accno":                   nonEmpty(t.Accno),
		"uniqueReference":         t.Ref,
		"custom1":                 nonEmpty(t.Custom[0]),
		"custom2":                 nonEmpty(t.Custom[1]),
		"custom3":                 nonEmpty(t.Custom[2]),
		"statusCode":              t.Status,
		"statusReason":            t.Reason,
		"paymentProviderResponse": providerResponse("CANCELLED", nil),
	}, nil
}

// paymentStatus implements B-4.7 Get Payment Status.
func (s *server) paymentStatus(c *call) (int, map[string]any, error) {
	c.envelope()
	if err := c.in.err(); err != nil {
		return 0, nil, err
	}
	t, err := s.txn(c)
	if err != nil {
		return 0, nil, err
	}
	b := t.Billing
	out := map[string]any{
		"uniqueReference":      t.Ref,
		"initiatorAccno":       t.ProgramAcc,
		"initiatorName":        t.Initiator,
		"accno":                nonEmpty(t.Accno),
		"presentationAmount":   money(t.Amount),
		"presentationCurrCode": t.Curr,
		"presentationUsage":    t.Usage,
		"customerFullName":     nonEmpty(b["customerFullName"]),
		"addr1":                nonEmpty(b["addr1"]),
		"addr2":                nonEmpty(b["addr2"]),
		"addr3":                nonEmpty(b["addr3"]),
		"houseNumber":          nonEmpty(b["houseNumber"]),
		"city":                 nonEmpty(b["city"]),
		"state":                nonEmpty(b["state"]),
		"statusCode":           t.Status,
		"statusReason":         t.Reason,
	}
	out["countryCode"], out["countryCode3"], out["country"] = countryParts(b["countryCode"])
	out["postCode"] = nonEmpty(b["postCode"])
	return http.StatusOK, out, nil
}

// redirectTrigger is the sandbox stand-in for the customer's step at the
// payment provider (TESTBED.md): it completes (or declines) an initiated
// payment and then POSTs the redirect callback of A-6 to callBackUrl.
func (s *server) redirectTrigger(c *call) (int, map[string]any, error) {
	in := c.in
	c.envelope()
	cb := in.str("callBackUrl", 2048, true)
	mtid := in.str("merchantTransactionId", 255, true)
	outcome := in.oneOf("outcome", 10, false, "declined", "approved")
	if cb != "" {
		if u, err := url.Parse(cb); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			in.bad("callBackUrl", "expected an absolute http(s) URL")
		}
	}
	if err := in.err(); err != nil {
		return 0, nil, err
	}

	s.mu.Lock()
	t, err := s.txn(c)
	if err == nil && (t.KC || t.Status != txReceived) {
		err = fail(http.StatusConflict, codeState, "payment %s is %s, not an initiated authorization", t.Ref, t.Status)
	}
	if err != nil {
		s.mu.Unlock()
		return 0, nil, err
	}
	result := "OK"
	if outcome == "declined" {
		t.Status = txDeclined
		t.Reason = "declined by the payment provider"
		result = "Payment declined"
	} else {
		t.authorizeTxn()
		if cerr := s.captureTxn(t, t.Amount, ""); cerr != nil {
			result = "Payment failed: " + cerr.(*apiError).desc
		}
	}
	status, ref := t.Status, t.Ref
	s.mu.Unlock()

	u, _ := url.Parse(cb)
	q := u.Query()
	q.Set("paymentResult", result)
	q.Set("merchantTransactionId", mtid)
	if result == "OK" {
		q.Set("unqiueReference", ref)
	}
	u.RawQuery = q.Encode()
	callback := "delivered"
	req, _ := http.NewRequest(http.MethodPost, u.String(), nil)
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	if resp, herr := s.client.Do(req); herr != nil {
		callback = "failed: " + herr.Error()
	} else {
		resp.Body.Close()
		callback = "delivered, HTTP " + resp.Status
	}
	return http.StatusOK, map[string]any{
		"uniqueReference": ref,
		"statusCode":      status,
		"paymentResult":   result,
		"callBackUrl":     u.String(),
		"callbackStatus":  callback,
	}, nil
}
