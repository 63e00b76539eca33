package reference

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/wallet-conformance/wallet-conformance/schemas"
)

// describeField writes every fact of a field the validator reads.
func describeField(f field) string {
	in := "params"
	if f.in == inPath {
		in = "path"
	}
	m := fmt.Sprint(f.max)
	if f.max == unbounded {
		m = "unbounded"
	}
	return fmt.Sprintf("%s kind=%d max=%s scale=%d tag=%v zero=%v required=%v in=%s", f.name, f.kind, m, f.scale, f.tag, f.zero, f.required, in)
}

// describeRule writes a conditional rule, its field lists sorted.
func describeRule(r condRule) string {
	fields, must := slices.Sorted(slices.Values(r.fields)), slices.Sorted(slices.Values(r.mustBeTrue))
	return fmt.Sprintf("trigger=%q ifPresent=%q ifAbsent=%q ifNoDigit=%q fields=%v mustBeTrue=%v", r.trigger, r.ifPresent, r.ifAbsent, r.ifNoDigit, fields, must)
}

// specDifferences lists how two specs differ: fields of one only, facts of
// a field, the order of the request's fields (path parameters aside), rules
// of one only.
func specDifferences(hand, derived fieldSpec) []string {
	var out []string
	index := func(s fieldSpec) map[string]field {
		m := map[string]field{}
		for _, f := range s.fields {
			m[f.name] = f
		}
		return m
	}
	h, d := index(hand), index(derived)
	for _, f := range hand.fields {
		g, ok := d[f.name]
		switch {
		case !ok:
			out = append(out, "only hand-written: "+describeField(f))
		case describeField(f) != describeField(g):
			out = append(out, "hand-written "+describeField(f)+" / derived "+describeField(g))
		}
	}
	for _, f := range derived.fields {
		if _, ok := h[f.name]; !ok {
			out = append(out, "only derived: "+describeField(f))
		}
	}
	order := func(s fieldSpec, other map[string]field) []string {
		var names []string
		for _, f := range s.fields {
			if _, ok := other[f.name]; ok && f.in != inPath {
				names = append(names, f.name)
			}
		}
		return names
	}
	if a, b := order(hand, d), order(derived, h); !slices.Equal(a, b) {
		out = append(out, fmt.Sprintf("order: hand-written %v / derived %v", a, b))
	}
	rules := func(s fieldSpec) []string {
		var rs []string
		for _, r := range s.rules {
			rs = append(rs, describeRule(r))
		}
		return rs
	}
	hr, dr := rules(hand), rules(derived)
	for _, r := range hr {
		if !slices.Contains(dr, r) {
			out = append(out, "rule only hand-written: "+r)
		}
	}
	for _, r := range dr {
		if !slices.Contains(hr, r) {
			out = append(out, "rule only derived: "+r)
		}
	}
	return out
}

// settled are the differences the comparison found and settled for the
// contract, by operation: the hand-written spec was wrong, the spec's
// sentence decides.
var settled = map[string][]string{
	// A-4.3: "Body: ... useDifferentCorrespondenceAddress B Y; CB fields
	// (rule 2.2); taxId S(50); notifyUser B ...; BZ fields; ..." lists no
	// isBusinessUser, so the BZ rule of cannot apply (the schema and
	// rule #6's note say so); the reference took it and applied it.
	// places the BZ fields after notifyUser; with no flag of their
	// own there, the schema gives them no place, and the derived order puts
	// them after the operation's own fields (a 0001 naming several fields
	// may name them in another order).
	schemas.UpdateAccount: {"only hand-written: isBusinessUser", `rule only hand-written: trigger="isBusinessUser"`, "order: "},
	// B-4.1: "Guest payment: useDifferentBillingAddress must be true;
	// customerFullName, emailAddress, addr1, ... city, postCode, countryCode
	// are then mandatory": the schema requires them in a guest payment;
	// the reference only through the billing rule (when the flag is true).
	schemas.InitAuthorize: {`rule only hand-written: trigger="" ifPresent="" ifAbsent="storedPaymentOptionReference" ifNoDigit="" fields=[]`, `rule only derived: trigger="" ifPresent="" ifAbsent="storedPaymentOptionReference" ifNoDigit="" fields=[addr1`},
	// B-4.4: "Body: partnerReference Y; modifiedUsage S(127); custom1..3;
	// the body may also carry modifiedAmount Dec(18,2) and
	// modifiedAmountCurrCode S(3)": the schema's order.
	schemas.Capture: {"order: "},
	// B-4.15: "oneTimePassword S(8) added": the spec gives no place; the
	// schema's order is the one order.
	schemas.KCDebitAccount: {"order: "},
}

// TestContractSpecsMatchTheHandWrittenOnes builds both specs of every
// operation of the catalogue and compares them field by field; a
// difference is either settled above or fails.
func TestContractSpecsMatchTheHandWrittenOnes(t *testing.T) {
	hand := map[string]fieldSpec{}
	for _, op := range slices.Concat(authOperations(), accountOperations(), paymentOptionOperations(),
		paymentOperations(), consentOperations(), accountInfoOperations(), kcOperations(), complianceOperations()) {
		hand[op.id] = op.spec
	}
	for _, op := range schemas.Catalogue() {
		h, ok := hand[op.ID]
		if !ok {
			t.Errorf("%s: no hand-written spec", op.ID)
			continue
		}
		diffs := slices.DeleteFunc(specDifferences(h, contractSpec(op.ID)), func(d string) bool {
			return slices.ContainsFunc(settled[op.ID], func(p string) bool { return strings.HasPrefix(d, p) })
		})
		if len(diffs) > 0 {
			t.Errorf("%s:\n  %s", op.ID, strings.Join(diffs, "\n  "))
		}
	}
}
