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

// --profile writes the document for a target: the N(n) request fields
// narrowed to the numberEncoding the profile declares, or both when it
// declares none. The profile's secrets need not be set.
func TestOpenAPIForAProfile(t *testing.T) {
	dir := t.TempDir()
	write := func(name, behaviour string) string {
		text := "baseUrl: https://wallet.example.com\nenvironment: sandbox\ncredentials:\n  userId: partner\n" +
			"  password: ${WALLET_OPENAPI_TEST_UNSET_PASSWORD}\nprogramCode: WALLETPRG\ncurrency: EUR\ntitleCode: MR\n" + behaviour
		path := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(path, []byte(text), 0o600))
		return path
	}
	for name, c := range map[string]struct{ behaviour, encoding string }{
		"declares number":  {"behaviour:\n  numberEncoding: number\n", "number"},
		"declares string":  {"behaviour:\n  numberEncoding: string\n", "string"},
		"declares nothing": {"", ""},
	} {
		want, err := schemas.OpenAPIFor(schemas.OpenAPIOptions{NumberEncoding: c.encoding})
		require.NoError(t, err)
		code, out, errOut := run(t, "openapi", "--profile", write(name+".yaml", c.behaviour))
		require.Equal(t, ExitConformant, code, name+": "+errOut)
		assert.Equal(t, string(want), out, name)
	}
	both, err := schemas.OpenAPI()
	require.NoError(t, err)
	number, err := schemas.OpenAPIFor(schemas.OpenAPIOptions{NumberEncoding: "number"})
	require.NoError(t, err)
	assert.NotEqual(t, both, number)

	path := filepath.Join(dir, "out.json")
	code, out, errOut := run(t, "openapi", "--profile", write("n.yaml", "behaviour:\n  numberEncoding: number\n"), "--out", path)
	require.Equal(t, ExitConformant, code, errOut)
	assert.Contains(t, out, "numberEncoding number")
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, number, data)

	code, _, errOut = run(t, "openapi", "--profile", write("bad.yaml", "behaviour:\n  numberEncoding: digits\n"))
	assert.Equal(t, ExitUsage, code)
	assert.Contains(t, errOut, "profile error")
	code, _, errOut = run(t, "openapi", "--profile", filepath.Join(dir, "missing.yaml"))
	assert.Equal(t, ExitUsage, code)
	assert.Contains(t, errOut, "profile error")
}
