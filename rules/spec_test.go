package rules

import (
	"fmt"
	"os"
	"sync"
	"testing"
)

// specMissing says once per test binary that the spec text is not here.
var specMissing sync.Once

// loadSpec returns the spec text for a test that quotes it. Without
// $WALLET_SPEC_DIR and with no ../shared/spec beside the clone (a user's
// clone), the test is skipped and the binary says so once on stderr; with
// the variable set (the project's CI), a spec not found fails the test.
func loadSpec(t *testing.T) *Spec {
	t.Helper()
	s, from, required, err := FindSpec(".")
	if err == nil {
		return s
	}
	if required {
		t.Fatalf("%s=%s: %v", SpecDirVar, from, err)
	}
	specMissing.Do(func() {
		fmt.Fprintf(os.Stderr, "rules: the spec text is not beside the clone (%s): the tests that check quotes against it are skipped; set %s to run them\n", from, SpecDirVar)
	})
	t.Skipf("the spec text is not beside the clone (%s): quotes not checked", from)
	return nil
}
