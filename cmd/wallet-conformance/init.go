package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/wallet-conformance/wallet-conformance/profile"
)

// initCmd writes a commented profile for a new target (profile.Template):
// it asks for nothing and writes no secret (secrets are ${VAR}), and it
// never overwrites a file.
func initCmd(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("init", flag.ContinueOnError)
	quietFlags(fs, stderr, args)
	out := fs.String("out", "wallet-profile.yaml", "profile file to write; it must not exist; - for standard output")
	baseURL := fs.String("base-url", "", "the target's base URL, written as baseUrl (default: an example to replace)")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return &usageError{msg: fmt.Sprintf("unexpected argument %q", fs.Arg(0))}
	}
	text := profile.Template(*baseURL)
	if *out == "-" {
		_, err := io.WriteString(stdout, text)
		return err
	}
	f, err := os.OpenFile(*out, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		if errors.Is(err, os.ErrExist) {
			return fmt.Errorf("%s exists; init never overwrites a file: choose another --out", *out)
		}
		return err
	}
	if _, err := io.WriteString(f, text); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "profile written to %s: replace the example values of its required keys, uncomment what your target offers,\n"+
		"set %s in the environment (secrets are never written to the file), then:\n  wallet-conformance run --profile %s\n",
		*out, profile.EnvPassword, *out)
	return nil
}
