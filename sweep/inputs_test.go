package sweep

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wallet-conformance/wallet-conformance/record"
	"github.com/wallet-conformance/wallet-conformance/schemas"
)

// The deep body is nested whatever fields a body has: Issue Token's,
// which has no partnerReference, gets it too, and it stays JSON.
func TestTheDeepBodyReachesEveryBody(t *testing.T) {
	for _, body := range []string{`{"userId":"u","password":"p","localDate":"2026-11-27","localTime":"120000"}`, `{}`, `{"partnerReference":"x"}`} {
		deep := deepBody([]byte(body))
		assert.Greater(t, len(deep), 20000, body)
		member := `"nested":` + strings.Repeat("[", 10000) + strings.Repeat("]", 10000)
		rest := strings.Replace(string(deep), member, "", 1)
		assert.True(t, rest == body || strings.Replace(rest, "{,", "{", 1) == body, "the body with one member more: %s", body)
		d := json.NewDecoder(strings.NewReader(string(deep)))
		var v map[string]any
		// encoding/json refuses nesting past 10,000: the body is that deep.
		assert.ErrorContains(t, d.Decode(&v), "exceeded max depth", body)
	}
}

// Every operation with a body gets a body of 1 MiB; the 16 MiB body goes
// to the first operation of each kind of authentication only; every path
// parameter and a GET's query string get the URL sizes; sizedBody keeps
// the request valid JSON of exactly the size.
func TestTheAbsoluteSizesComeFromTheContract(t *testing.T) {
	set, err := schemas.Load()
	require.NoError(t, err)
	big := map[string]bool{}
	for _, op := range schemas.Catalogue() {
		var mib1, path, query int
		for _, in := range generateInputs(op, set.RequestFields(op.ID), map[string]any{}) {
			switch in.kind {
			case kBodySize:
				if in.size == 1<<20 {
					mib1++
				} else {
					big[op.ID] = true
				}
			case kPathSize:
				path++
			case kQuerySize:
				query++
				assert.Greater(t, len(in.value.(string)), 2<<10, op.ID)
			}
		}
		if op.BodyInQuery() {
			assert.Zero(t, mib1, op.ID)
		} else {
			assert.Equal(t, 1, mib1, op.ID)
		}
		assert.Equal(t, 3*len(pathParams(op)), path, op.ID)
	}
	assert.Equal(t, map[string]bool{schemas.IssueToken: true, schemas.CreateAccount: true}, big)
	b := sizedBody([]byte(`{"a":"b"}`), 1<<20)
	assert.Len(t, b, 1<<20)
	assert.True(t, json.Valid(b))
}

// A finding names its input in words.
func TestAFindingNamesItsInput(t *testing.T) {
	op, _ := schemas.Lookup(schemas.Refund)
	for f, want := range map[*Finding]string{
		{Operation: op, Kind: kDeep, Label: "nested 10,000 levels deep", Cause: "answered HTTP 500 0099"}:                    "Refund: a body nested 10,000 levels deep answered HTTP 500 0099",
		{Operation: op, Field: "modifiedAmount", Kind: kBigExponent, Label: "1e308", Cause: "answered HTTP 500 0099"}:        "Refund: modifiedAmount 1e308 answered HTTP 500 0099",
		{Operation: op, Field: "{uniqueReference}", Kind: kPathSize, Label: "over 8 KiB", Cause: "got no answer", Inputs: 2}: "Refund: the path parameter uniqueReference over 8 KiB got no answer (and 1 more inputs)",
	} {
		assert.Equal(t, want, f.Name())
	}
	assert.Equal(t, "a path over 8 KiB", kindText(kPathSize, "over 8 KiB"))
	assert.Equal(t, "a query string over 64 KiB", kindText(kQuerySize, "making the query string over 64 KiB"))
	assert.Equal(t, "a body of 16 MiB", kindText(kBodySize, "of 16 MiB"))
	for _, k := range []string{kWrongType, kMissing, kNull, kOverLength, kFarOver, kMultiByte, kControl, kSurrogate, kExponent, kBigExponent, kTrailing, kNegZero, kTooPrecise, kTooScaled, kTooManyDigit, kNotDigits, kImpossible, kMisformatted, kMalformed, kTruncated, kDeep, kDuplicate, kEmpty, kContentType, kPathLong, kPathControl} {
		assert.NotEmpty(t, kindWords[k], k)
	}
}

// A crash whose read-backs found a change is one finding, telling the
// change, with the reads as its evidence; a handled refusal that moved
// money is the B-3 finding it always was.
func TestACrashIsOneFinding(t *testing.T) {
	call := []record.Exchange{{Operation: schemas.Refund, Status: 500}}
	reads := []record.Exchange{{Operation: schemas.BalanceEnquiry, Status: 200}}
	changes := []change{{cause: "was refused but moved money", rule: "B-3#15", msg: "the balance moved"}}
	msg, exs, left := oneCrash("answered HTTP 500 0099", "expected a handled answer", call, changes, reads)
	assert.Empty(t, left)
	assert.Contains(t, msg, "and after it, the call was refused but moved money: the balance moved")
	assert.Len(t, exs, 2)
	_, _, left = oneCrash("", "", call, changes, reads)
	assert.Equal(t, changes, left)
}
