package reports

import (
	"bytes"
	"encoding/xml"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestJUnit(t *testing.T) {
	rep, _ := testReport(t)
	var a, b bytes.Buffer
	require.NoError(t, WriteJUnit(&a, rep))
	require.NoError(t, WriteJUnit(&b, rep))
	assert.Equal(t, a.String(), b.String(), "deterministic")
	assert.True(t, strings.HasPrefix(a.String(), xml.Header))
	assert.NotContains(t, a.String(), plantedToken)
	assert.NotContains(t, a.String(), "\n ", "compact")
	assert.NotContains(t, a.String(), "></property>", "empty elements closed in place")

	var doc junitSuites
	require.NoError(t, xml.Unmarshal(a.Bytes(), &doc))
	// 7 scenarios: the ERROR (its waiver expired) is an error; the waived
	// FAILED and the WARNING pass; SKIPPED and NOT CLAIMED are skipped.
	assert.Equal(t, 7, doc.Tests)
	assert.Equal(t, 0, doc.Failures)
	assert.Equal(t, 1, doc.Errors)
	assert.Equal(t, 2, doc.Skipped)

	var files []string
	total := junitSuites{}
	cases := map[string]junitCase{}
	for _, s := range doc.Suites {
		files = append(files, s.File)
		assert.Len(t, s.Cases, s.Tests, s.Name)
		failures, errs, skipped := 0, 0, 0
		for _, c := range s.Cases {
			assert.Equal(t, s.Name, c.Classname)
			if c.Failure != nil {
				failures++
			}
			if c.Error != nil {
				errs++
			}
			if c.Skipped != nil {
				skipped++
			}
			cases[prop(c, "id")] = c
		}
		assert.Equal(t, []int{failures, errs, skipped}, []int{s.Failures, s.Errors, s.Skipped}, s.Name)
		total.Tests += s.Tests
		total.Failures += s.Failures
		total.Errors += s.Errors
		total.Skipped += s.Skipped
	}
	assert.Equal(t, []int{doc.Tests, doc.Failures, doc.Errors, doc.Skipped}, []int{total.Tests, total.Failures, total.Errors, total.Skipped})
	assert.Equal(t, []string{"A-4.02-create-account.feature", "A-4.03-update-account.feature", "A-4.05-close-account.feature",
		"A-4.06-init-add-stored-payment-option.feature", "A-4.08-init-verify-stored-payment-option.feature", "B-4.19-address-check.feature"}, files)

	passed := cases["A-4.02-create-account.feature:10"]
	assert.Equal(t, "An account is created", passed.Name)
	assert.Equal(t, "Create Account", passed.Classname)
	assert.Empty(t, prop(passed, "key"), "the key a waiver names it by is its file and name: no property repeats it")
	assert.Equal(t, "A-4.02-create-account.feature", passed.File)
	assert.Equal(t, "0.130", passed.Time)
	assert.Equal(t, []string{"A-4.2"}, props(passed, "clause"))
	assert.Nil(t, passed.Failure)
	assert.Nil(t, passed.Error)
	assert.Nil(t, passed.Skipped)
	assert.Empty(t, passed.SystemOut, "a PASSED scenario is a test case and nothing more")
	for _, c := range cases {
		assert.Empty(t, prop(c, "status"), "the status is what the elements say, not a property: %s", c.Name)
	}

	waived := cases["A-4.03-update-account.feature:14"]
	assert.Nil(t, waived.Failure, "a waived failure is not a failure")
	assert.Nil(t, waived.Error)
	assert.Equal(t, []string{"A-4.3", "A-7"}, props(waived, "clause"))
	assert.True(t, strings.HasPrefix(waived.SystemOut, "FAILED, waived until"), "a waived scenario's status begins its output: %s", waived.SystemOut)
	assert.Contains(t, prop(waived, "waiver"), "fix scheduled for release 4.2")
	assert.Contains(t, waived.SystemOut, "waived until 2026-12-31")
	assert.Contains(t, waived.SystemOut, "got HTTP 200")

	errored := cases["A-4.05-close-account.feature:8"]
	require.NotNil(t, errored.Error)
	assert.Nil(t, errored.Failure)
	assert.Equal(t, "infrastructure error (timeout): context deadline exceeded", errored.Error.Message)
	assert.Equal(t, "ERROR", errored.Error.Type)

	advisory := cases["A-4.06-init-add-stored-payment-option.feature:30"]
	assert.Nil(t, advisory.Failure, "an advisory failure is not a failure")
	assert.Nil(t, advisory.Skipped)
	assert.True(t, strings.HasPrefix(advisory.SystemOut, "WARNING"), advisory.SystemOut)
	assert.Equal(t, "true", prop(advisory, "advisory"))

	skipped := cases["A-4.08-init-verify-stored-payment-option.feature:12"]
	require.NotNil(t, skipped.Skipped)
	assert.Contains(t, skipped.Skipped.Message, "sandbox.verificationCode")
	assert.True(t, strings.HasPrefix(skipped.Skipped.Message, "SKIPPED"), skipped.Skipped.Message)
	require.NotNil(t, cases["B-4.19-address-check.feature:5"].Skipped)
	assert.Contains(t, cases["B-4.19-address-check.feature:5"].Skipped.Message, "NOT CLAIMED")
}

func TestJUnitFailure(t *testing.T) {
	r := testResult()
	rep := Build(r, testMeta(), nil, nil) // no waivers: the update is a failure
	var out bytes.Buffer
	require.NoError(t, WriteJUnit(&out, rep))
	var doc junitSuites
	require.NoError(t, xml.Unmarshal(out.Bytes(), &doc))
	assert.Equal(t, 1, doc.Failures)
	assert.Equal(t, 1, doc.Errors)
	for _, s := range doc.Suites {
		for _, c := range s.Cases {
			if prop(c, "id") == "A-4.03-update-account.feature:14" {
				require.NotNil(t, c.Failure)
				assert.Equal(t, "FAILED", c.Failure.Type)
				assert.Contains(t, c.Failure.Text, "expected a handled error (HTTP 400, responseCode 0001), got HTTP 200")
				assert.Empty(t, prop(c, "waiver"))
			}
		}
	}
}

func props(c junitCase, name string) []string {
	var out []string
	for _, p := range c.Properties {
		if p.Name == name {
			out = append(out, p.Value)
		}
	}
	return out
}

func prop(c junitCase, name string) string {
	if v := props(c, name); len(v) > 0 {
		return v[0]
	}
	return ""
}

// A message that XML must escape reads back as it was written (a character
// XML cannot hold as U+FFFD), in an attribute as in character data.
func TestJUnitEscapes(t *testing.T) {
	msg := "expected \"0000\" & <ok>,\n\tgot 'x'\r\x01 \xff end \uFFFD"
	rep := &Report{Scenarios: []ScenarioReport{{ID: "a&b.feature:3", Feature: `F "1"`, Name: "n <1>", Status: "FAILED", Message: msg}}}
	var b bytes.Buffer
	require.NoError(t, WriteJUnit(&b, rep))
	var doc junitSuites
	require.NoError(t, xml.Unmarshal(b.Bytes(), &doc), b.String())
	c := doc.Suites[0].Cases[0]
	assert.Equal(t, `F "1"`, c.Classname)
	assert.Equal(t, "n <1>", c.Name)
	assert.Equal(t, "a&b.feature:3", prop(c, "id"))
	want := "expected \"0000\" & <ok>,\n\tgot 'x'\r\uFFFD \uFFFD end \uFFFD"
	require.NotNil(t, c.Failure)
	assert.Equal(t, want, c.Failure.Text)
	assert.Equal(t, "expected \"0000\" & <ok>,", c.Failure.Message)
}
