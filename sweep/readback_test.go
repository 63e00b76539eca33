package sweep_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wallet-conformance/wallet-conformance/reference"
	"github.com/wallet-conformance/wallet-conformance/runner"
	"github.com/wallet-conformance/wallet-conformance/schemas"
	"github.com/wallet-conformance/wallet-conformance/sweep"
)

// refusedCaptureCaptures serves the reference server, except that a Capture
// whose modifiedUsage is a JSON number is answered 0001, as a syntax error,
// after the payment was captured without it: one refused call that moves
// money and changes the payment's status at once.
func refusedCaptureCaptures(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost || !strings.HasSuffix(r.URL.Path, "/capture") {
			h.ServeHTTP(w, r)
			return
		}
		body, _ := io.ReadAll(r.Body)
		var fields map[string]any
		dec := json.NewDecoder(bytes.NewReader(body))
		dec.UseNumber()
		if dec.Decode(&fields) != nil {
			r.Body = io.NopCloser(bytes.NewReader(body))
			h.ServeHTTP(w, r)
			return
		}
		if _, number := fields["modifiedUsage"].(json.Number); !number {
			r.Body = io.NopCloser(bytes.NewReader(body))
			h.ServeHTTP(w, r)
			return
		}
		delete(fields, "modifiedUsage")
		valid, _ := json.Marshal(fields)
		fwd := r.Clone(r.Context())
		fwd.Body, fwd.ContentLength = io.NopCloser(bytes.NewReader(valid)), int64(len(valid))
		h.ServeHTTP(httptest.NewRecorder(), fwd)
		now := time.Now().UTC()
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusBadRequest)
		json.NewEncoder(w).Encode(map[string]any{
			"partnerReference": fields["partnerReference"], "localDate": fields["localDate"], "localTime": fields["localTime"],
			"sysDate": now.Format(time.DateOnly), "sysTime": now.Format("150405"),
			"responseCode": "0001", "responseDescription": "syntax error: modifiedUsage",
		})
	})
}

// A refused call that moved money and changed the payment's status is
// reported for both at the input that made them, and the sweep knows the
// state after it: no later input of the operation, correctly refused, is
// blamed for the change (issue 32: the read-back stopped at the balance, so
// the next input was blamed for the payment's new status).
func TestTheSweepBlamesAChangeOnTheInputThatMadeIt(t *testing.T) {
	cfg := reference.DefaultConfig()
	h, err := reference.NewHandler(cfg)
	require.NoError(t, err)
	srv := httptest.NewServer(refusedCaptureCaptures(h))
	t.Cleanup(srv.Close)
	p := runner.ReferenceProfile(srv.URL, cfg)
	for _, op := range schemas.Catalogue() {
		if op.ID != schemas.Capture {
			p.Scope.Exclude = append(p.Scope.Exclude, op.Clause)
		}
	}
	out, err := sweep.Run(context.Background(), sweep.Options{Profile: p, Seed: 1})
	require.NoError(t, err)
	var names, rules []string
	for _, f := range out.Findings {
		names = append(names, f.Name())
		rules = append(rules, f.Rule)
	}
	// Money is B-3#15's; a status is B-3#25's, advisory (failure statuses
	// are not shown).
	assert.Equal(t, []string{"B-3#15", "B-3#25"}, rules)
	assert.Equal(t, []string{
		"Capture: modifiedUsage a number was refused but moved money",
		"Capture: modifiedUsage a number was refused but changed the payment's status",
	}, names)
	// Money is B-3#15's; the status is advisory B-3#25's (readBack).
	assert.Equal(t, []string{"B-3#15", "B-3#25"}, rules)
}

// A Load Account that settles after the profile's settleAllowance (the
// variant load-settles-later books it 150 ms after its Capture; the profile
// here allows 50 ms) is not blamed on the refused call whose read-back
// first sees it, whether its Capture was one of the sweep's own (the
// wallet's load, a Refund's payment) or an accepted input.
func TestTheSweepDoesNotBlameALateLoadOnARefusedCall(t *testing.T) {
	cfg := reference.DefaultConfig()
	cfg.Variants = []string{"load-settles-later"}
	srv, err := reference.New(cfg)
	require.NoError(t, err)
	t.Cleanup(srv.Close)
	p := runner.ReferenceProfile(srv.URL, cfg)
	p.SettleAllowance.Duration = 50 * time.Millisecond
	for _, op := range schemas.Catalogue() {
		if op.ID != schemas.Capture && op.ID != schemas.Refund {
			p.Scope.Exclude = append(p.Scope.Exclude, op.Clause)
		}
	}
	out, err := sweep.Run(context.Background(), sweep.Options{Profile: p, Seed: 1})
	require.NoError(t, err)
	var names []string
	for _, f := range out.Findings {
		names = append(names, f.Name())
	}
	assert.Empty(t, names)
}

// refusesYetApplies serves h, except that a request of the method whose
// path matches and whose field change alters (ok) is applied with the
// field changed, unseen, and answered 0001 naming the field: a target that
// refuses an input yet does something.
func refusesYetApplies(h http.Handler, method string, matches func(path string) bool, field string, change func(v any) (any, bool)) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		r.Body = io.NopCloser(bytes.NewReader(body))
		var fields map[string]any
		dec := json.NewDecoder(bytes.NewReader(body))
		dec.UseNumber()
		if r.Method != method || !matches(r.URL.Path) || dec.Decode(&fields) != nil {
			h.ServeHTTP(w, r)
			return
		}
		changed, ok := change(fields[field])
		if !ok {
			h.ServeHTTP(w, r)
			return
		}
		fields[field] = changed
		valid, _ := json.Marshal(fields)
		fwd := r.Clone(r.Context())
		fwd.Body, fwd.ContentLength = io.NopCloser(bytes.NewReader(valid)), int64(len(valid))
		h.ServeHTTP(httptest.NewRecorder(), fwd)
		now := time.Now().UTC()
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusBadRequest)
		_ = json.NewEncoder(w).Encode(map[string]any{
			"partnerReference": fields["partnerReference"], "localDate": fields["localDate"], "localTime": fields["localTime"],
			"sysDate": now.Format(time.DateOnly), "sysTime": now.Format("150405"),
			"responseCode": "0001", "responseDescription": "syntax error: " + field,
		})
	})
}

// refusedLongUsageDebits serves h, except that a KC-Debit Account whose
// paymentUsage is longer than 127 characters (S(255) permits it, B-4.15)
// debits the wallet with the usage cut short, and is answered 0001.
func refusedLongUsageDebits(h http.Handler) http.Handler {
	return refusesYetApplies(h, http.MethodPut, func(path string) bool { return path == "/payment/kc-debitAccount" }, "paymentUsage",
		func(v any) (any, bool) {
			usage, _ := v.(string)
			return usage[:min(len(usage), 127)], len(usage) > 127
		})
}

// A valid input refused is read back too, though the valid sweep reads
// its state before an input only should it be refused: a KC-Debit Account
// with a paymentUsage of 255 characters that is refused yet debits the
// wallet is found to have moved money (B-3#15), beside its refusal.
func TestTheValidSweepReadsBackARefusedInput(t *testing.T) {
	cfg := reference.DefaultConfig()
	h, err := reference.NewHandler(cfg)
	require.NoError(t, err)
	srv := httptest.NewServer(refusedLongUsageDebits(h))
	t.Cleanup(srv.Close)
	p := runner.ReferenceProfile(srv.URL, cfg)
	for _, op := range schemas.Catalogue() {
		if op.ID != schemas.KCDebitAccount {
			p.Scope.Exclude = append(p.Scope.Exclude, op.Clause)
		}
	}
	out, err := sweep.Run(context.Background(), sweep.Options{Profile: p, Seed: 1, PerOperation: 2, SharedMerchant: true})
	require.NoError(t, err)
	require.NotNil(t, out.Valid)
	var moved []string
	for _, f := range out.Valid.Findings {
		if f.Rule == "B-3#15" {
			moved = append(moved, f.Name())
		}
	}
	require.NotEmpty(t, moved, "findings: %v", out.Valid.Findings)
	assert.Contains(t, moved[0], "KC-Debit Account: a body every optional field present")
	assert.Contains(t, moved[0], "was refused but moved money")
}

// controlCityUpdates serves h, except that an Update Account Information
// whose city holds a control character changes the account's city to
// "Elsewhere" and is answered 0001.
func controlCityUpdates(h http.Handler) http.Handler {
	return refusesYetApplies(h, http.MethodPost, func(path string) bool { return strings.HasSuffix(path, "/updateInfo") }, "city",
		func(v any) (any, bool) {
			city, _ := v.(string)
			return "Elsewhere", strings.ContainsRune(city, '\u0001')
		})
}

// An input whose answer the spec leaves open, of a kind the target has
// accepted so far, is sent on a fixture not read before it, as the target
// is expected to accept it: refused after all, it is sent again on a
// fixture read before it, and what it changed is found (advisory: no
// sentence states that a refused account operation leaves the account as
// it was).
func TestARefusedInputExpectedToBeAcceptedIsReadBack(t *testing.T) {
	cfg := reference.DefaultConfig()
	h, err := reference.NewHandler(cfg)
	require.NoError(t, err)
	srv := httptest.NewServer(controlCityUpdates(h))
	t.Cleanup(srv.Close)
	p := runner.ReferenceProfile(srv.URL, cfg)
	for _, op := range schemas.Catalogue() {
		if op.ID != schemas.UpdateAccount {
			p.Scope.Exclude = append(p.Scope.Exclude, op.Clause)
		}
	}
	out, err := sweep.Run(context.Background(), sweep.Options{Profile: p, Seed: 1, Concurrency: 1, NoValid: true})
	require.NoError(t, err)
	var names []string
	for _, f := range out.Findings {
		names = append(names, f.Name())
	}
	assert.Equal(t, []string{"Update Account Information: city holding control characters \\u0001 and \\u001f was refused but changed the account"}, names)
}
