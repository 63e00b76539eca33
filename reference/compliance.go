package reference

import (
	"slices"

	"github.com/wallet-conformance/wallet-conformance/schemas"
)

// complianceOperations lists the compliance endpoints.
func complianceOperations() []operation {
	return []operation{
		{id: schemas.AddressCheck, spec: addressCheckSpec(), run: (*handler).addressCheck},
	}
}

// addressCheckSpec is the body of B-4.19.
func addressCheckSpec() fieldSpec {
	return fieldSpec{fields: slices.Concat(
		[]field{
			str("partnerReference", 64).req(),
			str("programCode", 10).req(),
			str("street", 68).req(),
			str("house", 10),
			str("postalCode", 10),
			str("city", 50),
			str("countryCode", 3),
		},
		envelopeTail(),
	)}
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
