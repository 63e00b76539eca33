package main

import (
	"bytes"
	"crypto/ed25519"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/wallet-conformance/wallet-conformance/record"
	"github.com/wallet-conformance/wallet-conformance/reports"
)

// bundleCmd packs a report directory into one archive with a manifest of
// digests, signed with --sign-key.
func bundleCmd(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("bundle", flag.ContinueOnError)
	quietFlags(fs, stderr, args)
	reportDir := fs.String("report-dir", "conformance-report", "directory holding report.json, report.html and profile.yaml")
	waivers := fs.String("waivers", "", "waivers file of the run, included as waivers.yaml")
	out := fs.String("out", "conformance-bundle.zip", "archive to write")
	signKey := fs.String("sign-key", "", "Ed25519 private key (PEM, PKCS#8) signing manifest.json")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return &usageError{msg: fmt.Sprintf("unexpected argument %q", fs.Arg(0))}
	}
	var key ed25519.PrivateKey
	if *signKey != "" {
		data, err := os.ReadFile(*signKey)
		if err != nil {
			return fmt.Errorf("--sign-key: %w", err)
		}
		if key, err = reports.ParsePrivateKeyPEM(data); err != nil {
			return fmt.Errorf("--sign-key %s: %w", *signKey, err)
		}
	}
	files, err := reports.CollectBundle(*reportDir, *waivers)
	if err != nil {
		return err
	}
	var b bytes.Buffer
	if err := reports.CreateBundle(&b, files, key); err != nil {
		return err
	}
	if err := os.WriteFile(*out, b.Bytes(), 0o644); err != nil {
		return err
	}
	m, err := reports.VerifyBundle(bytes.NewReader(b.Bytes()), int64(b.Len()), nil)
	if err != nil {
		return fmt.Errorf("the bundle just written does not verify: %w", err)
	}
	signed := "unsigned"
	if key != nil {
		signed = "signed"
	}
	names := make([]string, len(m.Files))
	for i, f := range m.Files {
		names[i] = f.Name
	}
	fmt.Fprintf(stdout, "bundle %s (%s): %s; verdict %s, run %s\n", *out, signed, strings.Join(names, ", "), m.Verdict, m.RunID)
	return nil
}

// verifyCmd checks a bundle and prints what it certifies: exit 0 when
// intact, 1 when a file or the signature does not match.
func verifyCmd(args []string, stdout, stderr io.Writer) (int, error) {
	fs := flag.NewFlagSet("verify", flag.ContinueOnError)
	quietFlags(fs, stderr, args)
	pubPath := fs.String("pubkey", "", "Ed25519 public key (PEM, PKIX) that must have signed the manifest")
	if err := parseFlags(fs, args); err != nil {
		return ExitUsage, err
	}
	if fs.NArg() != 1 {
		return ExitUsage, &usageError{msg: "verify takes one bundle file"}
	}
	path := fs.Arg(0)
	var pub ed25519.PublicKey
	if *pubPath != "" {
		data, err := os.ReadFile(*pubPath)
		if err != nil {
			return ExitUsage, fmt.Errorf("--pubkey: %w", err)
		}
		if pub, err = reports.ParsePublicKeyPEM(data); err != nil {
			return ExitUsage, fmt.Errorf("--pubkey %s: %w", *pubPath, err)
		}
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return ExitUsage, err
	}
	m, err := reports.VerifyBundle(bytes.NewReader(data), int64(len(data)), pub)
	var be *reports.BundleError
	if errors.As(err, &be) {
		what := "TAMPERED"
		switch {
		case be.Signature():
			what = "SIGNATURE FAILED"
		case be.Verdict:
			what = "VERDICT REFUSED"
		}
		fmt.Fprintf(stderr, "%s: %s: %v\n", path, what, be)
		return ExitFailed, nil
	}
	if err != nil {
		return ExitUsage, err
	}
	// Without the signer's key, digests that match prove only that the
	// bundle agrees with itself: whoever made it could have made all of it.
	intact := fmt.Sprintf("%s: intact and authentic, %d files match the manifest, which the key in %s signed", path, len(m.Files), *pubPath)
	sig := "valid for the public key in " + *pubPath
	if pub == nil {
		intact = fmt.Sprintf("%s: consistent, %d files match the manifest; AUTHENTICITY NOT CHECKED: without --pubkey anyone could have made this bundle, manifest and digests included", path, len(m.Files))
		switch signed, carried := reports.BundleSigning(bytes.NewReader(data), int64(len(data))); {
		case carried != nil:
			sig = fmt.Sprintf("belongs to this manifest for the key the bundle carries (SHA-256 %s), which proves nothing about who signed: verify --pubkey with the signer's published key", reports.KeyFingerprint(carried))
		case signed:
			sig = "present, not checked: the bundle carries no key and no --pubkey was given"
		default:
			sig = "none: the bundle is not signed"
		}
	}
	fmt.Fprintf(stdout, "%s\nsignature: %s\nverdict:   %s (derived again from the scenario results of report.json)\nrun id:    %s\ntarget:    %s\ntime:      %s\n",
		intact, sig, m.Verdict, m.RunID, m.Target, m.Time)
	if c := m.Covers; c != nil {
		scope := "every scenario"
		if c.Tags != "" {
			scope = "the scenarios of --tags " + c.Tags
		}
		if c.Shard != nil {
			scope += fmt.Sprintf(", shard %s only: this verdict covers part of a run", c.Shard)
		}
		counts := make([]string, 0, len(record.Statuses()))
		for _, st := range record.Statuses() {
			counts = append(counts, fmt.Sprintf("%d %s", c.Counts.ByStatus[st], strings.ToLower(string(st))))
		}
		fmt.Fprintf(stdout, "suite:     %s, features sha256 %s, schemas sha256 %s\nscope:     %s\nscenarios: %d: %s (%d waived)\nclaimed:   %s\nunclaimed: %s\nunchecked: %s\n",
			orNone(c.Suite.Version), orNone(c.Suite.FeaturesSHA256), orNone(c.Suite.SchemasSHA256), scope,
			c.Counts.Total, strings.Join(counts, ", "), c.Counts.Waived,
			listOrNone(c.Claimed), listOrNone(c.Unclaimed), listOrNone(c.Unchecked))
		fmt.Fprintf(stdout, "explored:  %s\n", explorationLine(c.Exploration))
		fmt.Fprintf(stdout, "swept:     %s\n", sweepLine(c.Sweep))
		fmt.Fprintf(stdout, "calls:     %s\n", c.Calls.Line())
	}
	return ExitConformant, nil
}

// explorationLine says what a run's exploration was and how to replay it.
func explorationLine(e *record.Exploration) string {
	if e == nil || len(e.Seeds) == 0 {
		return "(none)"
	}
	seeds := make([]string, len(e.Seeds))
	for i, s := range e.Seeds {
		seeds[i] = strconv.FormatUint(s, 10)
	}
	found := "no invariant broke"
	if len(e.Failed) > 0 {
		found = "broke " + strings.Join(e.Failed, ", ")
	}
	return fmt.Sprintf("seed %s: %d property runs of about %d moves each (%d made, %d calls), %s; replay with %s", strings.Join(seeds, " and "), e.Runs, e.Steps, e.Made, e.Calls, found, e.Replay(e.Seeds[0]))
}

// keygenCmd writes a new Ed25519 key pair for signing bundles: --out (PKCS#8
// PEM, mode 0600) and beside it the public key (PKIX PEM), "key.pem" ->
// "key.pub.pem". It never overwrites a file.
func keygenCmd(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("keygen", flag.ContinueOnError)
	quietFlags(fs, stderr, args)
	out := fs.String("out", "key.pem", "private key file to write; the public key goes to NAME.pub.pem")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return &usageError{msg: fmt.Sprintf("unexpected argument %q", fs.Arg(0))}
	}
	pubOut := strings.TrimSuffix(*out, ".pem") + ".pub.pem"
	privPEM, pubPEM, err := reports.GenerateSigningKey()
	if err != nil {
		return err
	}
	for _, p := range []string{*out, pubOut} {
		if _, err := os.Stat(p); err == nil {
			return fmt.Errorf("%s exists; keygen never overwrites a key", p)
		}
	}
	if err := writeNew(*out, privPEM, 0o600); err != nil {
		return err
	}
	if err := writeNew(pubOut, pubPEM, 0o644); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "private key: %s (keep it secret; bundle --sign-key)\npublic key:  %s (give it to auditors; verify --pubkey)\n", *out, pubOut)
	return nil
}

// writeNew creates a file that must not exist yet.
func writeNew(path string, data []byte, mode os.FileMode) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, mode)
	if err != nil {
		return err
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

func orNone(s string) string {
	if s == "" {
		return "(none)"
	}
	return s
}

func listOrNone(l []string) string {
	if len(l) == 0 {
		return "(none)"
	}
	return strings.Join(l, " ")
}
