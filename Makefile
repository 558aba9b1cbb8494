# gesturereplay - build, test, run, install, benchmark.
# Quick start:  make run TRACE=Traces/double-tap.json   and   make test
# CI runs:      make ci   (.ci/run)

SWIFT ?= swift
PREFIX ?= /usr/local
TRACE ?= Traces/double-tap.json
ARGS ?=
RELEASE_BIN = .build/release/gesturereplay
DEBUG_BIN = .build/debug/gesturereplay

.PHONY: all build release run test ci install bench fuzz clean format lint

all: build

build:
	$(SWIFT) build

release:
	$(SWIFT) build -c release

# Build and replay one trace: make run TRACE=Traces/pan.json ARGS="--format jsonl"
run: build
	$(DEBUG_BIN) $(ARGS) $(TRACE)

# The developer loop (well under 3 minutes from a warm build): one debug build, every test suite
# with the slow count-driven ones scaled down (GESTUREREPLAY_TEST_SCALE, a fraction; see
# Tests/TestSupport/TestScale.swift), then the sample traces against their expected outputs.
TEST_SCALE ?= 0.1
test:
	$(SWIFT) build --build-tests
	GESTUREREPLAY_TEST_SCALE=$(TEST_SCALE) $(SWIFT) test --skip-build
	$(DEBUG_BIN) test Traces/

# What CI runs (.ci/run): every suite at full size (debug), the allocation check (release: counts
# are only meaningful optimized), the sample traces checked against their expected outputs and
# expectations (docs/ci.md), and the formatting lint. SUITE_FLAGS adds options to the sample-trace
# step (.ci/run: a JUnit report).
SUITE_FLAGS ?=
ci:
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build
	$(SWIFT) test -c release --filter AllocationTests
	$(DEBUG_BIN) test Traces/ $(SUITE_FLAGS)
	$(MAKE) lint

# Formatting with the toolchain's swift-format and the repository's .swift-format (4-space indent,
# 140 columns): `make format` rewrites the Swift files in place, `make lint` fails on any difference.
SWIFT_FILES = Package.swift Sources Tests fuzz/targets
format:
	$(SWIFT) format format --in-place --recursive --parallel $(SWIFT_FILES)

lint:
	$(SWIFT) format lint --strict --recursive --parallel $(SWIFT_FILES)

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
