package main

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wallet-conformance/wallet-conformance/reports"
)

func TestListPrintsTheCatalogueClauseByClause(t *testing.T) {
	code, out, errOut := run(t, "list")
	require.Equal(t, ExitConformant, code, errOut)
	assert.Contains(t, out, "# Conformance catalogue")
	assert.Contains(t, out, "## A-4.2 Create Account\n\nOperations: `PUT /account` (Create Account)\n")
	assert.Contains(t, out, "- **An account is created** (`A-4.02-create-account.feature:")
	assert.Contains(t, out, "  - the call succeeds\n")
	assert.Contains(t, out, "## A-9 Versioning\n\n**Untested**: left empty by the spec.\n")

	code, again, _ := run(t, "list", "--format", "markdown")
	assert.Equal(t, ExitConformant, code)
	assert.Equal(t, out, again, "deterministic")
}

func TestListAsJSON(t *testing.T) {
	code, out, errOut := run(t, "list", "--format", "json")
	require.Equal(t, ExitConformant, code, errOut)
	var doc struct {
		Clauses []struct {
			Tag        string `json:"tag"`
			Untested   bool   `json:"untested"`
			Reason     string `json:"reason"`
			Operations []struct {
				Method, Path string
			} `json:"operations"`
			Scenarios []struct {
				ID       string   `json:"id"`
				Advisory bool     `json:"advisory"`
				Asserts  []string `json:"asserts"`
			} `json:"scenarios"`
		} `json:"clauses"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &doc))
	require.Len(t, doc.Clauses, len(reports.SpecClauses()))
	advisory := 0
	for i, c := range doc.Clauses {
		assert.Equal(t, reports.SpecClauses()[i].Tag, c.Tag)
		for _, s := range c.Scenarios {
			if s.Advisory {
				advisory++
			}
		}
		if c.Tag == "B-4.11" {
			require.Len(t, c.Operations, 1)
			assert.Equal(t, "GET", c.Operations[0].Method)
			assert.Equal(t, "/account/{accno}/checkAvailablePaymentAmount", c.Operations[0].Path)
		}
		if c.Tag == "A-9" {
			assert.True(t, c.Untested)
			assert.Equal(t, "left empty by the spec", c.Reason)
		}
	}
	assert.Positive(t, advisory, "advisory scenarios are marked")
}

func TestListRejectsAnUnknownFormat(t *testing.T) {
	code, _, errOut := run(t, "list", "--format", "xml")
	assert.Equal(t, ExitUsage, code)
	assert.Contains(t, errOut, "markdown or json")
}
