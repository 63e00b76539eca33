package steps

import (
	"fmt"
	"time"

	"github.com/tidwall/gjson"

	"github.com/cucumber/godog"

	"github.com/wallet-conformance/wallet-conformance/schemas"
)

// Envelopes.

func (w *World) carriesEnvelope() error {
	c, err := w.requireLast()
	if err != nil {
		return err
	}
	if err := w.env.Schemas.Validate("envelope.response.json", c.resp.Body); err != nil {
		return w.failf("the response envelope (A-2.1) %v", err)
	}
	return nil
}

// echoes checks that each named request field comes back with the value sent.
func (w *World) echoes(fields ...string) error {
	c, err := w.requireLast()
	if err != nil {
		return err
	}
	for _, f := range fields {
		if f == "" {
			continue
		}
		sent, ok := c.fields[f]
		if !ok {
			continue
		}
		if got := c.json.Get(f); got.Type == 0 || got.String() != sent {
			return w.failf("expected %s echoed as %q, got %s", f, sent, rawOrAbsent(got.Raw))
		}
	}
	return nil
}

// namesPathAccount checks an accno the response lists (A-4.8 to,
// B-4.8, B-4.9: "Response: partnerReference, programCode, accno, …"): it is
// present, a string, and the account whose number the request's path
// carries. The operation acts on that account, so its response names it.
func (w *World) namesPathAccount() error {
	c, err := w.requireLast()
	if err != nil {
		return err
	}
	want, ok := c.path["accno"]
	if !ok {
		return fmt.Errorf("%s carries no account number in its path", c.op.Name)
	}
	if got := c.json.Get("accno"); got.Type != gjson.String || got.String() != want {
		return w.failf("expected accno to name the account of the path, %q; got %s", want, rawOrAbsent(got.Raw))
	}
	return nil
}

func (w *World) echoesLocalDateTime() error { return w.echoes("localDate", "localTime") }

func (w *World) echoesFields(a, b string) error { return w.echoes(a, b) }

func (w *World) fieldIsDate(field string) error {
	c, err := w.requireLast()
	if err != nil {
		return err
	}
	if v := c.json.Get(field).String(); !schemas.IsDate(v) {
		return w.failf("expected %s as a date YYYY-MM-DD, got %s", field, rawOrAbsent(c.json.Get(field).Raw))
	}
	return nil
}

// Time zones of the world lie between UTC-12h and UTC+14h; clockSlack
// allows for a suite's and a server's clocks that disagree a little.
const (
	zoneWest   = 12 * time.Hour
	zoneEast   = 14 * time.Hour
	clockSlack = 5 * time.Minute
)

// sysClockIsCurrent checks #6: sysDate and sysTime are dates and times
// naming the server's current date and time. The server's time zone
// is not stated, so they must lie within the world's time zones of the
// suite's UTC clock, and nothing closer is asserted.
func (w *World) sysClockIsCurrent() error {
	c, err := w.requireLast()
	if err != nil {
		return err
	}
	date, tm := c.json.Get("sysDate"), c.json.Get("sysTime")
	if !schemas.IsDate(date.String()) || !schemas.IsTime(tm.String()) {
		return w.violates("A-2.1#2", "expected sysDate as a date YYYY-MM-DD and sysTime as a time HHMMSS, got %s and %s", rawOrAbsent(date.Raw), rawOrAbsent(tm.Raw))
	}
	at, _ := time.Parse("2006-01-02150405", date.String()+tm.String())
	now := time.Now().UTC()
	if at.Before(now.Add(-zoneWest-clockSlack)) || at.After(now.Add(zoneEast+clockSlack)) {
		return w.violates("A-2.1#6", "expected sysDate and sysTime to be the server's current date and time (in any time zone, UTC-12h to UTC+14h of %s UTC), got %s %s",
			now.Format("2006-01-02 15:04:05"), date.String(), tm.String())
	}
	return nil
}

// isJSON checks: the body is a JSON object and says so in Content-Type.
func (w *World) isJSON() error {
	_, err := w.readable()
	return err
}

// envelopeCitations cites what each step registerEnvelopeSteps registers
// rests on (Citation), a row per sc.Step below; StepCitations gathers the
// domains' tables. An echoed field comes back as sent: partnerReference
// (A-2.1#4), programCode (A-2.1#5), and Get Payment Options'
// transactionTypeCode, which its response lists (A-4.12#5).
var envelopeCitations = []StepCitation{
	{`^the response carries the response envelope$`, rests("A-2.1#2")},
	{`^the response echoes the caller's localDate and localTime$`, rests("A-2.1#3")},
	{`^the response echoes (\w+)(?: and (\w+))?$`, rests("A-2.1#4", "A-2.1#5", "A-4.12#5")},
	// The response lines of the operations on an account list accno.
	{`^the response names the account of the call in accno$`, rests("A-4.8#3", "A-4.9#5", "A-4.10#4", "A-4.11#6", "A-4.12#5", "A-4.13#3", "B-4.8#4", "B-4.9#4")},
	{`^the response's (\w+) is a date$`, rests("A-4.5#7", "A-3#6")},
	{`^the response's sysDate and sysTime are the server's current date and time$`, rests("A-2.1#2", "A-2.1#6")},
	{`^the response is a JSON object with Content-Type application/json$`, rests("A-1#2")},
}

func registerEnvelopeSteps(sc *godog.ScenarioContext, w *World) {
	re := w.env.re
	sc.Step(re(`^the response carries the response envelope$`), w.carriesEnvelope)
	sc.Step(re(`^the response echoes the caller's localDate and localTime$`), w.echoesLocalDateTime)
	sc.Step(re(`^the response echoes (\w+)(?: and (\w+))?$`), w.echoesFields)
	sc.Step(re(`^the response names the account of the call in accno$`), w.namesPathAccount)
	sc.Step(re(`^the response's (\w+) is a date$`), w.fieldIsDate)
	sc.Step(re(`^the response's sysDate and sysTime are the server's current date and time$`), w.sysClockIsCurrent)
	sc.Step(re(`^the response is a JSON object with Content-Type application/json$`), w.isJSON)
}
