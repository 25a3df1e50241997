#!/usr/bin/env python3
"""tests/install/env: the shape of `goose env` against env_keys.golden, whose
lines are NAME=<kind>: the names in that order and no others, and each value
of its kind (<path>: an existing absolute path; <path or empty>; <absolute
path or empty>; <version>: what `goose --version` says; <name or empty>,
<text>: anything). Then `goose env NAME` prints that same value alone; an
unknown NAME is status 2 with nothing on stdout; GOOSE_STDLIB, GOOSE_CC and
GOOSE_NO_CACHE show in the values. One PASS/FAIL line; exit 0 or 1.
"""
import argparse
import os
import subprocess
import sys


def fail(msg):
    print(f"FAIL install/env: {msg}")
    sys.exit(1)


def env_of(goose, args=(), extra=None):
    env = {k: v for k, v in os.environ.items() if not k.startswith("GOOSE_")}
    env.update(extra or {})
    return subprocess.run([goose, "env", *args], env=env, capture_output=True, text=True, timeout=60)


def listing(goose, extra=None):
    r = env_of(goose, extra=extra)
    if r.returncode != 0 or r.stderr:
        fail(f"goose env: status {r.returncode}, stderr {r.stderr!r}")
    pairs = [line.split("=", 1) for line in r.stdout.splitlines()]
    if any(len(p) != 2 for p in pairs):
        fail(f"goose env: a line without '=':\n{r.stdout}")
    return pairs


def check_value(name, kind, value, version):
    is_path = os.path.isabs(value) and os.path.exists(value)
    ok = {
        "<path>": is_path,
        "<path or empty>": value == "" or is_path,
        "<absolute path or empty>": value == "" or os.path.isabs(value),
        "<version>": value == version,
        "<name or empty>": True,
        "<text>": True,
    }.get(kind)
    if ok is None:
        fail(f"env_keys.golden: unknown kind {kind} for {name}")
    if not ok:
        fail(f"{name}={value!r} is not {kind}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--goose", required=True)
    ap.add_argument("--golden", required=True)
    a = ap.parse_args()
    with open(a.golden) as f:
        golden = [line.rstrip("\n").split("=", 1) for line in f if line.strip()]
    pairs = listing(a.goose)
    if [p[0] for p in pairs] != [g[0] for g in golden]:
        fail(f"names {[p[0] for p in pairs]}, want {[g[0] for g in golden]}")
    version = subprocess.run([a.goose, "--version"], capture_output=True, text=True).stdout.split()[-1]
    for (name, value), (_, kind) in zip(pairs, golden):
        check_value(name, kind, value, version)
        one = env_of(a.goose, [name])
        if one.returncode != 0 or one.stdout != value + "\n":
            fail(f"goose env {name}: {one.stdout!r} (status {one.returncode}), want {value!r}")
    bad = env_of(a.goose, ["GOOSE_VERSION", "NO_SUCH_NAME"])
    if bad.returncode != 2 or bad.stdout or "NO_SUCH_NAME" not in bad.stderr:
        fail(f"goose env NO_SUCH_NAME: status {bad.returncode}, stdout {bad.stdout!r}, stderr {bad.stderr!r}")
    over = dict(listing(a.goose, {"GOOSE_STDLIB": "/nowhere/std", "GOOSE_CC": "tcc", "GOOSE_NO_CACHE": "1"}))
    want = {"GOOSE_STDLIB": "/nowhere/std", "GOOSE_CC": "tcc", "GOOSE_CACHE": ""}
    for k, v in want.items():
        if over[k] != v:
            fail(f"with the variables set, {k}={over[k]!r}, want {v!r}")
    print("PASS install/env")


if __name__ == "__main__":
    main()
