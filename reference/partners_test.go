package reference

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// noSuchAccount, noSuchPayment and noSuchOption name nothing on any server.
const (
	noSuchAccount = "no-such-account"
	noSuchPayment = "no-such-payment"
	noSuchOption  = "no-such-option"
)

// assertAsUnknown checks that got, the answer to a call on another
// partner's resource, is exactly want, the answer to the same call on a
// resource that does not exist: a handled error with the same HTTP status,
// responseCode and responseDescription, so that existence is not revealed.
func assertAsUnknown(t *testing.T, want, got response, what string) {
	t.Helper()
	require.NotEqual(t, "0000", want.code(), "%s: the call on nothing succeeded: %s", what, want.raw)
	assert.Equal(t, want.status, got.status, "%s: HTTP status", what)
	assert.Equal(t, want.code(), got.code(), "%s: responseCode: %s", what, got.raw)
	assert.Equal(t, want.json.Get("responseDescription").String(), got.json.Get("responseDescription").String(), what)
}

func TestIssueTokenForEitherPartner(t *testing.T) {
	t.Parallel()
	personalities(t, func(t *testing.T, a *client) {
		b := a.secondPartner()
		badCredentials := a.cfg.Personality.badCredentials().code

		assert.Equal(t, "0000", a.issue(a.cfg.Password).code())
		assert.Equal(t, "0000", b.issue(b.cfg.Password).code())
		assert.Equal(t, badCredentials, b.issue(a.cfg.Password).code(), "the first partner's password opens the second's user")
		assert.Equal(t, badCredentials, a.issue(b.cfg.Password).code(), "the second partner's password opens the first's user")
	})

	cfg := DefaultConfig()
	cfg.SecondUserID = ""
	c := start(t, cfg)
	b := *c
	b.cfg.UserID, b.cfg.Password = DefaultConfig().SecondUserID, DefaultConfig().SecondPassword
	assert.Equal(t, cfg.Personality.badCredentials().code, b.issue(b.cfg.Password).code(), "no second partner is configured")
	assert.Equal(t, "0000", c.issue(c.cfg.Password).code())
}

func TestPartnerConfig(t *testing.T) {
	t.Parallel()
	cfg := DefaultConfig()
	cfg.SecondUserID = cfg.UserID
	_, err := NewHandler(cfg)
	assert.Error(t, err, "both partners have one userId")

	cfg = DefaultConfig()
	cfg.SecondPassword = ""
	_, err = NewHandler(cfg)
	assert.Error(t, err, "the second partner has no password")

	cfg.SecondUserID = ""
	_, err = NewHandler(cfg)
	assert.NoError(t, err, "no second partner")
}

// TestPartnersKeptApartOnAccounts: the second partner reaches none of the
// first partner's accounts, which stay unchanged and usable by their owner.
func TestPartnersKeptApartOnAccounts(t *testing.T) {
	t.Parallel()
	personalities(t, func(t *testing.T, a *client) {
		b := a.secondPartner()
		accno := a.fundedWallet("100.00")

		for _, call := range []struct {
			what string
			send func(accno string) response
		}{
			{"Get Account Information", func(n string) response { return b.get(n, nil) }},
			{"Update Account Information", func(n string) response { return b.update(n, nil) }},
			{"Close Account", func(n string) response { return b.close(n, nil) }},
			{"Balance Enquiry", func(n string) response { return b.balance(n, nil) }},
			{"Account Enquiry", func(n string) response { return b.enquiry(n, nil) }},
			{"KC-Debit Account", func(n string) response { return b.kcDebit(n, "10.00", nil) }},
			{"KC-Authorize", func(n string) response { return b.kcAuthorize(n, "10.00", nil) }},
			{"Init Add", func(n string) response { return b.initAdd(n, nil) }},
			{"Get Stored Payment Options", func(n string) response { return b.storedOptions(n, nil) }},
			{"Add Consent", func(n string) response { return b.addConsent(n, nil) }},
			{"Init Authorize with accno", func(n string) response {
				return b.initAuthorize(map[string]any{"accno": n, "accnoType": "00"})
			}},
		} {
			assertAsUnknown(t, call.send(noSuchAccount), call.send(accno), call.what)
		}
		unknown := b.checkAmount(noSuchAccount, "10.00", nil)
		other := b.checkAmount(accno, "10.00", nil)
		assert.Equal(t, unknown.status, other.status, "Check Available Payment Amount")
		assert.NotEqual(t, "yes", other.body)
		assert.NotEqual(t, "no", other.body)

		// Nothing moved or changed; the owner still reaches the account.
		assertBalances(t, a, accno, "100.00", "0.00")
		r := a.get(accno, nil)
		require.Equal(t, "0000", r.code(), r.raw)
		assert.Equal(t, "ACTIVE", r.json.Get("statusCode").String())
		assert.Equal(t, "Max", r.json.Get("firstName").String(), "the other partner's update was applied")
		r = a.kcDebit(accno, "10.00", nil)
		require.Equal(t, "0000", r.code(), r.raw)
		assertBalances(t, a, accno, "90.00", "0.00")

		// The other way round too.
		own := b.newAccount()
		assertAsUnknown(t, a.get(noSuchAccount, nil), a.get(own, nil), "Get Account Information by the first partner")
		assert.Equal(t, "0000", b.get(own, nil).code())
	})
}

func TestFindUserFindsOnlyOwnAccounts(t *testing.T) {
	t.Parallel()
	personalities(t, func(t *testing.T, a *client) {
		b := a.secondPartner()
		email := uniqueEmail()
		r := a.create(map[string]any{"emailAddress": email})
		require.Equal(t, "0000", r.code(), r.raw)
		accno := r.json.Get("accno").String()

		assertAsUnknown(t, b.findUser(uniqueEmail(), nil), b.findUser(email, nil), "Find User Account by e-mail")
		assertAsUnknown(t, b.findUser(noSuchAccount, nil), b.findUser(accno, nil), "Find User Account by accno")
		assert.Equal(t, accno, a.findUser(email, nil).json.Get("accno").String())

		// Each partner finds its own account of the same user, even the
		// older one.
		r = b.create(map[string]any{"emailAddress": email})
		require.Equal(t, "0000", r.code(), r.raw)
		assert.Equal(t, accno, a.findUser(email, nil).json.Get("accno").String())
		assert.Equal(t, r.json.Get("accno").String(), b.findUser(email, nil).json.Get("accno").String())
	})
}

func TestPartnersKeptApartOnOptionsAndConsents(t *testing.T) {
	t.Parallel()
	personalities(t, func(t *testing.T, a *client) {
		b := a.secondPartner()
		accno := a.newAccount()
		ref := a.addOption(accno, "VISA")
		consent := a.consentRef(accno)
		own := b.newAccount()

		assertAsUnknown(t, b.deleteOption(noSuchAccount, ref, nil), b.deleteOption(accno, ref, nil), "Delete")
		assertAsUnknown(t, b.setDefault(noSuchAccount, ref, nil), b.setDefault(accno, ref, nil), "Set Default")
		assertAsUnknown(t, b.revokeConsent(noSuchAccount, consent, nil), b.revokeConsent(accno, consent, nil), "Revoke Consent")
		// Through the second partner's own account, the first's option and
		// consent are unknown.
		assertAsUnknown(t, b.deleteOption(own, noSuchOption, nil), b.deleteOption(own, ref, nil), "Delete through an own account")
		assertAsUnknown(t, b.authorizePayment(noSuchOption, nil), b.authorizePayment(ref, nil), "Authorize")
		assertAsUnknown(t, b.initAuthorize(customerInit(noSuchOption, nil)), b.initAuthorize(customerInit(ref, nil)),
			"Init Authorize with a stored option")

		assert.True(t, a.storedOption(accno, ref).Exists(), "the option was deleted")
		r := a.revokeConsent(accno, consent, nil)
		assert.Equal(t, "0000", r.code(), r.raw)
		r = a.authorizePayment(ref, nil)
		assert.Equal(t, "0000", r.code(), r.raw)
	})
}

func TestPartnersKeptApartOnPayments(t *testing.T) {
	t.Parallel()
	personalities(t, func(t *testing.T, a *client) {
		b := a.secondPartner()
		authorized := a.authorizedPayment()
		captured := a.capturedPayment()
		received, token := a.receivedPayment(nil)

		assertAsUnknown(t, b.capture(noSuchPayment, nil), b.capture(authorized, nil), "Capture")
		assertAsUnknown(t, b.cancelPayment(noSuchPayment, nil), b.cancelPayment(authorized, nil), "Cancel")
		assertAsUnknown(t, b.refund(noSuchPayment, nil), b.refund(captured, nil), "Refund")
		assertAsUnknown(t, b.paymentStatus(noSuchPayment, nil), b.paymentStatus(captured, nil), "Get Payment Status")
		assertAsUnknown(t, b.completeAuthorize(noSuchPayment, token, nil), b.completeAuthorize(received, token, nil),
			"Complete Authorize")
		merchant := newSink(t)
		assertAsUnknown(t, b.redirectPayment(noSuchPayment, map[string]any{"callBackUrl": merchant.URL}),
			b.redirectPayment(received, map[string]any{"callBackUrl": merchant.URL}), "sandbox redirect")

		assert.Equal(t, statusReceived, a.statusOf(received))
		assert.Equal(t, statusAuthorized, a.statusOf(authorized))
		r := a.capture(authorized, nil)
		assert.Equal(t, "0000", r.code(), r.raw)
		r = a.refund(captured, nil)
		assert.Equal(t, "0000", r.code(), r.raw)
	})
}

// TestPartnersShareTheMerchant: the KC payments of both partners go to the
// one merchant account, and the KC payments stay their partner's.
func TestPartnersShareTheMerchant(t *testing.T) {
	t.Parallel()
	personalities(t, func(t *testing.T, a *client) {
		b := a.secondPartner()
		wa, wb := a.fundedWallet("100.00"), b.fundedWallet("100.00")
		blocked := a.kcAuthorized(wa, "30.00")
		debited := a.kcDebited(wa, "10.00")

		assertAsUnknown(t, b.kcCapture(noSuchPayment, nil), b.kcCapture(blocked, nil), "KC-Capture")
		assertAsUnknown(t, b.kcCancel(noSuchPayment, nil), b.kcCancel(blocked, nil), "KC-Cancel")
		assertAsUnknown(t, b.kcRefund(noSuchPayment, nil), b.kcRefund(debited, nil), "KC-Refund")
		assertBalances(t, a, wa, "90.00", "30.00")

		before := a.balancesOf(a.cfg.MerchantAccno)
		assert.Equal(t, before, b.balancesOf(b.cfg.MerchantAccno), "the partners see different merchant accounts")
		r := b.kcDebit(wb, "20.00", nil)
		require.Equal(t, "0000", r.code(), r.raw)
		assert.Equal(t, "30.00", a.balancesOf(a.cfg.MerchantAccno).bk, "the merchant was credited 10.00 by the first partner, 20.00 by the second")

		r = a.kcCapture(blocked, nil)
		assert.Equal(t, "0000", r.code(), r.raw)
		assertBalances(t, a, wa, "60.00", "0.00")
	})
}
