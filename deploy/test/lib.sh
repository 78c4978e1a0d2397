# Shared helpers of the deploy test: step timing and logging. Sourced by run.sh and base-images.sh.
STEP_NAME=""
STEP_START=0
TIMINGS=()

log() { printf '\033[36m[deploy-test]\033[0m %s\n' "$*" >&2; }
fail() { printf '\033[31m[deploy-test] FAIL:\033[0m %s\n' "$*" >&2; exit 1; }

# step "name": ends the previous step (recording its time) and starts the next.
step() {
  step_end
  STEP_NAME="$1"
  STEP_START=$(date +%s)
  log "── $STEP_NAME"
}
step_end() {
  [ -n "$STEP_NAME" ] || return 0
  local took=$(($(date +%s) - STEP_START))
  TIMINGS+=("$(printf '%5ss  %s' "$took" "$STEP_NAME")")
  log "   done in ${took}s: $STEP_NAME"
  STEP_NAME=""
}
print_timings() {
  step_end
  log "step timings:"
  printf '%s\n' "${TIMINGS[@]}" >&2
}

# wait_for "what" timeout_s command...: runs the command until it succeeds (1 s apart), or fails.
wait_for() {
  local what="$1" timeout="$2"
  shift 2
  local deadline=$(($(date +%s) + timeout))
  until "$@" >/dev/null 2>&1; do
    [ "$(date +%s)" -lt "$deadline" ] || fail "$what: not within ${timeout}s"
    sleep 1
  done
}

# Points podman at the deploy test's containers.conf, plus the open-files and process limits this
# machine allows: rootful podman asks for 1048576 of each per container, which a machine (or an
# outer container) with lower hard limits refuses ("error setting rlimit type 7" / "type 6").
# Processes are capped at pid_max too: some kernels refuse an nproc limit above it.
use_podman_conf() {
  [ -z "${PAGEMAP_PODMAN_CONF:-}" ] || return 0
  local here conf nofile nproc
  here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
  conf="$(mktemp --suffix=.conf)"
  nofile="$(ulimit -Hn)" nproc="$(ulimit -Hu)"
  [ "$nofile" = unlimited ] && nofile=1048576
  [ "$nproc" = unlimited ] && nproc=1048576
  nproc=$((nproc < $(cat /proc/sys/kernel/pid_max) ? nproc : $(cat /proc/sys/kernel/pid_max)))
  cat "$here/containers.conf" >"$conf"
  printf 'default_ulimits = ["nofile=%s:%s", "nproc=%s:%s"]\n' "$nofile" "$nofile" "$nproc" "$nproc" >>"$conf"
  export CONTAINERS_CONF="$conf" PAGEMAP_PODMAN_CONF="$conf"
}
