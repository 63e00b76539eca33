package reference

import (
	"encoding/json"
	"maps"
	"slices"
	"strings"
	"time"

	"github.com/shopspring/decimal"

	"github.com/wallet-conformance/wallet-conformance/schemas"
)

// cleanroomMutants are faults planted from a reading of the specification
// alone (issue 32), kept apart from the mutants table: they name no rule of
// the catalogue, and the suite is not required to kill them. Each breaks
// one sentence of the spec where a suite's chosen data may not go: minimal
// requests, the second alternative of an "or", two of a thing, boundary
// values, defaults, conditional rules, money conservation, closed accounts
// and tokens. A Config may name one as its Mutant.
var cleanroomMutants = []Mutant{
	// Conventions, envelopes, type notation.
	{Name: "cr-partnerreference-64-refused", Clause: "A-2.1", Description: `"partnerReference | S(64)" with "S(n) string, length as given (treated as maximum)": a partnerReference of exactly 64 characters is refused with 0001 (the bound is taken as exclusive, 63 at most)`},
	{Name: "cr-leap-day-refused", Clause: "A-2.0", Description: `"D | date, format YYYY-MM-DD": the leap day of a year divisible by 400 (2000-02-29) is refused as no date (0001), the leap-year test treating every century year as common`},
	{Name: "cr-midnight-localtime-missing", Clause: "A-2.0", Description: `"T | time, format HHMMSS" and "localTime | T | Y": a localTime (or any T value) of 000000, midnight, is taken as absent, so a request at midnight is refused with 0001 naming localTime`},
	{Name: "cr-delete-params-from-query", Clause: "A-4.10", Description: `Delete Stored Payment Option: "They are sent in a JSON body with the request": the parameters are read from the query string, as for a GET, so a request with the JSON body only is refused with 0001`},
	// Errors, authentication, tokens, limits.
	{Name: "cr-conditional-missing-names-trigger", Clause: "A-7", Description: `"0001 ... the description names the missing field(s)": a field required only by a conditional rule (useDifferentCorrespondenceAddress, isBusinessUser, useDifferentBillingAddress ...) is reported by naming the rule's trigger field, not the missing field`},
	{Name: "cr-expired-token-other-code", Clause: "A-5", Description: `"A missing or invalid token yields response code 0096": a token issued by the server but past its validUntil is answered with responseCode 0097 (token expired), not 0096`},
	{Name: "cr-token-validuntil-offset", Clause: "A-2.3", Description: `"validUntil | timestamp, length 24 | expiry in UTC; ISO 8601 date-time with milliseconds and a Z suffix": validUntil is written with a numeric offset (2026-03-14T11:15:30.000+00:00, 29 characters) instead of the Z suffix`},
	{Name: "cr-token-expires-early", Clause: "A-5", Description: `"The token is usable until then": the server stops accepting a token five minutes before the validUntil it announced (0096 in the last five minutes of its life)`},
	{Name: "cr-top-four-digits-refused", Clause: "A-8", Description: `"top, skip (Account Enquiry) | number, length 4": a top or skip of exactly four digits (9999) is refused with 0001 (at most three digits are taken)`},
	{Name: "cr-amount-float-precision", Clause: "B-2.1", Description: `"presentationAmount | Dec(18,2)": Init Authorize and Authorize read the amount through a binary float, so an amount at the Dec(18,2) edge (9999999999999999.99) is kept and echoed as 10000000000000000.00`},
	// Accounts.
	{Name: "cr-country-name-alpha2-only", Clause: "A-2.4", Description: `"country code fields hold an ISO 3166-1 alpha-2 or alpha-3 code" with A-2.4 countryName: Get Account Information answers countryName null when the account's countryCode was given in alpha-3 (DEU); only alpha-2 codes are looked up`},
	{Name: "cr-closed-wallet-loadable", Clause: "A-3", Description: `Close Account: "further usage of the account is disabled": Init Authorize and Authorize accept a CLOSED account as accno (the wallet to load), and its Capture loads it`},
	// Stored payment options.
	{Name: "cr-initadd-code-required", Clause: "A-4.6", Description: `Init Add Stored Payment Option lists "paymentOptionCode S(10)" without Y: a request without paymentOptionCode is refused with 0001 naming it`},
	{Name: "cr-second-option-replaces-first", Clause: "A-4.13", Description: `Get Stored Payment Options answers "paymentOptions (Arr of 2.6)", the options stored on the account: Complete Add of a second option replaces the first, so only the newest one is listed (and the first can no longer pay)`},
	// Payments and their states.
	{Name: "cr-initauth-stored-ref-needs-code", Clause: "B-4.1", Description: `Init Authorize: "storedPaymentOptionReference S(36) (may be supplied when paymentOptionCode is not)": a customer-initiated Init Authorize with storedPaymentOptionReference and without paymentOptionCode is refused with 0001 naming paymentOptionCode`},
	{Name: "cr-complete-billing-default-true", Clause: "B-4.2", Description: `Complete Authorize: "useDifferentBillingAddress B (default false ...)": an omitted useDifferentBillingAddress is taken as true, so a minimal Complete Authorize is refused with 0001 naming the billing fields`},
	{Name: "cr-partial-capture-stays-authorized", Clause: "B-3", Description: `B-3 "Capture | previously authorized ... | CAPTURED": a Capture of part of the authorized amount (modifiedAmount below it) leaves the payment AUTHORIZED (response and Get Payment Status), though it loads the wallet`},
	{Name: "cr-second-refund-refused", Clause: "B-3", Description: `B-3 "Refund | previously captured | CAPTURED" with B-4.5 "refundAmount ... cannot exceed the refunded transaction amount": after a first partial refund a second partial refund, within what is left, is refused as a forbidden move`},
	{Name: "cr-authorize-capture-not-loaded", Clause: "B-3", Description: `B-3 "Capture | previously authorized via Init Authorize + Complete Authorize, or via Authorize | CAPTURED | internally performs Load Account when accno was given at authorization": a Capture of a payment made by Authorize (the second alternative) with accno does not load the wallet`},
	// Consent.
	{Name: "cr-revoke-otp-required", Clause: "B-4.9", Description: `Revoke Consent lists "oneTimePassword N(8)" without Y: a request without oneTimePassword is refused with 0001 naming it`},
	{Name: "cr-add-after-revoke-reports-revoked", Clause: "B-3", Description: `B-3 "Add Consent | CNSTCONF": Add Consent on an account whose consent was revoked answers the revoked consent again (its reference, consentStatusCode CNSTRVKD) instead of a confirmed consent`},
	// Account information, enquiry, balance.
	{Name: "cr-sort-default-desc", Clause: "B-4.12", Description: `Account Enquiry: "sortDirection | ... | sorting by booking date ...; default ASC": without sortDirection the entries are listed newest first (DESC)`},
	{Name: "cr-start-time-default-now", Clause: "B-4.12", Description: `Account Enquiry: "startTime | T | | requires startDate; default 000000": a startDate without startTime starts at the server's current time of day, so that day's earlier entries are left out`},
	{Name: "cr-check-amount-equal-no", Clause: "B-4.11", Description: `Check Available Payment Amount: "exactly yes when the amount is available": an amount equal to the available balance (avlBal, the minimum allowed balance being 0) is answered no (strict comparison)`},
	{Name: "cr-second-block-replaces-first", Clause: "B-2.4", Description: `"blkAmt ... blocked amount (authorized until captured or cancelled)", "avlBal ... (booked balance minus blocked amount)": a second KC-Authorize on a wallet sets blkAmt to its own amount instead of adding it, so avlBal forgets the first block`},
	{Name: "cr-kc-partial-capture-keeps-rest-blocked", Clause: "B-2.4", Description: `"blkAmt ... (authorized until captured or cancelled)": a KC-Capture of part of the authorized amount releases only the captured part of the block; the rest stays in blkAmt although the authorization is captured`},
	// Wallet-to-merchant payments.
	{Name: "cr-kc-authorize-external-merchant-unknown", Clause: "B-4.14", Description: `KC-Authorize: "merchantProgramCode S(10) (mandatory when merchantAccno is an external account reference)": a merchantAccno given as the merchant's external account reference, with merchantProgramCode, is answered as an unknown account`},
	{Name: "cr-kc-refund-exact-amount-refused", Clause: "B-4.18", Description: `KC-Refund: "refundAmount Dec(18,2) (not above the refunded amount ...)": a refundAmount equal to the captured amount is refused as too high (the bound is taken as exclusive)`},
	{Name: "cr-kc-debit-usage-127", Clause: "B-4.15", Description: `KC-Debit Account takes KC-Authorize's "paymentUsage S(255) Y" (B-2.1 paymentUsage S(255)): a paymentUsage of more than 127 characters, 255 included, is refused with 0001 (the S(127) of presentationUsage is applied)`},
	// Address check.
	{Name: "cr-address-check-postalcode-required", Clause: "B-4.19", Description: `Perform Address Check lists "postalCode S(10)" without Y: a request without postalCode is refused with 0001 naming it`},

	// Issue 33: the valid side, written from the spec alone.
	// Amounts at the edges of Dec(18,2).
	{Name: "cr2-kc-whole-amount-refused", Clause: "B-4.14", Description: `KC-Authorize "paymentAmount Dec(18,2) Y" (KC-Debit Account "as KC-Authorize"), with A-2.0 "Dec(p,s) | decimal number, precision p, scale s": a paymentAmount written as a whole number (25, no decimal point) is refused with 0001 naming paymentAmount, as if two decimals were required rather than allowed`},
	{Name: "cr2-one-decimal-amount-misread", Clause: "B-4.1", Description: `Init Authorize and Authorize "presentationAmount Dec(18,2) Y" (A-2.0 "Dec(p,s) | decimal number, precision p, scale s"): an amount with one decimal (12.5) has its decimals read as a count of cents, so 12.5 is kept, echoed and reported as 12.05`},
	{Name: "cr2-smallest-refund-refused", Clause: "B-4.5", Description: `Refund "refundAmount Dec(18,2)": the amount is read at one decimal, so a refundAmount below 0.05, the smallest one (0.01) included, rounds to zero and is refused with 0001 naming refundAmount`},
	// Defaults, and two of a thing.
	{Name: "cr2-omitted-refund-after-partial-refunds-all", Clause: "B-4.5", Description: `Refund "refundAmount Dec(18,2) (cannot exceed the refunded transaction amount; when omitted a full refund is made)": after a partial refund, a Refund without refundAmount refunds the whole captured amount again (refundAmount 100.00 after 30.00 of 100.00), not what is left, so the refunds exceed the transaction amount`},
	{Name: "cr2-delete-removes-first-option", Clause: "A-4.10", Description: `Delete Stored Payment Option: "responseCode 0000 means the payment option is deleted": on an account holding two stored options, Delete of the second removes the first one stored (answered 0000); the option named in the path stays listed and usable`},
	{Name: "cr2-authorize-billing-of-first-option", Clause: "B-4.3", Description: `Authorize: "when false the billing address of the stored payment option is used, or the account owner address when none": with useDifferentBillingAddress false the billing address of the account's first stored option is used, not that of the option named by storedPaymentOptionReference (seen in Get Payment Status when the second option was stored with its own billing address)`},
	{Name: "cr2-second-token-revokes-first", Clause: "A-5", Description: `"The token has a limited validity; validUntil gives its expiry in UTC. The token is usable until then": Issue Token revokes every earlier token of the same user, so a first token still within its validUntil is refused with 0096 once a second one is issued`},
	{Name: "cr2-psbal-after-first-entry", Clause: "B-2.4", Description: `"psBal Dec(18) previous day closing balance": psBal is the balance after the first entry of the last day with entries before today, not after its last, so a wallet loaded twice on the previous day reports the balance after the first load`},
	// Minimal and maximal requests, fields read back through another operation.
	{Name: "cr2-absent-text-empty-string", Clause: "A-2.4", Description: `Get Account Information: "Absent values are returned as null.": every absent value of an account (for one created with the mandatory fields only: addr2, state, loginID, lastLoginDate ...) is returned as an empty string "" instead of null`},
	{Name: "cr2-update-timezone-not-kept", Clause: "A-4.3", Description: `Update Account Information takes "timeZone S(50)" and Get Account Information returns the account fields of A-2.4, "timeZone | S(50) | time zone id": the timeZone an Update sends is dropped (answered 0000), and Get returns timeZone null`},
	{Name: "cr2-capture-custom-cut-127", Clause: "B-2.1", Description: `"custom1, custom2, custom3 | S(255) | for external party use", echoed by Capture (B-4.4 Response: custom1..3): a Capture whose custom fields are longer than 127 characters (up to their 255) echoes them cut to 127 characters, the length of modifiedUsage`},
	{Name: "cr2-status-alpha3-not-split", Clause: "B-2.1", Description: `Status response address fields "countryCode S(2), countryCode3 S(3)", with A-2.0 "country code fields hold an ISO 3166-1 alpha-2 or alpha-3 code": when the billing countryCode was given in alpha-3 (AUT), Get Payment Status answers it as sent in countryCode and countryCode3 null`},
	// The second value of a list, the second path to a state.
	{Name: "cr2-desc-top-takes-oldest", Clause: "B-4.12", Description: `Account Enquiry: "top | N(4) | | number of most recent entries to return": with sortDirection DESC (the other Sort Direction value) top keeps the oldest entries instead of the most recent (still listed newest first); with ASC or no sortDirection it is right`},
	{Name: "cr2-kc-refund-after-kc-capture-refused", Clause: "B-3", Description: `B-3 "KC-Refund | previously captured | CAPTURED", a KC payment being captured by KC-Debit Account or by KC-Authorize then KC-Capture: KC-Refund of a payment captured by KC-Capture is refused as a forbidden move; a KC-Debit Account payment is refunded`},
	// Moves at the same time on one wallet.
	{Name: "cr2-concurrent-loads-lost-update", Clause: "B-2.4", Description: `"bkBal Dec(18) booked balance (total deposit of the day plus previous closing balance)", with B-3 Capture "internally performs Load Account": a Capture reads the wallet's booked balance, waits, and writes back that balance plus its amount, so two Captures loading one wallet at the same time lose one deposit (10.00 and 20.00 booked, bkBal 20.00 or 10.00)`},
}

// CleanroomMutants returns the clean-room mutants, in a stable order.
func CleanroomMutants() []Mutant {
	return slices.Clone(cleanroomMutants)
}

// cleanroomSpecMutations adjusts an operation's field spec for the
// clean-room mutants that change which fields are required or how long they
// may be; specMutations calls it last.
func (h *handler) cleanroomSpecMutations(op string, s fieldSpec) fieldSpec {
	required := func(name string) { s.update(name, func(f *field) { f.required = true }) }
	switch {
	case h.mutant("cr-partnerreference-64-refused"):
		s.update("partnerReference", func(f *field) { f.max = 63 })
	case h.mutant("cr-top-four-digits-refused") && op == schemas.AccountEnquiry:
		s.update("top", func(f *field) { f.max = 3 })
		s.update("skip", func(f *field) { f.max = 3 })
	case h.mutant("cr-initadd-code-required") && op == schemas.InitAddStoredPaymentOption:
		required("paymentOptionCode")
	case h.mutant("cr-initauth-stored-ref-needs-code") && op == schemas.InitAuthorize:
		required("paymentOptionCode")
	case h.mutant("cr-revoke-otp-required") && op == schemas.RevokeConsent:
		required("oneTimePassword")
	case h.mutant("cr-kc-debit-usage-127") && op == schemas.KCDebitAccount:
		s.update("paymentUsage", func(f *field) { f.max = 127 })
	case h.mutant("cr-address-check-postalcode-required") && op == schemas.AddressCheck:
		required("postalCode")
	}
	return s
}

// cleanroomMissing rewrites the missing fields of a failed validation for
// the mutant cr-conditional-missing-names-trigger: a field the table does
// not require, required by a conditional rule, is named by the rule's
// trigger (or the field whose presence or absence set it off).
func (h *handler) cleanroomMissing(spec fieldSpec, raw map[string]any, vals values, p problems) problems {
	if !h.mutant("cr-conditional-missing-names-trigger") || len(p.missing) == 0 {
		return p
	}
	var named []string
	for _, name := range p.missing {
		shown := name
		if i := slices.IndexFunc(spec.fields, func(f field) bool { return f.name == name }); i >= 0 && !spec.fields[i].required {
			for _, r := range spec.rules {
				if slices.Contains(r.fields, name) && r.applies(raw, vals) {
					shown = firstNonEmpty(r.trigger, r.ifPresent, r.ifAbsent, r.ifNoDigit)
					break
				}
			}
		}
		if !slices.Contains(named, shown) {
			named = append(named, shown)
		}
	}
	p.missing = named
	return p
}

func firstNonEmpty(list ...string) string {
	for _, s := range list {
		if s != "" {
			return s
		}
	}
	return ""
}

// expired reports whether token was issued and has expired at now (the
// mutant cr-expired-token-other-code tells it from an unknown token).
func (s *tokenStore) expired(token string, now time.Time) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	is, ok := s.byToken[token]
	return ok && !now.Before(is.until)
}

// dropAll removes every stored option of accno (the mutant
// cr-second-option-replaces-first).
func (s *optionStore) dropAll(accno string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, o := range s.byAccno[accno] {
		o.deleted = true
	}
	s.byAccno[accno] = nil
}

// revokedOf returns the reference of a revoked consent of accno, and false
// when it has none (the mutant cr-add-after-revoke-reports-revoked).
func (s *consentStore) revokedOf(accno string) (string, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, ref := range slices.Sorted(maps.Keys(s.byRef)) {
		if c := s.byRef[ref]; c.accno == accno && c.status == consentRevoked {
			return ref, true
		}
	}
	return "", false
}

// cleanroomRaw applies, before validation, the clean-room faults of issue 33
// that read a request's raw amounts: it may refuse the request or rewrite
// raw in place.
func (h *handler) cleanroomRaw(op string, raw map[string]any) (reply, bool) {
	switch {
	case h.mutant("cr2-kc-whole-amount-refused") && (op == schemas.KCAuthorize || op == schemas.KCDebitAccount):
		if n, ok := raw["paymentAmount"].(json.Number); ok && !strings.ContainsAny(n.String(), ".eE") {
			return h.invalid(problems{syntax: []string{"paymentAmount"}}), true
		}
	case h.mutant("cr2-one-decimal-amount-misread") && (op == schemas.InitAuthorize || op == schemas.Authorize):
		if n, ok := raw["presentationAmount"].(json.Number); ok {
			if whole, frac, found := strings.Cut(n.String(), "."); found && len(frac) == 1 && allDigits(frac) {
				raw["presentationAmount"] = json.Number(whole + ".0" + frac) // the decimals taken as cents
			}
		}
	}
	return reply{}, false
}

// firstOptionRef returns the reference of the first stored option of accno
// still held when ref names one of them, else ref (the mutant
// cr2-delete-removes-first-option).
func (s *optionStore) firstOptionRef(accno, ref string) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	var live []*storedOption
	for _, o := range s.byAccno[accno] {
		if !o.deleted {
			live = append(live, o)
		}
	}
	if len(live) == 0 || !slices.ContainsFunc(live, func(o *storedOption) bool { return o.reference == ref }) {
		return ref
	}
	return live[0].reference
}

// firstOptionBilling returns a copy of the billingAddress of the first
// stored option of accno still held, or fallback when it has none (the
// mutant cr2-authorize-billing-of-first-option).
func (s *optionStore) firstOptionBilling(accno string, fallback map[string]any) map[string]any {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, o := range s.byAccno[accno] {
		if !o.deleted && o.billing != nil {
			return maps.Clone(o.billing)
		}
	}
	return fallback
}

// revokeOthers forgets every token of partner but keep (the mutant
// cr2-second-token-revokes-first).
func (s *tokenStore) revokeOthers(partner, keep string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for t, is := range s.byToken {
		if t != keep && is.partner == partner {
			delete(s.byToken, t)
		}
	}
}

// loadRaceWindow is how long a Capture of the mutant
// cr2-concurrent-loads-lost-update waits between reading the wallet's
// booked balance and writing it back.
const loadRaceWindow = 200 * time.Millisecond

// loadRaceRead reads, for the mutant cr2-concurrent-loads-lost-update, the
// booked balance of the wallet the call's payment loads, then waits
// loadRaceWindow outside every lock; false when there is no such wallet or
// the mutant is not active.
func (h *handler) loadRaceRead(c *call) (decimal.Decimal, bool) {
	if !h.mutant("cr2-concurrent-loads-lost-update") {
		return decimal.Zero, false
	}
	var accno string
	h.payments.with(c.scope, c.v.str("uniqueReference"), func(p *payment) {
		if p.kind == paymentExternal && p.status == statusAuthorized {
			accno = p.accno
		}
	})
	if accno == "" {
		return decimal.Zero, false
	}
	b, ok := h.ledgers.balanceOf(accno, c.now)
	if !ok {
		return decimal.Zero, false
	}
	time.Sleep(loadRaceWindow)
	return b.bkBal, true
}

// firstCloseOfLastDay returns, for the mutant cr2-psbal-after-first-entry,
// the balance after the first entry of accno on the last day before now's
// day that has entries, and false when no entry was booked before it.
func (h *handler) firstCloseOfLastDay(accno string, now time.Time) (decimal.Decimal, bool) {
	entries, ok := h.ledgers.entriesOf(accno)
	if !ok {
		return decimal.Zero, false
	}
	today := now.UTC().Format(time.DateOnly)
	day := ""
	for i := len(entries) - 1; i >= 0; i-- {
		if d := entries[i].at.Format(time.DateOnly); d < today {
			day = d
			break
		}
	}
	for _, e := range entries {
		if day != "" && e.at.Format(time.DateOnly) == day {
			return e.balance, true
		}
	}
	return decimal.Zero, false
}
