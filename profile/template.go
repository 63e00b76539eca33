package profile

import (
	"fmt"
	"strings"
)

// templateKey is one key of the profile as Template writes it.
type templateKey struct {
	key      string // the key within its group, e.g. "userId"
	clause   string // the clause that asks for it; "" for the suite's own keys
	doc      string // what it is, one sentence
	value    string // the value written, as YAML: the default, an example, or ${VAR} for a secret
	def      string // the default Parse applies, "" when none
	required bool
}

// templateGroup is a top-level key with its keys ("" for the top level itself).
type templateGroup struct {
	name string
	doc  string
	keys []templateKey
}

// The environment variables Template names for the secrets.
const (
	EnvPassword         = "WALLET_PASSWORD"
	EnvSecondPassword   = "WALLET_PASSWORD_2"
	EnvVerificationCode = "WALLET_VERIFICATION_CODE"
	// EnvShortTokenPassword holds sandbox.shortTokenPassword.
	EnvShortTokenPassword = "WALLET_SHORT_TOKEN_PASSWORD"
	EnvOneTimePassword    = "WALLET_OTP"
)

// templateGroups lists every key of a profile in the order of Profile's
// fields. A test holds it to Profile: a key added there must be added here.
func templateGroups(baseURL string) []templateGroup {
	if baseURL == "" {
		baseURL = "https://sandbox.example.com/wallet/v1"
	}
	return []templateGroup{
		{keys: []templateKey{
			{key: "baseUrl", clause: "A-1", required: true, value: yamlString(baseURL),
				doc: "The base address {base_url} of the target; every path of the API is relative to it."},
			{key: "acceptLanguage", clause: "A-1", value: "en-US", def: "en-US",
				doc: "Sent as the Accept-Language header (language-REGION)."},
			{key: "callTimeout", clause: "A-1, A-8", value: "90s", def: "90s",
				doc: "The call time allowance: a call that takes longer is an ERROR (a duration such as 90s, or a number of seconds)."},
			{key: "settleAllowance", clause: "A-1, B-3", value: "5s", def: "5s",
				doc: "How long a setup step waits for the Load Account a Capture internally performs to show in the wallet, and a check for the wallet to rise by it (a duration, or a number of seconds)."},
			{key: "rateLimit", value: "0", def: "0 (none)",
				doc: "Holds every call of the run (scenarios, exploration, sweep) under a rate, for a sandbox that limits its callers: 10/s, 600/m, or a number of calls a second; 0 for none. --rate-limit overrides it. An HTTP 429 with Retry-After is waited out and the call repeated, whatever the rate; the report says how long the run waited for each."},
		}},
		{name: "credentials", doc: "The partner's credentials for Issue Token.", keys: []templateKey{
			{key: "userId", clause: "A-4.1", required: true, value: yamlString("your-partner-user-id"),
				doc: "The partner's user identifier."},
			{key: "password", clause: "A-4.1", required: true, value: secretRef(EnvPassword),
				doc: "The partner's password: a secret, read from the environment; never write it here."},
		}},
		{keys: []templateKey{
			{key: "programCode", clause: "A-2.1", required: true, value: yamlString("PRG01"),
				doc: "The program's code, sent with every call that names a program (S(10))."},
			{key: "programAccno", clause: "A-4.8, B-4", value: yamlString("900000001"),
				doc: "The program account number (Init Verify Stored Payment Option, Document B's payments); scenarios that need it are SKIPPED without it."},
			{key: "accnoType", clause: "A-2.0", value: yamlString("00"), def: "00",
				doc: "The accnoType that means \"account number\" (S(2))."},
			{key: "currency", clause: "A-4.2", required: true, value: "EUR",
				doc: "The currency (currCode, S(3)) of the accounts the suite opens."},
			{key: "currencies", clause: "A-4.2, B-4.1, B-4.3", value: "[EUR]", def: "[the currency above]",
				doc: "Every currency the target offers: the spec names no currency list (no ISO 4217), so a server may refuse one it does not offer. " +
					"The valid-request sweep opens an account (currCode) and makes a payment (presentationCurrCode) in each; " +
					"it never sends one not listed. The currency above is always one of them."},
			{key: "titleCode", clause: "A-2.4", required: true, value: "MR",
				doc: "A valid value of the target's Title Codes lookup."},
			{key: "paymentOptionCode", clause: "A-4.6", value: "VISA",
				doc: "A payment option the target can store and pay with; scenarios that need it are SKIPPED without it."},
			{key: "secondPaymentOptionCode", clause: "A-4.6", value: "MC",
				doc: "Another payment option the target can store, of another code: the scenarios that store two options on one account take one of each, as a target may keep one option per code; they are SKIPPED without it."},
			{key: "transactionTypeCode", clause: "A-4.12", value: "AUTH", def: "AUTH",
				doc: "The Transaction Type of Get Payment Options."},
		}},
		{name: "merchant", doc: "A merchant account, for the wallet-to-merchant payments (B-4.14 to B-4.18); without it those scenarios are SKIPPED.", keys: []templateKey{
			{key: "accno", clause: "B-4.14", value: yamlString("800000001"), doc: "The merchant account number."},
			{key: "programCode", clause: "B-4.14", value: "MERCH01", doc: "Its program code (merchantProgramCode)."},
			{key: "externalAccountReference", clause: "B-4.14", value: "EXT-MERCHANT-1", doc: "Its external account reference (the merchantProgramCode rule)."},
		}},
		customerGroup("customer", DefaultCustomer, "The test customer the suite opens accounts for (A-4.2) and pays as a guest with, "+
			"wallet loads included (B-4.1: guest data \"hold real customer data; inaccurate data may cause rejection\"). "+
			"The defaults are plausible and safe (an e-mail address under .test, reserved for testing: no mail reaches a person); "+
			"if your sandbox refuses them, set a test customer it accepts, never a real person's data. "+
			"An address is set whole or left to its default."),
		customerGroup("otherCustomer", DefaultOtherCustomer, "A second test customer: the last name and address an update gives the account (A-4.3), "+
			"a stored payment option's different billing address (A-4.6) and a different correspondence address (A-2.2). "+
			"The same rules as customer."),
		{name: "sandbox", doc: "What the sandbox accepts in place of a customer; scenarios that need a missing key are SKIPPED.", keys: []templateKey{
			{key: "verificationCode", clause: "A-4.9", value: secretRef(EnvVerificationCode),
				doc: "The code Complete Verify Stored Payment Option accepts: a secret, from the environment."},
			{key: "oneTimePassword", clause: "B-4.3, B-4.8, B-4.9, B-4.15", value: secretRef(EnvOneTimePassword),
				doc: "The oneTimePassword the sandbox accepts: a secret, from the environment."},
			{key: "redirectTrigger", clause: "A-6", value: yamlString("/sandbox/payments/{uniqueReference}/redirect"),
				doc: "A sandbox URL (relative to baseUrl, or absolute) that completes an initiated payment as its customer would and sends the redirect callback; see docs/auditor.md, Assumptions."},
			{key: "shortTokenUserId", clause: "A-5", value: yamlString("your-short-token-user-id"),
				doc: "A user of the partner whose tokens expire within 30 s, to show that an expired token is refused; without it that scenario is SKIPPED."},
			{key: "shortTokenPassword", clause: "A-5", value: secretRef(EnvShortTokenPassword),
				doc: "Its password: a secret, from the environment."},
		}},
		{keys: []templateKey{
			{key: "environment", required: true, value: "sandbox",
				doc: "The target's environment. The suite creates accounts and moves money: anything but sandbox needs run --allow-environment NAME, and the report says so."},
		}},
		{name: "tls", doc: "TLS towards the target; by default the system's CAs are trusted.", keys: []templateKey{
			{key: "caFile", value: "./sandbox-ca.pem", doc: "A PEM bundle of CAs to trust instead of the system's."},
			{key: "certFile", value: "./client.pem", doc: "A client certificate, for mutual TLS (with keyFile)."},
			{key: "keyFile", value: "./client-key.pem", doc: "Its private key."},
			{key: "insecureSkipVerify", value: "false", def: "false", doc: "true skips verifying the target's certificate; every report then says so."},
		}},
		{name: "secondPartner", doc: "Another partner of the target, for the @advisory scenarios that check one partner cannot reach another's wallets (A-5).", keys: []templateKey{
			{key: "userId", clause: "A-5", value: yamlString("your-second-partner-user-id"), doc: "Its user identifier."},
			{key: "password", clause: "A-5", value: secretRef(EnvSecondPassword), doc: "Its password: a secret, from the environment."},
		}},
		{name: "scope", doc: "What the target claims.", keys: []templateKey{
			{key: "exclude", value: "[B-4.19]", def: "[]",
				doc: "Clause tags the target does not claim: their scenarios are reported NOT CLAIMED and not run."},
		}},
	}
}

// customerGroup is the template's group of a test customer, its defaults def.
func customerGroup(name string, def Customer, doc string) templateGroup {
	keyDoc := map[string]string{
		"firstName":    "First name (firstName; the first part of customerFullName, \"first and last name\").",
		"lastName":     "Last name (lastName; the last part of customerFullName).",
		"emailAddress": "The form of the e-mail addresses: {id} is replaced by a value unique to each account and payment, so it must hold {id}.",
		"dob":          "Date of birth, YYYY-MM-DD.",
		"addr1":        "The street, without the house number (B-4.1: houseNumber \"when not included in addr1\").",
		"houseNumber":  "The house number.",
		"city":         "The city.",
		"postCode":     "The postcode, of the country's form.",
		"countryCode":  "The country, ISO 3166-1 alpha-2.",
		"countryCode3": "The same country in alpha-3, for the scenarios that send country codes so (A-2.0).",
	}
	g := templateGroup{name: name, doc: doc}
	for _, k := range customerKeys {
		g.keys = append(g.keys, templateKey{key: k, clause: "A-2.2, A-4.2, B-4.1", value: yamlString(def.value(k)), def: def.value(k), doc: keyDoc[k]})
	}
	return g
}

// Template returns a profile for a new target, every key commented: what
// it is, the clause that asks for it and its default. The required keys
// are set (baseUrl to baseURL, or an example when ""; the others to
// examples to replace), the optional ones commented out with their default
// or an example, and the behaviour keys (Behaviours) commented out with
// their defaults. Secrets are ${VAR} (EnvPassword ...), never values: once
// the variables of the uncommented keys are set, Parse accepts the text.
func Template(baseURL string) string { return template(baseURL, false) }

// template writes the profile; with all, every key is written uncommented
// (tests: every example and default must parse).
func template(baseURL string, all bool) string {
	var b strings.Builder
	b.WriteString(`# A wallet-conformance profile for a new target (written by wallet-conformance init).
#
# Every key the suite reads is below, with what it is, the clause of the specification
# that asks for it and its default. The required keys are set: replace their example
# values. Optional keys are commented out with their default or an example.
# Secrets are never written here: ${VAR} is read from the environment when the suite
# runs. Set ` + EnvPassword + ` (and the variables of any secret key you uncomment), then:
#
#   wallet-conformance run --profile THIS-FILE
#
# An unknown key, a missing required key or an unset ${VAR} is an error that names it.
`)
	for _, g := range templateGroups(baseURL) {
		b.WriteString("\n")
		indent, prefix := "", ""
		if g.name != "" {
			active := all
			for _, k := range g.keys {
				active = active || k.required
			}
			if !active {
				prefix = "# "
			}
			writeComment(&b, "", g.doc)
			fmt.Fprintf(&b, "%s%s:\n", prefix, g.name)
			indent = "  "
		}
		for _, k := range g.keys {
			p := prefix
			if !k.required && !all {
				p = "# "
			}
			docPrefix := p + indent
			if indent == "" {
				docPrefix = "" // a comment either way: one "#" reads better
			}
			writeComment(&b, docPrefix, requiredMark(k)+k.doc+clauseAndDefault(k))
			fmt.Fprintf(&b, "%s%s%s: %s\n", p, indent, k.key, k.value)
		}
	}
	writeBehaviours(&b, all)
	return b.String()
}

// writeBehaviours writes the behaviour: block, commented out unless all.
func writeBehaviours(b *strings.Builder, all bool) {
	p := "# "
	if all {
		p = ""
	}
	b.WriteString("\n# The target's choices where the specification leaves a point open; the suite holds\n# the target to what it declares. A key left out takes its default.\n")
	fmt.Fprintf(b, "%sbehaviour:\n", p)
	for _, bh := range Behaviours() {
		writeComment(b, p+"  ", fmt.Sprintf("%s (%s) One of: %s; default %s.", bh.Doc, bh.Clause, strings.Join(bh.Values, ", "), bh.Values[0]))
		fmt.Fprintf(b, "%s  %s: %s\n", p, bh.Key, bh.Values[0])
	}
}

// commentWidth is where writeComment wraps a comment's words.
const commentWidth = 96

// writeComment writes text as "# " comment lines after prefix, its words
// wrapped at commentWidth.
func writeComment(b *strings.Builder, prefix, text string) {
	line := prefix + "#"
	for _, w := range strings.Fields(text) {
		if len(line)+1+len(w) > commentWidth && line != prefix+"#" {
			b.WriteString(line + "\n")
			line = prefix + "#"
		}
		line += " " + w
	}
	b.WriteString(line + "\n")
}

func requiredMark(k templateKey) string {
	if k.required {
		return "REQUIRED. "
	}
	return ""
}

func clauseAndDefault(k templateKey) string {
	var parts []string
	if k.clause != "" {
		parts = append(parts, k.clause)
	}
	if k.def != "" {
		parts = append(parts, "default "+k.def)
	}
	if len(parts) == 0 {
		return ""
	}
	return " (" + strings.Join(parts, "; ") + ")"
}

// secretRef writes a secret as the ${VAR} Parse expands.
func secretRef(name string) string { return `"${` + name + `}"` }

// yamlString quotes a value that YAML would otherwise read as another type
// or that holds characters YAML gives a meaning.
func yamlString(s string) string { return fmt.Sprintf("%q", s) }
