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

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tidwall/gjson"

	"github.com/wallet-conformance/wallet-conformance/schemas"
	"github.com/wallet-conformance/wallet-conformance/targetclient"
)

// Two stamps compare as instants, across midnight and the turn of a year.
func TestStampBeforeAcrossMidnight(t *testing.T) {
	for _, c := range []struct {
		a, b stamp
		want bool
	}{
		{stamp{"2026-11-21", "235959"}, stamp{"2026-11-22", "000000"}, true},
		{stamp{"2026-11-22", "000000"}, stamp{"2026-11-21", "235959"}, false},
		{stamp{"2026-12-31", "235959"}, stamp{"2027-01-01", "000000"}, true},
		{stamp{"2026-11-21", "101500"}, stamp{"2026-11-21", "101501"}, true},
		{stamp{"2026-11-21", "101500"}, stamp{"2026-11-21", "101500"}, false},
		{stamp{"2026-11-21", "101501"}, stamp{"2026-11-21", "101500"}, false},
	} {
		assert.Equal(t, c.want, c.a.before(c.b), "%v before %v", c.a, c.b)
	}
}

// Only a sysDate and a sysTime as strings in their format make a
// stamp: anything else could compare in the wrong order.
func TestSysStampRejectsMalformedClocks(t *testing.T) {
	s, ok := sysStamp(gjson.Parse(`{"sysDate":"2026-11-21","sysTime":"101500"}`))
	assert.True(t, ok)
	assert.Equal(t, stamp{"2026-11-21", "101500"}, s)
	for _, body := range []string{
		`{}`,
		`{"sysDate":"2026-11-21"}`,
		`{"sysTime":"101500"}`,
		`{"sysDate":"2026-11-21","sysTime":101500}`,
		`{"sysDate":"2026-11-21","sysTime":null}`,
		`{"sysDate":"2026-11-21","sysTime":"10:15:00"}`,
		`{"sysDate":"2026-11-21","sysTime":"1015"}`,
		`{"sysDate":"2026-11-21","sysTime":"246000"}`,
		`{"sysDate":"2026-11-21","sysTime":"1015000"}`,
		`{"sysDate":"21.11.2026","sysTime":"101500"}`,
		`{"sysDate":"2026-11-21T10:15:00Z","sysTime":"101500"}`,
		`{"sysDate":"2026-02-30","sysTime":"101500"}`,
		`{"sysDate":"20261121","sysTime":"101500"}`,
	} {
		_, ok := sysStamp(gjson.Parse(body))
		assert.False(t, ok, body)
	}
}

// clockTarget is a fake target whose Balance Enquiry answers with the
// clocks returned by clock for the 1st, 2nd, ... call (sysDate, sysTime; ""
// leaves the field out).
func clockTarget(t *testing.T, w *World, clock func(n int) (string, string)) *atomic.Int32 {
	t.Helper()
	var calls atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
		assert.Equal(t, "/account/"+w.account.accno+"/balance", r.URL.Path)
		d, tm := clock(int(calls.Add(1)))
		body := `{"responseCode":"0000","bkBal":5,"blkAmt":0,"avlBal":5`
		if d != "" {
			body += fmt.Sprintf(`,"sysDate":%q`, d)
		}
		if tm != "" {
			body += fmt.Sprintf(`,"sysTime":%q`, tm)
		}
		rw.Header().Set("Content-Type", "application/json")
		fmt.Fprint(rw, body+"}")
	}))
	t.Cleanup(srv.Close)
	c, err := targetclient.NewClient(targetclient.Config{BaseURL: srv.URL, CallTimeout: 5 * time.Second}, targetclient.NewRedactor())
	require.NoError(t, err)
	w.env.Client = c
	w.token = "tok-test" // the scenario's own token: no token source needed
	return &calls
}

// stoppedTimer is a Timer whose pauses never end but with the run.
type stoppedTimer struct{}

func (stoppedTimer) Now() time.Time { return time.Date(2026, 11, 21, 10, 15, 0, 0, time.UTC) }
func (stoppedTimer) Sleep(ctx context.Context, _ time.Duration) error {
	<-ctx.Done()
	return ctx.Err()
}

// onFakeTimer gives w a fakeTimer (settle_test.go) and returns it.
func onFakeTimer(w *World) *fakeTimer {
	ft := &fakeTimer{now: time.Date(2026, 11, 21, 10, 15, 0, 0, time.UTC)}
	w.env.Timer = ft
	return ft
}

// afterCapture makes a capture answered at the given target clock the
// scenario's last call, as after the earlier loads.
func afterCapture(w *World, date, tm string) {
	body := fmt.Sprintf(`{"responseCode":"0000","sysDate":%q,"sysTime":%q}`, date, tm)
	w.last = &call{op: schemas.Operation{ID: "capture", Name: "Capture"},
		resp: &targetclient.Response{Status: 200, Body: []byte(body), ContentType: "application/json"},
		json: gjson.Parse(body)}
}

// The wait polls until the target's clock turns, across midnight here,
// records every poll with the step and notes the time it waited.
func TestAwaitLaterSecondPollsUntilTheClockTurns(t *testing.T) {
	w, _ := testWorld(t)
	calls := clockTarget(t, w, func(n int) (string, string) {
		if n < 3 {
			return "2026-11-21", "235959"
		}
		return "2026-11-22", "000000"
	})
	afterCapture(w, "2026-11-21", "235959")
	clock := onFakeTimer(w)
	started := clock.Now()
	require.NoError(t, w.awaitLaterSecond(context.Background(), stamp{"2026-11-21", "235959"}, time.Second))
	assert.Equal(t, int32(3), calls.Load(), "the first poll at once, then one every clockPoll until the clock turns")
	assert.Equal(t, 2*clockPoll, clock.Now().Sub(started), "two pauses between three polls")
	require.Len(t, w.exchanges, 3, "each poll is recorded as evidence")
	for _, ex := range w.exchanges {
		assert.Equal(t, "balance-enquiry", ex.Operation)
	}
	assert.Equal(t, 2*clockPoll, w.waited)
	rec := w.recordStep("the account has been loaded", "passed", true, nil)
	assert.Len(t, rec.Exchanges, 3)
	assert.Equal(t, 2*clockPoll, rec.Waited, "the step reports the time waited")
}

// A clock already later at the first poll costs one call and no pause.
func TestAwaitLaterSecondTakesATurnedClockAtOnce(t *testing.T) {
	w, _ := testWorld(t)
	calls := clockTarget(t, w, func(int) (string, string) { return "2026-11-21", "101501" })
	afterCapture(w, "2026-11-21", "101500")
	onFakeTimer(w)
	require.NoError(t, w.awaitLaterSecond(context.Background(), stamp{"2026-11-21", "101500"}, time.Second))
	assert.Equal(t, int32(1), calls.Load())
	assert.Zero(t, w.waited, "no pause")
}

// A last response that already shows a later second than the one waited
// from (the work before the wait took that long) costs no call at all.
func TestAwaitLaterSecondNeedsNoCallWhenTheLastResponseIsLater(t *testing.T) {
	w, _ := testWorld(t)
	calls := clockTarget(t, w, func(int) (string, string) { return "2026-11-21", "101502" })
	afterCapture(w, "2026-11-21", "101501")
	require.NoError(t, w.awaitLaterSecond(context.Background(), stamp{"2026-11-21", "101500"}, time.Second))
	assert.Zero(t, calls.Load())
	assert.Zero(t, w.waited)
}

// A clock that does not move fails the step within the limit, naming
// sysTime and the clauses; it neither hangs nor panics.
func TestAwaitLaterSecondFailsOnAStuckClock(t *testing.T) {
	w, _ := testWorld(t)
	calls := clockTarget(t, w, func(int) (string, string) { return "2026-11-21", "101500" })
	afterCapture(w, "2026-11-21", "101500")
	onFakeTimer(w)
	err := w.awaitLaterSecond(context.Background(), stamp{"2026-11-21", "101500"}, 350*time.Millisecond)
	require.Error(t, err)
	var f *Failure
	require.ErrorAs(t, err, &f)
	assert.True(t, strings.HasPrefix(f.Msg, "precondition: "), f.Msg)
	assert.Contains(t, f.Msg, "sysTime 101500")
	assert.Contains(t, f.Msg, "A-2.1")
	assert.Contains(t, f.Msg, "B-4.12")
	assert.Contains(t, f.Evidence, "Balance Enquiry", "the last poll is the evidence")
	assert.Contains(t, f.Msg, "4 Balance Enquiries over 300ms")
	assert.Equal(t, int32(4), calls.Load(), "polls at 0, 100, 200 and 300 ms; a fifth would end past the limit")
	assert.Equal(t, 3*clockPoll, w.waited, "a failed wait is still reported as waited")
}

// A clock that goes back is not a later second either.
func TestAwaitLaterSecondIgnoresAnEarlierClock(t *testing.T) {
	w, _ := testWorld(t)
	clockTarget(t, w, func(int) (string, string) { return "2026-11-21", "101459" })
	afterCapture(w, "2026-11-21", "101500")
	onFakeTimer(w)
	require.Error(t, w.awaitLaterSecond(context.Background(), stamp{"2026-11-21", "101500"}, 250*time.Millisecond))
}

// A missing or malformed clock fails the step and says what came back,
// whether in the capture the wait starts from or in a poll.
func TestAwaitLaterSecondRejectsMalformedClocks(t *testing.T) {
	t.Run("in a poll", func(t *testing.T) {
		w, _ := testWorld(t)
		calls := clockTarget(t, w, func(int) (string, string) { return "2026-11-21", "10:15:01" })
		afterCapture(w, "2026-11-21", "101500")
		err := w.awaitLaterSecond(context.Background(), stamp{"2026-11-21", "101500"}, time.Second)
		require.Error(t, err)
		assert.Contains(t, err.Error(), `sysTime "10:15:01"`)
		assert.Contains(t, err.Error(), "Balance Enquiry")
		assert.Equal(t, int32(1), calls.Load(), "no further polls after a malformed clock")
	})
	t.Run("absent in a poll", func(t *testing.T) {
		w, _ := testWorld(t)
		clockTarget(t, w, func(int) (string, string) { return "2026-11-21", "" })
		afterCapture(w, "2026-11-21", "101500")
		err := w.awaitLaterSecond(context.Background(), stamp{"2026-11-21", "101500"}, time.Second)
		require.Error(t, err)
		assert.Contains(t, err.Error(), "sysTime no such field")
	})
	t.Run("in the capture", func(t *testing.T) {
		w, _ := testWorld(t)
		calls := clockTarget(t, w, func(int) (string, string) { return "2026-11-21", "101501" })
		afterCapture(w, "2026/11/21", "101500")
		err := w.awaitLaterSecond(context.Background(), stamp{"2026-11-21", "101500"}, time.Second)
		require.Error(t, err)
		assert.Contains(t, err.Error(), `sysDate "2026/11/21"`)
		assert.Contains(t, err.Error(), "Capture")
		assert.Zero(t, calls.Load())
	})
}

// Cancelling the run ends the wait.
func TestAwaitLaterSecondStopsWhenCancelled(t *testing.T) {
	w, _ := testWorld(t)
	calls := clockTarget(t, w, func(int) (string, string) { return "2026-11-21", "101500" })
	afterCapture(w, "2026-11-21", "101500")
	w.env.Timer = stoppedTimer{}
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	err := w.awaitLaterSecond(ctx, stamp{"2026-11-21", "101500"}, time.Minute)
	assert.ErrorIs(t, err, context.DeadlineExceeded, "a pause that would never end is ended by the run")
	assert.Equal(t, int32(1), calls.Load())
}

func entriesAt(times ...string) []gjson.Result {
	var list []gjson.Result
	for _, tm := range times {
		list = append(list, gjson.Parse(fmt.Sprintf(`{"bookingDate":"2026-11-21","bookingTime":%q}`, tm)))
	}
	return list
}

// After "the last a second later" the order checks require the most recent
// entry to be booked later than another; otherwise, ties are allowed.
func TestOrderCanBeJudged(t *testing.T) {
	w, _ := testWorld(t)
	assert.NoError(t, w.orderCanBeJudged(entriesAt("101500", "101500", "101500")), "without a later load ties pass")

	w.loadedLater = true
	err := w.orderCanBeJudged(entriesAt("101500", "101500", "101500"))
	require.Error(t, err)
	assert.True(t, strings.HasPrefix(err.Error(), "precondition: "), err.Error())
	assert.Contains(t, err.Error(), "within one second")

	assert.NoError(t, w.orderCanBeJudged(entriesAt("101500", "101500", "101501")))
	assert.NoError(t, w.orderCanBeJudged(entriesAt("101501", "101500", "101500")), "descending")
	midnight := []gjson.Result{
		gjson.Parse(`{"bookingDate":"2026-11-21","bookingTime":"235959"}`),
		gjson.Parse(`{"bookingDate":"2026-11-22","bookingTime":"000000"}`),
	}
	assert.NoError(t, w.orderCanBeJudged(midnight), "the most recent entry is the one after midnight")
	assert.Error(t, w.orderCanBeJudged(entriesAt("101500")))
}
