package main

import (
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/wallet-conformance/wallet-conformance/schemas"
)

// openapiCmd writes the OpenAPI 3.1 document generated from the catalogue
// and the embedded schemas, to stdout or --out.
func openapiCmd(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("openapi", flag.ContinueOnError)
	fs.SetOutput(stderr)
	out := fs.String("out", "", "file to write; default: standard output")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return &usageError{msg: fmt.Sprintf("unexpected argument %q", fs.Arg(0))}
	}
	doc, err := schemas.OpenAPI()
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
	return nil
}
