package reports

import (
	"encoding/json"
	"fmt"
	"io"
	"mime"
	"net/http"
	"net/url"
	"sort"
	"strings"
	"time"

	"github.com/wallet-conformance/wallet-conformance/record"
)

// HARVersion is the version of the HTTP Archive format WriteHAR writes.
const HARVersion = "1.2"

// HARCreator is the creator.name of the HAR files WriteHAR writes.
const HARCreator = "wallet-conformance"

// harHTTPVersion is the HTTP version of every entry: the evidence store
// does not record the protocol, and the suite's client speaks HTTP/1.1
// unless a TLS target negotiates HTTP/2.
const harHTTPVersion = "HTTP/1.1"

// harTimeline explains the entries' startedDateTime in the log's comment.
const harTimeline = "startedDateTime is derived: report.json records when the run started and each exchange's latency, " +
	"not when each exchange began, so the entries are laid end to end from the run's start in the order the scenarios " +
	"and their steps made them (the evidence store's order); each entry's time is its measured latency, all of it " +
	"counted as wait. Secrets are redacted as in the report."

// WriteHAR writes every exchange of the report's evidence store as an HTTP
// Archive (HAR 1.2) that browsers' developer tools and Postman import: one
// page per scenario that made calls (id: the scenario ID, title: its
// clauses, name and status), one entry per exchange in evidence order, the
// request and response with their headers and bodies as the evidence store
// holds them: secrets are redacted exactly as in the report, since
// WriteHAR reads only the redacted evidence. The report must carry its
// evidence (ReadReport). The output depends on the report alone.
func WriteHAR(w io.Writer, rep *Report) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", " ")
	return enc.Encode(buildHAR(rep))
}

type har struct {
	Log harLog `json:"log"`
}

type harLog struct {
	Version string     `json:"version"`
	Creator harCreator `json:"creator"`
	Pages   []harPage  `json:"pages"`
	Entries []harEntry `json:"entries"`
	Comment string     `json:"comment,omitempty"`
}

type harCreator struct {
	Name    string `json:"name"`
	Version string `json:"version"`
	Comment string `json:"comment,omitempty"`
}

type harPage struct {
	StartedDateTime string         `json:"startedDateTime"`
	ID              string         `json:"id"`
	Title           string         `json:"title"`
	PageTimings     harPageTimings `json:"pageTimings"`
	Comment         string         `json:"comment,omitempty"`
}

type harPageTimings struct {
	OnContentLoad float64 `json:"onContentLoad"`
	OnLoad        float64 `json:"onLoad"`
}

type harEntry struct {
	PageRef         string      `json:"pageref,omitempty"`
	StartedDateTime string      `json:"startedDateTime"`
	Time            float64     `json:"time"`
	Request         harRequest  `json:"request"`
	Response        harResponse `json:"response"`
	Cache           struct{}    `json:"cache"`
	Timings         harTimings  `json:"timings"`
	Comment         string      `json:"comment,omitempty"`
	// Custom fields (HAR 1.2: a leading underscore), the suite's own.
	Operation string `json:"_operation,omitempty"` // operation ID (schemas.Catalogue)
	Retries   int    `json:"_retries,omitempty"`   // repetitions after 0058/0098
	Error     string `json:"_error,omitempty"`     // why no response came
}

type harNameValue struct {
	Name  string `json:"name"`
	Value string `json:"value"`
}

type harRequest struct {
	Method      string         `json:"method"`
	URL         string         `json:"url"`
	HTTPVersion string         `json:"httpVersion"`
	Cookies     []harNameValue `json:"cookies"`
	Headers     []harNameValue `json:"headers"`
	QueryString []harNameValue `json:"queryString"`
	PostData    *harPostData   `json:"postData,omitempty"`
	HeadersSize int            `json:"headersSize"`
	BodySize    int            `json:"bodySize"`
}

type harPostData struct {
	MimeType string         `json:"mimeType"`
	Params   []harNameValue `json:"params,omitempty"` // form posts only; text and params are exclusive
	Text     string         `json:"text,omitempty"`
}

type harResponse struct {
	Status      int            `json:"status"`
	StatusText  string         `json:"statusText"`
	HTTPVersion string         `json:"httpVersion"`
	Cookies     []harNameValue `json:"cookies"`
	Headers     []harNameValue `json:"headers"`
	Content     harContent     `json:"content"`
	RedirectURL string         `json:"redirectURL"`
	HeadersSize int            `json:"headersSize"`
	BodySize    int            `json:"bodySize"`
}

type harContent struct {
	Size     int    `json:"size"`
	MimeType string `json:"mimeType"`
	Text     string `json:"text,omitempty"`
}

type harTimings struct {
	Send    float64 `json:"send"`
	Wait    float64 `json:"wait"`
	Receive float64 `json:"receive"`
}

// harAborted is the page of the exchanges of a run that was aborted.
const harAborted = "aborted"

func buildHAR(rep *Report) har {
	start, err := time.Parse(time.RFC3339, rep.Time)
	if err != nil {
		start = time.Unix(0, 0)
	}
	log := harLog{
		Version: HARVersion,
		Creator: harCreator{Name: HARCreator, Version: rep.Suite.Version, Comment: fmt.Sprintf("run %s against %s: %s", rep.RunID, rep.Target, rep.Verdict)},
		Pages:   []harPage{},
		Entries: []harEntry{},
		Comment: harTimeline,
	}
	// Which page and step each exchange belongs to, and the pages in order.
	type owner struct{ page, step string }
	owners := map[int]owner{}
	var pages []harPage
	for _, s := range rep.Scenarios {
		made := false
		for _, st := range s.Steps {
			for _, i := range st.Exchanges {
				owners[i] = owner{s.ID, st.Text}
				made = true
			}
		}
		if made {
			pages = append(pages, harPage{ID: s.ID, Title: fmt.Sprintf("%s %s (%s)", strings.Join(s.Clauses, " "), s.Name, s.Status)})
		}
	}
	if rep.Aborted != nil && len(rep.Aborted.Exchanges) > 0 {
		for _, i := range rep.Aborted.Exchanges {
			owners[i] = owner{harAborted, ""}
		}
		pages = append(pages, harPage{ID: harAborted, Title: "the run was aborted: " + rep.Aborted.Reason})
	}
	pageStart := map[string]string{}
	at := start
	for i, ex := range rep.exchanges {
		e := entryOf(ex, at)
		o, ok := owners[i]
		if ok {
			e.PageRef = o.page
			if _, seen := pageStart[o.page]; !seen {
				pageStart[o.page] = e.StartedDateTime
			}
			e.Comment = ex.Operation
			if o.step != "" {
				e.Comment = fmt.Sprintf("%s, in step %q", ex.Operation, o.step)
			}
		}
		log.Entries = append(log.Entries, e)
		at = at.Add(ex.Latency)
	}
	for _, p := range pages {
		p.StartedDateTime = pageStart[p.ID]
		p.PageTimings = harPageTimings{OnContentLoad: -1, OnLoad: -1}
		log.Pages = append(log.Pages, p)
	}
	return har{Log: log}
}

// harTime is ISO 8601 with milliseconds, as browsers write it.
const harTime = "2006-01-02T15:04:05.000Z07:00"

func entryOf(ex record.Exchange, at time.Time) harEntry {
	e := harEntry{
		StartedDateTime: at.UTC().Format(harTime),
		Time:            ex.LatencyMs(),
		Timings:         harTimings{Wait: ex.LatencyMs()},
		Operation:       ex.Operation,
		Retries:         ex.Retries,
		Error:           ex.Error,
		Request: harRequest{
			Method: ex.Method, URL: ex.URL, HTTPVersion: harHTTPVersion,
			Cookies: []harNameValue{}, Headers: harHeaders(ex.RequestHeaders), QueryString: harQuery(ex.URL),
			HeadersSize: -1, BodySize: len(ex.RequestBody),
		},
		Response: harResponse{
			Status: ex.Status, StatusText: http.StatusText(ex.Status), HTTPVersion: harHTTPVersion,
			Cookies: []harNameValue{}, Headers: harHeaders(ex.ResponseHeaders),
			Content:     harContent{Size: len(ex.ResponseBody), MimeType: ex.ResponseHeaders.Get("Content-Type"), Text: ex.ResponseBody},
			RedirectURL: ex.ResponseHeaders.Get("Location"),
			HeadersSize: -1, BodySize: len(ex.ResponseBody),
		},
	}
	if ex.Status == 0 { // no response came: as browsers record a failed request
		e.Response.HTTPVersion = ""
		e.Response.BodySize = -1
	}
	if e.Response.Content.MimeType == "" {
		e.Response.Content.MimeType = "x-unknown"
	}
	if ex.RequestBody != "" {
		ct := ex.RequestHeaders.Get("Content-Type")
		if ct == "" {
			ct = "application/octet-stream"
		}
		pd := &harPostData{MimeType: ct, Text: ex.RequestBody}
		if mt, _, _ := mime.ParseMediaType(ct); mt == "application/x-www-form-urlencoded" {
			pd.Params, pd.Text = harPairs(ex.RequestBody), ""
		}
		e.Request.PostData = pd
	}
	return e
}

// harHeaders lists headers by name, then in the order of their values.
func harHeaders(h http.Header) []harNameValue {
	names := make([]string, 0, len(h))
	for k := range h {
		names = append(names, k)
	}
	sort.Strings(names)
	out := []harNameValue{}
	for _, k := range names {
		for _, v := range h[k] {
			out = append(out, harNameValue{Name: k, Value: v})
		}
	}
	return out
}

// harQuery lists the URL's query parameters in the order they appear.
func harQuery(raw string) []harNameValue {
	u, err := url.Parse(raw)
	if err != nil {
		return []harNameValue{}
	}
	return harPairs(u.RawQuery)
}

// harPairs splits a=1&b=2 into its pairs, in order, decoded.
func harPairs(s string) []harNameValue {
	out := []harNameValue{}
	for _, part := range strings.Split(s, "&") {
		if part == "" {
			continue
		}
		k, v, _ := strings.Cut(part, "=")
		if dk, err := url.QueryUnescape(k); err == nil {
			k = dk
		}
		if dv, err := url.QueryUnescape(v); err == nil {
			v = dv
		}
		out = append(out, harNameValue{Name: k, Value: v})
	}
	return out
}
