package steps

import (
	"encoding/json"
	"io/fs"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wallet-conformance/wallet-conformance/features"
	"github.com/wallet-conformance/wallet-conformance/profile"
	"github.com/wallet-conformance/wallet-conformance/schemas"
)

func testWorld(t *testing.T) (*World, *schemas.Set) {
	t.Helper()
	set, err := schemas.Load()
	require.NoError(t, err)
	p := &profile.Profile{ProgramCode: "PRG", ProgramAccno: "900001", AccnoType: "00", Currency: "EUR", TitleCode: "MR", PaymentOptionCode: "VISA", SecondPaymentOptionCode: "MC", TransactionTypeCode: "AUTH"}
	p.Credentials.UserID, p.Credentials.Password = "partner", "pw"
	p.Sandbox.VerificationCode = "123456"
	p.Merchant.Accno, p.Merchant.ProgramCode = "MRC1", "MERCH"
	env := &Env{Profile: p, Schemas: set, RunID: "rtest", Clock: func() (string, string) { return "2026-11-21", "101500" }}
	w := newWorld(env)
	w.account = accountState{accno: "123456789012", fields: map[string]any{"firstName": "Erika", "dob": "1984-08-12", "emailAddress": "e@example.com", "loginID": "erika"}}
	w.option = optionState{authorizationToken: "spt_0123", references: []string{"opt-1"}, current: "opt-1"}
	w.payment = paymentState{uniqueReference: "pay-1", authorizationToken: "pat_0123"}
	w.consentReference = "cns-1"
	return w, set
}

// variantsOf returns the request variants the features apply to each
// operation, read from their steps ("the partner <phrase> <variant>", an
// outline's rows filled in), so that a variant a feature starts to use is
// checked with no list to keep.
func variantsOf(t *testing.T) map[string][]string {
	t.Helper()
	out := map[string][]string{}
	for _, p := range featurePickles(t) {
		for _, step := range p.steps {
			for _, ph := range phrases {
				for _, v := range variants {
					if strings.Contains(step.Text, "the partner "+ph.phrase+" "+v.phrase) && !slices.Contains(out[ph.op], v.phrase) {
						out[ph.op] = append(out[ph.op], v.phrase)
					}
				}
			}
		}
	}
	return out
}

// The suite's own valid requests, in every variant, match the request
// schemas: a suite that sent malformed requests would blame the target.
func TestValidRequestsMatchTheirSchemas(t *testing.T) {
	w, set := testWorld(t)
	used := variantsOf(t)
	require.NotEmpty(t, used["kc-authorize"], "the features use KC-Authorize's variants")
	listed := map[string]map[string]bool{}
	for _, op := range schemas.Catalogue() {
		listed[op.ID] = map[string]bool{}
		for _, name := range set.RequestOrder(op.ID) {
			listed[op.ID][name] = true
		}
	}
	for _, ph := range phrases {
		op, _, err := operationFor(ph.phrase)
		require.NoError(t, err)
		forms := append([]string{""}, used[ph.op]...)
		for _, form := range forms {
			r, err := w.prepare(ph.phrase, form)
			require.NoError(t, err, "%s %s", ph.phrase, form)
			doc, err := json.Marshal(r.fields)
			require.NoError(t, err)
			if op.BodyInQuery() {
				flat := map[string]string{}
				for k, v := range queryOf(r.fields) {
					flat[k] = v[0]
				}
				doc, _ = json.Marshal(flat)
			}
			assert.NoError(t, set.Validate(op.RequestSchema(), doc), "%s %s", ph.phrase, form)
			// The request schema is the one list of the operation's
			// fields: a field the steps send that it does not list (a
			// misspelling, a field of another operation) is a disagreement
			// the schema alone, open to unknown fields, would not catch.
			for name := range r.fields {
				assert.True(t, listed[op.ID][name], "the steps send %q in %s %s, a field its request schema (schemas/%s) does not list", name, ph.phrase, form, op.RequestSchema())
			}
		}
	}
}

// The request schemas encode the rules the features check: a request
// missing a mandatory field, or breaking a conditional rule, does not match.
func TestRequestSchemasRejectBrokenRequests(t *testing.T) {
	w, set := testWorld(t)
	r, err := w.prepare("creates an account", "with a different correspondence address")
	require.NoError(t, err)
	delete(r.fields, "correspondenceCity")
	doc, _ := json.Marshal(r.fields)
	assert.Error(t, set.Validate("create-account.request.json", doc))

	r, err = w.prepare("closes the account", "")
	require.NoError(t, err)
	delete(r.fields, "closingReason")
	doc, _ = json.Marshal(r.fields)
	err = set.Validate("close-account.request.json", doc)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "closingReason")
}

// TestEveryOperationHasWhatItNeeds holds each operation of the contract
// (schemas.Catalogue) to the other places an operation lives: its request
// and response schemas, a phrase of its own, a step builder and its
// feature file (Operation.FeatureFile), which uses its phrase.
func TestEveryOperationHasWhatItNeeds(t *testing.T) {
	_, set := testWorld(t)
	have := map[string]bool{}
	for _, n := range set.Names() {
		have[n] = true
	}
	fsys := features.FS()
	seen := map[string]string{}
	for _, op := range schemas.Catalogue() {
		assert.True(t, have[op.RequestSchema()], op.RequestSchema())
		if !op.PlainText {
			assert.True(t, have[op.ResponseSchema()], op.ResponseSchema())
		}
		if assert.NotEmpty(t, op.Phrase, op.ID) {
			assert.Empty(t, seen[op.Phrase], "%s and %s share the phrase %q", seen[op.Phrase], op.ID, op.Phrase)
			seen[op.Phrase] = op.ID
		}
		_, ok := builderFor(op.ID)
		assert.True(t, ok, "no step builder for %s", op.ID)
		text, err := fs.ReadFile(fsys, op.FeatureFile())
		if assert.NoError(t, err, "the feature file of %s", op.Name) {
			assert.Contains(t, string(text), op.Phrase, "%s never uses the phrase of %s", op.FeatureFile(), op.Name)
		}
	}
}

// A-7#4: the description names the missing field as a word of its own, not
// within a longer name.
func TestNamesWord(t *testing.T) {
	for _, c := range []struct {
		text, field string
		want        bool
	}{
		{"mandatory field missing: city", "city", true},
		{"Missing mandatory field(s): postCode, city", "city", true},
		{"missing: body.city", "city", true},
		{"'CITY' is required", "city", true},
		{"mandatory field missing: businessCity", "city", false},
		{"mandatory field missing: cityName", "city", false},
		{"mandatory field missing: city_2, businessCity", "city", false},
		{"mandatory field missing: businessCity, city", "city", true},
		{"", "city", false},
	} {
		assert.Equal(t, c.want, namesWord(c.text, c.field), "%q names %s", c.text, c.field)
	}
}

// A step that sets a field to the value a conditional rule reads ("with
// deliveryMethod set to "SHIP"", "with useDifferentBillingAddress set to
// true") sends what that rule then requires (completeRules), so that the
// request is valid but for what the step leaves out. Every rule on a value
// of every operation, generated from the request schemas.
func TestASetValueCarriesWhatItsRuleRequires(t *testing.T) {
	w, set := testWorld(t)
	seen := 0
	for _, op := range schemas.Catalogue() {
		if op.BodyInQuery() {
			continue
		}
		for _, rule := range set.RequestRules(op.ID) {
			if !rule.OnValue() {
				continue
			}
			r, err := w.prepare(op.Phrase, "")
			require.NoError(t, err, op.ID)
			var v any = rule.Value
			if rule.IfTrue != "" {
				v = true
			}
			for _, name := range rule.Required {
				delete(r.fields, name)
			}
			r.fields[rule.Condition()] = v
			require.NoError(t, w.completeRules(r, rule.Condition()), op.ID)
			doc, err := json.Marshal(r.fields)
			require.NoError(t, err)
			assert.NoError(t, set.Validate(op.RequestSchema(), doc), "%s %s", op.ID, rule.When())
			assert.Equal(t, v, r.fields[rule.Condition()], "%s: the value set is kept", op.ID)
			seen++
		}
	}
	assert.Positive(t, seen)
}
