package cleanroom

import (
	"net/http"
	"strings"
	"time"
)

// optionDef is a payment option the sandbox offers.
type optionDef struct {
	Code, Name, Group, GroupCode, Sub, SubCode string
	Storable, Verifiable                       bool
	CarrierPrefix                              string
}

// catalogue lists the payment options of every account type of the sandbox.
var catalogue = []optionDef{
	{"VISA", "Visa", "Credit Card", "CC", "Visa", "VISA", true, true, "411111******"},
	{"MC", "Mastercard", "Credit Card", "CC", "Mastercard", "MC", true, true, "555555******"},
	{"SEPADD", "SEPA Direct Debit", "Direct Debit", "DD", "SEPA Core", "SEPACORE", true, false, "DE89************"},
	{"PAYPAL", "PayPal", "E-Wallet", "EW", "PayPal", "PAYPAL", false, false, ""},
}

// transactionTypes is the Transaction Type lookup as far as the sandbox knows it.
var transactionTypes = []string{"AUTH"}

func lookupOption(code string) (optionDef, bool) {
	for _, o := range catalogue {
		if o.Code == code {
			return o, true
		}
	}
	return optionDef{}, false
}

func iconURL(code string) string {
	return "https://sandbox.invalid/icons/" + strings.ToLower(code) + ".svg"
}

// billingFields are the fields of the billing block BB with their lengths.
var billingFields = []struct {
	name string
	n    int
}{
	{"customerFullName", 201}, {"emailAddress", 255}, {"addr1", 60}, {"addr2", 60}, {"addr3", 60},
	{"houseNumber", 10}, {"city", 50}, {"state", 50}, {"countryCode", 3}, {"postCode", 10}, {"phone", 30},
}

// readBilling validates the billing block. required names the fields the
// billing rule makes mandatory (only applied when use is true). emailLen is
// the length of emailAddress (0 = unbounded).
func readBilling(in *input, use bool, required []string, emailLen int) map[string]string {
	req := map[string]bool{}
	if use {
		for _, r := range required {
			req[r] = true
		}
	}
	b := map[string]string{}
	for _, f := range billingFields {
		var v string
		switch f.name {
		case "countryCode":
			v = in.country(f.name, f.n, req[f.name])
		case "emailAddress":
			v = in.email(f.name, emailLen, req[f.name])
		default:
			v = in.str(f.name, f.n, req[f.name])
		}
		if v != "" {
			b[f.name] = v
		}
	}
	return b
}

// ownerBilling is the billing address of an account owner.
func ownerBilling(a *account) map[string]string {
	b := map[string]string{
		"customerFullName": strings.TrimSpace(a.infoString("firstName") + " " + a.infoString("lastName")),
	}
	if a.IsMerchant {
		b["customerFullName"] = a.infoString("merchantName")
	}
	for _, k := range []string{"emailAddress", "addr1", "addr2", "addr3", "houseNumber", "city", "state", "countryCode", "postCode"} {
		if v := a.infoString(k); v != "" {
			b[k] = v
		}
	}
	if v := a.infoString("mobilePhone"); v != "" {
		b["phone"] = v
	}
	return b
}

func (a *account) findStored(ref string) *storedOption {
	for _, so := range a.stored {
		if so.Ref == ref {
			return so
		}
	}
	return nil
}

func (s *server) storedOf(a *account, ref string) (*storedOption, error) {
	so := a.findStored(ref)
	if so == nil {
		return nil, fail(http.StatusNotFound, codeNoStored, "stored payment option %s not found", ref)
	}
	return so, nil
}

func providerResponse(result string, extra map[string]any) map[string]any {
	m := map[string]any{"provider": "SANDBOX", "result": result, "providerReference": "SBXP-" + randomHex(8)}
	for k, v := range extra {
		m[k] = v
	}
	return m
}

// initAdd implements Init Add Stored Payment Option.
func (s *server) initAdd(c *call) (int, map[string]any, error) {
	in := c.in
	c.envelope()
	programCode := in.str("programCode", 10, true)
	accnoType := c.accnoType(true)
	code := in.str("paymentOptionCode", 10, false)
	in.str("externalChannelReference", 100, false)
	in.str("mandateReference", 35, false)
	in.date("mandateSignedDate", false)
	in.clock("mandateSignedTime", false)
	use, _ := in.boolean("useDifferentBillingAddress", true)
	billing := readBilling(in, use, []string{"customerFullName", "addr1", "city", "countryCode", "postCode", "emailAddress"}, 255)
	if err := in.err(); err != nil {
		return 0, nil, err
	}
	a, err := s.account(c, c.r.PathValue("accno"), accnoType, programCode, false)
	if err != nil {
		return 0, nil, err
	}
	if code == "" {
		code = catalogue[0].Code // the provider's default: card
	}
	opt, ok := lookupOption(code)
	if !ok || !opt.Storable {
		return 0, nil, fail(http.StatusUnprocessableEntity, codeOption, "payment option %s cannot be stored", code)
	}
	if !use {
		billing = ownerBilling(a)
	}
	tok := "SBXADD-" + randomHex(24)
	s.st.adds[tok] = &pendingAdd{Owner: c.partner, Accno: a.Accno, Code: code, Billing: billing}
	return http.StatusOK, map[string]any{
		"programCode":             programCode,
		"accno":                   a.Accno,
		"authorizationToken":      tok,
		"paymentOptionCode":       code,
		"paymentProviderResponse": providerResponse("PENDING", nil),
	}, nil
}

// completeAdd implements Complete Add Stored Payment Option.
func (s *server) completeAdd(c *call) (int, map[string]any, error) {
	in := c.in
	c.envelope()
	programCode := in.str("programCode", 10, true)
	accnoType := c.accnoType(true)
	code := in.str("paymentOptionCode", 10, false)
	tok := in.str("authorizationToken", 8192, true)
	in.str("externalChannelReference", 100, false)
	use, _ := in.boolean("useDifferentBillingAddress", true)
	billing := readBilling(in, use, []string{"customerFullName", "addr1", "city", "countryCode", "postCode", "emailAddress"}, 255)
	if err := in.err(); err != nil {
		return 0, nil, err
	}
	a, err := s.account(c, c.r.PathValue("accno"), accnoType, programCode, false)
	if err != nil {
		return 0, nil, err
	}
	p := s.st.adds[tok]
	if p == nil || p.Owner != c.partner || p.Accno != a.Accno {
		return 0, nil, fail(http.StatusUnprocessableEntity, codeAuthToken, "authorizationToken is not valid for this account (unknown or already used)")
	}
	if code != "" && code != p.Code {
		return 0, nil, fail(http.StatusUnprocessableEntity, codeAuthToken, "authorizationToken was issued for payment option %s", p.Code)
	}
	delete(s.st.adds, tok)
	if !use {
		billing = ownerBilling(a)
	}
	opt, _ := lookupOption(p.Code)
	so := &storedOption{
		Ref:     newUUID(),
		Code:    opt.Code,
		Carrier: opt.CarrierPrefix + randomDigits(4),
		Billing: billing,
		Status:  "ACTIVE",
	}
	if opt.Verifiable {
		so.Status = "UNVERIFIED"
	}
	if opt.GroupCode == "CC" {
		exp := s.now().AddDate(3, 0, 0)
		so.ExpMonth, so.ExpYear = int(exp.Month()), exp.Year()
	} else {
		so.BankCode = "SBXBDEFFXXX"
	}
	so.Country, _ = lookupCountry(billing["countryCode"])
	if so.Country.Alpha2 == "" {
		so.Country, _ = lookupCountry("DE")
	}
	a.stored = append(a.stored, so)
	return http.StatusCreated, map[string]any{
		"programCode":                  programCode,
		"accno":                        a.Accno,
		"paymentOptionCode":            so.Code,
		"storedPaymentOptionReference": so.Ref,
		"initiationCountryCode":        so.Country.Alpha2,
		"initiationCountryCode3":       so.Country.Alpha3,
		"paymentProviderResponse":      providerResponse("STORED", nil),
	}, nil
}

func randomDigits(n int) string {
	h := randomHex(n)
	var b strings.Builder
	for i := 0; i < n; i++ {
		b.WriteByte('0' + h[i]%10)
	}
	return b.String()
}

// initVerify implements Init Verify Stored Payment Option.
func (s *server) initVerify(c *call) (int, map[string]any, error) {
	in := c.in
	c.envelope()
	programAccno := in.str("programAccno", 255, true)
	accnoType := c.accnoType(true)
	if err := in.err(); err != nil {
		return 0, nil, err
	}
	if err := s.checkProgramAccno(programAccno); err != nil {
		return 0, nil, err
	}
	a, err := s.account(c, c.r.PathValue("accno"), accnoType, "", false)
	if err != nil {
		return 0, nil, err
	}
	so, err := s.storedOf(a, c.r.PathValue("ref"))
	if err != nil {
		return 0, nil, err
	}
	opt, _ := lookupOption(so.Code)
	if !opt.Verifiable {
		return 0, nil, fail(http.StatusUnprocessableEntity, codeNotVerifiable, "stored payment option %s is not verifiable", so.Ref)
	}
	if so.Status == "VERIFIED" {
		return 0, nil, fail(http.StatusConflict, codeState, "stored payment option %s is already verified", so.Ref)
	}
	so.Status = "VERIFYING"
	return http.StatusOK, map[string]any{
		"programCode":  a.ProgramCode,
		"programAccno": programAccno,
		"accno":        a.Accno,
		"statusCode":   so.Status,
	}, nil
}

// completeVerify implements Complete Verify Stored Payment Option.
func (s *server) completeVerify(c *call) (int, map[string]any, error) {
	in := c.in
	c.envelope()
	programCode := in.str("programCode", 10, true)
	accnoType := c.accnoType(true)
	vc := in.digits("verificationCode", 6, true)
	if err := in.err(); err != nil {
		return 0, nil, err
	}
	a, err := s.account(c, c.r.PathValue("accno"), accnoType, programCode, false)
	if err != nil {
		return 0, nil, err
	}
	so, err := s.storedOf(a, c.r.PathValue("ref"))
	if err != nil {
		return 0, nil, err
	}
	switch so.Status {
	case "VERIFIED":
		return 0, nil, fail(http.StatusConflict, codeState, "stored payment option %s is already verified", so.Ref)
	case "VERIFYING":
	default:
		return 0, nil, fail(http.StatusConflict, codeState, "verification of stored payment option %s was not initiated", so.Ref)
	}
	if vc != s.cfg.VerificationCode {
		return 0, nil, fail(http.StatusUnprocessableEntity, codeVerifyCode, "verificationCode is not valid")
	}
	so.Status = "VERIFIED"
	return http.StatusOK, map[string]any{
		"programCode": programCode,
		"accno":       a.Accno,
		"statusCode":  so.Status,
	}, nil
}

// deleteStored implements Delete Stored Payment Option.
func (s *server) deleteStored(c *call) (int, map[string]any, error) {
	in := c.in
	c.envelope()
	programCode := in.str("programCode", 10, true)
	accnoType := c.accnoType(true)
	if err := in.err(); err != nil {
		return 0, nil, err
	}
	a, err := s.account(c, c.r.PathValue("accno"), accnoType, programCode, false)
	if err != nil {
		return 0, nil, err
	}
	so, err := s.storedOf(a, c.r.PathValue("ref"))
	if err != nil {
		return 0, nil, err
	}
	for i, o := range a.stored {
		if o == so {
			a.stored = append(a.stored[:i:i], a.stored[i+1:]...)
			break
		}
	}
	return http.StatusOK, map[string]any{"programCode": programCode, "accno": a.Accno}, nil
}

// setDefault implements Set Default Stored Payment Option.
func (s *server) setDefault(c *call) (int, map[string]any, error) {
	in := c.in
	c.envelope()
	programCode := in.str("programCode", 10, true)
	accnoType := c.accnoType(true)
	if err := in.err(); err != nil {
		return 0, nil, err
	}
	a, err := s.account(c, c.r.PathValue("accno"), accnoType, programCode, false)
	if err != nil {
		return 0, nil, err
	}
	so, err := s.storedOf(a, c.r.PathValue("ref"))
	if err != nil {
		return 0, nil, err
	}
	for _, o := range a.stored {
		o.IsDefault = o == so
	}
	return http.StatusOK, map[string]any{"programCode": programCode, "accno": a.Accno}, nil
}

// getPaymentOptions implements Get Payment Options.
func (s *server) getPaymentOptions(c *call) (int, map[string]any, error) {
	in := c.in
	c.envelope()
	programCode := in.str("programCode", 10, true)
	accnoType := c.accnoType(true)
	tt := in.oneOf("transactionTypeCode", 10, true, transactionTypes...)
	if err := in.err(); err != nil {
		return 0, nil, err
	}
	a, err := s.account(c, c.r.PathValue("accno"), accnoType, programCode, false)
	if err != nil {
		return 0, nil, err
	}
	list := []any{}
	for _, o := range catalogue {
		list = append(list, map[string]any{
			"name":                o.Name,
			"code":                o.Code,
			"paymentGroup":        o.Group,
			"paymentGroupCode":    o.GroupCode,
			"paymentSubGroup":     o.Sub,
			"paymentSubGroupCode": o.SubCode,
			"isStorable":          o.Storable,
			"iconUrl":             iconURL(o.Code),
		})
	}
	return http.StatusOK, map[string]any{
		"programCode":         programCode,
		"accno":               a.Accno,
		"transactionTypeCode": tt,
		"paymentOptions":      list,
	}, nil
}

// getStoredOptions implements Get Stored Payment Options.
func (s *server) getStoredOptions(c *call) (int, map[string]any, error) {
	in := c.in
	c.envelope()
	programCode := in.str("programCode", 10, true)
	accnoType := c.accnoType(true)
	in.oneOf("transactionTypeCode", 10, false, transactionTypes...)
	if err := in.err(); err != nil {
		return 0, nil, err
	}
	a, err := s.account(c, c.r.PathValue("accno"), accnoType, programCode, false)
	if err != nil {
		return 0, nil, err
	}
	list := []any{}
	for _, so := range a.stored {
		opt, _ := lookupOption(so.Code)
		item := map[string]any{
			"name":                opt.Name,
			"code":                opt.Code,
			"carrierNumber":       so.Carrier,
			"reference":           so.Ref,
			"paymentGroup":        opt.Group,
			"paymentGroupCode":    opt.GroupCode,
			"paymentSubGroup":     opt.Sub,
			"paymentSubGroupCode": opt.SubCode,
			"expiryMonth":         nil,
			"expiryYear":          nil,
			"validUntilDate":      nil,
			"validUntilTime":      nil,
			"bankCode":            so.BankCode,
			"isVerifiable":        opt.Verifiable,
			"statusCode":          so.Status,
			"isDefault":           so.IsDefault,
			"iconUrl":             iconURL(opt.Code),
		}
		if so.ExpYear > 0 {
			last := time.Date(so.ExpYear, time.Month(so.ExpMonth)+1, 0, 0, 0, 0, 0, time.UTC)
			item["expiryMonth"], item["expiryYear"] = so.ExpMonth, so.ExpYear
			item["validUntilDate"], item["validUntilTime"] = last.Format("2006-01-02"), "235959"
		}
		b := so.Billing
		c2, _, cname := countryParts(b["countryCode"])
		item["billingAddress"] = map[string]any{
			"fullName":    nonEmpty(b["customerFullName"]),
			"addr1":       nonEmpty(b["addr1"]),
			"addr2":       nonEmpty(b["addr2"]),
			"city":        nonEmpty(b["city"]),
			"state":       nonEmpty(b["state"]),
			"countryName": cname,
			"countryCode": c2,
			"postCode":    nonEmpty(b["postCode"]),
		}
		list = append(list, item)
	}
	return http.StatusOK, map[string]any{
		"programCode":    programCode,
		"accno":          a.Accno,
		"paymentOptions": list,
	}, nil
}
