package runner

import (
	"bytes"
	"encoding/json"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wallet-conformance/wallet-conformance/features"
	"github.com/wallet-conformance/wallet-conformance/reports"
	"github.com/wallet-conformance/wallet-conformance/schemas"
)

const listFeature = `@A-4.2
Feature: Create Account (A-4.2)

  Background:
    Given the partner holds a token

  Scenario: An account is created
    When the partner creates an account
    Then the call succeeds
    And the response echoes partnerReference
    But no token is returned

  @A-7 @advisory
  Scenario Outline: Without <field> it is rejected
    Given a request
    And it lacks <field>
    When the partner creates an account
    Then the call is rejected naming <field>

    Examples:
      | field    |
      | currCode |
`

func TestCatalogueListsClausesScenariosAndOperations(t *testing.T) {
	fsys := fstest.MapFS{"x.feature": {Data: []byte(listFeature)}}
	entries, err := Catalogue(fsys)
	require.NoError(t, err)
	clauses := reports.SpecClauses()
	require.Len(t, entries, len(clauses))
	for i, c := range clauses {
		assert.Equal(t, c.Tag, entries[i].Tag)
		assert.Equal(t, c.Title, entries[i].Title)
	}
	byTag := map[string]ClauseEntry{}
	for _, e := range entries {
		byTag[e.Tag] = e
	}

	a42 := byTag["A-4.2"]
	assert.False(t, a42.Untested)
	assert.Equal(t, []OperationEntry{{ID: "create-account", Name: "Create Account", Method: "PUT", Path: "/account"}}, a42.Operations)
	require.Len(t, a42.Scenarios, 2)
	assert.Equal(t, ScenarioEntry{
		ID: "x.feature:7", Key: "x.feature/An account is created", Feature: "Create Account (A-4.2)", Name: "An account is created",
		Asserts: []string{"the call succeeds", "the response echoes partnerReference", "no token is returned"},
	}, a42.Scenarios[0])
	assert.Equal(t, ScenarioEntry{
		ID: "x.feature:22", Key: "x.feature/Without currCode it is rejected", Feature: "Create Account (A-4.2)", Name: "Without currCode it is rejected",
		Advisory: true, Asserts: []string{"the call is rejected naming currCode"},
	}, a42.Scenarios[1])

	// The outline row is also under A-7; A-7 defines no operation.
	assert.Equal(t, []ScenarioEntry{a42.Scenarios[1]}, byTag["A-7"].Scenarios)
	assert.Empty(t, byTag["A-7"].Operations)

	// No scenario: untested; A-9 says why.
	assert.True(t, byTag["B-4.1"].Untested)
	assert.Empty(t, byTag["B-4.1"].Reason)
	assert.True(t, byTag["A-9"].Untested)
	assert.Equal(t, EmptyClauseReason, byTag["A-9"].Reason)

	var md bytes.Buffer
	require.NoError(t, WriteCatalogueMarkdown(&md, entries))
	out := md.String()
	assert.Contains(t, out, "## A-4.2 Create Account\n\nOperations: `PUT /account` (Create Account)\n")
	assert.Contains(t, out, "- **An account is created** (`x.feature:7`, Create Account (A-4.2))\n  - the call succeeds\n  - the response echoes partnerReference\n")
	assert.Contains(t, out, "- **Without currCode it is rejected** *advisory* (`x.feature:22`")
	assert.Contains(t, out, "## A-9 Versioning\n\n**Untested**: left empty by the spec.\n")
	assert.Contains(t, out, "## B-4.1 Init Authorize\n\nOperations: `PUT /payment/initAuthorize` (Init Authorize)\n\n**Untested**: no scenario checks this clause.\n")
	assert.Less(t, bytes.Index(md.Bytes(), []byte("## A-1 ")), bytes.Index(md.Bytes(), []byte("## B-4.19 ")))
}

func TestCatalogueOfTheSuiteIsCompleteAndDeterministic(t *testing.T) {
	entries, err := Catalogue(features.FS())
	require.NoError(t, err)
	again, err := Catalogue(features.FS())
	require.NoError(t, err)
	assert.Equal(t, entries, again)

	ops := 0
	for _, e := range entries {
		ops += len(e.Operations)
		if e.Tag == "A-9" {
			assert.True(t, e.Untested)
			continue
		}
		assert.False(t, e.Untested, e.Tag)
		for _, s := range e.Scenarios {
			assert.NotEmpty(t, s.Asserts, "%s %q asserts nothing", s.ID, s.Name)
		}
	}
	assert.Equal(t, len(schemas.Catalogue()), ops, "every operation is listed under its clause")

	var a, b bytes.Buffer
	require.NoError(t, WriteCatalogueJSON(&a, entries))
	require.NoError(t, WriteCatalogueJSON(&b, again))
	assert.Equal(t, a.String(), b.String())
	var decoded struct {
		Clauses []ClauseEntry `json:"clauses"`
	}
	require.NoError(t, json.Unmarshal(a.Bytes(), &decoded))
	assert.Equal(t, entries, decoded.Clauses)
}
