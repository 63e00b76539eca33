//go:build race

package sweep_test

// raceEnabled is true in a test binary built with -race.
const raceEnabled = true
