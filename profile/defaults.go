package profile

// ApplyDefaults gives every unset key that has a default its default
// (acceptLanguage, callTimeout, settleAllowance, accnoType, transactionTypeCode), as Parse
// does for a profile file. It is for a Profile built in Go, which must also
// pass Validate before a run.
func (p *Profile) ApplyDefaults() { p.applyDefaults() }
