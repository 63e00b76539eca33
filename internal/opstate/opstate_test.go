package opstate

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/wallet-conformance/wallet-conformance/schemas"
)

// The rule covers a made-up read of an account, and none of a payment's,
// nor a write, nor a read with another path parameter besides {accno}.
func TestTheRuleCoversReadsOfAnAccountOnly(t *testing.T) {
	assert.True(t, FromContract(schemas.Operation{ID: "x", Method: "GET", Path: "/account/{accno}/x"}))
	assert.False(t, FromContract(schemas.Operation{ID: "y", Method: "POST", Path: "/payment/{uniqueReference}/y"}))
	assert.False(t, FromContract(schemas.Operation{ID: "z", Method: "POST", Path: "/account/{accno}/z"}), "a write")
	assert.False(t, FromContract(schemas.Operation{ID: "w", Method: "GET", Path: "/payment/{uniqueReference}/w"}), "a read of a payment")
	assert.False(t, FromContract(schemas.Operation{ID: "v", Method: "GET", Path: "/account/{accno}/consent/{consentReference}"}), "a read of a consent")
	assert.False(t, FromContract(schemas.Operation{ID: "u", Method: "GET", Path: "/account/find"}), "no account in the path")
	assert.Equal(t, []string{"accno", "consentReference"}, PathParams("/account/{accno}/consent/{consentReference}/revokeConsent"))
	assert.Empty(t, PathParams("/account"))
}

// Of the catalogue, the rule covers the reads of an account, and these only.
func TestTheRuleCoversTheCataloguesReadsOfAnAccount(t *testing.T) {
	var covered []string
	for _, op := range schemas.Catalogue() {
		if FromContract(op) {
			covered = append(covered, op.ID)
		}
	}
	assert.ElementsMatch(t, []string{schemas.GetAccount, schemas.GetPaymentOptions, schemas.GetStoredPaymentOptions,
		schemas.CheckAvailablePaymentAmount, schemas.AccountEnquiry, schemas.BalanceEnquiry}, covered)
}
