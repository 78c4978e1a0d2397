#!/usr/bin/env bash
# `npm run soak`: installs what is missing, builds, then opens and closes 1,000 sessions through a
# real stack and checks the worker's memory and Chromium process count return to their start
# (bench/src/soak.ts); writes docs/soak.md. Loopback only; bounded by SOAK_TIME_LIMIT_S; stops by
# itself. Not part of `npm test`.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=scripts/setup.sh
. "$ROOT/scripts/setup.sh"
cd "$ROOT"
exec node bench/dist/soak.js
