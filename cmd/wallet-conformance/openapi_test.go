package main

import (
	"context"
	"encoding/json"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tidwall/gjson"
	"go.yaml.in/yaml/v3"

	"github.com/wallet-conformance/wallet-conformance/profile"
	"github.com/wallet-conformance/wallet-conformance/reference"
	"github.com/wallet-conformance/wallet-conformance/runner"
	"github.com/wallet-conformance/wallet-conformance/schemas"
	"github.com/wallet-conformance/wallet-conformance/targetclient"
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

// profileTarget is what the examples carry of TestOpenAPIForAProfile's
// profiles: its values and the profile's defaults, none of its secrets.
var profileTarget = &schemas.ExampleTarget{BaseURL: "https://wallet.example.com", UserID: "partner", ProgramCode: "WALLETPRG",
	AccnoType: "00", Currency: "EUR", TitleCode: "MR", TransactionTypeCode: "AUTH"}

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
		want, err := schemas.OpenAPIFor(schemas.OpenAPIOptions{NumberEncoding: c.encoding, Target: profileTarget})
		require.NoError(t, err)
		code, out, errOut := run(t, "openapi", "--profile", write(name+".yaml", c.behaviour))
		require.Equal(t, ExitConformant, code, name+": "+errOut)
		assert.Equal(t, string(want), out, name)
	}
	both, err := schemas.OpenAPI()
	require.NoError(t, err)
	number, err := schemas.OpenAPIFor(schemas.OpenAPIOptions{NumberEncoding: "number", Target: profileTarget})
	require.NoError(t, err)
	assert.NotEqual(t, both, number)

	path := filepath.Join(dir, "out.json")
	code, out, errOut := run(t, "openapi", "--profile", write("n.yaml", "behaviour:\n  numberEncoding: number\n"), "--out", path)
	require.Equal(t, ExitConformant, code, errOut)
	assert.Contains(t, out, "numberEncoding number")
	assert.Contains(t, out, "Examples carry the profile's values for https://wallet.example.com")
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

// --create-account opens an account at the target with the profile's
// credentials and names it in the examples; the profile's secrets appear
// nowhere in the document. It needs the profile's secrets, and a target that
// refuses the credentials is an error that says so.
func TestOpenAPICreatesAnAccount(t *testing.T) {
	cfg := reference.DefaultConfig()
	// Sandbox secrets unlike the examples' placeholders, so that finding
	// one in the document would mean the profile's value leaked into it.
	cfg.VerificationCode, cfg.OneTimePassword = "735190", "40617283"
	srv, err := reference.New(cfg)
	require.NoError(t, err)
	t.Cleanup(func() { srv.Close() })
	p := runner.ReferenceProfile(srv.URL, cfg)
	dir := t.TempDir()
	write := func(name string, p *profile.Profile) string {
		data, err := yaml.Marshal(p)
		require.NoError(t, err)
		path := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(path, data, 0o600))
		return path
	}
	good := write("ref.yaml", p)
	out := filepath.Join(dir, "openapi.json")
	code, stdout, errOut := run(t, "openapi", "--profile", good, "--create-account", "--out", out)
	require.Equal(t, ExitConformant, code, errOut)
	accno := regexp.MustCompile(`Account (\S+) \(loginID (\S+)\) opened at ` + regexp.QuoteMeta(srv.URL)).FindStringSubmatch(stdout)
	require.NotNil(t, accno, stdout)
	data, err := os.ReadFile(out)
	require.NoError(t, err)
	doc := string(data)
	assert.True(t, strings.Contains(doc, `"example": "`+accno[1]+`"`), "the examples name the account")
	assert.True(t, strings.Contains(doc, `"example": "`+accno[2]+`"`), "Find User Account looks for its loginID")
	assert.False(t, strings.Contains(doc, "100000000017"), "the story's account is replaced")
	for _, secret := range p.Secrets() {
		if secret != "" {
			assert.False(t, strings.Contains(doc, secret), "a secret of the profile is in the document")
		}
	}

	// The account exists at the target: the suite's client reads it back.
	client, release, err := runner.NewClient(p, nil)
	require.NoError(t, err)
	defer release()
	token, _, _, err := targetclient.IssueToken(context.Background(), client, targetclient.Credentials{UserID: p.Credentials.UserID, Password: p.Credentials.Password}, targetclient.LocalClock)
	require.NoError(t, err)
	date, tm := targetclient.LocalClock()
	resp, _, err := client.Do(context.Background(), targetclient.Request{Method: "GET", Path: "/account/" + accno[1], Token: token,
		Query: url.Values{"partnerReference": {"pr-check"}, "programCode": {p.ProgramCode}, "accnoType": {p.AccnoType}, "localDate": {date}, "localTime": {tm}}})
	require.NoError(t, err)
	assert.Equal(t, 200, resp.Status, string(resp.Body))
	assert.Equal(t, accno[2], gjson.GetBytes(resp.Body, "loginID").String())

	bad := *p
	bad.Credentials.Password = "not-the-password"
	code, _, errOut = run(t, "openapi", "--profile", write("bad.yaml", &bad), "--create-account")
	assert.Equal(t, ExitUsage, code)
	assert.Contains(t, errOut, "--create-account: Issue Token answered HTTP 4")
	assert.NotContains(t, errOut, "not-the-password")

	code, _, errOut = run(t, "openapi", "--create-account")
	assert.Equal(t, ExitUsage, code)
	assert.Contains(t, errOut, "--create-account needs --profile")
}
