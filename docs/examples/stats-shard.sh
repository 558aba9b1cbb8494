#!/bin/sh
# One shard of `gesturereplay stats` for a Kubernetes indexed Job (docs/scale.md): the Job sets
# JOB_COMPLETION_INDEX (0-based); SHARDS is its completions. Writes OUT/stats-I.json (I 1-based).
# Arguments are more stats options (--exclude GLOB, --set NAME.PROPERTY=VALUE, ...).
# A broken trace (exit 65) is recorded in the JSON and fails the merge, not this shard.
set -eu
: "${SHARDS:?set SHARDS to the Job's completions}" "${JOB_COMPLETION_INDEX:?not run by an indexed Job}"
OUT=${OUT:-/results}
CORPUS=${CORPUS:-Traces/}
i=$((JOB_COMPLETION_INDEX + 1))
mkdir -p "$OUT"
status=0
gesturereplay stats --format json --shard "$i/$SHARDS" "$@" "$CORPUS" > "$OUT/stats-$i.json" || status=$?
[ "$status" -eq 0 ] || [ "$status" -eq 65 ]
