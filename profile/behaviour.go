package profile

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/wallet-conformance/wallet-conformance/rules"
)

// Behaviour is a point the spec leaves open on which conforming
// implementations differ, and which the suite cannot judge without knowing
// the target's choice: the target declares it in its profile under
// "behaviour:", and the suite holds it to what it declared (rules.Profile).
// A target that declares nothing gets each key's default.
type Behaviour struct {
	Key    string   // the key under behaviour:, e.g. "numberEncoding"
	Clause string   // the clause that leaves the point open, e.g. "A-2.0"
	Values []string // the choices; Values[0] is the default: the spec's own wording where it has one
	Doc    string   // what the key decides and what each value means, one sentence
}

// Behaviours lists every behaviour a profile can declare, in the order the
// spec's clauses come. Each area of the suite keeps its own table.
func Behaviours() []Behaviour {
	all := slices.Concat(conventionBehaviours, paymentBehaviours, accountInfoBehaviours)
	sort.SliceStable(all, func(i, j int) bool { return rules.Less(all[i].Clause, all[j].Clause) })
	return all
}

// behaviourKey returns the behaviour named key.
func behaviourKey(key string) (Behaviour, bool) {
	for _, b := range Behaviours() {
		if b.Key == key {
			return b, true
		}
	}
	return Behaviour{}, false
}

// Behaves returns the target's choice for behaviour key: what the profile
// declares, or the key's default. It panics on a key no table defines: that
// is a defect of the suite, not of a profile.
func (p *Profile) Behaves(key string) string {
	b, ok := behaviourKey(key)
	if !ok {
		panic(fmt.Sprintf("profile: no behaviour is called %q", key))
	}
	if v, ok := p.Behaviour[key]; ok && v != "" {
		return v
	}
	return b.Values[0]
}

// validateBehaviours checks that every declared behaviour is known and has
// one of its values.
func (p *Profile) validateBehaviours() error {
	keys := make([]string, 0, len(p.Behaviour))
	for k := range p.Behaviour {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var errs []string
	for _, k := range keys {
		b, ok := behaviourKey(k)
		switch {
		case !ok:
			errs = append(errs, fmt.Sprintf("behaviour.%s is not a behaviour the suite knows", k))
		case !slices.Contains(b.Values, p.Behaviour[k]):
			errs = append(errs, fmt.Sprintf("behaviour.%s is %q, not one of %s", k, p.Behaviour[k], strings.Join(b.Values, ", ")))
		}
	}
	if len(errs) > 0 {
		return &Error{Msg: strings.Join(errs, "; ")}
	}
	return nil
}
