#!/usr/bin/env bash
# Builds the libFuzzer targets (swiftc -sanitize=fuzzer,address) and runs them (docs/robustness.md).
#
#   fuzz/run.sh                 build, then run every target for FUZZ_SECONDS (default 600) each,
#                               FUZZ_JOBS (default: the number of cores) at a time, and summarize
#   fuzz/run.sh csv scene       only these targets (csv, json, jsonl, scene, recording, timescale, synth,
#                               w3c, appium, webkit)
#   fuzz/run.sh build           only build
#   .build-fuzz/bin/fuzz-csv FILE...   replay inputs once (a crasher, a corpus file)
#
# Environment: FUZZ_SECONDS, FUZZ_JOBS, FUZZ_MAX_LEN (default 16384 bytes per input),
# FUZZ_BUILD (default .build-fuzz), SWIFTC (default swiftc), FUZZ_FLAGS (more libFuzzer flags).
# The working corpora are fuzz/corpus-TARGET/ (not committed), seeded from Traces/ and from the
# kept crashers in fuzz/crashers/TARGET/. New crashes are written to $FUZZ_BUILD/artifacts/TARGET/;
# the exit status is 1 if any target found one.
set -euo pipefail
cd "$(dirname "$0")/.."

SWIFTC=${SWIFTC:-swiftc}
FUZZ_SECONDS=${FUZZ_SECONDS:-600}
FUZZ_JOBS=${FUZZ_JOBS:-$(nproc 2>/dev/null || echo 2)}
FUZZ_MAX_LEN=${FUZZ_MAX_LEN:-16384}
FUZZ_BUILD=${FUZZ_BUILD:-.build-fuzz}
FUZZ_FLAGS=${FUZZ_FLAGS:-}
ALL_TARGETS="csv json jsonl scene recording timescale synth w3c appium webkit"

# The Swift runtime's backtracer and libFuzzer's crash handler do not mix (the backtracer hangs).
export SWIFT_BACKTRACE=enable=no
# LeakSanitizer reports what a target leaked (libFuzzer checks inputs one by one until it sees
# memory held across inputs, then at exit); a leak fails the run like a crash.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:allocator_may_return_null=1}

FLAGS=(-sanitize=fuzzer,address -parse-as-library -O -g -package-name gesturereplay)

sources() { find "$1" -name '*.swift' | LC_ALL=C sort; }

# Rebuilds a module (a static library and its .swiftmodule) when a source, or a module built before
# it (the lower ones, which it may import), is newer than it.
built=()
build_module() {
    local name=$1 dir=$2 lib="$FUZZ_BUILD/modules/lib$1.a"
    shift 2
    if [ -f "$lib" ] && [ -z "$(find "$dir" fuzz/run.sh "${built[@]}" -newer "$lib" \( -name '*.s[wh]*' -o -name '*.a' \) | head -1)" ]; then
        built+=("$lib")
        return
    fi
    echo "fuzz: building $name" >&2
    mkdir -p "$FUZZ_BUILD/modules"
    rm -f "$lib"  # a failed build must not leave the previous library looking current
    # shellcheck disable=SC2046
    "$SWIFTC" "${FLAGS[@]}" -wmo -module-name "$name" -I "$FUZZ_BUILD/modules" "$@" \
        -emit-library -static -emit-module -emit-module-path "$FUZZ_BUILD/modules/$name.swiftmodule" \
        -o "$lib" $(sources "$dir") 2>&1 | grep -v 'Cannot export local symbol' >&2 || true
    [ -f "$lib" ] || { echo "fuzz: building $name failed" >&2; exit 2; }
    touch "$lib"
    built+=("$lib")
}

target_file() {
    case $1 in
        csv) echo fuzz/targets/FuzzCSV.swift ;;
        json) echo fuzz/targets/FuzzJSON.swift ;;
        jsonl) echo fuzz/targets/FuzzJSONLines.swift ;;
        scene) echo fuzz/targets/FuzzScene.swift ;;
        recording) echo fuzz/targets/FuzzRecording.swift ;;
        timescale) echo fuzz/targets/FuzzTimeScale.swift ;;
        synth) echo fuzz/targets/FuzzSynth.swift ;;
        w3c) echo fuzz/targets/FuzzW3CActions.swift ;;
        appium) echo fuzz/targets/FuzzAppium.swift ;;
        webkit) echo fuzz/targets/FuzzWebKitEvents.swift ;;
        *) echo "fuzz: unknown target '$1' (targets: $ALL_TARGETS)" >&2; exit 2 ;;
    esac
}

# Compiled into every target: the shared oracles, and the event-parser comparison the tests use too.
SUPPORT=(fuzz/targets/FuzzSupport.swift Tests/TraceReadingTests/Reading/JSONEventOutcome.swift)

build_target() {
    local t=$1 exe="$FUZZ_BUILD/bin/fuzz-$1" src
    src=$(target_file "$t")
    if [ -f "$exe" ] && [ -z "$(find "$src" "${SUPPORT[@]}" "$FUZZ_BUILD/modules" -newer "$exe" | head -1)" ]; then
        return
    fi
    mkdir -p "$FUZZ_BUILD/bin"
    "$SWIFTC" "${FLAGS[@]}" -I "$FUZZ_BUILD/modules" "$src" "${SUPPORT[@]}" \
        "$FUZZ_BUILD/modules/libGestureReplayTools.a" "$FUZZ_BUILD/modules/libTraceReplay.a" \
        "$FUZZ_BUILD/modules/libTraceReading.a" "$FUZZ_BUILD/modules/libGestureEngine.a" -lm \
        -o "$exe" 2>&1 | grep -v 'Cannot export local symbol' >&2 || true
    [ -x "$exe" ] || { echo "fuzz: building fuzz-$t failed" >&2; exit 2; }
}

# Seeds fuzz/corpus-TARGET/ with the sample traces (or scenes), fuzz/seeds/TARGET/ and the kept crashers.
seed_corpus() {
    local t=$1 dir="fuzz/corpus-$1"
    mkdir -p "$dir"
    case $t in
        csv) find Traces -name '*.csv' -exec cp -n {} "$dir/" \; ;;
        jsonl) find Traces -name '*.jsonl' -exec cp -n {} "$dir/" \; ;;
        json) find Traces -name '*.json' ! -name '*.scene.json' -exec cp -n {} "$dir/" \; ;;
        scene) find Traces -name '*.scene.json' -exec cp -n {} "$dir/" \; ;;
        timescale) ;;  # binary inputs: fuzz/seeds/timescale/ only
        synth) find Tests/Fixtures Traces docs -name '*.synth' -exec cp -n {} "$dir/" \; 2>/dev/null || true ;;
        recording)
            find Tests/Fixtures/recordings -name '*.evemu' -exec cp -n {} "$dir/" \;
            find Tests/TraceReadingTests/Malformed/corpus \( -name 'getevent-*' -o -name 'evemu-*' -o -name 'libinput-*' \
                -o -name 'evtest-*' -o -name 'motionevent-*' \) -exec cp -n {} "$dir/" \; ;;
        w3c|appium|webkit) find "Tests/Fixtures/ui-tests/$t" docs/examples/ui-tests -name '*.json' -exec cp -n {} "$dir/" \; 2>/dev/null || true ;;
    esac
    # Compact events of the bench's shape (no whitespace): the inputs the JSON event fast path takes.
    if [ -d "fuzz/seeds/$t" ]; then find "fuzz/seeds/$t" -type f -exec cp -n {} "$dir/" \; ; fi
    if [ -d "fuzz/crashers/$t" ]; then find "fuzz/crashers/$t" -type f ! -name '*.md' -exec cp -n {} "$dir/" \; ; fi
}

run_target() {
    local t=$1 dict
    case $t in
        csv) dict=fuzz/dict/csv.dict ;; scene) dict=fuzz/dict/scene.dict ;; recording) dict=fuzz/dict/recording.dict ;;
        synth) dict=fuzz/dict/synth.dict ;; timescale) dict=fuzz/dict/csv.dict ;;
        *) dict=fuzz/dict/json.dict ;;
    esac
    mkdir -p "$FUZZ_BUILD/artifacts/$t" "$FUZZ_BUILD/logs"
    touch "$FUZZ_BUILD/logs/$t.start"
    # shellcheck disable=SC2086
    "$FUZZ_BUILD/bin/fuzz-$t" "fuzz/corpus-$t" -dict="$dict" -max_total_time="$FUZZ_SECONDS" \
        -max_len="$FUZZ_MAX_LEN" -timeout=10 -rss_limit_mb=2560 -print_final_stats=1 \
        -artifact_prefix="$FUZZ_BUILD/artifacts/$t/" $FUZZ_FLAGS >"$FUZZ_BUILD/logs/$t.log" 2>&1
}

targets=()
build_only=0
for arg in "$@"; do
    if [ "$arg" = build ]; then build_only=1; else target_file "$arg" >/dev/null; targets+=("$arg"); fi
done
[ ${#targets[@]} -gt 0 ] || read -r -a targets <<<"$ALL_TARGETS"

build_module GestureEngine Sources/GestureEngine
# The targets reach internal parsers (@testable); TraceReplay re-exports TraceReading, GestureReplayTools
# (convert) re-exports TraceReplay.
build_module TraceReading Sources/TraceReading -enable-testing
build_module TraceReplay Sources/TraceReplay -enable-testing
build_module GestureReplayTools Sources/GestureReplayTools -enable-testing
for t in "${targets[@]}"; do build_target "$t"; done
[ $build_only = 0 ] || exit 0

echo "fuzz: running ${targets[*]} for ${FUZZ_SECONDS}s each, $FUZZ_JOBS at a time (logs in $FUZZ_BUILD/logs/)"
declare -A status
pids=()
for t in "${targets[@]}"; do
    seed_corpus "$t"
    while [ "$(jobs -rp | wc -l)" -ge "$FUZZ_JOBS" ]; do wait -n || true; done
    run_target "$t" &
    pids+=("$!:$t")
done
for entry in "${pids[@]}"; do
    if wait "${entry%%:*}"; then status[${entry#*:}]=0; else status[${entry#*:}]=$?; fi
done

failed=0
printf '%-6s %12s %8s %8s  %s\n' target execs exec/s crashes status
for t in "${targets[@]}"; do
    log="$FUZZ_BUILD/logs/$t.log"
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
    crashes=$(find "$FUZZ_BUILD/artifacts/$t" -type f \( -name 'crash-*' -o -name 'timeout-*' -o -name 'oom-*' -o -name 'leak-*' \) -newer "$FUZZ_BUILD/logs/$t.start" | wc -l)
    result=ok
    if [ "${status[$t]}" != 0 ] || [ "$crashes" != 0 ]; then
        result="FAILED (exit ${status[$t]}; see $log)"
        failed=1
    fi
    printf '%-6s %12s %8s %8s  %s\n' "$t" "${execs:-?}" "${rate:-?}" "$crashes" "$result"
done
if [ $failed = 1 ]; then
    echo "fuzz: new inputs in $FUZZ_BUILD/artifacts/; reproduce with $FUZZ_BUILD/bin/fuzz-TARGET FILE, and once fixed keep them in fuzz/crashers/TARGET/"
fi
exit $failed
