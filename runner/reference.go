package runner

import (
	"slices"
	"strings"
	"time"

	"github.com/wallet-conformance/wallet-conformance/profile"
	"github.com/wallet-conformance/wallet-conformance/reference"
)

// ReferenceProfile is the profile that targets a reference server started
// with cfg at url: the embedded default target of a run without --profile.
func ReferenceProfile(url string, cfg reference.Config) *profile.Profile {
	p := &profile.Profile{
		BaseURL:        strings.TrimRight(url, "/"),
		Environment:    profile.Sandbox,
		AcceptLanguage: "en-US",
		CallTimeout:    profile.Duration{Duration: profile.DefaultCallTimeout},
		// The reference server's loads settle 150 ms after the Capture
		// (the variant load-settles-later), well within a second; a
		// shorter wait than the default keeps short what a fault costs
		// (every check that finds one waits it out), in the mutant sweeps
		// and in a run's exploration, which shrinks within its own bound.
		SettleAllowance:         profile.Duration{Duration: time.Second},
		ProgramCode:             cfg.ProgramCode,
		ProgramAccno:            cfg.ProgramAccno,
		AccnoType:               "00",
		Currency:                "EUR",
		Currencies:              []string{"EUR", "USD"}, // the reference opens accounts and pays in any S(3)
		TitleCode:               "MR",
		PaymentOptionCode:       "VISA", // a storable option of the reference's catalogue
		SecondPaymentOptionCode: "MC",   // another storable option of it
		TransactionTypeCode:     "AUTH",
	}
	p.Credentials.UserID = cfg.UserID
	p.Credentials.Password = cfg.Password
	p.SecondPartner.UserID = cfg.SecondUserID
	p.SecondPartner.Password = cfg.SecondPassword
	p.Sandbox.VerificationCode = cfg.VerificationCode
	p.Sandbox.OneTimePassword = cfg.OneTimePassword
	p.Merchant.Accno = cfg.MerchantAccno
	p.Merchant.ProgramCode = cfg.MerchantProgramCode
	p.Merchant.ExternalAccountReference = cfg.MerchantExternalReference
	p.Sandbox.RedirectTrigger = "/sandbox/payments/{uniqueReference}/redirect"
	p.Sandbox.ShortTokenUserID = cfg.ShortTokenUserID
	p.Sandbox.ShortTokenPassword = cfg.ShortTokenPassword
	// A target making a variant's choice declares it, as a vendor would.
	for _, v := range reference.Variants() {
		if !slices.Contains(cfg.Variants, v.Name) {
			continue
		}
		for k, val := range v.Declares {
			if p.Behaviour == nil {
				p.Behaviour = map[string]string{}
			}
			p.Behaviour[k] = val
		}
		for k, val := range v.Sets {
			if err := p.Set(k, val); err != nil {
				panic("reference: variant " + v.Name + ": " + err.Error()) // a test holds every variant's keys to the profile
			}
		}
	}
	p.ApplyDefaults()
	return p
}
