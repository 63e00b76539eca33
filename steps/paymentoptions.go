package steps

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/cucumber/godog"
	"github.com/tidwall/gjson"

	"github.com/wallet-conformance/wallet-conformance/schemas"
)

// Stored and available payment options.
//
// The provider's part of adding an option is not shown by the spec; the
// suite assumes the sandbox flow in which the authorizationToken that Init
// Add returns is what Complete Add sends.

type optionState struct {
	authorizationToken string         // from the last Init Add
	references         []string       // the options stored in this scenario, in order
	current            string         // the option the scenario's steps talk about
	billing            map[string]any // what the last Complete Add sent with useDifferentBillingAddress true; nil: the owner's address
	foreign            string         // an option stored on another account of the scenario
}

// paymentOptionVariants are the request variants of the billing block
// (A-2.2, used by the payment options and the payments) and the listing.
var paymentOptionVariants = []requestVariant{
	{"with a different billing address", withBillingAddress},
	{"with the owner's address for billing", anyOperation(withoutBillingAddress)},
	{"for the profile's transaction type", anyOperation(forTransactionType)},
}

var paymentOptionBuilders = map[string]builder{
	schemas.InitAddStoredPaymentOption:        initAddRequest,
	schemas.CompleteAddStoredPaymentOption:    completeAddRequest,
	schemas.InitVerifyStoredPaymentOption:     initVerifyRequest,
	schemas.CompleteVerifyStoredPaymentOption: completeVerifyRequest,
	schemas.DeleteStoredPaymentOption:         storedOptionRequest,
	schemas.SetDefaultStoredPaymentOption:     storedOptionRequest,
	schemas.GetPaymentOptions:                 getPaymentOptionsRequest,
	schemas.GetStoredPaymentOptions:           getStoredOptionsRequest,
}

// accountRequest is the envelope of an operation on the scenario's account.
func (w *World) accountRequest() (map[string]string, map[string]any, error) {
	path, err := w.requireAccount()
	if err != nil {
		return nil, nil, err
	}
	f := w.envelope(true)
	f["accnoType"] = w.env.Profile.AccnoType
	return path, f, nil
}

func (w *World) optionPath() (map[string]string, error) {
	path, err := w.requireAccount()
	if err != nil {
		return nil, err
	}
	if w.option.current == "" {
		return nil, fmt.Errorf("the scenario has no stored payment option: it needs \"Given the partner has stored a payment option\"")
	}
	path["storedPaymentOptionReference"] = w.option.current
	return path, nil
}

func initAddRequest(w *World) (map[string]string, map[string]any, error) {
	path, f, err := w.accountRequest()
	if err != nil {
		return nil, nil, err
	}
	code, err := w.optionCode()
	if err != nil {
		return nil, nil, err
	}
	if code != "" {
		f["paymentOptionCode"] = code
	}
	f["useDifferentBillingAddress"] = false
	return path, f, nil
}

// optionCode is the payment option code of the next option the scenario
// stores on its account: the profile's paymentOptionCode for the first, its
// secondPaymentOptionCode for a second one, since no sentence says an
// account may hold two options of one code (a target may keep one per
// code); without it a scenario that needs a second option is SKIPPED.
func (w *World) optionCode() (string, error) {
	if len(w.option.references) == 0 {
		return w.env.Profile.PaymentOptionCode, nil
	}
	return w.need("secondPaymentOptionCode")
}

func completeAddRequest(w *World) (map[string]string, map[string]any, error) {
	path, f, err := w.accountRequest()
	if err != nil {
		return nil, nil, err
	}
	if w.option.authorizationToken == "" {
		return nil, nil, fmt.Errorf("the scenario has no authorizationToken: it needs \"Given the partner has started adding a payment option\"")
	}
	code, err := w.optionCode()
	if err != nil {
		return nil, nil, err
	}
	if code != "" {
		f["paymentOptionCode"] = code
	}
	f["authorizationToken"] = w.option.authorizationToken
	f["useDifferentBillingAddress"] = false
	return path, f, nil
}

// initVerifyRequest carries programAccno, not programCode.
func initVerifyRequest(w *World) (map[string]string, map[string]any, error) {
	path, err := w.optionPath()
	if err != nil {
		return nil, nil, err
	}
	accno, err := w.need("programAccno")
	if err != nil {
		return nil, nil, err
	}
	f := w.envelope(false)
	f["programAccno"] = accno
	f["accnoType"] = w.env.Profile.AccnoType
	return path, f, nil
}

func completeVerifyRequest(w *World) (map[string]string, map[string]any, error) {
	path, f, err := w.storedOptionRequest()
	if err != nil {
		return nil, nil, err
	}
	code, err := w.need("sandbox.verificationCode")
	if err != nil {
		return nil, nil, err
	}
	f["verificationCode"] = code
	return path, f, nil
}

func storedOptionRequest(w *World) (map[string]string, map[string]any, error) {
	return w.storedOptionRequest()
}

func (w *World) storedOptionRequest() (map[string]string, map[string]any, error) {
	path, err := w.optionPath()
	if err != nil {
		return nil, nil, err
	}
	_, f, err := w.accountRequest()
	return path, f, err
}

func getPaymentOptionsRequest(w *World) (map[string]string, map[string]any, error) {
	path, f, err := w.accountRequest()
	if err != nil {
		return nil, nil, err
	}
	f["transactionTypeCode"] = w.env.Profile.TransactionTypeCode
	return path, f, nil
}

func getStoredOptionsRequest(w *World) (map[string]string, map[string]any, error) {
	return w.accountRequest()
}

// The billing rule of, in both branches.

// withBillingAddress gives a different billing address; Complete Authorize
// (B-4.2) takes no emailAddress.
func withBillingAddress(w *World, op string, f map[string]any) {
	for k, v := range otherBilling(w.env.Profile, w.unique("billing-"), op != schemas.CompleteAuthorize) {
		f[k] = v
	}
}

var billingFields = []string{"customerFullName", "emailAddress", "addr1", "addr2", "addr3", "houseNumber", "city", "state", "countryCode", "postCode", "phone"}

func withoutBillingAddress(_ *World, f map[string]any) {
	f["useDifferentBillingAddress"] = false
	for _, k := range billingFields {
		delete(f, k)
	}
}

func forTransactionType(w *World, f map[string]any) {
	f["transactionTypeCode"] = w.env.Profile.TransactionTypeCode
}

// rememberOption keeps what a successful payment option call established.
func (w *World) rememberOption(c *call) {
	switch c.op.ID {
	case schemas.InitAddStoredPaymentOption:
		w.option.authorizationToken = c.json.Get("authorizationToken").String()
	case schemas.CompleteAddStoredPaymentOption:
		ref := c.json.Get("storedPaymentOptionReference").String()
		w.option.references = append(w.option.references, ref)
		w.option.current = ref
		w.option.billing = nil
		if c.fields["useDifferentBillingAddress"] == true {
			w.option.billing = c.fields
		}
	}
}

func (w *World) hasStartedAddingOption(ctx context.Context, variant string) error {
	if err := w.sendValid(ctx, "starts adding a payment option", variant); err != nil {
		return err
	}
	if w.option.authorizationToken == "" {
		return w.failf("Init Add Stored Payment Option returned no authorizationToken")
	}
	return nil
}

func (w *World) hasStoredOption(ctx context.Context, variant string) error {
	if err := w.hasStartedAddingOption(ctx, variant); err != nil {
		return err
	}
	if err := w.sendValid(ctx, "completes adding the payment option", variant); err != nil {
		return err
	}
	if w.option.current == "" {
		return w.failf("Complete Add Stored Payment Option returned no storedPaymentOptionReference")
	}
	return nil
}

// hasStoredOptionElsewhere opens another account, stores a payment option
// on it and keeps its reference as foreign; the scenario's account and
// options stay what they were.
func (w *World) hasStoredOptionElsewhere(ctx context.Context) error {
	account, option := w.account, w.option
	option.references = slices.Clone(option.references)
	if err := w.hasCreatedAccount(ctx, ""); err != nil {
		return err
	}
	w.option = optionState{}
	if err := w.hasStoredOption(ctx, ""); err != nil {
		return err
	}
	option.foreign = w.option.current
	w.account, w.option = account, option
	return nil
}

// listsOwnOptionsOnly checks a listing of stored payment options against
// what the scenario stored (A-4.13#6): the options stored on the account of
// the path are listed, the one stored on another account is not.
func (w *World) listsOwnOptionsOnly() error {
	c, err := w.requireLast()
	if err != nil {
		return err
	}
	listed := c.json.Get("paymentOptions").Array()
	for _, ref := range w.option.references {
		if _, ok := find(listed, ref); !ok {
			return w.violates("A-4.13#6", "expected the account's own stored payment option %q among the listed payment options", ref)
		}
	}
	if w.option.foreign == "" {
		return fmt.Errorf("the scenario stored no payment option on another account")
	}
	if _, ok := find(listed, w.option.foreign); ok {
		return w.violates("A-4.13#6", "the listing of account %q holds the stored payment option %q of another account", c.path["accno"], w.option.foreign)
	}
	return nil
}

// hasStoredVerifiedOption stores a payment option and verifies it through
// the spec's own flow (Init Verify, Complete Verify with the profile's
// sandbox.verificationCode), the most permissive route to an option that
// pays: no sentence says an option that is not verified may pay, and
// and exist to verify it (variant unverified-option-cannot-pay). An
// option listed as not verifiable, or already VERIFIED, is not verified
// again; without the profile's verification code the option is left as
// stored (the scenario then pays with it as it is).
func (w *World) hasStoredVerifiedOption(ctx context.Context, variant string) error {
	if err := w.hasStoredOption(ctx, variant); err != nil {
		return err
	}
	if w.env.Profile.Sandbox.VerificationCode == "" {
		return nil
	}
	options, err := w.listStored(ctx)
	if err != nil {
		return err
	}
	if o, ok := find(options, w.option.current); ok {
		if v := o.Get("isVerifiable"); (v.Type == gjson.False) || o.Get("statusCode").String() == "VERIFIED" {
			return nil
		}
	}
	if err := w.sendValid(ctx, "starts verifying the payment option", ""); err != nil {
		return err
	}
	return w.sendValid(ctx, "completes verifying the payment option", "")
}

func (w *World) hasStoredTwoOptions(ctx context.Context) error {
	for i := 0; i < 2; i++ {
		if err := w.hasStoredOption(ctx, ""); err != nil {
			return err
		}
	}
	return nil
}

func (w *World) hasStartedVerifying(ctx context.Context) error {
	return w.sendValid(ctx, "starts verifying the payment option", "")
}

func (w *World) hasDeletedOption(ctx context.Context) error {
	return w.sendValid(ctx, "deletes the payment option", "")
}

func (w *World) hasUnknownOption() error {
	w.option.current = w.unique("unknown-")
	return nil
}

func (w *World) pick(ordinal string) error {
	i := map[string]int{"first": 0, "second": 1}[ordinal]
	if i >= len(w.option.references) {
		return fmt.Errorf("the scenario stored %d payment option(s), not a %s", len(w.option.references), ordinal)
	}
	w.option.current = w.option.references[i]
	return nil
}

func (w *World) hasMadeDefault(ctx context.Context, ordinal string) error {
	if err := w.pick(ordinal); err != nil {
		return err
	}
	return w.sendValid(ctx, "makes the payment option the default", "")
}

func (w *World) makesDefault(ctx context.Context, ordinal string) error {
	if err := w.pick(ordinal); err != nil {
		return err
	}
	return w.calls(ctx, "makes the payment option the default", "")
}

func (w *World) completesAddWithForeignToken(ctx context.Context) error {
	r, err := w.prepare("completes adding the payment option", "")
	if err != nil {
		return err
	}
	r.fields["authorizationToken"] = w.unique("not-issued-by-init-add-")
	return w.send(ctx, r)
}

func (w *World) completesVerifyWithWrongCode(ctx context.Context) error {
	r, err := w.prepare("completes verifying the payment option", "")
	if err != nil {
		return err
	}
	r.fields["verificationCode"] = otherDigits(r.fields["verificationCode"].(string))
	return w.send(ctx, r)
}

// otherDigits returns a code of the same length that differs in every digit.
func otherDigits(code string) string {
	b := []byte(code)
	for i, c := range b {
		if c >= '0' && c <= '9' {
			b[i] = '0' + (c-'0'+5)%10
		}
	}
	return string(b)
}

// listStored reads the stored payment options of the account.
func (w *World) listStored(ctx context.Context) ([]gjson.Result, error) {
	if err := w.readBack(ctx, "lists the stored payment options"); err != nil {
		return nil, err
	}
	return w.last.json.Get("paymentOptions").Array(), nil
}

func find(options []gjson.Result, ref string) (gjson.Result, bool) {
	for _, o := range options {
		if o.Get("reference").String() == ref {
			return o, true
		}
	}
	return gjson.Result{}, false
}

func (w *World) optionIsListed(ctx context.Context) error {
	defer w.keepWhen()()
	options, err := w.listStored(ctx)
	if err != nil {
		return err
	}
	o, ok := find(options, w.option.current)
	if !ok {
		return w.violates("A-4.13#4", "expected the stored payment option %q among the stored payment options", w.option.current)
	}
	if err := w.env.Schemas.Validate("stored-payment-option.json", []byte(o.Raw)); err != nil {
		return w.failf("the stored payment option (A-2.6) %v", err)
	}
	return nil
}

func (w *World) listedOptionsInclude() error {
	c, err := w.requireLast()
	if err != nil {
		return err
	}
	if _, ok := find(c.json.Get("paymentOptions").Array(), w.option.current); !ok {
		return w.violates("A-4.13#4", "expected the stored payment option %q among the listed payment options", w.option.current)
	}
	return nil
}

// listedOptionsIncludeAdvised advises when a listing for a transaction type
// leaves out the scenario's option (A-4.13#7): what transactionTypeCode
// filters is not shown, so its absence is not a fault.
func (w *World) listedOptionsIncludeAdvised() error {
	c, err := w.requireLast()
	if err != nil {
		return err
	}
	if _, ok := find(c.json.Get("paymentOptions").Array(), w.option.current); !ok {
		w.advise("A-4.13#7", "the stored payment option %q is not listed for transactionTypeCode %v", w.option.current, c.fields["transactionTypeCode"])
	}
	return nil
}

// optionStillListed advises when a refused Delete deleted the option
// (A-4.10#7: 0000 "means the payment option is deleted"; that another
// answer leaves it is implied, not stated).
func (w *World) optionStillListed(ctx context.Context) error {
	defer w.keepWhen()()
	options, err := w.listStored(ctx)
	if err != nil {
		return err
	}
	if _, ok := find(options, w.option.current); !ok {
		w.advise("A-4.10#7", "the payment option %q is no longer listed after a Delete answered with an error", w.option.current)
	}
	return nil
}

func (w *World) optionNoLongerListed(ctx context.Context) error {
	defer w.keepWhen()()
	options, err := w.listStored(ctx)
	if err != nil {
		return err
	}
	if _, ok := find(options, w.option.current); ok {
		return w.violates("A-4.10#3", "expected the deleted payment option %q no longer listed", w.option.current)
	}
	return nil
}

// billingAddressIs compares the stored option's billingAddress with what
// should have been used: the billing fields given (A-4.7#5), or the owner's
// address (A-4.6#5). The spec says the address "is used", not that it is
// kept character for character, so values are compared as sameText does.
func (w *World) billingAddressIs(ctx context.Context, source string) error {
	defer w.keepWhen()()
	rule := "A-4.6#5"
	if source == "the billing address given" {
		rule = "A-4.7#5"
		if w.option.billing == nil {
			return fmt.Errorf("the scenario did not store a payment option with a different billing address")
		}
	}
	options, err := w.listStored(ctx)
	if err != nil {
		return err
	}
	o, ok := find(options, w.option.current)
	if !ok {
		return w.violates("A-4.13#4", "expected the stored payment option %q among the stored payment options", w.option.current)
	}
	addr := o.Get("billingAddress")
	var diffs []string
	if rule == "A-4.7#5" {
		diffs = addressDiffs(addr, "fullName", w.option.billing, "customerFullName")
	} else {
		diffs = w.ownerAddressDiffs(addr, "fullName")
	}
	if len(diffs) > 0 {
		return w.violates(rule, "the stored payment option's billingAddress is not %s: %s", source, strings.Join(diffs, "; "))
	}
	return nil
}

// addressDiffs compares addr1, city, postCode and the name field of an
// address read back (nameField) with the request fields sent (sentName),
// as sameText does, and lists the differences.
func addressDiffs(got gjson.Result, nameField string, sent map[string]any, sentName string) []string {
	var diffs []string
	for _, k := range [][2]string{{nameField, sentName}, {"addr1", "addr1"}, {"city", "city"}, {"postCode", "postCode"}} {
		want := fmt.Sprint(sent[k[1]])
		if v := got.Get(k[0]); !sameText(v.String(), want) {
			diffs = append(diffs, fmt.Sprintf("%s: expected %q, got %s", k[0], want, rawOrAbsent(v.Raw)))
		}
	}
	return diffs
}

// ownerAddressDiffs compares an address read back with the account owner's:
// addr1, city and postCode as sameText does, and a name field (nameField)
// that holds the owner's first and last name.
func (w *World) ownerAddressDiffs(got gjson.Result, nameField string) []string {
	var diffs []string
	for _, k := range []string{"addr1", "city", "postCode"} {
		want := fmt.Sprint(w.account.fields[k])
		if v := got.Get(k); !sameText(v.String(), want) {
			diffs = append(diffs, fmt.Sprintf("%s: expected the owner's %q, got %s", k, want, rawOrAbsent(v.Raw)))
		}
	}
	full := collapse(got.Get(nameField).String())
	for _, name := range []string{"firstName", "lastName"} {
		if n := collapse(fmt.Sprint(w.account.fields[name])); !strings.Contains(full, n) {
			diffs = append(diffs, fmt.Sprintf("%s: expected the owner's %s %q in it, got %s", nameField, name, n, rawOrAbsent(got.Get(nameField).Raw)))
		}
	}
	return diffs
}

// collapse lower-cases s and collapses its runs of white space, trimmed.
func collapse(s string) string { return strings.ToLower(strings.Join(strings.Fields(s), " ")) }

// sameText reports whether an address value read back is the one sent, up
// to case and white space: the spec says an address "is used", and a target
// may normalise how it writes it.
func sameText(got, sent string) bool { return collapse(got) == collapse(sent) }

// onlyDefault checks Set Default: the option now reads isDefault true
// (A-4.11#3, normative), and no other option does (A-4.11#4: implied by "the
// default", not stated, so only advised).
func (w *World) onlyDefault(ctx context.Context, ordinal string) error {
	defer w.keepWhen()()
	if err := w.pick(ordinal); err != nil {
		return err
	}
	options, err := w.listStored(ctx)
	if err != nil {
		return err
	}
	o, ok := find(options, w.option.current)
	if !ok {
		return w.violates("A-4.13#4", "expected the %s payment option %q among the stored payment options", ordinal, w.option.current)
	}
	if d := o.Get("isDefault"); !d.Bool() {
		return w.violates("A-4.11#3", "expected the %s payment option to be the default after Set Default, got isDefault %s", ordinal, rawOrAbsent(d.Raw))
	}
	var others []string
	for _, x := range options {
		if ref := x.Get("reference").String(); ref != w.option.current && x.Get("isDefault").Bool() {
			others = append(others, ref)
		}
	}
	if len(others) > 0 {
		w.advise("A-4.11#4", "after Set Default of the %s payment option, %s still read(s) isDefault true: the account has more than one default", ordinal, strings.Join(others, ", "))
	}
	return nil
}

// optionReadsVerified advises when the verified option does not read
// VERIFIED (A-2.6#4: only "value that occurs").
func (w *World) optionReadsVerified(ctx context.Context) error {
	defer w.keepWhen()()
	options, err := w.listStored(ctx)
	if err != nil {
		return err
	}
	o, ok := find(options, w.option.current)
	if !ok {
		return w.violates("A-4.13#4", "expected the stored payment option %q among the stored payment options", w.option.current)
	}
	if st := o.Get("statusCode"); st.String() != "VERIFIED" {
		w.advise("A-2.6#4", "after a successful Complete Verify the stored payment option reads statusCode %s; A-2.6 names VERIFIED as the value that occurs", rawOrAbsent(st.Raw))
	}
	return nil
}

// unmasked matches a carrier number written in full: a card number (12 or
// more digits) or an IBAN, spaces ignored.
var unmasked = regexp.MustCompile(`^([0-9]{12,}|[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30})$`)

// carrierNumberMasked checks #6 on the scenario's stored option.
func (w *World) carrierNumberMasked(ctx context.Context) error {
	defer w.keepWhen()()
	options, err := w.listStored(ctx)
	if err != nil {
		return err
	}
	o, ok := find(options, w.option.current)
	if !ok {
		return w.violates("A-4.13#4", "expected the stored payment option %q among the stored payment options", w.option.current)
	}
	if n := o.Get("carrierNumber"); unmasked.MatchString(strings.ReplaceAll(n.String(), " ", "")) {
		return w.violates("A-2.6#6", "expected a masked carrierNumber, got %s in full", n.Raw)
	}
	return nil
}

// succeedsOrHandled accepts either answer the spec leaves open: a success
// of the operation, or a handled error.
func (w *World) succeedsOrHandled() error {
	c, err := w.readable()
	if err != nil {
		return err
	}
	if c.json.Get("responseCode").String() == "0000" {
		return w.callSucceeds()
	}
	return w.handledError()
}

// callsWithOneMore sends the operation with its secret code (the
// verification code or the one-time password of the profile) and one digit
// more: one over its N(6), N(8) or S(8).
func (w *World) callsWithOneMore(ctx context.Context, phrase, secret string) error {
	r, err := w.prepare(phrase, "")
	if err != nil {
		return err
	}
	field, key := "verificationCode", "sandbox.verificationCode"
	if secret == "one-time password" {
		field, key = "oneTimePassword", "sandbox.oneTimePassword"
	}
	code, err := w.need(key)
	if err != nil {
		return err
	}
	r.fields[field] = code + "9"
	return w.send(ctx, r)
}

func (w *World) availableOptionsInclude() error {
	code, err := w.need("paymentOptionCode")
	if err != nil {
		return err
	}
	c, err := w.requireLast()
	if err != nil {
		return err
	}
	var codes []string
	for _, o := range c.json.Get("paymentOptions").Array() {
		if o.Get("code").String() == code {
			return nil
		}
		codes = append(codes, o.Get("code").String())
	}
	return w.violates("A-4.12#4", "expected the profile's payment option %q among the available payment options, got %v", code, codes)
}

func (w *World) carriesBoundedReference(field string, max int) error {
	c, err := w.requireLast()
	if err != nil {
		return err
	}
	v := c.json.Get(field)
	if v.Type != gjson.String || v.String() == "" || len([]rune(v.String())) > max {
		return w.failf("expected %s as a non-empty text of at most %d characters, got %s", field, max, rawOrAbsent(v.Raw))
	}
	return nil
}

// carriesIssuerCountry checks #8: when the issuer country is given
// (the fields may be null), initiationCountryCode is alpha-2 and
// initiationCountryCode3 alpha-3.
func (w *World) carriesIssuerCountry() error {
	c, err := w.requireLast()
	if err != nil {
		return err
	}
	j2, j3 := c.json.Get("initiationCountryCode"), c.json.Get("initiationCountryCode3")
	if (j2.Type == gjson.Null || isUpperLetters(j2.Str, 2)) && (j3.Type == gjson.Null || isUpperLetters(j3.Str, 3)) {
		return nil
	}
	return w.violates("A-4.7#8", "expected the issuer country as alpha-2 initiationCountryCode and alpha-3 initiationCountryCode3, got %s and %s", rawOrAbsent(j2.Raw), rawOrAbsent(j3.Raw))
}

func isUpperLetters(s string, n int) bool {
	if len(s) != n {
		return false
	}
	for _, r := range s {
		if r < 'A' || r > 'Z' {
			return false
		}
	}
	return true
}

// paymentOptionCitations cites what each step registerPaymentOptionSteps
// registers rests on (Citation), a row per sc.Step below; StepCitations
// gathers the domains' tables. A step that reads the stored options back
// needs the scenario's option among them (A-4.13#4).
var paymentOptionCitations = []StepCitation{
	{`^the partner has started adding a payment option` + variantPattern + `$`, state},
	{`^the partner has stored a payment option` + variantPattern + `$`, state},
	{`^the partner has stored a payment option on another account$`, state},
	{`^the listed payment options are the account's own, and only those$`, rests("A-4.13#6")},
	{`^the partner has stored a verified payment option` + variantPattern + `$`, state},
	{`^the partner has stored two payment options$`, state},
	{`^the partner has started verifying the payment option$`, state},
	{`^the partner has deleted the payment option$`, state},
	{`^the partner uses a stored payment option reference the account does not have$`, state},
	{`^the partner has made the (first|second) payment option the default$`, state},
	{`^the partner makes the (first|second) payment option the default$`, state},
	{`^the partner completes adding the payment option with an authorizationToken Init Add did not issue$`, state},
	{`^the partner completes verifying the payment option with a wrong verification code$`, state},
	{`^the payment option is listed among the stored payment options$`, rests("A-4.13#4", "A-2.6#1")},
	{`^the listed payment options include the payment option$`, rests("A-4.13#4")},
	{`^the listed payment options include the payment option \(advisory\)$`, advises("A-4.13#7")},
	{`^the payment option is no longer listed among the stored payment options$`, rests("A-4.10#3")},
	{`^the payment option is still listed among the stored payment options \(advisory\)$`, advises("A-4.10#7")},
	{`^the stored payment option carries (the billing address given|the account owner's address) as its billing address$`, rests("A-4.6#5", "A-4.7#5").reading("A-4.13#4")},
	{`^the (first|second) payment option is the default, and the only one \(advisory\)$`, rests("A-4.11#3").and("A-4.11#4").reading("A-4.13#4")},
	{`^the available payment options include the profile's payment option$`, rests("A-4.12#4")},
	{`^the response carries an? (\w+) of at most (\d+) characters$`, byScenario()},
	{`^the response carries the issuer country in alpha-2 and alpha-3$`, rests("A-4.7#8")},
	{`^the payment option reads VERIFIED \(advisory\)$`, advises("A-2.6#4").reading("A-4.13#4")},
	{`^the stored payment option's carrierNumber is masked$`, rests("A-4.13#4", "A-2.6#6")},
	{`^the call succeeds or fails as a handled error$`, reads("A-7#12", "A-7#2", "A-7#6")},
	{`^the partner (completes verifying the payment option|adds a consent|revokes the consent|debits the account for the merchant) with the (verification code|one-time password) and one (?:digit|character) more$`, state},
}

func registerPaymentOptionSteps(sc *godog.ScenarioContext, w *World) {
	re := w.env.re
	sc.Step(re(`^the partner has started adding a payment option`+variantPattern+`$`), w.hasStartedAddingOption)
	sc.Step(re(`^the partner has stored a payment option`+variantPattern+`$`), w.hasStoredOption)
	sc.Step(re(`^the partner has stored a payment option on another account$`), w.hasStoredOptionElsewhere)
	sc.Step(re(`^the listed payment options are the account's own, and only those$`), w.listsOwnOptionsOnly)
	sc.Step(re(`^the partner has stored a verified payment option`+variantPattern+`$`), w.hasStoredVerifiedOption)
	sc.Step(re(`^the partner has stored two payment options$`), w.hasStoredTwoOptions)
	sc.Step(re(`^the partner has started verifying the payment option$`), w.hasStartedVerifying)
	sc.Step(re(`^the partner has deleted the payment option$`), w.hasDeletedOption)
	sc.Step(re(`^the partner uses a stored payment option reference the account does not have$`), w.hasUnknownOption)
	sc.Step(re(`^the partner has made the (first|second) payment option the default$`), w.hasMadeDefault)

	sc.Step(re(`^the partner makes the (first|second) payment option the default$`), w.makesDefault)
	sc.Step(re(`^the partner completes adding the payment option with an authorizationToken Init Add did not issue$`), w.completesAddWithForeignToken)
	sc.Step(re(`^the partner completes verifying the payment option with a wrong verification code$`), w.completesVerifyWithWrongCode)

	sc.Step(re(`^the payment option is listed among the stored payment options$`), w.optionIsListed)
	sc.Step(re(`^the listed payment options include the payment option$`), w.listedOptionsInclude)
	sc.Step(re(`^the listed payment options include the payment option \(advisory\)$`), w.listedOptionsIncludeAdvised)
	sc.Step(re(`^the payment option is no longer listed among the stored payment options$`), w.optionNoLongerListed)
	sc.Step(re(`^the payment option is still listed among the stored payment options \(advisory\)$`), w.optionStillListed)
	sc.Step(re(`^the stored payment option carries (the billing address given|the account owner's address) as its billing address$`), w.billingAddressIs)
	sc.Step(re(`^the (first|second) payment option is the default, and the only one \(advisory\)$`), w.onlyDefault)
	sc.Step(re(`^the available payment options include the profile's payment option$`), w.availableOptionsInclude)
	sc.Step(re(`^the response carries an? (\w+) of at most (\d+) characters$`), w.carriesBoundedReference)
	sc.Step(re(`^the response carries the issuer country in alpha-2 and alpha-3$`), w.carriesIssuerCountry)
	sc.Step(re(`^the payment option reads VERIFIED \(advisory\)$`), w.optionReadsVerified)
	sc.Step(re(`^the stored payment option's carrierNumber is masked$`), w.carrierNumberMasked)
	sc.Step(re(`^the call succeeds or fails as a handled error$`), w.succeedsOrHandled)
	sc.Step(re(`^the partner (completes verifying the payment option|adds a consent|revokes the consent|debits the account for the merchant) with the (verification code|one-time password) and one (?:digit|character) more$`), w.callsWithOneMore)
}
