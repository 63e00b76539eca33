package reports

import (
	"bytes"
	"encoding/xml"
	"io"
	"os/exec"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wallet-conformance/wallet-conformance/record"
	"github.com/wallet-conformance/wallet-conformance/targetclient"
)

// node is an element of the parsed page.
type node struct {
	Name     string
	Attr     map[string]string
	Children []*node
	Text     string // all text inside, children included
}

func (n *node) find(pred func(*node) bool) []*node {
	var out []*node
	var walk func(*node)
	walk = func(x *node) {
		if pred(x) {
			out = append(out, x)
		}
		for _, c := range x.Children {
			walk(c)
		}
	}
	walk(n)
	return out
}

func (n *node) byAttr(name, value string) *node {
	found := n.find(func(x *node) bool { return x.Attr[name] == value })
	if len(found) == 0 {
		return nil
	}
	return found[0]
}

// parseHTML reads the page as XML the way the brief asks (lenient HTML
// entities and auto-closing), and also strictly: the markup is XHTML-compatible.
func parseHTML(t *testing.T, page []byte) *node {
	t.Helper()
	for _, strict := range []bool{true, false} {
		dec := xml.NewDecoder(bytes.NewReader(page))
		dec.Strict = strict
		dec.Entity = xml.HTMLEntity
		if !strict {
			dec.AutoClose = xml.HTMLAutoClose
		}
		root := &node{Name: "#document"}
		stack := []*node{root}
		for {
			tok, err := dec.Token()
			if err == io.EOF {
				break
			}
			require.NoError(t, err, "strict=%v", strict)
			switch tok := tok.(type) {
			case xml.StartElement:
				n := &node{Name: tok.Name.Local, Attr: map[string]string{}}
				for _, a := range tok.Attr {
					n.Attr[a.Name.Local] = a.Value
				}
				top := stack[len(stack)-1]
				top.Children = append(top.Children, n)
				stack = append(stack, n)
			case xml.EndElement:
				stack = stack[:len(stack)-1]
			case xml.CharData:
				for _, n := range stack {
					n.Text += string(tok)
				}
			}
		}
		require.Len(t, stack, 1, "every element is closed")
		if !strict {
			return root
		}
	}
	return nil
}

func TestHTMLReport(t *testing.T) {
	rep, _ := testReport(t)
	var a, b bytes.Buffer
	require.NoError(t, WriteHTML(&a, rep))
	require.NoError(t, WriteHTML(&b, rep))
	assert.Equal(t, a.String(), b.String(), "deterministic")
	page := a.String()
	assert.True(t, strings.HasPrefix(page, "<!DOCTYPE html>\n<html xmlns=\"http://www.w3.org/1999/xhtml\""))
	assert.NotContains(t, page, "http-equiv")
	assert.Equal(t, 1, strings.Count(page, "<script"), "one inline script, which shows the evidence")
	assert.NotContains(t, page, "<link")
	assert.NotContains(t, page, "src=", "nothing is loaded from elsewhere")

	root := parseHTML(t, a.Bytes())

	// The sections, in order.
	var ids []string
	for _, s := range root.find(func(n *node) bool { return n.Name == "section" }) {
		ids = append(ids, s.Attr["id"])
	}
	assert.Equal(t, []string{"verdict", "causes", "failures", "matrix", "warnings", "rules", "latency", "observations", "waivers", "scenarios"}, ids, "what went wrong comes before the matrix")

	verdict := root.byAttr("id", "verdict")
	assert.Contains(t, verdict.Text, record.NotConformant)
	assert.Contains(t, verdict.Text, "NOT CLAIMED")

	// The matrix has a row per clause of both documents, in order.
	matrix := root.byAttr("id", "matrix")
	rows := matrix.find(func(n *node) bool { return n.Name == "tr" && n.Attr["data-clause"] != "" })
	require.Len(t, rows, len(SpecClauses()))
	for i, c := range SpecClauses() {
		assert.Equal(t, c.Tag, rows[i].Attr["data-clause"])
		assert.Contains(t, rows[i].Text, c.Title)
	}
	row := func(tag string) *node { return matrix.byAttr("data-clause", tag) }
	assert.Contains(t, row("A-4.4").Text, "untested")
	assert.Contains(t, row("A-4.4").Attr["class"], "r-untested")
	assert.Contains(t, row("A-9").Text, "left empty by the spec")
	assert.Contains(t, row("A-4.3").Attr["class"], "r-fail")

	// Failures: the unwaived ERROR first, then the waived FAILED, each with evidence.
	failures := root.byAttr("id", "failures")
	items := failures.find(func(n *node) bool { return n.Attr["data-scenario"] != "" })
	require.Len(t, items, 2)
	assert.Equal(t, "A-4.05-close-account.feature:8", items[0].Attr["data-scenario"])
	assert.Contains(t, items[0].Text, "context deadline exceeded")
	upd := items[1]
	assert.Equal(t, "A-4.03-update-account.feature:14", upd.Attr["data-scenario"])
	assert.Contains(t, upd.Attr["class"], "waived")
	assert.Contains(t, upd.Text, "A missing lastName is refused")
	assert.Contains(t, upd.Text, "A-4.3")
	assert.Contains(t, upd.Text, "A-7")
	assert.Contains(t, upd.Text, "expected a handled error (HTTP 400, responseCode 0001), got HTTP 200 with responseCode 0000")
	assert.Contains(t, upd.Text, "fix scheduled for release 4.2")
	assert.Contains(t, upd.Text, "POST")
	assert.Contains(t, upd.Text, base+"/account/100000001/updateInfo")
	assert.Contains(t, upd.Text, `"lastName": "O'Brien"`, "the request body, pretty-printed")
	assert.Contains(t, upd.Text, "HTTP 200")
	assert.Contains(t, upd.Text, `"responseCode": "0000"`, "the response body")

	curls := upd.find(func(n *node) bool { return n.Attr["class"] == "curl" })
	require.Len(t, curls, 1)
	curl := curls[0].Text
	assert.Contains(t, curl, "curl -sS -i -X POST "+base+"/account/100000001/updateInfo \\\n")
	assert.Contains(t, curl, `-H "X-Auth-Token: $WALLET_TOKEN"`)
	assert.Contains(t, curl, `--data-raw '{"partnerReference":"r0a1b2c-2","lastName":"O'\''Brien","password":"'"$WALLET_SECRET"'",`)

	// Nothing secret anywhere: the planted token and profile password are gone.
	assert.NotContains(t, page, plantedToken)
	assert.NotContains(t, page, plantedSecret)
	assert.Contains(t, verdict.Text, `"password": "[REDACTED]"`)

	// Warnings and skipped scenarios, with the missing key.
	warnings := root.byAttr("id", "warnings")
	assert.Contains(t, warnings.Text, "A-4.06-init-add-stored-payment-option.feature:30")
	assert.Contains(t, warnings.Text, "the profile has no sandbox.verificationCode")
	assert.NotContains(t, warnings.Text, "A-4.03-update-account.feature:14")

	latency := root.byAttr("id", "latency")
	assert.Contains(t, latency.Text, "create-account")
	assert.Contains(t, latency.Text, "80 ms")
	assert.Contains(t, root.byAttr("id", "observations").Text, "vendorHint")
	assert.Contains(t, root.byAttr("id", "observations").Text, "X-Request-Id")
	waivers := root.byAttr("id", "waivers")
	assert.Contains(t, waivers.Text, "expired")
	assert.Contains(t, waivers.Text, "unused")

	// The list of scenarios and the matrix's chips are drawn by the page's
	// script from the report it carries (checked in a browser:
	// browser_test.go), which the page does not also write out; the page
	// says so where they go.
	assert.Contains(t, root.byAttr("id", "list").Text, "drawn by this page's script")
	assert.Empty(t, root.byAttr("id", "matrix").find(func(n *node) bool { return n.Name == "a" }))
	assert.NotEmpty(t, root.byAttr("id", "report").Attr["data-gz"])
	assert.NotEmpty(t, root.byAttr("id", "evidence").Attr["data-gz"])

	// What went wrong: one cause per thing, root causes first.
	causes := root.byAttr("id", "causes").find(func(n *node) bool { return n.Attr["data-cause"] != "" })
	require.Len(t, causes, len(rep.Causes))
	assert.Contains(t, causes[0].Text, "root cause")
}

func TestCurlQuotesForTheShell(t *testing.T) {
	ex := record.Exchange{
		Method: "PUT", URL: base + "/account?x=[REDACTED]&y=1",
		RequestHeaders: hdr("X-Auth-Token", "whatever", "Cookie", targetclient.Redacted, "Content-Type", "application/json"),
		RequestBody:    `{"name":"O'Brien","password":"[REDACTED]","note":"$HOME ` + "`id`" + `"}`,
	}
	cmd := Curl(ex)
	assert.Contains(t, cmd, `-H "X-Auth-Token: $WALLET_TOKEN"`)
	assert.Contains(t, cmd, `-H "Cookie: $WALLET_SECRET"`)
	assert.NotContains(t, cmd, "whatever")

	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("no sh")
	}
	// Let the shell parse it: printf each argument instead of calling curl.
	script := "curl() { for a in \"$@\"; do printf '%s\\n' \"$a\"; done; }\n" + cmd
	c := exec.Command(sh, "-c", script)
	c.Env = []string{"WALLET_TOKEN=TOK", "WALLET_SECRET=SEC", "HOME=/nowhere"}
	out, err := c.Output()
	require.NoError(t, err)
	assert.Equal(t, strings.Join([]string{
		"-sS", "-i", "-X", "PUT", base + "/account?x=SEC&y=1",
		"-H", "Content-Type: application/json",
		"-H", "Cookie: SEC",
		"-H", "X-Auth-Token: TOK",
		"--data-raw", `{"name":"O'Brien","password":"SEC","note":"$HOME ` + "`id`" + `"}`,
	}, "\n")+"\n", string(out))
}

// A failure quotes the rule it broke once, as its broken rule, and lists
// only the scenario's other rules as what it also checks.
func TestHTMLQuotesTheBrokenRuleOnce(t *testing.T) {
	rep, _ := testReport(t)
	i := slices.IndexFunc(rep.Scenarios, func(s ScenarioReport) bool { return s.Status == record.Failed })
	require.GreaterOrEqual(t, i, 0, "the test report has a failure")
	rep.Scenarios[i].Rules, rep.Scenarios[i].Broke = []string{"A-7#6", "A-7#5"}, "A-7#6"
	var b bytes.Buffer
	require.NoError(t, WriteHTML(&b, rep))
	page := b.String()
	failures := page[strings.Index(page, `<section id="failures">`):]
	failures = failures[:strings.Index(failures, "</section>")]
	assert.Equal(t, 1, strings.Count(failures, "<code>A-7#6</code>"), "the broken rule is quoted once")
	assert.Contains(t, failures, "<code>A-7#5</code>", "the other rule is listed")
}
