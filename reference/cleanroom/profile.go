package cleanroom

import "fmt"

// ProfileYAML is the conformance profile of a server of cfg at baseURL, as
// its vendor writes it: its catalogue, its merchant, its declared choices
// (CHOICES.md), and the secrets as the environment variables WALLET_PASSWORD,
// WALLET_PASSWORD_2, WALLET_SHORT_TOKEN_PASSWORD, WALLET_VERIFICATION_CODE and
// WALLET_OTP. cleanroom-serve prints it; the suite's test of this
// implementation reads it, so that both use the one profile a vendor would.
func ProfileYAML(baseURL string, cfg Config) string {
	return fmt.Sprintf(profileTemplate, baseURL, cfg.ProgramCode, cfg.ProgramAccno, cfg.Currency,
		cfg.Merchant.Accno, cfg.Merchant.ProgramCode, cfg.Merchant.ExternalAccountReference, cfg.ShortTokenUserID)
}

const profileTemplate = `baseUrl: %s
credentials:
  userId: partner-1
  password: ${WALLET_PASSWORD}
programCode: %s
programAccno: "%s"
accnoType: "00"
currency: %s
titleCode: MR
paymentOptionCode: VISA
# its catalogue (options.go) offers both as storable
secondPaymentOptionCode: MC
transactionTypeCode: AUTH
merchant:
  accno: "%s"
  programCode: %s
  externalAccountReference: %s
sandbox:
  verificationCode: ${WALLET_VERIFICATION_CODE}
  oneTimePassword: ${WALLET_OTP}
  redirectTrigger: /sandbox/payments/{uniqueReference}/redirect
  shortTokenUserId: %s
  shortTokenPassword: ${WALLET_SHORT_TOKEN_PASSWORD}
secondPartner:
  userId: partner-2
  password: ${WALLET_PASSWORD_2}
environment: sandbox
behaviour:
  numberEncoding: string
  repeatedPaymentMove: refused
  kcRepeatedMove: refused
scope:
  exclude: []
`
