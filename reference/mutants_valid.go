package reference

import (
	"encoding/json"
	"maps"
	"net/http"
	"strings"
	"unicode/utf8"

	"github.com/shopspring/decimal"

	"github.com/wallet-conformance/wallet-conformance/schemas"
)

// validMutants refuse, or answer otherwise, one request the contract
// permits that no scenario sends: an optional field left out that every
// scenario carries, a text at exactly its S(n), a T at its last hour, an
// amount with cents read back. Only the breadth of the valid-request sweep
// (package explore, sweep_valid*.go, part of run --sweep) finds them; each
// names the rule of the sentence that permits the request.
var validMutants = []Mutant{
	{Name: "refund-usage-full-length-refused", Clause: "A-2.0", Rule: "A-2.0#1", Swept: true, Description: "Refund refuses a refundUsage of exactly its S(255), 255 characters, with 0001, as if the length given were exclusive"},
	{Name: "mandate-time-last-hour-refused", Clause: "A-2.0", Rule: "A-2.0#4", Swept: true, Description: "Init Add Stored Payment Option refuses a mandateSignedTime in the hour 23 (235959) with 0001, as if the hours ran to 22"},
	{Name: "authorize-amount-cents-dropped", Clause: "B-2.1", Rule: "B-2.1#7", Swept: true, Description: "Authorize answers with presentationAmount cut to one decimal (0.01 shown as 0.0): the amount it shows is not the amount authorized"},
	{Name: "update-account-house-number-required", Clause: "A-4", Rule: "A-4#1", Swept: true, Description: "Update Account Information refuses a request without houseNumber, which A-4.3 does not mark Y, with 0001 naming it"},
	{Name: "kc-authorize-merchant-required", Clause: "B-4", Rule: "B-4#1", Swept: true, Description: "KC-Authorize refuses a request without merchantAccno, which B-4.14 does not mark Y, with 0001 naming it"},
	{Name: "declared-currency-refused", Clause: "A-4.2", Rule: "A-4.2#7", Swept: true, Description: "Create Account refuses with 0001 an account in any currency but EUR, though its profile declares USD too (currencies: [EUR, USD]): the second currency it offers cannot be opened"},
	// Read back through another operation than the one that was sent
	// (sweep/valid_readback.go): Find User Account, Get Stored Payment
	// Options, the balance after a move.
	{Name: "find-user-long-login-not-found", Clause: "B-4.10", Rule: "B-4.10#3", Swept: true, Description: "Find User Account does not find an account by a login ID of more than 100 characters (an account opened with one of 255 is answered as an unknown user)"},
	{Name: "entry-one-decimal-cent-less", Clause: "B-2.3", Rule: "B-2.3#5", Swept: true, Description: "Account Enquiry lists an entry whose amount has one decimal (0.5) one cent less (0.49, and its sourceAmount so): the booking of the amount moved shows no entry of it"},
	{Name: "stored-option-fullname-cut-100", Clause: "A-2.0", Rule: "A-2.0#1", Swept: true, Description: "Get Stored Payment Options shows the billingAddress fullName of an option stored with useDifferentBillingAddress true cut to 100 characters (customerFullName is S(201)): reached by the valid sweep's Complete Add with the flag true, its billing block at its maximal lengths"},
	{Name: "kc-debit-one-decimal-cent-more", Clause: "B-4.15", Rule: "B-4.15#10", Swept: true, Description: "KC-Debit Account of a paymentAmount with one decimal (0.5, 12.50) debits the wallet one cent more (0.51)"},
}

// validFault refuses, for a valid-sweep mutant, the permitted request it
// breaks: a reply that ends the call, or false to go on.
func (h *handler) validFault(op operation, raw map[string]any) (reply, bool) {
	refuse := func(field string) (reply, bool) {
		return reply{status: http.StatusBadRequest, code: "0001", desc: h.p.missingDescription([]string{field})}, true
	}
	switch {
	case h.mutant("refund-usage-full-length-refused") && op.id == schemas.Refund:
		if s, ok := raw["refundUsage"].(string); ok && utf8.RuneCountInString(s) == 255 {
			return reply{status: http.StatusBadRequest, code: "0001", desc: h.p.syntaxDescription([]string{"refundUsage"})}, true
		}
	case h.mutant("mandate-time-last-hour-refused") && op.id == schemas.InitAddStoredPaymentOption:
		if s, ok := raw["mandateSignedTime"].(string); ok && strings.HasPrefix(s, "23") {
			return reply{status: http.StatusBadRequest, code: "0001", desc: h.p.syntaxDescription([]string{"mandateSignedTime"})}, true
		}
	case h.mutant("update-account-house-number-required") && op.id == schemas.UpdateAccount:
		if _, ok := raw["houseNumber"]; !ok && raw != nil {
			return refuse("houseNumber")
		}
	case h.mutant("kc-authorize-merchant-required") && op.id == schemas.KCAuthorize:
		if _, ok := raw["merchantAccno"]; !ok && raw != nil {
			return refuse("merchantAccno")
		}
	case h.mutant("declared-currency-refused") && op.id == schemas.CreateAccount:
		if s, ok := raw["currCode"].(string); ok && !strings.EqualFold(s, offeredCurrency) {
			return reply{status: http.StatusBadRequest, code: "0001", desc: h.p.syntaxDescription([]string{"currCode"})}, true
		}
	case h.mutant("find-user-long-login-not-found") && op.id == schemas.FindUserAccount:
		if s, ok := raw["userId"].(string); ok && utf8.RuneCountInString(s) > 100 {
			return h.fail(h.p.unknownUser(), "no account found for userId"), true
		}
	}
	return reply{}, false
}

// validDebit is what KC-Debit Account debits the wallet for amount.
func (h *handler) validDebit(amount decimal.Decimal) decimal.Decimal {
	if h.mutant("kc-debit-one-decimal-cent-more") && !amount.IsInteger() && amount.Shift(1).IsInteger() {
		return amount.Add(decimal.New(1, -2))
	}
	return amount
}

// validAnswer changes, for a valid-sweep mutant, a success it answers.
func (h *handler) validAnswer(op operation, rep reply) reply {
	if h.mutant("entry-one-decimal-cent-less") && op.id == schemas.AccountEnquiry && rep.code == "0000" {
		list, _ := rep.fields["entries"].([]any)
		for i, e := range list {
			m, ok := e.(map[string]any)
			if !ok {
				continue
			}
			n, _ := m["amount"].(json.Number)
			if d, err := decimal.NewFromString(n.String()); err == nil && !d.IsInteger() && d.Shift(1).IsInteger() {
				m = maps.Clone(m)
				less := json.Number(d.Sub(decimal.New(1, -2)).StringFixed(2))
				m["amount"], m["sourceAmount"] = less, less
				list[i] = m
			}
		}
	}
	if h.mutant("authorize-amount-cents-dropped") && op.id == schemas.Authorize && rep.code == "0000" {
		if n, ok := rep.fields["presentationAmount"].(json.Number); ok {
			if d, err := decimal.NewFromString(n.String()); err == nil {
				rep.fields["presentationAmount"] = json.Number(d.Truncate(1).StringFixed(1))
			}
		}
	}
	return rep
}
