package reference

import (
	"fmt"
	"slices"
	"sync"

	"github.com/wallet-conformance/wallet-conformance/schemas"
)

// The response schemas (schemas/*.response.json and the resources they
// reference: account.json, stored-payment-option.json ...) are the one list
// of the fields of a response. A view of the reference sets the fields it
// computes; the fields stored as sent and shown as stored, and the nulls of
// the fields without a value, follow from the schemas (complete,
// storedAccountFields), so that a field added to a request schema and to a
// response schema is stored and shown with no edit here.

// Schema names of the resources the views build.
const (
	accountSchema      = "account.json"
	paymentOptionShape = "payment-option.json"
	storedOptionShape  = "stored-payment-option.json"
	accountEntryShape  = "account-entry.json"
	// paymentStatusShape is Get Payment Status's response: its view sets
	// the payment's fields, the handler the envelope's.
	paymentStatusShape = "get-payment-status.response.json"
	envelopeShape      = "envelope.response.json"
)

// shapes caches schemas.Set.Shape by schema name.
var shapes sync.Map // string -> []schemas.Property

// shape is the shape of the named schema; it panics when the schema is
// unknown, a programming error.
func shape(name string) []schemas.Property {
	if s, ok := shapes.Load(name); ok {
		return s.([]schemas.Property)
	}
	s := contractSet().Shape(name)
	if s == nil {
		panic("reference: no schema " + name)
	}
	shapes.Store(name, s)
	return s
}

// complete sets every property of the named schema that m lacks to nil
// (JSON null) when the schema allows null, and returns m. A property the
// schema requires and does not allow null that m lacks is a programming
// error of the view: complete panics naming the schema and the property.
// A property of an object of its own (billingAddress) is completed in turn
// when m holds that object as a map.
//
// The properties of the envelope (envelope.response.json) are left out:
// the envelope's code (envelope.go) and the handler set them.
func complete(name string, m map[string]any) map[string]any {
	envelope := map[string]bool{}
	for _, p := range shape(envelopeShape) {
		envelope[p.Name] = true
	}
	props := slices.DeleteFunc(slices.Clone(shape(name)), func(p schemas.Property) bool { return envelope[p.Name] })
	completeShape(name, props, m)
	return m
}

func completeShape(name string, props []schemas.Property, m map[string]any) {
	for _, p := range props {
		v, ok := m[p.Name]
		switch {
		case !ok && p.Nullable:
			m[p.Name] = nil
		case !ok && p.Required:
			panic(fmt.Sprintf("reference: the view of %s sets no %s, which the schema requires and does not allow null", name, p.Name))
		case ok && p.Properties != nil:
			if sub, isMap := v.(map[string]any); isMap {
				completeShape(name+"#"+p.Name, p.Properties, sub)
			}
		}
	}
}

// storedAccountFields are the fields of the account resource (A-2.4,
// account.json) that Create Account's or Update Account's request carries
// and the account stores (setCustomerData: every request field not in
// notCustomerData), in name order. accountView shows them as stored, before
// it sets the fields it computes (the country codes split, the names of the
// countries, the flags), which replace a stored value of the same name.
var storedAccountFields = sync.OnceValue(func() []string {
	set := contractSet()
	sent := map[string]bool{}
	for _, op := range []string{schemas.CreateAccount, schemas.UpdateAccount} {
		for _, f := range set.RequestFields(op) {
			sent[f.Name] = !slices.Contains(notCustomerData, f.Name)
		}
	}
	var out []string
	for _, p := range shape(accountSchema) {
		if sent[p.Name] {
			out = append(out, p.Name)
		}
	}
	return out
})
