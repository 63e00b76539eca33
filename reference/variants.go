package reference

import (
	"fmt"
	"slices"
)

// Variant is a choice the specification permits that the Standard server
// makes otherwise: a server built with Config.Variants naming it is still a
// conforming server, so the suite must pass it. Variants are the mirror of
// mutants: a mutant proves a check bites, a variant proves a check does not
// assert more than the spec states. Each rests on a sentence of the spec
// that leaves the point open.
type Variant struct {
	Name        string // kebab-case identifier, a value of Config.Variants
	Clause      string // the clause that leaves the choice open, e.g. "A-2.4"
	Description string // what this server does instead, and the spec's words that allow it
	// Declares holds the profile behaviours (profile.Behaviours, key ->
	// value) that a target making this choice declares; a variant that
	// needs no declaration leaves it nil.
	Declares map[string]string
	// Sets holds the other profile keys (dotted, "customer.lastName" ->
	// value) that a target making this choice sets: the test customer its
	// sandbox accepts, for one. nil when it needs none.
	Sets map[string]string
}

// Variants returns every variant of the reference server. Names are stable
// identifiers; any set of them can be combined.
func Variants() []Variant {
	return slices.Concat(conventionVariants, paymentVariants, accountInfoVariants, sweepVariants, validVariants)
}

// knownVariants returns an error naming the first unknown or repeated variant.
func knownVariants(names []string) error {
	seen := map[string]bool{}
	for _, n := range names {
		if seen[n] {
			return fmt.Errorf("reference: variant %q named twice", n)
		}
		seen[n] = true
		if !slices.ContainsFunc(Variants(), func(v Variant) bool { return v.Name == n }) {
			return fmt.Errorf("reference: unknown variant %q", n)
		}
	}
	return nil
}

// variant reports whether the handler makes the named choice. Every name
// passed here is one of the tables (checked by a test).
func (h *handler) variant(name string) bool {
	return slices.Contains(h.cfg.Variants, name)
}
