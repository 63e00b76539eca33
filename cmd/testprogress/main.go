// Command testprogress runs commands one after the other and says what
// they are doing while they run. Of a go test command: a line for every
// package done (as go test prints it), the output of every test that
// failed, and, at least every interval, a line naming what still runs and
// how far its subtests have got (a sweep's count). Of any other command
// (go vet): its output, and a line every interval while it is silent.
// Every command runs even when an earlier one failed; the exit status is 1
// when any did. make test runs through it.
//
//	go run ./cmd/testprogress [-every 20s] -- go vet ./... --- go test -race ./... --- go test -run Sweep ./runner
package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "testprogress:", err)
		os.Exit(1)
	}
}
