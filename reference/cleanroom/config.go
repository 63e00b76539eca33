package cleanroom

import "time"

// Partner is a caller of the API that can obtain tokens with Issue Token.
type Partner struct {
	UserID   string
	Password string
}

// Merchant describes the merchant account that exists from the start.
type Merchant struct {
	Accno                    string
	ProgramCode              string
	ExternalAccountReference string
	Name                     string
}

// Config holds the sandbox facts (see TESTBED.md).
type Config struct {
	Partners     []Partner // all partners that may issue tokens (partner-1, partner-2, partner-short)
	ProgramCode  string    // program code the partners use (PRG01)
	ProgramAccno string    // program account number (900000001)
	Currency     string    // currency of the sandbox program and merchant (EUR)
	Merchant     Merchant

	VerificationCode string // accepted by Complete Verify (6 digits)
	OneTimePassword  string // accepted oneTimePassword (8 digits)

	ShortTokenUserID string        // tokens of this user expire after ShortTokenTTL
	TokenTTL         time.Duration // default 30 minutes
	ShortTokenTTL    time.Duration // default 20 seconds

	// CallbackTimeout bounds the redirect callback POST (default 10 s).
	CallbackTimeout time.Duration
}

// DefaultConfig returns the sandbox facts of TESTBED.md with the given secrets.
func DefaultConfig(password, password2, shortPassword, verificationCode, otp string) Config {
	return Config{
		Partners: []Partner{
			{UserID: "partner-1", Password: password},
			{UserID: "partner-2", Password: password2},
			{UserID: "partner-short", Password: shortPassword},
		},
		ProgramCode:  "PRG01",
		ProgramAccno: "900000001",
		Currency:     "EUR",
		Merchant: Merchant{
			Accno:                    "800000001",
			ProgramCode:              "MERCH01",
			ExternalAccountReference: "EXT-MERCHANT-1",
			Name:                     "Sandbox Merchant",
		},
		VerificationCode: verificationCode,
		OneTimePassword:  otp,
		ShortTokenUserID: "partner-short",
		TokenTTL:         30 * time.Minute,
		ShortTokenTTL:    20 * time.Second,
		CallbackTimeout:  10 * time.Second,
	}
}
