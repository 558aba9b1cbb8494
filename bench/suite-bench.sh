#!/usr/bin/env bash
# The `gesturereplay test` suite in parallel against a sequential run.
#
# make bench measures the same corpus (10,000 traces, bench.py corpus_throughput); this script is
# the standalone version. Generates N small traces (default 1000: taps, double taps and drags in
# the default scene, 10 to 80 rows each, every one different) into a temporary folder, records their goldens with
# `test --update`, then times `gesturereplay test -j 1` and `gesturereplay test` (one trace per core)
# RUNS times each (default 3) and prints the medians and the speedup.
#
#   bench/suite-bench.sh                      # uses .build/release/gesturereplay (make release)
#   GESTUREREPLAY=path/to/gesturereplay N=1000 RUNS=3 bench/suite-bench.sh
set -euo pipefail
cd "$(dirname "$0")/.."

BIN=${GESTUREREPLAY:-.build/release/gesturereplay}
N=${N:-1000}
RUNS=${RUNS:-3}
[ -x "$BIN" ] || { echo "suite-bench: $BIN not found (build it with 'swift build -c release', or set GESTUREREPLAY)" >&2; exit 2; }

DIR=$(mktemp -d "${TMPDIR:-/tmp}/suite-bench.XXXXXX")
trap 'rm -rf "$DIR"' EXIT

# One JSON trace per index, deterministic: kind = i % 3 (tap, double tap, drag), position and
# timing varied by i.
awk -v n="$N" -v dir="$DIR" 'BEGIN {
    for (i = 0; i < n; i++) {
        file = sprintf("%s/t%02d/trace-%05d.json", dir, i % 50, i)
        if (i % 50 == i) system("mkdir -p " dir "/" sprintf("t%02d", i))
        x = 40 + (i * 37) % 300; y = 100 + (i * 53) % 600
        printf "{\"screen\": {\"width\": 390, \"height\": 844}, \"events\": [\n" > file
        t = 0; kind = i % 3; first = 1
        if (kind == 0 || kind == 1) {
            taps = kind + 1
            for (k = 0; k < taps; k++) {
                ev(file, t, k + 1, "began", x, y); t += 0.008
                for (m = 0; m < 4 + i % 5; m++) { ev(file, t, k + 1, "moved", x + (m % 2) * 0.4, y - (m % 3) * 0.3); t += 0.008 }
                ev(file, t, k + 1, "ended", x + 0.2, y + 0.1); t += 0.12 + (i % 7) * 0.01
            }
        } else {
            rows = 40 + i % 40; vx = 200 + (i * 13) % 900; vy = -300 + (i * 29) % 600
            ev(file, t, 1, "began", x, y)
            for (m = 1; m < rows; m++) { t += 1 / 120; ev(file, t, 1, "moved", x + vx * t, y + vy * t) }
            t += 1 / 120; ev(file, t, 1, "ended", x + vx * t, y + vy * t)
        }
        printf "\n]}\n" > file
        close(file)
    }
}
function ev(file, t, id, phase, px, py) {
    printf "%s{\"t\": %.6f, \"id\": %d, \"phase\": \"%s\", \"x\": %.2f, \"y\": %.2f}", (first ? "" : ",\n"), t, id, phase, px, py > file
    first = 0
}'

"$BIN" test --update "$DIR" > "$DIR.update.log" || { tail -5 "$DIR.update.log" >&2; rm -f "$DIR.update.log"; exit 1; }
rm -f "$DIR.update.log"

seconds() { date +%s.%N; }
median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2) }'; }

time_runs() { # ARGS... -> one duration per line
    for _ in $(seq "$RUNS"); do
        local start end
        start=$(seconds)
        "$BIN" test "$@" "$DIR" > "$DIR.out" || { tail -3 "$DIR.out" >&2; exit 1; }
        end=$(seconds)
        tail -1 "$DIR.out" | grep -qx "$N passed, 0 failed" || { echo "suite-bench: unexpected result: $(tail -1 "$DIR.out")" >&2; exit 1; }
        awk -v a="$start" -v b="$end" 'BEGIN { printf "%.6f\n", b - a }'
    done
    rm -f "$DIR.out"
}

CORES=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)
SEQ=$(time_runs -j 1 | median)
PAR=$(time_runs | median)
awk -v n="$N" -v runs="$RUNS" -v seq="$SEQ" -v cores="$CORES" -v par="$PAR" 'BEGIN {
    printf "suite of %d traces, median of %d runs: sequential (-j 1) %.3f s, parallel (%d cores) %.3f s, speedup %.2fx\n", n, runs, seq, cores, par, seq / par
}'
