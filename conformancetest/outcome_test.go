package conformancetest

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wallet-conformance/wallet-conformance/record"
	"github.com/wallet-conformance/wallet-conformance/reports"
)

// Every status maps to its subtest: what counts against the verdict fails,
// a WARNING is logged and passes, SKIPPED, NOT CLAIMED and an @advisory
// BLOCKED skip; scenarios group by their first clause, in feature order.
func TestEveryStatusHasItsSubtest(t *testing.T) {
	leaked := "tok-never-in-a-test-log"
	ex := record.Exchange{
		Operation: "create-account", Method: "PUT", URL: "http://t/account",
		RequestHeaders: http.Header{"X-Auth-Token": {leaked}, "Content-Type": {"application/json"}},
		RequestBody:    `{"password":"hunter2"}`,
		Status:         200, ResponseHeaders: http.Header{"Content-Type": {"application/json"}},
		ResponseBody: `{"responseCode":"0000"}`, Latency: 3 * time.Millisecond,
	}
	sc := func(id, clause, name string, st record.Status, advisory bool, msg string) record.Scenario {
		return record.Scenario{ID: id, Name: name, Clauses: []string{clause, "A-7"}, Status: st, Advisory: advisory, Message: msg,
			Steps: []record.Step{
				{Text: "the partner creates an account", Status: "passed", Exchanges: []record.Exchange{ex}},
				{Text: "the account is created", Status: "failed", Error: msg},
			}}
	}
	res := &record.Run{Started: time.Now(), Scenarios: []record.Scenario{
		sc("a.feature:1", "A-4.2", "passes", record.Passed, false, ""),
		sc("a.feature:2", "A-4.2", "fails", record.Failed, false, "expected HTTP 201, got 200"),
		sc("b.feature:1", "A-4.3", "errs", record.Error, false, "infrastructure error (timeout)"),
		sc("b.feature:2", "A-4.3", "blocked", record.Blocked, false, "blocked by Create Account (A-4.2)"),
		sc("b.feature:3", "A-4.3", "advisory blocked", record.Blocked, true, "blocked by Create Account (A-4.2)"),
		sc("c.feature:1", "A-4.6", "warns", record.Warning, true, "advisory A-4.6#9: expected a refusal"),
		sc("c.feature:2", "A-4.6", "skips", record.Skipped, false, "the profile has no paymentOptionCode"),
		sc("d.feature:1", "B-4.19", "unclaimed", record.NotClaimed, false, ""),
		sc("a.feature:3", "A-4.2", "comes back", record.Passed, false, ""),
	}}
	rep := reports.Build(res, record.Meta{}, nil, nil)
	gs := groups(rep)

	var got []string
	for _, g := range gs {
		for _, o := range g.outcomes {
			got = append(got, g.clause+"/"+o.name+"="+[]string{"pass", "fail", "skip", "log"}[o.action])
		}
	}
	assert.Equal(t, []string{
		"A-4.2/passes=pass", "A-4.2/fails=fail", "A-4.2/comes back=pass",
		"A-4.3/errs=fail", "A-4.3/blocked=fail", "A-4.3/advisory blocked=skip",
		"A-4.6/warns=log", "A-4.6/skips=skip",
		"B-4.19/unclaimed=skip",
	}, got)

	fails := gs[0].outcomes[1].text
	assert.True(t, strings.HasPrefix(fails, "a.feature:2 FAILED: expected HTTP 201, got 200\nstep: the account is created\n"), fails)
	assert.Contains(t, fails, "request: PUT http://t/account\n  Content-Type: application/json\n  X-Auth-Token: [REDACTED]\n  {\"password\":\"[REDACTED]\"}")
	assert.Contains(t, fails, "response: HTTP 200 OK (3 ms)\n  Content-Type: application/json\n  {\"responseCode\":\"0000\"}")
	for _, g := range gs {
		for _, o := range g.outcomes {
			require.NotContains(t, o.text, leaked, "the report's redaction applies")
			require.NotContains(t, o.text, "hunter2")
		}
	}
	assert.Equal(t, "c.feature:2 SKIPPED: the profile has no paymentOptionCode", gs[2].outcomes[1].text)
	assert.Contains(t, gs[2].outcomes[0].text, "WARNING")
	assert.Contains(t, gs[3].outcomes[0].text, "NOT CLAIMED")
}

// A profile given in Go is not changed by Run, takes the defaults a file
// would, and must be complete.
func TestRunLeavesTheCallersProfileAlone(t *testing.T) {
	p := ReferenceProfile("http://example.invalid")
	p.Scope.Exclude = []string{"B-4.19"}
	_, err := run(t.Context(), "http://127.0.0.1:1", []Option{WithProfile(p), WithExclude("A-4.2"), WithTags("@A-99")}, nil)
	require.Error(t, err)
	assert.Equal(t, "http://example.invalid", p.BaseURL)
	assert.Equal(t, []string{"B-4.19"}, p.Scope.Exclude)

	p.Credentials.UserID = ""
	_, err = run(t.Context(), "", []Option{WithProfile(p)}, nil)
	assert.ErrorContains(t, err, "credentials.userId")
	_, err = run(t.Context(), "", []Option{WithProfileFile("testdata/missing.yaml")}, nil)
	assert.ErrorContains(t, err, "missing.yaml")
}
