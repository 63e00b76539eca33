package reference

import (
	"encoding/json"
	"net/http"
	"slices"
	"strings"
	"sync"

	"github.com/shopspring/decimal"
)

// Operation identifiers of the payment area (B-4.1 to B-4.7).
const (
	opInitAuthorize     = "initAuthorize"
	opCompleteAuthorize = "completeAuthorize"
	opAuthorize         = "authorize"
	opCapture           = "capture"
	opRefund            = "refund"
	opCancel            = "cancel"
	opPaymentStatus     = "getPaymentStatus"
)

// Transaction Status values (B-3).
const (
	statusReceived   = "RECEIVED"
	statusAuthorized = "AUTHORIZED"
	statusCaptured   = "CAPTURED"
	statusCancelled  = "CANCELLED"
	statusRefunded   = "REFUNDED" // not a Transaction Status: only the provider response of a refund, and a mutant's
)

// paymentPath is the route of one payment.
const paymentPath = "/payment/{uniqueReference}"

// programName is the initiatorName of payments the program initiates.
const programName = "Reference Program"

// paymentOperations lists the payment endpoints.
func paymentOperations() []operation {
	return []operation{
		{id: opInitAuthorize, pattern: "PUT /payment/initAuthorize", spec: initAuthorizeSpec(), run: (*handler).initAuthorize},
		{id: opCompleteAuthorize, pattern: "POST " + paymentPath + "/completeAuthorize", spec: completeAuthorizeSpec(), run: (*handler).completeAuthorize},
		{id: opAuthorize, pattern: "PUT /payment/authorize", spec: authorizeSpec(), run: (*handler).authorize},
		{id: opCapture, pattern: "POST " + paymentPath + "/capture", spec: captureSpec(), run: (*handler).capture},
		{id: opRefund, pattern: "POST " + paymentPath + "/refund", spec: refundSpec(), run: (*handler).refund},
		{id: opCancel, pattern: "POST " + paymentPath + "/cancel", spec: cancelSpec(), run: (*handler).cancel},
		{id: opPaymentStatus, pattern: "GET " + paymentPath + "/status", spec: paymentStatusSpec(), run: (*handler).paymentStatus},
	}
}

// paymentMoves is the state table of B-3: the statuses from which each
// operation on an existing payment may start.
func paymentMoves(op string) []string {
	switch op {
	case opCompleteAuthorize:
		return []string{statusReceived}
	case opCapture, opCancel:
		return []string{statusAuthorized}
	case opRefund:
		return []string{statusCaptured}
	}
	return nil
}

// customFields are custom1..3 (B-2.1).
func customFields() []field {
	return []field{str("custom1", 255), str("custom2", 255), str("custom3", 255)}
}

// paymentAddressing are the leading fields of the operations on an existing
// payment: the payment in the path and partnerReference.
func paymentAddressing() []field {
	return []field{str("uniqueReference", 36).req().path(), str("partnerReference", 64).req()}
}

// accnoRule: accnoType is required only when accno is given (B-4.1, B-4.3).
func accnoRule() condRule {
	return condRule{ifPresent: "accno", fields: []string{"accnoType"}}
}

// guestRules are the rules of a guest payment (B-4.1 use case 1): without
// storedPaymentOptionReference, paymentOptionCode is needed,
// useDifferentBillingAddress must be true, and houseNumber is mandatory
// when addr1 does not include it (holds no digit). The other billing fields
// follow from the billing rule.
func guestRules() []condRule {
	return []condRule{
		{ifAbsent: "storedPaymentOptionReference", fields: []string{"paymentOptionCode"}},
		{ifAbsent: "storedPaymentOptionReference", mustBeTrue: []string{"useDifferentBillingAddress"}},
		{ifAbsent: "storedPaymentOptionReference", trigger: "useDifferentBillingAddress", ifNoDigit: "addr1", fields: []string{"houseNumber"}},
	}
}

// initAuthorizeSpec is the body of B-4.1; its emailAddress is unbounded.
func initAuthorizeSpec() fieldSpec {
	s := fieldSpec{
		fields: slices.Concat(
			[]field{
				str("partnerReference", 64).req(),
				str("programAccno", 255).req(),
				str("accno", 255),
				str("accnoType", 2),
				str("storedPaymentOptionReference", 36),
				str("paymentOptionCode", 10),
				amount("presentationAmount").req(),
				str("presentationCurrCode", 3).req(),
				str("presentationUsage", 127).req(),
				boolean("useDifferentBillingAddress").req(),
			},
			billingBlock(),
			customFields(),
			[]field{
				str("externalChannelReference", 100),
				str("mandateReference", 35),
				date("mandateSignedDate"),
				clock("mandateSignedTime"),
				criteria("criteria"),
			},
			envelopeTail(),
		),
		rules: slices.Concat(billingRules(), []condRule{accnoRule()}, guestRules()),
	}
	s.update("emailAddress", func(f *field) { f.max = unbounded })
	return s
}

// completeAuthorizeSpec is the body of B-4.2: useDifferentBillingAddress is
// optional (false by default) and its rule has five fields.
func completeAuthorizeSpec() fieldSpec {
	return fieldSpec{
		fields: slices.Concat(
			paymentAddressing(),
			[]field{
				str("authorizationToken", 8192).req(),
				str("externalChannelReference", 100),
				boolean("useDifferentBillingAddress"),
				str("customerFullName", 201),
				str("addr1", 60), str("addr2", 60), str("addr3", 60),
				str("houseNumber", 10),
				str("city", 50),
				str("countryCode", 3),
				str("postCode", 10),
				str("phone", 30),
			},
			envelopeTail(),
		),
		rules: []condRule{{trigger: "useDifferentBillingAddress", fields: []string{
			"customerFullName", "addr1", "city", "countryCode", "postCode",
		}}},
	}
}

// authorizeSpec is the body of B-4.3.
func authorizeSpec() fieldSpec {
	return fieldSpec{
		fields: slices.Concat(
			[]field{
				str("partnerReference", 64).req(),
				str("programAccno", 255).req(),
				str("accno", 255),
				str("accnoType", 2),
				str("storedPaymentOptionReference", 36).req(),
				str("invoiceReference", 255),
				str("channelProductReference", 255),
				amount("presentationAmount").req(),
				str("presentationCurrCode", 3).req(),
				str("presentationUsage", 127).req(),
				boolean("useDifferentBillingAddress").req(),
			},
			billingBlock(),
			customFields(),
			[]field{
				digits("oneTimePassword", 8),
				criteria("criteria"),
			},
			envelopeTail(),
		),
		rules: slices.Concat(billingRules(), []condRule{accnoRule()}),
	}
}

// captureSpec is the body of B-4.4.
func captureSpec() fieldSpec {
	return fieldSpec{fields: slices.Concat(
		paymentAddressing(),
		[]field{
			str("modifiedUsage", 127),
			amount("modifiedAmount"),
			str("modifiedAmountCurrCode", 3),
		},
		customFields(),
		envelopeTail(),
	)}
}

// refundSpec is the body of B-4.5.
func refundSpec() fieldSpec {
	return fieldSpec{fields: slices.Concat(
		paymentAddressing(),
		[]field{
			amount("refundAmount"),
			str("refundCurrCode", 3),
			str("refundUsage", 255),
			str("refundType", 1),
			str("refundSourceAccno", 36),
		},
		customFields(),
		envelopeTail(),
	)}
}

// cancelSpec is the body of B-4.6.
func cancelSpec() fieldSpec {
	return fieldSpec{fields: slices.Concat(paymentAddressing(), customFields(), envelopeTail())}
}

// paymentStatusSpec is the query of B-4.7.
func paymentStatusSpec() fieldSpec {
	return fieldSpec{fields: slices.Concat(paymentAddressing(), envelopeTail())}
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
	reference      string // uniqueReference
	token          string // authorizationToken of Init Authorize; "" after Authorize
	status         string // Transaction Status
	accno          string // the request's accno, "" when none
	storedRef      string // storedPaymentOptionReference, "" for a guest payment
	optionCode     string // paymentOptionCode
	initiatorAccno string
	initiatorName  string
	amount         decimal.Decimal // presentationAmount, also the processedAmount once authorized
	currCode       string          // presentationCurrCode, also processedCurrCode
	usage          string          // presentationUsage
	captured       decimal.Decimal // modifiedAmount of the capture; zero before
	refunded       decimal.Decimal // sum of the refunds so far
	billing        billingAddress
}

// paymentStore holds the payments; safe for concurrent use. Handlers never
// hold another store's lock while calling it.
type paymentStore struct {
	mu    sync.Mutex          // guards byRef and every payment it points to
	byRef map[string]*payment // uniqueReference -> payment
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
	s.byRef[p.reference] = &p
	return p.reference
}

// with runs fn on the payment while holding the lock, and reports false
// without calling fn when there is no such payment.
func (s *paymentStore) with(ref string, fn func(p *payment)) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	p, ok := s.byRef[ref]
	if ok {
		fn(p)
	}
	return ok
}

// lookup finds a stored payment option by reference across all accounts
// and returns a copy with the number of the account that holds it.
func (s *optionStore) lookup(ref string) (storedOption, string, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for accno, list := range s.byAccno {
		for _, o := range list {
			if o.reference == ref && !o.deleted {
				return o.clone(), accno, true
			}
		}
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

// newPayment builds the payment of an Init Authorize or Authorize request:
// it checks accno, the stored payment option or the paymentOptionCode, and
// sets the billing address and the initiator. It answers a handled error
// and false when the request cannot be served.
func (h *handler) newPayment(c *call) (payment, reply, bool) {
	p := payment{
		accno:          c.v.str("accno"),
		storedRef:      c.v.str("storedPaymentOptionReference"),
		initiatorAccno: h.cfg.ProgramAccno,
		initiatorName:  programName,
		currCode:       c.v.str("presentationCurrCode"),
		usage:          c.v.str("presentationUsage"),
	}
	p.amount, _ = c.v.amount("presentationAmount")
	if p.accno != "" {
		a, found := h.accounts.get(p.accno)
		if !found {
			return p, h.fail(h.p.unknownAccount(), "account not found"), false
		}
		if a.statusCode == statusClosed {
			return p, h.fail(h.p.accountClosed(), "account is closed"), false
		}
	}
	code := c.v.str("paymentOptionCode")
	switch {
	case p.storedRef != "":
		o, ownerAccno, found := h.options.lookup(p.storedRef)
		if !found {
			return p, h.unknownOption(), false
		}
		owner, found := h.accounts.get(ownerAccno)
		if !found || owner.statusCode == statusClosed {
			return p, h.fail(h.p.accountClosed(), "the account of the stored payment option is closed"), false
		}
		if code != "" && code != o.option.code {
			return p, h.fail(h.p.paymentOptionUnavailable(), "paymentOptionCode differs from the stored payment option's"), false
		}
		p.optionCode = o.option.code
		if !h.p.programInitiates() {
			p.initiatorAccno = owner.accno
			p.initiatorName, _ = ownerBilling(&owner)["fullName"].(string)
		}
		if c.v.flag("useDifferentBillingAddress") {
			p.billing = requestAddress(c.v)
		} else if o.billing != nil {
			p.billing = optionAddress(o.billing)
		} else {
			p.billing = optionAddress(ownerBilling(&owner))
		}
	default:
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
	p, rep, ok := h.newPayment(c)
	if !ok {
		return rep
	}
	p.status = statusReceived
	p.token = h.p.newPaymentToken()
	p.reference = h.payments.insert(p, h.p.newPaymentReference)

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
	addCustom(fields, c.v)
	code := http.StatusCreated
	if h.mutant("initauth-status-200") {
		code = http.StatusOK
	}
	return h.ok(code, fields)
}

// moveAllowed reports whether op may start from the payment status from
// (B-3); mutants allow some forbidden moves.
func (h *handler) moveAllowed(op, from string) bool {
	switch {
	case op == opCompleteAuthorize && from == statusAuthorized && h.mutant("complete-twice-allowed"),
		op == opCapture && from == statusReceived && h.mutant("capture-from-received"),
		op == opCapture && from == statusCancelled && h.mutant("capture-after-cancel"),
		op == opCancel && from == statusCaptured && h.mutant("cancel-after-capture"),
		op == opRefund && from == statusAuthorized && h.mutant("refund-before-capture"):
		return true
	}
	return slices.Contains(paymentMoves(op), from)
}

// onPayment runs fn on the payment of the call's uniqueReference while
// holding the payment store's lock, once the state table allows op. It
// answers an unknown payment and a forbidden move, changing nothing.
func (h *handler) onPayment(c *call, op string, fn func(p *payment) reply) reply {
	var rep reply
	found := h.payments.with(c.v.str("uniqueReference"), func(p *payment) {
		if !h.moveAllowed(op, p.status) {
			rep = h.fail(h.p.forbiddenMove(), "operation not allowed: the payment is "+p.status)
			if op == opCancel && p.status == statusCaptured && h.mutant("failed-move-changes-state") {
				p.status = statusCancelled
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
	return h.onPayment(c, opCompleteAuthorize, func(p *payment) reply {
		if p.token == "" || !equal(c.v.str("authorizationToken"), p.token) {
			return h.fail(h.p.authorizationRejected(), "authorizationToken rejected by the payment provider")
		}
		if c.v.flag("useDifferentBillingAddress") {
			p.billing = requestAddress(c.v)
		}
		p.status = statusAuthorized
		issuer := h.p.issuerCountry()
		fields := h.paymentReply(c, p, p.status)
		fields["storedPaymentOptionReference"] = orNullString(p.storedRef)
		fields["initiationCountryCode"] = issuer.alpha2
		fields["initiationCountryCode3"] = issuer.alpha3
		fields["processedAmount"] = money(p.amount)
		fields["processedCurrCode"] = p.currCode
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
	p, rep, ok := h.newPayment(c)
	if !ok {
		return rep
	}
	p.status = statusAuthorized
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
		"processedAmount":              money(p.amount),
		"processedCurrCode":            p.currCode,
		"statusCode":                   p.status,
		"statusReason":                 h.p.statusReason(p.status),
		"paymentProviderResponse":      h.p.paymentProviderResponse(p.optionCode, p.status, false),
	}
	addCustom(fields, c.v)
	code := http.StatusCreated
	if h.mutant("authorize-status-200") {
		code = http.StatusOK
	}
	return h.ok(code, fields)
}

// checkCurrency answers a currency code (modifiedAmountCurrCode,
// refundCurrCode) other than the payment's; "" passes.
func (h *handler) checkCurrency(p *payment, c *call, name string) (reply, bool) {
	if cc := c.v.str(name); cc != "" && !strings.EqualFold(cc, p.currCode) {
		return h.fail(h.p.currencyMismatch(), "invalid value: "+name+" differs from the payment's currency"), true
	}
	return reply{}, false
}

// processedAmount is the processedAmount of the Capture and Refund
// responses.
func (h *handler) processedAmount(p *payment) json.Number {
	if h.p.processedIsCaptured() {
		return money(p.captured)
	}
	return money(p.amount)
}

// capture implements B-4.4 Capture: modifiedAmount (at most the authorized
// amount; the whole of it when omitted) is captured.
func (h *handler) capture(c *call) reply {
	return h.onPayment(c, opCapture, func(p *payment) reply {
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
		fields := h.paymentReply(c, p, p.status)
		addCustom(fields, c.v)
		fields["modifiedAmount"] = money(captured)
		fields["modifiedAmountCurrCode"] = p.currCode
		fields["processedAmount"] = h.processedAmount(p)
		fields["processedCurrCode"] = p.currCode
		return h.ok(http.StatusCreated, fields)
	})
}

// refund implements B-4.5 Refund: refundAmount (what is left to refund when
// omitted) is refunded; the sum of the refunds never exceeds the captured
// amount, and the status stays CAPTURED.
func (h *handler) refund(c *call) reply {
	return h.onPayment(c, opRefund, func(p *payment) reply {
		if rep, bad := h.checkCurrency(p, c, "refundCurrCode"); bad {
			return rep
		}
		captured := p.captured
		if p.status == statusAuthorized { // only with the mutant refund-before-capture
			captured = p.amount
		}
		left := captured.Sub(p.refunded)
		bound := left
		if h.mutant("refunds-not-cumulative") {
			bound = captured
		}
		amount, given := c.v.amount("refundAmount")
		switch {
		case !given && h.mutant("refund-omitted-nothing"):
			amount = decimal.Zero
		case !given:
			amount = left
			if !amount.IsPositive() {
				return h.fail(h.p.amountExceeded(), "nothing left to refund")
			}
		case amount.GreaterThan(bound) && !h.mutant("refund-above-captured"):
			return h.fail(h.p.amountExceeded(), "refundAmount exceeds what is left to refund")
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
		fields["processedAmount"] = h.processedAmount(p)
		fields["processedCurrCode"] = p.currCode
		return h.ok(http.StatusCreated, fields)
	})
}

// cancel implements B-4.6 Cancel: an AUTHORIZED payment becomes CANCELLED.
func (h *handler) cancel(c *call) reply {
	return h.onPayment(c, opCancel, func(p *payment) reply {
		p.status = statusCancelled
		code := http.StatusCreated
		if h.mutant("cancel-status-200") {
			code = http.StatusOK
		}
		fields := h.paymentReply(c, p, p.status)
		addCustom(fields, c.v)
		return h.ok(code, fields)
	})
}

// paymentStatus implements B-4.7 Get Payment Status, in any status.
func (h *handler) paymentStatus(c *call) reply {
	var fields map[string]any
	if !h.payments.with(c.v.str("uniqueReference"), func(p *payment) {
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
	m := map[string]any{
		"uniqueReference":      p.reference,
		"initiatorAccno":       p.initiatorAccno,
		"initiatorName":        p.initiatorName,
		"accno":                orNullString(p.accno),
		"presentationAmount":   money(amount),
		"presentationCurrCode": p.currCode,
		"presentationUsage":    p.usage,
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
	if h.mutant("status-billing-missing") {
		m["customerFullName"] = nil
	}
	return m
}
