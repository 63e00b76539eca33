package reports

import (
	"io"
	"os"
	"testing"
	"time"
)

func TestZZMeasure(t *testing.T) {
	dir := os.Getenv("ZZDIR")
	if dir == "" {
		t.Skip()
	}
	rep, err := ReadReport(dir)
	if err != nil {
		t.Fatal(err)
	}
	for round := 0; round < 2; round++ {
		rep.store = nil
		t0 := time.Now()
		js, _ := encodeJSON(rep)
		t.Logf("encodeJSON %v", time.Since(t0))
		for _, f := range []struct {
			n string
			w func(io.Writer, *Report) error
		}{
			{"evidence", WriteEvidence},
			{"html", func(w io.Writer, r *Report) error { return writeHTML(w, r, js) }},
			{"summary", WriteSummaryReport},
			{"junit", WriteJUnit},
			{"cucumber", func(w io.Writer, r *Report) error { return WriteCucumber(w, r, nil) }},
		} {
			t0 := time.Now()
			cw := &countW{}
			if err := f.w(cw, rep); err != nil {
				t.Fatal(err)
			}
			t.Logf("%s %d bytes %v", f.n, cw.n, time.Since(t0))
		}
		t0 = time.Now()
		if err := WriteAll(t.TempDir(), rep); err != nil {
			t.Fatal(err)
		}
		t.Logf("WriteAll %v", time.Since(t0))
	}
}

type countW struct{ n int }

func (c *countW) Write(p []byte) (int, error) { c.n += len(p); return len(p), nil }
