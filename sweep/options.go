package sweep

import (
	"fmt"
	"sort"
	"strings"

	"github.com/tidwall/gjson"

	"github.com/wallet-conformance/wallet-conformance/calls"
	"github.com/wallet-conformance/wallet-conformance/schemas"
	"github.com/wallet-conformance/wallet-conformance/steps"
)

// The sweep's states of the stored payment options and
// of Authorize (B-4.3), reached as the steps' Givens reach them
// (steps.GivenRoutes): an option stored with Init Add and Complete Add, on
// an account of the state's own, with the profile's paymentOptionCode, verified with
// Init Verify and Complete Verify and the profile's verificationCode only
// when the listing shows it verifiable and not VERIFIED. After a refused
// call of an operation that changes stored options, the wallet's options
// are read back (Get Stored Payment Options).

// optionsPerAccount is how many Complete Add states one account serves.
const optionsPerAccount = 8

// optionState builds the state of a stored-option operation or Authorize
// (Init Add on the wallet accno, the others on an account of their own); where the profile lacks what the state needs, the
// operation keeps the example request and a notice says so.
func (s *sweeper) optionState(op schemas.Operation, accno string) (*opState, error) {
	p := s.e.profile
	x := s.x
	if lack := s.optionLacks(op.ID); lack != "" {
		s.notices = append(s.notices, fmt.Sprintf("bad-input sweep: the profile has no %s, so %s is sent its example request and its inputs are judged as handled or not only", lack, op.Name))
		return s.example(op)
	}
	if op.ID == schemas.InitAddStoredPaymentOption {
		// "Given the partner has started adding a payment option": a
		// conforming target accepts it (steps.GivenRoutes).
		return &opState{path: map[string]string{"accno": accno}, fields: s.initAddFields(), real: true}, nil
	}
	if op.ID == schemas.CompleteAddStoredPaymentOption {
		// An accepted Complete Add uses its state up: the next is started
		// on the same account, for up to optionsPerAccount states (a target
		// may cap the options an account holds; the spec states no cap).
		if s.addAccno == "" || s.addStates >= optionsPerAccount {
			accno, ok, err := s.ownAccount()
			if err != nil || !ok {
				return s.fallback(op, err)
			}
			s.addAccno, s.addStates = accno, 0
		}
		s.addStates++
		accno := s.addAccno
		onWallet := map[string]string{"accno": accno}
		token, err := s.startAdd(accno)
		if err != nil || token == "" {
			return s.fallback(op, err)
		}
		return &opState{path: onWallet, fields: s.completeAddFields(token), real: true, options: accno}, nil
	}
	// The other states store options on an account of their own: its
	// listing, read back after every refused call, holds only them.
	accno, ok, err := s.ownAccount()
	if err != nil || !ok {
		return s.fallback(op, err)
	}
	ref, err := s.storeOption(accno)
	if err != nil || ref == "" {
		return s.fallback(op, err)
	}
	onOption := map[string]string{"accno": accno, "storedPaymentOptionReference": ref}
	switch op.ID {
	case schemas.InitVerifyStoredPaymentOption, schemas.CompleteVerifyStoredPaymentOption:
		o, err := s.listedOption(accno, ref)
		if err != nil {
			return nil, err
		}
		if !verifiable(o) {
			s.notices = append(s.notices, fmt.Sprintf("bad-input sweep: the option stored for %s is listed as not verifiable or already VERIFIED, so its inputs are judged as handled or not only", op.Name))
			st := &opState{path: onOption, fields: s.initVerifyFields()}
			if op.ID == schemas.CompleteVerifyStoredPaymentOption {
				st.fields = s.completeVerifyFields()
			}
			return st, nil
		}
		if op.ID == schemas.InitVerifyStoredPaymentOption {
			return &opState{path: onOption, fields: s.initVerifyFields(), real: true}, nil
		}
		r, err := s.call(schemas.InitVerifyStoredPaymentOption, onOption, s.initVerifyFields())
		if err != nil || !r.Succeeded() {
			return s.fallback(op, err)
		}
		return &opState{path: onOption, fields: s.completeVerifyFields(), real: true, options: accno}, nil
	case schemas.DeleteStoredPaymentOption, schemas.SetDefaultStoredPaymentOption:
		return &opState{path: onOption, fields: x.AccountFields(true), real: true, options: accno}, nil
	case schemas.Authorize:
		// "Given the partner has stored a verified payment option", then
		// Authorize with it (steps' authorizeRequest), with the sandbox's
		// one-time password when the profile has one.
		ok, err := s.verify(accno, ref)
		if err != nil || !ok {
			return s.fallback(op, err)
		}
		f := x.Envelope(false)
		f["programAccno"] = p.ProgramAccno
		f["presentationAmount"] = calls.Money(payAmount)
		f["presentationCurrCode"] = p.Currency
		f["presentationUsage"] = "Order " + x.Unique("")
		f["useDifferentBillingAddress"] = false
		f["storedPaymentOptionReference"] = ref
		if otp := p.Sandbox.OneTimePassword; otp != "" {
			f["oneTimePassword"] = otp
		}
		return &opState{fields: f, real: true}, nil
	}
	return s.example(op)
}

// optionLacks names what the profile lacks for an operation's state.
func (s *sweeper) optionLacks(opID string) string {
	p := s.e.profile
	switch {
	case p.PaymentOptionCode == "":
		return "paymentOptionCode"
	case (opID == schemas.InitVerifyStoredPaymentOption || opID == schemas.Authorize) && p.ProgramAccno == "":
		return "programAccno"
	case opID == schemas.CompleteVerifyStoredPaymentOption && p.Sandbox.VerificationCode == "":
		return "sandbox.verificationCode"
	case opID == schemas.CompleteVerifyStoredPaymentOption && p.ProgramAccno == "":
		return "programAccno"
	}
	return ""
}

// initAddFields is the steps' Init Add Stored Payment Option: the owner's
// address for billing.
func (s *sweeper) initAddFields() map[string]any {
	f := s.x.AccountFields(true)
	f["paymentOptionCode"] = s.e.profile.PaymentOptionCode
	f["useDifferentBillingAddress"] = false
	return f
}

func (s *sweeper) completeAddFields(token string) map[string]any {
	f := s.initAddFields()
	f["authorizationToken"] = token
	return f
}

// initVerifyFields carries programAccno, not programCode.
func (s *sweeper) initVerifyFields() map[string]any {
	f := s.x.Envelope(false)
	f["programAccno"] = s.e.profile.ProgramAccno
	f["accnoType"] = s.e.profile.AccnoType
	return f
}

func (s *sweeper) completeVerifyFields() map[string]any {
	f := s.x.AccountFields(true)
	f["verificationCode"] = s.e.profile.Sandbox.VerificationCode
	return f
}

// startAdd sends Init Add: the authorizationToken, "" when refused.
func (s *sweeper) startAdd(accno string) (string, error) {
	r, err := s.call(schemas.InitAddStoredPaymentOption, map[string]string{"accno": accno}, s.initAddFields())
	if err != nil || !r.Succeeded() {
		return "", err
	}
	return r.JSON.Get("authorizationToken").String(), nil
}

// storeOption stores an option on accno (Init Add, Complete Add): its
// reference, "" when a call was refused.
func (s *sweeper) storeOption(accno string) (string, error) {
	token, err := s.startAdd(accno)
	if err != nil || token == "" {
		return "", err
	}
	r, err := s.call(schemas.CompleteAddStoredPaymentOption, map[string]string{"accno": accno}, s.completeAddFields(token))
	if err != nil || !r.Succeeded() {
		return "", err
	}
	return r.JSON.Get("storedPaymentOptionReference").String(), nil
}

// listOptions reads accno's stored options.
func (s *sweeper) listOptions(accno string) (*calls.Reply, error) {
	return s.call(schemas.GetStoredPaymentOptions, map[string]string{"accno": accno}, s.x.AccountFields(true))
}

// listedOption is the listing's entry of ref (not Exists when not listed
// or the listing was refused).
func (s *sweeper) listedOption(accno, ref string) (gjson.Result, error) {
	r, err := s.listOptions(accno)
	if err != nil || !r.Succeeded() {
		return gjson.Result{}, err
	}
	for _, o := range r.JSON.Get("paymentOptions").Array() {
		if o.Get("reference").String() == ref {
			return o, nil
		}
	}
	return gjson.Result{}, nil
}

// verifiable: listed, not shown as not verifiable, not already VERIFIED.
func verifiable(o gjson.Result) bool {
	return o.Exists() && o.Get("isVerifiable").Type != gjson.False && o.Get("statusCode").String() != "VERIFIED"
}

// verify takes the stored option ref through the Given's route to an
// option that pays: verified when the listing shows it verifiable and not
// VERIFIED and the profile has a verification code, else left as stored.
// false when a call of the route was refused.
func (s *sweeper) verify(accno, ref string) (bool, error) {
	if s.e.profile.Sandbox.VerificationCode == "" {
		return true, nil
	}
	o, err := s.listedOption(accno, ref)
	if err != nil || !verifiable(o) {
		return err == nil, err
	}
	path := map[string]string{"accno": accno, "storedPaymentOptionReference": ref}
	r, err := s.call(schemas.InitVerifyStoredPaymentOption, path, s.initVerifyFields())
	if err != nil || !r.Succeeded() {
		return false, err
	}
	r, err = s.call(schemas.CompleteVerifyStoredPaymentOption, path, s.completeVerifyFields())
	if err != nil {
		return false, err
	}
	return r.Succeeded(), nil
}

// optionsOf is a listing of stored options as what the read-back compares:
// each reference with its default flag and verification status.
func optionsOf(r *calls.Reply) map[string]string {
	m := map[string]string{}
	for _, o := range r.JSON.Get("paymentOptions").Array() {
		m[o.Get("reference").String()] = fmt.Sprintf("isDefault %s, statusCode %q", calls.RawOrAbsent(o.Get("isDefault").Raw), o.Get("statusCode").String())
	}
	return m
}

// optionsDiff says how a listing changed, "" when it did not.
func optionsDiff(before, after map[string]string) string {
	var diffs []string
	for ref, was := range before {
		now, ok := after[ref]
		switch {
		case !ok:
			diffs = append(diffs, fmt.Sprintf("the option %s (%s) is no longer listed", ref, was))
		case now != was:
			diffs = append(diffs, fmt.Sprintf("the option %s was %s, is %s", ref, was, now))
		}
	}
	for ref, now := range after {
		if _, ok := before[ref]; !ok {
			diffs = append(diffs, fmt.Sprintf("an option %s (%s) is listed that was not", ref, now))
		}
	}
	sort.Strings(diffs)
	return strings.Join(diffs, "; ")
}

// findUserAccountFields finds the wallet by the e-mail address it was
// created with (steps' findUserAccountRequest).
func (s *sweeper) findUserAccountFields(a *account) map[string]any {
	f := s.x.Envelope(true)
	f["userId"] = a.fields["emailAddress"]
	return f
}

// addressCheckFields is the steps' Perform Address Check: a real address.
func (s *sweeper) addressCheckFields() map[string]any {
	f := s.x.Envelope(true)
	for k, v := range steps.AddressCheck(s.e.profile) {
		f[k] = v
	}
	return f
}
