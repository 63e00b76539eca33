package sweep

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wallet-conformance/wallet-conformance/schemas"
)

// A sample never presents a wrong password to Issue Token, whatever the
// seed (a sandbox that counts failed logins must not lock the partner out
// during a default run); the full sweep does.
func TestASampleNeverSendsAWrongPassword(t *testing.T) {
	set, err := schemas.Load()
	require.NoError(t, err)
	op, ok := schemas.Lookup(schemas.IssueToken)
	require.True(t, ok)
	valid := map[string]any{"password": "pw", "localDate": "2026-11-26", "localTime": "120000", "partnerReference": "p-1"}
	inputs := generateInputs(op, set.RequestFields(op.ID), valid)
	password := 0
	for _, in := range inputs {
		if in.field == "password" {
			password++
		}
	}
	require.Positive(t, password, "the generator has inputs for the password")
	assert.Len(t, sendable(inputs, 0), len(inputs), "the full sweep sends every input")
	for seed := uint64(1); seed <= 50; seed++ {
		for _, in := range sample(sendable(inputs, len(inputs)-1), len(inputs)-1, seed, op.ID) {
			assert.NotEqual(t, "password", in.field, "seed %d sent %s", seed, in.label)
		}
	}
}
