#!/usr/bin/env bash
# The deploy test's tools, from Debian's archive, installed only when missing: podman (with runc,
# netavark and aardvark-dns for the compose network's names, iptables for its rules),
# catatonit for compose's `init: true`, podman-compose, debootstrap; curl and python3 for the checks.
set -euo pipefail
need=()
for pair in podman:podman podman-compose:podman-compose debootstrap:debootstrap runc:runc \
  netavark:/usr/lib/podman/netavark aardvark-dns:/usr/lib/podman/aardvark-dns iptables:iptables \
  catatonit:catatonit curl:curl python3:python3; do
  pkg="${pair%%:*}" cmd="${pair#*:}"
  if [[ "$cmd" == /* ]]; then [ -x "$cmd" ] || need+=("$pkg"); else command -v "$cmd" >/dev/null || need+=("$pkg"); fi
done
[ "${#need[@]}" -eq 0 ] && exit 0
echo "[deploy-test] installing from Debian: ${need[*]}" >&2
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
