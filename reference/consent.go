package reference

import (
	"net/http"
	"strings"
	"sync"

	"github.com/wallet-conformance/wallet-conformance/schemas"
)

// Consent Status Codes (B-3).
const (
	consentConfirmed = "CNSTCONF"
	consentRevoked   = "CNSTRVKD"
)

// consentOperations lists the consent endpoints.
func consentOperations() []operation {
	return withPaymentFaults([]operation{
		{id: schemas.AddConsent, run: (*handler).addConsent},
		{id: schemas.RevokeConsent, run: (*handler).revokeConsent},
	})
}

// consent is one consent of an account (B-2.2).
type consent struct {
	reference string
	accno     string
	status    string // consentStatusCode
}

// consentStore holds the consents; safe for concurrent use. Handlers call it
// while holding the account store's lock, never the other way round.
type consentStore struct {
	mu    sync.Mutex          // guards byRef and every consent it points to
	byRef map[string]*consent // consentReference -> consent
}

func newConsentStore() *consentStore {
	return &consentStore{byRef: map[string]*consent{}}
}

// insert stores a confirmed consent of accno under a fresh reference drawn
// from newRef and returns it.
func (s *consentStore) insert(accno string, newRef func() string) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	c := &consent{accno: accno, status: consentConfirmed}
	for {
		c.reference = newRef()
		if _, taken := s.byRef[c.reference]; !taken {
			break
		}
	}
	s.byRef[c.reference] = c
	return c.reference
}

// hasConfirmed reports whether accno has a consent that is CNSTCONF.
func (s *consentStore) hasConfirmed(accno string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, c := range s.byRef {
		if c.accno == accno && c.status == consentConfirmed {
			return true
		}
	}
	return false
}

// with runs fn on the consent ref of accno while holding the lock, and
// reports false without calling fn when the account has no such consent.
func (s *consentStore) with(accno, ref string, fn func(c *consent)) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	c, ok := s.byRef[ref]
	if !ok || c.accno != accno {
		return false
	}
	fn(c)
	return true
}

// checkOneTimePassword answers a oneTimePassword other than
// Config.OneTimePassword, ignoring leading zeros (an N(8) value may arrive as
// a JSON integer); an absent one passes.
func (h *handler) checkOneTimePassword(c *call) (reply, bool) {
	otp, given := c.v["oneTimePassword"].(string)
	if len(otp) == 9 && (h.mutant("add-consent-otp-unbounded") || h.mutant("revoke-otp-unbounded") || h.mutant("kc-debit-otp-unbounded")) {
		otp = otp[:8] // only these mutants let a ninth character through validation
	}
	if given && strings.TrimLeft(otp, "0") != strings.TrimLeft(h.cfg.OneTimePassword, "0") {
		return h.fail(h.p.wrongOneTimePassword(), "oneTimePassword is not correct"), true
	}
	return reply{}, false
}

// consentReply are the fields Add and Revoke Consent answer.
func consentReply(c *call, ref, status string) map[string]any {
	fields := accountReply(c)
	fields["consentReference"] = ref
	fields["consentStatusCode"] = status
	return fields
}

// addConsent implements B-4.8 Add Consent: every call adds a new confirmed
// consent.
func (h *handler) addConsent(c *call) reply {
	return h.onAccount(c, false, func(a *account) reply {
		if rep, bad := h.checkOneTimePassword(c); bad {
			return rep
		}
		if ref, found := h.consents.revokedOf(a.accno); found && h.mutant("cr-add-after-revoke-reports-revoked") {
			return h.ok(http.StatusOK, consentReply(c, ref, consentRevoked))
		}
		if h.variant("one-consent-per-account") && h.consents.hasConfirmed(a.accno) {
			return h.fail(h.p.forbiddenMove(), "the account already has a confirmed consent")
		}
		newRef := h.p.newConsentReference
		if h.mutant("consent-reference-too-long") {
			newRef = func() string { return randomHex(20) }
		}
		ref := h.consents.insert(a.accno, newRef)
		status := consentConfirmed
		if h.mutant("consent-status-wrong") {
			status = "CNSTPEND"
		}
		return h.ok(http.StatusOK, consentReply(c, ref, status))
	})
}

// revokeConsent implements B-4.9 Revoke Consent. Revoking a revoked consent
// is the personality's choice.
func (h *handler) revokeConsent(c *call) reply {
	return h.onAccount(c, false, func(a *account) reply {
		if rep, bad := h.checkOneTimePassword(c); bad {
			return rep
		}
		ref := c.v.str("consentReference")
		var rep reply
		if !h.consents.with(a.accno, ref, func(cs *consent) {
			if cs.status == consentRevoked && h.p.revokeTwiceRefused() {
				rep = h.fail(h.p.forbiddenMove(), "consent is already revoked")
				return
			}
			cs.status = consentRevoked
			status := cs.status
			if h.mutant("revoke-status-wrong") {
				status = consentConfirmed
			}
			rep = h.ok(http.StatusOK, consentReply(c, ref, status))
		}) {
			if h.mutant("unknown-consent-revoke-ok") {
				return h.ok(http.StatusOK, consentReply(c, ref, consentRevoked))
			}
			return h.fail(h.p.unknownConsent(), "consent not found")
		}
		return rep
	})
}
