package reference

import (
	"net/http"
	"regexp"
	"strings"
)

// The guest data checks of two variants (B-4.1 use case 1): a guest's
// customerFullName, emailAddress, addr1, houseNumber, city, postCode and
// countryCode "hold real customer data; inaccurate data may cause
// rejection", so a sandbox may refuse data it finds made up, or accept only
// its own test customers.

// guestDataRefused is the outcome of a guest payment whose data a variant refuses.
var guestDataRefused = outcome{"0012", http.StatusUnprocessableEntity}

// knownGuest is the one test customer the variant
// guest-data-known-customers-only accepts, as its vendor documents it.
var knownGuest = struct {
	firstName, lastName, emailDomain, addr1, houseNumber, city, postCode, countryCode, countryCode3 string
}{"Jana", "Novakova", "@customers.sandbox.test", "Vinohradska", "12", "Praha", "120 00", "CZ", "CZE"}

// KnownGuestProfile is the profile keys a target that makes the variant
// guest-data-known-customers-only sets: its test customer.
var knownGuestProfile = map[string]string{
	"customer.firstName": knownGuest.firstName, "customer.lastName": knownGuest.lastName,
	"customer.emailAddress": "{id}" + knownGuest.emailDomain,
	"customer.addr1":        knownGuest.addr1, "customer.houseNumber": knownGuest.houseNumber, "customer.city": knownGuest.city,
	"customer.postCode": knownGuest.postCode, "customer.countryCode": knownGuest.countryCode, "customer.countryCode3": knownGuest.countryCode3,
}

// postCodeForms are the postcode forms the plausibility check knows; a
// country it does not know passes.
var postCodeForms = map[string]*regexp.Regexp{
	"DE": regexp.MustCompile(`^[0-9]{5}$`), "AT": regexp.MustCompile(`^[0-9]{4}$`), "CH": regexp.MustCompile(`^[0-9]{4}$`),
	"CZ": regexp.MustCompile(`^[0-9]{3} ?[0-9]{2}$`), "FR": regexp.MustCompile(`^[0-9]{5}$`), "NL": regexp.MustCompile(`^[0-9]{4} ?[A-Z]{2}$`),
}

// madeUpNames are words that no real customer's name is: specimen and
// placeholder names.
var madeUpNames = regexp.MustCompile(`(?i)\b(mustermann|musterfrau|beispiel|doe|example|test|foo|bar)\b`)

// documentationDomain matches the domains RFC 2606 reserves for
// documentation: example.com, .net, .org and anything under .example.
var documentationDomain = regexp.MustCompile(`(?i)@([a-z0-9-]+\.)*(example\.(com|net|org)|[a-z0-9-]+\.example)$`)

// guestDataCheck refuses a guest payment's data as the variants do: the
// fields it refuses, named in the description; ok when it accepts them.
func (h *handler) guestDataCheck(c *call) (reply, bool) {
	if !c.v.flag("useDifferentBillingAddress") || c.v.str("storedPaymentOptionReference") != "" {
		return reply{}, true
	}
	var refused []string
	if h.variant("guest-data-plausibility-checked") {
		if madeUpNames.MatchString(c.v.str("customerFullName")) || len(strings.Fields(c.v.str("customerFullName"))) < 2 {
			refused = append(refused, "customerFullName")
		}
		if documentationDomain.MatchString(c.v.str("emailAddress")) {
			refused = append(refused, "emailAddress")
		}
		if form, ok := postCodeForms[strings.ToUpper(c.v.str("countryCode"))]; ok && !form.MatchString(c.v.str("postCode")) {
			refused = append(refused, "postCode")
		}
	}
	if h.variant("guest-data-known-customers-only") {
		k := knownGuest
		addr1 := c.v.str("addr1")
		switch {
		case c.v.str("customerFullName") != k.firstName+" "+k.lastName:
			refused = append(refused, "customerFullName")
		case !strings.HasSuffix(strings.ToLower(c.v.str("emailAddress")), k.emailDomain):
			refused = append(refused, "emailAddress")
		case addr1 != k.addr1 && addr1 != k.addr1+" "+k.houseNumber, c.v.str("city") != k.city, c.v.str("postCode") != k.postCode,
			c.v.str("countryCode") != k.countryCode && c.v.str("countryCode") != k.countryCode3:
			refused = append(refused, "addr1", "city", "postCode", "countryCode")
		}
	}
	if len(refused) == 0 {
		return reply{}, true
	}
	return h.fail(guestDataRefused, "customer data not accepted: "+strings.Join(refused, ", ")), false
}
