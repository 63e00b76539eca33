package cleanroom

import (
	"encoding/base64"
	"net/http"
)

// issueToken implements Issue Token.
func (s *server) issueToken(c *call) (int, map[string]any, error) {
	userID := c.r.PathValue("userId")
	in := c.in
	// partnerReference is accepted but not required: the body line of
	// lists password, localDate and localTime only.
	in.str("partnerReference", 64, false)
	password := in.str("password", 128, true)
	in.date("localDate", true)
	in.clock("localTime", true)
	if len(userID) > 255 {
		in.bad("userId", "longer than 255 characters")
	}
	if err := in.err(); err != nil {
		return 0, nil, err
	}
	known := false
	for _, p := range s.cfg.Partners {
		if p.UserID == userID && p.Password == password {
			known = true
		}
	}
	if !known {
		return 0, nil, fail(http.StatusUnauthorized, codeUnauthorized, "unknown user or wrong password")
	}
	ttl := s.cfg.TokenTTL
	if userID == s.cfg.ShortTokenUserID {
		ttl = s.cfg.ShortTokenTTL
	}
	until := s.now().Add(ttl)
	// An opaque token: it stands in for the SAML token of the production service.
	tok := base64.RawURLEncoding.EncodeToString([]byte("sbx:" + userID + ":" + randomHex(24)))
	s.st.tokens[tok] = tokenInfo{user: userID, until: until}
	return http.StatusOK, map[string]any{
		"token":      tok,
		"validUntil": until.Format("2006-01-02T15:04:05.000Z"),
	}, nil
}
