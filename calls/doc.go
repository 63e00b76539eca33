// Package calls is what the stateful exploration (package explore) and
// the sweeps (package sweep) share and is neither: how they call a target
// outside the scenarios.
//
//   - Caller sends an operation through the suite's client (package
//     targetclient: token cache, retries, redaction), counts it against the
//     bounds (MaxCalls, Deadline) and hands each exchange to Record.
//   - Reply is one call and its answer, with the suite's judgement of it
//     as the steps make it: Success (A-1.2, A-7's success, the response
//     schema), HandledError, NotASuccess.
//   - Requests builds each operation's valid request body as the steps
//     build it for the same sentence (steps/*.go), with values unique to
//     the builder.
//   - Balance is a wallet's balance (B-2.4), read by BalanceOf.
//
// It is a package of its own, not names exported from explore, so that the
// sweeps import nothing of the exploration (its model, moves and
// invariants) and explore exports no name only a sweep needs.
package calls
