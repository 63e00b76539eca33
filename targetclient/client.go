// Package targetclient is the suite's side of the wire: the HTTP client that calls
// the implementation under test, the shared token cache, retries of
// 0058 and 0098, the call allowance, a cap on what is
// read, and the record of every exchange with secrets redacted.
package targetclient

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/tidwall/gjson"

	"github.com/wallet-conformance/wallet-conformance/record"
)

// MaxRetries is how often a call answered with a retryable code is repeated.
const MaxRetries = 3

// DefaultMaxBody caps the bytes read from one response.
const DefaultMaxBody = 4 << 20

// retryable are the response codes after which a call may be retried.
var retryable = map[string]bool{"0058": true, "0098": true}

// Config says how to reach a target.
type Config struct {
	BaseURL        string
	AcceptLanguage string
	CallTimeout    time.Duration // the call allowance
	MaxBody        int64         // 0 means DefaultMaxBody
	HTTPClient     *http.Client  // nil means a client with the call allowance as timeout
	// RetryDelay waits between retries of 0058/0098; 0 means no wait.
	RetryDelay time.Duration
	// Throttle holds the calls under a rate and waits out HTTP 429s; nil
	// means a throttle of no rate. A call made under a run's context goes
	// through the run's throttle instead (WithThrottle).
	Throttle *Throttle
}

// Client calls a target. It is safe for concurrent use.
type Client struct {
	cfg      Config
	base     *url.URL
	http     *http.Client
	redactor *Redactor
}

// NewClient checks the base URL and returns a client that redacts what it
// records with r.
func NewClient(cfg Config, r *Redactor) (*Client, error) {
	base, err := url.Parse(strings.TrimRight(cfg.BaseURL, "/"))
	if err != nil || base.Scheme == "" || base.Host == "" {
		return nil, fmt.Errorf("baseUrl %q is not an absolute http(s) URL", cfg.BaseURL)
	}
	if base.Scheme != "http" && base.Scheme != "https" {
		return nil, fmt.Errorf("baseUrl %q: scheme must be http or https", cfg.BaseURL)
	}
	if cfg.MaxBody <= 0 {
		cfg.MaxBody = DefaultMaxBody
	}
	if cfg.AcceptLanguage == "" {
		cfg.AcceptLanguage = "en-US"
	}
	if cfg.Throttle == nil {
		cfg.Throttle = NewThrottle(0, nil)
	}
	hc := cfg.HTTPClient
	if hc == nil {
		hc = &http.Client{Timeout: cfg.CallTimeout}
	}
	return &Client{cfg: cfg, base: base, http: hc, redactor: r}, nil
}

// Redactor returns the redactor the client records with.
func (c *Client) Redactor() *Redactor { return c.redactor }

// BaseURL returns the target's base URL.
func (c *Client) BaseURL() string { return c.base.String() }

// Request is one call: Path is already expanded and relative to the base
// URL, or an absolute URL the profile gave.
type Request struct {
	Operation string // operation ID, for the record
	Method    string
	Path      string
	Query     url.Values
	Body      []byte // sent as is, with Content-Type application/json
	Token     string // sent as X-Auth-Token when not empty
	// Header adds or overrides request headers (used to send a bad token).
	Header http.Header
}

// Response is what the target answered.
type Response struct {
	Status      int
	Header      http.Header
	Body        []byte
	ContentType string
}

// ResponseCode returns the envelope's responseCode as text ("" when absent).
func (r *Response) ResponseCode() string {
	if r == nil {
		return ""
	}
	return gjson.GetBytes(r.Body, "responseCode").String()
}

// InfraError is an infrastructure failure: the target could not be reached,
// did not answer within the call allowance, or its answer could not be read.
// It is kept apart from conformance failures.
type InfraError struct {
	Kind string // "connect", "timeout", "read", "too-large"
	Err  error
}

func (e *InfraError) Error() string {
	return fmt.Sprintf("infrastructure error (%s): %v", e.Kind, e.Err)
}

func (e *InfraError) Unwrap() error { return e.Err }

// Throttle returns the client's own throttle: the one its calls go
// through outside a run's context (WithThrottle).
func (c *Client) Throttle() *Throttle { return c.cfg.Throttle }

// Do sends the request, retrying up to MaxRetries times while the target
// answers 0058 or 0098, and returns the last response with its record.
// Each call waits for its moment under the rate of the throttle of ctx's
// run (WithThrottle), or else the client's own; an HTTP 429
// (Too Many Requests) is waited out for its Retry-After and the call sent
// again, not returned, within the call allowance and the run's
// MaxTooManyWait.
func (c *Client) Do(ctx context.Context, req Request) (*Response, record.Exchange, error) {
	var retriedCodes []string
	var waited429 time.Duration
	throttle := throttleFor(ctx, c.cfg.Throttle)
	for attempt := 0; ; attempt++ {
		if err := throttle.take(ctx); err != nil {
			return nil, record.Exchange{Operation: req.Operation, Method: req.Method, Error: err.Error()}, &InfraError{Kind: "timeout", Err: err}
		}
		resp, ex, err := c.once(ctx, req)
		ex.Retries = attempt
		ex.RetriedCodes = retriedCodes
		if err != nil {
			return resp, ex, err
		}
		if resp.Status == http.StatusTooManyRequests {
			if d, again := throttle.tooMany(resp.Header, waited429, c.cfg.CallTimeout); again {
				waited429 += d
				if err := throttle.timer.Wait(ctx, d); err != nil {
					return resp, ex, &InfraError{Kind: "timeout", Err: err}
				}
				attempt-- // not a retry of A-7's codes
				continue
			}
		}
		code := resp.ResponseCode()
		if !retryable[code] || attempt == MaxRetries {
			return resp, ex, nil
		}
		retriedCodes = append(retriedCodes, code)
		if c.cfg.RetryDelay > 0 {
			select {
			case <-ctx.Done():
				return resp, ex, &InfraError{Kind: "timeout", Err: ctx.Err()}
			case <-time.After(c.cfg.RetryDelay):
			}
		}
	}
}

func (c *Client) once(ctx context.Context, req Request) (*Response, record.Exchange, error) {
	u := *c.base
	// A path the profile gives (a sandbox URL relative to the base) may
	// carry a query string of its own: it stays a query string. Operation
	// paths never hold a '?' (their parameters are path-escaped).
	path, query, _ := strings.Cut(req.Path, "?")
	u.Path = c.base.Path + path
	u.RawQuery = query
	if abs, err := url.Parse(req.Path); err == nil && abs.IsAbs() {
		u = *abs // a sandbox URL the profile gives in full
	}
	if len(req.Query) > 0 {
		if u.RawQuery != "" {
			u.RawQuery += "&" + req.Query.Encode()
		} else {
			u.RawQuery = req.Query.Encode()
		}
	}
	ex := record.Exchange{Operation: req.Operation, Method: req.Method, URL: c.redactor.URL(u.String())}
	if c.cfg.CallTimeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, c.cfg.CallTimeout)
		defer cancel()
	}
	var body io.Reader
	if req.Body != nil {
		body = bytes.NewReader(req.Body)
		ex.RequestBody = c.recordedBody(req.Body)
	}
	hreq, err := http.NewRequestWithContext(ctx, req.Method, u.String(), body)
	if err != nil {
		ex.Error = err.Error()
		return nil, ex, &InfraError{Kind: "connect", Err: err}
	}
	hreq.Header.Set("Accept-Language", c.cfg.AcceptLanguage)
	hreq.Header.Set("Accept", "application/json")
	if req.Body != nil {
		hreq.Header.Set("Content-Type", "application/json")
	}
	if req.Token != "" {
		hreq.Header.Set("X-Auth-Token", req.Token)
	}
	for k, vs := range req.Header {
		hreq.Header[http.CanonicalHeaderKey(k)] = vs
	}
	ex.RequestHeaders = c.redactor.Header(hreq.Header)

	start := time.Now()
	hresp, err := c.http.Do(hreq)
	if err != nil {
		ex.Latency = time.Since(start)
		ex.Error = c.redactor.String(err.Error())
		return nil, ex, &InfraError{Kind: transportKind(err), Err: errors.New(ex.Error)}
	}
	defer hresp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(hresp.Body, c.cfg.MaxBody+1))
	ex.Latency = time.Since(start)
	ex.Status = hresp.StatusCode
	ex.ResponseHeaders = c.redactor.Header(hresp.Header)
	if err != nil {
		ex.Error = c.redactor.String(err.Error())
		return nil, ex, &InfraError{Kind: transportKind(err), Err: fmt.Errorf("reading the response: %s", ex.Error)}
	}
	if int64(len(data)) > c.cfg.MaxBody {
		ex.Error = fmt.Sprintf("response body larger than %d bytes", c.cfg.MaxBody)
		return nil, ex, &InfraError{Kind: "too-large", Err: errors.New(ex.Error)}
	}
	resp := &Response{Status: hresp.StatusCode, Header: hresp.Header, Body: data, ContentType: hresp.Header.Get("Content-Type")}
	if tok := gjson.GetBytes(data, "token"); tok.Type == gjson.String {
		// A token the target issued is a secret from the moment it is seen.
		c.redactor.Add(tok.String())
	}
	if tok := gjson.GetBytes(data, "authorizationToken"); tok.Type == gjson.String {
		c.redactor.Add(tok.String())
	}
	ex.ResponseBody = c.redactor.String(string(data))
	return resp, ex, nil
}

// RecordBodyAbove is the request body, in bytes, above which an exchange
// records its first KiB only, with its length: a bad-input sweep sends
// bodies of 16 MiB (sweep/inputs.go), and a run that kept each
// whole would hold hundreds of megabytes for evidence nobody reads.
const RecordBodyAbove = 1 << 20

// recordedBody is a request body as an exchange records it: redacted, and
// its first KiB only when it is over RecordBodyAbove. It is redacted before
// it is cut, so that no secret across the cut leaves a part of itself.
func (c *Client) recordedBody(body []byte) string {
	if len(body) <= RecordBodyAbove {
		return c.redactor.String(string(body))
	}
	head := c.redactor.String(string(body[:64<<10]))
	keep := min(1024, len(head))
	for keep > 0 && !utf8.RuneStart(head[keep]) {
		keep--
	}
	return head[:keep] + fmt.Sprintf("…(%d bytes in all; the first KiB recorded)", len(body))
}

func transportKind(err error) string {
	var ne net.Error
	if errors.Is(err, context.DeadlineExceeded) || (errors.As(err, &ne) && ne.Timeout()) {
		return "timeout"
	}
	var oe *net.OpError
	if errors.As(err, &oe) && oe.Op == "dial" {
		return "connect"
	}
	return "read"
}
