package steps

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/shopspring/decimal"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wallet-conformance/wallet-conformance/profile"
	"github.com/wallet-conformance/wallet-conformance/targetclient"
)

// fakeTimer is a Timer whose time moves only when a wait sleeps: a test of
// a bounded wait proves what it does, not how long it takes.
type fakeTimer struct {
	now    time.Time
	sleeps int
}

func (f *fakeTimer) Now() time.Time { return f.now }

func (f *fakeTimer) Sleep(ctx context.Context, d time.Duration) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	f.sleeps++
	f.now = f.now.Add(d)
	return nil
}

// settleWorld is a World on a fake target whose Balance Enquiry answers the
// bkBal (and avlBal) that bk returns for the 1st, 2nd, ... call, with a fake
// timer and the given settle allowance.
func settleWorld(t *testing.T, allowance time.Duration, bk func(n int) string) (*World, *fakeTimer, *atomic.Int32) {
	t.Helper()
	w, _ := testWorld(t)
	ft := &fakeTimer{now: time.Date(2026, 11, 21, 10, 15, 0, 0, time.UTC)}
	w.env.Timer = ft
	w.env.Profile.SettleAllowance = profile.Duration{Duration: allowance}
	var calls atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
		b := bk(int(calls.Add(1)))
		rw.Header().Set("Content-Type", "application/json")
		fmt.Fprintf(rw, `{"responseCode":"0000","bkBal":%s,"blkAmt":0,"avlBal":%s,"sysDate":"2026-11-21","sysTime":"101500"}`, b, b)
	}))
	t.Cleanup(srv.Close)
	c, err := targetclient.NewClient(targetclient.Config{BaseURL: srv.URL, CallTimeout: 5 * time.Second}, targetclient.NewRedactor())
	require.NoError(t, err)
	w.env.Client = c
	w.token = "tok-test"
	return w, ft, &calls
}

// A load that shows at the third read is waited for: two pauses of
// settlePoll, each read recorded as the step's evidence, the pause
// reported as the step's waited time.
func TestAwaitLoadedWaitsForALoadThatSettlesLater(t *testing.T) {
	w, ft, calls := settleWorld(t, 2*time.Second, func(n int) string {
		if n < 3 {
			return "0"
		}
		return "50.00"
	})
	require.NoError(t, w.awaitLoaded(context.Background(), balance{}, decimal.RequireFromString("50.00")))
	assert.Equal(t, int32(3), calls.Load())
	assert.Equal(t, 2, ft.sleeps)
	assert.Equal(t, 2*settlePoll, w.waited)
	assert.Len(t, w.exchanges, 3)
}

// A load already shown costs one read and no pause.
func TestAwaitLoadedTakesASettledLoadAtOnce(t *testing.T) {
	w, ft, calls := settleWorld(t, 2*time.Second, func(int) string { return "50.00" })
	require.NoError(t, w.awaitLoaded(context.Background(), balance{}, decimal.RequireFromString("50.00")))
	assert.Equal(t, int32(1), calls.Load())
	assert.Zero(t, ft.sleeps)
	assert.Zero(t, w.waited)
}

// A load that never shows fails the precondition once the allowance has
// passed, naming the allowance and B-3; the wait is bounded by the
// profile, not by the suite.
func TestAwaitLoadedFailsWhenTheLoadNeverShows(t *testing.T) {
	w, ft, calls := settleWorld(t, time.Second, func(int) string { return "0" })
	err := w.awaitLoaded(context.Background(), balance{}, decimal.RequireFromString("50.00"))
	require.Error(t, err)
	var f *Failure
	require.ErrorAs(t, err, &f)
	assert.True(t, strings.HasPrefix(f.Msg, "precondition: "), f.Msg)
	assert.Contains(t, f.Msg, "settleAllowance, 1s")
	assert.Contains(t, f.Msg, "B-3")
	assert.LessOrEqual(t, ft.now.Sub(time.Date(2026, 11, 21, 10, 15, 0, 0, time.UTC)), time.Second)
	assert.Equal(t, int32(ft.sleeps+1), calls.Load(), "one read at once, then one after each pause")
	assert.Equal(t, 10, ft.sleeps, "the last read at the allowance")
}

// A Then that expects the wallet to rise reads again within the allowance;
// one that expects no change reads once.
func TestBalanceMovedReadsAgainOnlyForAMove(t *testing.T) {
	w, ft, calls := settleWorld(t, 2*time.Second, func(n int) string {
		if n < 2 {
			return "0"
		}
		return "15.00"
	})
	require.NoError(t, w.bookedRose(context.Background(), "15.00"))
	assert.Equal(t, int32(2), calls.Load())
	assert.Equal(t, 1, ft.sleeps)

	w, ft, calls = settleWorld(t, 2*time.Second, func(int) string { return "0" })
	require.NoError(t, w.balanceUnchanged(context.Background()))
	assert.Equal(t, int32(1), calls.Load())
	assert.Zero(t, ft.sleeps)

	w, _, _ = settleWorld(t, 300*time.Millisecond, func(int) string { return "30.00" })
	err := w.bookedRose(context.Background(), "15.00")
	require.Error(t, err, "a wallet that rose by twice the amount fails once the allowance has passed")
	assert.Contains(t, err.Error(), "settleAllowance")
}

// Cancelling the run ends the wait.
func TestSettleStopsWhenCancelled(t *testing.T) {
	w, _, _ := settleWorld(t, time.Hour, func(int) string { return "0" })
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := w.settle(ctx, func() (bool, error) { return false, nil })
	assert.ErrorIs(t, err, context.Canceled)
}
