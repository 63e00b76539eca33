package steps

import (
	"context"
	"fmt"
	"time"

	"github.com/cucumber/godog"

	"github.com/wallet-conformance/wallet-conformance/schemas"
	"github.com/wallet-conformance/wallet-conformance/targetclient"
)

// Authentication.

var authBuilders = map[string]builder{
	schemas.IssueToken: issueTokenRequest,
}

// issueTokenRequest is Issue Token's body in the reading the target issued
// the run's token to (targetclient.TokenReading): A-4.1's body line, or that with
// partnerReference.
func issueTokenRequest(w *World) (map[string]string, map[string]any, error) {
	p := w.env.Profile
	date, tm := w.env.Clock()
	f := map[string]any{"password": p.Credentials.Password, "localDate": date, "localTime": tm}
	if w.tokenReading() == targetclient.ReadingEnvelope {
		f["partnerReference"] = w.unique("token-")
	}
	return map[string]string{"userId": p.Credentials.UserID}, f, nil
}

// tokenReading is the form of Issue Token's body the run uses: the one the
// target issued the shared token to.
func (w *World) tokenReading() targetclient.TokenReading {
	if w.env.Tokens == nil {
		return targetclient.ReadingBodyLine
	}
	return w.env.Tokens.Reading()
}

// hasRequestedToken issues a token for this scenario alone; later calls of
// the scenario send it instead of the run's shared token.
func (w *World) hasRequestedToken(ctx context.Context) error {
	creds := targetclient.Credentials{UserID: w.env.Profile.Credentials.UserID, Password: w.env.Profile.Credentials.Password}
	tok, _, ex, err := targetclient.IssueTokenAs(ctx, w.env.Client, creds, w.env.Clock, w.tokenReading())
	w.exchanges = append(w.exchanges, ex)
	if err != nil {
		return err
	}
	w.token = tok
	return nil
}

// maxTokenWait bounds how long a scenario waits for a short-lived token to
// expire: the profile's sandbox.shortToken credentials promise tokens that
// expire within it.
const maxTokenWait = 30 * time.Second

// expirySlack is how long after validUntil, by the suite's clock, the
// target may still take the token: the target's clock may lag the suite's.
const expirySlack = 10 * time.Second

// holdsExpiredToken issues a token with the sandbox's short-lived
// credentials, waits until validUntil has passed by the suite's clock, and
// keeps the token as the scenario's own (A-5.3: "The token is usable until
// then"). A target whose clock lags the suite's may take it a little
// longer: the When step tries again until expirySlack after validUntil.
func (w *World) holdsExpiredToken(ctx context.Context) error {
	user, err := w.need("sandbox.shortTokenUserId")
	if err != nil {
		return err
	}
	creds := targetclient.Credentials{UserID: user, Password: w.env.Profile.Sandbox.ShortTokenPassword}
	tok, until, ex, err := targetclient.IssueTokenAs(ctx, w.env.Client, creds, w.env.Clock, w.tokenReading())
	w.exchanges = append(w.exchanges, ex)
	if err != nil {
		return err
	}
	wait := until.Sub(w.env.timer().Now())
	if wait > maxTokenWait {
		return &Failure{Msg: fmt.Sprintf("precondition: the token issued to sandbox.shortTokenUserId is valid until %s, %s from now: the profile's short-lived credentials must issue tokens that expire within %s", until.Format(time.RFC3339Nano), wait.Round(time.Second), maxTokenWait)}
	}
	if err := w.sleep(ctx, wait+100*time.Millisecond); err != nil {
		return err
	}
	w.token, w.tokenExpired = tok, until
	return nil
}

// sleep waits d for the target's clock, recording the wait as the step's.
func (w *World) sleep(ctx context.Context, d time.Duration) error {
	if d <= 0 {
		return nil
	}
	timer := w.env.timer()
	start := timer.Now()
	defer func() { w.noteWaited(timer.Now().Sub(start)) }()
	return timer.Sleep(ctx, d)
}

// callsWithExpiredToken sends the operation with the scenario's expired
// token; while the target still takes it, it tries again, once a second,
// until expirySlack after validUntil (a target whose clock lags the suite's
// expires it later), and keeps the last answer.
func (w *World) callsWithExpiredToken(ctx context.Context, phrase string) error {
	if w.tokenExpired.IsZero() {
		return fmt.Errorf("the scenario holds no expired token: it needs \"Given the partner holds a token that has expired\"")
	}
	for {
		if err := w.calls(ctx, phrase, ""); err != nil {
			return err
		}
		if !w.last.succeeded() || w.env.timer().Now().Sub(w.tokenExpired) > expirySlack {
			return nil
		}
		if err := w.sleep(ctx, time.Second); err != nil {
			return err
		}
	}
}

// callsWithTamperedToken sends the operation with the token the scenario
// would send, with a character inserted in its middle or a character in its
// middle changed: a token the service did not issue, so an invalid one
// . The middle, not the end: a base64 token's last character may
// carry unused bits, and a lenient decoder (Node's Buffer, Python's
// b64decode) drops one character appended to a token of whole quanta, so
// it reads the same bytes either way and a vendor could argue such a token
// is not invalid. A character inserted in the middle shifts every bit
// after it: no decoding reads the issued token's bytes.
func (w *World) callsWithTamperedToken(ctx context.Context, phrase, how string) error {
	r, err := w.prepare(phrase, "")
	if err != nil {
		return err
	}
	tok, err := w.authToken(ctx)
	if err != nil {
		return err
	}
	i := len(tok) / 2
	if how == "a character inserted in its middle" {
		tok = tok[:i] + "A" + tok[i:]
	} else {
		repl := byte('A')
		if tok[i] == 'A' {
			repl = 'B'
		}
		tok = tok[:i] + string(repl) + tok[i+1:]
	}
	r.token = &tok
	return w.send(ctx, r)
}

func (w *World) requestsTokenWithWrongPassword(ctx context.Context) error {
	r, err := w.prepare("requests a token", "")
	if err != nil {
		return err
	}
	r.fields["password"] = "not-" + w.unique("the-password-")
	return w.send(ctx, r)
}

// tokenValidUntil checks: a token, and validUntil in UTC
// with milliseconds and a Z suffix (A-2.3#2), after the moment of issue
// (A-5#3: the token is usable until then). The moment of issue lies within
// the call, by the suite's clock; the target's clock may disagree by up to
// expirySlack, as the expired-token scenario allows.
func (w *World) tokenValidUntil() error {
	c, err := w.requireLast()
	if err != nil {
		return err
	}
	if c.json.Get("token").String() == "" {
		return w.violates("A-4.1#3", "expected a non-empty token")
	}
	until := c.json.Get("validUntil").String()
	if !schemas.IsTimestamp(until) {
		return w.violates("A-2.3#2", "expected validUntil as an ISO 8601 UTC date-time with milliseconds and Z (24 characters, e.g. 2026-11-21T18:30:00.000Z), got %q", until)
	}
	t, _ := time.Parse("2006-01-02T15:04:05.000Z", until)
	sent := w.env.timer().Now()
	if n := len(w.exchanges); n > 0 {
		sent = sent.Add(-w.exchanges[n-1].Latency)
	}
	if !t.After(sent.Add(-expirySlack)) {
		return w.violates("A-5#3", "expected validUntil after the moment of issue (the token is usable until then, A-5.3): the call was sent at %s by the suite's clock (%s of slack for clocks), got %s",
			sent.UTC().Format("2006-01-02T15:04:05.000Z"), expirySlack, until)
	}
	return nil
}

// authCitations cites what each step registerAuthSteps registers rests on
// (Citation), a row per sc.Step below; StepCitations gathers the domains'
// tables.
var authCitations = []StepCitation{
	{`^the partner has requested a token$`, state},
	{`^the partner holds a token that has expired$`, state},
	{`^the partner ` + opPattern + ` with the expired token$`, state},
	{`^the partner requests a token with a wrong password$`, state},
	{`^the partner ` + opPattern + ` with its X-Auth-Token with (a character inserted in its middle|a character in its middle changed)$`, state},
	{`^the response carries a token valid until a UTC timestamp with milliseconds$`, rests("A-4.1#3", "A-2.3#2", "A-5#3")},
}

func registerAuthSteps(sc *godog.ScenarioContext, w *World) {
	re := w.env.re
	sc.Step(re(`^the partner has requested a token$`), w.hasRequestedToken)
	sc.Step(re(`^the partner holds a token that has expired$`), w.holdsExpiredToken)
	sc.Step(re(`^the partner `+opPattern+` with the expired token$`), w.callsWithExpiredToken)
	sc.Step(re(`^the partner requests a token with a wrong password$`), w.requestsTokenWithWrongPassword)
	sc.Step(re(`^the partner `+opPattern+` with its X-Auth-Token with (a character inserted in its middle|a character in its middle changed)$`), w.callsWithTamperedToken)
	sc.Step(re(`^the response carries a token valid until a UTC timestamp with milliseconds$`), w.tokenValidUntil)
}
