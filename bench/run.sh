#!/bin/sh
# make bench: builds nothing and installs nothing; see bench/bench.py for what it measures.
# Usage: bench/run.sh [--bin PATH] [--runs N] [--quick] [--no-callgrind] [--no-save]
cd "$(dirname "$0")/.." || exit 1
if ! command -v python3 >/dev/null 2>&1; then
    echo "bench: python3 is needed (it generates the traces and times the runs): apt-get install -y python3" >&2
    exit 1
fi
exec python3 bench/bench.py "$@"
