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
chromium_before="$(pgrep -c -f 'chromium' || true)"
status=0
pnpm exec turbo run test --concurrency=1 --continue -- "$@" || status=$?
node scripts/test-summary.js "$results" || status=1
chromium_after="$(pgrep -c -f 'chromium' || true)"
if [ "${chromium_after:-0}" -gt "${chromium_before:-0}" ]; then
  echo "FAIL: $((chromium_after - chromium_before)) Chromium process(es) left running after the tests" >&2
  pgrep -a -f chromium | head -5 >&2
  status=1
fi
exit $status
