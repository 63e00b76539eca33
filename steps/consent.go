package steps

import (
	"context"
	"fmt"

	"github.com/cucumber/godog"

	"github.com/wallet-conformance/wallet-conformance/schemas"
)

// Consent: B-2.2, B-4.8, B-4.9.

var consentBuilders = map[string]builder{
	schemas.AddConsent:    addConsentRequest,
	schemas.RevokeConsent: revokeConsentRequest,
}

func addConsentRequest(w *World) (map[string]string, map[string]any, error) {
	path, f, err := w.accountRequest()
	if err != nil {
		return nil, nil, err
	}
	if otp := w.env.Profile.Sandbox.OneTimePassword; otp != "" {
		f["oneTimePassword"] = otp
	}
	return path, f, nil
}

// revokeConsentRequest names the consent in the path (B-4.9).
func revokeConsentRequest(w *World) (map[string]string, map[string]any, error) {
	path, f, err := addConsentRequest(w)
	if err != nil {
		return nil, nil, err
	}
	if w.consentReference == "" {
		return nil, nil, fmt.Errorf("the scenario has no consent: it needs \"Given the partner has added a consent\"")
	}
	path["consentReference"] = w.consentReference
	return path, f, nil
}

func (w *World) hasAddedConsent(ctx context.Context) error {
	if err := w.sendValid(ctx, "adds a consent", ""); err != nil {
		return err
	}
	if w.consentReference == "" {
		return w.failf("Add Consent returned no consentReference")
	}
	return nil
}

// hasUnknownConsent makes the scenario name a consent the account does not have.
func (w *World) hasUnknownConsent() error {
	w.consentReference = w.unique("cns")
	return nil
}

func registerConsentSteps(sc *godog.ScenarioContext, w *World) {
	re := w.env.re
	sc.Step(re(`^the partner has added a consent$`), w.hasAddedConsent)
	sc.Step(re(`^the partner uses a consent reference the account does not have$`), w.hasUnknownConsent)
}
