package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"

	"github.com/tidwall/gjson"

	"github.com/wallet-conformance/wallet-conformance/profile"
	"github.com/wallet-conformance/wallet-conformance/runner"
	"github.com/wallet-conformance/wallet-conformance/schemas"
	"github.com/wallet-conformance/wallet-conformance/steps"
	"github.com/wallet-conformance/wallet-conformance/targetclient"
)

// openapiCmd writes the OpenAPI 3.1 document generated from the catalogue
// and the embedded schemas, to stdout or --out. With --profile it is
// written for that target: the N(n) fields of request bodies are narrowed
// to the profile's declared behaviour numberEncoding, and the examples and
// the server's default address carry the profile's values (ExampleTarget).
// With --create-account it first opens an account at the target (Issue
// Token, then Create Account, with the profile's credentials), whose accno
// and loginID the examples then name.
func openapiCmd(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("openapi", flag.ContinueOnError)
	quietFlags(fs, stderr, args)
	out := fs.String("out", "", "file to write; default: standard output")
	profilePath := fs.String("profile", "", "target profile (YAML or JSON): the examples carry its values (program, merchant, "+
		"currency ...) and N(n) request fields are narrowed to the numberEncoding it declares (default: both encodings); "+
		"its secrets need not be set, and never appear in the document")
	createAccount := fs.Bool(schemas.CreateAccount, false, "with --profile: open an account at the target (Issue Token, Create Account, "+
		"with the profile's credentials) and name it in the examples")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return &usageError{msg: fmt.Sprintf("unexpected argument %q", fs.Arg(0))}
	}
	if *createAccount && *profilePath == "" {
		return &usageError{msg: "--create-account needs --profile: the target and its credentials"}
	}
	var opts schemas.OpenAPIOptions
	var created *openedAccount
	if *profilePath != "" {
		p, err := openapiProfile(*profilePath, *createAccount)
		if err != nil {
			return err
		}
		opts.NumberEncoding = p.Behaviour["numberEncoding"]
		opts.Target = exampleTarget(p)
		if *createAccount {
			if created, err = openAccount(context.Background(), p); err != nil {
				return err
			}
			opts.Target.Accno, opts.Target.Login = created.accno, created.login
		}
	}
	doc, err := schemas.OpenAPIFor(opts)
	if err != nil {
		return err
	}
	notes := stdout
	if *out == "" {
		if _, err = stdout.Write(doc); err != nil {
			return err
		}
		notes = stderr
	} else {
		if err := os.WriteFile(*out, doc, 0o644); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "OpenAPI %s document written to %s\n", schemas.OpenAPIVersion, *out)
	}
	if opts.NumberEncoding != "" && *out != "" {
		fmt.Fprintf(notes, "N(n) request fields as the profile declares: numberEncoding %s\n", opts.NumberEncoding)
	}
	if opts.Target != nil && *out != "" {
		fmt.Fprintf(notes, "Examples carry the profile's values for %s\n", opts.Target.BaseURL)
	}
	if created != nil {
		fmt.Fprintf(notes, "Account %s (loginID %s) opened at %s for the examples\n", created.accno, created.login, opts.Target.BaseURL)
	}
	return nil
}

// openapiProfile reads the profile of openapi. The document needs no
// secret, so unless an account is to be opened, a ${VAR} that is not set is
// read as a placeholder instead of an error.
func openapiProfile(path string, needSecrets bool) (*profile.Profile, error) {
	if needSecrets {
		return profile.Load(path)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, &profile.Error{Msg: err.Error()}
	}
	return profile.Parse(data, func(name string) (string, bool) {
		if v, ok := os.LookupEnv(name); ok {
			return v, true
		}
		return "unset-" + name, true
	})
}

// exampleTarget is what of the profile the examples carry: its public
// values, none of its secrets.
func exampleTarget(p *profile.Profile) *schemas.ExampleTarget {
	return &schemas.ExampleTarget{
		BaseURL:             p.BaseURL,
		UserID:              p.Credentials.UserID,
		ProgramCode:         p.ProgramCode,
		ProgramAccno:        p.ProgramAccno,
		AccnoType:           p.AccnoType,
		Currency:            p.Currency,
		TitleCode:           p.TitleCode,
		PaymentOptionCode:   p.PaymentOptionCode,
		TransactionTypeCode: p.TransactionTypeCode,
		MerchantAccno:       p.Merchant.Accno,
		MerchantProgramCode: p.Merchant.ProgramCode,
	}
}

// openedAccount is the account openAccount opened.
type openedAccount struct{ accno, login string }

// openAccount issues a token with the profile's credentials and
// opens an account with Create Account, the owner the suite's own
// scenarios open (steps.Customer) under a fresh loginID. A refusal is an
// error that names the call, its status and its responseCode, the profile's
// secrets redacted.
func openAccount(ctx context.Context, p *profile.Profile) (*openedAccount, error) {
	client, release, err := runner.NewClient(p, nil)
	if err != nil {
		return nil, err
	}
	defer release()
	creds := targetclient.Credentials{UserID: p.Credentials.UserID, Password: p.Credentials.Password}
	token, _, _, err := targetclient.IssueToken(ctx, client, creds, targetclient.LocalClock)
	if err != nil {
		return nil, fmt.Errorf("--create-account: %w", err)
	}
	suffix := make([]byte, 6)
	if _, err := rand.Read(suffix); err != nil {
		return nil, err
	}
	id := hex.EncodeToString(suffix)
	date, tm := targetclient.LocalClock()
	fields := map[string]any{"partnerReference": "pr-openapi-" + id, "programCode": p.ProgramCode, "localDate": date, "localTime": tm}
	for k, v := range steps.Customer(p, "wc-openapi-"+id, "ext-openapi-"+id) {
		fields[k] = v
	}
	body, err := json.Marshal(fields)
	if err != nil {
		return nil, err
	}
	resp, _, err := client.Do(ctx, targetclient.Request{Operation: schemas.CreateAccount, Method: http.MethodPut, Path: "/account", Body: body, Token: token})
	if err != nil {
		return nil, fmt.Errorf("--create-account: Create Account: %w", err)
	}
	accno := gjson.GetBytes(resp.Body, "accno").String()
	if resp.Status/100 != 2 || resp.ResponseCode() != "0000" || accno == "" {
		return nil, fmt.Errorf("--create-account: Create Account answered HTTP %d, responseCode %q, responseDescription %q, accno %q",
			resp.Status, resp.ResponseCode(), client.Redactor().String(gjson.GetBytes(resp.Body, "responseDescription").String()), accno)
	}
	return &openedAccount{accno: accno, login: fields["loginID"].(string)}, nil
}
