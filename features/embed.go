// Package features holds the suite's Gherkin features: the specification as
// the suite checks it, one file per clause area, each scenario tagged with
// the clause it checks.
package features

import (
	"embed"
	"io/fs"
)

//go:embed *.feature
var files embed.FS

// FS returns the embedded feature files.
func FS() fs.FS { return files }
