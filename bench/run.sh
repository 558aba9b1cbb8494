#!/bin/sh
# make bench: builds nothing; see bench/bench.py for what it measures.
# Usage: bench/run.sh [--bin PATH] [--baseline PATH] [--runs N] [--quick] [--no-callgrind] [--no-save] [--only heavy]
#
# The reference tools are not assumed: python3 (it generates the traces, times the runs and is the
# csv reference), jq (the JSON reference), valgrind (instructions per event) and GNU time (peak RSS)
# are installed with apt-get when missing and this user may (root, or sudo without a password).
# A tool that is still missing is reported by bench.py as a skipped row (python3 stops the bench).
cd "$(dirname "$0")/.." || exit 1

# missing TOOL...: the commands of TOOL... not on PATH (GNU time is /usr/bin/time, not the shell's).
missing() {
    for tool in "$@"; do
        case $tool in
        time) [ -x /usr/bin/time ] || echo time ;;
        *) command -v "$tool" >/dev/null 2>&1 || echo "$tool" ;;
        esac
    done
}

need=$(missing python3 jq valgrind time)
if [ -n "$need" ] && command -v apt-get >/dev/null 2>&1; then
    if [ "$(id -u)" = 0 ]; then
        as_root=""
    elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
        as_root="sudo -n"
    else
        as_root=none
    fi
    if [ "$as_root" != none ]; then
        echo "bench: installing $(echo $need) with apt-get ..." >&2
        # shellcheck disable=SC2086
        { $as_root apt-get update -qq && DEBIAN_FRONTEND=noninteractive $as_root apt-get install -y -qq $need; } >&2 ||
            echo "bench: apt-get could not install $(echo $need)" >&2
    else
        echo "bench: missing $(echo $need); install with: apt-get install -y $(echo $need)" >&2
    fi
fi

if ! command -v python3 >/dev/null 2>&1; then
    echo "bench: python3 is needed (it generates the traces and times the runs): apt-get install -y python3" >&2
    exit 1
fi
exec python3 bench/bench.py "$@"
