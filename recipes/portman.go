package recipes

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/wallet-conformance/wallet-conformance/schemas"
)

// The Portman recipe's configuration (portman/portman-config.json, the file
// Portman reads) is generated from a hand source (portman/portman-story.json)
// and the catalogue of operations, and committed:
// TestPortmanConfigIsCurrent holds it to the generation, and
// `make generate` (or `go run ./cmd/portman-config`) writes it.
const (
	// PortmanStoryFile is the hand source, from the module's root.
	PortmanStoryFile = "recipes/portman/portman-story.json"
	// PortmanConfigFile is the generated configuration, from the module's root.
	PortmanConfigFile = "recipes/portman/portman-config.json"
	// OtherOperations is the step of the hand source's story that stands
	// for every operation of the catalogue the story does not name, in the
	// catalogue's order: a read that needs only the state the story has
	// made by then needs no step of its own.
	OtherOperations = "*"
	// PaymentVariable is the collection variable that holds the story's
	// payment, captured and refunded before the step OtherOperations: a
	// read of a payment placed there (schemas.Operation.ReadsAPayment)
	// reads it.
	PaymentVariable = "paymentReference"
)

// portmanStory is the hand source: Portman's configuration as it is read,
// except the story's steps, which hold only what is a step's own.
type portmanStory struct {
	Version json.RawMessage `json:"version"`
	Tests   struct {
		ContractTests    json.RawMessage `json:"contractTests"`
		IntegrationTests []struct {
			Name       string            `json:"name"`
			Operations []json.RawMessage `json:"operations"`
		} `json:"integrationTests"`
	} `json:"tests"`
	Overwrites json.RawMessage `json:"overwrites"`
	Globals    json.RawMessage `json:"globals"`
}

// storyStep is a step of the hand source written as an object: its
// operation and what it carries of its own. Anything else is refused, not
// dropped: what the step's contract tests and response are follows from
// the catalogue (portmanVariation).
type storyStep struct {
	ID string `json:"openApiOperationId"`
	// Name is the variation's name when it is not the ID (a second call,
	// "kc-authorize (2)"); it begins with the ID.
	Name            string          `json:"name,omitempty"`
	AssignVariables json.RawMessage `json:"assignVariables,omitempty"`
}

// portmanConfig is the generated configuration, its keys in Portman's order.
type portmanConfig struct {
	Version json.RawMessage `json:"version"`
	Tests   struct {
		ContractTests    json.RawMessage   `json:"contractTests"`
		IntegrationTests []portmanStoryOut `json:"integrationTests"`
	} `json:"tests"`
	Overwrites json.RawMessage `json:"overwrites"`
	Globals    json.RawMessage `json:"globals"`
}

type portmanStoryOut struct {
	Name       string             `json:"name"`
	Operations []portmanOperation `json:"operations"`
}

type portmanOperation struct {
	ID         string             `json:"openApiOperationId"`
	Variations []portmanVariation `json:"variations"`
}

type portmanVariation struct {
	Name  string `json:"name"`
	Tests struct {
		ContractTests []map[string]enabled `json:"contractTests"`
	} `json:"tests"`
	AssignVariables json.RawMessage `json:"assignVariables,omitempty"`
	OpenAPIResponse string          `json:"openApiResponse,omitempty"`
}

type enabled struct {
	Enabled bool `json:"enabled"`
}

// PortmanConfig generates Portman's configuration from the hand source and
// the catalogue: every step of the story becomes an operation with one
// variation testing a 2xx status, the content type, a JSON body and the
// answer's schema, its own name and assigned variables kept; the step
// OtherOperations becomes a step for each operation of ops the story names
// nowhere else, in ops' order (returned as placed). The response a
// variation is tested against follows from the catalogue: any 2xx where
// the spec shows no status (the document gives it 200 and 201), and a
// plain-text answer is tested for its status and content type alone. A step
// naming no operation of ops, a field the generator does not know, or a
// story without the step OtherOperations is an error.
func PortmanConfig(hand []byte, ops []schemas.Operation) (out []byte, placed []string, err error) {
	var src portmanStory
	dec := json.NewDecoder(bytes.NewReader(hand))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&src); err != nil {
		return nil, nil, fmt.Errorf("%s: %w", PortmanStoryFile, err)
	}
	if len(src.Tests.IntegrationTests) != 1 {
		return nil, nil, fmt.Errorf("%s: %d integration tests, want one story (the folder newman-options.json runs)", PortmanStoryFile, len(src.Tests.IntegrationTests))
	}
	byID := map[string]schemas.Operation{}
	for _, op := range ops {
		byID[op.ID] = op
	}

	story := src.Tests.IntegrationTests[0]
	var steps []storyStep
	named := map[string]bool{}
	marker := -1
	for _, raw := range story.Operations {
		var id string
		if json.Unmarshal(raw, &id) == nil {
			if id == OtherOperations {
				if marker >= 0 {
					return nil, nil, fmt.Errorf("%s: the step %q stands twice in the story", PortmanStoryFile, OtherOperations)
				}
				marker = len(steps)
				continue
			}
			steps = append(steps, storyStep{ID: id})
			named[id] = true
			continue
		}
		var s storyStep
		d := json.NewDecoder(bytes.NewReader(raw))
		d.DisallowUnknownFields()
		if err := d.Decode(&s); err != nil {
			return nil, nil, fmt.Errorf("%s: step %s: %w", PortmanStoryFile, raw, err)
		}
		steps = append(steps, s)
		named[s.ID] = true
	}
	if marker < 0 {
		return nil, nil, fmt.Errorf("%s: the story has no step %q, the place of the operations it does not name", PortmanStoryFile, OtherOperations)
	}
	var others []storyStep
	for _, op := range ops {
		if !named[op.ID] {
			others = append(others, storyStep{ID: op.ID})
			placed = append(placed, op.ID)
		}
	}
	overwrites, err := placedOverwrites(src.Overwrites, steps[:marker], others, byID)
	if err != nil {
		return nil, nil, err
	}
	steps = slices.Insert(steps, marker, others...)

	var cfg portmanConfig
	cfg.Version, cfg.Overwrites, cfg.Globals = src.Version, overwrites, src.Globals
	cfg.Tests.ContractTests = src.Tests.ContractTests
	outStory := portmanStoryOut{Name: story.Name}
	for _, s := range steps {
		op, ok := byID[s.ID]
		if !ok {
			return nil, nil, fmt.Errorf("%s: the story calls %q, which is no operation of the catalogue (schemas/catalogue.go)", PortmanStoryFile, s.ID)
		}
		v, err := variation(op, s)
		if err != nil {
			return nil, nil, err
		}
		outStory.Operations = append(outStory.Operations, portmanOperation{ID: op.ID, Variations: []portmanVariation{v}})
	}
	cfg.Tests.IntegrationTests = []portmanStoryOut{outStory}

	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(cfg); err != nil {
		return nil, nil, err
	}
	return b.Bytes(), placed, nil
}

// placedOverwrites is the hand source's overwrites, and for the reads of a
// payment among the operations placed at the step OtherOperations one
// that reads the story's payment (PaymentVariable), which a step before
// them must assign.
func placedOverwrites(hand json.RawMessage, before, placed []storyStep, byID map[string]schemas.Operation) (json.RawMessage, error) {
	var reads []string
	for _, s := range placed {
		if byID[s.ID].ReadsAPayment() {
			reads = append(reads, s.ID)
		}
	}
	if len(reads) == 0 {
		return hand, nil
	}
	if !slices.ContainsFunc(before, func(s storyStep) bool {
		return bytes.Contains(s.AssignVariables, []byte(`"`+PaymentVariable+`"`))
	}) {
		return nil, fmt.Errorf("%s: %v, reads of a payment, are placed at the step %q, but no step before it assigns %s", PortmanStoryFile, reads, OtherOperations, PaymentVariable)
	}
	var list []json.RawMessage
	if err := json.Unmarshal(hand, &list); err != nil {
		return nil, fmt.Errorf("%s: overwrites: %w", PortmanStoryFile, err)
	}
	type pathVariable struct {
		Key   string `json:"key"`
		Value string `json:"value"`
	}
	entry, err := json.Marshal(struct {
		IDs   []string       `json:"openApiOperationIds"`
		Paths []pathVariable `json:"overwriteRequestPathVariables"`
	}{reads, []pathVariable{{"uniqueReference", "{{" + PaymentVariable + "}}"}}})
	if err != nil {
		return nil, err
	}
	return json.Marshal(append(list, entry))
}

// variation is a step's one variation: its name, the contract tests its
// answer takes, the variables it assigns and the response of the document
// it is tested against where the first one is not it.
func variation(op schemas.Operation, s storyStep) (portmanVariation, error) {
	v := portmanVariation{Name: op.ID, AssignVariables: s.AssignVariables}
	if s.Name != "" {
		if !strings.HasPrefix(s.Name, op.ID+" ") || s.Name == op.ID+" " {
			return v, fmt.Errorf("%s: the variation %q of %s: its name begins with the operation's ID and a space", PortmanStoryFile, s.Name, op.ID)
		}
		v.Name = s.Name
	}
	tests := []string{"statusSuccess", "contentType", "jsonBody", "schemaValidation"}
	statuses := schemas.SuccessStatuses(op)
	switch {
	case op.PlainText && len(statuses) > 1:
		return v, fmt.Errorf("%s is plain text with %d success statuses: the recipe cannot name its text/plain response (recipes/portman.go)", op.ID, len(statuses))
	case op.PlainText:
		// A text/plain answer has no JSON body, and its schema is not one
		// Portman's schema validation reads from a text body.
		tests = tests[:2]
		v.OpenAPIResponse = strconv.Itoa(op.Success) + "::text/plain"
	case len(statuses) > 1:
		// Portman tests the first response of the document; the spec
		// shows none, so any 2xx.
		v.OpenAPIResponse = "2XX"
	}
	for _, t := range tests {
		v.Tests.ContractTests = append(v.Tests.ContractTests, map[string]enabled{t: {Enabled: true}})
	}
	return v, nil
}
