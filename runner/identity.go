package runner

import (
	"crypto/sha256"
	"encoding/hex"

	"github.com/wallet-conformance/wallet-conformance/features"
	"github.com/wallet-conformance/wallet-conformance/rules"
	"github.com/wallet-conformance/wallet-conformance/schemas"
)

// Identity identifies the suite a binary carries: what every report it
// writes records (suite version, features and schemas digests) and the
// edition of the specification it encodes.
type Identity struct {
	SuiteVersion   string
	FeaturesSHA256 string // as report.json's suite.featuresSha256
	SchemasSHA256  string // as report.json's suite.schemasSha256
	RulesSHA256    string // the rules catalogue (rules/*.yaml), digested the same way
	// SpecEdition identifies the edition of the specification the suite
	// encodes: the SHA-256 of the rules catalogue's digest (its quotes are
	// the spec's own words) and the features' digest (the rules as the
	// suite checks them). It changes when a quote, a rule or a scenario
	// does, and with nothing else.
	SpecEdition string
}

// SuiteIdentity computes the Identity of the embedded features, schemas and
// rules catalogue.
func SuiteIdentity() (Identity, error) {
	id := Identity{SuiteVersion: SuiteVersion}
	var err error
	if id.FeaturesSHA256, err = digestFS(features.FS()); err != nil {
		return Identity{}, err
	}
	if id.SchemasSHA256, err = digestFS(schemas.FS()); err != nil {
		return Identity{}, err
	}
	if id.RulesSHA256, err = digestFS(rules.FS()); err != nil {
		return Identity{}, err
	}
	h := sha256.New()
	h.Write([]byte("rules\x00" + id.RulesSHA256 + "\x00features\x00" + id.FeaturesSHA256))
	id.SpecEdition = hex.EncodeToString(h.Sum(nil))
	return id, nil
}
