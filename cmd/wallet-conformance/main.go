// Command wallet-conformance certifies an implementation of the Wallet
// Payments Service API: it runs the conformance suite against a target (by
// default an embedded reference server) and writes the report.
package main

import (
	"context"
	"os"
	"os/signal"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	code := Main(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}
