package reference

import (
	"encoding/json"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tidwall/gjson"
)

// cleanroomStart is when the clocked probes of the clean-room mutants start.
var cleanroomStart = time.Date(2026, 3, 14, 10, 0, 0, 0, time.UTC)

// cleanroomProbes observe each clean-room mutant's fault: a probe starts a
// server with cfg and reports true when it breaks the mutant's sentence.
// Each must be false on a conforming server.
var cleanroomProbes = map[string]func(t *testing.T, cfg Config) bool{
	"cr-partnerreference-64-refused": func(t *testing.T, cfg Config) bool {
		return start(t, cfg).create(map[string]any{"partnerReference": strings.Repeat("p", 64)}).code() != "0000"
	},
	"cr-leap-day-refused": func(t *testing.T, cfg Config) bool {
		return start(t, cfg).create(map[string]any{"dob": "2000-02-29"}).code() != "0000"
	},
	"cr-midnight-localtime-missing": func(t *testing.T, cfg Config) bool {
		return start(t, cfg).create(map[string]any{"localTime": "000000"}).code() != "0000"
	},
	"cr-delete-params-from-query": func(t *testing.T, cfg Config) bool {
		c := start(t, cfg)
		accno, ref := c.storedRef()
		return c.deleteOption(accno, ref, nil).code() != "0000"
	},
	"cr-conditional-missing-names-trigger": func(t *testing.T, cfg Config) bool {
		r := start(t, cfg).create(map[string]any{
			"useDifferentCorrespondenceAddress": true, "correspondenceAddr1": "Postfach 1",
			"correspondenceCountryCode": "DE", "correspondencePostCode": "10115",
		})
		return r.code() != "0001" || !strings.Contains(r.json.Get("responseDescription").String(), "correspondenceCity")
	},
	"cr-expired-token-other-code": func(t *testing.T, cfg Config) bool {
		clock := newFakeClock(cleanroomStart)
		c := startClocked(t, cfg, clock)
		accno := c.newAccount()
		clock.advance(cfg.TokenTTL + time.Minute)
		return c.get(accno, nil).code() != "0096"
	},
	"cr-token-validuntil-offset": func(t *testing.T, cfg Config) bool {
		v := start(t, cfg).issue(cfg.Password).json.Get("validUntil").String()
		return len(v) != 24 || !strings.HasSuffix(v, "Z")
	},
	"cr-token-expires-early": func(t *testing.T, cfg Config) bool {
		clock := newFakeClock(cleanroomStart)
		c := startClocked(t, cfg, clock)
		accno := c.newAccount()
		clock.advance(cfg.TokenTTL - 2*time.Minute) // still before validUntil
		return c.get(accno, nil).code() != "0000"
	},
	"cr-top-four-digits-refused": func(t *testing.T, cfg Config) bool {
		c := start(t, cfg)
		return c.enquiry(c.newAccount(), map[string]any{"top": "9999", "skip": "9999"}).code() != "0000"
	},
	"cr-amount-float-precision": func(t *testing.T, cfg Config) bool {
		r := start(t, cfg).initAuthorize(map[string]any{"presentationAmount": json.Number("9999999999999999.99")})
		return r.code() != "0000" || r.json.Get("presentationAmount").Raw != "9999999999999999.99"
	},
	"cr-country-name-alpha2-only": func(t *testing.T, cfg Config) bool {
		c := start(t, cfg)
		r := c.create(map[string]any{"countryCode": "DEU"})
		require.Equal(t, "0000", r.code(), r.raw)
		return c.get(r.json.Get("accno").String(), nil).json.Get("countryName").String() != "Germany"
	},
	"cr-closed-wallet-loadable": func(t *testing.T, cfg Config) bool {
		c := start(t, cfg)
		accno := c.newAccount()
		require.Equal(t, "0000", c.close(accno, nil).code())
		return c.initAuthorize(map[string]any{"accno": accno, "accnoType": "00"}).code() == "0000"
	},
	"cr-initadd-code-required": func(t *testing.T, cfg Config) bool {
		c := start(t, cfg)
		return c.initAdd(c.newAccount(), map[string]any{"paymentOptionCode": absent}).code() != "0000"
	},
	"cr-second-option-replaces-first": func(t *testing.T, cfg Config) bool {
		c := start(t, cfg)
		accno := c.newAccount()
		first := c.addOption(accno, "VISA")
		c.addOption(accno, "MC")
		return len(c.storedOptions(accno, nil).json.Get("paymentOptions").Array()) != 2 || !c.storedOption(accno, first).Exists()
	},
	"cr-initauth-stored-ref-needs-code": func(t *testing.T, cfg Config) bool {
		c := start(t, cfg)
		_, ref := c.storedRef()
		return c.initAuthorize(customerInit(ref, nil)).code() != "0000"
	},
	"cr-complete-billing-default-true": func(t *testing.T, cfg Config) bool {
		c := start(t, cfg)
		ref, token := c.receivedPayment(nil)
		return c.completeAuthorize(ref, token, nil).code() != "0000" // no useDifferentBillingAddress, no address
	},
	"cr-partial-capture-stays-authorized": func(t *testing.T, cfg Config) bool {
		c := start(t, cfg)
		ref := c.authorizedPayment()
		r := c.capture(ref, map[string]any{"modifiedAmount": json.Number("40.00")})
		require.Equal(t, "0000", r.code(), r.raw)
		return r.json.Get("statusCode").String() != "CAPTURED" || c.statusOf(ref) != "CAPTURED"
	},
	"cr-second-refund-refused": func(t *testing.T, cfg Config) bool {
		c := start(t, cfg)
		ref := c.capturedPayment()
		r := c.refund(ref, map[string]any{"refundAmount": json.Number("30.00")})
		require.Equal(t, "0000", r.code(), r.raw)
		return c.refund(ref, map[string]any{"refundAmount": json.Number("30.00")}).code() != "0000"
	},
	"cr-authorize-capture-not-loaded": func(t *testing.T, cfg Config) bool {
		c := start(t, cfg)
		accno, storedRef := c.storedRef()
		r := c.authorizePayment(storedRef, map[string]any{"accno": accno, "accnoType": "00"})
		require.Equal(t, "0000", r.code(), r.raw)
		r = c.capture(r.json.Get("uniqueReference").String(), nil)
		require.Equal(t, "0000", r.code(), r.raw)
		return c.balancesOf(accno).bk != "100.00"
	},
	"cr-revoke-otp-required": func(t *testing.T, cfg Config) bool {
		c := start(t, cfg)
		accno := c.newAccount()
		return c.revokeConsent(accno, c.consentRef(accno), nil).code() != "0000"
	},
	"cr-add-after-revoke-reports-revoked": func(t *testing.T, cfg Config) bool {
		c := start(t, cfg)
		accno := c.newAccount()
		first := c.consentRef(accno)
		require.Equal(t, "0000", c.revokeConsent(accno, first, nil).code())
		r := c.addConsent(accno, nil)
		return r.code() != "0000" || r.json.Get("consentStatusCode").String() != "CNSTCONF" ||
			r.json.Get("consentReference").String() == first
	},
	"cr-sort-default-desc": func(t *testing.T, cfg Config) bool {
		c := start(t, cfg)
		accno := c.newAccount()
		c.loadWallet(accno, "10.00")
		c.loadWallet(accno, "20.00")
		return !slices.Equal(entryAmounts(c.enquiry(accno, nil)), []string{"10.00", "20.00"})
	},
	"cr-start-time-default-now": func(t *testing.T, cfg Config) bool {
		clock := newFakeClock(cleanroomStart)
		c := startClocked(t, cfg, clock)
		accno := c.fundedWallet("10.00") // booked at 10:00
		clock.advance(30 * time.Minute)  // the token lives an hour
		r := c.enquiry(accno, map[string]any{"startDate": cleanroomStart.Format(time.DateOnly)})
		require.Equal(t, "0000", r.code(), r.raw)
		return r.json.Get("count").Int() != 1
	},
	"cr-check-amount-equal-no": func(t *testing.T, cfg Config) bool {
		c := start(t, cfg)
		return c.checkAmount(c.fundedWallet("100.00"), "100.00", nil).body != "yes"
	},
	"cr-second-block-replaces-first": func(t *testing.T, cfg Config) bool {
		c := start(t, cfg)
		accno := c.fundedWallet("100.00")
		c.kcAuthorized(accno, "30.00")
		c.kcAuthorized(accno, "20.00")
		b := c.balancesOf(accno)
		return b.blk != "50.00" || b.avl != "50.00"
	},
	"cr-kc-partial-capture-keeps-rest-blocked": func(t *testing.T, cfg Config) bool {
		c := start(t, cfg)
		accno := c.fundedWallet("100.00")
		ref := c.kcAuthorized(accno, "50.00")
		r := c.kcCapture(ref, map[string]any{"modifiedAmount": json.Number("20.00")})
		require.Equal(t, "0000", r.code(), r.raw)
		b := c.balancesOf(accno)
		return b.blk != "0.00" || b.avl != "80.00"
	},
	"cr-kc-authorize-external-merchant-unknown": func(t *testing.T, cfg Config) bool {
		c := start(t, cfg)
		return c.kcAuthorize(c.fundedWallet("100.00"), "10.00", map[string]any{
			"merchantAccno": cfg.MerchantExternalReference, "merchantProgramCode": cfg.MerchantProgramCode,
		}).code() != "0000"
	},
	"cr-kc-refund-exact-amount-refused": func(t *testing.T, cfg Config) bool {
		c := start(t, cfg)
		ref := c.kcDebited(c.fundedWallet("100.00"), "30.00")
		return c.kcRefund(ref, map[string]any{"refundAmount": json.Number("30.00")}).code() != "0000"
	},
	"cr-kc-debit-usage-127": func(t *testing.T, cfg Config) bool {
		c := start(t, cfg)
		return c.kcDebit(c.fundedWallet("100.00"), "10.00", map[string]any{"paymentUsage": strings.Repeat("u", 255)}).code() != "0000"
	},
	"cr-address-check-postalcode-required": func(t *testing.T, cfg Config) bool {
		return start(t, cfg).addressCheck(map[string]any{"postalCode": absent}).code() != "0000"
	},

	// Issue 33: the valid side.
	"cr2-kc-whole-amount-refused": func(t *testing.T, cfg Config) bool {
		c := start(t, cfg)
		r := c.kcDebit(c.fundedWallet("100.00"), "25", nil)
		return r.code() != "0000" || r.json.Get("paymentAmount").Raw != "25.00"
	},
	"cr2-one-decimal-amount-misread": func(t *testing.T, cfg Config) bool {
		r := start(t, cfg).initAuthorize(map[string]any{"presentationAmount": json.Number("12.5")})
		return r.code() != "0000" || r.json.Get("presentationAmount").Raw != "12.50"
	},
	"cr2-smallest-refund-refused": func(t *testing.T, cfg Config) bool {
		c := start(t, cfg)
		r := c.refund(c.capturedPayment(), map[string]any{"refundAmount": json.Number("0.01")})
		return r.code() != "0000" || r.json.Get("refundAmount").Raw != "0.01"
	},
	"cr2-omitted-refund-after-partial-refunds-all": func(t *testing.T, cfg Config) bool {
		c := start(t, cfg)
		ref := c.capturedPayment() // 100.00
		r := c.refund(ref, map[string]any{"refundAmount": json.Number("30.00")})
		require.Equal(t, "0000", r.code(), r.raw)
		r = c.refund(ref, nil) // a full refund: what is left
		return r.code() != "0000" || r.json.Get("refundAmount").Raw != "70.00"
	},
	"cr2-delete-removes-first-option": func(t *testing.T, cfg Config) bool {
		c := start(t, cfg)
		accno := c.newAccount()
		first := c.addOption(accno, "VISA")
		second := c.addOption(accno, "MC")
		r := c.deleteOption(accno, second, nil)
		require.Equal(t, "0000", r.code(), r.raw)
		return c.storedOption(accno, second).Exists() || !c.storedOption(accno, first).Exists()
	},
	"cr2-authorize-billing-of-first-option": func(t *testing.T, cfg Config) bool {
		c := start(t, cfg)
		accno := c.newAccount()
		c.addOption(accno, "VISA") // billed to the owner, Max Mustermann
		token := c.authorization(accno, differentBilling(map[string]any{"paymentOptionCode": "MC"}))
		r := c.completeAdd(accno, map[string]any{"authorizationToken": token})
		require.Equal(t, "0000", r.code(), r.raw)
		r = c.authorizePayment(r.json.Get("storedPaymentOptionReference").String(), nil)
		require.Equal(t, "0000", r.code(), r.raw)
		s := c.paymentStatus(r.json.Get("uniqueReference").String(), nil)
		require.Equal(t, "0000", s.code(), s.raw)
		return s.json.Get("customerFullName").String() != "Anna Schmidt" || s.json.Get("countryCode").String() != "AT"
	},
	"cr2-second-token-revokes-first": func(t *testing.T, cfg Config) bool {
		c := start(t, cfg)
		accno := c.newAccount() // with a first token
		r := c.issue(cfg.Password)
		require.Equal(t, "0000", r.code(), r.raw)
		return c.get(accno, nil).code() != "0000"
	},
	"cr2-psbal-after-first-entry": func(t *testing.T, cfg Config) bool {
		cfg.TokenTTL = 72 * time.Hour // the token outlives the day
		clock := newFakeClock(cleanroomStart)
		c := startClocked(t, cfg, clock)
		accno := c.newAccount()
		c.loadWallet(accno, "10.00")
		c.loadWallet(accno, "20.00")
		clock.advance(24 * time.Hour)
		return c.balancesOf(accno).ps != "30.00"
	},
	"cr2-absent-text-empty-string": func(t *testing.T, cfg Config) bool {
		c := start(t, cfg)
		r := c.get(c.newAccount(), nil) // created without addr2, state, loginID
		require.Equal(t, "0000", r.code(), r.raw)
		return r.json.Get("addr2").Type != gjson.Null || r.json.Get("loginID").Type != gjson.Null
	},
	"cr2-update-timezone-not-kept": func(t *testing.T, cfg Config) bool {
		c := start(t, cfg)
		accno := c.newAccount()
		r := c.update(accno, map[string]any{"timeZone": "Europe/Berlin"})
		require.Equal(t, "0000", r.code(), r.raw)
		return c.get(accno, nil).json.Get("timeZone").String() != "Europe/Berlin"
	},
	"cr2-capture-custom-cut-127": func(t *testing.T, cfg Config) bool {
		c := start(t, cfg)
		long := strings.Repeat("k", 255)
		r := c.capture(c.authorizedPayment(), map[string]any{"custom1": long, "custom2": long, "custom3": long})
		require.Equal(t, "0000", r.code(), r.raw)
		return r.json.Get("custom1").String() != long || r.json.Get("custom3").String() != long
	},
	"cr2-status-alpha3-not-split": func(t *testing.T, cfg Config) bool {
		c := start(t, cfg)
		ref, _ := c.receivedPayment(map[string]any{"countryCode": "AUT"})
		s := c.paymentStatus(ref, nil)
		require.Equal(t, "0000", s.code(), s.raw)
		return s.json.Get("countryCode").String() != "AT" || s.json.Get("countryCode3").String() != "AUT"
	},
	"cr2-desc-top-takes-oldest": func(t *testing.T, cfg Config) bool {
		c := start(t, cfg)
		accno := c.newAccount()
		for _, amount := range []string{"10.00", "20.00", "30.00"} {
			c.loadWallet(accno, amount)
		}
		r := c.enquiry(accno, map[string]any{"sortDirection": "DESC", "top": "2"})
		require.Equal(t, "0000", r.code(), r.raw)
		return !slices.Equal(entryAmounts(r), []string{"30.00", "20.00"})
	},
	"cr2-kc-refund-after-kc-capture-refused": func(t *testing.T, cfg Config) bool {
		c := start(t, cfg)
		ref := c.kcAuthorized(c.fundedWallet("100.00"), "30.00")
		r := c.kcCapture(ref, nil)
		require.Equal(t, "0000", r.code(), r.raw)
		return c.kcRefund(ref, nil).code() != "0000"
	},
	"cr2-concurrent-loads-lost-update": func(t *testing.T, cfg Config) bool {
		c := start(t, cfg)
		accno := c.newAccount()
		var refs []string
		for _, amount := range []string{"10.00", "20.00"} {
			ref, token := c.receivedPayment(map[string]any{"accno": accno, "accnoType": "00", "presentationAmount": json.Number(amount)})
			r := c.completeAuthorize(ref, token, nil)
			require.Equal(t, "0000", r.code(), r.raw)
			refs = append(refs, ref)
		}
		codes := make([]string, len(refs))
		var wg sync.WaitGroup
		for i, ref := range refs {
			w := c.worker()
			wg.Add(1)
			go func() {
				defer wg.Done()
				codes[i] = w.capture(ref, nil).code()
			}()
		}
		wg.Wait()
		require.Equal(t, []string{"0000", "0000"}, codes)
		return c.balancesOf(accno).bk != "30.00"
	},
}

func TestCleanroomMutantTable(t *testing.T) {
	t.Parallel()
	seen := map[string]bool{}
	for _, m := range slices.Concat(Mutants(), ExplorationMutants()) {
		seen[m.Name] = true
	}
	for _, m := range CleanroomMutants() {
		assert.Regexp(t, `^cr2?-[a-z0-9]+(-[a-z0-9]+)*$`, m.Name)
		assert.Regexp(t, `^[AB]-\d+(\.\d+)?$`, m.Clause, m.Name)
		assert.NotEmpty(t, m.Description, m.Name)
		assert.Empty(t, m.Rule, m.Name)
		assert.False(t, seen[m.Name], "duplicate mutant %s", m.Name)
		seen[m.Name] = true
		cfg := DefaultConfig()
		cfg.Mutant = m.Name
		_, err := NewHandler(cfg)
		assert.NoError(t, err, m.Name)
	}
	assert.Len(t, CleanroomMutants(), 45) // 30 of issue 32, 15 of issue 33
	assert.Len(t, cleanroomProbes, len(CleanroomMutants()), "a probe per mutant, and no other")
}

// TestCleanroomMutantsAreObservable runs each clean-room mutant's probe
// against the conforming server (both personalities) and the mutant.
func TestCleanroomMutantsAreObservable(t *testing.T) {
	t.Parallel()
	for _, m := range CleanroomMutants() {
		probe, ok := cleanroomProbes[m.Name]
		if !assert.True(t, ok, "no probe for mutant %s", m.Name) {
			continue
		}
		t.Run(m.Name, func(t *testing.T) {
			t.Parallel()
			for _, p := range []Personality{Standard, Alternative} {
				cfg := DefaultConfig()
				cfg.Personality = p
				assert.False(t, probe(t, cfg), "conforming server %d shows the fault", p)
			}
			cfg := DefaultConfig()
			cfg.Mutant = m.Name
			assert.True(t, probe(t, cfg), "mutant not observable")
		})
	}
}
