#!/usr/bin/env python3
"""meta_hostile.py — checks run_hostile.py (beside this file) on planted
runs: each case passes only when run_hostile.py gives the expected verdict
with the expected reason. The plants are the faults an "ok" case must not
let through: the right output followed by a crash, an exit status or a
stderr report, in the built program or in goose itself.

Two kinds of case. "fake" cases run run_hostile.py itself on one of its
real cases with a stand-in goose (a shell script written here) whose
build writes, and whose run executes, a planted program: it prints the
case's expected output, then does the fault. "goose" cases give
run_hostile's check_case a planted case and the real goose: a Goose
program that prints, then stops with a runtime error. Each kind has a
control that must pass, so the FAILs come from the faults alone.

  meta_hostile.py --goose build/goose [--asan] CASE     (ctest: hostile/meta/CASE)
  meta_hostile.py list
Python 3 standard library only. Not for: the hostile cases (run_hostile.py).
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import run_hostile  # noqa: E402

FAKE_GOOSE = """#!/bin/sh
# stand-in goose: `build main.gs -o prog` copies the planted program,
# `run main.gs` (or `check`) runs it
case "$1" in
build) cp "$HOSTILE_META_PROG" "$4" && chmod +x "$4" ;;
*) exec "$HOSTILE_META_PROG" ;;
esac
"""
RTERR_GS = b"fn main() {\n    println(7)\n    let xs = [1]\n    var i = 5\n    println(xs[i])\n}\n"
RTERR_MSG = "main.gs:5:13: runtime error: index 5 out of range for length 1\n"

# name -> ("fake", run_hostile case, the fault after the expected output (sh), verdict, reason regex)
#       | ("goose", planted case, verdict, reason regex)
CASES = {
    "fake_control": ("fake", "limit_nest_ok", "", "PASS", r"^$"),
    "crash_after_output": ("fake", "limit_nest_ok", "kill -SEGV $$", "FAIL",
                           r"^program killed by signal 11, expected exit status 0$"),
    "status_after_output": ("fake", "ident_1mb_build", "exit 3", "FAIL", r"^program exit status 3, expected 0$"),
    "stderr_after_output": ("fake", "limit_nest_ok", "echo 'free(): invalid pointer' >&2", "FAIL",
                            r"^program stderr 'free\(\): invalid pointer\\n', expected empty$"),
    "goose_stderr_after_output": ("fake", "utf8_valid_text", "echo 'warning: x' >&2", "FAIL",
                                  r"^expected an empty stderr from goose, got 'warning: x\\n'$"),
    "goose_control": ("goose", dict(files=lambda: {"main.gs": RTERR_GS}, cmd="build", expect=("ok", "7\n"),
                                    status=101, stderr=RTERR_MSG), "PASS", r"^$"),
    "runtime_error_after_output": ("goose", dict(files=lambda: {"main.gs": RTERR_GS}, cmd="build",
                                                 expect=("ok", "7\n")), "FAIL",
                                   r"^program exit status 101, expected 0; program stderr "
                                   + re.escape(repr(RTERR_MSG)) + r", expected empty$"),
}


def fake_run(name, work):
    """(verdict, reason) from run_hostile.py run on a real case with the
    stand-in goose and the case's planted program."""
    _, target, fault, _, _ = CASES[name]
    want = run_hostile.CASES[target]["expect"][1]
    paths = {k: os.path.join(work, k) for k in ("goose", "prog", "expected")}
    with open(paths["expected"], "w", encoding="utf-8") as f:
        f.write(want)
    with open(paths["prog"], "w") as f:
        f.write(f"#!/bin/sh\ncat '{paths['expected']}'\n{fault}\n")
    with open(paths["goose"], "w") as f:
        f.write(FAKE_GOOSE)
    for p in ("goose", "prog"):
        os.chmod(paths[p], 0o755)
    p = subprocess.run([sys.executable, os.path.join(HERE, "run_hostile.py"), "--goose", paths["goose"],
                        "--work", os.path.join(work, "w"), target],
                       capture_output=True, text=True, env=dict(os.environ, HOSTILE_META_PROG=paths["prog"]))
    m = re.match(r"^(PASS|FAIL) hostile/\S+ \([^)]*\)(?:: (.*))?$", p.stdout.splitlines()[0] if p.stdout else "")
    if not m or p.returncode != (0 if m[1] == "PASS" else 1):
        return "?", f"run_hostile.py exited {p.returncode} with {p.stdout!r} {p.stderr[-1000:]!r}"
    return m[1], m[2] or ""


def goose_run(name, goose, asan, work):
    """(verdict, reason) from run_hostile's check_case on the planted case."""
    _, case, _, _ = CASES[name]
    why, _ = run_hostile.check_case(name, case, goose, work, asan)
    return ("FAIL", why) if why else ("PASS", "")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--goose")
    ap.add_argument("--asan", action="store_true")
    ap.add_argument("case")
    a = ap.parse_args()
    if a.case == "list":
        print("\n".join(CASES))
        return 0
    if a.case not in CASES or (CASES[a.case][0] == "goose" and not a.goose):
        ap.error("a known case is needed, and --goose for a goose case")
    want_verdict, reason_re = CASES[a.case][-2:]
    with tempfile.TemporaryDirectory() as work:
        if CASES[a.case][0] == "fake":
            verdict, reason = fake_run(a.case, work)
        else:
            verdict, reason = goose_run(a.case, os.path.abspath(a.goose), a.asan, work)
    ok = verdict == want_verdict and re.search(reason_re, reason)
    print(f"PASS hostile/meta/{a.case}" if ok else
          f"FAIL hostile/meta/{a.case}: run_hostile.py said {verdict} {reason!r}; "
          f"expected {want_verdict} with a reason matching {reason_re!r}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
