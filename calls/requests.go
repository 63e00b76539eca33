package calls

import (
	"fmt"

	"github.com/shopspring/decimal"

	"github.com/wallet-conformance/wallet-conformance/profile"
	"github.com/wallet-conformance/wallet-conformance/schemas"
	"github.com/wallet-conformance/wallet-conformance/steps"
	"github.com/wallet-conformance/wallet-conformance/targetclient"
)

// Requests builds the valid request bodies of the operations as the
// suite's steps build them for the same sentences (steps/*.go), so that a
// written scenario sends what an exploration or a sweep sent. Every body
// gets values unique to its builder (partnerReference, names,
// externalReference): UID and a counter. One goroutine uses a Requests at
// a time.
type Requests struct {
	Profile *profile.Profile
	Clock   targetclient.Clock
	// UID makes the builder's values unique: an exploration's run id and
	// the property run's number, a sweep's and its worker's, each of the
	// same length so that unique values keep their lengths.
	UID string
	n   int
}

// Unique returns a value unique to this builder, with a readable prefix.
func (x *Requests) Unique(prefix string) string {
	x.n++
	return fmt.Sprintf("%s%s%02d", prefix, x.UID, x.n)
}

// Envelope is the request envelope of with a fresh partnerReference.
func (x *Requests) Envelope(withProgram bool) map[string]any {
	date, tm := x.Clock()
	f := map[string]any{"partnerReference": x.Unique("pr-"), "localDate": date, "localTime": tm}
	if withProgram {
		f["programCode"] = x.Profile.ProgramCode
	}
	return f
}

// AccountFields address the current account (accnoType, programCode).
func (x *Requests) AccountFields(withProgram bool) map[string]any {
	f := x.Envelope(withProgram)
	f["accnoType"] = x.Profile.AccnoType
	return f
}

func (x *Requests) CreateAccountFields() map[string]any {
	f := x.Envelope(true)
	for k, v := range steps.Customer(x.Profile, x.Unique("wx"), x.Unique("ext-")) {
		f[k] = v
	}
	return f
}

// UpdateAccountFields is the steps' Update Account Information:
// a new name and address, the rest as created.
func (x *Requests) UpdateAccountFields(created map[string]any) map[string]any {
	f := x.Envelope(true)
	for k, v := range steps.UpdatedCustomer(x.Profile, created) {
		f[k] = v
	}
	return f
}

// InitLoadFields is a guest payment (B-4.1 use case 1) with the wallet's
// accno: its capture loads the wallet (B-3).
func (x *Requests) InitLoadFields(accno string, amount decimal.Decimal) map[string]any {
	p := x.Profile
	f := x.Envelope(false)
	f["programAccno"] = p.ProgramAccno
	if p.PaymentOptionCode != "" {
		f["paymentOptionCode"] = p.PaymentOptionCode
	}
	f["presentationAmount"] = Money(amount)
	f["presentationCurrCode"] = p.Currency
	f["presentationUsage"] = "Order " + x.Unique("")
	for k, v := range steps.GuestBilling(p, x.Unique("guest-")) {
		f[k] = v
	}
	f["accno"] = accno
	f["accnoType"] = p.AccnoType
	return f
}

// WalletFields is KC-Debit Account (B-4.15) from the wallet to the
// profile's merchant, with the owner's address; KC-Authorize (B-4.14) adds
// programCode.
func (x *Requests) WalletFields(op, accno string, amount decimal.Decimal) map[string]any {
	p := x.Profile
	f := x.Envelope(false)
	f["accno"] = accno
	f["accnoType"] = p.AccnoType
	f["merchantAccno"] = p.Merchant.Accno
	if p.Merchant.ProgramCode != "" {
		f["merchantProgramCode"] = p.Merchant.ProgramCode
	}
	f["programAccno"] = p.ProgramAccno
	f["paymentAmount"] = Money(amount)
	f["paymentCurrCode"] = p.Currency
	f["paymentUsage"] = "Purchase " + x.Unique("")
	f["useDifferentBillingAddress"] = false
	f["countryCode"] = p.TestCustomer().CountryCode
	if op == schemas.KCAuthorize {
		f["programCode"] = p.ProgramCode
	}
	return f
}

// ConsentFields is Add and Revoke Consent's body (B-4.8, B-4.9).
func (x *Requests) ConsentFields() map[string]any {
	f := x.AccountFields(true)
	if otp := x.Profile.Sandbox.OneTimePassword; otp != "" {
		f["oneTimePassword"] = otp
	}
	return f
}
