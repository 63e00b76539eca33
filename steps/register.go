package steps

import (
	"context"
	"time"

	"github.com/cucumber/godog"
	messages "github.com/cucumber/messages/go/v21"
)

// ScenarioInitializer returns the godog initializer that gives every
// scenario its own World and registers the steps of every domain with
// godog (sc.Step), so godog matches them itself: an undefined or ambiguous
// step fails in strict mode, and a new step text gets godog's snippet. The
// line of each sc.Step is the definition's location that cucumber.json
// names (Definitions).
// observe, when not nil, receives each World and the scenario's error once
// the scenario has ended.
func ScenarioInitializer(env *Env, observe func(*godog.Scenario, *World, error)) func(*godog.ScenarioContext) {
	return func(sc *godog.ScenarioContext) {
		w := newWorld(env)
		registerSteps(sc, w)

		// A scenario that would start after the run's bound (--max-duration)
		// does not start: its steps are skipped at once.
		sc.Before(func(ctx context.Context, _ *godog.Scenario) (context.Context, error) {
			return ctx, ctx.Err()
		})

		sc.StepContext().Before(func(ctx context.Context, _ *godog.Step) (context.Context, error) {
			w.stepStarted = time.Now()
			return ctx, nil
		})
		// Each step is recorded with its exchanges; the report keeps them
		// once, in its evidence store (cucumber.json does not repeat them).
		sc.StepContext().After(func(ctx context.Context, st *godog.Step, status godog.StepResultStatus, err error) (context.Context, error) {
			w.recordStep(st.Text, status.String(), st.Type == messages.PickleStepType_CONTEXT, err)
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

// registerSteps registers the steps of every domain for w.
func registerSteps(sc *godog.ScenarioContext, w *World) {
	registerOperationSteps(sc, w)
	registerEnvelopeSteps(sc, w)
	registerAuthSteps(sc, w)
	registerAccountSteps(sc, w)
	registerPaymentOptionSteps(sc, w)
	registerPaymentSteps(sc, w)
	registerConsentSteps(sc, w)
	registerCallbackSteps(sc, w)
	registerAccountInfoSteps(sc, w)
	registerMerchantSteps(sc, w)
	registerPartnerSteps(sc, w)
}
