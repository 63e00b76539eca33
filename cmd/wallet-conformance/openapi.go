package main

import (
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/wallet-conformance/wallet-conformance/runner/profile"
	"github.com/wallet-conformance/wallet-conformance/schemas"
)

// openapiCmd writes the OpenAPI 3.1 document generated from the catalogue
// and the embedded schemas, to stdout or --out. With --profile it is
// written for that target: the N(n) fields of request bodies are narrowed
// to the profile's declared behaviour numberEncoding.
func openapiCmd(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("openapi", flag.ContinueOnError)
	quietFlags(fs, stderr, args)
	out := fs.String("out", "", "file to write; default: standard output")
	profilePath := fs.String("profile", "", "target profile (YAML or JSON): N(n) request fields are narrowed to the "+
		"numberEncoding it declares (default: both encodings); its secrets need not be set")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return &usageError{msg: fmt.Sprintf("unexpected argument %q", fs.Arg(0))}
	}
	var opts schemas.OpenAPIOptions
	if *profilePath != "" {
		enc, err := declaredNumberEncoding(*profilePath)
		if err != nil {
			return err
		}
		opts.NumberEncoding = enc
	}
	doc, err := schemas.OpenAPIFor(opts)
	if err != nil {
		return err
	}
	if *out == "" {
		_, err = stdout.Write(doc)
		return err
	}
	if err := os.WriteFile(*out, doc, 0o644); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "OpenAPI %s document written to %s\n", schemas.OpenAPIVersion, *out)
	if opts.NumberEncoding != "" {
		fmt.Fprintf(stdout, "N(n) request fields as the profile declares: numberEncoding %s\n", opts.NumberEncoding)
	}
	return nil
}

// declaredNumberEncoding reads a profile and returns the numberEncoding it
// declares, "" when it declares none (the document then describes both
// encodings, as the spec leaves it open). The document needs no secret, so
// a ${VAR} that is not set is read as a placeholder instead of an error.
func declaredNumberEncoding(path string) (string, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return "", &profile.Error{Msg: err.Error()}
	}
	p, err := profile.Parse(data, func(name string) (string, bool) {
		if v, ok := os.LookupEnv(name); ok {
			return v, true
		}
		return "unset-" + name, true
	})
	if err != nil {
		return "", err
	}
	return p.Behaviour["numberEncoding"], nil
}
