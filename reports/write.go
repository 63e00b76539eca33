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
// The evidence is encoded once, first, and shared by the store, report.json's
// digest of it and report.html; the files are then written at once, each
// from the report alone, and the first error is returned.
func WriteAll(dir string, rep *Report) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	if _, err := rep.evidenceStore(); err != nil {
		return err
	}
	files := []struct {
		name  string
		write func(io.Writer, *Report) error
	}{
		{EvidenceFile, WriteEvidence},
		{ReportJSONFile, WriteJSON},
		{ReportHTMLFile, WriteHTML},
		{SummaryFile, WriteSummaryReport},
		{JUnitFile, WriteJUnit},
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
