#!/usr/bin/env bash
# `pnpm test` / `bash scripts/test.sh`: installs whatever is missing, builds, then runs every
# jest suite in the workspace through turbo (one package at a time: integration suites start
# real Chromium and Redis processes, and this machine has 2 cores). Prints each runner's
# summary, then one line for the whole run; exits non-zero on any failure.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=scripts/setup.sh
. "$ROOT/scripts/setup.sh"
cd "$ROOT"
results="$ROOT/.test-results"
rm -rf "$results" && mkdir -p "$results"
export PAGEMAP_TEST_RESULTS_DIR="$results"
# Live Chromium processes (zombies hold nothing and are reaped by their parent or init).
count_chromium() { ps -eo stat=,comm= | awk '$1 !~ /^Z/ && $2 ~ /^chrom/' | wc -l; }
chromium_before="$(count_chromium)"
status=0
pnpm exec turbo run test --concurrency=1 --continue -- "$@" || status=$?
node scripts/test-summary.js "$results" || status=1
# Every suite closes its browsers; give the last ones a few seconds to exit, then check.
for _ in $(seq 1 20); do
  chromium_after="$(count_chromium)"
  [ "$chromium_after" -le "$chromium_before" ] && break
  sleep 0.5
done
if [ "$chromium_after" -gt "$chromium_before" ]; then
  echo "FAIL: $((chromium_after - chromium_before)) Chromium process(es) left running after the tests" >&2
  ps -eo pid,ppid,stat,etime,args | awk '$5 ~ /chrom/' | head -5 >&2
  status=1
fi
exit $status
