package reports

import (
	"archive/zip"
	"bytes"
	"crypto/ed25519"
	"crypto/rand"
	"crypto/sha256"
	"crypto/x509"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"encoding/pem"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/tidwall/gjson"
	"go.yaml.in/yaml/v3"

	"github.com/wallet-conformance/wallet-conformance/record"
)

// Names of the files in a certification bundle.
const (
	BundleManifest  = "manifest.json" // the file list with digests, verdict and run id
	BundleSignature = "manifest.sig"  // base64 Ed25519 signature of the exact manifest.json bytes
	// BundleSignerKey is the public key of a signed bundle's signer (PEM,
	// PKIX). It lets verify check that manifest.sig belongs to manifest.json
	// without --pubkey; it proves nothing about who signed: anyone can
	// embed their own key. Authenticity needs the signer's key from
	// elsewhere (verify --pubkey).
	BundleSignerKey = "manifest.pub.pem"
	BundleReport    = "report.json"
	BundleHTML      = "report.html"
	BundleProfile   = "profile.yaml" // the redacted profile of the run
	BundleEvidence  = EvidenceFile   // the evidence store: every exchange
	BundleWaivers   = "waivers.yaml"
)

// bundleTime is the modification time of every archive entry, so that the
// same files always make the same archive.
var bundleTime = time.Date(1980, 1, 1, 0, 0, 0, 0, time.UTC)

// BundleFile is one file to put in a bundle, under a plain name (no folders).
type BundleFile struct {
	Name string
	Data []byte
}

// Manifest is manifest.json: what the bundle certifies and the digest of
// every other file of the archive (manifest.sig aside). The verdict is
// derived from report.json's scenario results when the bundle is made, and
// derived again when it is verified: a report whose stated verdict
// disagrees with its own results is refused.
type Manifest struct {
	Verdict string         `json:"verdict"`
	RunID   string         `json:"runId"`
	Target  string         `json:"target,omitempty"`
	Time    string         `json:"time,omitempty"`
	Files   []ManifestFile `json:"files"` // sorted by name
	// Covers is what the verdict covers.
	Covers *Coverage `json:"covers,omitempty"`
}

// Coverage is what a verdict covers: which suite checked what, of which
// scope, with which results.
type Coverage struct {
	Suite Suite         `json:"suite"`
	Tags  string        `json:"tags"`  // the --tags expression; "" for every scenario
	Shard *record.Shard `json:"shard"` // the part of a run; null for a whole run
	Rerun *record.Rerun `json:"rerun"` // a partial rerun (never bundled; shown by verify); null otherwise
	// Exploration is the run's stateful exploration (its seed replays it); null for none.
	Exploration *record.Exploration `json:"exploration"`
	// Sweep is the run's bad-input sweep (its seed makes it again); absent for none.
	Sweep *record.Sweep `json:"sweep,omitempty"`
	// Calls is the run's calls by part; absent in a bundle made before.
	Calls   *CallCounts `json:"calls,omitempty"`
	Counts  Counts      `json:"counts"`  // scenarios by status
	Claimed []string    `json:"claimed"` // clauses with scenarios in the run, not excluded
	// Unclaimed are the clauses the profile excludes (scope.exclude).
	Unclaimed []string `json:"unclaimed"`
	// Unchecked are clauses the run did not check: untested, not selected (--tags, --shard) or not run.
	Unchecked []string `json:"unchecked"`
}

// ReportConsistency reads report.json and checks that its stated verdict and
// counts are what its own scenario results give. It returns the report.
func ReportConsistency(data []byte) (*Report, error) {
	var rep Report
	if err := json.Unmarshal(data, &rep); err != nil {
		return nil, fmt.Errorf("%s cannot be read: %w", BundleReport, err)
	}
	if rep.Verdict == "" {
		return nil, fmt.Errorf("%s has no verdict", BundleReport)
	}
	if got := rep.DerivedVerdict(); got != rep.Verdict {
		return nil, fmt.Errorf("%s states the verdict %s, but its scenario results give %s: the report was edited", BundleReport, rep.Verdict, got)
	}
	counts := map[record.Status]int{}
	for _, sc := range rep.Scenarios {
		counts[sc.Status]++
	}
	for _, st := range record.Statuses() {
		if counts[st] != rep.Counts.ByStatus[st] {
			return nil, fmt.Errorf("%s counts %d %s scenarios, but lists %d: the report was edited", BundleReport, rep.Counts.ByStatus[st], st, counts[st])
		}
	}
	if rep.Counts.Total != len(rep.Scenarios) {
		return nil, fmt.Errorf("%s counts %d scenarios in all, but lists %d: the report was edited", BundleReport, rep.Counts.Total, len(rep.Scenarios))
	}
	return &rep, nil
}

// rerunNotACertificate is why a partial rerun is never bundled.
func rerunNotACertificate(rep *Report) error {
	return fmt.Errorf("%s is a partial rerun of run %s (%d scenarios): its verdict speaks for those scenarios only and is not a certificate; bundle a run of the whole suite", BundleReport, rep.Rerun.Of, len(rep.Rerun.Scenarios))
}

// coverage sums up what a consistent report's verdict covers.
func coverage(rep *Report) *Coverage {
	c := &Coverage{Suite: rep.Suite, Tags: rep.Scope.Tags, Shard: rep.Shard, Rerun: rep.Rerun, Exploration: rep.Exploration, Sweep: rep.Sweep, Calls: rep.Calls, Counts: rep.Counts,
		Claimed: []string{}, Unclaimed: append([]string{}, rep.Scope.Exclude...), Unchecked: []string{}}
	for _, cl := range rep.Clauses {
		switch {
		case cl.Empty && len(cl.Scenarios) == 0:
		case slices.Contains(rep.Scope.Exclude, cl.Tag):
		case cl.Result == ClauseUntested || cl.Result == ClauseNotSelected || cl.Result == ClauseNotRun:
			c.Unchecked = append(c.Unchecked, cl.Tag)
		default:
			c.Claimed = append(c.Claimed, cl.Tag)
		}
	}
	return c
}

// ManifestFile is one file of a bundle with its size and SHA-256 (hex).
type ManifestFile struct {
	Name   string `json:"name"`
	Size   int64  `json:"size"`
	SHA256 string `json:"sha256"`
}

// BundleError is a bundle that is not intact: a file missing, extra,
// altered, or a signature that is absent or does not verify. File names the
// file concerned; it is manifest.sig for a signature problem.
type BundleError struct {
	File   string
	Reason string
	// Verdict is true when the files are intact but the verdict does not
	// follow from the report's results.
	Verdict bool
}

func (e *BundleError) Error() string {
	if e.File == "" {
		return e.Reason
	}
	return e.File + ": " + e.Reason
}

// Signature reports whether the error concerns the signature.
func (e *BundleError) Signature() bool { return e.File == BundleSignature }

// CreateBundle writes a zip archive of files with manifest.json and, when
// key is not nil, manifest.sig. One of the files must be report.json: the
// manifest's verdict, runId, target and time are read from it. The archive
// is deterministic: entries in name order, fixed modification times.
func CreateBundle(w io.Writer, files []BundleFile, key ed25519.PrivateKey) error {
	sorted := append([]BundleFile(nil), files...)
	sort.Slice(sorted, func(i, j int) bool { return sorted[i].Name < sorted[j].Name })
	var report []byte
	m := Manifest{Files: []ManifestFile{}}
	for i, f := range sorted {
		if err := checkBundleName(f.Name); err != nil {
			return err
		}
		if f.Name == BundleManifest || f.Name == BundleSignature {
			return fmt.Errorf("bundle: %s is written by the bundle itself", f.Name)
		}
		if i > 0 && sorted[i-1].Name == f.Name {
			return fmt.Errorf("bundle: %s given twice", f.Name)
		}
		if f.Name == BundleReport {
			report = f.Data
		}
		sum := sha256.Sum256(f.Data)
		m.Files = append(m.Files, ManifestFile{Name: f.Name, Size: int64(len(f.Data)), SHA256: hex.EncodeToString(sum[:])})
	}
	if report == nil {
		return fmt.Errorf("bundle: no %s", BundleReport)
	}
	rep, err := ReportConsistency(report)
	if err != nil {
		return fmt.Errorf("bundle: %w", err)
	}
	if rep.Rerun != nil {
		return fmt.Errorf("bundle: %w", rerunNotACertificate(rep))
	}
	m.Verdict, m.RunID, m.Target, m.Time = rep.DerivedVerdict(), rep.RunID, rep.Target, rep.Time
	m.Covers = coverage(rep)
	manifest, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return err
	}
	manifest = append(manifest, '\n')

	entries := append(sorted, BundleFile{Name: BundleManifest, Data: manifest})
	if key != nil {
		if len(key) != ed25519.PrivateKeySize {
			return errors.New("bundle: the signing key is not an Ed25519 private key")
		}
		sig := ed25519.Sign(key, manifest)
		entries = append(entries, BundleFile{Name: BundleSignature, Data: []byte(base64.StdEncoding.EncodeToString(sig) + "\n")})
		pubDER, err := x509.MarshalPKIXPublicKey(key.Public())
		if err != nil {
			return err
		}
		entries = append(entries, BundleFile{Name: BundleSignerKey, Data: pem.EncodeToMemory(&pem.Block{Type: "PUBLIC KEY", Bytes: pubDER})})
	}
	sort.Slice(entries, func(i, j int) bool { return entries[i].Name < entries[j].Name })

	zw := zip.NewWriter(w)
	for _, f := range entries {
		h := &zip.FileHeader{Name: f.Name, Method: zip.Deflate, Modified: bundleTime}
		h.SetMode(0o644)
		fw, err := zw.CreateHeader(h)
		if err != nil {
			return err
		}
		if _, err := fw.Write(f.Data); err != nil {
			return err
		}
	}
	return zw.Close()
}

func checkBundleName(name string) error {
	if name == "" || name == "." || name == ".." || strings.ContainsAny(name, `/\`) {
		return fmt.Errorf("bundle: %q is not a plain file name", name)
	}
	return nil
}

// VerifyBundle checks a bundle: every file the manifest lists is in the
// archive with its size and SHA-256, and no other file is (manifest.sig
// aside). With pub, manifest.sig must be present and be pub's signature of
// the exact manifest.json bytes. A bundle that is not intact is reported as
// a *BundleError naming the file, or manifest.sig for the signature.
func VerifyBundle(r io.ReaderAt, size int64, pub ed25519.PublicKey) (*Manifest, error) {
	zr, err := zip.NewReader(r, size)
	if err != nil {
		return nil, fmt.Errorf("not a bundle: not a zip archive (%v)", err)
	}
	entries := map[string]*zip.File{}
	for _, f := range zr.File {
		if _, dup := entries[f.Name]; dup {
			return nil, &BundleError{File: f.Name, Reason: "appears twice in the archive"}
		}
		entries[f.Name] = f
	}
	manifestData, err := readEntry(entries, BundleManifest)
	if err != nil {
		return nil, err
	}
	key, whose := pub, "the public key"
	if key == nil {
		// Without --pubkey, the key the bundle carries: a signature that
		// does not belong to this manifest is refused, though a match
		// proves nothing about who signed (SignerOf).
		if _, ok := entries[BundleSignerKey]; ok {
			if key, err = embeddedKey(entries); err != nil {
				return nil, err
			}
			whose = "the key the bundle carries (" + BundleSignerKey + ")"
		}
	}
	if key != nil {
		if len(key) != ed25519.PublicKeySize {
			return nil, errors.New("the public key is not an Ed25519 public key")
		}
		sigData, err := readEntry(entries, BundleSignature)
		if err != nil {
			return nil, &BundleError{File: BundleSignature, Reason: "the bundle is not signed"}
		}
		sig, err := base64.StdEncoding.DecodeString(strings.TrimSpace(string(sigData)))
		if err != nil || !ed25519.Verify(key, manifestData, sig) {
			return nil, &BundleError{File: BundleSignature, Reason: "the signature does not verify with " + whose + ": manifest.json is not what was signed"}
		}
	}
	var m Manifest
	dec := json.NewDecoder(bytes.NewReader(manifestData))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&m); err != nil {
		return nil, &BundleError{File: BundleManifest, Reason: "unreadable: " + err.Error()}
	}
	listed := map[string]bool{}
	for _, f := range m.Files {
		if f.Name == BundleManifest || f.Name == BundleSignature || f.Name == BundleSignerKey || listed[f.Name] {
			return nil, &BundleError{File: BundleManifest, Reason: fmt.Sprintf("lists %s wrongly", f.Name)}
		}
		listed[f.Name] = true
		data, err := readEntry(entries, f.Name)
		if err != nil {
			return nil, err
		}
		if int64(len(data)) != f.Size {
			return nil, &BundleError{File: f.Name, Reason: fmt.Sprintf("size %d, the manifest says %d", len(data), f.Size)}
		}
		sum := sha256.Sum256(data)
		if hex.EncodeToString(sum[:]) != f.SHA256 {
			return nil, &BundleError{File: f.Name, Reason: "SHA-256 differs from the manifest"}
		}
	}
	var extra []string
	for name := range entries {
		if !listed[name] && name != BundleManifest && name != BundleSignature && name != BundleSignerKey {
			extra = append(extra, name)
		}
	}
	if len(extra) > 0 {
		sort.Strings(extra)
		return nil, &BundleError{File: extra[0], Reason: "not listed in the manifest"}
	}
	// The verdict is derived again from the results: a bundle signed over an
	// edited report, or a manifest that claims another verdict, is refused.
	data, err := readEntry(entries, BundleReport)
	if err != nil {
		return nil, err
	}
	rep, err := ReportConsistency(data)
	if err != nil {
		return nil, &BundleError{File: BundleReport, Reason: err.Error(), Verdict: true}
	}
	if rep.Rerun != nil {
		return nil, &BundleError{File: BundleReport, Reason: rerunNotACertificate(rep).Error(), Verdict: true}
	}
	if rep.Evidence.Exchanges > 0 {
		ev, err := readEntry(entries, BundleEvidence)
		if err != nil {
			return nil, err
		}
		if err := rep.AttachEvidence(bytes.NewReader(ev)); err != nil {
			return nil, &BundleError{File: BundleEvidence, Reason: err.Error()}
		}
	}
	if m.Verdict != rep.DerivedVerdict() {
		return nil, &BundleError{File: BundleManifest, Reason: fmt.Sprintf("certifies the verdict %s, but the results of %s give %s", m.Verdict, BundleReport, rep.DerivedVerdict()), Verdict: true}
	}
	if m.Covers == nil {
		m.Covers = coverage(rep) // a bundle made before manifests said what they cover
	}
	return &m, nil
}

// embeddedKey reads the signer's public key a bundle carries.
func embeddedKey(entries map[string]*zip.File) (ed25519.PublicKey, error) {
	data, err := readEntry(entries, BundleSignerKey)
	if err != nil {
		return nil, err
	}
	k, err := ParsePublicKeyPEM(data)
	if err != nil {
		return nil, &BundleError{File: BundleSignerKey, Reason: err.Error()}
	}
	return k, nil
}

// BundleSigning says how a bundle is signed, for what verify prints: signed
// is true when it holds manifest.sig; carried is the signer's key it holds
// (nil when none). A bundle's own key proves nothing about who signed it.
func BundleSigning(r io.ReaderAt, size int64) (signed bool, carried ed25519.PublicKey) {
	zr, err := zip.NewReader(r, size)
	if err != nil {
		return false, nil
	}
	entries := map[string]*zip.File{}
	for _, f := range zr.File {
		entries[f.Name] = f
	}
	_, signed = entries[BundleSignature]
	if _, ok := entries[BundleSignerKey]; ok {
		carried, _ = embeddedKey(entries)
	}
	return signed, carried
}

// KeyFingerprint is the SHA-256 of a public key's PKIX encoding, in hex: how
// a person compares a key with the one a signer published.
func KeyFingerprint(k ed25519.PublicKey) string {
	der, err := x509.MarshalPKIXPublicKey(k)
	if err != nil {
		return ""
	}
	sum := sha256.Sum256(der)
	return hex.EncodeToString(sum[:])
}

// maxEntrySize bounds what VerifyBundle reads of one archive entry.
const maxEntrySize = 1 << 30

func readEntry(entries map[string]*zip.File, name string) ([]byte, error) {
	f, ok := entries[name]
	if !ok {
		return nil, &BundleError{File: name, Reason: "missing from the archive"}
	}
	rc, err := f.Open()
	if err != nil {
		return nil, &BundleError{File: name, Reason: "unreadable: " + err.Error()}
	}
	defer rc.Close()
	data, err := io.ReadAll(io.LimitReader(rc, maxEntrySize+1))
	if err != nil {
		return nil, &BundleError{File: name, Reason: "unreadable: " + err.Error()}
	}
	if len(data) > maxEntrySize {
		return nil, &BundleError{File: name, Reason: "larger than 1 GiB"}
	}
	return data, nil
}

// CollectBundle reads the files of a bundle from a report directory:
// report.json, report.html and the evidence store, profile.yaml (or, when the directory has
// none, the "profile" object of report.json as YAML) and, when
// waiversPath is not empty, that file as waivers.yaml.
func CollectBundle(reportDir, waiversPath string) ([]BundleFile, error) {
	var files []BundleFile
	for _, name := range []string{BundleReport, BundleHTML, BundleEvidence} {
		data, err := os.ReadFile(filepath.Join(reportDir, name))
		if name == BundleEvidence && errors.Is(err, os.ErrNotExist) {
			continue // a report without exchanges has none
		}
		if err != nil {
			return nil, err
		}
		files = append(files, BundleFile{Name: name, Data: data})
	}
	profile, err := os.ReadFile(filepath.Join(reportDir, BundleProfile))
	if errors.Is(err, os.ErrNotExist) {
		profile, err = ProfileYAML(files[0].Data)
		if err != nil {
			return nil, fmt.Errorf("no %s in %s, and %w", BundleProfile, reportDir, err)
		}
	} else if err != nil {
		return nil, err
	}
	files = append(files, BundleFile{Name: BundleProfile, Data: profile})
	if waiversPath != "" {
		data, err := os.ReadFile(waiversPath)
		if err != nil {
			return nil, err
		}
		files = append(files, BundleFile{Name: BundleWaivers, Data: data})
	}
	return files, nil
}

// ProfileYAML returns the "profile" object of a report.json as YAML, keys
// in the order report.json has them.
func ProfileYAML(report []byte) ([]byte, error) {
	p := gjson.GetBytes(report, "profile")
	if !p.IsObject() {
		return nil, fmt.Errorf("%s has no profile object", BundleReport)
	}
	dec := json.NewDecoder(strings.NewReader(p.Raw))
	dec.UseNumber()
	node, err := jsonToYAML(dec)
	if err != nil {
		return nil, fmt.Errorf("%s: profile: %w", BundleReport, err)
	}
	var b bytes.Buffer
	enc := yaml.NewEncoder(&b)
	enc.SetIndent(2)
	if err := enc.Encode(node); err != nil {
		return nil, err
	}
	if err := enc.Close(); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// jsonToYAML reads one JSON value from dec as a YAML node, keeping the
// order of object keys.
func jsonToYAML(dec *json.Decoder) (*yaml.Node, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	switch v := tok.(type) {
	case json.Delim:
		n := &yaml.Node{Kind: yaml.SequenceNode, Tag: "!!seq"}
		if v == '{' {
			n = &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map"}
		}
		for dec.More() {
			if n.Kind == yaml.MappingNode {
				k, err := dec.Token()
				if err != nil {
					return nil, err
				}
				n.Content = append(n.Content, &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: k.(string)})
			}
			child, err := jsonToYAML(dec)
			if err != nil {
				return nil, err
			}
			n.Content = append(n.Content, child)
		}
		if _, err := dec.Token(); err != nil { // the closing delimiter
			return nil, err
		}
		return n, nil
	case string:
		return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: v}, nil
	case json.Number:
		tag := "!!int"
		if strings.ContainsAny(v.String(), ".eE") {
			tag = "!!float"
		}
		return &yaml.Node{Kind: yaml.ScalarNode, Tag: tag, Value: v.String()}, nil
	case bool:
		return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!bool", Value: fmt.Sprint(v)}, nil
	default: // nil
		return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!null", Value: "null"}, nil
	}
}

// GenerateSigningKey makes an Ed25519 key pair for signing bundles: the
// private key as PKCS#8 PEM ("PRIVATE KEY", as openssl genpkey -algorithm
// ed25519 writes it) and the public key as PKIX PEM ("PUBLIC KEY").
func GenerateSigningKey() (privatePEM, publicPEM []byte, err error) {
	pub, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		return nil, nil, err
	}
	privDER, err := x509.MarshalPKCS8PrivateKey(priv)
	if err != nil {
		return nil, nil, err
	}
	pubDER, err := x509.MarshalPKIXPublicKey(pub)
	if err != nil {
		return nil, nil, err
	}
	return pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: privDER}),
		pem.EncodeToMemory(&pem.Block{Type: "PUBLIC KEY", Bytes: pubDER}), nil
}

// ParsePrivateKeyPEM reads an Ed25519 private key in PKCS#8 PEM.
func ParsePrivateKeyPEM(data []byte) (ed25519.PrivateKey, error) {
	block, _ := pem.Decode(data)
	if block == nil || block.Type != "PRIVATE KEY" {
		return nil, errors.New("not a PEM PRIVATE KEY (PKCS#8)")
	}
	k, err := x509.ParsePKCS8PrivateKey(block.Bytes)
	if err != nil {
		return nil, err
	}
	priv, ok := k.(ed25519.PrivateKey)
	if !ok {
		return nil, fmt.Errorf("a %T, not an Ed25519 private key", k)
	}
	return priv, nil
}

// ParsePublicKeyPEM reads an Ed25519 public key in PKIX PEM.
func ParsePublicKeyPEM(data []byte) (ed25519.PublicKey, error) {
	block, _ := pem.Decode(data)
	if block == nil || block.Type != "PUBLIC KEY" {
		return nil, errors.New("not a PEM PUBLIC KEY (PKIX)")
	}
	k, err := x509.ParsePKIXPublicKey(block.Bytes)
	if err != nil {
		return nil, err
	}
	pub, ok := k.(ed25519.PublicKey)
	if !ok {
		return nil, fmt.Errorf("a %T, not an Ed25519 public key", k)
	}
	return pub, nil
}
