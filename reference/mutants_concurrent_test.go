package reference

import (
	"encoding/json"
	"maps"
	"sync"
)

func init() { maps.Copy(mutantProbes, concurrentProbes) }

// concurrentProbes observe the faults only moves sent at once reveal: two
// partial KC-Refunds of one debit sent together must both be credited.
var concurrentProbes = map[string]func(c *client) bool{
	"kc-capture-releases-every-block": func(c *client) bool {
		accno := c.fundedWallet("100.00")
		c.kcAuthorized(accno, "30.00")
		ref := c.kcAuthorized(accno, "20.00")
		c.kcCapture(ref, nil)
		return c.balancesOf(accno).blk != "30.00"
	},
	"kc-refund-lost-update": func(c *client) bool {
		accno := c.fundedWallet("100.00")
		ref := c.kcDebited(accno, "30.00")
		var wg sync.WaitGroup
		for range 2 {
			w := c.worker()
			wg.Go(func() { w.kcRefund(ref, map[string]any{"refundAmount": json.Number("10.00")}) })
		}
		wg.Wait()
		return c.balancesOf(accno).bk != "90.00"
	},
	// Two partial KC-Refunds one after another: both are credited.
	"kc-second-refund-not-credited": func(c *client) bool {
		accno := c.fundedWallet("100.00")
		ref := c.kcDebited(accno, "30.00")
		c.kcRefund(ref, map[string]any{"refundAmount": json.Number("10.00")})
		c.kcRefund(ref, map[string]any{"refundAmount": json.Number("5.00")})
		return c.balancesOf(accno).bk != "85.00"
	},
	// A second KC-Capture of a payment captured in part: the conforming
	// server refuses it; the mutant takes it and debits 30.00 again.
	"kc-capture-again-debits-authorized": func(c *client) bool {
		accno := c.fundedWallet("100.00")
		ref := c.kcAuthorized(accno, "30.00")
		c.kcCapture(ref, map[string]any{"modifiedAmount": json.Number("10.00")})
		c.kcCapture(ref, map[string]any{"modifiedAmount": json.Number("5.00")})
		bk := c.balancesOf(accno).bk
		return bk != "90.00" && bk != "85.00"
	},
	// Two KC-Authorizes of one wallet sent at once: both blocks stay.
	"kc-authorize-lost-block": func(c *client) bool {
		accno := c.fundedWallet("100.00")
		var wg sync.WaitGroup
		for _, amount := range []string{"20.00", "30.00"} {
			w := c.worker()
			wg.Go(func() { w.kcAuthorize(accno, amount, nil) })
		}
		wg.Wait()
		return c.balancesOf(accno).blk != "50.00"
	},
}
