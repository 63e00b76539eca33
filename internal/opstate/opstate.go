// Package opstate holds the one rule by which the suite's per-operation
// tables derive an operation's valid request from the operation contract
// (schemas.Catalogue) instead of naming it: the bad-input sweep's states
// ((*sweeper).build, sweep/state.go) and the reference's fuzz table
// (fuzzBuilders, reference/fuzz_test.go), and the tests that hold them to
// the catalogue.
package opstate

import (
	"net/http"
	"strings"

	"github.com/wallet-conformance/wallet-conformance/schemas"
)

// FromContract reports whether op's state follows from its contract: a
// read (GET, A-1.6: its parameters in the query) whose only path parameter
// is {accno}. Its valid request is its example request
// (schemas.ExampleRequest) on an account the caller opened, with the
// caller's envelope and profile values put in; it needs no payment, option
// or consent, and a read leaves its account as it was. Every other
// operation names its state where the table is.
func FromContract(op schemas.Operation) bool {
	if op.Method != http.MethodGet {
		return false
	}
	params := PathParams(op.Path)
	return len(params) == 1 && params[0] == "accno"
}

// PathParams lists the path parameters of a path template, in order:
// "/account/{accno}/consent/{consentReference}" has accno and
// consentReference.
func PathParams(path string) []string {
	var out []string
	for rest := path; ; {
		_, after, ok := strings.Cut(rest, "{")
		if !ok {
			return out
		}
		name, tail, ok := strings.Cut(after, "}")
		if !ok {
			return out
		}
		out = append(out, name)
		rest = tail
	}
}
