package sweep_test

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wallet-conformance/wallet-conformance/reference"
	"github.com/wallet-conformance/wallet-conformance/runner"
	"github.com/wallet-conformance/wallet-conformance/schemas"
	"github.com/wallet-conformance/wallet-conformance/sweep"
)

// inFlight serves h and keeps the most requests it ever had at once. The
// first Check Available Payment Amount waits until a second request
// arrives (or, should none come, a few seconds), so that a sweep that sends
// in parallel shows it whatever the machine's speed.
type inFlight struct {
	h         http.Handler
	now, most atomic.Int64
	second    chan struct{}
	once      sync.Once
	first     atomic.Bool
}

func (f *inFlight) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	n := f.now.Add(1)
	defer f.now.Add(-1)
	for {
		m := f.most.Load()
		if n <= m || f.most.CompareAndSwap(m, n) {
			break
		}
	}
	if n >= 2 {
		f.once.Do(func() { close(f.second) })
	}
	if strings.HasSuffix(r.URL.Path, "/checkAvailablePaymentAmount") {
		if f.first.CompareAndSwap(false, true) {
			select {
			case <-f.second:
			case <-time.After(5 * time.Second):
			}
		}
	}
	f.h.ServeHTTP(w, r)
}

// The sweep sends up to its concurrency at once, never more: a target that
// counts the requests it has at once sees at most the concurrency, and more
// than one.
func TestTheSweepSendsUpToItsConcurrency(t *testing.T) {
	cfg := reference.DefaultConfig()
	h, err := reference.NewHandler(cfg)
	require.NoError(t, err)
	f := &inFlight{h: h, second: make(chan struct{})}
	srv := httptest.NewServer(f)
	t.Cleanup(srv.Close)
	p := runner.ReferenceProfile(srv.URL, cfg)
	keep := map[string]bool{schemas.GetAccount: true, schemas.BalanceEnquiry: true, schemas.CheckAvailablePaymentAmount: true, schemas.UpdateAccount: true, schemas.Capture: true, schemas.AddressCheck: true}
	for _, op := range schemas.Catalogue() {
		if !keep[op.ID] {
			p.Scope.Exclude = append(p.Scope.Exclude, op.Clause)
		}
	}
	out, err := sweep.Run(context.Background(), sweep.Options{Profile: p, Seed: 1, Concurrency: 3})
	require.NoError(t, err)
	assert.Empty(t, out.Findings)
	assert.Equal(t, out.Generated, out.Inputs)
	assert.LessOrEqual(t, f.most.Load(), int64(3), "never more than the concurrency")
	assert.Greater(t, f.most.Load(), int64(1), "inputs are sent at once")
}

// updateChangesOnOne serves the reference server, except that an Update
// Account Information whose firstName is a JSON number is answered 0001,
// as a syntax error, after the account's city was changed: one refused
// input among many that moves the fixture. It counts the reads of the
// account (Get Account Information).
type updateChangesOnOne struct {
	h     http.Handler
	reads atomic.Int64
}

func (u *updateChangesOnOne) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method == http.MethodGet && strings.HasPrefix(r.URL.Path, "/account/") && strings.Count(r.URL.Path, "/") == 2 {
		u.reads.Add(1)
	}
	if r.Method != http.MethodPost || !strings.HasSuffix(r.URL.Path, "/updateInfo") {
		u.h.ServeHTTP(w, r)
		return
	}
	body, _ := io.ReadAll(r.Body)
	r.Body = io.NopCloser(bytes.NewReader(body))
	var fields map[string]any
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber()
	if dec.Decode(&fields) != nil {
		u.h.ServeHTTP(w, r)
		return
	}
	if _, number := fields["firstName"].(json.Number); !number {
		u.h.ServeHTTP(w, r)
		return
	}
	fields["firstName"] = "Changed"
	fields["city"] = "Elsewhere"
	valid, _ := json.Marshal(fields)
	fwd := r.Clone(r.Context())
	fwd.Body, fwd.ContentLength = io.NopCloser(bytes.NewReader(valid)), int64(len(valid))
	u.h.ServeHTTP(httptest.NewRecorder(), fwd)
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusBadRequest)
	_ = json.NewEncoder(w).Encode(map[string]any{
		"partnerReference": fields["partnerReference"], "localDate": fields["localDate"], "localTime": fields["localTime"],
		"sysDate": "2026-01-01", "sysTime": "120000", "responseCode": "0001", "responseDescription": "syntax error: firstName",
	})
}

// One read-back covers the refused inputs of a fixture; when it sees a
// change, the inputs are sent again apart, by halves, and the one that
// made it is named: one input among many refused ones changes the account,
// and it alone is reported, while the account was read far fewer times
// than inputs were refused.
func TestTheSweepNamesTheOneInputThatMovedAFixture(t *testing.T) {
	cfg := reference.DefaultConfig()
	h, err := reference.NewHandler(cfg)
	require.NoError(t, err)
	u := &updateChangesOnOne{h: h}
	srv := httptest.NewServer(u)
	t.Cleanup(srv.Close)
	p := runner.ReferenceProfile(srv.URL, cfg)
	for _, op := range schemas.Catalogue() {
		if op.ID != schemas.UpdateAccount {
			p.Scope.Exclude = append(p.Scope.Exclude, op.Clause)
		}
	}
	out, err := sweep.Run(context.Background(), sweep.Options{Profile: p, Seed: 1, Concurrency: 1})
	require.NoError(t, err)
	var names []string
	for _, f := range out.Findings {
		names = append(names, f.Name())
	}
	assert.Equal(t, []string{"Update Account Information: firstName a number was refused but changed the account"}, names)
	require.Len(t, out.Findings, 1)
	assert.Contains(t, out.Findings[0].Message, `city "`+p.Customer.City+`" became "Elsewhere"`)
	assert.Contains(t, out.Findings[0].Exchanges[0].RequestBody, `"firstName":1`, "the evidence is the input that made it")
	assert.Greater(t, out.Inputs, 300)
	assert.Less(t, u.reads.Load(), int64(out.Inputs)/2, "refused inputs share their read-backs")
}

// hangsOnOne serves h, except that a Create Account whose lastName is
// true never answers: it waits for the client to give up (the call
// allowance), and counts meanwhile the requests the other workers had
// answered.
type hangsOnOne struct {
	h                http.Handler
	served           atomic.Int64
	servedDuringHang atomic.Int64
}

func (g *hangsOnOne) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	r.Body = io.NopCloser(bytes.NewReader(body))
	if r.Method == http.MethodPut && r.URL.Path == "/account" && bytes.Contains(body, []byte(`"lastName":true`)) {
		before := g.served.Load()
		<-r.Context().Done()
		g.servedDuringHang.Store(g.served.Load() - before)
		return
	}
	g.h.ServeHTTP(w, r)
	g.served.Add(1)
}

// A call that hangs holds its worker only: the target answers the other
// workers' inputs while one call waits out the call allowance, the hang
// is a finding (A-7#6: no answer is no handled answer), and every input
// is tried.
func TestAHungCallHoldsItsWorkerOnly(t *testing.T) {
	cfg := reference.DefaultConfig()
	h, err := reference.NewHandler(cfg)
	require.NoError(t, err)
	g := &hangsOnOne{h: h}
	srv := httptest.NewServer(g)
	t.Cleanup(srv.Close)
	p := runner.ReferenceProfile(srv.URL, cfg)
	p.CallTimeout.Duration = 2 * time.Second
	keep := map[string]bool{schemas.UpdateAccount: true, schemas.CreateAccount: true}
	for _, op := range schemas.Catalogue() {
		if !keep[op.ID] {
			p.Scope.Exclude = append(p.Scope.Exclude, op.Clause)
		}
	}
	out, err := sweep.Run(context.Background(), sweep.Options{Profile: p, Seed: 1, Concurrency: 2})
	require.NoError(t, err)
	assert.Equal(t, out.Generated, out.Inputs, "every input is tried")
	var names []string
	for _, f := range out.Findings {
		names = append(names, f.Name())
		assert.Equal(t, "A-7#6", f.Rule)
	}
	require.Len(t, names, 1)
	assert.Contains(t, names[0], "Create Account: lastName a boolean got no answer")
	assert.Positive(t, g.servedDuringHang.Load(), "the other worker went on while the call hung")
}

// validAtOnce serves h; the first request whose partnerReference has 64
// characters (a maximal request of the valid sweep: no bad input and no
// state has one) waits until another request arrives, or a few seconds,
// and met says whether one did.
type validAtOnce struct {
	h              http.Handler
	waiting, taken atomic.Bool
	met            atomic.Bool
	other          chan struct{}
	once           sync.Once
}

func (v *validAtOnce) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	r.Body = io.NopCloser(bytes.NewReader(body))
	if v.waiting.Load() {
		v.once.Do(func() { close(v.other) })
	}
	var fields struct {
		PartnerReference string `json:"partnerReference"`
	}
	_ = json.Unmarshal(body, &fields)
	ref := cmp.Or(fields.PartnerReference, r.URL.Query().Get("partnerReference"))
	if len(ref) == 64 && v.taken.CompareAndSwap(false, true) {
		v.waiting.Store(true)
		select {
		case <-v.other:
			v.met.Store(true)
		case <-time.After(5 * time.Second):
		}
		v.waiting.Store(false)
	}
	v.h.ServeHTTP(w, r)
}

// The valid-request sweep runs on the pool too: another request reaches
// the target while one of its inputs is answered, and its findings come in
// catalogue order, the same whatever worker found them: a target that
// refuses a partnerReference of 64 characters shows it in every
// operation's maximal request, and the findings are the same with one
// worker as with four.
func TestTheValidSweepSendsAtOnceAndFilesInCatalogueOrder(t *testing.T) {
	cfg := reference.DefaultConfig()
	cfg.Mutant = "cr-partnerreference-64-refused"
	h, err := reference.NewHandler(cfg)
	require.NoError(t, err)
	names := func(concurrency int, handler http.Handler) []string {
		srv := httptest.NewServer(handler)
		defer srv.Close()
		out, err := sweep.Run(context.Background(), sweep.Options{Profile: runner.ReferenceProfile(srv.URL, cfg), Seed: 1, PerOperation: 1, Concurrency: concurrency})
		require.NoError(t, err)
		require.NotNil(t, out.Valid)
		var names []string
		for _, f := range out.Valid.Findings {
			names = append(names, f.Name())
		}
		return names
	}
	v := &validAtOnce{h: h, other: make(chan struct{})}
	four := names(4, v)
	assert.True(t, v.met.Load(), "another request arrived while a valid input was answered")
	one := names(1, h)
	assert.Greater(t, len(one), 5, "the maximal request of many operations: %v", one)
	assert.Equal(t, one, four)
	var order []int
	for _, n := range one {
		op, _, _ := strings.Cut(n, ":")
		order = append(order, slices.IndexFunc(schemas.Catalogue(), func(o schemas.Operation) bool { return o.Name == op }))
	}
	assert.True(t, slices.IsSorted(order), "catalogue order: %v", one)
}
