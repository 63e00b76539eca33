package reference

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"path"
	"runtime/debug"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/wallet-conformance/wallet-conformance/schemas"
)

// Config configures a reference server.
type Config struct {
	UserID, Password string // the credentials of the (first) partner
	// The credentials of a second partner, which Issue Token accepts as
	// well; "" SecondUserID means there is none. Each partner reaches only
	// its own accounts and payments (see the package documentation); both
	// use the one program below.
	SecondUserID, SecondPassword string
	// Credentials of the first partner for which tokens live ShortTokenTTL
	// only, so that a suite can show an expired token is refused;
	// "" ShortTokenUserID means there are none. 0 ShortTokenTTL means
	// DefaultShortTokenTTL.
	ShortTokenUserID, ShortTokenPassword string
	ShortTokenTTL                        time.Duration

	ProgramCode      string        // the programCode accepted in requests
	ProgramAccno     string        // the programAccno accepted in requests (Init Verify, later operations)
	TokenTTL         time.Duration // validity of issued tokens; 0 means 1h
	VerificationCode string        // the verificationCode Complete Verify accepts, 1 to 6 digits; "" means "123456"
	OneTimePassword  string        // the oneTimePassword Authorize, Add and Revoke Consent and KC-Debit Account accept, 1 to 8 digits; "" means "12345678"
	// The merchant account the server creates (its own ledger, in EUR), the
	// destination of the KC payments (B-4.14 to B-4.18). "" means the
	// default of DefaultConfig.
	MerchantAccno             string // its accno; "" means "MRC0000001"
	MerchantProgramCode       string // its program, S(10); "" means "MERCHPRG"
	MerchantExternalReference string // its external account reference; "" means "EXT-MERCHANT-1"

	Personality Personality
	Mutant      string // "" = conforming; otherwise the Name of one entry of Mutants()
	// Variants names choices the spec permits (entries of Variants()) that
	// this server makes instead of the Standard ones; any set combines.
	Variants []string
}

// closeGrace bounds how long Close waits for requests in flight.
const closeGrace = 250 * time.Millisecond

// DefaultShortTokenTTL is how long the tokens of ShortTokenUserID live
// unless the Config says otherwise: long enough for one call, short enough
// that a suite waits little for them to expire. validUntil carries
// milliseconds, so a quarter of a second is expressible.
const DefaultShortTokenTTL = 250 * time.Millisecond

// DefaultConfig returns the configuration the suite uses by default: a
// conforming Standard server.
func DefaultConfig() Config {
	return Config{
		UserID:         "conformance-partner",
		Password:       "s3cret-Passw0rd",
		SecondUserID:   "second-partner",
		SecondPassword: "an0ther-Passw0rd",
		// A user of the first partner whose tokens expire at once.
		ShortTokenUserID:   "short-token-partner",
		ShortTokenPassword: "sh0rt-T0ken-Passw0rd",
		ProgramCode:        "WALLETPRG",
		ProgramAccno:       "PRG0000001",
		TokenTTL:           time.Hour,
		VerificationCode:   defaultVerificationCode,
		OneTimePassword:    defaultOneTimePassword,

		MerchantAccno:             defaultMerchantAccno,
		MerchantProgramCode:       defaultMerchantProgramCode,
		MerchantExternalReference: defaultMerchantExternalReference,
	}
}

// The merchant account of DefaultConfig.
const (
	defaultMerchantAccno             = "MRC0000001"
	defaultMerchantProgramCode       = "MERCHPRG"
	defaultMerchantExternalReference = "EXT-MERCHANT-1"
)

// merchantCurrency is the currency of the merchant account.
const merchantCurrency = "EUR"

// defaultVerificationCode is the verificationCode of DefaultConfig.
const defaultVerificationCode = "123456"

// defaultOneTimePassword is the oneTimePassword of DefaultConfig.
const defaultOneTimePassword = "12345678"

// maxBodyBytes caps request bodies; a larger body is answered 0001/400.
const maxBodyBytes = 1 << 20

// handler is the reference server's http.Handler. All of its fields are set
// by newHandler and not changed while serving, except the stores, which guard
// themselves.
type handler struct {
	cfg       Config
	p         Personality
	now       func() time.Time // clock; tests may replace it before serving
	mux       *http.ServeMux
	root      http.Handler // mux wrapped in the middlewares
	callbacks *http.Client // sends the redirect callbacks of the sandbox trigger
	tokens    *tokenStore
	accounts  *accountStore
	options   *optionStore  // stored payment options; locked after accounts when both are
	payments  *paymentStore // locked after accounts when both are (never so far), before ledgers
	consents  *consentStore // locked after accounts when both are
	ledgers   *ledgerStore  // balances and entries; the innermost lock, taken after any other
	// usedRefs holds, for the variant partner-reference-once, the
	// partnerReferences of accepted calls, keyed partner "\x00" reference;
	// a sync.Map, safe for concurrent use.
	usedRefs sync.Map

	// onPanic, when not nil, is called by the recoverer with the value of
	// every panic it recovers and the stack where it was raised. Tests may
	// set it before serving; the server never does.
	onPanic func(v any, stack []byte)
}

// NewHandler returns a fresh in-memory reference server as an http.Handler.
// Each handler has its own stores. It returns an error when cfg.Mutant names
// no known mutant or cfg is otherwise unusable.
func NewHandler(cfg Config) (http.Handler, error) {
	h, err := newHandler(cfg)
	if err != nil {
		return nil, err
	}
	return h, nil
}

func newHandler(cfg Config) (*handler, error) {
	if !knownMutant(cfg.Mutant) {
		return nil, fmt.Errorf("reference: unknown mutant %q", cfg.Mutant)
	}
	if err := knownVariants(cfg.Variants); err != nil {
		return nil, err
	}
	if cfg.Personality != Standard && cfg.Personality != Alternative {
		return nil, fmt.Errorf("reference: unknown personality %d", cfg.Personality)
	}
	if cfg.SecondUserID != "" && cfg.SecondUserID == cfg.UserID {
		return nil, fmt.Errorf("reference: UserID and SecondUserID are both %q", cfg.UserID)
	}
	if cfg.SecondUserID != "" && cfg.SecondPassword == "" {
		return nil, fmt.Errorf("reference: SecondUserID %q has no SecondPassword", cfg.SecondUserID)
	}
	if cfg.TokenTTL < 0 {
		return nil, fmt.Errorf("reference: negative TokenTTL %v", cfg.TokenTTL)
	}
	if cfg.TokenTTL == 0 {
		cfg.TokenTTL = time.Hour
	}
	if cfg.ShortTokenTTL < 0 {
		return nil, fmt.Errorf("reference: negative ShortTokenTTL %v", cfg.ShortTokenTTL)
	}
	if cfg.ShortTokenTTL == 0 {
		cfg.ShortTokenTTL = DefaultShortTokenTTL
	}
	if cfg.ShortTokenUserID != "" && (cfg.ShortTokenUserID == cfg.UserID || cfg.ShortTokenUserID == cfg.SecondUserID || cfg.ShortTokenPassword == "") {
		return nil, fmt.Errorf("reference: ShortTokenUserID %q must be another user, with a password", cfg.ShortTokenUserID)
	}
	if cfg.VerificationCode == "" {
		cfg.VerificationCode = defaultVerificationCode
	}
	if !allDigits(cfg.VerificationCode) || len(cfg.VerificationCode) > 6 {
		return nil, fmt.Errorf("reference: VerificationCode %q is not 1 to 6 digits", cfg.VerificationCode)
	}
	if cfg.OneTimePassword == "" {
		cfg.OneTimePassword = defaultOneTimePassword
	}
	if !allDigits(cfg.OneTimePassword) || len(cfg.OneTimePassword) > 8 {
		return nil, fmt.Errorf("reference: OneTimePassword %q is not 1 to 8 digits", cfg.OneTimePassword)
	}
	if cfg.MerchantAccno == "" {
		cfg.MerchantAccno = defaultMerchantAccno
	}
	if cfg.MerchantProgramCode == "" {
		cfg.MerchantProgramCode = defaultMerchantProgramCode
	}
	if cfg.MerchantExternalReference == "" {
		cfg.MerchantExternalReference = defaultMerchantExternalReference
	}
	if len(cfg.MerchantAccno) > 255 || len(cfg.MerchantExternalReference) > 255 || len(cfg.MerchantProgramCode) > 10 {
		return nil, fmt.Errorf("reference: a merchant value is too long (accno and external reference S(255), program code S(10))")
	}
	if cfg.MerchantAccno == cfg.MerchantExternalReference {
		return nil, fmt.Errorf("reference: MerchantAccno and MerchantExternalReference are both %q", cfg.MerchantAccno)
	}
	h := &handler{
		cfg:       cfg,
		p:         cfg.Personality,
		now:       time.Now,
		mux:       http.NewServeMux(),
		callbacks: newCallbackClient(),
		tokens:    newTokenStore(),
		accounts:  newAccountStore(),
		options:   newOptionStore(),
		payments:  newPaymentStore(),
		consents:  newConsentStore(),
		ledgers:   newLedgerStore(),
	}
	h.ledgers.open(cfg.MerchantAccno, merchantCurrency)
	h.tokens.loose = h.mutant("token-checked-but-its-end")
	h.tokens.lenient = h.variant("token-appended-character-ignored")
	for _, op := range operations() {
		h.mux.Handle(op.pattern, h.serve(op))
	}
	h.mux.HandleFunc("/", h.unknownRoute)
	h.root = h.recoverer(limitBody(h.rejectUncleanPaths(h.mux)))
	return h, nil
}

// operations lists every endpoint the server implements. Each area file
// contributes its own list.
func operations() []operation {
	ops := slices.Concat(authOperations(), accountOperations(), paymentOptionOperations(),
		paymentOperations(), consentOperations(), accountInfoOperations(), kcOperations(),
		complianceOperations(), sandboxOperations())
	// The operations of the spec are served where the operation contract
	// (schemas.Catalogue) puts them, with its authentication, and validate
	// their requests against their request schema (contractSpec); the
	// sandbox's extensions name their own route and fields.
	for i := range ops {
		if c, ok := schemas.Lookup(ops[i].id); ok {
			ops[i].pattern, ops[i].anonymous = c.Pattern(), c.Anonymous
			ops[i].spec = contractSpec(ops[i].id)
		}
	}
	return ops
}

// ServeHTTP implements http.Handler.
func (h *handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h.root.ServeHTTP(w, r)
}

// unknownRoute answers a method and path that name no operation.
func (h *handler) unknownRoute(w http.ResponseWriter, r *http.Request) {
	h.write(w, exchangeFrom(r.Context()), h.now().UTC(),
		h.fail(h.p.unknownRoute(), "unknown operation: "+r.Method+" "+r.URL.Path))
}

// recoverer is the outermost middleware: it attaches the per-request
// exchange and turns a panic into 500/0099, so the server never panics.
func (h *handler) recoverer(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ex := &exchange{}
		tw := &trackingWriter{ResponseWriter: w}
		defer func() {
			v := recover()
			if v == nil {
				return
			}
			if v == http.ErrAbortHandler {
				panic(v) // a connection dropped on purpose (a sweep mutant): net/http closes it unanswered
			}
			if h.onPanic != nil {
				h.onPanic(v, debug.Stack())
			}
			if !tw.wrote {
				h.write(tw, ex, h.now().UTC(), reply{
					status: http.StatusInternalServerError,
					code:   "0099",
					desc:   "unexpected server error",
				})
			}
		}()
		next.ServeHTTP(tw, r.WithContext(context.WithValue(r.Context(), exchangeKey{}, ex)))
	})
}

// rejectUncleanPaths answers paths such as "//account" or "/a/../b" as
// unknown routes, where http.ServeMux would redirect with an HTML body.
func (h *handler) rejectUncleanPaths(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p := r.URL.Path
		clean := path.Clean("/" + p)
		if strings.HasSuffix(p, "/") && clean != "/" {
			clean += "/"
		}
		if p != clean {
			h.unknownRoute(w, r)
			return
		}
		next.ServeHTTP(w, r)
	})
}

// limitBody caps the request body at maxBodyBytes.
func limitBody(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		r.Body = http.MaxBytesReader(w, r.Body, maxBodyBytes)
		next.ServeHTTP(w, r)
	})
}

// trackingWriter records whether the response header was written, so the
// recoverer knows whether it can still answer.
type trackingWriter struct {
	http.ResponseWriter
	wrote bool
}

func (t *trackingWriter) WriteHeader(status int) {
	t.wrote = true
	t.ResponseWriter.WriteHeader(status)
}

func (t *trackingWriter) Write(b []byte) (int, error) {
	t.wrote = true
	return t.ResponseWriter.Write(b)
}

// Server is a reference server listening on a loopback port, in the manner of
// httptest.Server.
type Server struct {
	URL string // base URL, "http://127.0.0.1:PORT", no trailing slash

	srv       *http.Server
	done      chan struct{} // closed when Serve returns
	closeOnce sync.Once
}

// New starts a reference server with cfg on 127.0.0.1 and a free port.
// The caller must Close it.
func New(cfg Config) (*Server, error) {
	h, err := NewHandler(cfg)
	if err != nil {
		return nil, err
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, fmt.Errorf("reference: listen: %w", err)
	}
	s := &Server{
		URL:  "http://" + l.Addr().String(),
		srv:  &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second},
		done: make(chan struct{}),
	}
	go func() {
		defer close(s.done)
		_ = s.srv.Serve(l) // returns http.ErrServerClosed once Close is called
	}()
	return s, nil
}

// Close stops the server, waiting briefly for requests in flight (each is
// answered in far less than closeGrace). It may be called more than once.
// The grace is short because net/http's Shutdown counts a connection that
// a client dialled but never used as idle only after 5 s: waiting for it
// would add seconds to every run that ends with one.
func (s *Server) Close() {
	s.closeOnce.Do(func() {
		ctx, cancel := context.WithTimeout(context.Background(), closeGrace)
		defer cancel()
		if err := s.srv.Shutdown(ctx); err != nil {
			_ = s.srv.Close()
		}
		<-s.done
	})
}
