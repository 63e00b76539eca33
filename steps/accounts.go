package steps

import (
	"context"
	"fmt"
	"strings"

	"github.com/cucumber/godog"
	"github.com/tidwall/gjson"

	"github.com/wallet-conformance/wallet-conformance/schemas"
)

// Account management.

// accountVariants are the request variants of the account operations.
var accountVariants = []requestVariant{
	{"with a different correspondence address", anyOperation(withCorrespondenceAddress)},
	{"with the owner's address for correspondence", anyOperation(withoutCorrespondenceAddress)},
	{"for a business user", anyOperation(asBusinessUser)},
	{"for a private user", anyOperation(asPrivateUser)},
	{"with country codes in alpha-3", anyOperation(withAlpha3CountryCodes)},
	{"for a business user with country codes in alpha-3", anyOperation(asBusinessUserInAlpha3)},
}

var accountBuilders = map[string]builder{
	schemas.CreateAccount: createAccountRequest,
	schemas.UpdateAccount: updateAccountRequest,
	schemas.GetAccount:    getAccountRequest,
	schemas.CloseAccount:  closeAccountRequest,
}

// envelope returns the request envelope of with a fresh partnerReference.
func (w *World) envelope(withProgram bool) map[string]any {
	date, tm := w.env.Clock()
	f := map[string]any{"partnerReference": w.unique("pr-"), "localDate": date, "localTime": tm}
	if withProgram {
		f["programCode"] = w.env.Profile.ProgramCode
	}
	return f
}

func createAccountRequest(w *World) (map[string]string, map[string]any, error) {
	f := w.envelope(true)
	for k, v := range Customer(w.env.Profile, w.unique("wc"), w.unique("ext-")) {
		f[k] = v
	}
	return nil, f, nil
}

func (w *World) requireAccount() (map[string]string, error) {
	if w.account.accno == "" {
		return nil, fmt.Errorf("the scenario has no account: it needs \"Given the partner has created an account\"")
	}
	return map[string]string{"accno": w.account.accno}, nil
}

func updateAccountRequest(w *World) (map[string]string, map[string]any, error) {
	path, err := w.requireAccount()
	if err != nil {
		return nil, nil, err
	}
	f := w.envelope(true)
	for k, v := range UpdatedCustomer(w.env.Profile, w.account.fields) {
		f[k] = v
	}
	return path, f, nil
}

func getAccountRequest(w *World) (map[string]string, map[string]any, error) {
	path, err := w.requireAccount()
	if err != nil {
		return nil, nil, err
	}
	f := w.envelope(true)
	f["accnoType"] = w.env.Profile.AccnoType
	return path, f, nil
}

func closeAccountRequest(w *World) (map[string]string, map[string]any, error) {
	path, err := w.requireAccount()
	if err != nil {
		return nil, nil, err
	}
	f := w.envelope(true)
	f["accnoType"] = w.env.Profile.AccnoType
	f["closingReason"] = "Closed by the wallet conformance suite"
	return path, f, nil
}

// The blocks, in their true and false branches.

func withCorrespondenceAddress(w *World, f map[string]any) {
	for k, v := range correspondenceAddress(w.env.Profile, false) {
		f[k] = v
	}
}

func withoutCorrespondenceAddress(_ *World, f map[string]any) {
	f["useDifferentCorrespondenceAddress"] = false
	for k := range f {
		if strings.HasPrefix(k, "correspondence") {
			delete(f, k)
		}
	}
}

func asBusinessUser(_ *World, f map[string]any) {
	f["isBusinessUser"] = true
	f["businessCompanyName"] = "Conformance Widgets GmbH"
	f["businessCompanyType"] = "GmbH"
	f["businessCompanyRegistrationNumber"] = "HRB 123456"
	f["businessCompanyRegistrationCountryCode"] = "DE"
	f["businessAddr1"] = "Industriestrasse 9"
	f["businessCity"] = "Koeln"
	f["businessPostCode"] = "50667"
	f["businessCountryCode"] = "DE"
}

func asPrivateUser(_ *World, f map[string]any) {
	f["isBusinessUser"] = false
	for k := range f {
		if strings.HasPrefix(k, "business") {
			delete(f, k)
		}
	}
}

// withAlpha3CountryCodes gives the S(3) country fields in alpha-3:
// countryCode and nationality (A-4.2: "ISO2 or ISO3"), and a different
// correspondence address with its country in alpha-3.
func withAlpha3CountryCodes(w *World, f map[string]any) {
	for k, v := range correspondenceAddress(w.env.Profile, true) {
		f[k] = v
	}
	c := w.env.Profile.TestCustomer()
	f["countryCode"] = c.CountryCode3
	f["nationality"] = c.CountryCode3
}

// asBusinessUserInAlpha3 is a business user whose S(3) business country
// fields (A-2.2 BZ) are given in alpha-3.
func asBusinessUserInAlpha3(w *World, f map[string]any) {
	asBusinessUser(w, f)
	f["businessCompanyRegistrationCountryCode"] = "AUT"
	f["businessCountryCode"] = "DEU"
}

// remember keeps what a successful Create or Update sent as the account's data.
func (w *World) remember() {
	c := w.last
	if c == nil || !(c.succeeded() || c.reachedState()) {
		return
	}
	switch c.op.ID {
	case schemas.CreateAccount:
		w.account = accountState{accno: c.json.Get("accno").String(), fields: c.fields}
	case schemas.UpdateAccount:
		// An update replaces the account information: what it sent
		// is what the account now holds; what it left out is not checked.
		w.account.fields = c.fields
	case schemas.CloseAccount:
		w.account.closed = true
	case schemas.AddConsent:
		w.consentReference = c.json.Get("consentReference").String()
	default:
		w.rememberOption(c)
		w.rememberPayment(c)
		w.rememberWalletPayment(c)
		w.moved(c)
	}
}

func (w *World) hasCreatedAccount(ctx context.Context, variant string) error {
	if err := w.sendValid(ctx, "creates an account", variant); err != nil {
		return err
	}
	if w.account.accno == "" {
		return w.failf("Create Account returned no accno")
	}
	return nil
}

func (w *World) hasClosedAccount(ctx context.Context) error {
	return w.sendValid(ctx, "closes the account", "")
}

// reflectedFields are account fields that Get Account Information
// must return as they were sent; the service may normalise others (country
// codes to alpha-2 or alpha-3, for instance).
var reflectedFields = []string{"externalAccountReference", "loginID", "currCode", "title", "lastName", "firstName", "addr1", "addr2", "addr3", "houseNumber", "city", "state", "postCode", "dob", "emailAddress"}

// unsentFields are fields the suite never sends and the service has no
// reason to invent: returns absent values as null.
var unsentFields = []string{"addr2", "addr3", "landlinePhone", "mobilePhone", "taxId"}

func (w *World) readAccount(ctx context.Context) error {
	return w.readBack(ctx, "reads the account information")
}

func (w *World) accountShowsWhatWasSent(ctx context.Context) error {
	defer w.keepWhen()()
	sent := w.account.fields
	if err := w.readAccount(ctx); err != nil {
		return err
	}
	var diffs, echo []string
	for _, k := range reflectedFields {
		want, ok := sent[k]
		if !ok {
			continue
		}
		got := w.last.json.Get(k)
		switch {
		case got.Type != gjson.String || !sameText(got.Str, fmt.Sprint(want)):
			diffs = append(diffs, fmt.Sprintf("%s: sent %q, got %s", k, want, rawOrAbsent(got.Raw)))
		case got.Str != want:
			echo = append(echo, fmt.Sprintf("%s: sent %q, got %q", k, want, got.Str))
		}
	}
	if len(diffs) > 0 {
		return w.failf("Get Account Information does not reflect what was sent (compared up to case and white space): %s", strings.Join(diffs, "; "))
	}
	if len(echo) > 0 {
		w.advise("A-4.4#4", "Get Account Information returns what was sent normalised, not as sent: %s", strings.Join(echo, "; "))
	}
	return nil
}

func (w *World) absentFieldsAreNull() error {
	c, err := w.requireLast()
	if err != nil {
		return err
	}
	if err := w.env.Schemas.Validate("account.json", c.resp.Body); err != nil {
		return w.failf("the account does not carry every A-2.4 field: %v", err)
	}
	var wrong []string
	for _, k := range unsentFields {
		if v := c.json.Get(k); !v.Exists() || v.Type != 0 {
			wrong = append(wrong, fmt.Sprintf("%s: %s", k, rawOrAbsent(v.Raw)))
		}
	}
	if len(wrong) > 0 {
		return w.failf("fields that were never given must be null: %s", strings.Join(wrong, "; "))
	}
	return nil
}

func (w *World) storedWhole(ctx context.Context, field string) error {
	defer w.keepWhen()()
	want, ok := w.last.fields[field]
	if !ok {
		return fmt.Errorf("the last call did not send %s", field)
	}
	if err := w.readAccount(ctx); err != nil {
		return err
	}
	got := w.last.json.Get(field)
	if got.Type != gjson.String || !sameText(got.Str, fmt.Sprint(want)) {
		return w.failf("expected %s stored whole (%d characters, compared up to case and white space), got %s", field, len(fmt.Sprint(want)), rawOrAbsent(got.Raw))
	}
	if got.Str != want {
		w.advise("A-4.4#4", "%s is stored whole but returned normalised, not as sent: sent %q, got %q", field, want, got.Str)
	}
	return nil
}

// cultureRefusedOrWellFormed checks Create Account with a culture that is
// no RFC 4646 tag but a well-typed S(14) (de_DE). Refusing it is advised
// (A-2.4#8): the spec only references RFC 4646, and A-7's 0001 names
// "wrong data type, spelling". A refusal is a handled error; an account
// opened with it must still read back a culture that is a well-formed tag
// or null (A-2.4#7): what the server writes is its own.
func (w *World) cultureRefusedOrWellFormed(ctx context.Context) error {
	c, err := w.readable()
	if err != nil {
		return err
	}
	if c.json.Get("responseCode").String() != "0000" {
		return w.handledError()
	}
	if err := w.callSucceeds(); err != nil {
		return err
	}
	sent := fmt.Sprint(c.fields["culture"])
	w.advise("A-2.4#8", "Create Account accepted culture %q, which is no RFC 4646 language tag; A-2.4 types culture \"S(14) | RFC 4646\"", sent)
	defer w.keepWhen()()
	if err := w.readAccount(ctx); err != nil {
		return err
	}
	if got := w.last.json.Get("culture"); got.Type != gjson.Null && (got.Type != gjson.String || !schemas.IsLanguageTag(got.Str)) {
		return w.violates("A-2.4#7", "the account was opened with culture %q, and Get Account Information returns culture %s, which is no well-formed RFC 4646 language tag", sent, rawOrAbsent(got.Raw))
	}
	return nil
}

// countryCodesSplit checks #3: the account read back holds the alpha-2
// code of what was sent in nationality and correspondenceCountryCode, and the
// alpha-3 code in nationality3 and correspondenceCountryCode3.
func (w *World) countryCodesSplit(ctx context.Context) error {
	return w.countryCodesSplitOf(ctx, "A-2.4#3", "nationality", "correspondenceCountryCode")
}

// businessCountryCodesSplit checks #6: the business country codes are
// alpha-2 in businessCompanyRegistrationCountryCode and businessCountryCode
// and alpha-3 in their companions ending in 3.
func (w *World) businessCountryCodesSplit(ctx context.Context) error {
	return w.countryCodesSplitOf(ctx, "A-2.4#6", "businessCompanyRegistrationCountryCode", "businessCountryCode")
}

// countryCodesSplitOf reads the account back and checks that each named
// field, sent in alpha-3, holds its alpha-2 code, and its companion (the
// name followed by 3) the alpha-3 code.
func (w *World) countryCodesSplitOf(ctx context.Context, rule string, names ...string) error {
	defer w.keepWhen()()
	sent := w.account.fields
	if err := w.readAccount(ctx); err != nil {
		return err
	}
	var diffs []string
	for _, name := range names {
		code, _ := sent[name].(string)
		alpha2, ok := alpha2Of(w.env.Profile)[code]
		if !ok {
			return fmt.Errorf("the account was not created with %s in alpha-3", name)
		}
		if got := w.last.json.Get(name); got.String() != alpha2 {
			diffs = append(diffs, fmt.Sprintf("%s: expected %q, got %s", name, alpha2, rawOrAbsent(got.Raw)))
		}
		if got := w.last.json.Get(name + "3"); got.String() != code {
			diffs = append(diffs, fmt.Sprintf("%s3: expected %q, got %s", name, code, rawOrAbsent(got.Raw)))
		}
	}
	if len(diffs) > 0 {
		return w.violates(rule, "the account does not hold its country codes as alpha-2 and alpha-3 (A-2.4): %s", strings.Join(diffs, "; "))
	}
	return nil
}

// closesUnknownAccount closes an account number that names no account (A-3:
// Close Account moves an account that exists).
func (w *World) closesUnknownAccount(ctx context.Context) error {
	r, err := w.prepare("closes the account", "")
	if err != nil {
		return err
	}
	r.path["accno"] = w.unique("NOACCOUNT")
	return w.send(ctx, r)
}

// closesDeletingData closes the account asking for its data to be deleted,
// with the reference of the deletion request at its maximum length.
func (w *World) closesDeletingData(ctx context.Context) error {
	r, err := w.prepare("closes the account", "")
	if err != nil {
		return err
	}
	r.fields["isDataDeleted"] = true
	r.fields["externalRequestReference"] = fill(w.unique("del-"), 100)
	return w.send(ctx, r)
}

// closesWithPayout closes the account naming its stored payment option, or
// one it does not have, as the payout target of its balance.
func (w *World) closesWithPayout(ctx context.Context, which string) error {
	r, err := w.prepare("closes the account", "")
	if err != nil {
		return err
	}
	ref := w.option.current
	if which == "a payment option it does not have" {
		ref = fill(w.unique("spo-"), 36)
	} else if ref == "" {
		return fmt.Errorf("the scenario has no stored payment option: it needs \"Given the partner has stored a payment option\"")
	}
	r.fields["storedPaymentOptionReference"] = ref
	return w.send(ctx, r)
}

// payoutRefused is the advisory check of #5: a storedPaymentOptionReference
// that names no stored payment option of the account designates no payout
// target, so refusing it is implied.
func (w *World) payoutRefused() error {
	c, err := w.readable()
	if err != nil {
		return err
	}
	if c.succeeded() || c.json.Get("responseCode").String() == "0000" {
		w.advise("A-4.5#5", "expected Close Account to refuse a storedPaymentOptionReference that names no stored payment option of the account; it answered HTTP %d with responseCode \"0000\"", c.resp.Status)
		return nil
	}
	return w.handledError()
}

// readsClosed reads a closed account back (A-3: Close Account moves it to
// statusCode CLOSED). Whether a closed account may still be read is not
// shown (A-3#12), so a refusal as a handled error is accepted; an answer
// that reports the account must report it CLOSED (A-3#5). The When's call
// stays the scenario's last.
func (w *World) readsClosed(ctx context.Context) error {
	defer w.keepWhen()()
	r, err := w.prepare("reads the account information", "")
	if err != nil {
		return err
	}
	if err := w.send(ctx, r); err != nil {
		return err
	}
	c, err := w.readable()
	if err != nil {
		return err
	}
	if c.json.Get("responseCode").String() != "0000" {
		return w.handledError()
	}
	if got := c.json.Get("statusCode"); got.String() != "CLOSED" {
		return w.violates("A-3#5", "expected the closed account read back with statusCode \"CLOSED\" (Close Account moved it there), got %s", rawOrAbsent(got.Raw))
	}
	return nil
}

func rawOrAbsent(raw string) string {
	if raw == "" {
		return "no such field"
	}
	return raw
}

// accountCitations cites what each step registerAccountSteps registers rests
// on (Citation), a row per sc.Step below; StepCitations gathers the domains'
// tables.
var accountCitations = []StepCitation{
	{`^the partner has created an account` + variantPattern + `$`, state},
	{`^the partner has closed the account$`, state},
	{`^the account information shows what was sent, as sent \(advisory\)$`, rests("A-4.4#3").and("A-4.4#4")},
	{`^the account carries every field, absent values as null$`, rests("A-2.4#1", "A-2.4#2")},
	{`^the account information holds (\w+) whole, as sent \(advisory\)$`, rests("A-2.0#1").and("A-4.4#4")},
	{`^the account information holds the country codes in alpha-2 and alpha-3$`, rests("A-2.4#3")},
	{`^the account information holds the business country codes in alpha-2 and alpha-3$`, rests("A-2.4#6")},
	{`^the partner closes an account that does not exist$`, state},
	{`^the partner closes the account asking for its data to be deleted$`, state},
	{`^the partner closes the account naming (the stored payment option|a payment option it does not have) for the payout of its balance$`, state},
	{`^a payout option the account does not have is refused \(advisory\)$`, advises("A-4.5#5").reading("A-7#2", "A-7#6")},
	{`^the account reads CLOSED wherever it may still be read$`, rests("A-3#5").reading("A-7#2")},
	{`^the partner has created another account, which becomes the scenario's account$`, state},
	{`^the culture is refused \(advisory\), or the account information holds a well-formed language tag as its culture$`, rests("A-2.4#7").and("A-2.4#8")},
}

func registerAccountSteps(sc *godog.ScenarioContext, w *World) {
	re := w.env.re
	sc.Step(re(`^the partner has created an account`+variantPattern+`$`), w.hasCreatedAccount)
	sc.Step(re(`^the partner has closed the account$`), w.hasClosedAccount)
	sc.Step(re(`^the partner has created another account, which becomes the scenario's account$`), func(ctx context.Context) error { return w.hasCreatedAccount(ctx, "") })
	sc.Step(re(`^the account information shows what was sent, as sent \(advisory\)$`), w.accountShowsWhatWasSent)
	sc.Step(re(`^the account carries every field, absent values as null$`), w.absentFieldsAreNull)
	sc.Step(re(`^the account information holds (\w+) whole, as sent \(advisory\)$`), w.storedWhole)
	sc.Step(re(`^the culture is refused \(advisory\), or the account information holds a well-formed language tag as its culture$`), w.cultureRefusedOrWellFormed)
	sc.Step(re(`^the account information holds the country codes in alpha-2 and alpha-3$`), w.countryCodesSplit)
	sc.Step(re(`^the account information holds the business country codes in alpha-2 and alpha-3$`), w.businessCountryCodesSplit)
	sc.Step(re(`^the partner closes an account that does not exist$`), w.closesUnknownAccount)
	sc.Step(re(`^the partner closes the account asking for its data to be deleted$`), w.closesDeletingData)
	sc.Step(re(`^the partner closes the account naming (the stored payment option|a payment option it does not have) for the payout of its balance$`), w.closesWithPayout)
	sc.Step(re(`^a payout option the account does not have is refused \(advisory\)$`), w.payoutRefused)
	sc.Step(re(`^the account reads CLOSED wherever it may still be read$`), w.readsClosed)
}
