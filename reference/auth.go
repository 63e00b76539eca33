package reference

import (
	"crypto/subtle"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/wallet-conformance/wallet-conformance/schemas"
)

// authOperations lists the authentication endpoints.
func authOperations() []operation {
	return []operation{{
		id:  schemas.IssueToken,
		run: (*handler).issueToken,
	}}
}

// validUntilLayout formats the token expiry: UTC, milliseconds, Z.
const validUntilLayout = "2006-01-02T15:04:05.000Z"

// issueToken implements Issue Token for either partner's
// credentials; the token carries the partner it was issued to.
func (h *handler) issueToken(c *call) reply {
	partner, ttl, ok := h.credentialsOf(c.v.str("userId"), c.v.str("password"))
	if !ok {
		if h.mutant("wrong-password-0099") {
			return reply{status: http.StatusInternalServerError, code: "0099", desc: "unexpected server error"}
		}
		return h.fail(h.p.badCredentials(), "invalid user or password")
	}
	token := h.p.newToken()
	if h.mutant("token-too-long") {
		token += strings.Repeat("t", max(0, 32769-len(token)))
	}
	until := c.now.Add(ttl).UTC()
	forgetBefore := c.now
	if h.mutant("token-expiry-not-enforced") {
		forgetBefore = time.Time{} // expired tokens are kept, and served
	}
	h.tokens.add(token, partner, until, forgetBefore)
	if h.mutant("cr2-second-token-revokes-first") {
		h.tokens.revokeOthers(partner, token) // one token per user
	}
	layout := validUntilLayout
	if h.mutant("token-validuntil-no-millis") {
		layout = time.RFC3339 // "2006-01-02T15:04:05Z" for UTC
	}
	if h.mutant("cr-token-validuntil-offset") {
		layout = "2006-01-02T15:04:05.000-07:00" // "+00:00" for UTC, not "Z"
	}
	shown := until
	if h.mutant("token-validuntil-past") {
		shown = c.now.Add(-h.cfg.TokenTTL).UTC()
	}
	if h.mutant("token-validuntil-before-issue") {
		shown = c.now.Add(-30 * time.Second).UTC()
	}
	fields := map[string]any{
		"token":      token,
		"validUntil": shown.Format(layout),
	}
	if h.mutant("token-without-validuntil") {
		delete(fields, "validUntil")
	}
	return h.ok(http.StatusOK, fields)
}

// credentialsOf returns the partner (its userId) whose credentials userID
// and password are, and how long its tokens live, and false when they are
// no partner's. Every comparison is made, in constant time, whatever
// matches.
func (h *handler) credentialsOf(userID, password string) (string, time.Duration, bool) {
	anyPassword := h.mutant("token-wrong-password-accepted")
	first := equal(userID, h.cfg.UserID) && (equal(password, h.cfg.Password) || anyPassword)
	second := h.cfg.SecondUserID != "" && equal(userID, h.cfg.SecondUserID) &&
		(equal(password, h.cfg.SecondPassword) || anyPassword)
	short := h.cfg.ShortTokenUserID != "" && equal(userID, h.cfg.ShortTokenUserID) &&
		(equal(password, h.cfg.ShortTokenPassword) || anyPassword)
	switch {
	case first:
		return h.cfg.UserID, h.cfg.TokenTTL, true
	case second:
		return h.cfg.SecondUserID, h.cfg.TokenTTL, true
	case short:
		return h.cfg.UserID, h.cfg.ShortTokenTTL, true
	}
	return "", 0, false
}

// authorized returns the partner of the request's token when the token was
// issued by this server and is still valid at now, and false
// otherwise. The mutants that serve requests without a valid token serve
// them for the first partner.
func (h *handler) authorized(r *http.Request, opID string, now time.Time) (string, bool) {
	token := r.Header.Get("X-Auth-Token")
	if token == "" {
		return h.cfg.UserID, h.mutant("auth-missing-token-accepted") && opID == schemas.GetAccount ||
			h.mutant("close-account-anonymous") && opID == schemas.CloseAccount
	}
	at := now
	if h.mutant("token-expiry-not-enforced") {
		at = time.Time{} // before every expiry
	}
	if h.mutant("cr-token-expires-early") {
		at = now.Add(5 * time.Minute) // refused five minutes before validUntil
	}
	if partner, ok := h.tokens.partnerOf(token, at); ok {
		if h.mutant("token-single-use") {
			h.tokens.forget(token)
		}
		return partner, true
	}
	return h.cfg.UserID, h.mutant("auth-invalid-token-accepted")
}

func equal(a, b string) bool {
	return subtle.ConstantTimeCompare([]byte(a), []byte(b)) == 1
}

// issued is what the server knows of a token it issued.
type issued struct {
	partner string    // userId of the partner the token was issued to
	until   time.Time // instant from which the token is no longer valid
}

// tokenStore holds the issued tokens; safe for concurrent use.
type tokenStore struct {
	mu      sync.Mutex        // guards byToken
	byToken map[string]issued // token -> its partner and expiry
	loose   bool              // set once, before serving, for the mutant token-checked-but-its-end
	lenient bool              // set once, before serving, for the variant token-appended-character-ignored
}

func newTokenStore() *tokenStore {
	return &tokenStore{byToken: map[string]issued{}}
}

// add records a token of partner valid until the given instant and forgets
// the tokens that expired a minute or more before now (a token that has just
// expired stays known as an expired one, whoever else is issued a token
// meanwhile: the sweep's Issue Token calls run beside the scenario that
// presents an expired token).
func (s *tokenStore) add(token, partner string, until, now time.Time) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for t, is := range s.byToken {
		if now.Sub(is.until) >= time.Minute {
			delete(s.byToken, t)
		}
	}
	s.byToken[token] = issued{partner: partner, until: until}
}

// partnerOf returns the partner of token, and false when token was not
// issued or has expired at now.
func (s *tokenStore) partnerOf(token string, now time.Time) (string, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	is, ok := s.byToken[token]
	if !ok && s.loose && len(token) > 1 {
		// tokens match on their first half (the mutant token-checked-but-its-end)
		for t, i := range s.byToken {
			if len(t) > 1 && len(token) >= len(t)/2 && token[:len(t)/2] == t[:len(t)/2] {
				is, ok = i, true
				break
			}
		}
	}
	if !ok && s.lenient && len(token) > 1 {
		// one character appended to an issued token is dropped, as a
		// lenient base64 decoder drops a partial quantum (the variant
		// token-appended-character-ignored)
		is, ok = s.byToken[token[:len(token)-1]]
	}
	if !ok || !now.Before(is.until) {
		return "", false
	}
	return is.partner, true
}

// forget makes token invalid from now on.
func (s *tokenStore) forget(token string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.byToken, token)
}

// scope is what one call may reach: the resources of the partner its token
// was issued to (A-5 states only that a token is required; keeping
// partners apart is the reference server's reading of it). Every account,
// payment and what hangs off them belongs to one partner; a resource of
// another partner is answered as if it did not exist.
type scope struct {
	partner string // userId of the call's partner; "" for Issue Token
	all     bool   // every partner's resources (the mutant partners-not-isolated)
}

// reaches reports whether the call may see a resource of owner.
func (s scope) reaches(owner string) bool {
	return s.all || owner == s.partner
}
