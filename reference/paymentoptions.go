package reference

import (
	"maps"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/wallet-conformance/wallet-conformance/schemas"
)

// Transaction Type codes the server knows: AUTH (the value of the spec),
// usable with every payment option, and PAYOUT, usable with those whose
// payout flag is set.
const (
	txAuth   = "AUTH"
	txPayout = "PAYOUT"
)

// Values of stored payment options.
const (
	statusVerified      = "VERIFIED" // statusCode after Complete Verify
	validUntilTimeOfDay = "235959"   // validUntilTime: the end of validUntilDate
)

// paymentOptionOperations lists the stored payment option endpoints.
func paymentOptionOperations() []operation {
	return withPaymentFaults([]operation{
		{id: schemas.InitAddStoredPaymentOption, run: (*handler).initAdd},
		{id: schemas.CompleteAddStoredPaymentOption, run: (*handler).completeAdd},
		{id: schemas.InitVerifyStoredPaymentOption, run: (*handler).initVerify},
		{id: schemas.CompleteVerifyStoredPaymentOption, run: (*handler).completeVerify},
		{id: schemas.DeleteStoredPaymentOption, run: (*handler).deleteOption},
		{id: schemas.SetDefaultStoredPaymentOption, run: (*handler).setDefault},
		{id: schemas.GetPaymentOptions, run: (*handler).getPaymentOptions},
		{id: schemas.GetStoredPaymentOptions, run: (*handler).getStoredOptions},
	})
}

// paymentOption is one entry of the payment option catalogue, in the
// field order of the catalogue tables of personality.go.
type paymentOption struct {
	name, code             string
	group, groupCode       string
	subGroup, subGroupCode string
	storable               bool // may be stored with Init Add and Complete Add
	payout                 bool // usable for transaction type PAYOUT
	iconURL                string
}

// knownTransactionType reports whether tt is a Transaction Type code the
// server knows: AUTH (the value of the spec) and PAYOUT.
func knownTransactionType(tt string) bool {
	return tt == txAuth || tt == txPayout
}

// usableFor reports whether o may be used for the known transaction type
// tt; "" means any.
func usableFor(tt string, o paymentOption) bool {
	return tt != txPayout || o.payout
}

// storableOption finds the storable catalogue entry of that code, the first
// storable one when code is "".
func (h *handler) storableOption(code string) (paymentOption, bool) {
	for _, o := range h.p.paymentOptions() {
		if o.storable && (code == "" || o.code == code) {
			return o, true
		}
	}
	return paymentOption{}, false
}

// sandboxInstrument is the instrument the sandbox payment provider registers
// for a payment option: its full carrier number and bank code.
func sandboxInstrument(code string) (number, bankCode string) {
	switch code {
	case "SEPADD":
		return "DE89370400440532013000", "COBADEFFXXX"
	case "MC":
		return "5555555555554444", ""
	case "AMEX":
		return "378282246310005", ""
	default:
		return "4242424242424242", ""
	}
}

// grant is what Init Add leaves with the sandbox payment provider under the
// authorizationToken it issued.
type grant struct {
	accno   string
	option  paymentOption
	billing map[string]any // billingAddress from Init Add's BB fields; nil when it used the owner address
	used    bool           // redeemed by a successful Complete Add
}

// storedOption is one stored payment option.
type storedOption struct {
	reference               string
	option                  paymentOption
	carrierNumber, bankCode string
	expiryYear, expiryMonth int
	validUntilDate          string // D: the last day of the expiry month
	statusCode              string
	isDefault               bool
	verifyInitiated         bool           // Init Verify was called
	billing                 map[string]any // the billingAddress object
	deleted                 bool           // deleted, kept listed only by a mutant
}

// clone returns a copy that shares nothing mutable with o.
func (o *storedOption) clone() storedOption {
	c := *o
	c.billing = maps.Clone(o.billing)
	return c
}

// optionStore holds the grants of the sandbox payment provider and the
// stored payment options; safe for concurrent use. Handlers call it while
// holding the account store's lock, never the other way round.
type optionStore struct {
	mu      sync.Mutex                 // guards the maps below and everything they point to
	grants  map[string]*grant          // authorizationToken -> grant
	byAccno map[string][]*storedOption // accno -> options, in the order they were added
	refs    map[string]bool            // every reference issued, so none is issued twice
	gone    map[string]deletedOption   // reference -> the option Delete removed, and its account
}

// deletedOption is a stored option Delete removed, kept so that a repeated
// Delete can be told from one of an unknown reference (a variant), and so a
// mutant can still pay with it.
type deletedOption struct {
	accno  string
	option storedOption
}

func newOptionStore() *optionStore {
	return &optionStore{grants: map[string]*grant{}, byAccno: map[string][]*storedOption{}, refs: map[string]bool{}, gone: map[string]deletedOption{}}
}

// wasDeleted reports whether ref named an option of accno that Delete removed.
func (s *optionStore) wasDeleted(accno, ref string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	d, ok := s.gone[ref]
	return ok && d.accno == accno
}

// addGrant records the grant of a fresh authorizationToken.
func (s *optionStore) addGrant(token string, g grant) {
	s.mu.Lock()
	defer s.mu.Unlock()
	g.billing = maps.Clone(g.billing)
	s.grants[token] = &g
}

// grantOf returns a copy of the grant of token, and false when there is none.
func (s *optionStore) grantOf(token string) (grant, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	g, ok := s.grants[token]
	if !ok {
		return grant{}, false
	}
	c := *g
	c.billing = maps.Clone(g.billing)
	return c, true
}

// insert stores o on accno under a fresh reference drawn from newRef and
// returns it. With spend, it first redeems token, and stores nothing and
// reports false when the token is unknown or already used. With
// firstIsDefault, the first option of an account becomes its default.
func (s *optionStore) insert(accno string, o storedOption, token string, spend, firstIsDefault bool, newRef func() string) (string, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if spend {
		g, ok := s.grants[token]
		if !ok || g.used || g.accno != accno {
			return "", false
		}
		g.used = true
	}
	for {
		o.reference = newRef()
		if !s.refs[o.reference] {
			break
		}
	}
	s.refs[o.reference] = true
	o.isDefault = firstIsDefault && !slices.ContainsFunc(s.byAccno[accno], func(x *storedOption) bool { return !x.deleted })
	stored := o.clone()
	s.byAccno[accno] = append(s.byAccno[accno], &stored)
	return o.reference, true
}

// holdsCode reports whether accno holds a stored option, not deleted, of
// the payment option code.
func (s *optionStore) holdsCode(accno, code string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.ContainsFunc(s.byAccno[accno], func(o *storedOption) bool { return !o.deleted && o.option.code == code })
}

// list returns copies of the options of accno, in the order they were added.
func (s *optionStore) list(accno string) []storedOption {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]storedOption, 0, len(s.byAccno[accno]))
	for _, o := range s.byAccno[accno] {
		out = append(out, o.clone())
	}
	return out
}

// listAll returns copies of the options of every account, accounts in the
// order of their numbers: what the mutant stored-options-of-every-account
// lists.
func (s *optionStore) listAll() []storedOption {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []storedOption
	for _, accno := range slices.Sorted(maps.Keys(s.byAccno)) {
		for _, o := range s.byAccno[accno] {
			out = append(out, o.clone())
		}
	}
	return out
}

// with runs fn on the option ref of accno and on all options of the
// account while holding the lock, and reports false without calling fn when
// the account has no such option (deleted ones included).
func (s *optionStore) with(accno, ref string, fn func(o *storedOption, all []*storedOption)) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	all := s.byAccno[accno]
	i := slices.IndexFunc(all, func(x *storedOption) bool { return x.reference == ref && !x.deleted })
	if i < 0 {
		return false
	}
	fn(all[i], all)
	return true
}

// remove deletes the option ref of accno and reports false when there is
// none. With keepListed (a mutant) the option stays in the list, marked
// deleted. When the deleted option was the default and promote is set, the
// earliest added remaining option becomes the default.
func (s *optionStore) remove(accno, ref string, keepListed, promote bool) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	all := s.byAccno[accno]
	i := slices.IndexFunc(all, func(x *storedOption) bool { return x.reference == ref && !x.deleted })
	if i < 0 {
		return false
	}
	gone := all[i]
	gone.deleted = true
	s.gone[ref] = deletedOption{accno: accno, option: gone.clone()}
	if !keepListed {
		s.byAccno[accno] = slices.Delete(all, i, i+1)
	}
	if gone.isDefault && promote {
		for _, o := range s.byAccno[accno] {
			if !o.deleted {
				o.isDefault = true
				break
			}
		}
	}
	gone.isDefault = false
	return true
}

// onAccount runs fn on the account of the call's accno while holding the
// account store's lock, so that Close Account cannot interleave. It answers
// an unknown account (another partner's included), and a closed one unless
// allowClosed (a mutant).
func (h *handler) onAccount(c *call, allowClosed bool, fn func(a *account) reply) reply {
	var rep reply
	found := h.accounts.with(c.scope, c.v.str("accno"), func(a *account) {
		if a.statusCode == statusClosed && !allowClosed {
			rep = h.fail(h.p.accountClosed(), "account is closed")
			if h.mutant("refusal-0001-http-409") {
				rep.code, rep.status = "0001", http.StatusConflict
			}
			return
		}
		rep = fn(a)
	})
	if !found {
		return h.fail(h.p.unknownAccount(), "account not found")
	}
	return rep
}

// accountReply are the fields most operations of the area answer.
func accountReply(c *call) map[string]any {
	return map[string]any{
		"partnerReference": c.v.str("partnerReference"),
		"programCode":      c.v.str("programCode"),
		"accno":            c.v.str("accno"),
	}
}

// requestBilling is the billingAddress made of a request's BB fields.
func requestBilling(v values) map[string]any {
	return map[string]any{
		"fullName":    v.orNull("customerFullName"),
		"addr1":       v.orNull("addr1"),
		"addr2":       v.orNull("addr2"),
		"city":        v.orNull("city"),
		"state":       v.orNull("state"),
		"countryName": countryName(v["countryCode"]),
		"countryCode": v.orNull("countryCode"),
		"postCode":    v.orNull("postCode"),
	}
}

// ownerBilling is the billingAddress made of the account owner's address.
func ownerBilling(a *account) map[string]any {
	d := a.data
	first, _ := d["firstName"].(string)
	last, _ := d["lastName"].(string)
	return map[string]any{
		"fullName":    strings.TrimSpace(first + " " + last),
		"addr1":       d["addr1"],
		"addr2":       d["addr2"],
		"city":        d["city"],
		"state":       d["state"],
		"countryName": countryName(d["countryCode"]),
		"countryCode": d["countryCode"],
		"postCode":    d["postCode"],
	}
}

// emptyBilling is a billingAddress without values (a mutant's).
func emptyBilling() map[string]any {
	b := map[string]any{}
	for _, k := range []string{"fullName", "addr1", "addr2", "city", "state", "countryName", "countryCode", "postCode"} {
		b[k] = nil
	}
	return b
}

// initAdd implements Init Add Stored Payment Option.
func (h *handler) initAdd(c *call) reply {
	return h.onAccount(c, h.mutant("closed-account-initadd-allowed"), func(a *account) reply {
		code := c.v.str("paymentOptionCode")
		o, ok := h.storableOption(code)
		if !ok {
			return h.fail(h.p.paymentOptionUnavailable(), "payment option not available for storing: "+code)
		}
		g := grant{accno: a.accno, option: o}
		if c.v.flag("useDifferentBillingAddress") {
			g.billing = requestBilling(c.v)
		}
		token := h.p.newAuthorizationToken()
		if h.mutant("initadd-token-too-long") {
			token += strings.Repeat("x", 8193-len(token))
		}
		h.options.addGrant(token, g)
		fields := accountReply(c)
		fields["authorizationToken"] = token
		fields["paymentOptionCode"] = o.code
		fields["paymentProviderResponse"] = h.p.providerResponse(o.code, false)
		return h.ok(http.StatusOK, fields)
	})
}

// completeAdd implements Complete Add Stored Payment Option. The
// billingAddress stored is Complete Add's when its useDifferentBillingAddress
// is true, else Init Add's when that one was true, else the owner's.
func (h *handler) completeAdd(c *call) reply {
	return h.onAccount(c, false, func(a *account) reply {
		token := c.v.str("authorizationToken")
		check := !h.mutant("completeadd-token-not-checked")
		g, found := h.options.grantOf(token)
		if found && g.accno != a.accno {
			found = false
		}
		if check && (!found || g.used) {
			return h.fail(h.p.authorizationRejected(), "authorizationToken rejected by the payment provider")
		}
		code := c.v.str("paymentOptionCode")
		if !found { // only when the token is not checked
			o, ok := h.storableOption(code)
			if !ok {
				return h.fail(h.p.paymentOptionUnavailable(), "payment option not available for storing: "+code)
			}
			g = grant{accno: a.accno, option: o}
		}
		if code != "" && code != g.option.code {
			return h.fail(h.p.paymentOptionUnavailable(), "paymentOptionCode differs from the one of Init Add")
		}

		var billing map[string]any
		switch {
		case h.mutant("given-billing-address-not-stored"):
			billing = ownerBilling(a)
		case c.v.flag("useDifferentBillingAddress"):
			billing = requestBilling(c.v)
		case g.billing != nil:
			billing = g.billing
		case h.mutant("owner-address-not-used"):
			billing = emptyBilling()
		default:
			billing = ownerBilling(a)
		}
		number, bankCode := sandboxInstrument(g.option.code)
		year, month := h.p.expiry(c.now)
		o := storedOption{
			option:         g.option,
			carrierNumber:  h.p.maskCarrier(number),
			bankCode:       bankCode,
			expiryYear:     year,
			expiryMonth:    int(month),
			validUntilDate: time.Date(year, month+1, 0, 0, 0, 0, 0, time.UTC).Format(time.DateOnly),
			statusCode:     h.p.unverifiedStatus(),
			billing:        billing,
		}
		newRef := h.p.newStoredOptionReference
		if h.mutant("completeadd-reference-too-long") {
			newRef = func() string {
				r := h.p.newStoredOptionReference()
				return r + randomDigits(40-len(r))
			}
		}
		if h.mutant("cr-second-option-replaces-first") {
			if g, valid := h.options.grantOf(token); valid && !g.used && g.accno == a.accno {
				h.options.dropAll(a.accno) // one option per account
			}
		}
		if h.variant("one-option-per-code") && h.options.holdsCode(a.accno, g.option.code) {
			return h.fail(h.p.paymentOptionUnavailable(), "the account already holds a stored payment option of code "+g.option.code)
		}
		ref, ok := h.options.insert(a.accno, o, token, check, h.p.firstOptionIsDefault(), newRef)
		if !ok {
			return h.fail(h.p.authorizationRejected(), "authorizationToken rejected by the payment provider")
		}

		issuer := h.p.issuerCountry()
		fields := accountReply(c)
		fields["paymentOptionCode"] = g.option.code
		fields["storedPaymentOptionReference"] = ref
		fields["initiationCountryCode"] = issuer.alpha2
		if h.mutant("completeadd-country-alpha3") {
			fields["initiationCountryCode"] = issuer.alpha3
		}
		fields["initiationCountryCode3"] = issuer.alpha3
		fields["paymentProviderResponse"] = h.p.providerResponse(g.option.code, true)
		return h.ok(http.StatusCreated, fields)
	})
}

// unknownOption answers a storedPaymentOptionReference the account lacks.
func (h *handler) unknownOption() reply {
	return h.fail(h.p.unknownStoredOption(), "stored payment option not found")
}

// initVerify implements Init Verify Stored Payment Option. Its request
// carries programAccno (checked with the other codes); the answer carries
// the program's programCode.
func (h *handler) initVerify(c *call) reply {
	return h.onAccount(c, false, func(a *account) reply {
		if !h.options.with(a.accno, c.v.str("storedPaymentOptionReference"), func(o *storedOption, _ []*storedOption) {
			o.verifyInitiated = true
		}) && !h.mutant("initverify-unknown-option-ok") {
			return h.unknownOption()
		}
		fields := accountReply(c)
		fields["programCode"] = h.cfg.ProgramCode
		if h.variant("initverify-programcode-null") {
			fields["programCode"] = nil
		}
		return h.ok(h.unshownSuccess(h.p.initVerifyStatus()), fields)
	})
}

// completeVerify implements Complete Verify Stored Payment Option.
// Leading zeros of the verificationCode do not count, so a JSON integer
// matches a configured code that starts with 0.
func (h *handler) completeVerify(c *call) reply {
	code := c.v.str("verificationCode")
	if h.mutant("verification-code-long-accepted") && len(code) == 7 {
		code = code[:6]
	}
	right := strings.TrimLeft(code, "0") == strings.TrimLeft(h.cfg.VerificationCode, "0") ||
		h.mutant("verification-code-any")
	if h.variant("verification-code-format-wrong-code") && len(code) > 6 {
		right = false // not N(6): answered as a wrong code instead of 0001
	}
	return h.onAccount(c, false, func(a *account) reply {
		var rep reply
		if !h.options.with(a.accno, c.v.str("storedPaymentOptionReference"), func(o *storedOption, _ []*storedOption) {
			if out, refused := h.p.verificationNotInitiated(); refused && !o.verifyInitiated {
				rep = h.fail(out, "verification of the stored payment option was not initiated")
				return
			}
			if !right {
				rep = h.fail(h.p.wrongVerificationCode(), "verificationCode is not correct")
				return
			}
			o.statusCode = statusVerified
			rep = h.ok(http.StatusOK, accountReply(c))
		}) {
			return h.unknownOption()
		}
		return rep
	})
}

// deleteOption implements Delete Stored Payment Option.
func (h *handler) deleteOption(c *call) reply {
	return h.onAccount(c, h.mutant("closed-account-delete-allowed"), func(a *account) reply {
		ref := c.v.str("storedPaymentOptionReference")
		if h.mutant("cr2-delete-removes-first-option") {
			ref = h.options.firstOptionRef(a.accno, ref)
		}
		if !h.options.remove(a.accno, ref, h.mutant("deleted-option-still-listed"), h.p.promoteDefaultOnDelete()) &&
			!(h.variant("delete-idempotent") && h.options.wasDeleted(a.accno, ref)) {
			return h.unknownOption()
		}
		return h.ok(http.StatusOK, accountReply(c))
	})
}

// setDefault implements Set Default Stored Payment Option: the option
// becomes the account's only default.
func (h *handler) setDefault(c *call) reply {
	return h.onAccount(c, false, func(a *account) reply {
		if !h.options.with(a.accno, c.v.str("storedPaymentOptionReference"), func(o *storedOption, all []*storedOption) {
			if h.mutant("setdefault-not-moving") {
				return
			}
			if !h.mutant("setdefault-two-defaults") {
				for _, x := range all {
					x.isDefault = false
				}
			}
			o.isDefault = true
		}) && !h.mutant("unknown-option-setdefault-ok") {
			return h.unknownOption()
		}
		return h.ok(h.unshownSuccess(h.p.setDefaultStatus()), accountReply(c))
	})
}

// checkTransactionType answers an unknown transactionTypeCode; "" passes.
func (h *handler) checkTransactionType(tt string) (reply, bool) {
	if tt != "" && !knownTransactionType(tt) {
		return h.fail(h.p.unknownTransactionType(), "invalid value: transactionTypeCode"), true
	}
	return reply{}, false
}

// getPaymentOptions implements Get Payment Options: the catalogue
// entries usable for the transaction type.
func (h *handler) getPaymentOptions(c *call) reply {
	return h.onAccount(c, false, func(a *account) reply {
		tt := c.v.str("transactionTypeCode")
		if rep, bad := h.checkTransactionType(tt); bad {
			return rep
		}
		list := []any{}
		byCode := map[string]any{}
		catalogue := h.p.paymentOptions()
		if h.mutant("payment-option-code-too-long") {
			extra := catalogue[0]
			extra.name, extra.code, extra.storable = extra.name+" Installments", "VISAINSTALL", false
			catalogue = append(catalogue, extra)
		}
		for _, o := range catalogue {
			if !usableFor(tt, o) || (o.code == "VISA" && h.mutant("payment-options-missing-profile-option")) {
				continue
			}
			view := h.paymentOptionView(o)
			list = append(list, view)
			byCode[o.code] = view
		}
		fields := accountReply(c)
		fields["transactionTypeCode"] = c.v.orNull("transactionTypeCode")
		fields["paymentOptions"] = list
		if h.mutant("payment-options-not-array") {
			fields["paymentOptions"] = byCode
		}
		return h.ok(http.StatusOK, fields)
	})
}

// paymentOptionView is the JSON object of A-2.5 (payment-option.json),
// completed from its schema before the mutants and variants change it.
func (h *handler) paymentOptionView(o paymentOption) map[string]any {
	m := map[string]any{
		"name":                o.name,
		"code":                o.code,
		"paymentGroup":        o.group,
		"paymentGroupCode":    o.groupCode,
		"paymentSubGroup":     o.subGroup,
		"paymentSubGroupCode": o.subGroupCode,
		"isStorable":          o.storable,
		"iconUrl":             o.iconURL,
	}
	complete(paymentOptionShape, m)
	if h.variant("payment-option-groups-null") {
		m["paymentSubGroup"], m["paymentSubGroupCode"] = nil, nil
	}
	if h.mutant("payment-option-iconurl-a-number") {
		m["iconUrl"] = 4711
	}
	if h.mutant("payment-option-iconurl-not-a-url") {
		m["iconUrl"] = o.name + " card icon"
	}
	return m
}

// getStoredOptions implements Get Stored Payment Options, restricted
// to the options usable for transactionTypeCode when it is given.
func (h *handler) getStoredOptions(c *call) reply {
	return h.onAccount(c, false, func(a *account) reply {
		tt := c.v.str("transactionTypeCode")
		if rep, bad := h.checkTransactionType(tt); bad {
			return rep
		}
		stored := h.options.list(a.accno)
		if h.mutant("stored-options-of-every-account") {
			stored = h.options.listAll()
		}
		if h.p.newestOptionFirst() {
			slices.Reverse(stored)
		}
		list := []any{}
		for _, o := range stored {
			if o.option.code == "VISA" && h.mutant("stored-option-not-listed") {
				continue
			}
			unverified := tt != "" && o.statusCode != statusVerified && h.variant("stored-options-filter-unverified")
			if usableFor(tt, o.option) && !unverified {
				list = append(list, h.storedOptionView(o))
			}
		}
		fields := accountReply(c)
		fields["paymentOptions"] = list
		return h.ok(http.StatusOK, fields)
	})
}

// storedOptionView is the JSON object of A-2.6 (stored-payment-option.json),
// completed from its schema before the mutants and variants change it.
func (h *handler) storedOptionView(o storedOption) map[string]any {
	m := map[string]any{
		"name":                o.option.name,
		"code":                o.option.code,
		"carrierNumber":       o.carrierNumber,
		"reference":           o.reference,
		"paymentGroup":        o.option.group,
		"paymentGroupCode":    o.option.groupCode,
		"paymentSubGroup":     o.option.subGroup,
		"paymentSubGroupCode": o.option.subGroupCode,
		"expiryMonth":         o.expiryMonth,
		"expiryYear":          o.expiryYear,
		"validUntilDate":      o.validUntilDate,
		"validUntilTime":      validUntilTimeOfDay,
		"bankCode":            o.bankCode,
		"isVerifiable":        true,
		"statusCode":          o.statusCode,
		"isDefault":           o.isDefault,
		"billingAddress":      o.billing,
		"iconUrl":             o.option.iconURL,
	}
	complete(storedOptionShape, m)
	if h.mutant("stored-option-fullname-cut-100") {
		if name, ok := o.billing["fullName"].(string); ok && utf8.RuneCountInString(name) > 100 {
			cut := maps.Clone(o.billing)
			cut["fullName"] = string([]rune(name)[:100])
			m["billingAddress"] = cut
		}
	}
	if h.mutant("stored-option-billingaddress-a-string") {
		m["billingAddress"] = "Marktplatz 3, Muenster"
	}
	if h.mutant("stored-option-validuntiltime-not-a-time") {
		m["validUntilTime"] = "23:59:59"
	}
	if h.mutant("carrier-number-unmasked") {
		m["carrierNumber"], _ = sandboxInstrument(o.option.code)
	}
	if o.bankCode != "" && h.variant("omits-valueless-fields") {
		// A bank account has no expiry (A-2.6 lists expiryMonth and
		// expiryYear, no sentence makes them present).
		delete(m, "expiryMonth")
		delete(m, "expiryYear")
	}
	if o.bankCode == "" && h.variant("bankcode-null") {
		m["bankCode"] = nil
	}
	if h.variant("billing-address-upper-case") {
		upper := maps.Clone(o.billing)
		for k, v := range upper {
			if s, ok := v.(string); ok && k != "countryCode" {
				upper[k] = strings.ToUpper(s)
			}
		}
		m["billingAddress"] = upper
	}
	if h.mutant("stored-option-expiry-as-string") {
		m["expiryMonth"] = strconv.Itoa(o.expiryMonth)
		m["expiryYear"] = strconv.Itoa(o.expiryYear)
	}
	return m
}
