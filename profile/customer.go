package profile

import (
	"fmt"
	"strings"
	"time"
)

// Customer is a test customer of the profile: the person the suite opens
// accounts for and pays as a guest with (B-4.1 use case 1, whose
// billing data "hold real customer data; inaccurate data may cause
// rejection"). A sandbox that checks customer data for plausibility may
// refuse the suite's defaults; its vendor sets a test customer it accepts.
type Customer struct {
	FirstName string `yaml:"firstName,omitempty" json:"firstName"`
	LastName  string `yaml:"lastName,omitempty" json:"lastName"`
	// EmailAddress is the form of the customer's e-mail addresses: {id} is
	// replaced by a value unique to the run and the account (Find User
	// Account reads an account by it, B-4.10), so it must hold {id}.
	EmailAddress string `yaml:"emailAddress,omitempty" json:"emailAddress"`
	Dob          string `yaml:"dob,omitempty" json:"dob"` // D, date of birth
	// Addr1 is the street without the house number: B-4.1 asks for
	// houseNumber "when not included in addr1", and one scenario sends
	// addr1 with it (Addr1 and HouseNumber joined by a space).
	Addr1        string `yaml:"addr1,omitempty" json:"addr1"`
	HouseNumber  string `yaml:"houseNumber,omitempty" json:"houseNumber"`
	City         string `yaml:"city,omitempty" json:"city"`
	PostCode     string `yaml:"postCode,omitempty" json:"postCode"`
	CountryCode  string `yaml:"countryCode,omitempty" json:"countryCode"`   // ISO 3166-1 alpha-2
	CountryCode3 string `yaml:"countryCode3,omitempty" json:"countryCode3"` // the same country in alpha-3, for the scenarios that send it so
}

// IDPlaceholder is what Customer.EmailAddress holds where the suite puts a
// value unique to the run and the account.
const IDPlaceholder = "{id}"

// DefaultEmailDomain is the domain of the default customers' e-mail
// addresses: a name under .test, which RFC 6761 (6.2) and RFC 2606 (2)
// reserve for testing and which is never delegated, so no mail a sandbox
// sends can reach a person. (example.com, .net and .org are reserved for
// documentation, RFC 2606 (3), and are registered domains.)
const DefaultEmailDomain = "wallet-conformance.test"

// DefaultCustomer and DefaultOtherCustomer are the test customers of a
// profile that sets none: plausible (a first and a last name, a street and
// a postcode of the country's form) and safe (an e-mail address under
// .test). They are no real person's data.
var (
	DefaultCustomer = Customer{
		FirstName: "Anna", LastName: "Schneider", EmailAddress: IDPlaceholder + "@" + DefaultEmailDomain, Dob: "1984-08-12",
		Addr1: "Sonnenstrasse", HouseNumber: "15", City: "Muenchen", PostCode: "80331", CountryCode: "DE", CountryCode3: "DEU",
	}
	DefaultOtherCustomer = Customer{
		FirstName: "Lukas", LastName: "Weber", EmailAddress: IDPlaceholder + "@" + DefaultEmailDomain, Dob: "1979-03-23",
		Addr1: "Mariahilfer Strasse", HouseNumber: "20", City: "Wien", PostCode: "1070", CountryCode: "AT", CountryCode3: "AUT",
	}
)

// FullName is customerFullName, "first and last name" (A-2.2 BB).
func (c Customer) FullName() string { return c.FirstName + " " + c.LastName }

// Email is the customer's e-mail address for the unique value id.
func (c Customer) Email(id string) string {
	return strings.ReplaceAll(c.EmailAddress, IDPlaceholder, id)
}

// addressKeys are the keys of a customer's address: set together or not at all.
var addressKeys = []string{"addr1", "houseNumber", "city", "postCode", "countryCode", "countryCode3"}

// customerKeys are every key of a customer, in the order of its fields.
var customerKeys = append([]string{"firstName", "lastName", "emailAddress", "dob"}, addressKeys...)

// CustomerKeys returns every key of the customer group (customer or
// otherCustomer), dotted: "customer.firstName" ...
func CustomerKeys(group string) []string {
	out := make([]string, len(customerKeys))
	for i, k := range customerKeys {
		out[i] = group + "." + k
	}
	return out
}

// value returns the customer's value of key.
func (c Customer) value(key string) string {
	return map[string]string{
		"firstName": c.FirstName, "lastName": c.LastName, "emailAddress": c.EmailAddress, "dob": c.Dob,
		"addr1": c.Addr1, "houseNumber": c.HouseNumber, "city": c.City, "postCode": c.PostCode,
		"countryCode": c.CountryCode, "countryCode3": c.CountryCode3,
	}[key]
}

// withDefaults fills what c leaves out from def: each name key alone, the
// address as a whole (an address taken half from the defaults would put a
// German postcode in another country's city).
func (c Customer) withDefaults(def Customer) Customer {
	address := false
	for _, k := range addressKeys {
		address = address || c.value(k) != ""
	}
	if !address {
		c.Addr1, c.HouseNumber, c.City, c.PostCode, c.CountryCode, c.CountryCode3 = def.Addr1, def.HouseNumber, def.City, def.PostCode, def.CountryCode, def.CountryCode3
	}
	for _, f := range []struct {
		dst *string
		src string
	}{{&c.FirstName, def.FirstName}, {&c.LastName, def.LastName}, {&c.EmailAddress, def.EmailAddress}, {&c.Dob, def.Dob}} {
		if *f.dst == "" {
			*f.dst = f.src
		}
	}
	return c
}

// validate checks a customer with its defaults applied: an address set
// whole, an e-mail form that holds {id}, a date of birth in D.
func (c Customer) validate(group string) error {
	var missing []string
	for _, k := range addressKeys {
		if c.value(k) == "" {
			missing = append(missing, group+"."+k)
		}
	}
	switch {
	case len(missing) > 0:
		return &Error{Msg: fmt.Sprintf("%s sets part of an address: set %s too (an address is set whole, or left to its default)", group, strings.Join(missing, ", "))}
	case !strings.Contains(c.EmailAddress, IDPlaceholder) || !strings.Contains(c.EmailAddress, "@"):
		return &Error{Msg: fmt.Sprintf("%s.emailAddress %q must be an e-mail address holding %s, which the suite replaces by a value unique to each account", group, c.EmailAddress, IDPlaceholder)}
	case len(c.CountryCode) != 2 || len(c.CountryCode3) != 3:
		return &Error{Msg: fmt.Sprintf("%s.countryCode is ISO 3166-1 alpha-2 and %s.countryCode3 alpha-3 (A-2.0): got %q and %q", group, group, c.CountryCode, c.CountryCode3)}
	}
	if _, err := time.Parse(time.DateOnly, c.Dob); err != nil {
		return &Error{Msg: fmt.Sprintf("%s.dob %q is not a date YYYY-MM-DD (A-2.0 D)", group, c.Dob)}
	}
	return nil
}

// TestCustomer is the profile's customer with its defaults, also for a
// Profile built in Go that has not had ApplyDefaults.
func (p *Profile) TestCustomer() Customer { return p.Customer.withDefaults(DefaultCustomer) }

// OtherTestCustomer is the profile's otherCustomer with its defaults.
func (p *Profile) OtherTestCustomer() Customer {
	return p.OtherCustomer.withDefaults(DefaultOtherCustomer)
}
