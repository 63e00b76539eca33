// Command portman-config writes the Portman recipe's configuration,
// recipes/portman/portman-config.json, from its hand source,
// recipes/portman/portman-story.json, and the catalogue of operations
// (recipes.PortmanConfig), and names on standard error each operation it
// placed at the story's step "*" (those the hand source does not name).
// Run it from the module's root; make generate runs it.
//
//	go run ./cmd/portman-config
package main

import (
	"fmt"
	"os"

	"github.com/wallet-conformance/wallet-conformance/recipes"
	"github.com/wallet-conformance/wallet-conformance/schemas"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "portman-config:", err)
		os.Exit(1)
	}
}

func run() error {
	hand, err := os.ReadFile(recipes.PortmanStoryFile)
	if err != nil {
		return fmt.Errorf("%w (run it from the module's root)", err)
	}
	out, placed, err := recipes.PortmanConfig(hand, schemas.Catalogue())
	if err != nil {
		return err
	}
	for _, id := range placed {
		fmt.Fprintf(os.Stderr, "portman-config: %s is not named by %s: placed at its step %q\n", id, recipes.PortmanStoryFile, recipes.OtherOperations)
	}
	return os.WriteFile(recipes.PortmanConfigFile, out, 0o644)
}
