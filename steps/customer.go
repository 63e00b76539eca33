package steps

import (
	"strings"

	"github.com/wallet-conformance/wallet-conformance/profile"
)

// The one place that builds what the suite sends of a customer: every name,
// e-mail address and address of a request comes from the profile's test
// customers (profile.Customer: customer and otherCustomer, with their
// defaults), so that a vendor whose sandbox refuses the defaults sets its
// own. Steps and explore call these; no other file writes customer data.

// Customer returns the account owner the suite opens accounts for: Create
// Account's fields beside the envelope, the profile's customer,
// with login (lower-cased) as loginID and in the e-mail address, and ref as
// externalAccountReference. Lower case, so that a service that keeps login
// IDs and e-mail addresses in lower case reads back what was sent (A-4.4#3).
func Customer(p *profile.Profile, login, ref string) map[string]any {
	c := p.TestCustomer()
	login = strings.ToLower(login)
	return map[string]any{
		"externalAccountReference":          ref,
		"currCode":                          p.Currency,
		"loginID":                           login,
		"title":                             p.TitleCode,
		"lastName":                          c.LastName,
		"firstName":                         c.FirstName,
		"addr1":                             c.Addr1,
		"houseNumber":                       c.HouseNumber,
		"city":                              c.City,
		"countryCode":                       c.CountryCode,
		"postCode":                          c.PostCode,
		"dob":                               c.Dob,
		"emailAddress":                      c.Email(login),
		"useDifferentCorrespondenceAddress": false,
		"nationality":                       c.CountryCode,
		"isBusinessUser":                    false,
	}
}

// UpdatedCustomer returns what Update Account Information sends of
// the account created with prev: the otherCustomer's last name and
// address, the rest as created, so that the update shows in every field it
// changes.
func UpdatedCustomer(p *profile.Profile, prev map[string]any) map[string]any {
	o := p.OtherTestCustomer()
	return map[string]any{
		"accnoType":                         p.AccnoType,
		"title":                             p.TitleCode,
		"lastName":                          o.LastName,
		"firstName":                         prev["firstName"],
		"addr1":                             o.Addr1,
		"houseNumber":                       o.HouseNumber,
		"city":                              o.City,
		"postCode":                          o.PostCode,
		"countryCode":                       o.CountryCode,
		"dob":                               prev["dob"],
		"emailAddress":                      prev["emailAddress"],
		"useDifferentCorrespondenceAddress": false,
	}
}

// GuestBilling is the billing block of a guest payment (B-4.1 use case 1),
// the profile's customer: the house number apart from addr1, the e-mail
// address with local (lower-cased) for {id}.
func GuestBilling(p *profile.Profile, local string) map[string]any {
	c := p.TestCustomer()
	return map[string]any{
		"useDifferentBillingAddress": true,
		"customerFullName":           c.FullName(),
		"emailAddress":               c.Email(strings.ToLower(local)),
		"addr1":                      c.Addr1,
		"houseNumber":                c.HouseNumber,
		"city":                       c.City,
		"postCode":                   c.PostCode,
		"countryCode":                c.CountryCode,
	}
}

// billingValue is the test customer's value of a field of the billing
// block (A-2.2 BB), as GuestBilling sends it; ok is false for a field the
// block does not fill.
func billingValue(p *profile.Profile, field, local string) (any, bool) {
	if field == "useDifferentBillingAddress" {
		return nil, false
	}
	v, ok := GuestBilling(p, local)[field]
	return v, ok
}

// addr1WithHouseNumber is the customer's addr1 holding the house number
// (B-4.1: houseNumber "when not included in addr1").
func addr1WithHouseNumber(p *profile.Profile) string {
	c := p.TestCustomer()
	return c.Addr1 + " " + c.HouseNumber
}

// otherBilling is a different billing address (A-4.6, A-4.7, B-4.2), the
// profile's otherCustomer; withEmail adds its e-mail address with local for
// {id} (Complete Authorize takes none).
func otherBilling(p *profile.Profile, local string, withEmail bool) map[string]any {
	o := p.OtherTestCustomer()
	f := map[string]any{
		"useDifferentBillingAddress": true,
		"customerFullName":           o.FullName(),
		"addr1":                      o.Addr1,
		"houseNumber":                o.HouseNumber,
		"city":                       o.City,
		"countryCode":                o.CountryCode,
		"postCode":                   o.PostCode,
	}
	if withEmail {
		f["emailAddress"] = o.Email(strings.ToLower(local))
	}
	return f
}

// correspondenceAddress is a different correspondence address (A-2.2 CB),
// the otherCustomer's; alpha3 gives its country in alpha-3.
func correspondenceAddress(p *profile.Profile, alpha3 bool) map[string]any {
	o := p.OtherTestCustomer()
	country := o.CountryCode
	if alpha3 {
		country = o.CountryCode3
	}
	return map[string]any{
		"useDifferentCorrespondenceAddress": true,
		"correspondenceAddr1":               o.Addr1 + " " + o.HouseNumber,
		"correspondenceCity":                o.City,
		"correspondenceCountryCode":         country,
		"correspondencePostCode":            o.PostCode,
	}
}

// AddressCheck is Perform Address Check's address (B-4.19): the customer's.
func AddressCheck(p *profile.Profile) map[string]any {
	c := p.TestCustomer()
	return map[string]any{"street": c.Addr1, "house": c.HouseNumber, "postalCode": c.PostCode, "city": c.City, "countryCode": c.CountryCode}
}

// alpha2Of maps the alpha-3 codes the suite sends (the customers'
// countries, and the business block's) to their alpha-2 codes.
func alpha2Of(p *profile.Profile) map[string]string {
	m := map[string]string{"DEU": "DE", "AUT": "AT"}
	for _, c := range []profile.Customer{p.TestCustomer(), p.OtherTestCustomer()} {
		m[c.CountryCode3] = c.CountryCode
	}
	return m
}
