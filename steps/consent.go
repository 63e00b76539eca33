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

// hasRevokedConsent revokes the scenario's consent (B-4.9).
func (w *World) hasRevokedConsent(ctx context.Context) error {
	return w.sendValid(ctx, "revokes the consent", "")
}

// consentConfirmedUnlessRefused checks B-3's consent row after an Add
// Consent the spec does not show the answer to (a second one on the
// account): refusing it is open, but an Add Consent that succeeds results
// in CNSTCONF ("| Add Consent | CNSTCONF |"), whatever came before it.
func (w *World) consentConfirmedUnlessRefused() error {
	c, err := w.requireLast()
	if err != nil {
		return err
	}
	if !c.succeeded() {
		return w.handledError()
	}
	if got := c.json.Get("consentStatusCode").String(); got != "CNSTCONF" {
		return w.violates("B-3#19", "expected an Add Consent that succeeds to result in consentStatusCode CNSTCONF (B-3: \"| Add Consent | CNSTCONF |\"); got %q", got)
	}
	return nil
}

// hasUnknownConsent makes the scenario name a consent the account does not have.
func (w *World) hasUnknownConsent() error {
	w.consentReference = w.unique("cns")
	return nil
}

// consentCitations cites what each step registerConsentSteps registers rests
// on (Citation), a row per sc.Step below; StepCitations gathers the domains'
// tables.
var consentCitations = []StepCitation{
	{`^the partner has revoked the consent$`, state},
	{`^the consent is confirmed, unless the call was refused as a handled error$`, rests("B-3#19").reading("A-7#2", "A-7#6")},
	{`^the partner has added a consent$`, state},
	{`^the partner uses a consent reference the account does not have$`, state},
}

func registerConsentSteps(sc *godog.ScenarioContext, w *World) {
	re := w.env.re
	sc.Step(re(`^the partner has added a consent$`), w.hasAddedConsent)
	sc.Step(re(`^the partner uses a consent reference the account does not have$`), w.hasUnknownConsent)
	sc.Step(re(`^the partner has revoked the consent$`), w.hasRevokedConsent)
	sc.Step(re(`^the consent is confirmed, unless the call was refused as a handled error$`), w.consentConfirmedUnlessRefused)
}
