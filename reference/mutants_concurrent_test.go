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
}
