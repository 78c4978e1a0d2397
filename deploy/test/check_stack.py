#!/usr/bin/env python3
"""The deploy test's end-to-end checks of a running compose stack (run.sh starts it first).

Python's standard library and PyYAML only (both come with podman-compose), so the checks need
nothing from the workspace. Each check prints what it proved; the first failure exits non-zero.
"""
import argparse
import json
import subprocess
import sys
import time
import urllib.error
import urllib.request

import yaml

SITE = "http://site:8081/"  # deploy/test/site/server.js, inside the compose network
USER = "operator@example.test"
PASSWORD = "correct horse battery staple"


def say(msg):
    print(f"\033[36m[deploy-test]\033[0m   {msg}", file=sys.stderr, flush=True)


def fail(msg):
    print(f"\033[31m[deploy-test] FAIL:\033[0m {msg}", file=sys.stderr, flush=True)
    sys.exit(1)


def http(method, url, body=None, key=None, timeout=90):
    """(status, headers, parsed JSON or text) of one request; HTTP errors are answers too."""
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(url, data=data, method=method)
    if data is not None:
        req.add_header("Content-Type", "application/json")
    if key:
        req.add_header("Authorization", f"Bearer {key}")
    try:
        with urllib.request.urlopen(req, timeout=timeout) as res:
            status, headers, raw = res.status, res.headers, res.read()
    except urllib.error.HTTPError as err:
        status, headers, raw = err.code, err.headers, err.read()
    text = raw.decode("utf-8", "replace")
    is_json = (headers.get("Content-Type") or "").startswith("application/json")
    return status, headers, json.loads(text) if is_json else text


def until(what, timeout, probe):
    """Calls probe() every second until it returns a true value; fails after timeout seconds."""
    deadline = time.monotonic() + timeout
    last = None
    while time.monotonic() < deadline:
        try:
            last = probe()
            if last:
                return last
        except (OSError, ValueError) as err:
            last = err
        time.sleep(1)
    fail(f"{what}: not within {timeout}s (last: {last})")


def podman_exec(container, *cmd, user=None):
    args = ["podman", "exec"] + (["--user", user] if user else []) + [container, *cmd]
    done = subprocess.run(args, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        fail(f"{' '.join(cmd)} in {container}: {done.stderr.strip()}")
    return done.stdout


def check_env(project):
    """compose.yaml's variables reached the containers as values: no `${...}` taken literally (as
    podman-compose 1.0 did with `${VAR:-}`), the optional keys empty rather than unset-but-odd."""
    for service in ("gateway", "worker-1", "worker-2", "dashboard"):
        out = subprocess.run(
            ["podman", "inspect", "--format", "{{range .Config.Env}}{{println .}}{{end}}", f"{project}_{service}_1"],
            capture_output=True, text=True, check=True,
        ).stdout
        literal = [line.split("=", 1)[0] for line in out.splitlines() if "${" in line]
        if literal:
            fail(f"{service}: compose passed these variables on uninterpolated: {literal}")
    say("compose variables interpolated in every container (no literal ${...})")


def create_tenant(project):
    out = podman_exec(
        f"{project}_gateway_1", "pagemap-admin", "tenant", "create", "--name", "Deploy test", "--plan", "builder",
        "--with-key",
    )
    created = json.loads(out)
    if not created.get("api_key"):
        fail(f"pagemap-admin printed no key: {out[:200]}")
    say(f"pagemap-admin in the gateway container: tenant {created['tenant']['id']} and a key")
    return created["api_key"]


def browse_and_login(gateway, key):
    status, headers, page = http("POST", f"{gateway}/v1/browse", {"url": SITE}, key)
    if status != 200:
        fail(f"browse {SITE}: HTTP {status} {page}")
    if page["title"] != "Sign in – Deploy Test" or headers.get("X-Usage-Action-Count") is None:
        fail(f"browse {SITE}: unexpected answer {page}")
    login = next((t for t in page["tools"] if t["name"] in ("login", "sign_in", "log_in", "signin")), None)
    if login is None:
        fail(f"no login tool among {[t['name'] for t in page['tools']]}")
    say(f"browse {SITE}: \"{page['title']}\", tools {[t['name'] for t in page['tools']]}")
    params = {
        p["name"]: PASSWORD if "pass" in p["name"].lower() else USER
        for p in login["params"]
    }
    body = {"session_id": page["session_id"], "tool": login["name"], "params": params}
    status, _, after = http("POST", f"{gateway}/v1/browse", body, key)
    if status != 200:
        fail(f"{login['name']}: HTTP {status} {after}")
    result = (after.get("results") or [{}])[0]
    if not result.get("success") or not after["url"].endswith("/account") or "Your account" not in after["title"]:
        fail(f"{login['name']} did not sign in: {json.dumps(after)[:600]}")
    say(f"tool {login['name']}({', '.join(params)}): success, now at {after['url']} \"{after['title']}\"")
    return page["session_id"]


SANDBOX_PROBE = r"""
for p in /proc/[0-9]*; do
  exe=$(tr '\0' '\n' < $p/cmdline 2>/dev/null | head -1)
  case "$exe" in */chromium*) ;; *) continue ;; esac
  cmd=$(tr '\0' ' ' < $p/cmdline)
  uid=$(awk '/^Uid:/{print $2}' $p/status)
  depth=$(awk '/^NSpid:/{print NF - 1}' $p/status)
  type=$(printf '%s' "$cmd" | grep -o -- '--type=[a-z-]*' | head -1)
  nosb=$(printf '%s' "$cmd" | grep -c -- '--no-sandbox')
  echo "${p#/proc/} $uid $depth ${type:---type=browser} $nosb"
done
"""


def check_sandbox(project):
    """Chromium in the worker runs as uid 1000 without --no-sandbox; its renderers sit in their own
    PID namespace (the namespace sandbox: NSpid has a second level)."""
    seen = []
    for worker in ("worker-1", "worker-2"):
        out = podman_exec(f"{project}_{worker}_1", "sh", "-c", SANDBOX_PROBE, user="root")
        procs = [line.split() for line in out.strip().splitlines()]
        for pid, uid, depth, kind, nosb in procs:
            if uid != "1000" or nosb != "0":
                fail(f"{worker}: chromium process {pid} ({kind}) runs as uid {uid}, --no-sandbox={nosb}")
        renderers = [p for p in procs if p[3] == "--type=renderer"]
        if renderers:
            if not all(int(p[2]) >= 2 for p in renderers):
                fail(f"{worker}: a renderer outside a sandbox PID namespace: {renderers}")
            seen.append(f"{worker}: {len(procs)} chromium processes as uid 1000, {len(renderers)} sandboxed renderers")
    if not seen:
        fail("no worker has a Chromium renderer while a session is open")
    for line in seen:
        say(line + " (no --no-sandbox)")


def check_health(gateway):
    status, _, health = http("GET", f"{gateway}/health?deep=true")
    checks = health.get("checks", {}) if isinstance(health, dict) else {}
    if status != 200 or health.get("status") != "ok" or any(v != "ok" for v in checks.values()):
        fail(f"/health?deep=true: HTTP {status} {health}")
    say(f"/health?deep=true: ok, checks {checks}")


def check_dashboard(dashboard):
    for path, needle in (("/signin", "<form"), ("/docs/", "<html")):
        status, _, text = http("GET", dashboard + path)
        if status != 200 or needle not in str(text).lower():
            fail(f"dashboard {path}: HTTP {status}")
    say("dashboard: /signin and the docs site at /docs/ served")


def check_prometheus(prom, alerts_file):
    want = {"pagemap-gateway": 1, "pagemap-worker": 2, "pagemap-dashboard": 1, "redis": 1}

    def targets_up():
        _, _, body = http("GET", f"{prom}/api/v1/targets?state=active", timeout=10)
        up = {}
        for t in body["data"]["activeTargets"]:
            if t["health"] == "up":
                up[t["labels"]["job"]] = up.get(t["labels"]["job"], 0) + 1
        return up if all(up.get(job, 0) >= n for job, n in want.items()) else None

    up = until("Prometheus targets up", 120, targets_up)
    say(f"Prometheus targets up: {up}")

    with open(alerts_file, encoding="utf-8") as f:
        names = {r["alert"] for g in yaml.safe_load(f)["groups"] for r in g["rules"]}

    def rules_ok():
        _, _, body = http("GET", f"{prom}/api/v1/rules", timeout=10)
        rules = [r for g in body["data"]["groups"] for r in g["rules"]]
        bad = [r["name"] for r in rules if r.get("health") == "err"]
        if bad:
            fail(f"Prometheus rules in error: {bad}")
        loaded = {r["name"] for r in rules}
        return loaded if loaded >= names and all(r.get("health") == "ok" for r in rules) else None

    until("Prometheus alert rules loaded and evaluated", 120, rules_ok)
    say(f"Prometheus: all {len(names)} alert rules of alerts.yml loaded and evaluated without error")

    def workers_seen():
        _, _, body = http("GET", f"{prom}/api/v1/query?query=max(pagemap_live_workers)", timeout=10)
        result = body["data"]["result"]
        return result and float(result[0]["value"][1]) >= 2

    until("pagemap_live_workers >= 2 in Prometheus", 120, workers_seen)
    say("Prometheus: pagemap_live_workers reports both workers")


def main():
    ap = argparse.ArgumentParser()
    for name in ("project", "gateway", "dashboard", "prometheus", "alerts"):
        ap.add_argument(f"--{name}", required=True)
    args = ap.parse_args()
    check_env(args.project)
    key = create_tenant(args.project)
    session = browse_and_login(args.gateway, key)
    check_sandbox(args.project)
    status, _, closed = http("DELETE", f"{args.gateway}/v1/session/{session}", key=key)
    if status != 200 or closed.get("status") != "closed":
        fail(f"DELETE /v1/session: HTTP {status} {closed}")
    say("session closed")
    check_health(args.gateway)
    check_dashboard(args.dashboard)
    check_prometheus(args.prometheus, args.alerts)


if __name__ == "__main__":
    main()
