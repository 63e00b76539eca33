package reference

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"sync"
	"testing"
	"time"

	"github.com/shopspring/decimal"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// fakeClock is a clock the tests move by hand; safe for concurrent use.
type fakeClock struct {
	mu  sync.Mutex // guards now
	now time.Time
}

func newFakeClock(start time.Time) *fakeClock { return &fakeClock{now: start} }

// Now returns the clock's time.
func (f *fakeClock) Now() time.Time {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.now
}

// advance moves the clock forward by d.
func (f *fakeClock) advance(d time.Duration) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.now = f.now.Add(d)
}

// startClocked runs a reference server with cfg whose clock is clock.
func startClocked(t testing.TB, cfg Config, clock *fakeClock) *client {
	t.Helper()
	h, err := newHandler(cfg)
	require.NoError(t, err)
	h.now = clock.Now
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return (&client{t: t, base: srv.URL, cfg: cfg}).ownClient(t)
}

func accountPath(accno string) string { return "/account/" + url.PathEscape(accno) }

// balance sends Balance Enquiry of accno.
func (c *client) balance(accno string, overrides map[string]any) response {
	c.t.Helper()
	return c.do(http.MethodGet, accountPath(accno)+"/balance"+c.opQuery("pr-balance-1", nil, overrides), nil, c.auth())
}

// balances are the amounts Balance Enquiry reports, as written.
type balances struct{ ps, avl, bk, blk string }

// balancesOf returns the balances of accno; it checks nothing but the
// success of the call, so probes may use it.
func (c *client) balancesOf(accno string) balances {
	c.t.Helper()
	r := c.balance(accno, nil)
	require.Equal(c.t, "0000", r.code(), r.raw)
	j := r.json
	return balances{j.Get("psBal").Raw, j.Get("avlBal").Raw, j.Get("bkBal").Raw, j.Get("blkAmt").Raw}
}

// assertBalances checks bkBal and blkAmt of accno, and that avlBal is
// bkBal - blkAmt.
func assertBalances(t *testing.T, c *client, accno, bk, blk string) {
	t.Helper()
	b := c.balancesOf(accno)
	assert.Equal(t, bk, b.bk, "bkBal of %s", accno)
	assert.Equal(t, blk, b.blk, "blkAmt of %s", accno)
	want := decimal.RequireFromString(bk).Sub(decimal.RequireFromString(blk)).StringFixed(2)
	assert.Equal(t, want, b.avl, "avlBal of %s is not bkBal - blkAmt", accno)
}

// loadWallet loads accno with amount through a guest Init Authorize with
// accno, Complete Authorize and a full Capture, and returns the payment.
func (c *client) loadWallet(accno, amount string) string {
	c.t.Helper()
	ref, token := c.receivedPayment(map[string]any{"accno": accno, "accnoType": "00", "presentationAmount": json.Number(amount)})
	r := c.completeAuthorize(ref, token, nil)
	require.Equal(c.t, "0000", r.code(), r.raw)
	r = c.capture(ref, nil)
	require.Equal(c.t, "0000", r.code(), r.raw)
	return ref
}

// fundedWallet creates an account loaded with amount and returns it.
func (c *client) fundedWallet(amount string) string {
	c.t.Helper()
	accno := c.newAccount()
	c.loadWallet(accno, amount)
	return accno
}

// entryAmounts lists the amount of each entry of an Account Enquiry.
func entryAmounts(r response) []string {
	var out []string
	for _, e := range r.json.Get("entries").Array() {
		out = append(out, e.Get("amount").Raw)
	}
	return out
}

func TestLoadWallet(t *testing.T) {
	t.Parallel()
	personalities(t, func(t *testing.T, c *client) {
		accno := c.newAccount()
		b := c.balance(accno, nil)
		require.Equal(t, http.StatusOK, b.status, b.raw)
		assertEnvelope(t, b, "0000")
		j := b.json
		assert.Equal(t, "pr-balance-1", j.Get("partnerReference").String())
		assert.Equal(t, c.cfg.ProgramCode, j.Get("programCode").String())
		assert.Equal(t, c.cfg.ProgramAccno, j.Get("programAccno").String())
		assert.Equal(t, accno, j.Get("accno").String())
		assert.Equal(t, "EUR", j.Get("currCode").String())
		for _, name := range []string{"psBal", "avlBal", "bkBal", "blkAmt", "pooledAmt"} {
			assert.Equal(t, "0.00", j.Get(name).Raw, name)
		}

		// Nothing is loaded before the capture; a partial capture loads
		// exactly the captured amount.
		ref, token := c.receivedPayment(map[string]any{"accno": accno, "accnoType": "00"})
		assertBalances(t, c, accno, "0.00", "0.00")
		require.Equal(t, "0000", c.completeAuthorize(ref, token, nil).code())
		assertBalances(t, c, accno, "0.00", "0.00")
		require.Equal(t, "0000", c.capture(ref, map[string]any{"modifiedAmount": json.Number("80.00")}).code())
		assertBalances(t, c, accno, "80.00", "0.00")

		e := c.enquiry(accno, nil)
		assertEnvelope(t, e, "0000")
		require.Equal(t, int64(1), e.json.Get("count").Int(), e.raw)
		entry := e.json.Get("entries.0")
		today := time.Now().UTC().Format(time.DateOnly)
		assert.False(t, entry.Get("isPending").Bool())
		assert.Equal(t, today, entry.Get("bookingDate").String())
		assert.Equal(t, today, entry.Get("valueDate").String())
		assert.Regexp(t, `^\d{6}$`, entry.Get("bookingTime").String())
		assert.Equal(t, entry.Get("bookingTime").String(), entry.Get("valueTime").String())
		assert.Equal(t, "80.00", entry.Get("amount").Raw)
		assert.Equal(t, "80.00", entry.Get("sourceAmount").Raw)
		assert.Equal(t, "1.00", entry.Get("exchangeRate").Raw)
		assert.Equal(t, "80.00", entry.Get("balance").Raw)
		assert.Equal(t, "EUR", entry.Get("currCode").String())
		assert.Equal(t, "EUR", entry.Get("sourceCurrCode").String())
		assert.Equal(t, "CRDT", entry.Get("entryIndicator").String())
		assert.Equal(t, "SETTLED", entry.Get("statusCode").String())
		assert.Equal(t, ref, entry.Get("reference").String())
		assert.Equal(t, "VISA", entry.Get("paymentOptionCode").String())
		assert.Equal(t, "Order 4711", entry.Get("description").String())
		assert.Equal(t, "Gina Gast", entry.Get("name").String())
		assert.Equal(t, c.cfg.Personality.entryType(entryLoad), entry.Get("entryType").String())

		// A refund of the load debits the wallet; one the wallet cannot
		// cover is refused and changes nothing.
		require.Equal(t, "0000", c.refund(ref, map[string]any{"refundAmount": json.Number("30.00"), "refundUsage": "back"}).code())
		assertBalances(t, c, accno, "50.00", "0.00")
		debit := c.enquiry(accno, map[string]any{"sortDirection": "DESC"}).json.Get("entries.0")
		assert.Equal(t, "DBIT", debit.Get("entryIndicator").String())
		assert.Equal(t, "30.00", debit.Get("amount").Raw)
		assert.Equal(t, "50.00", debit.Get("balance").Raw)
		assert.Equal(t, "back", debit.Get("description").String())
		require.Equal(t, "0000", c.kcDebit(accno, "40.00", nil).code())
		r := c.refund(ref, map[string]any{"refundAmount": json.Number("20.00")})
		assertHandled(t, r)
		assert.Equal(t, c.cfg.Personality.insufficientFunds().code, r.code(), r.raw)
		assertBalances(t, c, accno, "10.00", "0.00")
		assert.Equal(t, "0000", c.refund(ref, map[string]any{"refundAmount": json.Number("10.00")}).code())
		assertBalances(t, c, accno, "0.00", "0.00")

		// A load must be in the account's currency.
		r = c.initAuthorize(map[string]any{"accno": accno, "accnoType": "00", "presentationCurrCode": "USD"})
		assertHandled(t, r)
		assert.Equal(t, c.cfg.Personality.currencyMismatch().code, r.code(), r.raw)

		// Authorize with accno loads at Capture too; so does the redirect.
		stored := c.addOption(c.newAccount(), "VISA")
		a := c.authorizePayment(stored, map[string]any{"accno": accno, "accnoType": "00", "presentationAmount": json.Number("12.34")})
		require.Equal(t, "0000", a.code(), a.raw)
		require.Equal(t, "0000", c.capture(a.json.Get("uniqueReference").String(), nil).code())
		assertBalances(t, c, accno, "12.34", "0.00")
		merchant := newSink(t)
		ref, _ = c.receivedPayment(map[string]any{"accno": accno, "accnoType": "00", "presentationAmount": json.Number("7.66")})
		require.Equal(t, "0000", c.redirectPayment(ref, map[string]any{"callBackUrl": merchant.URL}).code())
		assertBalances(t, c, accno, "20.00", "0.00")

		// A payment without accno loads nothing; the cancelled one neither.
		c.capturedPayment()
		ref, token = c.receivedPayment(map[string]any{"accno": accno, "accnoType": "00"})
		require.Equal(t, "0000", c.completeAuthorize(ref, token, nil).code())
		require.Equal(t, "0000", c.cancelPayment(ref, nil).code())
		assertBalances(t, c, accno, "20.00", "0.00")
		assert.Equal(t, int64(6), c.enquiry(accno, nil).json.Get("count").Int())
	})
}

func TestPreviousDayBalance(t *testing.T) {
	t.Parallel()
	clock := newFakeClock(time.Date(2026, 3, 10, 23, 59, 0, 0, time.UTC))
	c := startClocked(t, DefaultConfig(), clock)
	accno := c.fundedWallet("100.00")
	assert.Equal(t, "0.00", c.balancesOf(accno).ps, "an account created today has no previous closing balance")
	require.Equal(t, "0000", c.kcDebit(accno, "10.00", nil).code())

	clock.advance(2 * time.Minute) // 2026-03-11 00:01
	c.token = ""                   // the clock moved; a fresh token is issued at the new time
	require.Equal(t, "0000", c.kcDebit(accno, "30.00", nil).code())
	ref := c.kcAuthorized(accno, "5.00")
	b := c.balancesOf(accno)
	assert.Equal(t, balances{ps: "90.00", avl: "55.00", bk: "60.00", blk: "5.00"}, b)
	fresh := c.newAccount()
	assert.Equal(t, "0.00", c.balancesOf(fresh).ps)

	clock.advance(24 * time.Hour)
	c.token = ""
	require.Equal(t, "0000", c.kcCapture(ref, nil).code())
	assert.Equal(t, balances{ps: "60.00", avl: "55.00", bk: "55.00", blk: "0.00"}, c.balancesOf(accno))
	e := c.enquiry(accno, map[string]any{"startDate": "2026-03-11", "endDate": "2026-03-11"})
	assert.Equal(t, []string{"30.00"}, entryAmounts(e))
	assert.Equal(t, "000100", e.json.Get("entries.0.bookingTime").String())
}

func TestLedgerStore(t *testing.T) {
	t.Parallel()
	s := newLedgerStore()
	s.open("w", "EUR")
	s.open("w", "USD") // opening twice keeps the first ledger
	later := time.Date(2026, 1, 2, 10, 0, 0, 0, time.UTC)
	s.do(later, func(tx *ledgerTx) {
		l := tx.ledger("w")
		tx.credit(l, posting{kind: entryLoad, amount: decimal.RequireFromString("10.50"), reference: "a"})
		assert.True(t, l.covers(decimal.RequireFromString("10.50"), decimal.Zero))
		assert.False(t, l.covers(decimal.RequireFromString("10.51"), decimal.Zero))
		tx.block(l, posting{kind: entryBlock, amount: decimal.RequireFromString("0.50"), reference: "b"})
		assert.Nil(t, tx.ledger("none"))
	})
	// A booking dated earlier than the last one is dated at the last one.
	s.do(later.Add(-time.Hour), func(tx *ledgerTx) {
		l := tx.ledger("w")
		tx.release(l, decimal.RequireFromString("0.50"), "b")
		tx.debit(l, posting{kind: entryPayment, amount: decimal.RequireFromString("0.25"), reference: "c"})
	})
	entries, ok := s.entriesOf("w")
	require.True(t, ok)
	require.Len(t, entries, 2)
	assert.Equal(t, []uint64{1, 3}, []uint64{entries[0].seq, entries[1].seq})
	assert.Equal(t, later, entries[1].at)
	assert.Equal(t, "10.25", entries[1].balance.StringFixed(2))
	b, ok := s.balanceOf("w", later.Add(24*time.Hour))
	require.True(t, ok)
	assert.Equal(t, "EUR", b.currCode)
	assert.Equal(t, "10.25", b.psBal.StringFixed(2))
	assert.Equal(t, "0.00", b.blkAmt.StringFixed(2))
	_, ok = s.balanceOf("none", later)
	assert.False(t, ok)
	_, ok = s.entriesOf("none")
	assert.False(t, ok)
}
