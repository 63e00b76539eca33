package reference

import (
	"encoding/json"
	"maps"
	"net/http"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/shopspring/decimal"

	"github.com/wallet-conformance/wallet-conformance/schemas"
)

// sweepMutants mishandle one kind of bad input in one or two operations
// only: the fields and operations the features do not send it to, so that
// only the breadth of the bad-input sweep (package explore, run --sweep all)
// finds them. Each names the rule of the catalogue the sweep judges it by.
var sweepMutants = []Mutant{
	{Name: "huge-exponent-crashes-capture", Clause: "A-7", Rule: "A-7#6", Swept: true, Description: "Capture and KC-Capture answer a modifiedAmount with an exponent above 100 (1e308) with HTTP 500 and 0099: a decimal overflow"},
	{Name: "null-crashes-update-account", Clause: "A-7", Rule: "A-7#6", Swept: true, Description: "Update Account Information answers a mandatory field given as null with HTTP 500 and 0099"},
	{Name: "impossible-date-crashes-init-add", Clause: "A-7", Rule: "A-7#6", Swept: true, Description: "Init Add Stored Payment Option answers a mandateSignedDate of the right form that names no date (1984-02-30) with HTTP 500 and 0099"},
	{Name: "control-character-crashes-kc-authorize", Clause: "A-7", Rule: "A-7#6", Swept: true, Description: "KC-Authorize answers a paymentUsage holding a control character or a lone surrogate with HTTP 500 and 0099"},
	{Name: "malformed-body-crashes-cancel", Clause: "A-7", Rule: "A-7#6", Swept: true, Description: "Cancel answers a body that is not JSON, or is cut short, with HTTP 500 and 0099"},
	{Name: "long-path-crashes-balance-enquiry", Clause: "A-7", Rule: "A-7#6", Swept: true, Description: "Balance Enquiry answers an accno path parameter of more than 255 characters with HTTP 500 and 0099"},
	{Name: "wrong-type-ignored-kc-refund", Clause: "A-7", Rule: "A-7#5", Swept: true, Description: "KC-Refund takes a refundUsage that is not a string (a number, a boolean, an object, an array) as absent and refunds"},
	{Name: "query-over-length-crashes-payment-options", Clause: "A-7", Rule: "A-7#6", Swept: true, Description: "Get Payment Options answers a transactionTypeCode query parameter far over its S(10) (more than 40 characters) with HTTP 500 and 0099"},
	{Name: "wrong-type-crashes-set-default", Clause: "A-7", Rule: "A-7#6", Swept: true, Description: "Set Default Stored Payment Option answers a body field of the wrong JSON type (a number, a boolean, an object, an array) with HTTP 500 and 0099, once it has found the stored option: only a request on an option the account has reaches it"},
	{Name: "refused-delete-still-deletes", Clause: "A-4.10", Rule: "A-4.10#7", Swept: true, Description: "Delete Stored Payment Option refuses a body field of the wrong JSON type with 0001, but deletes the option all the same"},
	{Name: "refused-kc-refund-books-money", Clause: "B-3", Rule: "B-3#15", Swept: true, Description: "KC-Refund refuses a refundUsage of the wrong type or length with 0001, but books the refund all the same"},
	{Name: "long-url-crashes-payment-status", Clause: "A-7", Rule: "A-7#6", Swept: true, Description: "Get Payment Status answers a request whose path is over 8 KiB (a uniqueReference of 8,193 characters) with HTTP 500 and 0099: a fixed buffer for the URL"},
	{Name: "large-body-drops-refund", Clause: "A-7", Rule: "A-7#6", Swept: true, Description: "Refund drops the connection, answering nothing, on a body of 1 MiB or more (other operations answer it): a reader that gives up on a large body"},
	{Name: "three-decimals-rounded-kc-authorize", Clause: "A-2.0", Rule: "A-2.0#6", Swept: true, Description: "KC-Authorize takes a paymentAmount with more decimals than Dec(18,2) allows (0.001) and rounds it up to the cent instead of refusing it"},
}

// sweepFault runs the fault of a sweep mutant on a request, after its
// authentication and before its validation: a reply that ends the call, or
// false to go on (with raw as the mutant left it). run performs the
// operation on a request, as serve does.
func (h *handler) sweepFault(op operation, raw map[string]any, decodeErr error, r *http.Request, run func(raw map[string]any) reply) (reply, bool) {
	crash := reply{status: http.StatusInternalServerError, code: "0099", desc: "unexpected server error"}
	switch {
	case h.mutant("huge-exponent-crashes-capture") && (op.id == schemas.Capture || op.id == schemas.KCCapture):
		if n, ok := raw["modifiedAmount"].(json.Number); ok && hugeExponent(n.String()) {
			return crash, true
		}
	case h.mutant("null-crashes-update-account") && op.id == schemas.UpdateAccount:
		for _, f := range op.spec.fields {
			if x, present := raw[f.name]; f.required && present && x == nil {
				return crash, true
			}
		}
	case h.mutant("impossible-date-crashes-init-add") && op.id == schemas.InitAddStoredPaymentOption:
		if s, ok := raw["mandateSignedDate"].(string); ok && dateShaped(s) && !validDate(s, false) {
			return crash, true
		}
	case h.mutant("control-character-crashes-kc-authorize") && op.id == schemas.KCAuthorize:
		if s, ok := raw["paymentUsage"].(string); ok && strings.ContainsFunc(s, func(c rune) bool { return unicode.IsControl(c) || c == utf8.RuneError }) {
			return crash, true
		}
	case h.mutant("malformed-body-crashes-cancel") && op.id == schemas.Cancel:
		if decodeErr == errMalformed {
			return crash, true
		}
	case h.mutant("long-path-crashes-balance-enquiry") && op.id == schemas.BalanceEnquiry:
		if utf8.RuneCountInString(r.PathValue("accno")) > 255 {
			return crash, true
		}
	case h.mutant("long-url-crashes-payment-status") && op.id == schemas.GetPaymentStatus:
		if len(r.URL.EscapedPath()) > 8<<10 {
			return crash, true
		}
	case h.mutant("large-body-drops-refund") && op.id == schemas.Refund:
		if r.ContentLength >= 1<<20 {
			panic(http.ErrAbortHandler) // net/http closes the connection unanswered
		}
	case h.mutant("wrong-type-ignored-kc-refund") && op.id == schemas.KCRefund:
		if x, present := raw["refundUsage"]; present && x != nil {
			if _, isText := x.(string); !isText {
				delete(raw, "refundUsage")
			}
		}
	case h.mutant("query-over-length-crashes-payment-options") && op.id == schemas.GetPaymentOptions:
		if s, ok := raw["transactionTypeCode"].(string); ok && utf8.RuneCountInString(s) > 40 {
			return crash, true
		}
	case h.mutant("wrong-type-crashes-set-default") && op.id == schemas.SetDefaultStoredPaymentOption:
		if wrongTypedField(raw) && h.options.with(r.PathValue("accno"), r.PathValue("storedPaymentOptionReference"), func(*storedOption, []*storedOption) {}) {
			return crash, true
		}
	case h.mutant("refused-delete-still-deletes") && op.id == schemas.DeleteStoredPaymentOption:
		if wrongTypedField(raw) {
			h.options.remove(r.PathValue("accno"), r.PathValue("storedPaymentOptionReference"), false, h.p.promoteDefaultOnDelete())
			return reply{status: http.StatusBadRequest, code: "0001", desc: "syntax error: a field of the wrong type"}, true
		}
	case h.mutant("three-decimals-rounded-kc-authorize") && op.id == schemas.KCAuthorize:
		if n, ok := raw["paymentAmount"].(json.Number); ok && !strings.ContainsAny(n.String(), "eE") {
			if d, err := decimal.NewFromString(n.String()); err == nil && d.Exponent() < -2 {
				raw["paymentAmount"] = json.Number(d.RoundUp(2).StringFixed(2))
			}
		}
	case h.mutant("refused-kc-refund-books-money") && op.id == schemas.KCRefund:
		x, present := raw["refundUsage"]
		s, isText := x.(string)
		if present && x != nil && (!isText || utf8.RuneCountInString(s) > 255) {
			rest := maps.Clone(raw)
			delete(rest, "refundUsage")
			run(rest) // booked, and its answer thrown away
			return reply{status: http.StatusBadRequest, code: "0001", desc: "syntax error: refundUsage"}, true
		}
	}
	return reply{}, false
}

// hugeExponent reports whether a JSON number carries an exponent above 100.
func hugeExponent(n string) bool {
	i := strings.IndexAny(n, "eE")
	if i < 0 {
		return false
	}
	e, err := strconv.Atoi(strings.TrimPrefix(n[i+1:], "+"))
	return err == nil && e > 100
}

// wrongTypedField reports whether a body holds a field that is neither a
// string nor null (every body field of Set Default and Delete is a string).
func wrongTypedField(raw map[string]any) bool {
	for _, x := range raw {
		if _, isText := x.(string); x != nil && !isText {
			return true
		}
	}
	return false
}
