package steps

import (
	"context"

	"github.com/cucumber/godog"

	"github.com/wallet-conformance/wallet-conformance/targetclient"
)

// Authorization across partners: not stated by the spec (A-5 says only that
// a token is required), so the scenarios that use these steps are @advisory.
// They need the profile's secondPartner.

// asSecondPartner makes the scenario's next calls with a token issued to the
// profile's second partner.
func (w *World) asSecondPartner(ctx context.Context) error {
	userID, err := w.need("secondPartner.userId")
	if err != nil {
		return err
	}
	password, err := w.need("secondPartner.password")
	if err != nil {
		return err
	}
	tok, _, ex, err := targetclient.IssueTokenAs(ctx, w.env.Client, targetclient.Credentials{UserID: userID, Password: password}, w.env.Clock, w.tokenReading())
	w.exchanges = append(w.exchanges, ex)
	if err != nil {
		return err
	}
	w.token = tok
	return nil
}

// secondPartnerCalls makes one call with the second partner's token; the
// steps after it read back with the scenario's own.
func (w *World) secondPartnerCalls(ctx context.Context, phrase string) error {
	own := w.token
	defer func() { w.token = own }()
	if err := w.asSecondPartner(ctx); err != nil {
		return err
	}
	return w.calls(ctx, phrase, "")
}

func (w *World) secondPartnerDebits(ctx context.Context, a string) error {
	own := w.token
	defer func() { w.token = own }()
	if err := w.asSecondPartner(ctx); err != nil {
		return err
	}
	return w.movesWallet(ctx, "debits", a)
}

// partnerCitations cites what each step registerPartnerSteps registers rests
// on (Citation), a row per sc.Step below; StepCitations gathers the domains'
// tables.
var partnerCitations = []StepCitation{
	{`^the second partner ` + opPattern + `$`, state},
	{`^the second partner debits ([0-9]+\.[0-9]{2}) from the account for the merchant$`, state},
}

func registerPartnerSteps(sc *godog.ScenarioContext, w *World) {
	re := w.env.re
	sc.Step(re(`^the second partner `+opPattern+`$`), w.secondPartnerCalls)
	sc.Step(re(`^the second partner debits ([0-9]+\.[0-9]{2}) from the account for the merchant$`), w.secondPartnerDebits)
}
