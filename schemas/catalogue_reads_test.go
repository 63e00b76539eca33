package schemas

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// The rule covers a made-up read of an account, and none of a payment's,
// nor a write, nor a read with another path parameter besides {accno}.
func TestReadsAnAccountCoversReadsOfAnAccountOnly(t *testing.T) {
	assert.True(t, Operation{ID: "x", Method: "GET", Path: "/account/{accno}/x"}.ReadsAnAccount())
	assert.False(t, Operation{ID: "y", Method: "POST", Path: "/payment/{uniqueReference}/y"}.ReadsAnAccount())
	assert.False(t, Operation{ID: "z", Method: "POST", Path: "/account/{accno}/z"}.ReadsAnAccount(), "a write")
	assert.False(t, Operation{ID: "w", Method: "GET", Path: "/payment/{uniqueReference}/w"}.ReadsAnAccount(), "a read of a payment")
	assert.False(t, Operation{ID: "v", Method: "GET", Path: "/account/{accno}/consent/{consentReference}"}.ReadsAnAccount(), "a read of a consent")
	assert.False(t, Operation{ID: "u", Method: "GET", Path: "/account/find"}.ReadsAnAccount(), "no account in the path")
}

// A read of a payment is a GET on {uniqueReference} alone: Get Payment
// Status, and a made-up list of a payment's refunds; not a write of a
// payment, nor a read of an account.
func TestReadsAPaymentCoversReadsOfAPaymentOnly(t *testing.T) {
	status, _ := Lookup(GetPaymentStatus)
	assert.True(t, status.ReadsAPayment())
	assert.True(t, Operation{ID: "x", Method: "GET", Path: "/payment/{uniqueReference}/refunds"}.ReadsAPayment())
	assert.False(t, Operation{ID: "y", Method: "POST", Path: "/payment/{uniqueReference}/y"}.ReadsAPayment(), "a write")
	assert.False(t, Operation{ID: "z", Method: "GET", Path: "/account/{accno}/z"}.ReadsAPayment(), "a read of an account")
	assert.True(t, Operation{ID: "z", Method: "GET", Path: "/account/{accno}/z"}.DerivedRead())
	assert.True(t, status.DerivedRead())
}
