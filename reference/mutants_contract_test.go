package reference

import (
	"fmt"
	"io"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tidwall/gjson"

	"github.com/wallet-conformance/wallet-conformance/rules"
	"github.com/wallet-conformance/wallet-conformance/schemas"
)

// Every fact of the contract that a generated mutant breaks is stated by
// one rule of the catalogue (rules.Rule.Contract), and every fact a rule
// states is one the contract has: a new required field, conditional rule,
// list of values or operation fails here, naming the rule's entry it needs.
func TestEveryContractFactIsStated(t *testing.T) {
	t.Parallel()
	c := contractMutants()
	for _, p := range c.problems {
		t.Error(p)
	}
	assert.NotEmpty(t, c.faults)
}

// contractProbe observes a generated mutant's fault with its operation's
// valid request (fuzzOps): the probe reports true when the server does not
// refuse the request that breaks the fact as a syntax error naming the
// field (A-7: 0001), or answers a success with a status other than the
// catalogue's, or (otherwise F) refuses naming the field a request whose
// condition does not hold; a conforming server does none of these.
func contractProbe(f contractFault) func(c *client) bool {
	return func(c *client) bool {
		c.t.Helper()
		i := slices.IndexFunc(fuzzOps(), func(o fuzzOp) bool { return o.id == f.op.ID })
		require.GreaterOrEqual(c.t, i, 0, f.op.ID)
		op := fuzzOps()[i]
		args, params := op.valid(c)
		value := func(v any) any { // a query carries every value as a string
			if op.method == http.MethodGet {
				return fmt.Sprint(v)
			}
			return v
		}
		switch f.kind {
		case rules.FactSuccess:
			status, code, _ := c.sendOp(op, args, params)
			return code == "0000" && status != f.op.Success
		case rules.FactRequired:
			delete(params, f.field)
		case rules.FactEnum:
			params[f.field] = value(unlisted(c.t, f))
		case rules.FactRange:
			params[f.field] = value(outOfRange(c.t, f))
		case rules.FactOtherwise:
			params[f.cond.Condition()] = value(otherValue(c.t, f))
			delete(params, f.field)
			_, code, desc := c.sendOp(op, args, params)
			return code == "0001" && strings.Contains(desc, f.field)
		case rules.FactIf:
			_, example, ok := schemas.ExampleRequest(f.op.ID)
			require.True(c.t, ok, f.op.ID)
			switch r := f.cond; {
			case r.IfTrue != "":
				params[r.IfTrue] = value(true)
			case r.IfPresent != "":
				if _, has := params[r.IfPresent]; !has {
					params[r.IfPresent] = value(example[r.IfPresent])
				}
			case r.IfAbsent != "":
				delete(params, r.IfAbsent)
			case r.IfEquals != "":
				params[r.IfEquals] = value(r.Value)
			}
			for _, name := range f.cond.Required {
				if _, has := params[name]; !has {
					params[name] = value(example[name])
				}
			}
			for _, name := range f.cond.MustBeTrue {
				params[name] = value(true)
			}
			if slices.Contains(f.cond.MustBeTrue, f.field) {
				params[f.field] = value(false)
			} else {
				delete(params, f.field)
			}
		}
		_, code, desc := c.sendOp(op, args, params)
		return code != "0001" || !strings.Contains(desc, f.field)
	}
}

// otherValue is a value of the field of f's condition under which the
// condition does not hold: false, or a listed value other than the rule's
// (a value of the field's type where it lists none).
func otherValue(t testing.TB, f contractFault) any {
	if f.cond.IfTrue != "" {
		return false
	}
	for _, field := range contractSet().RequestFields(f.op.ID) {
		if field.Name != f.cond.IfEquals {
			continue
		}
		for _, v := range field.Enum {
			if v != f.cond.Value {
				return v
			}
		}
		if len(field.Enum) == 0 {
			return f.cond.Value + "X"
		}
	}
	t.Fatalf("%s: no value of %s but %q", f.op.ID, f.cond.IfEquals, f.cond.Value)
	return nil
}

// unlisted is a value of f's field that its list of values does not hold.
func unlisted(t testing.TB, f contractFault) string {
	for _, field := range contractSet().RequestFields(f.op.ID) {
		if field.Name != f.field {
			continue
		}
		for _, v := range []string{"X", "Y", "Z", "XX"} {
			if !slices.Contains(field.Enum, any(v)) {
				return v
			}
		}
	}
	t.Fatalf("%s: no value outside the list of %s", f.op.ID, f.field)
	return ""
}

// outOfRange is a value of f's field of its N(n) digits that its range
// does not hold: one above the range, or else one below it.
func outOfRange(t testing.TB, f contractFault) int64 {
	for _, field := range contractSet().RequestFields(f.op.ID) {
		if field.Name != f.field || field.Range == nil {
			continue
		}
		if above := field.Range[1] + 1; len(fmt.Sprint(above)) <= max(field.Digits, 1) || field.Digits == 0 {
			return above
		}
		if field.Range[0] > 0 {
			return field.Range[0] - 1
		}
	}
	t.Fatalf("%s: no value of %s out of its range", f.op.ID, f.field)
	return 0
}

// sendOp sends a request of op with the client's token and returns the
// status, the responseCode ("0000" for the text/plain yes or no of a B-4.11
// success) and the responseDescription.
func (c *client) sendOp(op fuzzOp, args map[string]string, params map[string]any) (status int, code, desc string) {
	c.t.Helper()
	r := buildRequest(c.t, op, args, params, c.auth())
	req, err := http.NewRequest(r.Method, c.base+r.URL.RequestURI(), r.Body)
	require.NoError(c.t, err)
	req.Header = r.Header
	res, err := c.httpClient().Do(req)
	require.NoError(c.t, err)
	defer res.Body.Close()
	data, err := io.ReadAll(res.Body)
	require.NoError(c.t, err)
	if op.plain && res.StatusCode/100 == 2 && (string(data) == "yes" || string(data) == "no") {
		return res.StatusCode, "0000", ""
	}
	return res.StatusCode, gjson.GetBytes(data, "responseCode").String(), gjson.GetBytes(data, "responseDescription").String()
}

// TestContractMutantsAreObservable runs each generated mutant's probe
// against the conforming server (both personalities) and the mutant.
func TestContractMutantsAreObservable(t *testing.T) {
	t.Parallel()
	for _, f := range contractMutants().faults {
		t.Run(f.mutant.Name, func(t *testing.T) {
			t.Parallel()
			probe := contractProbe(f)
			for _, p := range []Personality{Standard, Alternative} {
				cfg := DefaultConfig()
				cfg.Personality = p
				assert.False(t, probe(start(t, cfg)), "conforming server %d shows the fault", p)
			}
			cfg := DefaultConfig()
			cfg.Mutant = f.mutant.Name
			assert.True(t, probe(start(t, cfg)), "mutant not observable: %s", f.mutant.Description)
		})
	}
}
