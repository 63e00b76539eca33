package runner_test

import "testing"

// skipUnderRace skips a sweep of the whole suite against every mutant or
// variant of the reference server under the race detector: it exercises
// no code the personality and concurrency tests do not already run under
// -race, and would take most of CI's time there. make test runs it again
// without -race.
func skipUnderRace(t *testing.T) {
	t.Helper()
	if raceEnabled {
		t.Skip("a sweep of every mutant or variant: make test runs it without -race")
	}
}
