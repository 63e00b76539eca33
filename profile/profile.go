// Package profile reads what the suite must know about a target: where it
// is, the partner's credentials, the program and the sandbox values, and the
// scope the implementation claims. Profiles are YAML (JSON accepted); values
// of the form ${VAR} are read from the environment so secrets stay out of files.
package profile

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"os"
	"reflect"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"go.yaml.in/yaml/v3"
)

// DefaultCallTimeout is the call allowance of.
const DefaultCallTimeout = 90 * time.Second

// DefaultSettleAllowance is how long the suite waits, unless the profile
// says otherwise, for an effect a call "internally performs" to show: the
// Load Account of a Capture (B-3), which A-1.4's "delays of external
// systems and payment providers" may hold up.
const DefaultSettleAllowance = 5 * time.Second

// Profile describes one target. Field tags are the profile's keys.
type Profile struct {
	BaseURL        string   `yaml:"baseUrl,omitempty" json:"baseUrl"`
	AcceptLanguage string   `yaml:"acceptLanguage,omitempty" json:"acceptLanguage"`
	CallTimeout    Duration `yaml:"callTimeout,omitempty" json:"callTimeout"`
	// SettleAllowance bounds the wait for a Load Account a Capture
	// internally performs (B-3) to show in the wallet; 0 means DefaultSettleAllowance.
	SettleAllowance Duration `yaml:"settleAllowance,omitempty" json:"settleAllowance"`
	// RateLimit holds every call of a run (scenarios, exploration, sweep)
	// under a number of calls a second: "10/s", "600/m", or a number of
	// calls a second; 0 for none (the default). --rate-limit overrides it.
	RateLimit   Rate `yaml:"rateLimit,omitempty" json:"rateLimit"`
	Credentials struct {
		UserID   string `yaml:"userId,omitempty" json:"userId"`
		Password string `yaml:"password,omitempty" json:"password"`
	} `yaml:"credentials,omitempty" json:"credentials"`
	ProgramCode       string `yaml:"programCode,omitempty" json:"programCode"`
	ProgramAccno      string `yaml:"programAccno,omitempty" json:"programAccno"`
	AccnoType         string `yaml:"accnoType,omitempty" json:"accnoType"`
	Currency          string `yaml:"currency,omitempty" json:"currency"`
	TitleCode         string `yaml:"titleCode,omitempty" json:"titleCode"`
	PaymentOptionCode string `yaml:"paymentOptionCode,omitempty" json:"paymentOptionCode"`
	// Currencies are the currencies the target offers (currCode, A-4.2;
	// the currency of a payment, B-4.1, B-4.3): no sentence of the spec
	// names ISO 4217 or lists the currencies a service offers, so the
	// target declares them. Currency is always one of them (Offered).
	Currencies []string `yaml:"currencies,omitempty" json:"currencies,omitempty"`
	// SecondPaymentOptionCode is another storable code, for the scenarios
	// that store two options on one account: a target may keep one option
	// per code.
	SecondPaymentOptionCode string `yaml:"secondPaymentOptionCode,omitempty" json:"secondPaymentOptionCode"`
	TransactionTypeCode     string `yaml:"transactionTypeCode,omitempty" json:"transactionTypeCode"`
	Merchant                struct {
		Accno       string `yaml:"accno,omitempty" json:"accno"`
		ProgramCode string `yaml:"programCode,omitempty" json:"programCode"`
		// ExternalAccountReference is the merchant account's external
		// reference, for the merchantProgramCode rule of B-4.14.
		ExternalAccountReference string `yaml:"externalAccountReference,omitempty" json:"externalAccountReference"`
	} `yaml:"merchant,omitempty" json:"merchant"`
	// Customer is the test customer the suite opens accounts for and pays
	// as a guest with; OtherCustomer the name and address an update gives
	// the account, a stored option's different billing address and a
	// different correspondence address. Unset keys take DefaultCustomer's
	// and DefaultOtherCustomer's values (an address only as a whole).
	Customer      Customer `yaml:"customer,omitempty" json:"customer"`
	OtherCustomer Customer `yaml:"otherCustomer,omitempty" json:"otherCustomer"`
	Sandbox       struct {
		VerificationCode string `yaml:"verificationCode,omitempty" json:"verificationCode"`
		OneTimePassword  string `yaml:"oneTimePassword,omitempty" json:"oneTimePassword"`
		// RedirectTrigger is the sandbox URL that completes an initiated
		// payment as its customer would and sends the redirect callback of
		// A-6 (the spec does not show that request). Relative to baseUrl
		// unless absolute; {uniqueReference} is replaced.
		RedirectTrigger string `yaml:"redirectTrigger,omitempty" json:"redirectTrigger"`
		// ShortTokenUserID and ShortTokenPassword are credentials of the
		// partner for which the sandbox issues tokens that expire within
		// seconds (MaxTokenWait), so that the suite can show an expired
		// token is refused without waiting the token validity.
		ShortTokenUserID   string `yaml:"shortTokenUserId,omitempty" json:"shortTokenUserId"`
		ShortTokenPassword string `yaml:"shortTokenPassword,omitempty" json:"shortTokenPassword"`
	} `yaml:"sandbox,omitempty" json:"sandbox"`
	// Environment must be "sandbox": the suite creates accounts and moves
	// money. Any other value needs the run's explicit consent (--allow-environment).
	Environment string `yaml:"environment,omitempty" json:"environment"`
	TLS         struct {
		CAFile             string `yaml:"caFile,omitempty" json:"caFile"`     // PEM bundle of CAs to trust instead of the system's
		CertFile           string `yaml:"certFile,omitempty" json:"certFile"` // client certificate (mutual TLS)
		KeyFile            string `yaml:"keyFile,omitempty" json:"keyFile"`   // its private key
		InsecureSkipVerify bool   `yaml:"insecureSkipVerify,omitempty" json:"insecureSkipVerify"`
	} `yaml:"tls,omitempty" json:"tls"`
	// SecondPartner is another partner's credentials, for the @advisory
	// scenarios that check one partner cannot read or move another's wallet.
	SecondPartner struct {
		UserID   string `yaml:"userId,omitempty" json:"userId"`
		Password string `yaml:"password,omitempty" json:"password"`
	} `yaml:"secondPartner,omitempty" json:"secondPartner"`
	Scope struct {
		// Exclude lists clause tags the implementation does not claim, e.g. "B-4.19".
		Exclude []string `yaml:"exclude,omitempty" json:"exclude"`
	} `yaml:"scope,omitempty" json:"scope"`
	// Behaviour declares the target's choices on points the spec leaves
	// open (see Behaviours): key -> one of the key's values. Keys it does
	// not declare take their defaults.
	Behaviour map[string]string `yaml:"behaviour,omitempty" json:"behaviour,omitempty"`
}

// Duration is a time.Duration written as "90s" or as a number of seconds.
type Duration struct{ time.Duration }

// UnmarshalYAML reads "90s", "1m30s" or 90.
func (d *Duration) UnmarshalYAML(n *yaml.Node) error {
	if n.Tag == "!!int" || n.Tag == "!!float" {
		var secs float64
		if err := n.Decode(&secs); err != nil {
			return err
		}
		d.Duration = time.Duration(secs * float64(time.Second))
		return nil
	}
	v, err := time.ParseDuration(n.Value)
	if err != nil {
		return fmt.Errorf("line %d: %q is not a duration such as 90s", n.Line, n.Value)
	}
	d.Duration = v
	return nil
}

// Rate is a number of calls a second; 0 for no limit.
type Rate struct{ PerSecond float64 }

// ParseRate reads "10/s", "600/m" or "2.5" (calls a second); "0" is none.
func ParseRate(v string) (Rate, error) {
	num, unit, hasUnit := strings.Cut(strings.TrimSpace(v), "/")
	n, err := strconv.ParseFloat(strings.TrimSpace(num), 64)
	per := 1.0
	switch strings.TrimSpace(unit) {
	case "s":
	case "m":
		per = 60
	case "h":
		per = 3600
	default:
		if hasUnit {
			err = fmt.Errorf("unit %q", unit)
		}
	}
	if err != nil || n < 0 || math.IsInf(n, 0) || math.IsNaN(n) {
		return Rate{}, fmt.Errorf("%q is not a rate such as 10/s, 600/m or 0 for none", v)
	}
	return Rate{PerSecond: n / per}, nil
}

// String writes the rate as calls a second: "10/s"; "0" for none.
func (r Rate) String() string {
	if r.PerSecond <= 0 {
		return "0"
	}
	return strconv.FormatFloat(r.PerSecond, 'f', -1, 64) + "/s"
}

// UnmarshalYAML reads a rate (ParseRate).
func (r *Rate) UnmarshalYAML(n *yaml.Node) error {
	v, err := ParseRate(n.Value)
	if err != nil {
		return fmt.Errorf("line %d: %w", n.Line, err)
	}
	*r = v
	return nil
}

// MarshalYAML writes the rate as text.
func (r Rate) MarshalYAML() (any, error) { return r.String(), nil }

// MarshalJSON writes the rate as text.
func (r Rate) MarshalJSON() ([]byte, error) { return []byte(`"` + r.String() + `"`), nil }

// MarshalYAML writes the duration as text.
func (d Duration) MarshalYAML() (any, error) { return d.String(), nil }

// MarshalJSON writes the duration as text.
func (d Duration) MarshalJSON() ([]byte, error) { return []byte(`"` + d.String() + `"`), nil }

// required lists the keys every run needs.
var required = []string{"baseUrl", "environment", "credentials.userId", "credentials.password", "programCode", "currency", "titleCode"}

// Sandbox is the environment the suite is meant for.
const Sandbox = "sandbox"

// Error is a profile that cannot be used; it names the key.
type Error struct{ Msg string }

func (e *Error) Error() string { return "profile: " + e.Msg }

// Load reads a profile file.
func Load(path string) (*Profile, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, &Error{Msg: err.Error()}
	}
	return Parse(data, os.LookupEnv)
}

// Parse reads a profile from YAML or JSON text, expanding ${VAR} with lookup,
// rejecting unknown keys, applying defaults and checking required keys.
func Parse(data []byte, lookup func(string) (string, bool)) (*Profile, error) {
	var doc yaml.Node
	dec := yaml.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&doc); err != nil {
		return nil, &Error{Msg: "not valid YAML or JSON: " + err.Error()}
	}
	if len(doc.Content) == 0 || doc.Content[0].Kind != yaml.MappingNode {
		return nil, &Error{Msg: "the document must be a mapping of keys"}
	}
	root := doc.Content[0]
	if err := checkKeys(root, reflect.TypeOf(Profile{})); err != nil {
		return nil, err
	}
	if err := expand(root, lookup); err != nil {
		return nil, err
	}
	var p Profile
	if err := root.Decode(&p); err != nil {
		return nil, &Error{Msg: err.Error()}
	}
	p.applyDefaults()
	if err := p.Validate(); err != nil {
		return nil, err
	}
	return &p, nil
}

func (p *Profile) applyDefaults() {
	if p.AcceptLanguage == "" {
		p.AcceptLanguage = "en-US"
	}
	if p.CallTimeout.Duration == 0 {
		p.CallTimeout.Duration = DefaultCallTimeout
	}
	if p.SettleAllowance.Duration == 0 {
		p.SettleAllowance.Duration = DefaultSettleAllowance
	}
	if p.AccnoType == "" {
		p.AccnoType = "00"
	}
	if p.TransactionTypeCode == "" {
		p.TransactionTypeCode = "AUTH"
	}
	p.Customer = p.Customer.withDefaults(DefaultCustomer)
	p.OtherCustomer = p.OtherCustomer.withDefaults(DefaultOtherCustomer)
}

// Validate checks that every required key has a value.
func (p *Profile) Validate() error {
	var missing []string
	for _, key := range required {
		if p.Value(key) == "" {
			missing = append(missing, key)
		}
	}
	if len(missing) > 0 {
		return &Error{Msg: "missing required key(s): " + strings.Join(missing, ", ")}
	}
	if (p.TLS.CertFile == "") != (p.TLS.KeyFile == "") {
		return &Error{Msg: "tls.certFile and tls.keyFile go together (mutual TLS)"}
	}
	if p.CallTimeout.Duration < 0 {
		return &Error{Msg: "callTimeout must be positive"}
	}
	if p.SettleAllowance.Duration < 0 {
		return &Error{Msg: "settleAllowance must be positive"}
	}
	for _, c := range p.Currencies {
		if n := len([]rune(c)); n == 0 || n > 3 {
			return &Error{Msg: fmt.Sprintf("currencies: %q is not a currency code of at most 3 characters (currCode S(3), A-4.2)", c)}
		}
	}
	if err := p.Customer.validate("customer"); err != nil {
		return err
	}
	if err := p.OtherCustomer.validate("otherCustomer"); err != nil {
		return err
	}
	return p.validateBehaviours()
}

// Value returns the text value of a dotted key such as "merchant.accno"
// ("" when unset or not a text key); "behaviour.KEY" gives the declared
// behaviour or its default.
func (p *Profile) Value(key string) string {
	if b, ok := strings.CutPrefix(key, "behaviour."); ok {
		if _, known := behaviourKey(BehaviourKey(b)); known {
			return p.Behaves(BehaviourKey(b))
		}
		return ""
	}
	v := reflect.ValueOf(*p)
	for _, part := range strings.Split(key, ".") {
		f, ok := fieldByKey(v.Type(), part)
		if !ok {
			return ""
		}
		v = v.FieldByIndex(f.Index)
	}
	if v.Kind() == reflect.String {
		return v.String()
	}
	return ""
}

// Set gives the key (dotted, as Value reads it: "customer.lastName") the
// value, as a profile file that wrote it would: a text key the text, a list
// key (currencies, scope.exclude) the YAML list the text writes ("[EUR]");
// an error names a key that is neither.
func (p *Profile) Set(key, value string) error {
	v := reflect.ValueOf(p).Elem()
	for _, part := range strings.Split(key, ".") {
		f, ok := fieldByKey(v.Type(), part)
		if !ok {
			return &Error{Msg: "no key " + key}
		}
		v = v.FieldByIndex(f.Index)
	}
	switch {
	case v.Kind() == reflect.String:
		v.SetString(value)
	case v.Type() == reflect.TypeOf([]string(nil)):
		var list []string
		if err := yaml.Unmarshal([]byte(value), &list); err != nil {
			return &Error{Msg: fmt.Sprintf("%s: %q is not a list such as [EUR, USD]", key, value)}
		}
		v.Set(reflect.ValueOf(list))
	default:
		return &Error{Msg: key + " is not a text or list key"}
	}
	return nil
}

// Offered returns the currencies the target offers: currency first, then
// each of currencies not already named (compared without regard to case).
// A profile that declares no currencies offers its currency alone.
func (p *Profile) Offered() []string {
	var out []string
	for _, c := range append([]string{p.Currency}, p.Currencies...) {
		if c == "" || slices.ContainsFunc(out, func(o string) bool { return strings.EqualFold(o, c) }) {
			continue
		}
		out = append(out, c)
	}
	return out
}

// Settle returns the settle allowance: settleAllowance, or its default.
func (p *Profile) Settle() time.Duration {
	if p.SettleAllowance.Duration > 0 {
		return p.SettleAllowance.Duration
	}
	return DefaultSettleAllowance
}

// Secrets lists the profile's secret values, for redaction.
func (p *Profile) Secrets() []string {
	return []string{p.Credentials.Password, p.SecondPartner.Password, p.Sandbox.VerificationCode, p.Sandbox.OneTimePassword, p.Sandbox.ShortTokenPassword}
}

// Redacted returns a copy with every secret replaced, fit for a report.
func (p *Profile) Redacted() Profile {
	cp := *p
	cp.Scope.Exclude = append([]string(nil), p.Scope.Exclude...)
	cp.Currencies = append([]string(nil), p.Currencies...)
	if p.Behaviour != nil {
		cp.Behaviour = make(map[string]string, len(p.Behaviour))
		for k, v := range p.Behaviour {
			cp.Behaviour[k] = v
		}
	}
	for _, s := range []*string{&cp.Credentials.Password, &cp.SecondPartner.Password, &cp.Sandbox.VerificationCode, &cp.Sandbox.OneTimePassword, &cp.Sandbox.ShortTokenPassword} {
		if *s != "" {
			*s = "[REDACTED]"
		}
	}
	return cp
}

// Excludes reports whether a clause tag (without "@") is out of scope.
func (p *Profile) Excludes(clause string) bool {
	for _, c := range p.Scope.Exclude {
		if strings.TrimPrefix(c, "@") == clause {
			return true
		}
	}
	return false
}

// YAML renders the profile as a YAML document.
func (p *Profile) YAML() string {
	out, _ := yaml.Marshal(p)
	return string(out)
}

func fieldByKey(t reflect.Type, key string) (reflect.StructField, bool) {
	if t.Kind() != reflect.Struct {
		return reflect.StructField{}, false
	}
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		if strings.Split(f.Tag.Get("yaml"), ",")[0] == key {
			return f, true
		}
	}
	return reflect.StructField{}, false
}

// checkKeys rejects keys the profile does not define, naming each with its line.
func checkKeys(root *yaml.Node, t reflect.Type) error {
	var unknown []string
	var walk func(n *yaml.Node, t reflect.Type, prefix string) error
	walk = func(n *yaml.Node, t reflect.Type, prefix string) error {
		for i := 0; i+1 < len(n.Content); i += 2 {
			k, v := n.Content[i], n.Content[i+1]
			f, ok := fieldByKey(t, k.Value)
			if !ok {
				unknown = append(unknown, fmt.Sprintf("%s%s (line %d)", prefix, k.Value, k.Line))
				continue
			}
			if f.Type.Kind() != reflect.Struct || f.Type == reflect.TypeOf(Duration{}) || f.Type == reflect.TypeOf(Rate{}) {
				continue
			}
			if v.Kind != yaml.MappingNode {
				return &Error{Msg: fmt.Sprintf("key %s%s (line %d) must be a mapping", prefix, k.Value, k.Line)}
			}
			if err := walk(v, f.Type, prefix+k.Value+"."); err != nil {
				return err
			}
		}
		return nil
	}
	if err := walk(root, t, ""); err != nil {
		return err
	}
	if len(unknown) > 0 {
		sort.Strings(unknown)
		return &Error{Msg: "unknown key(s): " + strings.Join(unknown, ", ")}
	}
	return nil
}

// expand replaces ${VAR} in every scalar value from the environment; an
// unset variable is an error naming it, and so is one set but empty where
// it is the whole value (WALLET_PASSWORD= gives no password: the message
// names the variable, not a missing key).
func expand(n *yaml.Node, lookup func(string) (string, bool)) error {
	var errs []error
	var walk func(n *yaml.Node, key string)
	walk = func(n *yaml.Node, key string) {
		if n.Kind == yaml.ScalarNode && strings.Contains(n.Value, "${") {
			whole := strings.HasPrefix(n.Value, "${") && strings.HasSuffix(n.Value, "}") && strings.Count(n.Value, "${") == 1
			n.Value = os.Expand(n.Value, func(name string) string {
				v, ok := lookup(name)
				switch {
				case !ok:
					errs = append(errs, fmt.Errorf("line %d: environment variable %s is not set", n.Line, name))
				case v == "" && whole:
					errs = append(errs, fmt.Errorf("line %d: environment variable %s is set but empty: %s needs a value", n.Line, name, key))
				}
				return v
			})
			n.Tag = "!!str"
			n.Style = yaml.DoubleQuotedStyle
		}
		for i, c := range n.Content {
			k := key
			if n.Kind == yaml.MappingNode && i%2 == 1 {
				if k != "" {
					k += "."
				}
				k += n.Content[i-1].Value
			}
			walk(c, k)
		}
	}
	walk(n, "")
	if len(errs) > 0 {
		return &Error{Msg: errors.Join(errs...).Error()}
	}
	return nil
}
