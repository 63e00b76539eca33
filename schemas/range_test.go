package schemas

import (
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v5"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A range the spec gives an N(n) field ("top N(3) ... 1 to 100") is the
// keyword x-range: the validator holds a JSON number and a string of digits
// to it, both ends included, and RequestFields reads it as Field.Range.
func TestARangeIsHeldAndRead(t *testing.T) {
	set, err := Amended(map[string][]byte{"ranged.request.json": []byte(`{
	  "$schema": "https://json-schema.org/draft/2020-12/schema", "type": "object",
	  "properties": {
	    "top": {"type": "string", "pattern": "^[0-9]{1,3}$", "x-range": [1, 100]},
	    "n": {"type": "integer", "x-range": [1, 100]}
	  }}`)})
	require.NoError(t, err)
	for doc, ok := range map[string]bool{
		`{"top": "1"}`: true, `{"top": "100"}`: true, `{"top": "007"}`: true, `{"n": 100}`: true,
		`{"top": "0"}`: false, `{"top": "101"}`: false, `{"n": 0}`: false, `{"n": 101}`: false,
		`{"top": "abc"}`: false, // the pattern's, not the range's
	} {
		err := set.Validate("ranged.request.json", []byte(doc))
		if ok {
			assert.NoError(t, err, doc)
			continue
		}
		require.Error(t, err, doc)
		if !strings.Contains(doc, "abc") {
			assert.Contains(t, err.Error(), "is not in the range 1 to 100", doc)
		}
	}
	fields := map[string]Field{}
	for _, f := range set.RequestFields("ranged") {
		fields[f.Name] = f
	}
	assert.Equal(t, &Range{1, 100}, fields["top"].Range)
	assert.Equal(t, 3, fields["top"].Digits)
	assert.Equal(t, &Range{1, 100}, fields["n"].Range)
}

// A range that is not [low, high] of an N(n) field does not compile.
func TestARangeIsOfAnNFieldLowToHigh(t *testing.T) {
	for name, prop := range map[string]string{
		"high before low": `{"type": "string", "pattern": "^[0-9]{1,3}$", "x-range": [100, 1]}`,
		"one end":         `{"type": "string", "pattern": "^[0-9]{1,3}$", "x-range": [1]}`,
		"of a text":       `{"type": "string", "maxLength": 3, "x-range": [1, 100]}`,
	} {
		set, err := Amended(map[string][]byte{"bad.json": []byte(`{"properties": {"top": ` + prop + `}}`)})
		require.NoError(t, err)
		assert.Error(t, set.Validate("bad.json", []byte(`{}`)), name)
	}
}

// An example N(n) value is 10, or the low end of the field's range when
// 10 is out of it.
func TestAnExampleNumberIsInTheRange(t *testing.T) {
	set, err := Amended(map[string][]byte{
		"low.json":  []byte(`{"type": "string", "pattern": "^[0-9]{1,3}$", "x-range": [20, 100]}`),
		"wide.json": []byte(`{"type": "string", "pattern": "^[0-9]{1,3}$", "x-range": [1, 100]}`),
	})
	require.NoError(t, err)
	for name, want := range map[string]string{"low.json": "20", "wide.json": "10"} {
		sch, err := set.schema(name)
		require.NoError(t, err)
		v, ok := derived([]*jsonschema.Schema{sch})
		assert.True(t, ok, name)
		assert.Equal(t, want, v, name)
	}
}
