package reference

import (
	"crypto/rand"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/shopspring/decimal"
)

// Personality selects one of two conforming behaviours. Where the
// specification leaves a choice open, Standard and Alternative choose
// differently, so a suite that asserts one server's choice fails on the other.
type Personality int

const (
	// Standard is the default personality.
	Standard Personality = iota
	// Alternative makes every open choice differently from Standard.
	Alternative
)

// outcome is the response code and HTTP status of a handled error.
type outcome struct {
	code   string
	status int
}

// The methods below are the complete list of choices a personality makes.
// Each states both answers.

// successDescription is the responseDescription of code 0000.
// Standard "OK"; Alternative "Success".
func (p Personality) successDescription() string {
	if p == Alternative {
		return "Success"
	}
	return "OK"
}

// missingDescription names the missing mandatory fields (code 0001).
func (p Personality) missingDescription(names []string) string {
	if p == Alternative {
		return "Missing mandatory field(s): " + strings.Join(names, ", ")
	}
	return "mandatory field missing: " + strings.Join(names, ", ")
}

// syntaxDescription names the fields with a syntax error (code 0001).
func (p Personality) syntaxDescription(names []string) string {
	if p == Alternative {
		return "Invalid value in field(s): " + strings.Join(names, ", ")
	}
	return "syntax error: " + strings.Join(names, ", ")
}

// authFailure answers a missing or invalid X-Auth-Token (code 0096; the
// spec does not give the HTTP status). Standard 401; Alternative 403.
func (p Personality) authFailure() outcome {
	if p == Alternative {
		return outcome{"0096", http.StatusForbidden}
	}
	return outcome{"0096", http.StatusUnauthorized}
}

// badCredentials answers Issue Token with an unknown user or wrong password.
// Standard 0010/401; Alternative 0403/403.
func (p Personality) badCredentials() outcome {
	if p == Alternative {
		return outcome{"0403", http.StatusForbidden}
	}
	return outcome{"0010", http.StatusUnauthorized}
}

// unknownAccount answers an accno that names no account.
// Standard 0005/404; Alternative 0404/422.
func (p Personality) unknownAccount() outcome {
	if p == Alternative {
		return outcome{"0404", http.StatusUnprocessableEntity}
	}
	return outcome{"0005", http.StatusNotFound}
}

// accountClosed answers a use of a closed account.
// Standard 0006/409; Alternative 0410/410.
func (p Personality) accountClosed() outcome {
	if p == Alternative {
		return outcome{"0410", http.StatusGone}
	}
	return outcome{"0006", http.StatusConflict}
}

// wrongProgram answers a programCode (or programAccno) other than the
// configured one. Standard 0003/400; Alternative 0001/400 (treated as a
// syntax error naming the field).
func (p Personality) wrongProgram() outcome {
	if p == Alternative {
		return outcome{"0001", http.StatusBadRequest}
	}
	return outcome{"0003", http.StatusBadRequest}
}

// wrongAccnoType answers an accnoType other than "00" and "01".
// Standard 0004/400; Alternative 0001/400.
func (p Personality) wrongAccnoType() outcome {
	if p == Alternative {
		return outcome{"0001", http.StatusBadRequest}
	}
	return outcome{"0004", http.StatusBadRequest}
}

// unknownRoute answers a method and path that name no operation.
// Standard 0007/404; Alternative 0044/404.
func (p Personality) unknownRoute() outcome {
	if p == Alternative {
		return outcome{"0044", http.StatusNotFound}
	}
	return outcome{"0007", http.StatusNotFound}
}

// getClosedIsError says whether Get Account Information of a closed account
// is a handled error. Standard false (200, 0000, statusCode CLOSED);
// Alternative true (accountClosed).
func (p Personality) getClosedIsError() bool { return p == Alternative }

// descendingKeys says in which order JSON object keys are written.
// Standard ascending; Alternative descending.
func (p Personality) descendingKeys() bool { return p == Alternative }

// extraFields are added to every response, success or error.
// Standard none; Alternative traceId and serverVersion.
func (p Personality) extraFields() map[string]any {
	if p == Alternative {
		return map[string]any{"traceId": randomHex(16), "serverVersion": "reference-alternative/1.0"}
	}
	return nil
}

// newToken returns a fresh authentication token (S(32768)).
// Standard 64 hex characters; Alternative 200 base64url characters.
func (p Personality) newToken() string {
	if p == Alternative {
		b := make([]byte, 150)
		_, _ = rand.Read(b)
		return base64.RawURLEncoding.EncodeToString(b)
	}
	return randomHex(32)
}

// newAccno returns a fresh account number (S(255)).
// Standard 12 digits; Alternative "WLT-" and a UUID (40 characters).
func (p Personality) newAccno() string {
	if p == Alternative {
		return "WLT-" + randomUUID()
	}
	return randomDigits(12)
}

// newCustCode returns a fresh customer code (S(10)).
// Standard "C" and 9 digits; Alternative "K" and 7 hex digits, upper case.
func (p Personality) newCustCode() string {
	if p == Alternative {
		return "K" + strings.ToUpper(randomHex(4)[:7])
	}
	return "C" + randomDigits(9)
}

// product returns productCode, accTypeCode and accTypeName of new accounts.
func (p Personality) product() (productCode, accTypeCode, accTypeName string) {
	if p == Alternative {
		return "PRD-W1", "USR", "Wallet user"
	}
	return "EWALLET", "EWU", "E-Wallet User"
}

// balanceLimits returns maximumAllowedBalance and minimumAllowedBalance
// (Dec(18)). Standard 100000 and 0; Alternative 15000 and 0.
func (p Personality) balanceLimits() (maximum, minimum decimal.Decimal) {
	if p == Alternative {
		return decimal.NewFromInt(15000), decimal.Zero
	}
	return decimal.NewFromInt(100000), decimal.Zero
}

// unknownStoredOption answers a storedPaymentOptionReference that names no
// stored payment option of the account. Standard 0008/404; Alternative
// 0414/422.
func (p Personality) unknownStoredOption() outcome {
	if p == Alternative {
		return outcome{"0414", http.StatusUnprocessableEntity}
	}
	return outcome{"0008", http.StatusNotFound}
}

// paymentOptionUnavailable answers a paymentOptionCode that is unknown, not
// storable, or not the one the authorizationToken was issued for; in a
// payment, one outside the catalogue or other than the stored option's.
// Standard 0009/400; Alternative 0415/422.
func (p Personality) paymentOptionUnavailable() outcome {
	if p == Alternative {
		return outcome{"0415", http.StatusUnprocessableEntity}
	}
	return outcome{"0009", http.StatusBadRequest}
}

// authorizationRejected answers an authorizationToken the sandbox payment
// provider did not issue for the account, or that was already used; in
// Complete Authorize, one other than the payment's.
// Standard 0011/400; Alternative 0416/422.
func (p Personality) authorizationRejected() outcome {
	if p == Alternative {
		return outcome{"0416", http.StatusUnprocessableEntity}
	}
	return outcome{"0011", http.StatusBadRequest}
}

// wrongVerificationCode answers a well-formed verificationCode that is not
// the expected one. Standard 0012/400; Alternative 0417/422.
func (p Personality) wrongVerificationCode() outcome {
	if p == Alternative {
		return outcome{"0417", http.StatusUnprocessableEntity}
	}
	return outcome{"0012", http.StatusBadRequest}
}

// unknownTransactionType answers a transactionTypeCode the server does not
// know. Standard 0013/400; Alternative 0001/400 (an invalid value, named).
func (p Personality) unknownTransactionType() outcome {
	if p == Alternative {
		return outcome{"0001", http.StatusBadRequest}
	}
	return outcome{"0013", http.StatusBadRequest}
}

// verificationNotInitiated says whether Complete Verify of an option for
// which Init Verify was never called is refused, and how. Standard allows
// it; Alternative refuses with 0419/409.
func (p Personality) verificationNotInitiated() (o outcome, refused bool) {
	if p == Alternative {
		return outcome{"0419", http.StatusConflict}, true
	}
	return outcome{}, false
}

// initVerifyStatus is the success HTTP status of Init Verify (not shown in
// the operation; A-7 pairs 0000 with "200 or 201"). Standard 200;
// Alternative 201.
func (p Personality) initVerifyStatus() int {
	if p == Alternative {
		return http.StatusCreated
	}
	return http.StatusOK
}

// setDefaultStatus is the success HTTP status of Set Default (not shown in
// the operation; A-7 pairs 0000 with "200 or 201"). Standard 200;
// Alternative 201.
func (p Personality) setDefaultStatus() int {
	if p == Alternative {
		return http.StatusCreated
	}
	return http.StatusOK
}

// newAuthorizationToken returns a token of the sandbox payment provider
// (S(8192)). Standard "spt_" and 32 hex characters; Alternative 512 base64url
// characters.
func (p Personality) newAuthorizationToken() string {
	if p == Alternative {
		b := make([]byte, 384)
		_, _ = rand.Read(b)
		return base64.RawURLEncoding.EncodeToString(b)
	}
	return "spt_" + randomHex(16)
}

// newStoredOptionReference returns a fresh stored payment option reference
// (S(36)). Standard a UUID (36 characters); Alternative "SPO" and 12 digits.
func (p Personality) newStoredOptionReference() string {
	if p == Alternative {
		return "SPO" + randomDigits(12)
	}
	return randomUUID()
}

// providerResponse is the paymentProviderResponse object of Init Add
// (completed false) and Complete Add (completed true); its structure is not
// shown in the spec. Standard {"provider":"sandbox","status":...}; Alternative
// nested objects of another shape.
func (p Personality) providerResponse(code string, completed bool) map[string]any {
	if p == Alternative {
		state := "PENDING"
		if completed {
			state = "REGISTERED"
		}
		return map[string]any{
			"gateway":       map[string]any{"name": "sandbox-alt", "apiVersion": "2.1"},
			"result":        map[string]any{"state": state, "checks": map[string]any{"threeDS": "NOT_REQUIRED"}},
			"paymentMethod": map[string]any{"type": code},
		}
	}
	status := "INITIATED"
	if completed {
		status = "STORED"
	}
	return map[string]any{"provider": "sandbox", "status": status}
}

// paymentOptions is the payment option catalogue, in the order Get
// Payment Options lists it; the first storable entry is the one Init Add
// uses when paymentOptionCode is omitted. Standard VISA, MC, SEPADD, PAYPAL;
// Alternative other names and icons, another order and AMEX in addition.
func (p Personality) paymentOptions() []paymentOption {
	if p == Alternative {
		const icons = "https://cdn.alt-sandbox.example/pm/"
		return []paymentOption{
			{"PayPal Checkout", "PAYPAL", "E-Wallet", "WALLET", "PayPal", "PP", false, false, icons + "paypal.png"},
			{"Lastschrift (SEPA)", "SEPADD", "Bank", "BANK", "SEPA Core", "CORE", true, true, icons + "sepa.png"},
			{"MasterCard Credit", "MC", "Cards", "CARD", "MasterCard", "MCARD", true, false, icons + "mastercard.png"},
			{"VISA Credit", "VISA", "Cards", "CARD", "VISA", "VCARD", true, false, icons + "visa.png"},
			{"American Express", "AMEX", "Cards", "CARD", "AmEx", "AMEX", true, false, icons + "amex.png"},
		}
	}
	const icons = "https://sandbox.example/icons/"
	return []paymentOption{
		{"Visa", "VISA", "Credit Card", "CC", "Visa", "VISA", true, false, icons + "visa.svg"},
		{"Mastercard", "MC", "Credit Card", "CC", "Mastercard", "MC", true, false, icons + "mc.svg"},
		{"SEPA Direct Debit", "SEPADD", "Direct Debit", "DD", "SEPA", "SEPA", true, true, icons + "sepadd.svg"},
		{"PayPal", "PAYPAL", "Wallet", "EW", "PayPal", "PAYPAL", false, false, icons + "paypal.svg"},
	}
}

// unverifiedStatus is the statusCode of a stored payment option before
// Complete Verify (only VERIFIED occurs in the spec). Standard "UNVERIFIED";
// Alternative "NEW".
func (p Personality) unverifiedStatus() string {
	if p == Alternative {
		return "NEW"
	}
	return "UNVERIFIED"
}

// maskCarrier masks a card number or IBAN for carrierNumber, keeping the
// last four characters. Standard "************4242"; Alternative
// "XXXX XXXX XXXX 4242" (groups of four counted from the end).
func (p Personality) maskCarrier(number string) string {
	keep := max(len(number)-4, 0)
	if p == Alternative {
		var b strings.Builder
		for i := range len(number) {
			if i > 0 && (len(number)-i)%4 == 0 {
				b.WriteByte(' ')
			}
			if i < keep {
				b.WriteByte('X')
			} else {
				b.WriteByte(number[i])
			}
		}
		return b.String()
	}
	return strings.Repeat("*", keep) + number[keep:]
}

// expiry is the expiry month of instruments the sandbox provider registers
// at now. Standard three years ahead, same month; Alternative December,
// five years ahead.
func (p Personality) expiry(now time.Time) (year int, month time.Month) {
	if p == Alternative {
		return now.Year() + 5, time.December
	}
	return now.Year() + 3, now.Month()
}

// issuerCountry is the initiationCountryCode of Complete Add (the issuer
// country). Standard Germany (DE, DEU); Alternative Netherlands (NL, NLD).
func (p Personality) issuerCountry() country {
	if p == Alternative {
		return country{"NL", "NLD", "Netherlands"}
	}
	return country{"DE", "DEU", "Germany"}
}

// firstOptionIsDefault says whether the first option stored on an account
// becomes its default. Standard true; Alternative false (no default until
// Set Default).
func (p Personality) firstOptionIsDefault() bool { return p == Standard }

// promoteDefaultOnDelete says what Delete of the default option does to the
// others. Standard false: no option is default afterwards; Alternative true:
// the earliest added remaining option becomes default.
func (p Personality) promoteDefaultOnDelete() bool { return p == Alternative }

// newestOptionFirst says in which order Get Stored Payment Options lists the
// options. Standard false: in the order they were added; Alternative true:
// newest first.
func (p Personality) newestOptionFirst() bool { return p == Alternative }

// unknownPayment answers a uniqueReference that names no payment.
// Standard 0021/404; Alternative 0421/422.
func (p Personality) unknownPayment() outcome {
	if p == Alternative {
		return outcome{"0421", http.StatusUnprocessableEntity}
	}
	return outcome{"0021", http.StatusNotFound}
}

// forbiddenMove answers an operation the payment's statusCode does not
// allow (B-3), and the redirect of a payment that is not RECEIVED.
// Standard 0020/409; Alternative 0420/422.
func (p Personality) forbiddenMove() outcome {
	if p == Alternative {
		return outcome{"0420", http.StatusUnprocessableEntity}
	}
	return outcome{"0020", http.StatusConflict}
}

// amountExceeded answers a modifiedAmount above the authorized amount, a
// refundAmount above what is left to refund, and a refund when nothing is
// left. Standard 0022/400; Alternative 0422/409.
func (p Personality) amountExceeded() outcome {
	if p == Alternative {
		return outcome{"0422", http.StatusConflict}
	}
	return outcome{"0022", http.StatusBadRequest}
}

// currencyMismatch answers a modifiedAmountCurrCode or refundCurrCode other
// than the payment's presentationCurrCode. Standard 0023/400; Alternative
// 0001/400 (an invalid value, named).
func (p Personality) currencyMismatch() outcome {
	if p == Alternative {
		return outcome{"0001", http.StatusBadRequest}
	}
	return outcome{"0023", http.StatusBadRequest}
}

// wrongOneTimePassword answers a well-formed oneTimePassword other than the
// configured one. Standard 0024/400; Alternative 0424/422.
func (p Personality) wrongOneTimePassword() outcome {
	if p == Alternative {
		return outcome{"0424", http.StatusUnprocessableEntity}
	}
	return outcome{"0024", http.StatusBadRequest}
}

// unknownConsent answers a consentReference that names no consent of the
// account. Standard 0025/404; Alternative 0425/422.
func (p Personality) unknownConsent() outcome {
	if p == Alternative {
		return outcome{"0425", http.StatusUnprocessableEntity}
	}
	return outcome{"0025", http.StatusNotFound}
}

// revokeTwiceRefused says whether Revoke Consent of a revoked consent is
// refused. Standard false: it answers 0000 and CNSTRVKD again; Alternative
// true: forbiddenMove.
func (p Personality) revokeTwiceRefused() bool { return p == Alternative }

// newPaymentReference returns a fresh uniqueReference (S(36)).
// Standard a UUID (36 characters); Alternative "PAY" and 20 digits.
func (p Personality) newPaymentReference() string {
	if p == Alternative {
		return "PAY" + randomDigits(20)
	}
	return randomUUID()
}

// newPaymentToken returns the authorizationToken the sandbox payment
// provider issues at Init Authorize (S(8192)). Standard "pat_" and 32 hex
// characters; Alternative 344 base64url characters.
func (p Personality) newPaymentToken() string {
	if p == Alternative {
		b := make([]byte, 258)
		_, _ = rand.Read(b)
		return base64.RawURLEncoding.EncodeToString(b)
	}
	return "pat_" + randomHex(16)
}

// newConsentReference returns a fresh consentReference (S(32)).
// Standard 32 hex characters; Alternative "CNS" and 12 digits.
func (p Personality) newConsentReference() string {
	if p == Alternative {
		return "CNS" + randomDigits(12)
	}
	return randomHex(16)
}

// paymentProviderResponse is the paymentProviderResponse of a payment
// operation that leaves the payment in status (or REFUNDED for Refund);
// listAllowed is set for the operations where B-2.1 allows an Arr (Complete
// Authorize, Capture, Refund, Cancel). Standard always an object
// {"provider":"sandbox","status":...,"paymentOptionCode":...}; Alternative
// a nested object, and an array of two objects where allowed.
func (p Personality) paymentProviderResponse(code, status string, listAllowed bool) any {
	if p == Alternative {
		gateway := map[string]any{"name": "sandbox-alt", "apiVersion": "2.1"}
		result := map[string]any{"state": status, "paymentMethod": map[string]any{"type": code}}
		if listAllowed {
			return []any{map[string]any{"gateway": gateway}, map[string]any{"result": result}}
		}
		return map[string]any{"gateway": gateway, "result": result}
	}
	return map[string]any{"provider": "sandbox", "status": status, "paymentOptionCode": code}
}

// refundAccno is the accno of the Refund response, for a payment with that
// accno ("" when it has none). Standard the string (null when none);
// Alternative an array of account numbers (empty when none), as B-2.1
// allows.
func (p Personality) refundAccno(accno string) any {
	if p == Alternative {
		if accno == "" {
			return []any{}
		}
		return []any{accno}
	}
	if accno == "" {
		return nil
	}
	return accno
}

// statusReason is the statusReason of a payment in that status (S(255)).
// Standard a short text; Alternative null.
func (p Personality) statusReason(status string) any {
	if p == Alternative {
		return nil
	}
	return "payment " + strings.ToLower(status)
}

// programInitiates says who the initiator (initiatorAccno, initiatorName)
// of a payment with a stored payment option is. Standard false: the account
// that owns the option; Alternative true: the program (programAccno and the
// program's name), as for guest payments in both.
func (p Personality) programInitiates() bool { return p == Alternative }

// processedIsCaptured says what processedAmount the Capture and Refund
// responses carry. Standard false: the authorized amount; Alternative true:
// the captured amount.
func (p Personality) processedIsCaptured() bool { return p == Alternative }

// insufficientFunds answers a debit, block or refund of a load that would
// take the wallet's avlBal below minimumAllowedBalance.
// Standard 0030/409; Alternative 0430/422.
func (p Personality) insufficientFunds() outcome {
	if p == Alternative {
		return outcome{"0430", http.StatusUnprocessableEntity}
	}
	return outcome{"0030", http.StatusConflict}
}

// unknownUser answers a Find User Account whose userId matches no open
// account. Standard 0031/404; Alternative 0431/422.
func (p Personality) unknownUser() outcome {
	if p == Alternative {
		return outcome{"0431", http.StatusUnprocessableEntity}
	}
	return outcome{"0031", http.StatusNotFound}
}

// entryType names the kind of an account entry (B-2.3 entryType; the
// values are not shown). Standard LOAD, LOAD_REFUND, PAYMENT, REFUND,
// AUTHORIZATION, RELEASE; Alternative TOPUP, TOPUP_REV, MERCHANT_PAY,
// MERCHANT_REF, HOLD, HOLD_RELEASE.
func (p Personality) entryType(k entryKind) string {
	std := [...]string{"LOAD", "LOAD_REFUND", "PAYMENT", "REFUND", "AUTHORIZATION", "RELEASE"}
	alt := [...]string{"TOPUP", "TOPUP_REV", "MERCHANT_PAY", "MERCHANT_REF", "HOLD", "HOLD_RELEASE"}
	if k < 0 || int(k) >= len(std) {
		return "OTHER"
	}
	if p == Alternative {
		return alt[k]
	}
	return std[k]
}

// neutralEntry is the entryIndicator and amount of the neutral entry
// KC-Cancel books for the released block. Standard "NEUTRAL" and the
// released amount; Alternative "NTRL" and 0.00.
func (p Personality) neutralEntry(released decimal.Decimal) (indicator string, amount decimal.Decimal) {
	if p == Alternative {
		return "NTRL", decimal.Zero
	}
	return "NEUTRAL", released
}

// addressCheck is the success HTTP status and the fields (beyond
// partnerReference and programCode) of Perform Address Check, none of which
// the spec shows (A-7 pairs 0000 with "200 or 201"); the sandbox finds
// every address valid. Standard 200 with addressValid true; Alternative 201
// with checkResult "VALID", a score and the address as normalized.
func (p Personality) addressCheck(v values) (status int, fields map[string]any) {
	if p == Alternative {
		return http.StatusCreated, map[string]any{
			"checkResult": "VALID",
			"matchScore":  100,
			"normalizedAddress": map[string]any{
				"street":      strings.ToUpper(v.str("street")),
				"house":       v.orNull("house"),
				"postalCode":  v.orNull("postalCode"),
				"city":        v.orNull("city"),
				"countryCode": alpha2(v["countryCode"]),
			},
		}
	}
	return http.StatusOK, map[string]any{"addressValid": true}
}

func randomHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

func randomDigits(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	for i := range b {
		b[i] = '0' + b[i]%10
	}
	if b[0] == '0' {
		b[0] = '1' // no leading zero, so the number survives naive parsing
	}
	return string(b)
}

func randomUUID() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:16])
}
