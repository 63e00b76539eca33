package schemas

import (
	"encoding/json"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Every conditional rule of every operation, made to hold on the
// operation's example request, is completed by Complete into a request its
// schema accepts: what a step that sets a field ("with deliveryMethod set
// to "SHIP"") sends beside it. Without Complete the request lacks a field
// the rule requires, so each rule shows that Complete did the work.
func TestCompleteSatisfiesTheRuleItMakesHold(t *testing.T) {
	t.Parallel()
	set, err := Load()
	require.NoError(t, err)
	seen := 0
	for _, op := range Catalogue() {
		for _, r := range set.RequestRules(op.ID) {
			field, state := r.condition()
			if state == "" || state == "given" || state == "absent" {
				continue // the condition is a field's presence: no value to set
			}
			_, fields, ok := ExampleRequest(op.ID)
			require.True(t, ok)
			if state == "true" {
				fields[field] = true
			} else {
				fields[field] = state
			}
			for _, name := range r.Required {
				if !slices.Contains(requiredOf(t, set, op.ID), name) {
					delete(fields, name)
				}
			}
			require.True(t, r.Holds(fields), "%s %s", op.ID, r.When())
			added, err := set.Complete(op.ID, fields)
			require.NoError(t, err, "%s %s", op.ID, r.When())
			for _, name := range r.Required {
				assert.Contains(t, fields, name, "%s %s: Complete left out %s", op.ID, r.When(), name)
			}
			if !slices.ContainsFunc(r.Required, func(n string) bool { return slices.Contains(added, n) }) && len(r.MustBeTrue) == 0 {
				continue // every field the rule requires is required anyway
			}
			seen++
			raw, err := json.Marshal(fields)
			require.NoError(t, err)
			assert.NoError(t, set.Validate(op.RequestSchema(), raw), "%s %s: the completed request", op.ID, r.When())
		}
	}
	assert.Positive(t, seen, "no rule of the contract asks Complete for a field")
}

func requiredOf(t *testing.T, set *Set, opID string) []string {
	var out []string
	for _, f := range set.RequestFields(opID) {
		if f.Required {
			out = append(out, f.Name)
		}
	}
	return out
}
