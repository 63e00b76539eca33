package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wallet-conformance/wallet-conformance/schemas"
)

func TestOpenAPIWritesTheDocument(t *testing.T) {
	want, err := schemas.OpenAPI()
	require.NoError(t, err)

	code, out, errOut := run(t, "openapi")
	require.Equal(t, ExitConformant, code, errOut)
	assert.Equal(t, string(want), out)

	path := filepath.Join(t.TempDir(), "openapi.json")
	code, out, errOut = run(t, "openapi", "--out", path)
	require.Equal(t, ExitConformant, code, errOut)
	assert.Contains(t, out, path)
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, want, data)
	var doc map[string]any
	require.NoError(t, json.Unmarshal(data, &doc))
	assert.Equal(t, "3.1.0", doc["openapi"])

	code, _, _ = run(t, "openapi", "extra")
	assert.Equal(t, ExitUsage, code)
}
