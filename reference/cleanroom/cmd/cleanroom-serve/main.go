// Command serve runs the Wallet Payments Service sandbox and prints the
// conformance profile (YAML) for it on stdout, and the values of the secret
// environment variables as export lines on stderr.
package main

import (
	"crypto/rand"
	"flag"
	"fmt"
	"log"
	"math/big"
	"net"
	"net/http"
	"os"

	"github.com/wallet-conformance/wallet-conformance/reference/cleanroom"
)

// secret returns the value of an environment variable, or a random value
// made of n characters of alphabet when it is not set.
func secret(name, alphabet string, n int) string {
	if v := os.Getenv(name); v != "" {
		return v
	}
	b := make([]byte, n)
	for i := range b {
		k, err := rand.Int(rand.Reader, big.NewInt(int64(len(alphabet))))
		if err != nil {
			log.Fatal(err)
		}
		b[i] = alphabet[k.Int64()]
	}
	return string(b)
}

func main() {
	addr := flag.String("addr", "127.0.0.1:8090", "listen address")
	flag.Parse()

	const letters = "abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789"
	const digits = "0123456789"
	env := []struct{ name, value string }{
		{"WALLET_PASSWORD", secret("WALLET_PASSWORD", letters, 20)},
		{"WALLET_PASSWORD_2", secret("WALLET_PASSWORD_2", letters, 20)},
		{"WALLET_SHORT_TOKEN_PASSWORD", secret("WALLET_SHORT_TOKEN_PASSWORD", letters, 20)},
		{"WALLET_VERIFICATION_CODE", secret("WALLET_VERIFICATION_CODE", digits, 6)},
		{"WALLET_OTP", secret("WALLET_OTP", digits, 8)},
	}
	cfg := cleanroom.DefaultConfig(env[0].value, env[1].value, env[2].value, env[3].value, env[4].value)

	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Print(cleanroom.ProfileYAML("http://"+ln.Addr().String(), cfg))
	for _, e := range env {
		fmt.Fprintf(os.Stderr, "export %s=%s\n", e.name, e.value)
	}
	log.Fatal(http.Serve(ln, cleanroom.New(cfg)))
}
