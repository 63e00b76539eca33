package runner

import (
	"crypto/sha256"
	"encoding/hex"
	"io/fs"
	"sort"
)

// SuiteVersion is the version of the suite, recorded in every report.
const SuiteVersion = "0.6.0"

// digestFS returns the SHA-256 of a file tree: every regular file's path
// and content, in path order, so a report names exactly the features and
// schemas it was produced with.
func digestFS(fsys fs.FS) (string, error) {
	var paths []string
	err := fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.Type().IsRegular() {
			paths = append(paths, p)
		}
		return nil
	})
	if err != nil {
		return "", err
	}
	sort.Strings(paths)
	h := sha256.New()
	for _, p := range paths {
		data, err := fs.ReadFile(fsys, p)
		if err != nil {
			return "", err
		}
		h.Write([]byte(p))
		h.Write([]byte{0})
		sum := sha256.Sum256(data)
		h.Write(sum[:])
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}
