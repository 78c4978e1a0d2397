#!/usr/bin/env bash
# `pnpm test` / `bash scripts/test.sh`: installs whatever is missing, builds, checks, then runs the
# jest suites through turbo (one package at a time: integration suites start real Chromium and
# Redis processes, and this machine has 2 cores). Prints each runner's summary, then per run one
# markdown row (passed/failed, time, cores and load average) for docs/testing.md's table; exits
# non-zero on any failure. docs/testing.md explains every mode.
#
#   bash scripts/test.sh                                   checks, then every suite once
#   bash scripts/test.sh --repeat 3                        checks, then every suite three times
#   bash scripts/test.sh --filter @pagemap/gateway         checks, then one package
#   bash scripts/test.sh --filter @pagemap/gateway --repeat 5 --stress --skip-checks test/browse.e2e.test.ts
#                                                          one file 5 times with every core kept busy
#
# Checks (before any test, failing fast): `biome check .` (lint and format), `turbo run typecheck`
# (every package's sources and tests), the dependency whiteboard (scripts/check-deps.mjs), the size
# limits (scripts/check-size.mjs), stale build output (scripts/check-dist.js) and links in the
# docs (scripts/check-links.js). Arguments after the options go to jest (a file, -t 'name', ...).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

usage() { sed -n '2,17p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; }
repeat=1
stress=0
checks=1
filter=()
while [ $# -gt 0 ]; do
  case "$1" in
    --repeat) repeat="${2:?--repeat needs a count}"; shift 2 ;;
    --stress) stress=1; shift ;;
    --skip-checks) checks=0; shift ;;
    --filter) filter+=("--filter=${2:?--filter needs a package name}"); shift 2 ;;
    -h|--help) usage; exit 0 ;;
    --) shift; break ;;
    *) break ;;
  esac
done
[[ "$repeat" =~ ^[1-9][0-9]*$ ]] || { echo "--repeat takes a positive count, not '$repeat'" >&2; exit 2; }

# shellcheck source=scripts/setup.sh
. "$ROOT/scripts/setup.sh"
cd "$ROOT"
step() { printf '\033[36m[test]\033[0m %s\n' "$*" >&2; }

if [ "$checks" = 1 ]; then
  step "lint and format: biome check ."
  pnpm exec biome check .
  step "typecheck: sources and tests of every package"
  pnpm exec turbo run typecheck --output-logs=errors-only
  step "dependencies: the whiteboard of docs/architecture.md (page-script fence, layers)"
  node scripts/check-deps.mjs
  step "size: no source file over 300 lines, no function over 60 (scripts/check-size.mjs)"
  node scripts/check-size.mjs
  step "build output: nothing in dist/ without a source"
  node scripts/check-dist.js --probe packages/chromium
  step "links: README, docs and package READMEs"
  node scripts/check-links.js
fi

# The machine's load while a run goes on: the 1-minute load average every 5 s, so the summary row
# says how busy the machine was (a time means little without it). Ended with the run.
sampler=""
start_load_sampler() {
  : >"$1"
  (while :; do cut -d' ' -f1 /proc/loadavg >>"$1"; sleep 5; done) &
  sampler=$!
}
stop_load_sampler() { [ -z "$sampler" ] || kill "$sampler" 2>/dev/null || true; sampler=""; }

# --stress: one busy loop per core for the whole run, so a test that only passes when it wins a
# race against the machine fails here too. The loops are this script's children, ended on exit.
busy=()
stop_busy() { for pid in "${busy[@]}"; do kill "$pid" 2>/dev/null || true; done; }
trap 'stop_busy; stop_load_sampler' EXIT
if [ "$stress" = 1 ]; then
  for _ in $(seq "$(nproc)"); do (while :; do :; done) & busy+=($!); done
  step "stress: ${#busy[@]} busy loops running"
fi

# One run of the selected suites; its own results folder and Chromium leak marker. The jest
# summary goes to the log and to .test-summary.txt, which the run's summary row reads.
run_once() {
  local results="$ROOT/.test-results" status=0
  rm -rf "$results" && mkdir -p "$results"
  export PAGEMAP_TEST_RESULTS_DIR="$results"
  # The Chromium leak check counts only this run's browsers (scripts/chromium-procs.js): the marker
  # reaches every process the tests start, and no other Chromium on the machine carries it.
  export PAGEMAP_TEST_RUN="run-$$-$1-$(date +%s)"
  pnpm exec turbo run test --concurrency=1 --continue "${filter[@]}" -- "${@:2}" || status=$?
  node scripts/test-summary.js "$results" | tee "$ROOT/.test-summary.txt" || status=1
  node scripts/chromium-procs.js check "$PAGEMAP_TEST_RUN" 10000 || status=1
  return $status
}

# One markdown row per run, in the columns of docs/testing.md's table: run, machine (cores, load
# average during the run: mean and highest of the samples, stress or not), result, wall time.
summary_row() {
  local i=$1 outcome=$2 seconds=$3 loads=$4 counts load
  counts=$(sed -n 's/^Tests: //p' "$ROOT/.test-summary.txt" 2>/dev/null | tail -n 1)
  load=$(awk '{ s += $1; if ($1 > m) m = $1; n++ } END { if (n) printf "mean %.1f, max %.1f", s / n, m; else print "not sampled" }' "$loads")
  printf '| %s of %s (%s) | %s cores, load average %s | **%s**: %s | %s s |\n' \
    "$i" "$repeat" "$([ "$stress" = 1 ] && echo "--stress" || echo "no stress")" "$(nproc)" "$load" \
    "$outcome" "${counts:-no test report}" "$seconds"
}

failed_runs=0
rows=()
loads="$ROOT/.test-load.txt"
for i in $(seq "$repeat"); do
  [ "$repeat" = 1 ] || step "run $i of $repeat"
  started=$(date +%s)
  start_load_sampler "$loads"
  if run_once "$i" "$@"; then outcome=passed; else outcome=failed; failed_runs=$((failed_runs + 1)); fi
  stop_load_sampler
  cut -d' ' -f1 /proc/loadavg >>"$loads"
  rows+=("$(summary_row "$i" "$outcome" "$(($(date +%s) - started))" "$loads")")
  step "run $i of $repeat $outcome in $(($(date +%s) - started)) s"
done
# The rows again, together at the end of the log: ready to paste into docs/testing.md.
step "summary ($(git rev-parse --short HEAD 2>/dev/null || echo 'no git'), $(date -u +%Y-%m-%d)): | run | machine | result | wall time |"
printf '%s\n' "${rows[@]}" >&2
[ "$repeat" = 1 ] || step "$((repeat - failed_runs)) of $repeat runs passed"
[ "$failed_runs" = 0 ]
