package profile

import (
	"reflect"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// profileKeys lists every dotted key of Profile, from its yaml tags.
func profileKeys(t reflect.Type, prefix string) []string {
	var out []string
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		name := strings.Split(f.Tag.Get("yaml"), ",")[0]
		if f.Type.Kind() == reflect.Struct && f.Type != reflect.TypeOf(Duration{}) && f.Type != reflect.TypeOf(Rate{}) {
			out = append(out, profileKeys(f.Type, prefix+name+".")...)
			continue
		}
		out = append(out, prefix+name)
	}
	return out
}

// The template names every key of a profile: a key added to Profile must
// be documented there.
func TestTheTemplateHasEveryKey(t *testing.T) {
	var keys []string
	for _, g := range templateGroups("") {
		for _, k := range g.keys {
			if g.name != "" {
				keys = append(keys, g.name+"."+k.key)
				continue
			}
			keys = append(keys, k.key)
		}
	}
	keys = append(keys, "behaviour")
	assert.ElementsMatch(t, profileKeys(reflect.TypeOf(Profile{}), ""), keys)

	text := Template("")
	for _, b := range Behaviours() {
		assert.Contains(t, text, "#   "+string(b.Key)+": "+b.Values[0]+"\n", "behaviour %s is commented out with its default", b.Key)
	}
	assert.Contains(t, text, "# behaviour:\n")
	for _, line := range strings.Split(text, "\n") {
		if line != "" {
			assert.LessOrEqual(t, len(line), 110, line)
		}
	}
}

// Once its variables are set, the template parses: as written (the
// required keys with the given baseUrl), and with every key uncommented
// (every default and example is a valid value). Its secrets are ${VAR}
// and nothing else: an unset variable is an error that names it.
func TestTheTemplateParses(t *testing.T) {
	vars := map[string]string{EnvPassword: "pw-1", EnvSecondPassword: "pw-2", EnvVerificationCode: "123456", EnvOneTimePassword: "12345678", EnvShortTokenPassword: "pw-short"}

	p, err := Parse([]byte(Template("https://wallet.test/v1")), env(map[string]string{EnvPassword: "pw-1"}))
	require.NoError(t, err)
	assert.Equal(t, "https://wallet.test/v1", p.BaseURL)
	assert.Equal(t, Sandbox, p.Environment)
	assert.Equal(t, "pw-1", p.Credentials.Password)
	assert.Equal(t, DefaultCallTimeout, p.CallTimeout.Duration)
	assert.Empty(t, p.Merchant.Accno, "optional keys are commented out")
	assert.Empty(t, p.Behaviour)

	all, err := Parse([]byte(template("", true)), env(vars))
	require.NoError(t, err)
	assert.Equal(t, []string{"pw-1", "pw-2", "123456", "12345678", "pw-short"}, all.Secrets(), "every secret comes from its variable")
	assert.Equal(t, "900000001", all.ProgramAccno)
	assert.Equal(t, "00", all.AccnoType)
	assert.Equal(t, []string{"B-4.19"}, all.Scope.Exclude)
	assert.Equal(t, []string{"EUR"}, all.Currencies)
	for _, b := range Behaviours() {
		assert.Equal(t, b.Values[0], all.Behaviour[string(b.Key)])
	}
	// Defaults written are the defaults Parse applies.
	bare, err := Parse([]byte("baseUrl: x\nenvironment: sandbox\ncredentials: {userId: u, password: p}\nprogramCode: P\ncurrency: EUR\ntitleCode: MR\n"), env(nil))
	require.NoError(t, err)
	assert.Equal(t, bare.AcceptLanguage, all.AcceptLanguage)
	assert.Equal(t, bare.CallTimeout, all.CallTimeout)
	assert.Equal(t, bare.AccnoType, all.AccnoType)
	assert.Equal(t, bare.TransactionTypeCode, all.TransactionTypeCode)

	_, err = Parse([]byte(Template("")), env(nil))
	require.Error(t, err)
	assert.Contains(t, err.Error(), "environment variable "+EnvPassword+" is not set")
}
