package steps

import (
	"context"
	"encoding/json"

	"github.com/cucumber/godog"
)

// ScenarioInitializer returns the godog initializer that gives every
// scenario its own World and registers the steps of every domain.
// observe, when not nil, receives each World and the scenario's error once
// the scenario has ended.
func ScenarioInitializer(env *Env, observe func(*godog.Scenario, *World, error)) func(*godog.ScenarioContext) {
	return func(sc *godog.ScenarioContext) {
		w := newWorld(env)
		st := stepper{sc: sc, env: env}
		registerOperationSteps(st, w)
		registerEnvelopeSteps(st, w)
		registerAuthSteps(st, w)
		registerAccountSteps(st, w)
		registerPaymentOptionSteps(st, w)
		registerPaymentSteps(st, w)
		registerConsentSteps(st, w)
		registerCallbackSteps(st, w)
		registerAccountInfoSteps(st, w)
		registerMerchantSteps(st, w)
		registerPartnerSteps(st, w)

		// Each step is recorded with its exchanges, which also become
		// attachments of that step in cucumber.json (unless SkipAttachments).
		sc.StepContext().After(func(ctx context.Context, st *godog.Step, status godog.StepResultStatus, err error) (context.Context, error) {
			rec := w.recordStep(st.Text, status.String(), err)
			if env.SkipAttachments {
				return ctx, nil
			}
			for _, ex := range rec.Exchanges {
				body, _ := json.MarshalIndent(ex, "", "  ")
				ctx = godog.Attach(ctx, godog.Attachment{Body: body, FileName: "exchange.json", MediaType: "application/json"})
			}
			return ctx, nil
		})
		if observe != nil {
			sc.After(func(ctx context.Context, s *godog.Scenario, err error) (context.Context, error) {
				observe(s, w, err)
				return ctx, nil
			})
		}
	}
}

// stepper registers the steps of one scenario with patterns compiled once
// per run: godog would compile a string pattern again for every scenario.
type stepper struct {
	sc  *godog.ScenarioContext
	env *Env
}

// Step registers fn for the steps that match pattern.
func (s stepper) Step(pattern string, fn any) {
	s.sc.Step(s.env.pattern(pattern), fn)
}
