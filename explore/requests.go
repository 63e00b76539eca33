package explore

import (
	"fmt"

	"github.com/shopspring/decimal"

	"github.com/wallet-conformance/wallet-conformance/schemas"
	"github.com/wallet-conformance/wallet-conformance/steps"
)

// The requests of the moves. They are the valid requests the suite's steps
// build for the same sentences (steps/*.go), so that a written scenario
// sends what the exploration sent.

// Unique returns a value Unique to this exploration, with a readable prefix.
func (x *machine) Unique(prefix string) string {
	x.n++
	return fmt.Sprintf("%s%s%02d", prefix, x.UID, x.n)
}

// Envelope is the request Envelope of with a fresh partnerReference.
func (x *machine) Envelope(withProgram bool) map[string]any {
	date, tm := x.e.clock()
	f := map[string]any{"partnerReference": x.Unique("pr-"), "localDate": date, "localTime": tm}
	if withProgram {
		f["programCode"] = x.e.profile.ProgramCode
	}
	return f
}

// AccountFields address the current account (accnoType, programCode).
func (x *machine) AccountFields(withProgram bool) map[string]any {
	f := x.Envelope(withProgram)
	f["accnoType"] = x.e.profile.AccnoType
	return f
}

func (x *machine) CreateAccountFields() map[string]any {
	f := x.Envelope(true)
	for k, v := range steps.Customer(x.e.profile, x.Unique("wx"), x.Unique("ext-")) {
		f[k] = v
	}
	return f
}

// UpdateAccountFields is the steps' Update Account Information:
// a new name and address, the rest as created.
func (x *machine) UpdateAccountFields(a *account) map[string]any {
	f := x.Envelope(true)
	for k, v := range steps.UpdatedCustomer(x.e.profile, a.fields) {
		f[k] = v
	}
	return f
}

// InitLoadFields is a guest payment (B-4.1 use case 1) with the wallet's
// accno: its capture loads the wallet (B-3).
func (x *machine) InitLoadFields(accno string, amount decimal.Decimal) map[string]any {
	p := x.e.profile
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
func (x *machine) WalletFields(op, accno string, amount decimal.Decimal) map[string]any {
	p := x.e.profile
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
func (x *machine) ConsentFields() map[string]any {
	f := x.AccountFields(true)
	if otp := x.e.profile.Sandbox.OneTimePassword; otp != "" {
		f["oneTimePassword"] = otp
	}
	return f
}
