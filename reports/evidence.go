package reports

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/wallet-conformance/wallet-conformance/record"
)

// EvidenceFile is the evidence store of a report directory: every HTTP
// exchange of the run (passes too: auditors need them), secrets redacted,
// in the order the scenarios and their steps made them, as one gzip-
// compressed JSON document (Evidence). report.json refers to exchanges by
// their index in it, report.html carries it but for the sweeps' passing
// inputs (pageLeavesOut) and shows an exchange when a reader opens its
// scenario, and a bundle holds it once.
const EvidenceFile = "evidence.json.gz"

// EvidenceSchemaVersion is the version of the evidence store's model.
const EvidenceSchemaVersion = "1.0"

// Evidence is the content of the evidence store.
// It names no run: report.json binds its store by digest (EvidenceRef).
// Its JSON is documented by schemas/evidence.schema.json.
type Evidence struct {
	SchemaVersion string
	Exchanges     []record.Exchange
}

// evidenceJSON is the evidence store as its file writes it.
type evidenceJSON struct {
	SchemaVersion string             `json:"schemaVersion"`
	Exchanges     []evidenceExchange `json:"exchanges"`
}

// evidenceExchange is an exchange as the evidence store writes it: every
// field present, the latency in milliseconds.
type evidenceExchange struct {
	Operation       string      `json:"operation"`
	Method          string      `json:"method"`
	URL             string      `json:"url"`
	RequestHeaders  http.Header `json:"requestHeaders"`
	RequestBody     string      `json:"requestBody"`
	Status          int         `json:"status"` // 0 when no response came
	ResponseHeaders http.Header `json:"responseHeaders"`
	ResponseBody    string      `json:"responseBody"`
	LatencyMs       float64     `json:"latencyMs"`
	Retries         int         `json:"retries"`
	RetriedCodes    []string    `json:"retriedCodes"`
	Error           string      `json:"error"`
}

// MarshalJSON writes the evidence store's JSON.
func (e Evidence) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(e.file()); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}

// file is the evidence store as its file writes it.
func (e Evidence) file() evidenceJSON {
	out := evidenceJSON{SchemaVersion: e.SchemaVersion, Exchanges: make([]evidenceExchange, len(e.Exchanges))}
	for i, ex := range e.Exchanges {
		out.Exchanges[i] = evidenceExchange{
			Operation: ex.Operation, Method: ex.Method, URL: ex.URL,
			RequestHeaders: ex.RequestHeaders, RequestBody: ex.RequestBody,
			Status: ex.Status, ResponseHeaders: ex.ResponseHeaders, ResponseBody: ex.ResponseBody,
			LatencyMs: ex.LatencyMs(), Retries: ex.Retries, RetriedCodes: ex.RetriedCodes, Error: ex.Error,
		}
	}
	return out
}

// UnmarshalJSON reads the evidence store's JSON.
func (e *Evidence) UnmarshalJSON(data []byte) error {
	var in evidenceJSON
	if err := json.Unmarshal(data, &in); err != nil {
		return err
	}
	e.SchemaVersion = in.SchemaVersion
	e.Exchanges = make([]record.Exchange, len(in.Exchanges))
	for i, ex := range in.Exchanges {
		e.Exchanges[i] = record.Exchange{
			Operation: ex.Operation, Method: ex.Method, URL: ex.URL,
			RequestHeaders: ex.RequestHeaders, RequestBody: ex.RequestBody,
			Status: ex.Status, ResponseHeaders: ex.ResponseHeaders, ResponseBody: ex.ResponseBody,
			Latency: fromMs(ex.LatencyMs), Retries: ex.Retries, RetriedCodes: ex.RetriedCodes, Error: ex.Error,
		}
	}
	return nil
}

// EvidenceRef is how report.json names its evidence store.
type EvidenceRef struct {
	File      string `json:"file"`      // EvidenceFile, beside report.json
	Exchanges int    `json:"exchanges"` // how many exchanges it holds
	// SHA256 is the digest (hex) of the store's JSON, uncompressed: the
	// store belongs to this report.
	SHA256 string `json:"sha256"`
}

// encodedEvidence is the evidence store, encoded once per report.
type encodedEvidence struct {
	json []byte // compact JSON
	// gz returns json, gzip-compressed: compressed in the background from
	// the moment the JSON is encoded, while report.json is, and waited for
	// by the writer of the file.
	gz func() ([]byte, error)
	// page returns the evidence report.html carries (pageEvidence),
	// gzip-compressed: compressed in the background too.
	page func() ([]byte, error)
	// leftOut is how many exchanges the page's evidence leaves out.
	leftOut int
}

// evidenceStore encodes the evidence store (once; the report caches it) and
// records its digest in rep.Evidence.
func (rep *Report) evidenceStore() (*encodedEvidence, error) {
	if rep.store != nil {
		return rep.store, nil
	}
	var js bytes.Buffer
	enc := json.NewEncoder(&js)
	enc.SetEscapeHTML(false)
	exchanges := Evidence{SchemaVersion: EvidenceSchemaVersion, Exchanges: rep.exchanges}.file().Exchanges
	// The store's JSON is written an exchange at a time, as encoding/json
	// writes the whole (the same bytes, so the same digest), and where each
	// exchange lies in it is kept: the page's evidence is cut from it.
	js.WriteString(`{"schemaVersion":` + strconv.Quote(EvidenceSchemaVersion) + `,"exchanges":[`)
	spans := make([][2]int, len(exchanges))
	for i, ex := range exchanges {
		if i > 0 {
			js.WriteByte(',')
		}
		start := js.Len()
		if err := enc.Encode(ex); err != nil {
			return nil, err
		}
		js.Truncate(js.Len() - 1) // the encoder's newline
		spans[i] = [2]int{start, js.Len()}
	}
	js.WriteString("]}\n")
	data := js.Bytes()
	gz := sync.OnceValues(func() ([]byte, error) { return gzipBytes(data) })
	go gz()
	store := &encodedEvidence{json: data, gz: gz, page: gz}
	if left := rep.pageLeavesOut(); left != nil {
		page := pageEvidence(data, spans, left)
		store.page = sync.OnceValues(func() ([]byte, error) { return gzipBytes(page) })
		go store.page()
		for _, l := range left {
			if l {
				store.leftOut++
			}
		}
	}
	sum := sha256.Sum256(data)
	rep.Evidence = EvidenceRef{File: EvidenceFile, Exchanges: len(rep.exchanges), SHA256: hex.EncodeToString(sum[:])}
	rep.store = store
	return rep.store, nil
}

// pageLeavesOut tells which exchanges report.html leaves out of the
// evidence it carries: those of the passing steps of the sweeps'
// scenarios (the thousands of generated inputs answered as the spec
// classes them, with their fixtures and read-backs; most of a default
// run's exchanges), unless a step that did not pass holds them too. A
// finding's failing step keeps its exchanges. nil when it leaves out none.
func (rep *Report) pageLeavesOut() []bool {
	var left []bool
	keep := func(i int) bool { return i >= 0 && i < len(rep.exchanges) }
	for _, s := range rep.Scenarios {
		if !slices.Contains(s.Tags, sweepTag) {
			continue
		}
		for _, st := range s.Steps {
			if st.Status != record.StepPassed {
				continue
			}
			for _, i := range st.Exchanges {
				if keep(i) {
					if left == nil {
						left = make([]bool, len(rep.exchanges))
					}
					left[i] = true
				}
			}
		}
	}
	if left == nil {
		return nil
	}
	for _, s := range rep.Scenarios {
		for _, st := range s.Steps {
			if st.Status == record.StepPassed && slices.Contains(s.Tags, sweepTag) {
				continue
			}
			for _, i := range st.Exchanges {
				if keep(i) {
					left[i] = false
				}
			}
		}
	}
	return left
}

// pageEvidence is the evidence store's JSON with each exchange left out
// written as null, so that every other keeps its index.
func pageEvidence(data []byte, spans [][2]int, left []bool) []byte {
	if len(spans) == 0 {
		return data
	}
	var b bytes.Buffer
	b.Grow(len(data) / 2)
	b.Write(data[:spans[0][0]])
	for i, sp := range spans {
		if i > 0 {
			b.WriteByte(',')
		}
		if left[i] {
			b.WriteString("null")
		} else {
			b.Write(data[sp[0]:sp[1]])
		}
	}
	b.Write(data[spans[len(spans)-1][1]:])
	return b.Bytes()
}

// gzipBytes compresses data at gzip's default level (6). On a default
// run's evidence (13.4 MB of JSON, 10,400 exchanges, the full sweep's
// among them) level 4 writes 526 KB in about 50 ms of CPU, level 6 431 KB
// in about 75 ms; the store is compressed in the background while
// report.json is encoded, and the report files are most of what a run
// leaves to keep, so the smaller store is worth the time.
func gzipBytes(data []byte) ([]byte, error) {
	var gz bytes.Buffer
	zw, err := gzip.NewWriterLevel(&gz, gzip.DefaultCompression)
	if err != nil {
		return nil, err
	}
	if _, err := zw.Write(data); err != nil {
		return nil, err
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return gz.Bytes(), nil
}

// WriteEvidence writes the evidence store (gzip-compressed JSON).
func WriteEvidence(w io.Writer, rep *Report) error {
	store, err := rep.evidenceStore()
	if err != nil {
		return err
	}
	gz, err := store.gz()
	if err != nil {
		return err
	}
	_, err = w.Write(gz)
	return err
}

// maxEvidence bounds what ReadEvidence inflates: a store is a few MB.
const maxEvidence = 1 << 30

// ReadEvidence reads an evidence store and checks it against the digest
// report.json records for it (when ref carries one).
func ReadEvidence(r io.Reader, ref EvidenceRef) (*Evidence, error) {
	zr, err := gzip.NewReader(r)
	if err != nil {
		return nil, fmt.Errorf("%s is not gzip: %w", EvidenceFile, err)
	}
	data, err := io.ReadAll(io.LimitReader(zr, maxEvidence+1))
	if err != nil {
		return nil, fmt.Errorf("%s cannot be read: %w", EvidenceFile, err)
	}
	if len(data) > maxEvidence {
		return nil, fmt.Errorf("%s inflates to more than 1 GiB", EvidenceFile)
	}
	if ref.SHA256 != "" {
		sum := sha256.Sum256(data)
		if hex.EncodeToString(sum[:]) != ref.SHA256 {
			return nil, fmt.Errorf("%s is not the evidence of this report.json (its digest differs)", EvidenceFile)
		}
	}
	var ev Evidence
	if err := json.Unmarshal(data, &ev); err != nil {
		return nil, fmt.Errorf("%s cannot be read: %w", EvidenceFile, err)
	}
	return &ev, nil
}

// ReadReport reads report.json and, when present, its evidence store from
// a report directory. A report whose store is missing is returned without
// exchanges, and an error that says so.
func ReadReport(dir string) (*Report, error) {
	data, err := os.ReadFile(filepath.Join(dir, ReportJSONFile))
	if err != nil {
		return nil, err
	}
	rep, err := ParseReport(data)
	if err != nil {
		return nil, err
	}
	f, err := os.Open(filepath.Join(dir, EvidenceFile))
	if err != nil {
		if errors.Is(err, os.ErrNotExist) && rep.Evidence.Exchanges == 0 {
			return rep, nil
		}
		return rep, fmt.Errorf("%s: %w", EvidenceFile, err)
	}
	defer f.Close()
	return rep, rep.AttachEvidence(f)
}

// ParseReport reads report.json (without its evidence store).
func ParseReport(data []byte) (*Report, error) {
	var rep Report
	if err := json.Unmarshal(data, &rep); err != nil {
		return nil, fmt.Errorf("%s cannot be read: %w", ReportJSONFile, err)
	}
	return &rep, nil
}

// AttachEvidence reads the report's evidence store from r.
func (rep *Report) AttachEvidence(r io.Reader) error {
	ev, err := ReadEvidence(r, rep.Evidence)
	if err != nil {
		return err
	}
	if len(ev.Exchanges) != rep.Evidence.Exchanges {
		return fmt.Errorf("%s holds %d exchanges, report.json says %d", EvidenceFile, len(ev.Exchanges), rep.Evidence.Exchanges)
	}
	rep.exchanges = ev.Exchanges
	rep.store = nil
	return nil
}

// Readable returns what a reader of a report directory can get at, file by
// file (its subfolders aside): each file's bytes, the evidence store inflated, and the evidence a
// report.html carries decoded and inflated (under "report.html#evidence").
// Tests search it for secrets that must never be there.
func Readable(dir string) (map[string][]byte, error) {
	names, err := filepath.Glob(filepath.Join(dir, "*"))
	if err != nil {
		return nil, err
	}
	out := map[string][]byte{}
	for _, path := range names {
		if info, err := os.Stat(path); err != nil || info.IsDir() {
			continue
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return nil, err
		}
		name := filepath.Base(path)
		out[name] = data
		switch {
		case strings.HasSuffix(name, ".gz"):
			if out[name+"#inflated"], err = inflate(data); err != nil {
				return nil, fmt.Errorf("%s: %w", name, err)
			}
		case strings.HasSuffix(name, ".html"):
			if m := embeddedEvidence.FindSubmatch(data); m != nil {
				gz, err := base64.RawURLEncoding.DecodeString(string(m[1]))
				if err != nil {
					return nil, fmt.Errorf("%s: its evidence: %w", name, err)
				}
				if out[name+"#evidence"], err = inflate(gz); err != nil {
					return nil, fmt.Errorf("%s: its evidence: %w", name, err)
				}
			}
		}
	}
	return out, nil
}

var embeddedEvidence = regexp.MustCompile(`data-gz="([A-Za-z0-9_-]*)"`)

func inflate(gz []byte) ([]byte, error) {
	zr, err := gzip.NewReader(bytes.NewReader(gz))
	if err != nil {
		return nil, err
	}
	return io.ReadAll(io.LimitReader(zr, maxEvidence))
}
