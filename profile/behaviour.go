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
	Key    BehaviourKey // the key under behaviour:, e.g. "numberEncoding"
	Clause string       // the clause that leaves the point open, e.g. "A-2.0"
	Values []string     // the choices; Values[0] is the default: the spec's own wording where it has one
	Doc    string       // what the key decides and what each value means, one sentence
}

// BehaviourKey names a behaviour. The keys are the constants below, one per
// behaviour of the tables (TestEveryBehaviourKeyIsDefined), so the suite
// cannot ask for a behaviour no table defines.
type BehaviourKey string

// The behaviours a profile can declare.
const (
	NumberEncoding      BehaviourKey = "numberEncoding"
	RepeatedPaymentMove BehaviourKey = "repeatedPaymentMove"
	KCRepeatedMove      BehaviourKey = "kcRepeatedMove"
)

// The values the behaviours take.
const (
	AsString   = "string"     // NumberEncoding: a JSON string of digits
	AsNumber   = "number"     // NumberEncoding: a JSON number
	Refused    = "refused"    // RepeatedPaymentMove, KCRepeatedMove: a handled error
	Idempotent = "idempotent" // RepeatedPaymentMove, KCRepeatedMove: 0000 again
)

// behaviourKeys lists the constants above, for the test that ties them to
// the tables.
var behaviourKeys = []BehaviourKey{NumberEncoding, RepeatedPaymentMove, KCRepeatedMove}

// Behaviours lists every behaviour a profile can declare, in the order the
// spec's clauses come. Each area of the suite keeps its own table.
func Behaviours() []Behaviour {
	all := slices.Concat(conventionBehaviours, paymentBehaviours, accountInfoBehaviours)
	sort.SliceStable(all, func(i, j int) bool { return rules.Less(all[i].Clause, all[j].Clause) })
	return all
}

// behaviourKey returns the behaviour named key.
func behaviourKey(key BehaviourKey) (Behaviour, bool) {
	for _, b := range Behaviours() {
		if b.Key == key {
			return b, true
		}
	}
	return Behaviour{}, false
}

// Behaves returns the target's choice for behaviour key: what the profile
// declares, or the key's default.
func (p *Profile) Behaves(key BehaviourKey) string {
	if v, ok := p.Behaviour[string(key)]; ok && v != "" {
		return v
	}
	b, _ := behaviourKey(key) // every key has its table entry (TestEveryBehaviourKeyIsDefined)
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
		b, ok := behaviourKey(BehaviourKey(k))
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
