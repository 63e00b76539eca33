package reference

import (
	"fmt"
	"maps"
	"net/http"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/wallet-conformance/wallet-conformance/schemas"
)

// Account status codes and the other lookup values that occur.
const (
	statusActive  = "ACTIVE"
	statusClosed  = "CLOSED"
	twoFADisabled = "2FADIS"
	flowApproved  = "APPROVEDSV"
)

// accountOperations lists the account endpoints.
func accountOperations() []operation {
	return []operation{
		{id: schemas.CreateAccount, run: (*handler).createAccount},
		{id: schemas.UpdateAccount, run: (*handler).updateAccount},
		{id: schemas.GetAccount, run: (*handler).getAccount},
		{id: schemas.CloseAccount, run: (*handler).closeAccount},
	}
}

// notCustomerData are request fields that are not stored as customer data:
// the envelope, addressing, account-level and one-shot fields.
var notCustomerData = []string{
	"partnerReference", "programCode", "localDate", "localTime", "accno", "accnoType",
	"currCode", "validFrom", "validUntil", "accTypeCode", "notifyUser", "oneTimePassword",
}

// account is one stored account.
type account struct {
	seq                             uint64 // creation order, 1 for the first account
	partner                         string // userId of the partner whose token created it: its owner
	accno, custCode                 string
	productCode, accTypeCode        string
	accTypeName, currCode           string
	statusCode, twoFAStatusCode     string
	accFlowStatusCode               string
	validFrom, creationDate, closed string         // D values; closed is "" while open
	data                            map[string]any // customer fields as last sent by Create or Update
}

// clone returns a copy that shares nothing mutable with a.
func (a *account) clone() account {
	c := *a
	c.data = maps.Clone(a.data)
	return c
}

// setCustomerData replaces the customer fields listed in spec by the values
// of v; fields of spec that v lacks become absent (null), unless keep.
func (a *account) setCustomerData(spec fieldSpec, v values, keep bool) {
	for _, f := range spec.fields {
		if slices.Contains(notCustomerData, f.name) {
			continue
		}
		if x, ok := v[f.name]; ok {
			a.data[f.name] = x
		} else if !keep {
			delete(a.data, f.name)
		}
	}
}

// normaliseText rewrites the stored customer texts as a service that
// normalises what it keeps would, under the variant stored-text-normalised:
// trimmed, runs of white space made one space, names upper-case, the
// e-mail address lower-case.
func (h *handler) normaliseText(data map[string]any) {
	if !h.variant("stored-text-normalised") {
		return
	}
	for k, v := range data {
		s, ok := v.(string)
		if !ok {
			continue
		}
		s = strings.Join(strings.Fields(s), " ")
		switch k {
		case "lastName", "firstName":
			s = strings.ToUpper(s)
		case "emailAddress":
			s = strings.ToLower(s)
		}
		data[k] = s
	}
}

// accountStore holds the accounts; safe for concurrent use.
type accountStore struct {
	mu      sync.Mutex          // guards last, byAccno, every account byAccno points to, and tried
	last    uint64              // seq of the account created last
	byAccno map[string]*account // accno -> account
	// tried holds the partnerReferences of the Get Account Information calls
	// answered 0098 once (the variant retry-before-serving).
	tried map[string]bool
}

func newAccountStore() *accountStore {
	return &accountStore{byAccno: map[string]*account{}, tried: map[string]bool{}}
}

// firstAttempt reports whether no call with partnerReference ref was seen
// before, and remembers it.
func (s *accountStore) firstAttempt(ref string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.tried[ref] {
		return false
	}
	s.tried[ref] = true
	return true
}

// insert stores a under a fresh number drawn from newAccno and returns it.
// opened is called with the number, under the lock, before the account
// becomes visible, so the account's ledger exists whenever the account
// does. A number equal to reserved (the merchant's) is never used.
func (s *accountStore) insert(a account, newAccno func() string, reserved string, opened func(accno string)) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	for {
		a.accno = newAccno()
		if _, taken := s.byAccno[a.accno]; !taken && a.accno != reserved {
			break
		}
	}
	opened(a.accno)
	s.last++
	a.seq = s.last
	stored := a.clone()
	s.byAccno[a.accno] = &stored
	return a.accno
}

// get returns a copy of the account, and false when there is none that sc
// reaches.
func (s *accountStore) get(sc scope, accno string) (account, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	a, ok := s.byAccno[accno]
	if !ok || !sc.reaches(a.partner) {
		return account{}, false
	}
	return a.clone(), true
}

// find returns a copy of the account created last among those sc reaches
// for which match is true, and false when there is none.
func (s *accountStore) find(sc scope, match func(a *account) bool) (account, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	var found *account
	for _, a := range s.byAccno {
		if sc.reaches(a.partner) && match(a) && (found == nil || a.seq > found.seq) {
			found = a
		}
	}
	if found == nil {
		return account{}, false
	}
	return found.clone(), true
}

// with runs fn on the stored account while holding the lock, and reports
// false without calling fn when there is no such account that sc reaches.
func (s *accountStore) with(sc scope, accno string, fn func(a *account)) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	a, ok := s.byAccno[accno]
	if !ok || !sc.reaches(a.partner) {
		return false
	}
	fn(a)
	return true
}

// createAccount implements Create Account.
func (h *handler) createAccount(c *call) reply {
	if rep, bad := h.createMutations(c); bad {
		return rep
	}
	productCode, accTypeCode, accTypeName := h.p.product()
	today := c.now.Format(time.DateOnly)
	a := account{
		partner:           c.scope.partner,
		custCode:          h.p.newCustCode(),
		productCode:       productCode,
		accTypeCode:       accTypeCode,
		accTypeName:       accTypeName,
		currCode:          c.v.str("currCode"),
		statusCode:        statusActive,
		twoFAStatusCode:   twoFADisabled,
		accFlowStatusCode: flowApproved,
		validFrom:         c.v.str("validFrom"),
		creationDate:      today,
		data:              map[string]any{},
	}
	if h.mutant("create-state-pending") {
		a.statusCode = "PENDING"
	}
	if h.variant("account-status-values-other") {
		a.twoFAStatusCode, a.accFlowStatusCode = "2FAOFF", "APPROVED"
	}
	if a.validFrom == "" {
		a.validFrom = today
	}
	a.setCustomerData(c.spec, c.v, false)
	h.normaliseText(a.data)
	a.accno = h.accounts.insert(a, h.p.newAccno, h.cfg.MerchantAccno, func(accno string) {
		h.ledgers.open(accno, a.currCode)
	})

	fields := map[string]any{
		"partnerReference":         c.v.str("partnerReference"),
		"programCode":              c.v.str("programCode"),
		"productCode":              a.productCode,
		"accTypeCode":              a.accTypeCode,
		"custCode":                 a.custCode,
		"externalAccountReference": c.v.orNull("externalAccountReference"),
		"accno":                    a.accno,
		"statusCode":               a.statusCode,
		"twoFAStatusCode":          a.twoFAStatusCode,
		"accFlowStatusCode":        a.accFlowStatusCode,
		"validFrom":                a.validFrom,
		"validUntil":               nil, // deprecated and ignored
	}
	if h.mutant("create-no-twofa-status") {
		delete(fields, "twoFAStatusCode")
	}
	if h.mutant("create-productcode-a-number") {
		fields["productCode"] = 4711
	}
	return h.ok(http.StatusCreated, fields)
}

// createMutations are the faults of the mutants that refuse a valid Create
// Account request.
func (h *handler) createMutations(c *call) (reply, bool) {
	invalid := func(field string) (reply, bool) {
		return reply{status: http.StatusBadRequest, code: "0001", desc: h.p.syntaxDescription([]string{field})}, true
	}
	switch {
	case h.mutant("country-alpha3-refused") && len(c.v.str("countryCode")) == 3:
		return invalid("countryCode")
	case h.mutant("nationality-alpha3-refused") && len(c.v.str("nationality")) == 3:
		return invalid("nationality")
	case h.mutant("create-validuntil-honoured") && c.v.str("validUntil") != "" && c.v.str("validUntil") < c.now.Format(time.DateOnly):
		return invalid("validUntil")
	case h.mutant("isbusinessuser-default-true") && c.v["isBusinessUser"] == nil && c.v.str("businessCompanyName") == "":
		return reply{status: http.StatusBadRequest, code: "0001", desc: h.p.missingDescription([]string{"businessCompanyName"})}, true
	}
	return reply{}, false
}

// updateAccount implements Update Account Information.
func (h *handler) updateAccount(c *call) reply {
	accno := c.v.str("accno")
	var rep reply
	found := h.accounts.with(c.scope, accno, func(a *account) {
		if a.statusCode == statusClosed && h.mutant("closed-update-0099") {
			rep = reply{status: http.StatusInternalServerError, code: "0099", desc: "unexpected server error"}
			return
		}
		if a.statusCode == statusClosed && !h.mutant("closed-account-usable") {
			rep = h.fail(h.p.accountClosed(), "account is closed")
			return
		}
		if !h.mutant("update-not-applied") {
			a.setCustomerData(c.spec, c.v, h.variant("update-keeps-omitted-fields"))
			if h.mutant("cr2-update-timezone-not-kept") {
				delete(a.data, "timeZone")
			}
			h.normaliseText(a.data)
			if t := c.v.str("accTypeCode"); t != "" {
				a.accTypeCode = t
			}
		}
		fields := map[string]any{
			"partnerReference": c.v.str("partnerReference"),
			"programCode":      c.v.str("programCode"),
			"accno":            accno,
		}
		if h.variant("compliance-data-on-update") {
			fields["providerResponse"] = map[string]any{"complianceData": map[string]any{
				"archiveId":    "ARC-" + accno,
				"trafficLight": "GREEN",
				"hitType":      "NONE",
				"manualReview": false,
				"details": []any{map[string]any{
					"name":      strings.TrimSpace(c.v.str("firstName") + " " + c.v.str("lastName")),
					"birthdate": strings.ReplaceAll(c.v.str("dob"), "-", ""),
				}},
			}}
		}
		if h.mutant("update-accno-a-number") {
			fields["accno"] = 4711
		}
		rep = h.ok(http.StatusOK, fields)
	})
	if !found {
		return h.fail(h.p.unknownAccount(), "account not found")
	}
	return rep
}

// getAccount implements Get Account Information.
func (h *handler) getAccount(c *call) reply {
	a, found := h.accounts.get(c.scope, c.v.str("accno"))
	if !found {
		return h.fail(h.p.unknownAccount(), "account not found")
	}
	if h.variant("retry-before-serving") && h.accounts.firstAttempt(c.v.str("partnerReference")) {
		return reply{status: http.StatusServiceUnavailable, code: "0098", desc: "temporarily unavailable, retry"}
	}
	if a.statusCode == statusClosed && h.p.getClosedIsError() {
		return h.fail(h.p.accountClosed(), "account is closed")
	}
	fields := h.accountView(a)
	if a.statusCode == statusClosed && h.mutant("closed-account-read-active") {
		fields["statusCode"] = statusActive
	}
	if h.mutant("get-absent-omitted") {
		maps.DeleteFunc(fields, func(_ string, v any) bool { return v == nil })
	}
	if h.mutant("get-not-reflecting-create") {
		if s, ok := fields["firstName"].(string); ok {
			fields["firstName"] = strings.ToUpper(s)
		}
	}
	if h.mutant("get-cuts-firstname") {
		if s, ok := fields["firstName"].(string); ok && len(s) > 2 {
			fields["firstName"] = s[:2]
		}
	}
	fields["partnerReference"] = c.v.str("partnerReference")
	fields["programCode"] = c.v.str("programCode")
	status := http.StatusOK
	if h.mutant("get-account-status-202") {
		status = http.StatusAccepted
	}
	return h.ok(status, fields)
}

// accountView returns every field of the account resource (A-2.4,
// account.json): the customer fields as stored (storedAccountFields), then
// the fields computed here; a field without a value is nil (JSON null), by
// complete.
func (h *handler) accountView(a account) map[string]any {
	d := a.data
	m := map[string]any{}
	for _, name := range storedAccountFields() {
		m[name] = d[name] // nil when absent
	}
	// Country codes split into alpha-2 and alpha-3.
	m["countryName"] = countryName(d["countryCode"])
	if code, _ := d["countryCode"].(string); len(code) == 3 && h.mutant("cr-country-name-alpha2-only") {
		m["countryName"] = nil
	}
	m["correspondenceCountryName"] = countryName(d["correspondenceCountryCode"])
	m["correspondenceCountryCode"] = alpha2(d["correspondenceCountryCode"])
	m["correspondenceCountryCode3"] = alpha3(d["correspondenceCountryCode"])
	m["nationality"] = alpha2(d["nationality"])
	m["nationality3"] = alpha3(d["nationality"])
	if h.mutant("nationality-not-split") {
		m["nationality"], m["nationality3"] = d["nationality"], nil
	}
	if h.variant("country-codes-alpha3") {
		if code := alpha3(d["countryCode"]); code != nil {
			m["countryCode"] = code
		}
	}
	m["businessCompanyRegistrationCountryCode"] = alpha2(d["businessCompanyRegistrationCountryCode"])
	m["businessCompanyRegistrationCountryCode3"] = alpha3(d["businessCompanyRegistrationCountryCode"])
	m["businessCountryCode"] = alpha2(d["businessCountryCode"])
	m["businessCountryCode3"] = alpha3(d["businessCountryCode"])
	if h.mutant("business-country-not-split") {
		m["businessCountryCode"], m["businessCountryCode3"] = d["businessCountryCode"], nil
	}
	// Booleans.
	flag := func(name string) bool { b, _ := d[name].(bool); return b }
	m["useDifferentCorrespondenceAddress"] = flag("useDifferentCorrespondenceAddress")
	m["isBusinessUser"] = flag("isBusinessUser")
	m["isUserAgreementUpToDate"] = d["userAgreementReference"] != nil
	m["isEmailVerified"] = false
	m["isMobilePhoneVerified"] = false
	m["isUserActive"] = a.statusCode != statusClosed
	if h.mutant("account-flag-as-string") {
		m["isUserActive"] = fmt.Sprint(a.statusCode != statusClosed)
	}
	m["isUserLocked"] = false
	m["isMtanEnabled"] = false
	// Account-level fields.
	maximum, minimum := h.p.balanceLimits()
	m["accno"] = a.accno
	m["currCode"] = a.currCode
	m["accTypeName"] = a.accTypeName
	m["accTypeCode"] = a.accTypeCode
	m["maximumAllowedBalance"] = maximum
	if h.mutant("balance-limit-as-string") {
		m["maximumAllowedBalance"] = maximum.String()
	}
	m["minimumAllowedBalance"] = minimum
	m["statusCode"] = a.statusCode
	m["twoFAStatusCode"] = a.twoFAStatusCode
	m["accFlowStatusCode"] = a.accFlowStatusCode
	m["accountCreationDate"] = a.creationDate
	complete(accountSchema, m)
	if h.mutant("cr2-absent-text-empty-string") {
		for k, v := range m {
			if v == nil {
				m[k] = ""
			}
		}
	}
	return m
}

// closeAccount implements Close Account. A storedPaymentOptionReference
// must name a stored payment option of the account (the payout target of
// its balance, A-3); isDataDeleted and externalRequestReference are taken
// and, with no external system to ask, change nothing visible.
func (h *handler) closeAccount(c *call) reply {
	accno := c.v.str("accno")
	today := c.now.Format(time.DateOnly)
	switch {
	case h.mutant("close-data-deletion-refused") && c.v.flag("isDataDeleted"):
		return h.fail(outcome{"0042", http.StatusBadRequest}, "data deletion is not supported")
	case h.mutant("close-payout-option-refused") && c.v.str("storedPaymentOptionReference") != "":
		return h.fail(outcome{"0042", http.StatusBadRequest}, "payout is not supported")
	}
	if ref := c.v.str("storedPaymentOptionReference"); ref != "" {
		known := false
		h.options.with(accno, ref, func(o *storedOption, _ []*storedOption) { known = !o.deleted })
		if !known {
			return h.fail(h.p.unknownStoredOption(), "storedPaymentOptionReference names no stored payment option of the account")
		}
	}
	var rep reply
	found := h.accounts.with(c.scope, accno, func(a *account) {
		if a.statusCode == statusClosed && !h.variant("close-repeat-succeeds") {
			rep = h.fail(h.p.accountClosed(), "account is already closed")
			return
		}
		if a.statusCode != statusClosed && !h.mutant("close-state-active") {
			a.statusCode = statusClosed
			a.closed = today
		}
		fields := map[string]any{
			"partnerReference": c.v.str("partnerReference"),
			"programCode":      c.v.str("programCode"),
			"accno":            accno,
			"statusCode":       a.statusCode,
			"dateClosed":       today,
		}
		if a.closed != "" {
			fields["dateClosed"] = a.closed
		}
		if h.mutant("close-no-dateclosed") {
			delete(fields, "dateClosed")
		}
		if h.mutant("close-accno-a-number") {
			fields["accno"] = 4711
		}
		rep = h.ok(http.StatusOK, fields)
	})
	if !found && h.mutant("close-unknown-account-succeeds") {
		return h.ok(http.StatusOK, map[string]any{
			"partnerReference": c.v.str("partnerReference"),
			"programCode":      c.v.str("programCode"),
			"accno":            accno,
			"statusCode":       statusClosed,
			"dateClosed":       today,
		})
	}
	if !found {
		return h.fail(h.p.unknownAccount(), "account not found")
	}
	return rep
}
