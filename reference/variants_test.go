package reference

import (
	"encoding/json"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
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

// The variants of issues 22 and 32 (choices independent implementations
// made, and open points the audits found) each make their choice where the
// Standard server makes the other.
func TestIndependentTargetVariantsMakeTheirChoice(t *testing.T) {
	t.Parallel()
	both := func(t *testing.T, name string, made func(c *client) bool) {
		t.Helper()
		assert.True(t, made(startVariant(t, name)), "the variant %s does not make its choice", name)
		assert.False(t, made(start(t, DefaultConfig())), "the Standard server makes the choice of %s", name)
	}
	t.Run("issue-token-needs-partnerreference", func(t *testing.T) {
		t.Parallel()
		both(t, "issue-token-needs-partnerreference", func(c *client) bool {
			r := c.issue(c.cfg.Password)
			return r.code() == "0001" && strings.Contains(r.json.Get("responseDescription").String(), "partnerReference")
		})
	})
	t.Run("partner-reference-once", func(t *testing.T) {
		t.Parallel()
		both(t, "partner-reference-once", func(c *client) bool {
			accno := c.newAccount()
			q := map[string]any{"partnerReference": "pr-once-" + accno}
			first, again := c.get(accno, q), c.get(accno, q)
			return first.code() == "0000" && again.code() == "0057" && again.status == http.StatusConflict
		})
	})
	t.Run("stored-text-normalised", func(t *testing.T) {
		t.Parallel()
		both(t, "stored-text-normalised", func(c *client) bool {
			r := c.create(map[string]any{"lastName": "  von   Beispiel ", "emailAddress": "Max.Beispiel@Example.COM"})
			require.Equal(t, "0000", r.code(), r.raw)
			got := c.get(r.json.Get("accno").String(), nil).json
			return got.Get("lastName").String() == "VON BEISPIEL" && got.Get("emailAddress").String() == "max.beispiel@example.com"
		})
	})
	t.Run("entry-times-null", func(t *testing.T) {
		t.Parallel()
		both(t, "entry-times-null", func(c *client) bool {
			e := c.enquiry(c.fundedWallet("10.00"), nil).json.Get("entries.0")
			return e.Get("bookingTime").Type == gjson.Null && e.Get("valueTime").Type == gjson.Null && e.Get("bookingDate").String() != ""
		})
	})
	t.Run("enquiry-programaccno-null", func(t *testing.T) {
		t.Parallel()
		both(t, "enquiry-programaccno-null", func(c *client) bool {
			accno := c.newAccount()
			return c.enquiry(accno, nil).json.Get("programAccno").Type == gjson.Null && c.balance(accno, nil).json.Get("programAccno").Type == gjson.Null
		})
	})
	t.Run("token-appended-character-ignored", func(t *testing.T) {
		t.Parallel()
		both(t, "token-appended-character-ignored", func(c *client) bool {
			accno := c.newAccount()
			tok := c.auth()
			i := len(tok) / 2
			path := "/account/" + url.PathEscape(accno) + c.getQuery(nil)
			inserted := c.do(http.MethodGet, path, nil, tok[:i]+"A"+tok[i:])
			require.Equal(t, "0096", inserted.code(), "a character inserted in the middle stays refused")
			return c.do(http.MethodGet, path, nil, tok+"A").code() == "0000"
		})
	})
	t.Run("kc-partial-capture-keeps-rest-blocked", func(t *testing.T) {
		t.Parallel()
		both(t, "kc-partial-capture-keeps-rest-blocked", func(c *client) bool {
			accno := c.fundedWallet("100.00")
			r := c.kcCapture(c.kcAuthorized(accno, "30.00"), map[string]any{"modifiedAmount": json.Number("20.00")})
			require.Equal(t, "0000", r.code(), r.raw)
			b := c.balancesOf(accno)
			return b.bk == "80.00" && b.blk == "10.00"
		})
	})
	t.Run("culture-posix-locale-accepted", func(t *testing.T) {
		t.Parallel()
		both(t, "culture-posix-locale-accepted", func(c *client) bool {
			r := c.create(map[string]any{"culture": "de_DE"})
			return r.code() == "0000" && c.get(r.json.Get("accno").String(), nil).json.Get("culture").String() == "de-DE"
		})
	})
	t.Run("handled-errors-http-5xx", func(t *testing.T) {
		t.Parallel()
		both(t, "handled-errors-http-5xx", func(c *client) bool {
			accno := c.newAccount()
			c.close(accno, nil)
			closed := c.update(accno, nil)
			unauthorized := c.do(http.MethodGet, "/account/"+url.PathEscape(accno)+c.getQuery(nil), nil, "")
			return closed.code() != "0099" && closed.status == http.StatusInternalServerError &&
				unauthorized.code() == "0096" && unauthorized.status == http.StatusServiceUnavailable
		})
	})
	t.Run("kc-debit-accnotype-both-numbers", func(t *testing.T) {
		t.Parallel()
		both(t, "kc-debit-accnotype-both-numbers", func(c *client) bool {
			r := c.kcDebit(c.fundedWallet("50.00"), "10.00", map[string]any{"merchantAccno": c.cfg.MerchantExternalReference, "merchantProgramCode": c.cfg.MerchantProgramCode})
			return r.code() != "0000" && r.code() != "0001"
		})
	})
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
