package reports

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wallet-conformance/wallet-conformance/record"
)

// browser returns the path of a headless Chromium, or skips the test when
// there is none; with WALLET_BROWSER=required (CI sets it after installing
// Debian's chromium) a missing browser fails instead.
func browser(t *testing.T) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if os.Getenv("WALLET_BROWSER") == "required" {
		t.Fatal("WALLET_BROWSER=required, but no chromium is installed")
	}
	t.Skip("no chromium: the report is not checked in a browser (install Debian's chromium, or set WALLET_BROWSER=required to make this an error)")
	return ""
}

// probe is appended to a copy of report.html: it measures the page as laid
// out, opens the first failing scenario, waits for its evidence to be
// rendered from the embedded store, and writes what it found into the DOM,
// which the browser then dumps.
const probe = `<script>
(function () {
  // The page runs in a frame of the width under test; the result goes to
  // the top document, which the browser dumps.
  function done(r) { var p = parent.document.createElement("pre"); p.id = "probe"; p.textContent = JSON.stringify(r); parent.document.body.appendChild(p); }
  var r = {}, tries = 0;
  // The page's script draws the list of scenarios and the matrix's chips
  // from the report it carries, once unpacked.
  (function listed() {
    if (document.body.getAttribute("data-listed") !== "1") {
      if (tries++ > 100) { r.opened = "the list was never drawn"; done(r); return; }
      setTimeout(listed, 20); return;
    }
    tries = 0;
    r.viewport = document.documentElement.clientWidth; r.page = document.documentElement.scrollWidth;
    // What each chip of the matrix says when hovered or focused.
    r.chips = Array.prototype.map.call(document.querySelectorAll("#matrix .chips > a"), function (a) { return a.title; });
    r.chipText = Array.prototype.map.call(document.querySelectorAll("#matrix .chips > a"), function (a) { return a.textContent + " " + a.getAttribute("href") + " " + a.className; });
    r.list = Array.prototype.map.call(document.querySelectorAll("#scenarios details.scenario"), function (d) { return d.id + " " + d.className + " " + d.querySelector("summary").textContent; });
    opened();
  })();
  function opened() {
  var bad = document.querySelector("details.scenario.st-failed");
  if (bad === null) { r.opened = "no failing scenario"; done(r); return; }
  bad.open = true;
  (function wait() {
    if (bad.getAttribute("data-rendered") === "1") {
      r.steps = Array.prototype.map.call(bad.querySelectorAll("ol.steps > li"), function (li) { return li.textContent; }).join(" | ");
      r.request = bad.querySelectorAll("pre.request").length;
      r.response = bad.querySelectorAll("pre.response").length;
      r.text = bad.textContent;
      done(r); return;
    }
    if (tries++ > 100) { r.opened = "evidence never rendered"; done(r); return; }
    setTimeout(wait, 20);
  })();
  }
})();
</script>`

// dumpWithProbe loads report.html with the probe in headless Chromium at
// the given width and returns what the probe wrote.
func dumpWithProbe(t *testing.T, bin, page string, width int) string {
	t.Helper()
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "report.html"), []byte(strings.Replace(page, "</body>", probe+"</body>", 1)), 0o644))
	// Headless windows are at least 500 px wide: the page is framed at the
	// width under test instead, as a phone would show it.
	path := filepath.Join(dir, "frame.html")
	frame := `<!DOCTYPE html><html><body style="margin:0"><iframe src="report.html" style="border:0;width:` + strconv.Itoa(width) + `px;height:900px"></iframe></body></html>`
	require.NoError(t, os.WriteFile(path, []byte(frame), 0o644))
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
		"--disable-background-networking", "--disable-component-update", "--disable-sync", "--user-data-dir="+filepath.Join(dir, "profile"),
		"--allow-file-access-from-files", "--window-size=1600,1000", "--virtual-time-budget=10000", "--dump-dom", "file://"+path)
	out, err := cmd.Output()
	require.NoError(t, err, "chromium: %s", out)
	m := regexp.MustCompile(`(?s)<pre id="probe">(.*?)</pre>`).FindSubmatch(out)
	require.NotNil(t, m, "the probe wrote nothing")
	return strings.NewReplacer("&quot;", `"`, "&lt;", "<", "&gt;", ">", "&amp;", "&").Replace(string(m[1]))
}

// The report, in a real browser: at 420 px nothing makes the page wider
// than the screen, and a failing scenario, opened, shows the request and
// the response it made, read from the evidence the page carries.
func TestHTMLReportInABrowser(t *testing.T) {
	bin := browser(t)
	rep, _ := testReport(t)
	var b strings.Builder
	require.NoError(t, WriteHTML(&b, rep))
	for _, width := range []int{420, 1400} {
		got := dumpWithProbe(t, bin, b.String(), width)
		vp := regexp.MustCompile(`"viewport":(\d+),"page":(\d+)`).FindStringSubmatch(got)
		require.NotNil(t, vp, got)
		viewport, _ := strconv.Atoi(vp[1])
		page, _ := strconv.Atoi(vp[2])
		assert.LessOrEqual(t, page, viewport, "at %d px the page is no wider than the screen (no horizontal scrolling)", width)
		assert.Regexp(t, `"request":[1-9]`, got, "at %d px", width)
		assert.Regexp(t, `"response":[1-9]`, got, "at %d px", width)
		assert.Contains(t, got, "updateInfo", "the failing call's URL")
		assert.Contains(t, got, `\"responseCode\": \"0000\"`, "the response body, pretty-printed")
		assert.Contains(t, got, "the call is refused with responseCode 0001 (failed)", "its steps, from the report the page carries")
		assert.Contains(t, got, `\"amount\": 10.00`, "a body's numbers as they came (not 10)")
		assert.Contains(t, got, "expected a handled error (HTTP 400, responseCode 0001)", "the failed step's error")
		// The chips of the matrix are written bare; the page's script names
		// each by its scenario's ID, name and status, a waived one too.
		assert.Contains(t, got, `"A-4.02-create-account.feature:10: An account is created (PASSED)"`, "a chip's title")
		assert.Contains(t, got, `"A-4.03-update-account.feature:14: A missing lastName is refused (FAILED)"`, "a waived chip's title")
		assert.Contains(t, got, `"A-4.05-close-account.feature:8: An open account is closed (ERROR)"`, "a chip's title")
		assert.NotContains(t, got, `""`, "every chip has a title")
		// Every scenario, in report.json's order, its anchor "sc-" and its
		// place counted from 1, its summary line its status, name, ID,
		// clauses and duration; each chip names its scenario by clause and
		// line and links to it.
		for i, s := range rep.Scenarios {
			assert.Contains(t, got, fmt.Sprintf(`"sc-%d scenario %s %s`, i+1, statusClass(s.Status), s.Status), "%s", s.ID)
		}
		assert.Contains(t, got, `"sc-1 scenario st-passed PASSED An account is created A-4.02-create-account.feature:10 A-4.2 `)
		assert.Contains(t, got, `"A-4.02:10 #sc-1 st-passed"`, "a chip")
		assert.Contains(t, got, `"A-4.03:14 #sc-3 st-failed waived"`, "a waived chip")
	}
}

// wordProbe lists the words the layout broke across lines: in the
// traceability matrix (clause, title, result), in every code value and in
// the messages. A
// word longer than its box may break (a URL in a narrow cell); any other
// word broken is a layout that squeezes a column ("R es ul t", "HTT P 201").
const wordProbe = `<script>
(function () {
  function done(r) { var p = parent.document.createElement("pre"); p.id = "probe"; p.textContent = JSON.stringify(r); parent.document.body.appendChild(p); }
  var broken = [], checked = 0;
  var els = document.querySelectorAll(".matrix td:not(:last-child), .matrix th, code, pre.message");
  for (var i = 0; i < els.length; i++) {
    var el = els[i];
    if (el.getClientRects().length === 0) continue; // not shown (a closed details)
    var box = el.getBoundingClientRect().width;
    var walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (var n = walker.nextNode(); n; n = walker.nextNode()) {
      var re = /\S+/g, m;
      while ((m = re.exec(n.data)) !== null) {
        var range = document.createRange();
        range.setStart(n, m.index); range.setEnd(n, m.index + m[0].length);
        var rects = range.getClientRects();
        checked++;
        if (rects.length < 2) continue;
        var w = 0; for (var k = 0; k < rects.length; k++) w += rects[k].width;
        if (w <= box + 1) broken.push(m[0]);
      }
    }
  }
  done({ checked: checked, broken: broken.slice(0, 20), count: broken.length });
})();
</script>`

// The traceability matrix and the code values read whole in a real
// browser, at a desktop's 1400 px and a phone's 420 px: no clause, title,
// result or code value is broken inside a word that would fit its box.
// With WALLET_SCREENSHOTS=DIR, screenshots of both widths are written
// there, to be looked at.
func TestHTMLMatrixAndCodeReadWholeInABrowser(t *testing.T) {
	bin := browser(t)
	// As crowded as a whole run: dozens of scenarios per clause.
	r := testResult()
	for _, c := range SpecClauses() {
		for i := range 60 {
			st := record.Passed
			if i%7 == 3 {
				st = record.Failed
			}
			r.Scenarios = append(r.Scenarios, record.Scenario{ID: fmt.Sprintf("%s-crowd.feature:%d", c.Tag, 10+i), Name: "a scenario of " + c.Title,
				Clauses: []string{c.Tag}, Status: st, Message: "expected HTTP 201 with responseCode \"0000\", got HTTP 200"})
		}
	}
	var b strings.Builder
	require.NoError(t, WriteHTML(&b, Build(r, testMeta(), nil, nil)))
	page := b.String()
	for _, width := range []int{1400, 420} {
		dir := t.TempDir()
		require.NoError(t, os.WriteFile(filepath.Join(dir, "report.html"), []byte(strings.Replace(page, "</body>", wordProbe+"</body>", 1)), 0o644))
		frame := filepath.Join(dir, "frame.html")
		require.NoError(t, os.WriteFile(frame, []byte(`<!DOCTYPE html><html><body style="margin:0"><iframe src="report.html" style="border:0;width:`+strconv.Itoa(width)+`px;height:900px"></iframe></body></html>`), 0o644))
		ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
		out, err := exec.CommandContext(ctx, bin, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
			"--disable-component-update", "--disable-sync", "--user-data-dir="+filepath.Join(dir, "profile"), "--allow-file-access-from-files",
			"--window-size=1600,1000", "--virtual-time-budget=5000", "--dump-dom", "file://"+frame).Output()
		cancel()
		require.NoError(t, err)
		m := regexp.MustCompile(`(?s)<pre id="probe">(.*?)</pre>`).FindSubmatch(out)
		require.NotNil(t, m, "the probe wrote nothing")
		got := strings.NewReplacer("&quot;", `"`, "&lt;", "<", "&gt;", ">", "&amp;", "&").Replace(string(m[1]))
		assert.Regexp(t, `"checked":[1-9][0-9]{2,}`, got, "at %d px the probe read the matrix", width)
		assert.Contains(t, got, `"count":0`, "at %d px no word is broken that fits its box: %s", width, got)
		if shots := os.Getenv("WALLET_SCREENSHOTS"); shots != "" {
			ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
			shot := filepath.Join(dir, "shot.html")
			require.NoError(t, os.WriteFile(shot, []byte(`<!DOCTYPE html><html><body style="margin:0"><iframe src="report.html#matrix" style="border:0;width:`+strconv.Itoa(width)+`px;height:2400px"></iframe></body></html>`), 0o644))
			require.NoError(t, os.WriteFile(filepath.Join(dir, "report.html"), []byte(page), 0o644))
			_ = exec.CommandContext(ctx, bin, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--user-data-dir="+filepath.Join(dir, "profile2"),
				"--window-size="+strconv.Itoa(width+50)+",2400", "--virtual-time-budget=5000", "--screenshot="+filepath.Join(shots, "matrix-"+strconv.Itoa(width)+".png"), "file://"+shot).Run()
			cancel()
		}
	}
}
