//go:build !race

package schemas_test

// raceDetector is true when the tests run under the race detector.
const raceDetector = false
