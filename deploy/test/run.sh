#!/usr/bin/env bash
# The deploy test: deploy/ proven as an operator would use it, with podman from Debian's archive.
# Makes the base images locally (base-images.sh), builds the three images from the repository's
# context, brings the compose stack up, and checks it end to end: a tenant created by
# pagemap-admin in the gateway container, a browse of a page served inside the network and its
# login tool (Chromium as uid 1000, sandbox on), /health?deep=true, the dashboard, the images'
# health checks, Prometheus's targets and rules. The stack is always taken down (trap).
# Run as root from anywhere; the containers run as uid 1000. Nothing reaches out but apt and the
# npm registry. deploy/README.md ("The deploy test") lists what the machine needs.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
# shellcheck source=lib.sh
. "$HERE/lib.sh"
RUN_START=$(date +%s)

use_podman_conf
PROJECT="${PAGEMAP_DEPLOY_PROJECT:-pagemap-ci}"
# Run from deploy/: podman-compose 1.0 passes the worker's `seccomp=./seccomp/...` path on as it
# is, relative to the working directory.
COMPOSE=(podman-compose -p "$PROJECT" -f compose.yaml -f test/compose.test.yaml)
SERVICES=(redis gateway worker-1 worker-2 dashboard redis-exporter prometheus site)
GATEWAY=http://127.0.0.1:8080
CONTEXT_LIMIT=$((10 * 1024 * 1024))

ctr() { echo "${PROJECT}_$1_1"; } # podman-compose 1.0's container names

teardown() {
  local rc=$?
  trap - EXIT INT TERM
  if [ "$rc" -ne 0 ] && podman container exists "$(ctr gateway)" 2>/dev/null; then
    for s in "${SERVICES[@]}"; do
      log "last log lines of $s:"
      podman logs --tail 30 "$(ctr "$s")" 2>&1 | sed 's/^/    /' >&2 || true
    done
  fi
  if [ "$STACK_UP" = 1 ]; then
    step "take the stack down"
    "${COMPOSE[@]}" down -v >/dev/null 2>&1 || true
    podman pod rm -f "pod_$PROJECT" >/dev/null 2>&1 || true
    podman network rm -f "${PROJECT}_default" >/dev/null 2>&1 || true
  fi
  print_timings
  log "total $(($(date +%s) - RUN_START))s — $([ "$rc" -eq 0 ] && echo PASSED || echo "FAILED (exit $rc)")"
  exit "$rc"
}

STACK_UP=0
trap teardown EXIT INT TERM
step "podman, podman-compose, debootstrap from Debian's archive"
[ "$(id -u)" -eq 0 ] || fail "run as root (podman builds and runs the stack rootful; the containers use uid 1000)"
"$HERE/install.sh"
log "$(podman --version), podman-compose $(podman-compose version 2>/dev/null | awk '/podman-compose/{print $NF}' | head -1)"

step "base images"
bash "$HERE/base-images.sh"

step "build context (.dockerignore): under 10 MB"
podman build --network=none -q -f "$HERE/images/Containerfile.context" -t localhost/pagemap-ci/context "$ROOT" >/dev/null
bytes=$(podman run --rm --network=none localhost/pagemap-ci/context cat /context-bytes)
podman rmi -f localhost/pagemap-ci/context >/dev/null
log "context: $((bytes / 1024)) KiB"
[ "$bytes" -lt "$CONTEXT_LIMIT" ] || fail "build context is $bytes bytes (limit $CONTEXT_LIMIT)"

for image in gateway worker dashboard; do
  step "build pagemap/$image:local (deploy/Dockerfile.$image)"
  build_log=$(mktemp)
  # docker format keeps each Dockerfile's HEALTHCHECK (OCI images have no place for it).
  if ! podman build --network=host --format docker -f "$ROOT/deploy/Dockerfile.$image" \
    -t "localhost/pagemap/$image:local" "$ROOT" >"$build_log" 2>&1; then
    tail -40 "$build_log" >&2
    fail "build of $image"
  fi
  rm -f "$build_log"
  log "pagemap/$image:local: $(podman image inspect --format '{{.Size}}' "localhost/pagemap/$image:local" |
    awk '{printf "%.0f MB", $1 / 1e6}')"
done

step "compose up"
cd "$ROOT/deploy"
STACK_UP=1
"${COMPOSE[@]}" down -v >/dev/null 2>&1 || true # a stack left by an interrupted run
secret() { head -c 32 /dev/urandom | base64 | tr '+/' '-_' | tr -d '='; }
PAGEMAP_PAYLOAD_KEY=$(secret) PAGEMAP_JWT_SECRET=$(secret) PAGEMAP_DASHBOARD_SESSION_SECRET=$(secret)
export PAGEMAP_PAYLOAD_KEY PAGEMAP_JWT_SECRET PAGEMAP_DASHBOARD_SESSION_SECRET
export ANTHROPIC_API_KEY="" STRIPE_SECRET_KEY="" STRIPE_WEBHOOK_SECRET="" # the offline summarizer; no payments
up_log=$(mktemp)
"${COMPOSE[@]}" up -d --no-build "${SERVICES[@]}" >"$up_log" 2>&1 || { cat "$up_log" >&2; fail "compose up"; }
rm -f "$up_log"

step "stack ready: gateway /health, workers live, dashboard, images' health checks"
wait_for "gateway /health" 120 curl -fsS "$GATEWAY/health"
wait_for "dashboard /healthz" 120 curl -fsS http://127.0.0.1:8090/healthz
for s in worker-1 worker-2; do
  wait_for "$s /health/ready" 120 podman exec "$(ctr "$s")" node -e \
    "fetch('http://127.0.0.1:9101/health/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
done
# The Dockerfiles' HEALTHCHECKs made it into the images and pass (podman runs them on demand).
for s in gateway worker-1 worker-2 dashboard; do
  wait_for "$s HEALTHCHECK" 60 podman healthcheck run "$(ctr "$s")"
done

step "end to end: tenant, browse, login tool, Chromium's sandbox, deep health, dashboard, Prometheus"
python3 "$HERE/check_stack.py" --project "$PROJECT" --gateway "$GATEWAY" --dashboard http://127.0.0.1:8090 \
  --prometheus http://127.0.0.1:9090 --alerts "$ROOT/deploy/prometheus/alerts.yml"
