package reports

import (
	"bufio"
	"errors"
	"io"
	"os"
	"path/filepath"
	"sync"
)

// Names of the files WriteAll writes.
const (
	ReportJSONFile = "report.json"
	ReportHTMLFile = "report.html"
	SummaryFile    = "summary.md"
	JUnitFile      = "junit.xml"
)

// WriteAll writes the evidence store (evidence.json.gz), report.json,
// report.html, summary.md and junit.xml into dir, creating it when needed.
// The evidence and report.json are encoded once, first, and shared by the
// files that hold them (report.html carries both); the files are then
// written at once, and every error is returned.
func WriteAll(dir string, rep *Report) error { return writeAll(dir, rep, nil) }

// WriteRun writes the files of WriteAll and cucumber.json (WriteCucumber,
// with g), all at once: every file a run's report directory holds but
// profile.yaml.
func WriteRun(dir string, rep *Report, g *Gherkin) error {
	return writeAll(dir, rep, &g)
}

// writeAll writes the files of WriteAll, and cucumber.json when g is not nil.
func writeAll(dir string, rep *Report, g **Gherkin) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	js, err := encodeJSON(rep) // the evidence store first, then report.json
	if err != nil {
		return err
	}
	files := []struct {
		name  string
		write func(io.Writer, *Report) error
	}{
		{EvidenceFile, WriteEvidence},
		{ReportJSONFile, func(w io.Writer, _ *Report) error { _, err := w.Write(js); return err }},
		{ReportHTMLFile, func(w io.Writer, rep *Report) error { return writeHTML(w, rep, js) }},
		{SummaryFile, WriteSummaryReport},
		{JUnitFile, WriteJUnit},
	}
	if g != nil {
		files = append(files, struct {
			name  string
			write func(io.Writer, *Report) error
		}{CucumberFile, func(w io.Writer, rep *Report) error { return WriteCucumber(w, rep, *g) }})
	}
	errs := make([]error, len(files))
	var wg sync.WaitGroup
	for i, f := range files {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[i] = writeFile(filepath.Join(dir, f.name), rep, f.write)
		}()
	}
	wg.Wait()
	return errors.Join(errs...)
}

func writeFile(path string, rep *Report, write func(io.Writer, *Report) error) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	bw := bufio.NewWriter(f)
	if err := write(bw, rep); err != nil {
		f.Close()
		return err
	}
	if err := bw.Flush(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
