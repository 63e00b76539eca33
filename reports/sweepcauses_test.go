package reports

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wallet-conformance/wallet-conformance/record"
)

// sweepFinding is a finding of the bad-input sweep as explore records it:
// the input's call first in its failed step, a read-back after it.
func sweepFinding(op, input, status, code string) record.Scenario {
	body := `{"responseCode":"` + code + `"}`
	return record.Scenario{
		ID: "sweep-1." + op + ".x", Feature: "Bad-input sweep (seed 1)", Name: op + ": " + input,
		Tags: []string{"sweep", "A-7#6"}, Status: record.Failed, Message: "expected a handled answer", Broke: "A-7#6", Rules: []string{"A-7#6"},
		Input: input,
		Steps: []record.Step{{Text: "the partner sends it", Status: "failed", Exchanges: []record.Exchange{
			{Operation: op, Method: "POST", URL: "http://t/" + op, Status: map[string]int{"0099": 500, "0001": 400}[code], ResponseBody: body},
			{Operation: "get-payment-status", Method: "GET", URL: "http://t/status", Status: 200, ResponseBody: `{"responseCode":"0000"}`},
		}}},
	}
}

// One JSON reader that crashes on deep nesting in three operations is one
// cause that lists them and names the input, not three root causes; the
// same input answered another way, or another input, is a cause apart.
func TestASweepInputFailingAlikeInSeveralOperationsIsOneCause(t *testing.T) {
	deep := "a body nested 10,000 levels deep"
	run := &record.Run{Scenarios: []record.Scenario{
		sweepFinding("create-account", deep, "500", "0099"),
		sweepFinding("capture", deep, "500", "0099"),
		sweepFinding("refund", deep, "500", "0099"),
		sweepFinding("cancel", "an empty body", "500", "0099"),
	}}
	rep := Build(run, testMeta(), nil, nil)
	require.Len(t, rep.Causes, 2)
	c := rep.Causes[0]
	assert.Equal(t, deep, c.Input)
	assert.Equal(t, []string{"create-account", "capture", "refund"}, c.Operations)
	assert.Equal(t, "HTTP 500, responseCode 0099", c.Answer, "the input's own call is the answer, not the read after it")
	assert.Equal(t, 3, c.Failed)
	assert.Equal(t, "a body nested 10,000 levels deep, in 3 operations (create-account, capture, refund)", c.Title())
	assert.Equal(t, "an empty body, in cancel (B-4.6)", rep.Causes[1].Title())
	var b strings.Builder
	require.NoError(t, WriteSummaryReport(&b, rep))
	md := b.String()
	assert.Contains(t, md, "| a body nested 10,000 levels deep, in `create-account`, `capture`, `refund` | HTTP 500, responseCode 0099 | 3 |")
	for i, s := range rep.Scenarios {
		assert.Equal(t, map[bool]int{true: 0, false: 1}[i < 3], s.Cause, s.ID)
	}
	assert.False(t, strings.Contains(md, "`create-account` (A-4.2)"), "no cause per operation")
}
