// Package sweep holds the two sweeps a run makes beside its scenarios,
// which are not exploration: no model, no random sequence, no shrinking.
//
// The bad-input sweep (sweep.go, inputs.go) generates bad values from the
// request schemas for every field of every operation, sends each as one
// change of a valid request built from a real state (state.go,
// options.go), judges the answer by the rule the input breaks, and reads
// the state back after every refused call that could have moved money or
// changed an account. The valid-request sweep (valid*.go) sends every
// request the contract permits and reads back what was sent. Both run on a
// pool of workers, each with fixtures of its own (pool.go), and file their
// findings in the order one worker would (report.go).
//
// The seam with package explore: a sweep needs (a) calls sent through the
// suite's client, counted against its bounds, recorded as exchanges and
// judged as the steps judge a success or a handled error, (b) the valid
// request body of each operation, as the steps build it, and (c) a wallet's
// balance. Those live in package calls, which both import, rather than
// being exported from explore: the sweeps then import nothing of the
// exploration, explore exports no name only a sweep needs, and the
// exploration's model (accounts, payments, moves) stays its own; the few
// fixtures a sweep keeps (the accounts and payments it made) are its own
// small types (sweep.go).
package sweep
