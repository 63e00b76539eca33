package schemas

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestFormats(t *testing.T) {
	assert.True(t, IsDate("2024-02-29"))
	assert.False(t, IsDate("2023-02-29"))
	assert.False(t, IsDate("2024-2-29"))
	assert.True(t, IsTime("235959"))
	assert.False(t, IsTime("240000"))
	assert.False(t, IsTime("12:00:00"))
	assert.True(t, IsTimestamp("2026-11-21T18:30:00.000Z"))
	assert.False(t, IsTimestamp("2026-11-21T18:30:00Z"))
	assert.False(t, IsTimestamp("2026-11-21T18:30:00.000+01:00"))
	assert.True(t, IsDecimal("10.25", 18, 2))
	assert.False(t, IsDecimal("10.255", 18, 2))
	assert.True(t, IsDecimal("123456789012345678", 18, -1))
	assert.False(t, IsDecimal("1234567890123456789", 18, -1))
	assert.False(t, IsDecimal("1e3", 18, 2))
}

func TestValidationNamesTheJSONPath(t *testing.T) {
	set, err := Load()
	require.NoError(t, err)
	err = set.Validate("token.json", []byte(`{"token": 5, "validUntil": "2026-11-21T18:30:00Z"}`))
	require.Error(t, err)
	assert.Contains(t, err.Error(), "/token")
	assert.Contains(t, err.Error(), "/validUntil")
	assert.NoError(t, set.Validate("token.json", []byte(`{"token":"t","validUntil":"2026-11-21T18:30:00.000Z","extra":1}`)))
}

// The catalogue's length is the count of operations wherever one is
// needed: no test or doc keeps a number of its own (registry_test.go holds
// the constants and the tables to it).
func TestCatalogueDeclaresEachOperationOnce(t *testing.T) {
	ops := Catalogue()
	require.NotEmpty(t, ops)
	ids := map[string]bool{}
	for _, op := range ops {
		assert.False(t, ids[op.ID], "duplicate %s", op.ID)
		ids[op.ID] = true
		assert.NotEmpty(t, op.Clause)
	}
}

// Schemas compile on first use, so a broken one would surface only when a
// scenario needed it: every embedded schema must compile, and an unknown
// name is an error.
func TestEverySchemaCompiles(t *testing.T) {
	set, err := Load()
	require.NoError(t, err)
	require.NoError(t, set.Compile())
	assert.Greater(t, len(set.Names()), 70)
	assert.ErrorContains(t, set.Validate("no-such.json", []byte(`{}`)), `no schema named "no-such.json"`)
}
