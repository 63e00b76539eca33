package calls

import (
	"context"
	"fmt"
	"net/http"

	"github.com/wallet-conformance/wallet-conformance/profile"
	"github.com/wallet-conformance/wallet-conformance/runner"
	"github.com/wallet-conformance/wallet-conformance/schemas"
	"github.com/wallet-conformance/wallet-conformance/targetclient"
)

// Connect readies what an exploration or a sweep (what, in its messages)
// needs of a target: the profile's environment must be a sandbox (they
// create accounts and move money), the schemas, a client, and a token
// source whose first token the target issued.
func Connect(ctx context.Context, p *profile.Profile, hc *http.Client, what string) (*schemas.Set, *targetclient.Client, *targetclient.TokenSource, func(), error) {
	if p.Environment != profile.Sandbox {
		return nil, nil, nil, nil, &profile.Error{Msg: fmt.Sprintf("environment is %q, not %q: %s creates accounts and moves money, and runs against a sandbox only", p.Environment, profile.Sandbox, what)}
	}
	set, err := schemas.Load()
	if err != nil {
		return nil, nil, nil, nil, err
	}
	client, closeClient, err := runner.NewClient(p, hc)
	if err != nil {
		return nil, nil, nil, nil, err
	}
	tokens := targetclient.NewTokenSource(client, targetclient.Credentials{UserID: p.Credentials.UserID, Password: p.Credentials.Password}, targetclient.LocalClock)
	if _, err := tokens.Preflight(ctx); err != nil {
		closeClient()
		return nil, nil, nil, nil, &runner.UnreachableError{Target: client.BaseURL(), Err: err}
	}
	return set, client, tokens, closeClient, nil
}
