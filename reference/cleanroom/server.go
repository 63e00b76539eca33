package cleanroom

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"log"
	"net/http"
	"strings"
	"sync"
	"time"
)

// apiError is a handled (logical) error: a response code, its HTTP status and a description.
type apiError struct {
	status int
	code   string
	desc   string
}

func (e *apiError) Error() string { return e.code + " " + e.desc }

func fail(status int, code, format string, args ...any) *apiError {
	return &apiError{status: status, code: code, desc: fmt.Sprintf(format, args...)}
}

// Response codes of this sandbox. 0000, 0001, 0096 and 0099 are those of
// Document A section 7; the others are this vendor's own.
const (
	codeOK            = "0000"
	codeInput         = "0001"
	codeUnknownPath   = "0004"
	codeNoAccount     = "0010"
	codeNoTransaction = "0011"
	codeNoStored      = "0012"
	codeNoConsent     = "0013"
	codeState         = "0020"
	codeClosed        = "0021"
	codeNotVerified   = "0022"
	codeNotVerifiable = "0023"
	codeFunds         = "0030"
	codeAmount        = "0031"
	codeCurrency      = "0032"
	codeLimit         = "0033"
	codeAuthToken     = "0040"
	codeVerifyCode    = "0041"
	codeOTP           = "0042"
	codeProgram       = "0050"
	codeOption        = "0051"
	codeDuplicate     = "0052"
	codeUnauthorized  = "0096"
	codeUnexpected    = "0099"
)

func errInput(desc string) *apiError { return fail(http.StatusBadRequest, codeInput, "%s", desc) }

var errUnauthorized = fail(http.StatusUnauthorized, codeUnauthorized, "unauthorized call: X-Auth-Token missing, invalid or expired")

// call is one request in progress.
type call struct {
	r       *http.Request
	in      *input
	partner string // userId of the authenticated partner

	// text, when set by a handler, is sent as a text/plain body instead of JSON.
	text string
}

// handlerFunc handles one operation. It returns the success HTTP status and
// the operation's response fields (the envelope is added by the server).
type handlerFunc func(c *call) (int, map[string]any, error)

type server struct {
	cfg    Config
	mu     sync.Mutex
	st     *store
	client *http.Client
	now    func() time.Time
}

// New returns the HTTP handler of the sandbox.
func New(cfg Config) http.Handler {
	if cfg.TokenTTL <= 0 {
		cfg.TokenTTL = 30 * time.Minute
	}
	if cfg.ShortTokenTTL <= 0 {
		cfg.ShortTokenTTL = 20 * time.Second
	}
	if cfg.CallbackTimeout <= 0 {
		cfg.CallbackTimeout = 10 * time.Second
	}
	if cfg.Currency == "" {
		cfg.Currency = "EUR"
	}
	s := &server{
		cfg:    cfg,
		client: &http.Client{Timeout: cfg.CallbackTimeout},
		now:    func() time.Time { return time.Now().UTC() },
	}
	s.st = newStore(cfg, s.now())

	mux := http.NewServeMux()
	route := func(pattern string, anonymous bool, h handlerFunc) {
		mux.Handle(pattern, s.wrap(anonymous, true, h))
	}
	// Document A
	route("POST /user/{userId}/issue", true, s.issueToken)
	route("PUT /account", false, s.createAccount)
	route("POST /account/{accno}/updateInfo", false, s.updateAccount)
	route("GET /account/{accno}", false, s.getAccount)
	route("POST /account/{accno}/close", false, s.closeAccount)
	route("POST /account/{accno}/storedPaymentOptions/initAdd", false, s.initAdd)
	route("PUT /account/{accno}/storedPaymentOptions/completeAdd", false, s.completeAdd)
	route("POST /account/{accno}/storedPaymentOptions/{ref}/initVerify", false, s.initVerify)
	route("POST /account/{accno}/storedPaymentOptions/{ref}/completeVerify", false, s.completeVerify)
	route("DELETE /account/{accno}/storedPaymentOptions/{ref}", false, s.deleteStored)
	route("POST /account/{accno}/storedPaymentOptions/{ref}/setDefault", false, s.setDefault)
	route("GET /account/{accno}/paymentOptions", false, s.getPaymentOptions)
	route("GET /account/{accno}/storedPaymentOptions", false, s.getStoredOptions)
	// Document B
	route("PUT /payment/initAuthorize", false, s.initAuthorize)
	route("POST /payment/{ref}/completeAuthorize", false, s.completeAuthorize)
	route("PUT /payment/authorize", false, s.authorize)
	route("POST /payment/{ref}/capture", false, s.capture)
	route("POST /payment/{ref}/refund", false, s.refund)
	route("POST /payment/{ref}/cancel", false, s.cancel)
	route("GET /payment/{ref}/status", false, s.paymentStatus)
	route("PUT /account/{accno}/consent", false, s.addConsent)
	route("POST /account/{accno}/consent/{consentReference}/revokeConsent", false, s.revokeConsent)
	route("GET /account/find", false, s.findUserAccount)
	route("GET /account/{accno}/checkAvailablePaymentAmount", false, s.checkAvailable)
	route("GET /account/{accno}/enquiry", false, s.accountEnquiry)
	route("GET /account/{accno}/balance", false, s.balanceEnquiry)
	route("PUT /payment/kc-authorize", false, s.kcAuthorize)
	route("PUT /payment/kc-debitAccount", false, s.kcDebit)
	route("POST /payment/{ref}/kc-capture", false, s.kcCapture)
	route("POST /payment/{ref}/kc-cancel", false, s.kcCancel)
	route("POST /payment/{ref}/kc-refund", false, s.kcRefund)
	route("POST /compliance/addressCheck", false, s.addressCheck)
	// Sandbox: the customer's step of a redirect payment (TESTBED.md). It
	// takes the lock itself because it calls out to callBackUrl.
	mux.Handle("POST /sandbox/payments/{ref}/redirect", s.wrap(false, false, s.redirectTrigger))
	// Anything else.
	mux.Handle("/", s.wrap(true, false, func(c *call) (int, map[string]any, error) {
		return 0, nil, fail(http.StatusNotFound, codeUnknownPath, "unknown operation %s %s", c.r.Method, c.r.URL.Path)
	}))
	return mux
}

// wrap turns a handlerFunc into an http.Handler: it reads the parameters,
// checks the token, serialises access to the store, and writes the response
// envelope.
func (s *server) wrap(anonymous, lock bool, h handlerFunc) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		c := &call{r: r, in: &input{}}
		parseErr := readInput(r, c.in)

		var status int
		var fields map[string]any
		var err error
		func() {
			defer func() {
				if p := recover(); p != nil {
					log.Printf("panic in %s %s: %v", r.Method, r.URL.Path, p)
					err = fail(http.StatusInternalServerError, codeUnexpected, "unexpected server error")
				}
			}()
			if !anonymous {
				user, ok := s.checkToken(r.Header.Get("X-Auth-Token"))
				if !ok {
					err = errUnauthorized
					return
				}
				c.partner = user
			}
			if parseErr != nil {
				err = parseErr
				return
			}
			if lock {
				s.mu.Lock()
				defer s.mu.Unlock()
			}
			status, fields, err = h(c)
		}()
		s.respond(w, c, status, fields, err)
	})
}

// readInput fills in from the query string (GET) or the JSON body.
func readInput(r *http.Request, in *input) error {
	if r.Method == http.MethodGet || r.Method == http.MethodHead {
		in.fromQuery = true
		in.query = r.URL.Query()
		return nil
	}
	in.body = map[string]any{}
	data, err := io.ReadAll(io.LimitReader(r.Body, 1<<20))
	if err != nil {
		return errInput("syntax error: request body could not be read")
	}
	if len(bytes.TrimSpace(data)) == 0 {
		return nil // every required field will be reported missing
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return errInput("syntax error: request body is not valid JSON")
	}
	if dec.More() {
		return errInput("syntax error: request body holds more than one JSON value")
	}
	obj, ok := v.(map[string]any)
	if !ok {
		return errInput("syntax error: request body must be a JSON object")
	}
	in.body = obj
	return nil
}

// echo returns a request parameter as a string for echoing, or nil.
func (c *call) echo(name string) any {
	v, ok := c.in.raw(name)
	if !ok {
		return nil
	}
	if s, isStr := v.(string); isStr {
		return s
	}
	return nil
}

func (s *server) respond(w http.ResponseWriter, c *call, status int, fields map[string]any, err error) {
	now := s.now()
	if err == nil && c.text != "" {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		w.WriteHeader(status)
		io.WriteString(w, c.text)
		return
	}
	body := map[string]any{}
	if err == nil {
		for k, v := range fields {
			body[k] = v
		}
	}
	if _, ok := body["partnerReference"]; !ok {
		body["partnerReference"] = c.echo("partnerReference")
	}
	if _, ok := body["programCode"]; !ok && c.in.has("programCode") && err == nil {
		body["programCode"] = c.echo("programCode")
	}
	body["localDate"] = c.echo("localDate")
	body["localTime"] = c.echo("localTime")
	body["sysDate"] = now.Format("2006-01-02")
	body["sysTime"] = now.Format("150405")
	if err != nil {
		ae, ok := err.(*apiError)
		if !ok {
			ae = fail(http.StatusInternalServerError, codeUnexpected, "unexpected server error")
		}
		status = ae.status
		body["responseCode"] = ae.code
		body["responseDescription"] = ae.desc
	} else {
		body["responseCode"] = codeOK
		body["responseDescription"] = "success"
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.Encode(body)
}

// envelope validates the request envelope fields every call carries.
func (c *call) envelope() {
	c.in.str("partnerReference", 64, true)
	c.in.date("localDate", true)
	c.in.clock("localTime", true)
}

// accnoType validates the accnoType lookup: 00 account number, 01 external account reference.
func (c *call) accnoType(req bool) string {
	return c.in.oneOf("accnoType", 2, req, accnoTypeNumber, accnoTypeExternal)
}

// nonEmpty is used for values that must be echoed as null when empty.
func nonEmpty(s string) any {
	if s == "" {
		return nil
	}
	return s
}

func trimmed(s string) string { return strings.TrimSpace(s) }
