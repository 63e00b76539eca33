package reference

import (
	"cmp"
	"encoding/json"
	"net/http"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/shopspring/decimal"

	"github.com/wallet-conformance/wallet-conformance/schemas"
)

// Transaction Status values (B-3).
const (
	statusReceived   = "RECEIVED"
	statusAuthorized = "AUTHORIZED"
	statusCaptured   = "CAPTURED"
	statusCancelled  = "CANCELLED"
	statusRefunded   = "REFUNDED" // not a Transaction Status: only the provider response of a refund, and a mutant's
)

// programName is the initiatorName of payments the program initiates.
const programName = "Reference Program"

// paymentOperations lists the payment endpoints.
func paymentOperations() []operation {
	return withPaymentFaults([]operation{
		{id: schemas.InitAuthorize, run: (*handler).initAuthorize},
		{id: schemas.CompleteAuthorize, run: (*handler).completeAuthorize},
		{id: schemas.Authorize, run: (*handler).authorize},
		{id: schemas.Capture, run: (*handler).capture},
		{id: schemas.Refund, run: (*handler).refund},
		{id: schemas.Cancel, run: (*handler).cancel},
		{id: schemas.GetPaymentStatus, run: (*handler).paymentStatus},
	})
}

// paymentKind says how a payment was created, which decides the
// operations that apply to it (B-3).
type paymentKind int

const (
	paymentExternal    paymentKind = iota // Init Authorize or Authorize: through an external payment option
	paymentKCAuthorize                    // KC-Authorize: a block on a wallet in favour of the merchant
	paymentKCDebit                        // KC-Debit Account: a wallet debited at once in favour of the merchant
)

// kindName names a payment kind in error descriptions.
func kindName(k paymentKind) string {
	switch k {
	case paymentKCAuthorize:
		return "KC-Authorize"
	case paymentKCDebit:
		return "KC-Debit Account"
	}
	return "an external payment option"
}

// paymentMoves is the state table of B-3: the kinds of payment each
// operation on an existing payment applies to, and the statuses from which
// it may start.
func paymentMoves(op string) (kinds []paymentKind, from []string) {
	switch op {
	case schemas.CompleteAuthorize:
		return []paymentKind{paymentExternal}, []string{statusReceived}
	case schemas.Capture, schemas.Cancel:
		return []paymentKind{paymentExternal}, []string{statusAuthorized}
	case schemas.Refund:
		return []paymentKind{paymentExternal}, []string{statusCaptured}
	case schemas.KCCapture, schemas.KCCancel:
		return []paymentKind{paymentKCAuthorize}, []string{statusAuthorized}
	case schemas.KCRefund:
		return []paymentKind{paymentKCAuthorize, paymentKCDebit}, []string{statusCaptured}
	}
	return nil, nil
}

// billingAddress is the billing address of a payment, as Get Payment Status
// reports it; each field is a string or nil (absent).
type billingAddress struct {
	fullName, addr1, addr2, addr3, houseNumber any
	city, state, countryCode, postCode         any
}

// requestAddress is the billing address made of a request's BB fields.
func requestAddress(v values) billingAddress {
	return billingAddress{
		fullName:    v.orNull("customerFullName"),
		addr1:       v.orNull("addr1"),
		addr2:       v.orNull("addr2"),
		addr3:       v.orNull("addr3"),
		houseNumber: v.orNull("houseNumber"),
		city:        v.orNull("city"),
		state:       v.orNull("state"),
		countryCode: v.orNull("countryCode"),
		postCode:    v.orNull("postCode"),
	}
}

// optionAddress is the billing address made of a stored payment option's
// billingAddress, which has no addr3 and no houseNumber.
func optionAddress(b map[string]any) billingAddress {
	return billingAddress{
		fullName:    b["fullName"],
		addr1:       b["addr1"],
		addr2:       b["addr2"],
		city:        b["city"],
		state:       b["state"],
		countryCode: b["countryCode"],
		postCode:    b["postCode"],
	}
}

// payment is one payment transaction (B-2.1).
type payment struct {
	partner        string // userId of the partner whose token created it: its owner
	kind           paymentKind
	reference      string // uniqueReference
	token          string // authorizationToken of Init Authorize; "" after Authorize
	status         string // Transaction Status
	accno          string // the request's accno, "" when none: the wallet loaded, or the KC payer
	storedRef      string // storedPaymentOptionReference, "" for a guest payment
	optionCode     string // paymentOptionCode
	initiatorAccno string
	initiatorName  string
	amount         decimal.Decimal // presentationAmount (KC: paymentAmount), also the processedAmount once authorized
	currCode       string          // presentationCurrCode (KC: paymentCurrCode), also processedCurrCode
	usage          string          // presentationUsage (KC: paymentUsage, S(255))
	captured       decimal.Decimal // modifiedAmount of the capture; zero before
	refunded       decimal.Decimal // sum of the refunds so far
	billing        billingAddress
	merchantAccno  string          // KC: the merchant account credited
	blocked        decimal.Decimal // KC-Authorize: the amount still blocked on the wallet
	partnerRef     string          // the partnerReference of the request that made it (B-2.1)
	localDate      string          // the localDate of the request that made it
	made           time.Time       // the server's time it was made (the call's c.now)
	seq            int             // the order it was made in: 1 for the store's first
}

// madeBy records what the request that makes a payment says of it: its
// partnerReference, its localDate and the server's time (a listing of
// payments filters and orders by these; the store sets seq).
func (p *payment) madeBy(c *call) {
	p.partnerRef, p.localDate, p.made = c.v.str("partnerReference"), c.v.str("localDate"), c.now
}

// paymentStore holds the payments; safe for concurrent use. Handlers never
// hold another store's lock while calling it; functions it runs under its
// lock may call the ledger store.
type paymentStore struct {
	mu     sync.Mutex          // guards byRef, stored and every payment byRef points to
	byRef  map[string]*payment // uniqueReference -> payment
	stored int                 // how many were stored: the last one's seq
}

func newPaymentStore() *paymentStore {
	return &paymentStore{byRef: map[string]*payment{}}
}

// insert stores p under a fresh reference drawn from newRef and returns it.
func (s *paymentStore) insert(p payment, newRef func() string) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	for {
		p.reference = newRef()
		if _, taken := s.byRef[p.reference]; !taken {
			break
		}
	}
	s.stored++
	p.seq = s.stored
	s.byRef[p.reference] = &p
	return p.reference
}

// insertWith calls fn with p under a fresh reference drawn from newRef
// while holding the lock, and stores p unless fn reports false. It returns
// the reference, "" when nothing was stored.
func (s *paymentStore) insertWith(p payment, newRef func() string, fn func(p *payment) bool) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	for {
		p.reference = newRef()
		if _, taken := s.byRef[p.reference]; !taken {
			break
		}
	}
	if !fn(&p) {
		return ""
	}
	s.stored++
	p.seq = s.stored
	s.byRef[p.reference] = &p
	return p.reference
}

// madeWith returns copies of the payments sc reaches that were made with
// accno (the wallet a load loads, the KC payer: payment.accno), in the
// order they were made: what a listing of an account's payments reads.
func (s *paymentStore) madeWith(sc scope, accno string) []payment {
	s.mu.Lock()
	defer s.mu.Unlock()
	var ps []payment
	for _, p := range s.byRef {
		if p.accno == accno && sc.reaches(p.partner) {
			ps = append(ps, *p)
		}
	}
	slices.SortFunc(ps, func(a, b payment) int { return a.seq - b.seq })
	return ps
}

// with runs fn on the payment while holding the lock, and reports false
// without calling fn when there is no such payment that sc reaches.
func (s *paymentStore) with(sc scope, ref string, fn func(p *payment)) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	p, ok := s.byRef[ref]
	if !ok || !sc.reaches(p.partner) {
		return false
	}
	fn(p)
	return true
}

// lookup finds a stored payment option by reference across all accounts
// and returns a copy with the number of the account that holds it; with
// deletedToo (a mutant's), an option Delete removed is found as well. The
// caller checks that the account is one it may reach.
func (s *optionStore) lookup(ref string, deletedToo bool) (storedOption, string, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for accno, list := range s.byAccno {
		for _, o := range list {
			if o.reference == ref && !o.deleted {
				return o.clone(), accno, true
			}
		}
	}
	if d, ok := s.gone[ref]; ok && deletedToo {
		return d.option.clone(), d.accno, true
	}
	return storedOption{}, "", false
}

// money writes an amount as a JSON number with exactly two decimals.
func money(d decimal.Decimal) json.Number {
	return json.Number(d.StringFixed(amountScale))
}

// orNullString is s, or nil when s is "".
func orNullString(s string) any {
	if s == "" {
		return nil
	}
	return s
}

// addCustom echoes custom1..3 of the request into fields (null when absent).
func addCustom(fields map[string]any, v values) {
	for _, name := range []string{"custom1", "custom2", "custom3"} {
		fields[name] = v.orNull(name)
	}
}

// closedAccount reports whether accno names a closed account the call
// reaches: A-3 "further usage of the account is disabled".
func (h *handler) closedAccount(c *call, accno string) bool {
	a, ok := h.accounts.get(c.scope, accno)
	return ok && a.statusCode == statusClosed
}

// newPayment builds the payment of an Init Authorize (initiated true) or
// Authorize request, owned by the call's partner: it checks accno, the
// stored payment option (both must be the partner's) or the
// paymentOptionCode, and sets the billing address and the initiator. With
// useDifferentBillingAddress false and a stored option, the address is the
// option's billing address, else the owner's (B-4.3; B-4.1 says "the
// address of the account owner (determined by the stored payment
// option)"). It answers a handled error and false when the request cannot
// be served.
func (h *handler) newPayment(c *call, initiated bool) (payment, reply, bool) {
	p := payment{
		partner:        c.scope.partner,
		accno:          c.v.str("accno"),
		storedRef:      c.v.str("storedPaymentOptionReference"),
		initiatorAccno: h.cfg.ProgramAccno,
		initiatorName:  programName,
		currCode:       c.v.str("presentationCurrCode"),
		usage:          c.v.str("presentationUsage"),
	}
	p.madeBy(c)
	p.amount, _ = c.v.amount("presentationAmount")
	if h.mutant("cr-amount-float-precision") {
		p.amount = decimal.NewFromFloat(p.amount.InexactFloat64()).Round(amountScale)
	}
	if p.accno != "" {
		a, found := h.accounts.get(c.scope, p.accno)
		if !found {
			return p, h.fail(h.p.unknownAccount(), "account not found"), false
		}
		if a.statusCode == statusClosed && !h.mutant("cr-closed-wallet-loadable") && (initiated || !h.mutant("closed-account-authorize-allowed")) {
			return p, h.fail(h.p.accountClosed(), "account is closed"), false
		}
		if !strings.EqualFold(p.currCode, a.currCode) {
			return p, h.fail(h.p.currencyMismatch(), "invalid value: presentationCurrCode differs from the currency of the account loaded (accno)"), false
		}
	}
	code := c.v.str("paymentOptionCode")
	switch {
	case p.storedRef != "":
		o, ownerAccno, found := h.options.lookup(p.storedRef, h.mutant("deleted-option-still-usable"))
		if !found {
			return p, h.unknownOption(), false
		}
		owner, found := h.accounts.get(c.scope, ownerAccno)
		if !found { // another partner's option
			return p, h.unknownOption(), false
		}
		if owner.statusCode == statusClosed {
			return p, h.fail(h.p.accountClosed(), "the account of the stored payment option is closed"), false
		}
		if code != "" && code != o.option.code {
			return p, h.fail(h.p.paymentOptionUnavailable(), "paymentOptionCode differs from the stored payment option's"), false
		}
		if h.variant("unverified-option-cannot-pay") && o.statusCode != statusVerified {
			return p, h.fail(h.p.paymentOptionUnavailable(), "the stored payment option is not verified"), false
		}
		p.optionCode = o.option.code
		if !h.p.programInitiates() {
			p.initiatorAccno = owner.accno
			p.initiatorName, _ = ownerBilling(&owner)["fullName"].(string)
		}
		switch {
		case c.v.flag("useDifferentBillingAddress"):
			p.billing = requestAddress(c.v)
		case initiated && h.mutant("customer-payment-no-owner-address"):
			p.billing = billingAddress{}
		case !initiated && h.mutant("cr2-authorize-billing-of-first-option"):
			p.billing = optionAddress(h.options.firstOptionBilling(ownerAccno, ownerBilling(&owner)))
		case o.billing == nil || (!initiated && h.mutant("authorize-ignores-option-billing")):
			p.billing = optionAddress(ownerBilling(&owner))
		default:
			p.billing = optionAddress(o.billing)
		}
	default:
		if code == "" && h.mutant("initauth-no-option-accepted") {
			code = h.p.paymentOptions()[0].code
		}
		if !slices.ContainsFunc(h.p.paymentOptions(), func(o paymentOption) bool { return o.code == code }) {
			return p, h.fail(h.p.paymentOptionUnavailable(), "payment option not available: "+code), false
		}
		p.optionCode = code
		if c.v.flag("useDifferentBillingAddress") {
			p.billing = requestAddress(c.v)
		}
	}
	return p, reply{}, true
}

// initAuthorize implements B-4.1 Init Authorize: the payment is RECEIVED
// and the sandbox payment provider issues its authorizationToken.
func (h *handler) initAuthorize(c *call) reply {
	if rep, ok := h.guestDataCheck(c); !ok {
		return rep
	}
	p, rep, ok := h.newPayment(c, true)
	if !ok {
		return rep
	}
	p.status = statusReceived
	p.token = h.p.newPaymentToken()
	newRef := h.p.newPaymentReference
	if h.mutant("payment-reference-too-long") {
		newRef = func() string {
			r := h.p.newPaymentReference()
			return r + randomDigits(40-len(r))
		}
	}
	p.reference = h.payments.insert(p, newRef)

	status := p.status
	if h.mutant("initauth-state-authorized") {
		status = statusAuthorized
	}
	fields := map[string]any{
		"partnerReference":             c.v.str("partnerReference"),
		"programAccno":                 c.v.str("programAccno"),
		"programCode":                  h.cfg.ProgramCode,
		"accno":                        orNullString(p.accno),
		"storedPaymentOptionReference": orNullString(p.storedRef),
		"uniqueReference":              p.reference,
		"authorizationToken":           p.token,
		"paymentOptionCode":            p.optionCode,
		"presentationAmount":           money(p.amount),
		"presentationCurrCode":         p.currCode,
		"presentationUsage":            p.usage,
		"statusCode":                   status,
		"statusReason":                 h.p.statusReason(status),
		"paymentProviderResponse":      h.p.paymentProviderResponse(p.optionCode, status, false),
	}
	if h.mutant("provider-response-array-everywhere") {
		fields["paymentProviderResponse"] = []any{fields["paymentProviderResponse"]}
	}
	addCustom(fields, c.v)
	return h.ok(http.StatusCreated, fields)
}

// moveAllowed reports whether op applies to the payment in its status
// (B-3); mutants allow some forbidden moves.
func (h *handler) moveAllowed(op string, p *payment) bool {
	ext, from := p.kind == paymentExternal, p.status
	switch {
	case ext && op == schemas.CompleteAuthorize && from == statusAuthorized && h.mutant("complete-twice-allowed"),
		ext && op == schemas.CompleteAuthorize && from == statusCancelled && h.mutant("complete-after-cancel"),
		ext && op == schemas.Capture && from == statusReceived && h.mutant("capture-from-received"),
		ext && op == schemas.Capture && from == statusCancelled && h.mutant("capture-after-cancel"),
		ext && op == schemas.Capture && from == statusCaptured && h.mutant("capture-twice-loads-again"),
		ext && op == schemas.Cancel && from == statusReceived && h.mutant("cancel-from-received"),
		ext && op == schemas.Cancel && from == statusCaptured && p.accno == "" && h.variant("cancel-voids-capture"),
		ext && op == schemas.Refund && from == statusAuthorized && h.mutant("refund-before-capture"),
		p.kind == paymentKCAuthorize && op == schemas.KCCancel && from == statusCaptured && h.mutant("kc-cancel-after-capture"),
		p.kind == paymentKCDebit && op == schemas.KCCapture && from == statusCaptured && h.mutant("kc-capture-of-debit"):
		return true
	}
	kinds, states := paymentMoves(op)
	return slices.Contains(kinds, p.kind) && slices.Contains(states, from)
}

// onPayment runs fn on the payment of the call's uniqueReference while
// holding the payment store's lock, once the state table allows op. It
// answers an unknown payment (another partner's included) and a forbidden
// move, changing nothing.
func (h *handler) onPayment(c *call, op string, fn func(p *payment) reply) reply {
	var rep reply
	found := h.payments.with(c.scope, c.v.str("uniqueReference"), func(p *payment) {
		if h.variant("repeat-answers-again") && p.kind == paymentExternal && repeats(op, p.status) {
			rep = h.repeatAnswer(c, op, p)
			return
		}
		if !h.moveAllowed(op, p) {
			rep = h.fail(h.p.forbiddenMove(), "operation not allowed: the payment ("+kindName(p.kind)+") is "+p.status)
			if op == schemas.Cancel && p.status == statusCaptured && h.mutant("failed-move-changes-state") {
				p.status = statusCancelled
			}
			if op == schemas.Refund && p.status == statusAuthorized && p.accno != "" && h.mutant("refused-load-refund-books-money") {
				accno, post := p.accno, posting{kind: entryLoad, amount: p.amount, reference: p.reference, description: p.usage, name: payerName(p), optionCode: p.optionCode}
				h.ledgers.do(c.now, func(tx *ledgerTx) {
					if w := tx.ledger(accno); w != nil {
						tx.credit(w, post)
					}
				})
			}
			return
		}
		rep = fn(p)
	})
	if !found {
		return h.fail(h.p.unknownPayment(), "payment not found")
	}
	return rep
}

// repeats reports whether op applied to a payment in status is an exact
// repeat of a move: the status is the one op results in (B-3).
func repeats(op, status string) bool {
	switch op {
	case schemas.CompleteAuthorize:
		return status == statusAuthorized
	case schemas.Capture:
		return status == statusCaptured
	case schemas.Cancel:
		return status == statusCancelled
	}
	return false
}

// repeatAnswer answers an exact repeat of a move as the move was answered,
// changing nothing and moving no money (the variant repeat-answers-again).
func (h *handler) repeatAnswer(c *call, op string, p *payment) reply {
	fields := h.paymentReply(c, p, p.status)
	status := http.StatusCreated
	switch op {
	case schemas.CompleteAuthorize:
		status = http.StatusOK
		issuer := h.p.issuerCountry()
		fields["storedPaymentOptionReference"] = orNullString(p.storedRef)
		fields["initiationCountryCode"] = issuer.alpha2
		fields["initiationCountryCode3"] = issuer.alpha3
		fields["processedAmount"], fields["processedCurrCode"] = h.processed(p, p.amount)
	case schemas.Capture:
		addCustom(fields, c.v)
		fields["modifiedAmount"] = money(p.captured)
		fields["modifiedAmountCurrCode"] = p.currCode
		fields["processedAmount"], fields["processedCurrCode"] = h.processed(p, h.processedBase(p))
	case schemas.Cancel:
		addCustom(fields, c.v)
	}
	return h.ok(status, fields)
}

// paymentReply are the fields every operation on an existing payment
// answers (B-4.2, B-4.4 to B-4.6) but custom1..3; provider is the status
// its paymentProviderResponse reports.
func (h *handler) paymentReply(c *call, p *payment, provider string) map[string]any {
	fields := map[string]any{
		"partnerReference":        c.v.str("partnerReference"),
		"initiatorAccno":          p.initiatorAccno,
		"accno":                   orNullString(p.accno),
		"uniqueReference":         p.reference,
		"statusCode":              p.status,
		"statusReason":            h.p.statusReason(p.status),
		"paymentProviderResponse": h.p.paymentProviderResponse(p.optionCode, provider, true),
	}
	return fields
}

// completeAuthorize implements B-4.2 Complete Authorize: the payment's
// authorizationToken makes a RECEIVED payment AUTHORIZED. With
// useDifferentBillingAddress true its address becomes the payment's billing
// address.
func (h *handler) completeAuthorize(c *call) reply {
	if _, given := c.v["useDifferentBillingAddress"]; !given && h.mutant("cr-complete-billing-default-true") {
		var missing []string
		for _, r := range c.spec.rules { // the billing rule, taken to apply when the flag is omitted
			for _, name := range r.fields {
				if _, ok := c.v[name]; !ok && r.trigger == "useDifferentBillingAddress" {
					missing = append(missing, name)
				}
			}
		}
		if len(missing) > 0 {
			return h.invalid(problems{missing: missing})
		}
	}
	return h.onPayment(c, schemas.CompleteAuthorize, func(p *payment) reply {
		if p.token == "" || !equal(c.v.str("authorizationToken"), p.token) {
			return h.fail(h.p.authorizationRejected(), "authorizationToken rejected by the payment provider")
		}
		if c.v.flag("useDifferentBillingAddress") {
			p.billing = requestAddress(c.v)
		}
		if !h.mutant("complete-leaves-received") {
			p.status = statusAuthorized
		}
		issuer := h.p.issuerCountry()
		fields := h.paymentReply(c, p, p.status)
		fields["storedPaymentOptionReference"] = orNullString(p.storedRef)
		fields["initiationCountryCode"] = issuer.alpha2
		fields["initiationCountryCode3"] = issuer.alpha3
		fields["processedAmount"], fields["processedCurrCode"] = h.processed(p, p.amount)
		if h.mutant("complete-no-processed-amount") {
			delete(fields, "processedAmount")
		}
		return h.ok(http.StatusOK, fields)
	})
}

// authorize implements B-4.3 Authorize: a payment with a stored payment
// option, AUTHORIZED at once.
func (h *handler) authorize(c *call) reply {
	if rep, bad := h.checkOneTimePassword(c); bad {
		return rep
	}
	p, rep, ok := h.newPayment(c, false)
	if !ok {
		return rep
	}
	p.status = statusAuthorized
	if h.mutant("authorize-state-received") {
		p.status = statusReceived
	}
	p.reference = h.payments.insert(p, h.p.newPaymentReference)
	fields := map[string]any{
		"partnerReference":             c.v.str("partnerReference"),
		"programAccno":                 c.v.str("programAccno"),
		"accno":                        orNullString(p.accno),
		"uniqueReference":              p.reference,
		"storedPaymentOptionReference": p.storedRef,
		"invoiceReference":             c.v.orNull("invoiceReference"),
		"channelProductReference":      c.v.orNull("channelProductReference"),
		"presentationAmount":           money(p.amount),
		"presentationCurrCode":         p.currCode,
		"presentationUsage":            p.usage,
		"statusCode":                   p.status,
		"statusReason":                 h.p.statusReason(p.status),
		"paymentProviderResponse":      h.p.paymentProviderResponse(p.optionCode, p.status, false),
	}
	fields["processedAmount"], fields["processedCurrCode"] = h.processed(&p, p.amount)
	addCustom(fields, c.v)
	return h.ok(http.StatusCreated, fields)
}

// checkCurrency answers a currency code (modifiedAmountCurrCode,
// refundCurrCode) other than the payment's; "" passes.
func (h *handler) checkCurrency(p *payment, c *call, name string) (reply, bool) {
	if cc := c.v.str(name); cc != "" && !strings.EqualFold(cc, p.currCode) {
		return h.fail(h.p.currencyMismatch(), "invalid value: "+name+" differs from the payment's currency"), true
	}
	return reply{}, false
}

// processedBase is the amount behind the processedAmount of the Capture
// and Refund responses.
func (h *handler) processedBase(p *payment) decimal.Decimal {
	if h.p.processedIsCaptured() {
		return p.captured
	}
	return p.amount
}

// acquirerRate is the rate at which the acquirer of the variant
// acquirer-converts-currency settles every payment, in acquirerCurrency.
var acquirerRate = decimal.RequireFromString("1.0850")

const acquirerCurrency = "USD"

// processed is the processedAmount and processedCurrCode the acquirer
// returns for amount of the payment (B-2.1: "amount returned by the
// acquirer"): the amount in the payment's currency, or converted to USD
// with the variant acquirer-converts-currency.
func (h *handler) processed(p *payment, amount decimal.Decimal) (json.Number, string) {
	if h.variant("acquirer-converts-currency") {
		return money(amount.Mul(acquirerRate).Round(amountScale)), acquirerCurrency
	}
	return money(amount), p.currCode
}

// capture implements B-4.4 Capture: modifiedAmount (at most the authorized
// amount; the whole of it when omitted) is captured.
func (h *handler) capture(c *call) reply {
	readBefore, racy := h.loadRaceRead(c)
	return h.onPayment(c, schemas.Capture, func(p *payment) reply {
		if p.accno != "" && h.closedAccount(c, p.accno) && !h.mutant("closed-wallet-capture-loads") {
			// its Load Account would use a closed account
			return h.fail(h.p.accountClosed(), "the account the capture loads is closed")
		}
		if rep, bad := h.checkCurrency(p, c, "modifiedAmountCurrCode"); bad {
			return rep
		}
		captured := p.amount
		if m, given := c.v.amount("modifiedAmount"); given && !h.mutant("partial-capture-ignored") {
			if m.GreaterThan(p.amount) {
				return h.fail(h.p.amountExceeded(), "modifiedAmount exceeds the authorized amount")
			}
			captured = m
		}
		p.status = statusCaptured
		p.captured = captured
		h.load(c.now, p)
		if racy && p.accno != "" { // the balance read before the wait, plus this load: a load booked meanwhile is lost
			h.ledgers.do(c.now, func(tx *ledgerTx) {
				if w := tx.ledger(p.accno); w != nil {
					w.bkBal = readBefore.Add(captured)
				}
			})
		}
		if captured.LessThan(p.amount) && h.mutant("cr-partial-capture-stays-authorized") {
			p.status = statusAuthorized // left open for a further capture
		}
		fields := h.paymentReply(c, p, p.status)
		if h.mutant("capture-not-recorded") {
			p.status = statusAuthorized
		}
		addCustom(fields, c.v)
		if h.mutant("cr2-capture-custom-cut-127") {
			for _, name := range []string{"custom1", "custom2", "custom3"} {
				if s, ok := fields[name].(string); ok {
					fields[name] = truncate(s, 127)
				}
			}
		}
		fields["modifiedAmount"] = money(captured)
		fields["modifiedAmountCurrCode"] = p.currCode
		fields["processedAmount"], fields["processedCurrCode"] = h.processed(p, h.processedBase(p))
		return h.ok(http.StatusCreated, fields)
	})
}

// refund implements B-4.5 Refund: refundAmount (what is left to refund when
// omitted) is refunded; the sum of the refunds never exceeds the captured
// amount, and the status stays CAPTURED.
func (h *handler) refund(c *call) reply {
	return h.onPayment(c, schemas.Refund, func(p *payment) reply {
		if rep, bad := h.checkCurrency(p, c, "refundCurrCode"); bad {
			return rep
		}
		captured := p.captured
		if p.status == statusAuthorized { // only with the mutant refund-before-capture
			captured = p.amount
		}
		if src := c.v.str("refundSourceAccno"); src != "" && src != p.accno && !h.mutant("refund-source-not-checked") {
			// B-4.5: it "must be one of the target accounts of the
			// dependent Payment or Load Account": here the wallet loaded.
			return h.invalid(problems{syntax: []string{"refundSourceAccno"}})
		}
		if p.refunded.IsPositive() && h.mutant("cr-second-refund-refused") {
			return h.fail(h.p.forbiddenMove(), "operation not allowed: the payment was refunded already")
		}
		left := captured.Sub(p.refunded)
		bound := left
		if h.variant("refunds-bounded-per-call") {
			bound = captured
		}
		amount, rep, refused := h.refundAmountOf(c, left, bound, h.mutant("refund-omitted-nothing"), h.mutant("refund-above-captured"))
		if refused {
			return rep
		}
		if given, ok := c.v.amount("refundAmount"); ok && given.Round(1).IsZero() && h.mutant("cr2-smallest-refund-refused") {
			return h.invalid(problems{syntax: []string{"refundAmount"}}) // read at one decimal: no amount
		}
		if _, ok := c.v.amount("refundAmount"); !ok && p.refunded.IsPositive() && h.mutant("cr2-omitted-refund-after-partial-refunds-all") {
			amount = captured // "a full refund": the captured amount again, not what is left
		}
		if rep, refused := h.unload(c, p, amount); refused {
			return rep
		}
		p.refunded = p.refunded.Add(amount)
		fields := h.paymentReply(c, p, statusRefunded)
		addCustom(fields, c.v)
		if h.mutant("refund-status-refunded") {
			fields["statusCode"] = statusRefunded
		}
		fields["accno"] = h.p.refundAccno(p.accno)
		fields["refundAmount"] = money(amount)
		fields["refundCurrCode"] = p.currCode
		fields["processedAmount"], fields["processedCurrCode"] = h.processed(p, h.processedBase(p))
		return h.ok(http.StatusCreated, fields)
	})
}

// refundAmountOf reads refundAmount for B-4.5 and B-4.18: all that is left
// to refund when omitted, and never more than bound. zeroWhenOmitted and
// allowAbove are the faults of the refund mutants.
func (h *handler) refundAmountOf(c *call, left, bound decimal.Decimal, zeroWhenOmitted, allowAbove bool) (decimal.Decimal, reply, bool) {
	amount, given := c.v.amount("refundAmount")
	switch {
	case !given && zeroWhenOmitted:
		return decimal.Zero, reply{}, false
	case !given:
		if !left.IsPositive() {
			return left, h.fail(h.p.amountExceeded(), "nothing left to refund"), true
		}
		return left, reply{}, false
	case amount.GreaterThan(bound) && !allowAbove:
		return amount, h.fail(h.p.amountExceeded(), "refundAmount exceeds what is left to refund"), true
	}
	return amount, reply{}, false
}

// cancel implements B-4.6 Cancel: an AUTHORIZED payment becomes CANCELLED.
func (h *handler) cancel(c *call) reply {
	return h.onPayment(c, schemas.Cancel, func(p *payment) reply {
		p.status = statusCancelled
		fields := h.paymentReply(c, p, p.status)
		if h.mutant("cancel-not-recorded") {
			p.status = statusAuthorized
		}
		addCustom(fields, c.v)
		return h.ok(http.StatusCreated, fields)
	})
}

// paymentStatus implements B-4.7 Get Payment Status, in any status.
func (h *handler) paymentStatus(c *call) reply {
	var fields map[string]any
	if !h.payments.with(c.scope, c.v.str("uniqueReference"), func(p *payment) {
		fields = h.paymentStatusView(p)
	}) {
		return h.fail(h.p.unknownPayment(), "payment not found")
	}
	fields["partnerReference"] = c.v.str("partnerReference")
	return h.ok(http.StatusOK, fields)
}

// paymentStatusView are the payment fields of Get Payment Status, with the
// billing address used; country codes split as in Get Account Information.
func (h *handler) paymentStatusView(p *payment) map[string]any {
	b := p.billing
	amount := p.amount
	if h.mutant("status-amount-wrong") {
		amount = amount.Sub(decimal.NewFromInt(1))
	}
	if h.mutant("status-amount-captured-part") && !p.captured.IsZero() {
		amount = p.captured
	}
	m := map[string]any{
		"uniqueReference":      p.reference,
		"initiatorAccno":       p.initiatorAccno,
		"initiatorName":        p.initiatorName,
		"accno":                orNullString(p.accno),
		"presentationAmount":   money(amount),
		"presentationCurrCode": p.currCode,
		"presentationUsage":    truncate(p.usage, 127),
		"customerFullName":     b.fullName,
		"addr1":                b.addr1,
		"addr2":                b.addr2,
		"addr3":                b.addr3,
		"houseNumber":          b.houseNumber,
		"city":                 b.city,
		"state":                b.state,
		"country":              countryName(b.countryCode),
		"countryCode":          alpha2(b.countryCode),
		"countryCode3":         alpha3(b.countryCode),
		"postCode":             b.postCode,
		"statusCode":           p.status,
		"statusReason":         h.p.statusReason(p.status),
	}
	complete(paymentStatusShape, m)
	if h.variant("payment-status-text-normalised") {
		for _, k := range []string{"presentationUsage", "customerFullName", "addr1", "addr2", "addr3", "city", "state"} {
			if s, ok := m[k].(string); ok {
				s = strings.Join(strings.Fields(s), " ")
				if k != "presentationUsage" {
					s = strings.ToUpper(s)
				}
				m[k] = s
			}
		}
	}
	if h.mutant("status-billing-missing") {
		m["customerFullName"] = nil
	}
	if h.mutant("status-countrycode-alpha3") {
		m["countryCode"] = alpha3(b.countryCode)
	}
	if s, ok := b.countryCode.(string); ok && len(s) == 3 && h.mutant("cr2-status-alpha3-not-split") {
		m["countryCode"], m["countryCode3"] = s, nil // only alpha-2 codes are split
	}
	return m
}

// payerName is the name of the payer of a payment for account entries: the
// billing address's name when there is one, else the initiator's.
func payerName(p *payment) string {
	if s, ok := p.billing.fullName.(string); ok && s != "" {
		return s
	}
	return p.initiatorName
}

// load credits the wallet accno of a captured external payment with the
// captured amount, a CRDT entry referencing the payment (B-3: Capture
// "internally performs Load Account when accno was given at
// authorization"). The caller holds the payment store's lock.
func (h *handler) load(at time.Time, p *payment) {
	if p.kind != paymentExternal || p.accno == "" || p.status != statusCaptured || h.mutant("load-not-credited") {
		return
	}
	if p.token == "" && h.mutant("cr-authorize-capture-not-loaded") { // made by Authorize, not Init Authorize
		return
	}
	amount := p.captured
	if h.mutant("load-credits-presentation-amount") {
		amount = p.amount
	}
	if h.mutant("load-credits-twice") {
		amount = amount.Add(amount)
	}
	accno := p.accno
	post := posting{
		kind: entryLoad, amount: amount, reference: p.reference,
		description: p.usage, name: payerName(p), optionCode: p.optionCode,
	}
	book := func(at time.Time) {
		h.ledgers.do(at, func(tx *ledgerTx) {
			if w := tx.ledger(accno); w != nil {
				if h.mutant("load-after-three-entries-not-credited") && len(w.entries) >= 3 {
					return
				}
				tx.credit(w, post)
			}
		})
	}
	if h.variant("load-settles-later") {
		// The Load Account settles loadSettleDelay after the Capture: until
		// then no balance, entry or spend of the wallet sees it.
		time.AfterFunc(loadSettleDelay, func() { book(h.now()) })
		return
	}
	book(at)
}

// loadSettleDelay is how long after its Capture the Load Account of the
// variant load-settles-later is booked.
const loadSettleDelay = 150 * time.Millisecond

// unload debits the wallet loaded by an external payment with a refund of
// amount, a DBIT entry; it answers insufficientFunds, booking nothing, when
// the wallet's avlBal less minimumAllowedBalance does not cover it. The
// caller holds the payment store's lock.
func (h *handler) unload(c *call, p *payment, amount decimal.Decimal) (reply, bool) {
	if p.kind != paymentExternal || p.accno == "" || !amount.IsPositive() {
		return reply{}, false
	}
	var refusal *reply
	h.ledgers.do(c.now, func(tx *ledgerTx) {
		w := tx.ledger(p.accno)
		if w == nil || !w.covers(amount, h.minimumBalance()) {
			rep := h.fail(h.p.insufficientFunds(), "the available balance of the account loaded does not cover the refund")
			refusal = &rep
			return
		}
		tx.debit(w, posting{
			kind: entryLoadRefund, amount: amount, reference: p.reference,
			description: cmp.Or(c.v.str("refundUsage"), p.usage), name: payerName(p), optionCode: p.optionCode,
		})
	})
	if refusal != nil {
		return *refusal, true
	}
	return reply{}, false
}
