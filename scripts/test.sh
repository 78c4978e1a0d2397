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
# The Chromium leak check counts only this run's browsers (scripts/chromium-procs.js): the marker
# reaches every process the tests start, and no other Chromium on the machine carries it.
export PAGEMAP_TEST_RUN="run-$$-$(date +%s)"
status=0
pnpm exec turbo run test --concurrency=1 --continue -- "$@" || status=$?
node scripts/test-summary.js "$results" || status=1
node scripts/chromium-procs.js check "$PAGEMAP_TEST_RUN" 10000 || status=1
exit $status
