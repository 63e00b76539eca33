// Package steps holds the godog step definitions of the suite, one file per
// domain of the spec, and the per-scenario World they share. Nothing here is
// package-level mutable state: what all scenarios share lives in Env and is
// safe for concurrent use; what one scenario learns lives in its World.
package steps

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"regexp"
	"runtime"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/cucumber/godog"
	"github.com/tidwall/gjson"

	"github.com/wallet-conformance/wallet-conformance/profile"
	"github.com/wallet-conformance/wallet-conformance/record"
	"github.com/wallet-conformance/wallet-conformance/schemas"
	"github.com/wallet-conformance/wallet-conformance/targetclient"
)

// Env is what every scenario of a run shares. Build it once per run.
type Env struct {
	Profile *profile.Profile
	Client  *targetclient.Client
	Tokens  *targetclient.TokenSource
	Schemas *schemas.Set
	Clock   targetclient.Clock
	// Timer tells the time and pauses the bounded waits of the steps: for
	// effects that settle later (World.settle), for the target's clock to
	// turn, for a token to expire; nil means the real time. Tests inject
	// one that moves only when a wait sleeps, so that they prove what a
	// wait does (polls, time waited, when it gives up) whatever the load of
	// the machine.
	Timer Timer
	// Callbacks receives the redirect callbacks of A-6 on a loopback URL.
	Callbacks *targetclient.CallbackListener
	// RunID makes the data of this run unique at the target (e-mails, login IDs, references).
	RunID string

	seq atomic.Int64 // numbers scenarios for unique data

	patterns sync.Map // step pattern -> its *regexp.Regexp, compiled once per run
	defined  sync.Map // step pattern -> where it is registered ("accounts.go:437")
}

// re returns the compiled step pattern p, for sc.Step: every scenario
// registers the same definitions, so each pattern is compiled once per run
// and shared (a *regexp.Regexp is safe for concurrent use).
// The line of the call to re is the line of the sc.Step that registers
// the pattern: it is noted, once, as the definition's location.
func (e *Env) re(p string) *regexp.Regexp {
	if re, ok := e.patterns.Load(p); ok {
		return re.(*regexp.Regexp)
	}
	if _, file, line, ok := runtime.Caller(1); ok {
		e.defined.LoadOrStore(p, fmt.Sprintf("%s:%d", filepath.Base(file), line))
	}
	got, _ := e.patterns.LoadOrStore(p, regexp.MustCompile(p))
	return got.(*regexp.Regexp)
}

// Timer is the time as the bounded waits of the steps see it.
type Timer interface {
	Now() time.Time
	// Sleep pauses for d, or until ctx ends (its error).
	Sleep(ctx context.Context, d time.Duration) error
}

// realTimer is the machine's own time.
type realTimer struct{}

func (realTimer) Now() time.Time { return time.Now() }

func (realTimer) Sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// timer returns the Env's Timer, or the real time.
func (e *Env) timer() Timer {
	if e.Timer == nil {
		return realTimer{}
	}
	return e.Timer
}

// World is the state of one scenario: the values captured from responses
// (accno, references, tokens) that later steps of the same scenario use, and
// the record of its exchanges.
type World struct {
	env     *Env
	uid     string    // unique per scenario, prefix of every generated reference
	started time.Time // when the scenario began
	n       int       // counts generated values within the scenario

	// account is the scenario's account: its accno and the values last sent for it.
	account accountState
	// token is a token the scenario issued itself; "" means the shared one.
	token string
	// tokenExpired is the validUntil of token when the scenario made it
	// expire; zero otherwise.
	tokenExpired time.Time
	// last is the scenario's most recent call.
	last *call

	// option is the scenario's stored payment options.
	option optionState
	// payment is the scenario's payment (B-4.1 to B-4.7): the last it made.
	payment paymentState
	// payments are every payment the scenario made (Init Authorize,
	// Authorize, KC-Authorize, KC-Debit Account, those of its Givens
	// too), in the order made: what a step that reads back a list of
	// them compares with.
	payments []paymentState
	// wallet is what the scenario noted of its wallet's balance (B-2.4).
	wallet walletState
	// loadedLater is set when the scenario loaded its account "the last a
	// second later": its order checks (B-4.12) then require the most recent
	// entry to be booked in a later second than another, or they prove nothing.
	loadedLater bool
	// concurrent holds the calls a step sent at once.
	concurrent []*call
	// consentReference is the scenario's consent (B-4.8, B-4.9).
	consentReference string
	// merchantTransactionID and callback are the redirect of A-6.
	merchantTransactionID string
	callback              *targetclient.Callback

	mu        sync.Mutex // guards exchanges, last and waited while a step sends calls at once
	exchanges []record.Exchange
	attached  int             // how many exchanges were already attached to a step
	waited    time.Duration   // how long the current step waited for the target's clock
	advised   []record.Advice // advisory checks of the current step that did not hold
	steps     []record.Step
	// stepStarted is when the current step began (its duration).
	stepStarted time.Time
	// missingKey names the profile key the scenario needed and did not find.
	missingKey string
	// blocked is the scenario's setup that failed, when one did (see Blocker).
	blocked *record.Blocker
}

type accountState struct {
	accno  string
	fields map[string]any // the account data as last sent by Create or Update
	closed bool
}

// call is one operation sent by a step and what came back.
type call struct {
	op     schemas.Operation
	fields map[string]any    // the parameters the request was built from
	path   map[string]string // the path parameters it was sent with
	raw    bool              // the body was sent raw (malformed JSON), not built from fields
	resp   *targetclient.Response
	json   gjson.Result
	// retried lists the responseCodes (0058, 0098) after which the call was repeated.
	retried []string
	// ex is the position of the call's exchange among the scenario's (World.exchanges).
	ex int
}

func newWorld(env *Env) *World {
	return &World{env: env, uid: fmt.Sprintf("%s%04d", env.RunID, env.seq.Add(1)), started: time.Now()}
}

// unique returns a new value unique to this run, with a readable prefix.
func (w *World) unique(prefix string) string {
	w.n++
	return fmt.Sprintf("%s%s%02d", prefix, w.uid, w.n)
}

// MissingKey names the profile key whose absence skipped the scenario ("" if none).
func (w *World) MissingKey() string { return w.missingKey }

// need returns the profile value of key, or an error that skips the
// scenario naming the key: a profile that lacks it cannot run the scenario,
// which says nothing about the target.
func (w *World) need(key string) (string, error) {
	if v := w.env.Profile.Value(key); v != "" {
		return v, nil
	}
	w.missingKey = key
	return "", fmt.Errorf("%w: the profile has no %s", godog.ErrSkip, key)
}

// Record returns what the scenario recorded of itself, as of ended: its
// steps with their exchanges, how long it ran, and the setup that blocked
// it (nil when none did). The runner adds the scenario's identity, from the
// features, and its status, from how it ended.
func (w *World) Record(ended time.Time) record.Scenario {
	return record.Scenario{Steps: w.steps, Duration: ended.Sub(w.started), BlockedBy: w.blocked}
}

// recordStep closes a step: it takes the exchanges made since the last step.
// A setup step (a Given) that failed a check blocks the scenario.
func (w *World) recordStep(text, status string, setup bool, err error) record.Step {
	w.mu.Lock()
	rec := record.Step{Text: text, Status: status, Exchanges: append([]record.Exchange(nil), w.exchanges[w.attached:]...), Waited: w.waited, Advice: w.advised}
	if !w.stepStarted.IsZero() {
		rec.Duration = time.Since(w.stepStarted)
	}
	if !setup && len(rec.Exchanges) > 0 && w.last != nil && w.last.resp != nil && w.last.ex < w.attached {
		// A Then that read the state back (keepWhen) judged the earlier move.
		rec.Checks = []int{w.last.ex}
	}
	w.attached = len(w.exchanges)
	w.waited = 0
	w.advised = nil
	w.mu.Unlock()
	if err != nil {
		rec.Error = w.env.Client.Redactor().String(err.Error())
		var f *Failure
		switch {
		case w.blocked != nil && w.blocked.Step == "":
			w.blocked.Step = text // a precondition call of this step failed
		case w.blocked == nil && setup && errors.As(err, &f):
			w.blocked = &record.Blocker{Operation: failedOperation(rec.Exchanges), Step: text}
		}
		if w.blocked != nil && w.blocked.Clause == "" {
			if op, ok := schemas.Lookup(w.blocked.Operation); ok {
				w.blocked.Clause = op.Clause
			}
		}
	}
	w.steps = append(w.steps, rec)
	return rec
}

// failedOperation returns the operation of the last of a step's exchanges
// when that call did not reach its state (call.reachedState); "" when the
// step made no call or its last call reached it (the step then failed on a
// check of its own).
func failedOperation(exchanges []record.Exchange) string {
	if len(exchanges) == 0 {
		return ""
	}
	ex := exchanges[len(exchanges)-1]
	op, ok := schemas.Lookup(ex.Operation)
	if !ok {
		return ""
	}
	c := &call{op: op, resp: &targetclient.Response{Status: ex.Status, Body: []byte(ex.ResponseBody)}, json: gjson.Parse(ex.ResponseBody)}
	if ex.Error == "" && c.reachedState() {
		return ""
	}
	return ex.Operation
}

// advise records that an advisory check of the current step did not hold:
// the target broke rule, which the spec implies but does not state. The
// step goes on; the scenario ends as a WARNING unless a normative check
// fails it. Use it where a step's check has no sentence of the spec behind
// it that makes it normative (see package rules).
func (w *World) advise(rule, format string, args ...any) {
	msg := w.env.Client.Redactor().String(fmt.Sprintf(format, args...))
	w.mu.Lock()
	w.advised = append(w.advised, record.Advice{Rule: rule, Message: msg})
	w.mu.Unlock()
}

// Advice returns every advisory check of the scenario that did not hold, in order.
func (w *World) Advice() []record.Advice {
	var out []record.Advice
	for _, st := range w.steps {
		out = append(out, st.Advice...)
	}
	return out
}

// noteWaited adds d to the time the current step spent waiting for the
// target's clock; recordStep reports it with the step.
func (w *World) noteWaited(d time.Duration) {
	w.mu.Lock()
	w.waited += d
	w.mu.Unlock()
}

// authToken returns the token to send: the scenario's own, or the shared one.
func (w *World) authToken(ctx context.Context) (string, error) {
	if w.token != "" {
		return w.token, nil
	}
	return w.env.Tokens.Token(ctx)
}

// Failure is a conformance failure: the target broke a rule of the spec.
// Its message says what was expected and what came back.
type Failure struct {
	Msg      string
	Evidence string // the response that shows it, redacted
	// Rule is the id of the rule the check rests on (package rules), when
	// the step names it; the scenario's rule tags say it otherwise.
	Rule string
}

func (f *Failure) Error() string {
	if f.Evidence == "" {
		return f.Msg
	}
	return f.Msg + "\n" + f.Evidence
}

// failf builds a Failure with the last response as evidence.
func (w *World) failf(format string, args ...any) error {
	f := &Failure{Msg: fmt.Sprintf(format, args...)}
	if w.last != nil && w.last.resp != nil {
		body := w.env.Client.Redactor().String(string(w.last.resp.Body))
		if len(body) > 2000 {
			body = body[:2000] + "...(cut)"
		}
		f.Evidence = fmt.Sprintf("  response to %s: HTTP %d, Content-Type %q, body %s", w.last.op.Name, w.last.resp.Status, w.last.resp.ContentType, strings.TrimSpace(body))
		if n := len(w.last.retried); n > 0 {
			f.Evidence += fmt.Sprintf("\n  (the last of %d attempts: retried %d times after responseCodes %s, A-7 allows 3)", n+1, n, strings.Join(w.last.retried, ", "))
		}
	}
	return f
}

// violates builds a Failure of a normative rule (its id in package rules)
// with the last response as evidence.
func (w *World) violates(rule, format string, args ...any) error {
	err := w.failf(format, args...)
	err.(*Failure).Rule = rule
	return err
}

// keepWhen lets a Then step make calls of its own to verify an outcome
// (read the balance, list the options) without replacing the call of the
// scenario's When, which later steps go on checking. Use as
// defer w.keepWhen()().
func (w *World) keepWhen() func() {
	when := w.last
	return func() { w.last = when }
}

// requireLast returns the last call or an error when no call was made.
func (w *World) requireLast() (*call, error) {
	if w.last == nil || w.last.resp == nil {
		return nil, fmt.Errorf("no call was made before this step")
	}
	return w.last, nil
}

// sortedKeys returns the keys of m in lexical order, for deterministic messages.
func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
