package steps

import (
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

func (w *World) fieldIsTime(field string) error {
	c, err := w.requireLast()
	if err != nil {
		return err
	}
	if v := c.json.Get(field).String(); !schemas.IsTime(v) {
		return w.failf("expected %s as a time HHMMSS, got %s", field, rawOrAbsent(c.json.Get(field).Raw))
	}
	return nil
}

// isJSON checks: the body is a JSON object and says so in Content-Type.
func (w *World) isJSON() error {
	_, err := w.readable()
	return err
}

func registerEnvelopeSteps(sc *godog.ScenarioContext, w *World) {
	re := w.env.re
	sc.Step(re(`^the response carries the response envelope$`), w.carriesEnvelope)
	sc.Step(re(`^the response echoes the caller's localDate and localTime$`), w.echoesLocalDateTime)
	sc.Step(re(`^the response echoes (\w+)(?: and (\w+))?$`), w.echoesFields)
	sc.Step(re(`^the response's (\w+) is a date$`), w.fieldIsDate)
	sc.Step(re(`^the response's (\w+) is a time$`), w.fieldIsTime)
	sc.Step(re(`^the response is a JSON object with Content-Type application/json$`), w.isJSON)
}
