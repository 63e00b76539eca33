package targetclient

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"sync"
	"time"

	"github.com/tidwall/gjson"

	"github.com/wallet-conformance/wallet-conformance/record"
)

// RefreshMargin is how long before validUntil a cached token is replaced.
const RefreshMargin = 60 * time.Second

// Credentials are the partner's user identifier and password.
type Credentials struct {
	UserID   string
	Password string
}

// Clock returns the caller's local date (D) and time (T) for the envelope.
type Clock func() (date, tm string)

// LocalClock reads the local date and time of this machine.
func LocalClock() (string, string) {
	now := time.Now()
	return now.Format("2006-01-02"), now.Format("150405")
}

// TokenSource issues a token once and hands it to every scenario until
// shortly before its validUntil. It is safe for concurrent use.
type TokenSource struct {
	client *Client
	creds  Credentials
	clock  Clock

	mu    sync.Mutex // guards token, until, issued and reading; held while issuing so one call issues for all
	token string
	until time.Time
	// Issued counts how often a token was issued, for the report.
	issued int
	// reading is the form of Issue Token's body the target issued a token to.
	reading TokenReading
}

// TokenReading is a form of Issue Token's body. The spec gives two: A-4.1's
// body line lists "password S(128) required; localDate D required;
// localTime T required", while says "Every request carries
// `partnerReference`, `localDate` and `localTime`" and A-2.1 marks
// partnerReference Y in the request envelope.
type TokenReading int

const (
	// ReadingBodyLine sends what A-4.1's body line lists, and no more.
	ReadingBodyLine TokenReading = iota
	// ReadingEnvelope adds partnerReference, as have every request carry it.
	ReadingEnvelope
)

func (r TokenReading) String() string {
	if r == ReadingEnvelope {
		return "with partnerReference (A-1.5: every request carries partnerReference; A-2.1 marks it Y)"
	}
	return "as A-4.1's body line lists it (password, localDate, localTime)"
}

// NewTokenSource returns a TokenSource issuing with creds through client.
func NewTokenSource(client *Client, creds Credentials, clock Clock) *TokenSource {
	client.redactor.Add(creds.Password)
	return &TokenSource{client: client, creds: creds, clock: clock}
}

// Token returns a valid token, issuing a new one when there is none or the
// cached one expires within RefreshMargin.
func (t *TokenSource) Token(ctx context.Context) (string, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.token != "" && time.Until(t.until) > RefreshMargin {
		return t.token, nil
	}
	tok, until, _, err := IssueTokenAs(ctx, t.client, t.creds, t.clock, t.reading)
	if err != nil {
		return "", err
	}
	t.token, t.until = tok, until
	t.issued++
	return tok, nil
}

// Preflight issues the shared token at the start of a run and returns the
// exchanges, whatever came back, as evidence. The spec reads two ways on
// Issue Token's body (TokenReading): it asks first as A-4.1's body line
// lists it and, when the target refuses that with a handled error, again
// with partnerReference. The reading that gave a token is the one every
// later Issue Token of the run uses (Reading).
func (t *TokenSource) Preflight(ctx context.Context) ([]record.Exchange, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	var exs []record.Exchange
	var err error
	for _, r := range []TokenReading{ReadingBodyLine, ReadingEnvelope} {
		var tok string
		var until time.Time
		var ex record.Exchange
		tok, until, ex, err = IssueTokenAs(ctx, t.client, t.creds, t.clock, r)
		exs = append(exs, ex)
		if err == nil {
			t.token, t.until, t.reading = tok, until, r
			t.issued++
			return exs, nil
		}
		var te *TokenError
		if !errors.As(err, &te) || !te.Refused() {
			break
		}
	}
	return exs, err
}

// Reading returns the form of Issue Token's body the target issued the
// shared token to (ReadingBodyLine until Preflight found otherwise).
func (t *TokenSource) Reading() TokenReading {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.reading
}

// Issued returns how many tokens were issued so far.
func (t *TokenSource) Issued() int {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.issued
}

// TokenError is an Issue Token call the target answered with something
// other than a token: what it answered, secrets redacted.
type TokenError struct {
	Status       int
	ContentType  string
	ResponseCode string // "" when the body has none
	Description  string // responseDescription, "" when the body has none
	Excerpt      string // the start of the body, redacted
}

// Refused reports whether the target answered with a handled error (a
// responseCode other than 0000 and 0099 and an HTTP 4xx status, A-7): it
// refused the credentials, rather than failing.
func (e *TokenError) Refused() bool {
	return e.Status >= 400 && e.Status < 500 && e.ResponseCode != "" && e.ResponseCode != "0000" && e.ResponseCode != "0099"
}

func (e *TokenError) Error() string {
	if e.ResponseCode != "" {
		return fmt.Sprintf("Issue Token answered HTTP %d (Content-Type %q), responseCode %q, responseDescription %q", e.Status, e.ContentType, e.ResponseCode, e.Description)
	}
	return fmt.Sprintf("Issue Token answered HTTP %d (Content-Type %q) without a token; the body begins %q", e.Status, e.ContentType, e.Excerpt)
}

// TokenPartnerReference is a partnerReference for an Issue Token call made
// with ReadingEnvelope: a new identifier of the call (A-2.1, S(64)).
func TokenPartnerReference() string {
	return "token-" + rand.Text()[:16]
}

// excerptLen is how much of an unexpected body a TokenError quotes.
const excerptLen = 200

// IssueToken calls Issue Token as its body line lists it and
// returns the token and its expiry.
func IssueToken(ctx context.Context, c *Client, creds Credentials, clock Clock) (string, time.Time, record.Exchange, error) {
	return IssueTokenAs(ctx, c, creds, clock, ReadingBodyLine)
}

// IssueTokenAs calls Issue Token with the body of the given reading
// and returns the token and its expiry.
func IssueTokenAs(ctx context.Context, c *Client, creds Credentials, clock Clock, r TokenReading) (string, time.Time, record.Exchange, error) {
	date, tm := clock()
	fields := map[string]string{"password": creds.Password, "localDate": date, "localTime": tm}
	if r == ReadingEnvelope {
		fields["partnerReference"] = TokenPartnerReference()
	}
	body, _ := json.Marshal(fields)
	resp, ex, err := c.Do(ctx, Request{
		Operation: "issue-token",
		Method:    "POST",
		Path:      "/user/" + url.PathEscape(creds.UserID) + "/issue",
		Body:      body,
	})
	if err != nil {
		return "", time.Time{}, ex, err
	}
	code := resp.ResponseCode()
	tok := gjson.GetBytes(resp.Body, "token").String()
	// The shared token is taken whenever the target hands one out; whether
	// the rest of the response conforms is for the scenarios to judge.
	if resp.Status/100 != 2 || tok == "" {
		excerpt := c.redactor.String(string(resp.Body))
		if len(excerpt) > excerptLen {
			excerpt = excerpt[:excerptLen] + "..."
		}
		return "", time.Time{}, ex, &TokenError{Status: resp.Status, ContentType: resp.ContentType, ResponseCode: code,
			Description: c.redactor.String(gjson.GetBytes(resp.Body, "responseDescription").String()), Excerpt: excerpt}
	}
	until, perr := time.Parse("2006-01-02T15:04:05.000Z", gjson.GetBytes(resp.Body, "validUntil").String())
	if perr != nil {
		// An unreadable expiry is reported by the scenarios; the cache
		// then keeps the token for a short, safe while.
		until = time.Now().Add(2 * RefreshMargin)
	}
	return tok, until, ex, nil
}
