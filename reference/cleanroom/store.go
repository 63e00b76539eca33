package cleanroom

import (
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/shopspring/decimal"
)

const (
	accnoTypeNumber   = "00" // the path/body value is the account number
	accnoTypeExternal = "01" // the path/body value is the externalAccountReference

	statusActive = "ACTIVE"
	statusClosed = "CLOSED"

	txReceived   = "RECEIVED"
	txAuthorized = "AUTHORIZED"
	txCaptured   = "CAPTURED"
	txCancelled  = "CANCELLED"
	txDeclined   = "DECLINED"
)

// account is an e-wallet account (user or merchant).
type account struct {
	Accno       string
	Owner       string // partner userId that opened it; "" for sandbox accounts visible to all
	ProgramCode string
	ExtRef      string
	CustCode    string
	UUID        string
	IsMerchant  bool
	Curr        string
	Status      string
	ValidFrom   string
	Created     string
	DateClosed  string
	ProductCode string
	AccTypeCode string

	// info holds the personal, correspondence and business fields as last
	// sent by Create Account / Update Account Information, by JSON name.
	info map[string]any

	entries  []*entry
	blocked  decimal.Decimal // open KC authorizations, in account currency
	stored   []*storedOption
	consents map[string]*consent
}

func (a *account) infoString(name string) string {
	s, _ := a.info[name].(string)
	return s
}

// entry is one account entry (B-2.3).
type entry struct {
	Seq          int // booking order on the account
	Booked       time.Time
	SourceAmount decimal.Decimal
	SourceCurr   string
	Amount       decimal.Decimal // always positive; the direction is Indicator
	Curr         string
	Rate         decimal.Decimal
	Balance      decimal.Decimal // booked balance after the entry
	Indicator    string          // CRDT or DBIT
	Description  string
	Name         string
	Type         string
	Reference    string
	Option       string
	Neutral      bool
}

type storedOption struct {
	Ref       string
	Code      string
	Carrier   string
	ExpMonth  int
	ExpYear   int
	BankCode  string
	Status    string // UNVERIFIED, VERIFYING, VERIFIED, ACTIVE (not verifiable)
	IsDefault bool
	Billing   map[string]string
	Country   country
}

type pendingAdd struct {
	Owner   string
	Accno   string
	Code    string
	Billing map[string]string
}

type consent struct {
	Ref    string
	Status string
}

// txn is a payment transaction (external payment or KC payment).
type txn struct {
	Ref         string
	Owner       string
	KC          bool
	Status      string
	Reason      string
	ProgramAcc  string
	ProgramCode string
	Initiator   string

	Accno     string // wallet loaded (external) or paying (KC); may be ""
	StoredRef string
	Option    string
	AuthToken string

	Amount    decimal.Decimal
	Curr      string
	Usage     string
	Captured  decimal.Decimal
	Refunded  decimal.Decimal
	Processed decimal.Decimal
	Custom    [3]string
	Invoice   string
	Channel   string
	Billing   map[string]string
	Country   country

	// KC payments
	Merchant        string
	MerchantProgram string
	FxRate          decimal.Decimal
	Blocked         decimal.Decimal // amount blocked on the wallet, account currency
	DepositRef      string
	Fee             decimal.Decimal

	Created time.Time
}

type tokenInfo struct {
	user  string
	until time.Time
}

type store struct {
	tokens   map[string]tokenInfo
	accounts map[string]*account // by accno
	order    []*account          // creation order
	txns     map[string]*txn
	adds     map[string]*pendingAdd // by authorizationToken
	seq      int
}

func newStore(cfg Config, now time.Time) *store {
	st := &store{
		tokens:   map[string]tokenInfo{},
		accounts: map[string]*account{},
		txns:     map[string]*txn{},
		adds:     map[string]*pendingAdd{},
	}
	m := &account{
		Accno:       cfg.Merchant.Accno,
		ProgramCode: cfg.Merchant.ProgramCode,
		ExtRef:      cfg.Merchant.ExternalAccountReference,
		CustCode:    "M000000001",
		UUID:        newUUID(),
		IsMerchant:  true,
		Curr:        cfg.Currency,
		Status:      statusActive,
		ValidFrom:   now.Format("2006-01-02"),
		Created:     now.Format("2006-01-02"),
		ProductCode: "EWMERCH",
		AccTypeCode: "EWMERCH",
		info: map[string]any{
			"merchantName":                      cfg.Merchant.Name,
			"lastName":                          cfg.Merchant.Name,
			"addr1":                             "Sandbox Street 1",
			"city":                              "Berlin",
			"postCode":                          "10115",
			"countryCode":                       "DE",
			"emailAddress":                      "merchant@sandbox.example",
			"useDifferentCorrespondenceAddress": false,
			"isBusinessUser":                    true,
			"businessCompanyName":               cfg.Merchant.Name,
		},
		consents: map[string]*consent{},
	}
	st.accounts[m.Accno] = m
	st.order = append(st.order, m)
	return st
}

func randomHex(n int) string {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		panic(err)
	}
	return hex.EncodeToString(b)
}

func newUUID() string {
	b := make([]byte, 16)
	if _, err := rand.Read(b); err != nil {
		panic(err)
	}
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:16])
}

// ---- tokens ----

func (s *server) checkToken(tok string) (string, bool) {
	if tok == "" {
		return "", false
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	ti, ok := s.st.tokens[tok]
	if !ok || !s.now().Before(ti.until) {
		return "", false
	}
	return ti.user, true
}

// ---- account lookup ----

// findAccount returns the account the caller names with (value, accnoType),
// seen from the calling partner. Accounts of other partners are not found.
func (s *server) findAccount(partner, value, accnoType string) *account {
	if accnoType == accnoTypeExternal {
		for _, a := range s.st.order {
			if a.ExtRef != "" && a.ExtRef == value && s.visible(partner, a) {
				return a
			}
		}
		return nil
	}
	a := s.st.accounts[value]
	if a == nil || !s.visible(partner, a) {
		return nil
	}
	return a
}

func (s *server) visible(partner string, a *account) bool {
	return a.Owner == "" || a.Owner == partner
}

// account resolves an account for an account operation: it must exist for
// this partner, belong to programCode (when given) and, unless allowClosed,
// be open.
func (s *server) account(c *call, value, accnoType, programCode string, allowClosed bool) (*account, error) {
	a := s.findAccount(c.partner, value, accnoType)
	if a == nil {
		return nil, fail(http.StatusNotFound, codeNoAccount, "account %s not found", value)
	}
	if programCode != "" && a.ProgramCode != programCode {
		return nil, fail(http.StatusNotFound, codeNoAccount, "account %s not found in program %s", value, programCode)
	}
	if !allowClosed && a.Status == statusClosed {
		return nil, fail(http.StatusConflict, codeClosed, "account %s is closed", a.Accno)
	}
	return a, nil
}

// checkProgramCode checks that a program code is known to the sandbox.
func (s *server) checkProgramCode(code string) error {
	if code == s.cfg.ProgramCode || code == s.cfg.Merchant.ProgramCode {
		return nil
	}
	return fail(http.StatusUnprocessableEntity, codeProgram, "unknown program code %s", code)
}

func (s *server) checkProgramAccno(accno string) error {
	if accno == s.cfg.ProgramAccno {
		return nil
	}
	return fail(http.StatusUnprocessableEntity, codeProgram, "unknown program account %s", accno)
}

func (s *server) txn(c *call) (*txn, error) {
	ref := c.r.PathValue("ref")
	t := s.st.txns[ref]
	if t == nil || t.Owner != c.partner {
		return nil, fail(http.StatusNotFound, codeNoTransaction, "payment transaction %s not found", ref)
	}
	return t, nil
}

// ---- money ----

// fxToEUR gives sandbox exchange rates: units of the currency per 1 EUR.
var fxToEUR = map[string]decimal.Decimal{
	"EUR": decimal.NewFromInt(1),
	"USD": decimal.RequireFromString("1.10"),
	"GBP": decimal.RequireFromString("0.85"),
	"CHF": decimal.RequireFromString("0.95"),
}

func supportedCurrency(c string) bool {
	_, ok := fxToEUR[c]
	return ok
}

func checkCurrency(field, c string) error {
	if !supportedCurrency(c) {
		return fail(http.StatusUnprocessableEntity, codeCurrency, "%s %s is not supported by the sandbox", field, c)
	}
	return nil
}

// fxRate is the rate from one currency to another, rounded to 2 decimals (Dec(18,2)).
func fxRate(from, to string) decimal.Decimal {
	if from == to {
		return decimal.NewFromInt(1)
	}
	return fxToEUR[to].Div(fxToEUR[from]).Round(2)
}

func convert(amount decimal.Decimal, from, to string) decimal.Decimal {
	return amount.Mul(fxRate(from, to)).Round(2)
}

func money(d decimal.Decimal) any { return jsonDec(d.StringFixed(2)) }

// jsonDec is a decimal written as a JSON number.
type jsonDec string

func (d jsonDec) MarshalJSON() ([]byte, error) { return []byte(d), nil }

// ---- balances and entries ----

func (a *account) booked() decimal.Decimal {
	if len(a.entries) == 0 {
		return decimal.Zero
	}
	return a.entries[len(a.entries)-1].Balance
}

func (a *account) available() decimal.Decimal { return a.booked().Sub(a.blocked) }

// post books an entry on the account. amount is in account currency and
// signed: positive credits, negative debits.
func (s *server) post(a *account, amount, source decimal.Decimal, sourceCurr, typ, desc, name, ref, option string) {
	e := &entry{
		Seq:          len(a.entries) + 1,
		Booked:       s.now(),
		SourceAmount: source.Abs(),
		SourceCurr:   sourceCurr,
		Amount:       amount.Abs(),
		Curr:         a.Curr,
		Rate:         fxRate(sourceCurr, a.Curr),
		Balance:      a.booked().Add(amount),
		Indicator:    "CRDT",
		Description:  desc,
		Name:         name,
		Type:         typ,
		Reference:    ref,
		Option:       option,
		Neutral:      amount.IsZero(),
	}
	if amount.IsNegative() {
		e.Indicator = "DBIT"
	}
	a.entries = append(a.entries, e)
}

// maxBalance is the maximumAllowedBalance of user accounts.
var maxBalance = decimal.NewFromInt(100000)

// ---- countries ----

type country struct {
	Alpha2, Alpha3, Name string
}

func lookupCountry(code string) (country, bool) {
	code = strings.ToUpper(code)
	for _, c := range countries {
		if c.Alpha2 == code || c.Alpha3 == code {
			return c, true
		}
	}
	return country{}, false
}

// countryFields returns code2, code3 and name of a country code, or nils.
func countryParts(code string) (any, any, any) {
	c, ok := lookupCountry(code)
	if !ok || code == "" {
		return nil, nil, nil
	}
	return c.Alpha2, c.Alpha3, c.Name
}
