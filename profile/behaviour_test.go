package profile

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const bare = "baseUrl: http://x\nenvironment: sandbox\ncredentials: {userId: u, password: p}\nprogramCode: P\ncurrency: EUR\ntitleCode: MR\n"

func TestEveryBehaviourIsWellFormed(t *testing.T) {
	seen := map[BehaviourKey]bool{}
	for _, b := range Behaviours() {
		assert.False(t, seen[b.Key], "behaviour.%s is defined twice", b.Key)
		seen[b.Key] = true
		assert.NotEmpty(t, b.Values, "behaviour.%s has no values", b.Key)
		assert.Regexp(t, `^[AB]-[0-9]+(\.[0-9]+)?$`, b.Clause, "behaviour.%s", b.Key)
		assert.NotEmpty(t, b.Doc, "behaviour.%s", b.Key)
	}
}

func TestDeclaredBehavioursAreCheckedAndDefaulted(t *testing.T) {
	saved := conventionBehaviours
	t.Cleanup(func() { conventionBehaviours = saved })
	conventionBehaviours = append(append([]Behaviour(nil), saved...), Behaviour{Key: "testKey", Clause: "A-7", Values: []string{"first", "second"}, Doc: "a test key"})
	const testKey BehaviourKey = "testKey"

	p, err := Parse([]byte(bare), env(nil))
	require.NoError(t, err)
	assert.Equal(t, "first", p.Behaves(testKey), "an undeclared behaviour takes its default")
	assert.Equal(t, "first", p.Value("behaviour.testKey"))

	p, err = Parse([]byte(bare+"behaviour:\n  testKey: second\n"), env(nil))
	require.NoError(t, err)
	assert.Equal(t, "second", p.Behaves(testKey))

	_, err = Parse([]byte(bare+"behaviour:\n  testKey: third\n"), env(nil))
	assert.ErrorContains(t, err, `behaviour.testKey is "third", not one of first, second`)
	_, err = Parse([]byte(bare+"behaviour:\n  nonsense: x\n"), env(nil))
	assert.ErrorContains(t, err, "behaviour.nonsense is not a behaviour the suite knows")
}

// TestEveryBehaviourKeyIsDefined ties the key constants to the tables, one
// to one: Behaves can be asked only for a key a table defines.
func TestEveryBehaviourKeyIsDefined(t *testing.T) {
	var defined []BehaviourKey
	for _, b := range Behaviours() {
		defined = append(defined, b.Key)
	}
	assert.ElementsMatch(t, behaviourKeys, defined)
	p, err := Parse([]byte(bare), env(nil))
	require.NoError(t, err)
	for _, k := range behaviourKeys {
		b, _ := behaviourKey(k)
		assert.Equal(t, b.Values[0], p.Behaves(k), "an undeclared %s takes its default", k)
	}
}
