package reference

import (
	"maps"
	"slices"
	"time"

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
