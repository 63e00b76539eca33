package reference

import (
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tidwall/gjson"
)

func TestVariantTable(t *testing.T) {
	t.Parallel()
	seen := map[string]bool{}
	var all []string
	for _, v := range Variants() {
		assert.Regexp(t, `^[a-z0-9]+(-[a-z0-9]+)*$`, v.Name)
		assert.Regexp(t, `^[AB]-\d+(\.\d+)?$`, v.Clause, v.Name)
		assert.NotEmpty(t, v.Description, v.Name)
		assert.False(t, seen[v.Name], "duplicate variant %s", v.Name)
		assert.False(t, knownMutant(v.Name) && v.Name != "", "variant %s has a mutant's name", v.Name)
		seen[v.Name] = true
		all = append(all, v.Name)
		cfg := DefaultConfig()
		cfg.Variants = []string{v.Name}
		_, err := NewHandler(cfg)
		assert.NoError(t, err, v.Name)
	}
	cfg := DefaultConfig()
	cfg.Variants = all
	_, err := NewHandler(cfg)
	assert.NoError(t, err, "every variant combines with every other")

	cfg.Variants = []string{"no-such-variant"}
	_, err = NewHandler(cfg)
	assert.ErrorContains(t, err, `unknown variant "no-such-variant"`)
}

// TestVariantsReferenced checks that every variant of the tables is used by
// the code through h.variant("name"), and that the code names no other.
func TestVariantsReferenced(t *testing.T) {
	t.Parallel()
	used := namesCalled(t, "variant")
	for _, v := range Variants() {
		assert.True(t, used[v.Name], "variant %s is never checked in the code", v.Name)
		delete(used, v.Name)
	}
	assert.Empty(t, used, "code checks variants missing from the tables")
}

// namesCalled returns every name the package's code passes to
// h.<method>("name"), such as h.mutant("…") and h.variant("…").
func namesCalled(t *testing.T, method string) map[string]bool {
	t.Helper()
	files, err := filepath.Glob("*.go")
	require.NoError(t, err)
	used := map[string]bool{}
	call := regexp.MustCompile(`\.` + method + `\("([^"]+)"\)`)
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		src, err := os.ReadFile(f)
		require.NoError(t, err)
		for _, m := range call.FindAllStringSubmatch(string(src), -1) {
			used[m[1]] = true
		}
	}
	return used
}

// startVariant runs a reference server with the one variant.
func startVariant(t *testing.T, name string) *client {
	t.Helper()
	cfg := DefaultConfig()
	cfg.Variants = []string{name}
	return start(t, cfg)
}

// variantProbes observe each variant's choice: a probe reports true when
// the server makes it. Each area's table joins it in its file's init, as
// the mutants' probes join mutantProbes.
var variantProbes = map[string]func(c *client) bool{}

// variantArea is a table of variants (the area of each variant it
// declares) with the table of probes that observes their choices.
type variantArea struct {
	variants []Variant
	probes   map[string]func(c *client) bool
	table    string // the name of the table of probes
	file     string // the file that holds it
}

// variantAreas are the areas of the variants, one for each table that
// Variants joins.
var variantAreas = []variantArea{
	{conventionVariants, conventionVariantProbes, "conventionVariantProbes", "mutants_conventions_test.go"},
	{paymentVariants, paymentVariantProbes, "paymentVariantProbes", "mutants_payments_test.go"},
	{accountInfoVariants, accountInfoVariantProbes, "accountInfoVariantProbes", "mutants_accountinfo_test.go"},
	{sweepVariants, sweepVariantProbes, "sweepVariantProbes", "mutants_sweep_test.go"},
	{validVariants, validVariantProbes, "validVariantProbes", "mutants_valid_test.go"},
}

// TestEveryVariantIsObservable runs each variant's probe against the
// Standard server, which must not make the variant's choice, and against a
// server with only that variant, which must. A variant without a probe in
// its area's table fails, and so does a probe that names no variant.
func TestEveryVariantIsObservable(t *testing.T) {
	t.Parallel()
	total := 0
	for _, area := range variantAreas {
		total += len(area.probes)
	}
	assert.Len(t, variantProbes, total, "a variant has probes in two tables, or a table does not join variantProbes in its file's init")
	declared := map[string]bool{}
	for _, v := range Variants() {
		declared[v.Name] = true
		i := slices.IndexFunc(variantAreas, func(a variantArea) bool {
			return slices.ContainsFunc(a.variants, func(w Variant) bool { return w.Name == v.Name })
		})
		if !assert.GreaterOrEqual(t, i, 0, "variant %s is in no area: add its table of variants, with a table of probes, to variantAreas in reference/variants_test.go", v.Name) {
			continue
		}
		area := variantAreas[i]
		probe, ok := area.probes[v.Name]
		if !assert.True(t, ok, "no probe for variant %s: add a probe for variant %s to %s in reference/%s", v.Name, v.Name, area.table, area.file) {
			continue
		}
		t.Run(v.Name, func(t *testing.T) {
			t.Parallel()
			assert.False(t, probe(start(t, DefaultConfig())), "the Standard server makes the choice")
			assert.True(t, probe(startVariant(t, v.Name)), "variant not observable")
		})
	}
	for name := range variantProbes {
		assert.True(t, declared[name], "the probe %s names no variant", name)
	}
}

// A token with a character inserted in the middle stays refused, by the
// Standard server and under token-appended-character-ignored, which
// accepts one only with the character appended.
func TestTokenWithACharacterInsertedStaysRefused(t *testing.T) {
	t.Parallel()
	for _, c := range []*client{start(t, DefaultConfig()), startVariant(t, "token-appended-character-ignored")} {
		tok := c.auth()
		i := len(tok) / 2
		r := c.do(http.MethodGet, "/account/"+url.PathEscape(c.newAccount())+c.getQuery(nil), nil, tok[:i]+"A"+tok[i:])
		assert.Equal(t, "0096", r.code(), "a character inserted in the middle stays refused: %v", c.cfg.Variants)
	}
}

// TestOmitsValuelessFields shows what variant omits-valueless-fields leaves
// out: a guest Capture's accno and custom1..3, a stored bank account's
// expiry, an empty billingAddress field; and what it keeps: the envelope, and
// the account of Get Account Information with its nulls.
func TestOmitsValuelessFields(t *testing.T) {
	t.Parallel()
	cfg := DefaultConfig()
	cfg.Variants = []string{"omits-valueless-fields"}
	c := start(t, cfg)
	noNull := func(r response) {
		t.Helper()
		require.Equal(t, "0000", r.code(), r.raw)
		assert.NotContains(t, r.raw, "null", r.raw)
		assert.NotContains(t, r.raw, `""`, r.raw)
		for _, f := range []string{"localDate", "localTime", "sysDate", "sysTime", "responseCode", "responseDescription", "partnerReference"} {
			assert.True(t, r.json.Get(f).Exists(), "%s kept: %s", f, r.raw)
		}
	}
	ref := c.authorizedPayment()
	capture := c.capture(ref, nil)
	noNull(capture)
	for _, f := range []string{"accno", "custom1", "custom2", "custom3"} {
		assert.False(t, capture.json.Get(f).Exists(), "%s left out: %s", f, capture.raw)
	}

	accno := c.newAccount()
	c.addOption(accno, "SEPADD")
	list := c.storedOptions(accno, nil)
	noNull(list)
	option := list.json.Get("paymentOptions.0")
	assert.Equal(t, "SEPADD", option.Get("code").String(), list.raw)
	assert.False(t, option.Get("expiryMonth").Exists(), list.raw)
	assert.False(t, option.Get("billingAddress.addr2").Exists(), list.raw)

	account := c.get(accno, nil)
	require.Equal(t, "0000", account.code(), account.raw)
	assert.Equal(t, gjson.Null, account.json.Get("addr2").Type, "Get Account keeps its nulls: %s", account.raw)
}

// The variant echoes-unlisted-request-fields answers the request's fields
// its response schema does not list, as sent, and never a secret.
func TestEchoesUnlistedRequestFields(t *testing.T) {
	t.Parallel()
	cfg := DefaultConfig()
	cfg.Variants = []string{"echoes-unlisted-request-fields"}
	c := start(t, cfg)
	created := c.create(nil)
	require.Equal(t, "0000", created.code(), created.raw)
	assert.Equal(t, c.createBody(nil)["lastName"], created.json.Get("lastName").String(), created.raw)
	token := c.issue(cfg.Password)
	require.Equal(t, "0000", token.code(), token.raw)
	assert.False(t, token.json.Get("password").Exists(), token.raw)

	std := start(t, DefaultConfig()).create(nil)
	assert.False(t, std.json.Get("lastName").Exists(), "the Standard server lists only its Response line: %s", std.raw)
}
