package reference

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The choices of this area's variants are observed by
// accountInfoVariantProbes (TestEveryVariantIsObservable); what follows
// checks what is not the choice itself.

// acceptsPlainText, which check-amount-negotiates reads the Accept header
// with: no header admits text/plain, a q of zero refuses it, a wildcard
// admits it.
func TestAcceptsPlainText(t *testing.T) {
	t.Parallel()
	assert.True(t, acceptsPlainText(nil))
	assert.False(t, acceptsPlainText([]string{"text/plain;q=0, application/json"}))
	assert.True(t, acceptsPlainText([]string{"application/json, */*;q=0.1"}))
}

// A repeated KC-Capture under kc-repeat-idempotent moves no money.
func TestKCRepeatMovesNoMoney(t *testing.T) {
	t.Parallel()
	c := startVariant(t, "kc-repeat-idempotent")
	accno := c.fundedWallet("100.00")
	ref := c.kcAuthorized(accno, "30.00")
	require.Equal(t, "0000", c.kcCapture(ref, nil).code())
	require.Equal(t, "0000", c.kcCapture(ref, nil).code())
	assert.Equal(t, "70.00", c.balancesOf(accno).bk, "the repeat moves no money")
}
