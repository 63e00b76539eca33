package sweep

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wallet-conformance/wallet-conformance/reference"
	"github.com/wallet-conformance/wallet-conformance/runner"
)

// The default state of a read of an account (accountRead: its example
// request on the wallet, Operation.ReadsAnAccount) is accepted by the reference,
// both personalities, for every such operation of the catalogue, those with
// a case of their own (Get Payment Options, Account Enquiry, Check Available
// Payment Amount) taken by the default too: the valid sweep skips an
// operation whose state was not accepted ("its state could not be made from
// a real one"), and the bad inputs sent on them are all answered as the spec
// classes them. Without the switch, TestTheReferenceAnswersEveryGeneratedInput
// shows the same of the operations that have no case.
func TestTheDefaultStateServesEveryReadOfAnAccount(t *testing.T) {
	for name, pers := range map[string]reference.Personality{"standard": reference.Standard, "alternative": reference.Alternative} {
		t.Run(name, func(t *testing.T) {
			cfg := reference.DefaultConfig()
			cfg.Personality = pers
			srv, err := reference.New(cfg)
			require.NoError(t, err)
			defer srv.Close()
			out, err := Run(context.Background(), Options{Profile: runner.ReferenceProfile(srv.URL, cfg), Seed: 1, PerOperation: 1, deriveEvery: true})
			require.NoError(t, err)
			assert.Empty(t, out.Findings)
			require.NotNil(t, out.Valid)
			assert.Empty(t, out.Valid.Skipped, "every state accepted")
			assert.Empty(t, out.Valid.Findings)
		})
	}
}
