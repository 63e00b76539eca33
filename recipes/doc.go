// Package recipes is the folder of the distribution recipes, each exercised
// by recipes_test.go as far as a machine without Docker or a CI service
// can; its one piece of code generates the Portman configuration
// (PortmanConfig, written by cmd/portman-config):
//
//   - Dockerfile: a minimal image, a static binary (CGO_ENABLED=0) on
//     distroless's static base, run as a non-root user;
//   - github-actions.yml: a GitHub Actions workflow that runs the suite in
//     shards, merges them into one report and verdict, publishes the JUnit
//     report and uploads the report as an artifact;
//   - gitlab-ci.yml: the same for GitLab CI;
//   - portman/: Portman and Newman pinned, and the configuration that runs
//     every operation of the exported OpenAPI document against a target
//     (portman-config.json, generated from portman-story.json and the
//     catalogue), run against the reference server by portman_test.go;
//   - schemathesis/wallet_auth.py: a Schemathesis auth hook (Issue Token,
//     then X-Auth-Token), not run here: no Python registry is reachable.
package recipes
