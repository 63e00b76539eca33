# wallet-conformance: the two commands a fresh clone needs (Go only).
GO ?= go

.PHONY: run test vet fmt-check build serve fuzz bench explore generate

## run: the suite against the embedded reference server; the report goes to conformance-report/
run:
	$(GO) run ./cmd/wallet-conformance run

## explore: stateful exploration against the embedded reference server; the report goes to explore-report/
## (EXPLORE_FLAGS adds flags, e.g. EXPLORE_FLAGS="--seed 7 --runs 200 --steps 50" or "--mutant kc-capture-keeps-block")
EXPLORE_FLAGS ?=
explore:
	$(GO) run ./cmd/wallet-conformance explore $(EXPLORE_FLAGS)

## test: everything the project checks: go vet, then every package under the race detector, then,
## without it, the sweeps of every mutant and variant of the reference server, the full bad-input sweeps
## (package sweep), the clean-room implementation and faults (runner/cleanroom*_test.go) and the OpenAPI export
## validated against every exchange of whole suite runs (skipped under -race: they add no code of ours
## to what it sees). Each part runs even when one before it failed; cmd/testprogress prints each package
## as it ends, the output of failed tests, a line of progress at least every 20 s (what runs, a sweep's
## count), the slowest tests and one closing line of counts.
SWEEPS = ^(TestEveryMutantIsKilled|TestCleanroomFaults|TestTheCleanroomImplementationIsConformant|TestEveryVariantIsConformant|TestOpenAPIAcceptsEveryExchangeOfASuiteRun|TestOpenAPIAcceptsEveryExchangeOfEachVariantAlone|TestTheReferenceAnswersEveryGeneratedInput|TestTheSweepFindsEachMutant|TestTheSweepAcceptsEitherChoiceTheSpecLeavesOpen)$$
PROGRESS_EVERY ?= 20s
## TEST_TIMEOUT: go test's limit per package binary; its default of 10 min is a hang detector that
## cmd/wallet-conformance and runner under -race come within a few minutes of on a busy machine
## (two make tests at once on 2 cores crossed it), so a slow machine is not taken for a hang.
TEST_TIMEOUT ?= 30m
test: fmt-check
	$(GO) build -o .testprogress ./cmd/testprogress
	./.testprogress -every $(PROGRESS_EVERY) -- \
		$(GO) vet ./... --- \
		$(GO) test -race -count=1 -timeout $(TEST_TIMEOUT) ./... --- \
		$(GO) test -count=1 -timeout $(TEST_TIMEOUT) -run '$(SWEEPS)' ./runner ./schemas ./sweep

vet:
	$(GO) vet ./...

## generate: every generated file the repository commits, each held to its generation by a test:
## rules/CATALOGUE.md (TestTheCatalogueFileIsCurrent) and recipes/portman/portman-config.json
## (TestPortmanConfigIsCurrent, from recipes/portman/portman-story.json and the catalogue)
generate:
	$(GO) run ./cmd/wallet-conformance rules > rules/CATALOGUE.md.tmp && mv rules/CATALOGUE.md.tmp rules/CATALOGUE.md
	$(GO) run ./cmd/portman-config

fmt-check:
	@out=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	if [ -n "$$out" ]; then echo "gofmt would change:"; echo "$$out"; exit 1; fi

build:
	$(GO) build -o wallet-conformance ./cmd/wallet-conformance

## serve: the reference server alone on 127.0.0.1:8080
serve:
	$(GO) run ./cmd/wallet-conformance serve

## fuzz: the reference server's fuzz targets, for longer than make test runs their seeds (FUZZTIME=5m)
FUZZTIME ?= 5m
fuzz:
	$(GO) test ./reference -run='^$$' -fuzz='^FuzzRequestBody$$' -fuzztime=$(FUZZTIME) -fuzzminimizetime=100x
	$(GO) test ./reference -run='^$$' -fuzz='^FuzzFieldValues$$' -fuzztime=$(FUZZTIME) -fuzzminimizetime=100x
	$(GO) test ./reference -run='^$$' -fuzz='^FuzzAmount$$' -fuzztime=1m

## bench: the CLI as users run it, reports and all, against the embedded reference and a 200 ms target (BENCH_LATENCY=50ms for another; see cmd/wallet-conformance/bench_test.go)
bench:
	$(GO) test ./cmd/wallet-conformance -run '^$$' -bench '^BenchmarkCLI$$' -benchtime 1x -count 1 -v
