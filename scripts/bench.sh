#!/usr/bin/env bash
# `npm run bench`: installs what is missing, builds, runs the benchmark harness (bench/), which
# writes bench/results/latest.json and docs/benchmarks.md. Loopback only; stops by itself.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=scripts/setup.sh
. "$ROOT/scripts/setup.sh"
cd "$ROOT"
exec node bench/dist/main.js
