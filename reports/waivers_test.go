package reports

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wallet-conformance/wallet-conformance/record"
)

const waiversYAML = `waivers:
  - scenario: "A-4.02-create-account.feature/An account is created"   # a scenario key (file/name) ...
    justification: "fix scheduled for release 4.2"
    expires: 2027-01-31
  - clause: B-4.19                                  # ... or a clause tag (without @)
    justification: "address check not wired in the sandbox"
    expires: 2027-03-01
`

func TestParseWaivers(t *testing.T) {
	ws, err := ParseWaivers([]byte(waiversYAML))
	require.NoError(t, err)
	assert.Equal(t, []record.Waiver{
		{Scenario: "A-4.02-create-account.feature/An account is created", Justification: "fix scheduled for release 4.2", Expires: "2027-01-31", Line: 2},
		{Clause: "B-4.19", Justification: "address check not wired in the sandbox", Expires: "2027-03-01", Line: 5},
	}, ws)

	ws, err = ParseWaivers(nil)
	require.NoError(t, err)
	assert.Empty(t, ws)

	path := filepath.Join(t.TempDir(), "waivers.yaml")
	require.NoError(t, os.WriteFile(path, []byte(waiversYAML), 0o644))
	ws, err = LoadWaivers(path)
	require.NoError(t, err)
	require.Len(t, ws, 2)
	assert.Equal(t, path, ws[0].File, "a waiver knows its file, for the messages that name it")

	// An ID by line, as waivers were written before keys, is read: the run
	// refuses it saying what sits at that line now (runner.CheckWaivers).
	ws, err = ParseWaivers([]byte("waivers:\n  - scenario: a.feature:3\n    justification: j\n    expires: 2027-01-31\n"))
	require.NoError(t, err)
	assert.Equal(t, "a.feature:3", ws[0].Scenario)
}

func TestParseWaiversRejectsWhatIsWrong(t *testing.T) {
	for name, tc := range map[string]struct{ yaml, want string }{
		"unknown key in an entry": {"waivers:\n  - clause: A-4.2\n    justification: j\n    expires: 2027-01-31\n    reason: typo\n", `line 5: unknown key "reason" in a waiver`},
		"unknown top-level key":   {"waiver:\n  - clause: A-4.2\n", `unknown key "waiver"`},
		"no justification":        {"waivers:\n  - clause: A-4.2\n    expires: 2027-01-31\n", "waiver 1 (line 2): has no justification"},
		"blank justification":     {"waivers:\n  - clause: A-4.2\n    justification: '  '\n    expires: 2027-01-31\n", "has no justification"},
		"no expiry":               {"waivers:\n  - clause: A-4.2\n    justification: j\n", "waiver 1 (line 2): has no expires date"},
		"bad date":                {"waivers:\n  - clause: A-4.2\n    justification: j\n    expires: 2027-02-30\n", `expires "2027-02-30" is not a date YYYY-MM-DD`},
		"both":                    {"waivers:\n  - clause: A-4.2\n    scenario: a.feature:3\n    justification: j\n    expires: 2027-01-31\n", "names both a scenario and a clause"},
		"neither":                 {"waivers:\n  - justification: j\n    expires: 2027-01-31\n", "names neither a scenario"},
		"not a scenario key":      {"waivers:\n  - scenario: create account\n    justification: j\n    expires: 2027-01-31\n", `scenario "create account" is not a scenario key (file.feature/Scenario name`},
		"not a clause":            {"waivers:\n  - clause: A-4.99\n    justification: j\n    expires: 2027-01-31\n", `clause "A-4.99" is not a clause of Documents A and B`},
		"second entry":            {"waivers:\n  - clause: A-4.2\n    justification: j\n    expires: 2027-01-31\n  - clause: A-4.3\n    expires: 2027-01-31\n", "waiver 2 (line 5): has no justification"},
	} {
		t.Run(name, func(t *testing.T) {
			_, err := ParseWaivers([]byte(tc.yaml))
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
		})
	}
}

func TestWaivedFailuresMakeTheVerdictConformantWithWaivers(t *testing.T) {
	r := testResult()
	assert.Equal(t, record.NotConformant, r.Verdict())

	st := ApplyWaivers(r, []record.Waiver{clauseWaiver("2026-12-31"), errorWaiver("2026-06-01")}, today)
	assert.Equal(t, record.ConformantWithWaivers, r.Verdict())
	require.Len(t, st, 2)
	assert.Equal(t, WaiverApplied, st[0].State)
	assert.Equal(t, []string{"A-4.03-update-account.feature:14"}, st[0].Waived)
	assert.Equal(t, WaiverApplied, st[1].State, "a waiver applies on its expiry date")
	assert.Equal(t, []string{"A-4.05-close-account.feature:8"}, st[1].Waived)

	// The status level stays; the waiver is recorded on the scenario.
	assert.Equal(t, record.Failed, r.Scenarios[2].Status)
	require.NotNil(t, r.Scenarios[2].Waiver)
	assert.Equal(t, "A-4.3", r.Scenarios[2].Waiver.Clause)
	assert.Equal(t, record.Error, r.Scenarios[3].Status)
	require.NotNil(t, r.Scenarios[3].Waiver)

	// Only one of the two failures waived: still NOT CONFORMANT.
	ApplyWaivers(r, []record.Waiver{clauseWaiver("2026-12-31")}, today)
	assert.Equal(t, record.NotConformant, r.Verdict())
	assert.Nil(t, r.Scenarios[3].Waiver, "applying again starts afresh")
}

func TestExpiredWaiverWaivesNothingAndIsReported(t *testing.T) {
	r := testResult()
	st := ApplyWaivers(r, []record.Waiver{clauseWaiver("2026-05-31"), errorWaiver("2026-12-31")}, today)
	assert.Equal(t, record.NotConformant, r.Verdict())
	assert.Nil(t, r.Scenarios[2].Waiver)
	assert.Equal(t, WaiverExpired, st[0].State)
	assert.True(t, st[0].Expired)
	assert.Empty(t, st[0].Waived)
	assert.Equal(t, []string{"A-4.03-update-account.feature:14"}, st[0].Matched)
	assert.Contains(t, st[0].Reason, "past its date (2026-05-31)")
}

func TestWaiverOfPassingScenariosIsUnused(t *testing.T) {
	r := testResult()
	st := ApplyWaivers(r, []record.Waiver{
		{Clause: "A-4.2", Justification: "was flaky", Expires: "2026-12-31"},
		{Scenario: "A-9-versioning.feature/A version is served", Justification: "gone", Expires: "2026-12-31"},
		{Clause: "A-4.6", Justification: "advisory", Expires: "2026-12-31"}, // a WARNING needs no waiver
	}, today)
	assert.Equal(t, record.NotConformant, r.Verdict())
	for _, s := range st {
		assert.Equal(t, WaiverUnused, s.State, s.Waiver.Target())
		assert.True(t, s.Unused)
		assert.Empty(t, s.Waived)
	}
	assert.Equal(t, []string{"A-4.02-create-account.feature:10", "A-4.02-create-account.feature:22"}, st[0].Matched)
	assert.Contains(t, st[0].Reason, "none of the 2 scenario(s) it names failed")
	assert.Empty(t, st[1].Matched)
	assert.Contains(t, st[1].Reason, "names no scenario of this run")
}

func TestWaiverExpiryIsADate(t *testing.T) {
	w := record.Waiver{Clause: "A-4.2", Justification: "j", Expires: "2026-06-01"}
	assert.False(t, w.Expired(time.Date(2026, 6, 1, 23, 59, 0, 0, time.UTC)))
	assert.True(t, w.Expired(time.Date(2026, 6, 2, 0, 0, 1, 0, time.UTC)))
	assert.True(t, record.Waiver{Expires: "soon"}.Expired(today))
}
