package cleanroom

import (
	"fmt"
	"net/http"
	"regexp"
	"sort"
	"strings"

	"github.com/shopspring/decimal"
)

var (
	titleCodes = []string{"MR", "MS", "DR", "PR", "MX"}
	reCulture  = regexp.MustCompile(`^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$`)
)

const defaultFlow = "EWUSER" // program default flow of type E-Wallet User

// readPersonal validates the fields Create Account and Update Account
// Information share and returns them by JSON name.
func (s *server) readPersonal(c *call) map[string]any {
	in := c.in
	info := map[string]any{}
	put := func(name string, v string) {
		if v != "" {
			info[name] = v
		}
	}
	put("title", in.oneOf("title", 2, true, titleCodes...))
	put("lastName", in.str("lastName", 100, true))
	put("firstName", in.str("firstName", 100, true))
	if culture := in.str("culture", 14, false); culture != "" {
		if !reCulture.MatchString(culture) {
			in.bad("culture", "expected an RFC 4646 tag such as en-US")
		} else {
			put("culture", culture)
		}
	}
	put("addr1", in.str("addr1", 60, true))
	put("addr2", in.str("addr2", 60, false))
	put("addr3", in.str("addr3", 60, false))
	put("houseNumber", in.str("houseNumber", 10, false))
	put("city", in.str("city", 50, true))
	put("state", in.str("state", 50, false))
	put("countryCode", in.country("countryCode", 3, true))
	put("postCode", in.str("postCode", 10, true))
	if dob := in.date("dob", true); dob != "" {
		if dob > s.now().Format("2006-01-02") {
			in.bad("dob", "lies in the future")
		} else {
			put("dob", dob)
		}
	}
	put("landlinePhone", in.str("landlinePhone", 30, false))
	put("mobilePhone", in.str("mobilePhone", 30, false))
	put("emailAddress", in.email("emailAddress", 255, true))
	put("taxId", in.str("taxId", 50, false))
	put("userAgreementReference", in.str("userAgreementReference", 36, false))

	// Correspondence block, rule of.
	useCorr, _ := in.boolean("useDifferentCorrespondenceAddress", true)
	info["useDifferentCorrespondenceAddress"] = useCorr
	put("correspondenceAddr1", in.str("correspondenceAddr1", 60, useCorr))
	put("correspondenceAddr2", in.str("correspondenceAddr2", 60, false))
	put("correspondenceAddr3", in.str("correspondenceAddr3", 60, false))
	put("correspondenceHouseNumber", in.str("correspondenceHouseNumber", 10, false))
	put("correspondenceCity", in.str("correspondenceCity", 50, useCorr))
	put("correspondenceState", in.str("correspondenceState", 50, false))
	put("correspondenceCountryCode", in.country("correspondenceCountryCode", 3, useCorr))
	put("correspondencePostCode", in.str("correspondencePostCode", 10, useCorr))

	// Business block, rule of.
	business, _ := in.boolean("isBusinessUser", false)
	info["isBusinessUser"] = business
	put("businessCompanyName", in.str("businessCompanyName", 201, business))
	put("businessCompanyType", in.str("businessCompanyType", 100, business))
	put("businessCompanyRegistrationNumber", in.str("businessCompanyRegistrationNumber", 50, business))
	put("businessCompanyRegistrationCountryCode", in.country("businessCompanyRegistrationCountryCode", 3, business))
	put("businessAddr1", in.str("businessAddr1", 60, business))
	put("businessAddr2", in.str("businessAddr2", 60, false))
	put("businessAddr3", in.str("businessAddr3", 60, false))
	put("businessHouseNumber", in.str("businessHouseNumber", 10, false))
	put("businessCity", in.str("businessCity", 50, business))
	put("businessState", in.str("businessState", 50, false))
	put("businessPostCode", in.str("businessPostCode", 10, business))
	put("businessCountryCode", in.country("businessCountryCode", 3, business))
	put("businessUrl", in.str("businessUrl", 255, false))
	return info
}

// createAccount implements Create Account.
func (s *server) createAccount(c *call) (int, map[string]any, error) {
	in := c.in
	c.envelope()
	programCode := in.str("programCode", 10, true)
	extRef := in.str("externalAccountReference", 255, false)
	flow := in.str("accountApplicationFlowCode", 10, false)
	curr := in.currency("currCode", true)
	validFrom := in.date("validFrom", false)
	in.date("validUntil", false) // deprecated, ignored
	loginID := in.str("loginID", 255, false)
	info := s.readPersonal(c)
	extra := map[string]string{
		"placeOfBirth":               in.str("placeOfBirth", 100, false),
		"occupation":                 in.str("occupation", 50, false),
		"nationality":                in.country("nationality", 3, true),
		"identificationDocumentType": in.str("identificationDocumentType", 50, false),
		"identityNumber":             in.str("identityNumber", 20, false),
		"documentIssuingCountryCode": in.country("documentIssuingCountryCode", 3, false),
		"dateOfExpiry":               in.date("dateOfExpiry", false),
		"sourceOfWealth":             in.str("sourceOfWealth", 50, false),
		"sourceOfFunds":              in.str("sourceOfFunds", 50, false),
	}
	isPep, _ := in.boolean("isPep", false)
	if err := in.err(); err != nil {
		return 0, nil, err
	}
	if programCode != s.cfg.ProgramCode {
		return 0, nil, fail(http.StatusUnprocessableEntity, codeProgram, "accounts cannot be opened in program %s", programCode)
	}
	if flow != "" && flow != defaultFlow {
		return 0, nil, fail(http.StatusUnprocessableEntity, codeProgram, "unknown account application flow %s", flow)
	}
	if err := checkCurrency("currCode", curr); err != nil {
		return 0, nil, err
	}
	for _, a := range s.st.order {
		if !s.visible(c.partner, a) || a.Status == statusClosed {
			continue
		}
		if extRef != "" && a.ExtRef == extRef {
			return 0, nil, fail(http.StatusConflict, codeDuplicate, "externalAccountReference %s is already in use", extRef)
		}
		if loginID != "" && a.infoString("loginID") == loginID {
			return 0, nil, fail(http.StatusConflict, codeDuplicate, "loginID %s is already in use", loginID)
		}
	}
	for k, v := range extra {
		if v != "" {
			info[k] = v
		}
	}
	info["isPep"] = isPep
	if loginID != "" {
		info["loginID"] = loginID
	}
	today := s.now().Format("2006-01-02")
	if validFrom == "" {
		validFrom = today
	}
	s.st.seq++
	a := &account{
		Accno:       fmt.Sprintf("1%08d", s.st.seq),
		Owner:       c.partner,
		ProgramCode: programCode,
		ExtRef:      extRef,
		CustCode:    fmt.Sprintf("C%09d", s.st.seq),
		UUID:        newUUID(),
		Curr:        curr,
		Status:      statusActive,
		ValidFrom:   validFrom,
		Created:     today,
		ProductCode: "EWALLET",
		AccTypeCode: "EWUSER",
		info:        info,
		consents:    map[string]*consent{},
	}
	s.st.accounts[a.Accno] = a
	s.st.order = append(s.st.order, a)
	return http.StatusCreated, map[string]any{
		"programCode":              programCode,
		"productCode":              a.ProductCode,
		"accTypeCode":              a.AccTypeCode,
		"custCode":                 a.CustCode,
		"externalAccountReference": nonEmpty(extRef),
		"accno":                    a.Accno,
		"statusCode":               a.Status,
		"twoFAStatusCode":          "2FADIS",
		"accFlowStatusCode":        "APPROVEDSV",
		"validFrom":                validFrom,
		"validUntil":               nil, // deprecated, ignored
	}, nil
}

// updateAccount implements Update Account Information.
func (s *server) updateAccount(c *call) (int, map[string]any, error) {
	in := c.in
	c.envelope()
	programCode := in.str("programCode", 10, true)
	accnoType := c.accnoType(true)
	extRef := in.str("externalAccountReference", 255, false)
	accTypeCode := in.str("accTypeCode", 10, false)
	timeZone := in.str("timeZone", 50, false)
	in.boolean("notifyUser", false)
	otp := in.digits("oneTimePassword", 8, false)
	info := s.readPersonal(c)
	if err := in.err(); err != nil {
		return 0, nil, err
	}
	a, err := s.account(c, c.r.PathValue("accno"), accnoType, programCode, false)
	if err != nil {
		return 0, nil, err
	}
	if otp != "" && otp != s.cfg.OneTimePassword {
		return 0, nil, fail(http.StatusUnprocessableEntity, codeOTP, "oneTimePassword is not valid")
	}
	if accTypeCode != "" && accTypeCode != a.AccTypeCode {
		return 0, nil, fail(http.StatusUnprocessableEntity, codeProgram, "account type %s is not available", accTypeCode)
	}
	if extRef != "" && extRef != a.ExtRef {
		for _, o := range s.st.order {
			if o != a && o.ExtRef == extRef && s.visible(c.partner, o) && o.Status != statusClosed {
				return 0, nil, fail(http.StatusConflict, codeDuplicate, "externalAccountReference %s is already in use", extRef)
			}
		}
		a.ExtRef = extRef
	}
	// Fields that Update does not carry are kept.
	for _, k := range []string{"loginID", "nationality", "placeOfBirth", "occupation", "identificationDocumentType",
		"identityNumber", "documentIssuingCountryCode", "dateOfExpiry", "sourceOfWealth", "sourceOfFunds", "isPep", "merchantName"} {
		if v, ok := a.info[k]; ok {
			info[k] = v
		}
	}
	if timeZone != "" {
		info["timeZone"] = timeZone
	} else if v, ok := a.info["timeZone"]; ok {
		info["timeZone"] = v
	}
	a.info = info
	return http.StatusOK, map[string]any{
		"programCode": programCode,
		"accno":       a.Accno,
		"providerResponse": map[string]any{
			"complianceData": map[string]any{
				"archiveId":    "SBX-" + randomHex(6),
				"trafficLight": "GREEN",
				"hitType":      "NONE",
				"manualReview": false,
				"details":      []any{},
			},
		},
	}, nil
}

// getAccount implements Get Account Information.
func (s *server) getAccount(c *call) (int, map[string]any, error) {
	in := c.in
	c.envelope()
	programCode := in.str("programCode", 10, true)
	accnoType := c.accnoType(true)
	if err := in.err(); err != nil {
		return 0, nil, err
	}
	a, err := s.account(c, c.r.PathValue("accno"), accnoType, programCode, true)
	if err != nil {
		return 0, nil, err
	}
	out := map[string]any{"programCode": programCode}
	str := func(name string) any { return nonEmpty(a.infoString(name)) }
	for _, k := range []string{"merchantName", "title", "lastName", "firstName", "addr1", "addr2", "addr3", "houseNumber",
		"city", "state", "countryCode", "postCode", "dob", "landlinePhone", "mobilePhone", "emailAddress", "loginID",
		"culture", "timeZone", "correspondenceAddr1", "correspondenceAddr2", "correspondenceAddr3",
		"correspondenceHouseNumber", "correspondenceCity", "correspondenceState", "correspondencePostCode", "taxId",
		"businessCompanyName", "businessCompanyType", "businessCompanyRegistrationNumber", "businessAddr1",
		"businessAddr2", "businessAddr3", "businessHouseNumber", "businessCity", "businessPostCode", "businessUrl",
		"userAgreementReference"} {
		out[k] = str(k)
	}
	_, _, out["countryName"] = countryParts(a.infoString("countryCode"))
	out["correspondenceCountryCode"], out["correspondenceCountryCode3"], out["correspondenceCountryName"] =
		countryParts(a.infoString("correspondenceCountryCode"))
	out["nationality"], out["nationality3"], _ = countryParts(a.infoString("nationality"))
	out["businessCompanyRegistrationCountryCode"], out["businessCompanyRegistrationCountryCode3"], _ =
		countryParts(a.infoString("businessCompanyRegistrationCountryCode"))
	out["businessCountryCode"], out["businessCountryCode3"], _ = countryParts(a.infoString("businessCountryCode"))
	boolOf := func(name string) bool { b, _ := a.info[name].(bool); return b }

	out["accno"] = a.Accno
	out["externalAccountReference"] = nonEmpty(a.ExtRef)
	out["useDifferentCorrespondenceAddress"] = boolOf("useDifferentCorrespondenceAddress")
	out["isBusinessUser"] = boolOf("isBusinessUser")
	out["currCode"] = a.Curr
	if a.IsMerchant {
		out["accTypeName"] = "E-Wallet Merchant"
	} else {
		out["accTypeName"] = "E-Wallet User"
	}
	out["accTypeCode"] = a.AccTypeCode
	out["maximumAllowedBalance"] = jsonDec(maxBalance.String())
	out["minimumAllowedBalance"] = jsonDec("0")
	out["statusCode"] = a.Status
	out["twoFAStatusCode"] = "2FADIS"
	out["accFlowStatusCode"] = "APPROVEDSV"
	out["isEmailVerified"] = false
	out["isMobilePhoneVerified"] = false
	out["isUserActive"] = a.Status == statusActive
	out["isUserLocked"] = false
	out["isMtanEnabled"] = false
	out["lastLoginDate"] = nil
	out["lastLoginTime"] = nil
	out["isUserAgreementUpToDate"] = a.infoString("userAgreementReference") != ""
	out["accountValidUntil"] = nil
	out["accountCreationDate"] = a.Created
	// Extra fields of this sandbox.
	out["custCode"] = a.CustCode
	out["uuid"] = a.UUID
	out["dateClosed"] = nonEmpty(a.DateClosed)
	return http.StatusOK, out, nil
}

// closeAccount implements Close Account.
func (s *server) closeAccount(c *call) (int, map[string]any, error) {
	in := c.in
	c.envelope()
	programCode := in.str("programCode", 10, true)
	accnoType := c.accnoType(true)
	in.boolean("isDataDeleted", false)
	in.str("externalRequestReference", 100, false)
	in.str("closingReason", 1024, true)
	payoutRef := in.str("storedPaymentOptionReference", 36, false)
	if err := in.err(); err != nil {
		return 0, nil, err
	}
	a, err := s.account(c, c.r.PathValue("accno"), accnoType, programCode, false)
	if err != nil {
		return 0, nil, err
	}
	if a.IsMerchant {
		return 0, nil, fail(http.StatusConflict, codeState, "the sandbox merchant account cannot be closed")
	}
	// Open authorizations do not stop a closure: A-3's row closes an
	// account on the one condition "account exists"; what they would move
	// afterwards is refused as "further usage of the account".
	if payoutRef != "" {
		so := a.findStored(payoutRef)
		if so == nil {
			return 0, nil, fail(http.StatusNotFound, codeNoStored, "stored payment option %s not found", payoutRef)
		}
		if bal := a.booked(); bal.IsPositive() {
			s.post(a, bal.Neg(), bal, a.Curr, "PAYOUT", "payout of the balance on closing", so.Carrier, payoutRef, so.Code)
		}
	}
	a.Status = statusClosed
	a.DateClosed = s.now().Format("2006-01-02")
	return http.StatusOK, map[string]any{
		"programCode": programCode,
		"accno":       a.Accno,
		"statusCode":  a.Status,
		"dateClosed":  a.DateClosed,
	}, nil
}

// addConsent implements B-4.8 Add Consent.
func (s *server) addConsent(c *call) (int, map[string]any, error) {
	in := c.in
	c.envelope()
	programCode := in.str("programCode", 10, true)
	accnoType := c.accnoType(true)
	otp := in.str("oneTimePassword", 8, false)
	if err := in.err(); err != nil {
		return 0, nil, err
	}
	a, err := s.account(c, c.r.PathValue("accno"), accnoType, programCode, false)
	if err != nil {
		return 0, nil, err
	}
	if otp != "" && otp != s.cfg.OneTimePassword {
		return 0, nil, fail(http.StatusUnprocessableEntity, codeOTP, "oneTimePassword is not valid")
	}
	cs := &consent{Ref: randomHex(16), Status: "CNSTCONF"}
	a.consents[cs.Ref] = cs
	return http.StatusOK, map[string]any{
		"accno":             a.Accno,
		"programCode":       programCode,
		"consentReference":  cs.Ref,
		"consentStatusCode": cs.Status,
	}, nil
}

// revokeConsent implements B-4.9 Revoke Consent.
func (s *server) revokeConsent(c *call) (int, map[string]any, error) {
	in := c.in
	c.envelope()
	programCode := in.str("programCode", 10, true)
	accnoType := c.accnoType(true)
	ref := c.r.PathValue("consentReference")
	if bodyRef := in.str("consentReference", 32, false); bodyRef != "" && bodyRef != ref {
		in.bad("consentReference", "differs from the path")
	}
	if len(ref) > 32 {
		in.bad("consentReference", "longer than 32 characters")
	}
	otp := in.digits("oneTimePassword", 8, false)
	if err := in.err(); err != nil {
		return 0, nil, err
	}
	a, err := s.account(c, c.r.PathValue("accno"), accnoType, programCode, false)
	if err != nil {
		return 0, nil, err
	}
	if otp != "" && otp != s.cfg.OneTimePassword {
		return 0, nil, fail(http.StatusUnprocessableEntity, codeOTP, "oneTimePassword is not valid")
	}
	cs := a.consents[ref]
	if cs == nil {
		return 0, nil, fail(http.StatusNotFound, codeNoConsent, "consent %s not found", ref)
	}
	if cs.Status == "CNSTRVKD" {
		return 0, nil, fail(http.StatusConflict, codeState, "consent %s is already revoked", ref)
	}
	cs.Status = "CNSTRVKD"
	return http.StatusOK, map[string]any{
		"accno":             a.Accno,
		"programCode":       programCode,
		"consentReference":  cs.Ref,
		"consentStatusCode": cs.Status,
	}, nil
}

// findAccount implements B-4.10 Find User Account.
func (s *server) findUserAccount(c *call) (int, map[string]any, error) {
	in := c.in
	c.envelope()
	programCode := in.str("programCode", 10, true)
	userID := in.str("userId", 255, true)
	if err := in.err(); err != nil {
		return 0, nil, err
	}
	if err := s.checkProgramCode(programCode); err != nil {
		return 0, nil, err
	}
	// The most recently opened matching account wins.
	for i := len(s.st.order) - 1; i >= 0; i-- {
		a := s.st.order[i]
		if !s.visible(c.partner, a) || a.ProgramCode != programCode || a.Status == statusClosed {
			continue
		}
		if strings.EqualFold(a.infoString("emailAddress"), userID) || a.infoString("loginID") == userID ||
			strings.EqualFold(a.UUID, userID) {
			return http.StatusOK, map[string]any{"accno": a.Accno, "programCode": programCode}, nil
		}
	}
	return 0, nil, fail(http.StatusNotFound, codeNoAccount, "no account found for user %s", userID)
}

// checkAvailable implements B-4.11 Check Available Payment Amount (text/plain).
func (s *server) checkAvailable(c *call) (int, map[string]any, error) {
	in := c.in
	c.envelope()
	programCode := in.str("programCode", 10, true)
	accnoType := c.accnoType(true)
	amount, _ := in.amount("amount", true)
	curr := in.currency("currCode", true)
	if err := in.err(); err != nil {
		return 0, nil, err
	}
	a, err := s.account(c, c.r.PathValue("accno"), accnoType, programCode, false)
	if err != nil {
		return 0, nil, err
	}
	if err := checkCurrency("currCode", curr); err != nil {
		return 0, nil, err
	}
	c.text = "no"
	if convert(amount, curr, a.Curr).LessThanOrEqual(a.available()) {
		c.text = "yes"
	}
	return http.StatusOK, nil, nil
}

// balanceEnquiry implements B-4.13 Balance Enquiry.
func (s *server) balanceEnquiry(c *call) (int, map[string]any, error) {
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
	today := s.now().Format("2006-01-02")
	ps := decimal.Zero
	for _, e := range a.entries {
		if e.Booked.Format("2006-01-02") < today {
			ps = e.Balance
		}
	}
	return http.StatusOK, map[string]any{
		"programCode":  programCode,
		"programAccno": s.cfg.ProgramAccno,
		"accno":        a.Accno,
		"psBal":        money(ps),
		"avlBal":       money(a.available()),
		"bkBal":        money(a.booked()),
		"blkAmt":       money(a.blocked),
		"pooledAmt":    money(decimal.Zero),
		"currCode":     a.Curr,
	}, nil
}

// accountEnquiry implements B-4.12 Account Enquiry.
func (s *server) accountEnquiry(c *call) (int, map[string]any, error) {
	in := c.in
	c.envelope()
	programCode := in.str("programCode", 10, true)
	accnoType := c.accnoType(true)
	startDate := in.date("startDate", false)
	startTime := in.clock("startTime", false)
	endDate := in.date("endDate", false)
	endTime := in.clock("endTime", false)
	top := in.digits("top", 4, false)
	skip := in.digits("skip", 4, false)
	includeNeutral, _ := in.boolean("includeNeutral", false)
	sortDir := in.oneOf("sortDirection", 4, false, "ASC", "DESC")
	includePending, _ := in.boolean("includePendingTransactions", false)
	if startTime != "" && startDate == "" {
		in.bad("startTime", "requires startDate")
	}
	if endTime != "" && endDate == "" {
		in.bad("endTime", "requires endDate")
	}
	if err := in.err(); err != nil {
		return 0, nil, err
	}
	a, err := s.account(c, c.r.PathValue("accno"), accnoType, programCode, false)
	if err != nil {
		return 0, nil, err
	}
	if startTime == "" {
		startTime = "000000"
	}
	if endTime == "" {
		endTime = "235959"
	}
	from, to := "", "9999-12-31 235959"
	if startDate != "" {
		from = startDate + " " + startTime
	}
	if endDate != "" {
		to = endDate + " " + endTime
	}

	var list []*entry
	var pending map[*entry]bool
	for _, e := range a.entries {
		if e.Neutral && !includeNeutral {
			continue
		}
		list = append(list, e)
	}
	if includePending {
		pending = map[*entry]bool{}
		for _, t := range s.st.txns {
			if t.KC && t.Status == txAuthorized && t.Accno == a.Accno {
				e := &entry{Booked: t.Created, SourceAmount: t.Amount, SourceCurr: t.Curr, Amount: t.Blocked,
					Curr: a.Curr, Rate: fxRate(t.Curr, a.Curr), Balance: a.booked(), Indicator: "DBIT",
					Description: t.Usage, Name: s.merchantName(t.Merchant), Type: "PAYMENT", Reference: t.Ref}
				e.Seq = 1 << 30
				pending[e] = true
				list = append(list, e)
			}
		}
	}
	var kept []*entry
	for _, e := range list {
		at := e.Booked.Format("2006-01-02 150405")
		if at >= from && at <= to {
			kept = append(kept, e)
		}
	}
	// Most recent first, to apply skip and top.
	sortEntries(kept, true)
	count := len(kept)
	if n := atoi(skip); n > 0 {
		if n > len(kept) {
			n = len(kept)
		}
		kept = kept[n:]
	}
	if top != "" {
		if n := atoi(top); n < len(kept) {
			kept = kept[:n]
		}
	}
	sortEntries(kept, sortDir == "DESC")
	out := make([]any, 0, len(kept))
	for _, e := range kept {
		status := "SETTLED"
		if pending[e] {
			status = "PENDING"
		}
		out = append(out, map[string]any{
			"isPending":         pending[e],
			"bookingDate":       e.Booked.Format("2006-01-02"),
			"bookingTime":       e.Booked.Format("150405"),
			"valueDate":         e.Booked.Format("2006-01-02"),
			"valueTime":         e.Booked.Format("150405"),
			"sourceAmount":      money(e.SourceAmount),
			"sourceCurrCode":    e.SourceCurr,
			"amount":            money(e.Amount),
			"currCode":          e.Curr,
			"exchangeRate":      money(e.Rate),
			"balance":           money(e.Balance),
			"entryIndicator":    e.Indicator,
			"description":       e.Description,
			"name":              e.Name,
			"entryType":         e.Type,
			"reference":         e.Reference,
			"statusCode":        status,
			"paymentOptionCode": nonEmpty(e.Option),
		})
	}
	return http.StatusOK, map[string]any{
		"programCode":  programCode,
		"programAccno": s.cfg.ProgramAccno,
		"accno":        a.Accno,
		"count":        count,
		"entries":      out,
	}, nil
}

// sortEntries orders entries by booking time, then booking order.
func sortEntries(list []*entry, desc bool) {
	sort.SliceStable(list, func(i, j int) bool {
		a, b := list[i], list[j]
		if desc {
			a, b = b, a
		}
		if !a.Booked.Equal(b.Booked) {
			return a.Booked.Before(b.Booked)
		}
		return a.Seq < b.Seq
	})
}

func atoi(s string) int {
	n := 0
	for _, r := range s {
		n = n*10 + int(r-'0')
	}
	return n
}

func (s *server) merchantName(accno string) string {
	if a := s.st.accounts[accno]; a != nil {
		if n := a.infoString("merchantName"); n != "" {
			return n
		}
		return strings.TrimSpace(a.infoString("firstName") + " " + a.infoString("lastName"))
	}
	return ""
}
