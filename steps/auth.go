package steps

import (
	"context"
	"time"

	"github.com/cucumber/godog"

	"github.com/wallet-conformance/wallet-conformance/schemas"
	"github.com/wallet-conformance/wallet-conformance/steps/target"
)

// Authentication.

var authBuilders = map[string]builder{
	"issue-token": issueTokenRequest,
}

func issueTokenRequest(w *World) (map[string]string, map[string]any, error) {
	p := w.env.Profile
	date, tm := w.env.Clock()
	return map[string]string{"userId": p.Credentials.UserID},
		map[string]any{"password": p.Credentials.Password, "localDate": date, "localTime": tm}, nil
}

// hasRequestedToken issues a token for this scenario alone; later calls of
// the scenario send it instead of the run's shared token.
func (w *World) hasRequestedToken(ctx context.Context) error {
	creds := target.Credentials{UserID: w.env.Profile.Credentials.UserID, Password: w.env.Profile.Credentials.Password}
	tok, _, ex, err := target.IssueToken(ctx, w.env.Client, creds, w.env.Clock)
	w.exchanges = append(w.exchanges, ex)
	if err != nil {
		return err
	}
	w.token = tok
	return nil
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
// with milliseconds and a Z suffix (A-2.3#2), not yet passed (A-5#3: the
// token is usable until then; a minute of slack for clocks).
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
	if !t.After(time.Now().Add(-time.Minute)) {
		return w.violates("A-5#3", "expected validUntil in the future: the token is usable until then (A-5.3), got %s", until)
	}
	return nil
}

func registerAuthSteps(sc *godog.ScenarioContext, w *World) {
	re := w.env.re
	sc.Step(re(`^the partner has requested a token$`), w.hasRequestedToken)
	sc.Step(re(`^the partner requests a token with a wrong password$`), w.requestsTokenWithWrongPassword)
	sc.Step(re(`^the response carries a token valid until a UTC timestamp with milliseconds$`), w.tokenValidUntil)
}
