package steps

import (
	"encoding/json"
	"fmt"
	"net/url"
	"regexp"
	"slices"
	"strings"

	"github.com/tidwall/gjson"

	"github.com/wallet-conformance/wallet-conformance/profile"
	"github.com/wallet-conformance/wallet-conformance/record"
	"github.com/wallet-conformance/wallet-conformance/schemas"
)

// Explain returns the profile settings that the evidence of a call that
// went wrong points to: ex is that call, prior the scenario's calls before
// it. Each hint names a key and the value (or the data) that would change
// how the target's answer is judged:
//
//   - an N(n) field sent as the declared behaviour.numberEncoding
//     writes it, refused as a handled error whose description names the
//     field: the other encoding;
//   - an exact repeat of a payment move (B-3) answered otherwise than
//     behaviour.repeatedPaymentMove or behaviour.kcRepeatedMove declares:
//     the other value;
//   - the profile's customer data (customer.*, otherCustomer.*) refused as
//     a handled error whose description names no other field of the
//     request: the customer keys it carried (B-4.1 says of a guest's data
//     "inaccurate data may cause rejection").
//
// A hint never changes a status; the reports print it beside the cause.
func Explain(p *profile.Profile, prior []record.Exchange, ex record.Exchange) []record.Hint {
	if ex.Error != "" {
		return nil
	}
	var out []record.Hint
	if h, ok := numberEncodingHint(p, ex); ok {
		out = append(out, h)
	}
	if h, ok := repeatedMoveHint(p, prior, ex); ok {
		out = append(out, h)
	}
	if keys := refusedCustomerKeys(p, ex); len(keys) > 0 {
		out = append(out, customerHint(p, ex, keys))
	}
	return out
}

// handledRefusal reports whether ex was answered as A-7's handled error:
// a responseCode other than 0000 and 0099 with an HTTP 4xx status.
func handledRefusal(ex record.Exchange) bool {
	code := gjson.Get(ex.ResponseBody, "responseCode").String()
	return ex.Status/100 == 4 && code != "" && code != "0000" && code != "0099"
}

// names reports whether an answer's description names field, as a word.
func names(description, field string) bool {
	return regexp.MustCompile(`\b` + regexp.QuoteMeta(field) + `\b`).MatchString(description)
}

// numberEncodingHint: an N(n) field of the request, encoded as the profile
// declares, refused naming it.
func numberEncodingHint(p *profile.Profile, ex record.Exchange) (record.Hint, bool) {
	if !handledRefusal(ex) {
		return record.Hint{}, false
	}
	desc := gjson.Get(ex.ResponseBody, "responseDescription").String()
	declared := p.Behaves(profile.NumberEncoding)
	for _, name := range numberFields[ex.Operation] {
		v := gjson.Get(ex.RequestBody, name)
		if !v.Exists() || !names(desc, name) {
			continue
		}
		other := ""
		switch {
		case v.Type == gjson.String && declared == profile.AsString:
			other = profile.AsNumber
		case v.Type == gjson.Number && declared == profile.AsNumber:
			other = profile.AsString
		default:
			continue
		}
		return record.Hint{
			Setting: "behaviour." + string(profile.NumberEncoding) + ": " + other,
			Why: fmt.Sprintf("%s refused %s, an N(n) field sent as a JSON %s (numberEncoding %s), naming it; A-2.0's \"number, length n\" permits either encoding, and a target that reads it as a JSON %s declares so",
				operationName(ex.Operation), name, declared, declared, other),
		}, true
	}
	return record.Hint{}, false
}

// repeatBehaviour is the behaviour that declares what an exact repeat of
// each move answers (B-3).
var repeatBehaviour = map[string]profile.BehaviourKey{
	schemas.CompleteAuthorize: profile.RepeatedPaymentMove,
	schemas.Capture:           profile.RepeatedPaymentMove,
	schemas.Cancel:            profile.RepeatedPaymentMove,
	schemas.KCCapture:         profile.KCRepeatedMove,
	schemas.KCCancel:          profile.KCRepeatedMove,
}

// repeatedMoveHint: a move that repeats one that succeeded on the same
// payment, answered otherwise than the profile declares.
func repeatedMoveHint(p *profile.Profile, prior []record.Exchange, ex record.Exchange) (record.Hint, bool) {
	key, ok := repeatBehaviour[ex.Operation]
	if !ok {
		return record.Hint{}, false
	}
	repeat := slices.ContainsFunc(prior, func(e record.Exchange) bool {
		return e.Operation == ex.Operation && samePath(e.URL, ex.URL) && e.Error == "" && e.Status/100 == 2 && gjson.Get(e.ResponseBody, "responseCode").String() == "0000"
	})
	if !repeat {
		return record.Hint{}, false
	}
	answered := ""
	switch {
	case ex.Status/100 == 2 && gjson.Get(ex.ResponseBody, "responseCode").String() == "0000":
		answered = profile.Idempotent
	case handledRefusal(ex):
		answered = profile.Refused
	}
	if answered == "" || answered == p.Behaves(key) {
		return record.Hint{}, false
	}
	return record.Hint{
		Setting: "behaviour." + string(key) + ": " + answered,
		Why: fmt.Sprintf("%s repeated a move that had succeeded on the same payment and was answered %s, where the profile declares %s; B-3 does not show what a repeat answers, and a target that answers so declares it",
			operationName(ex.Operation), answered, p.Behaves(key)),
	}, true
}

// samePath reports whether two URLs name the same resource (their paths).
func samePath(a, b string) bool {
	ua, errA := url.Parse(a)
	ub, errB := url.Parse(b)
	return errA == nil && errB == nil && ua.Path == ub.Path
}

// customerFields maps the request fields the suite fills from a test
// customer (customer.go) to the customer's keys each carries.
var customerFields = map[string][]string{
	"firstName": {"firstName"}, "lastName": {"lastName"}, "customerFullName": {"firstName", "lastName"},
	"emailAddress": {"emailAddress"}, "dob": {"dob"},
	"addr1": {"addr1"}, "houseNumber": {"houseNumber"}, "city": {"city"}, "postCode": {"postCode"},
	"countryCode": {"countryCode", "countryCode3"}, "nationality": {"countryCode", "countryCode3"},
	"correspondenceAddr1": {"addr1", "houseNumber"}, "correspondenceCity": {"city"},
	"correspondencePostCode": {"postCode"}, "correspondenceCountryCode": {"countryCode", "countryCode3"},
	"street": {"addr1"}, "house": {"houseNumber"}, "postalCode": {"postCode"},
}

// carries reports whether a request's value of field is c's (for key).
func carries(c profile.Customer, field, key, value string) bool {
	switch key {
	case "firstName":
		return value == c.FirstName || (field == "customerFullName" && value == c.FullName())
	case "lastName":
		return value == c.LastName || (field == "customerFullName" && value == c.FullName())
	case "emailAddress":
		pre, post, _ := strings.Cut(c.EmailAddress, profile.IDPlaceholder)
		return strings.HasPrefix(value, strings.ToLower(pre)) && strings.HasSuffix(value, post) && len(value) > len(pre)+len(post)
	case "dob":
		return value == c.Dob
	case "addr1":
		return value == c.Addr1 || strings.HasPrefix(value, c.Addr1+" ")
	case "houseNumber":
		return value == c.HouseNumber || strings.HasSuffix(value, " "+c.HouseNumber)
	case "city":
		return value == c.City
	case "postCode":
		return value == c.PostCode
	case "countryCode", "countryCode3":
		return value == c.CountryCode || value == c.CountryCode3
	}
	return false
}

// refusedCustomerKeys returns the profile's customer keys whose values a
// request carried, when the target refused it as a handled error whose
// description names no other field of the request, so that the refusal
// could be the data: those the description names, or every one it
// carried when it names none. nil otherwise.
func refusedCustomerKeys(p *profile.Profile, ex record.Exchange) []string {
	if !handledRefusal(ex) || ex.RequestBody == "" {
		return nil
	}
	var fields map[string]any
	if json.Unmarshal([]byte(ex.RequestBody), &fields) != nil {
		return nil
	}
	desc := gjson.Get(ex.ResponseBody, "responseDescription").String()
	for _, word := range camelCase.FindAllString(desc, -1) {
		if _, ok := customerFields[word]; !ok {
			return nil // names a field the customer does not fill, sent or missing
		}
	}
	var carried, named []string
	for field, v := range fields {
		s, _ := v.(string)
		keys := []string{}
		for _, group := range []struct {
			name string
			c    profile.Customer
		}{{"customer", p.TestCustomer()}, {"otherCustomer", p.OtherTestCustomer()}} {
			for _, k := range customerFields[field] {
				if s != "" && carries(group.c, field, k, s) {
					keys = append(keys, group.name+"."+k)
				}
			}
		}
		switch {
		case len(keys) == 0 && names(desc, field):
			return nil // the answer names another field: not the customer's data
		case len(keys) > 0 && names(desc, field):
			named = append(named, keys...)
		}
		carried = append(carried, keys...)
	}
	if len(named) > 0 {
		carried = named
	}
	return orderedKeys(carried)
}

// camelCase finds the field names a description may name (accnoType,
// presentationUsage): words with a capital letter after a small one.
var camelCase = regexp.MustCompile(`\b[a-z]+[A-Z][A-Za-z0-9]*\b`)

// orderedKeys returns keys without repeats, in the profile's order.
func orderedKeys(keys []string) []string {
	var out []string
	for _, k := range slices.Concat(profile.CustomerKeys("customer"), profile.CustomerKeys("otherCustomer")) {
		if slices.Contains(keys, k) {
			out = append(out, k)
		}
	}
	return out
}

// customerHint names the customer keys a refused call carried.
func customerHint(p *profile.Profile, ex record.Exchange, keys []string) record.Hint {
	whose := "the profile's test customer"
	if p.Customer == (profile.Customer{}) || p.Customer == profile.DefaultCustomer {
		whose = "the suite's default test customer (the profile sets no customer)"
	}
	why := fmt.Sprintf("%s refused %s as a handled error that names no other field of the request: a sandbox that checks customer data may refuse it; set a test customer it accepts",
		operationName(ex.Operation), whose)
	if ex.Operation == schemas.InitAuthorize {
		why += " (B-4.1: a guest's data \"hold real customer data; inaccurate data may cause rejection\")"
	}
	return record.Hint{Setting: strings.Join(keys, ", "), Why: why}
}

// operationName is an operation's name in the spec, or its ID.
func operationName(id string) string {
	if op, ok := schemas.Lookup(id); ok {
		return op.Name
	}
	return id
}
