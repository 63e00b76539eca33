package reference

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Every payment record keeps what the request that made it said of it
// (its partnerReference, its localDate) and when and in what order it was
// made; madeWith lists an account's payments in that order, those the
// partner reaches only: what a listing of an account's payments (a new
// clause's handler) reads, with no change to where the records are made.
func TestThePaymentRecordsKeepTheRequestThatMadeThemAndTheirOrder(t *testing.T) {
	t.Parallel()
	s := newFuzzServer(t, Standard)
	c := s.client(t)
	accno := c.fundedWallet("100.00")
	other := c.fundedWallet("50.00")
	kc := c.kcDebited(accno, "10.00", map[string]any{"localDate": "2026-03-15"})
	auth := c.kcAuthorized(accno, "5.00")

	ps := s.h.payments.madeWith(scope{partner: s.cfg.UserID}, accno)
	var refs []string
	for _, p := range ps {
		refs = append(refs, p.reference)
	}
	require.Len(t, ps, 3, "the load, the debit and the authorization, not the other wallet's load")
	assert.Equal(t, []string{kc, auth}, refs[1:], "in the order made")
	assert.Less(t, ps[0].seq, ps[1].seq)
	assert.Less(t, ps[1].seq, ps[2].seq)
	assert.Equal(t, "pr-kcdebit-1", ps[1].partnerRef)
	assert.Equal(t, "2026-03-15", ps[1].localDate, "the request's localDate, not the server's day")
	assert.Equal(t, testLocalDate, ps[2].localDate)
	assert.Equal(t, testLocalDate, ps[0].localDate, "a load keeps its Init Authorize's localDate")
	for _, p := range ps {
		assert.False(t, p.made.IsZero(), "%s keeps the server's time it was made", p.reference)
	}
	assert.Len(t, s.h.payments.madeWith(scope{partner: s.cfg.UserID}, other), 1)
	assert.Empty(t, s.h.payments.madeWith(scope{partner: "someone-else"}, accno), "another partner reaches none of them")
}
