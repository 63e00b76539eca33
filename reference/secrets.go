package reference

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"sync"
)

// Secrets returns the secrets of cfg by name: what no output of a run
// against a server of cfg may show.
func (cfg Config) Secrets() map[string]string {
	all := map[string]string{
		"password":             cfg.Password,
		"second password":      cfg.SecondPassword,
		"short-token password": cfg.ShortTokenPassword,
		"verificationCode":     cfg.VerificationCode,
		"oneTimePassword":      cfg.OneTimePassword,
	}
	for name, v := range all {
		if v == "" {
			delete(all, name)
		}
	}
	return all
}

// SecretRecorder sits in front of a server and keeps every token and
// authorizationToken it hands out, for tests that show no output of a run
// reveals one.
type SecretRecorder struct {
	next   http.Handler
	mu     sync.Mutex // guards issued
	issued []string
}

// RecordSecrets returns a recorder in front of next.
func RecordSecrets(next http.Handler) *SecretRecorder { return &SecretRecorder{next: next} }

func (s *SecretRecorder) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	rec := httptest.NewRecorder()
	s.next.ServeHTTP(rec, r)
	body := rec.Body.Bytes()
	var secrets struct{ Token, AuthorizationToken string }
	if json.Unmarshal(body, &secrets) == nil {
		s.mu.Lock()
		for _, v := range []string{secrets.Token, secrets.AuthorizationToken} {
			if v != "" {
				s.issued = append(s.issued, v)
			}
		}
		s.mu.Unlock()
	}
	for k, vs := range rec.Header() {
		w.Header()[k] = vs
	}
	w.WriteHeader(rec.Code)
	_, _ = w.Write(body)
}

// Issued returns the tokens handed out so far, in the order they were.
func (s *SecretRecorder) Issued() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.issued...)
}
