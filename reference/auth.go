package reference

import (
	"crypto/subtle"
	"net/http"
	"sync"
	"time"
)

const opIssueToken = "issueToken"

// authOperations lists the authentication endpoints.
func authOperations() []operation {
	return []operation{{
		id:        opIssueToken,
		pattern:   "POST /user/{userId}/issue",
		anonymous: true,
		spec: fieldSpec{fields: []field{
			str("userId", 255).req().path(),
			str("password", 128).req(),
			date("localDate").req(),
			clock("localTime").req(),
		}},
		run: (*handler).issueToken,
	}}
}

// validUntilLayout formats the token expiry: UTC, milliseconds, Z.
const validUntilLayout = "2006-01-02T15:04:05.000Z"

// issueToken implements Issue Token.
func (h *handler) issueToken(c *call) reply {
	userOK := equal(c.v.str("userId"), h.cfg.UserID)
	passOK := equal(c.v.str("password"), h.cfg.Password) || h.mutant("token-wrong-password-accepted")
	if !userOK || !passOK {
		return h.fail(h.p.badCredentials(), "invalid user or password")
	}
	token := h.p.newToken()
	until := c.now.Add(h.cfg.TokenTTL).UTC()
	h.tokens.add(token, until, c.now)
	layout := validUntilLayout
	if h.mutant("token-validuntil-no-millis") {
		layout = time.RFC3339 // "2006-01-02T15:04:05Z" for UTC
	}
	return h.ok(http.StatusOK, map[string]any{
		"token":      token,
		"validUntil": until.Format(layout),
	})
}

// authorized reports whether the request carries a token this server issued
// and that is still valid at now.
func (h *handler) authorized(r *http.Request, opID string, now time.Time) bool {
	token := r.Header.Get("X-Auth-Token")
	if token == "" {
		return h.mutant("auth-missing-token-accepted") && opID == opGetAccount
	}
	if h.mutant("auth-invalid-token-accepted") {
		return true
	}
	return h.tokens.valid(token, now)
}

func equal(a, b string) bool {
	return subtle.ConstantTimeCompare([]byte(a), []byte(b)) == 1
}

// tokenStore holds the issued tokens; safe for concurrent use.
type tokenStore struct {
	mu     sync.Mutex           // guards expiry
	expiry map[string]time.Time // token -> instant from which it is no longer valid
}

func newTokenStore() *tokenStore {
	return &tokenStore{expiry: map[string]time.Time{}}
}

// add records a token valid until the given instant and forgets the tokens
// that expired before now.
func (s *tokenStore) add(token string, until, now time.Time) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for t, exp := range s.expiry {
		if !now.Before(exp) {
			delete(s.expiry, t)
		}
	}
	s.expiry[token] = until
}

// valid reports whether token was issued and has not expired at now.
func (s *tokenStore) valid(token string, now time.Time) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	exp, ok := s.expiry[token]
	return ok && now.Before(exp)
}
