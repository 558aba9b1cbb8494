# gesturereplay - build, test, run, install, benchmark.
# Quick start:  make run TRACE=Traces/double-tap.json   and   make test

SWIFT ?= swift
PREFIX ?= /usr/local
TRACE ?= Traces/double-tap.json
ARGS ?=
RELEASE_BIN = .build/release/gesturereplay
DEBUG_BIN = .build/debug/gesturereplay

.PHONY: all build release run test examples ci install bench fuzz clean format

all: build

build:
	$(SWIFT) build

release:
	$(SWIFT) build -c release

# Build and replay one trace: make run TRACE=Traces/pan.json ARGS="--format jsonl"
run: build
	$(DEBUG_BIN) $(ARGS) $(TRACE)

# The whole test suite: unit and end-to-end tests (debug), the allocation check (release),
# and the sample traces checked against their expected outputs and expectations (docs/ci.md).
# SUITE_FLAGS adds options to that last step (.ci/run: a JUnit report).
SUITE_FLAGS ?=
test:
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build
	$(SWIFT) test -c release --filter AllocationTests
	$(DEBUG_BIN) test Traces/ $(SUITE_FLAGS)

# Examples/: a standalone package (depending on this one by path) with a custom recognizer written
# against the public API only, its tests, and its traces checked by its own CLI (docs/custom-recognizers.md).
examples:
	cd Examples && $(SWIFT) build --build-tests
	cd Examples && $(SWIFT) test --skip-build

# What CI runs: the whole test suite, then the examples package.
ci: test examples

install:
	$(SWIFT) build -c release --static-swift-stdlib
	install -d $(DESTDIR)$(PREFIX)/bin
	install -m 755 $(RELEASE_BIN) $(DESTDIR)$(PREFIX)/bin/gesturereplay

# Throughput, reference tools, memory, start-up, instructions per event and scaling, as one table,
# also written to bench/results.md (bench/bench.py). A few minutes; BENCH_ARGS="--quick" for a smoke run.
# BASELINE=path/to/an/older/gesturereplay measures that binary side by side in the same run.
BASELINE ?=
bench:
	$(SWIFT) build -c release
	bench/run.sh --bin $(RELEASE_BIN) $(if $(BASELINE),--baseline $(BASELINE)) $(BENCH_ARGS)

# Fuzzing (docs/robustness.md): builds the libFuzzer targets (csv, json, jsonl, scene) and runs each
# for FUZZ_SECONDS (default 600), as many at once as there are cores; FUZZ_TARGETS picks some.
FUZZ_SECONDS ?= 600
FUZZ_TARGETS ?=
fuzz:
	FUZZ_SECONDS=$(FUZZ_SECONDS) fuzz/run.sh $(FUZZ_TARGETS)

clean:
	rm -rf .build .build-* .build_*
