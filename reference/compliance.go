package reference

import (
	"github.com/wallet-conformance/wallet-conformance/schemas"
)

// complianceOperations lists the compliance endpoints.
func complianceOperations() []operation {
	return []operation{
		{id: schemas.AddressCheck, run: (*handler).addressCheck},
	}
}

// addressCheck implements B-4.19 Perform Address Check. The sandbox finds
// every address valid; the success status and the fields beyond
// partnerReference and programCode are the personality's (not shown in the
// spec).
func (h *handler) addressCheck(c *call) reply {
	status, fields := h.p.addressCheck(c.v)
	fields["partnerReference"] = c.v.str("partnerReference")
	fields["programCode"] = c.v.str("programCode")
	if h.mutant("address-check-no-programcode") {
		fields["programCode"] = nil
	}
	return h.ok(h.unshownSuccess(status), fields)
}
