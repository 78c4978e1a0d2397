#!/usr/bin/env bash
# `pnpm start` / `bash scripts/start.sh`: installs whatever is missing, builds, and starts the
# whole service on its embedded default (see apps/stack). Ctrl-C stops everything it started.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=scripts/setup.sh
. "$ROOT/scripts/setup.sh"
cd "$ROOT"
exec node apps/stack/dist/main.js
