#!/usr/bin/env python3
"""ThreadSanitizer sees Goose threads: race.gs (four thread.parallel bodies
adding to one captured int) built by clang and by gcc with
-fsanitize=thread (GOOSE_CFLAGS; the runtime objects are instrumented too)
must be reported as a data race in the body's closure (the positive
control), and the same program with its adds through a thread.Atomic
(--fixed) must run clean. The race-free run goldens get the same build
from run_golden.py --sanitize (std_thread_*). A compiler whose TSan
runtime is missing is skipped, named. Prints one PASS/FAIL line."""
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
PROG = os.path.join(HERE, "race.gs")
FLAGS = "-fsanitize=thread -fno-omit-frame-pointer -g"


def run(cmd, env=None):
    return subprocess.run(cmd, capture_output=True, text=True, timeout=300,
                          env=dict(os.environ, **(env or {})))


def check(goose, cc, tmp):
    """A list of failures for one compiler, or None when it cannot build."""
    exe = os.path.join(tmp, "race-" + cc)
    b = run([goose, "build", PROG, "-o", exe, "--cc", cc], {"GOOSE_CFLAGS": FLAGS})
    if b.returncode != 0:
        return None
    bad = []
    env = {"TSAN_OPTIONS": "exitcode=66"}
    r = run([exe], env)
    if "WARNING: ThreadSanitizer: data race" not in r.stderr or "closure" not in r.stderr:
        bad.append(f"{cc}: the race was not reported (status {r.returncode})")
    elif r.returncode != 66:
        bad.append(f"{cc}: reported, but status {r.returncode}, not 66")
    f = run([exe, "--fixed"], env)
    if f.returncode != 0 or "ThreadSanitizer" in f.stderr or f.stdout != "true\n":
        bad.append(f"{cc}: the race-free run: status {f.returncode}, stdout {f.stdout!r}, "
                   f"stderr {f.stderr[:300]!r}")
    return bad


def main():
    goose = os.environ.get("GOOSE", "build/goose")
    failures, ran, skipped = [], [], []
    with tempfile.TemporaryDirectory() as tmp:
        for cc in ("clang", "gcc"):
            res = check(goose, cc, tmp)
            if res is None:
                skipped.append(cc)
                continue
            ran.append(cc)
            failures += res
    if not ran:
        print(f"FAIL thread/check_tsan: no compiler builds with -fsanitize=thread (tried clang, gcc)")
        return 1
    note = f" (skipped: {', '.join(skipped)})" if skipped else ""
    if failures:
        print("FAIL thread/check_tsan: " + "; ".join(failures))
        return 1
    print(f"PASS thread/check_tsan: race reported and race-free run clean under {', '.join(ran)}{note}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
