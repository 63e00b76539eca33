package reference

import "strings"

// country is one row of the built-in ISO 3166-1 table.
type country struct {
	alpha2, alpha3, name string
}

// countries is a small built-in ISO 3166-1 table, enough to map the codes a
// suite sends between alpha-2 and alpha-3. Codes outside it are
// returned as sent when their length fits the field, otherwise as null.
var countries = [...]country{
	{"AT", "AUT", "Austria"},
	{"BE", "BEL", "Belgium"},
	{"CH", "CHE", "Switzerland"},
	{"CZ", "CZE", "Czechia"},
	{"DE", "DEU", "Germany"},
	{"DK", "DNK", "Denmark"},
	{"ES", "ESP", "Spain"},
	{"FR", "FRA", "France"},
	{"GB", "GBR", "United Kingdom"},
	{"IE", "IRL", "Ireland"},
	{"IT", "ITA", "Italy"},
	{"LU", "LUX", "Luxembourg"},
	{"NL", "NLD", "Netherlands"},
	{"PL", "POL", "Poland"},
	{"PT", "PRT", "Portugal"},
	{"SE", "SWE", "Sweden"},
	{"US", "USA", "United States"},
}

// lookupCountry finds an alpha-2 or alpha-3 code, ignoring case.
func lookupCountry(code string) (country, bool) {
	code = strings.ToUpper(code)
	for _, c := range countries {
		if c.alpha2 == code || c.alpha3 == code {
			return c, true
		}
	}
	return country{}, false
}

// alpha2 returns the alpha-2 form of a stored country code, or nil.
func alpha2(v any) any {
	s, ok := v.(string)
	if !ok {
		return nil
	}
	if c, found := lookupCountry(s); found {
		return c.alpha2
	}
	if len(s) == 2 {
		return s
	}
	return nil
}

// alpha3 returns the alpha-3 form of a stored country code, or nil.
func alpha3(v any) any {
	s, ok := v.(string)
	if !ok {
		return nil
	}
	if c, found := lookupCountry(s); found {
		return c.alpha3
	}
	if len(s) == 3 {
		return s
	}
	return nil
}

// countryName returns the English name of a stored country code, or nil.
func countryName(v any) any {
	s, ok := v.(string)
	if !ok {
		return nil
	}
	if c, found := lookupCountry(s); found {
		return c.name
	}
	return nil
}
