#!/usr/bin/env python3
"""run_check.py — runs one command and checks all of its outcome: the exit
status, stdout and stderr, each against an exact expectation. For ctest
tests whose output is the point: CTest's PASS_REGULAR_EXPRESSION alone
ignores the exit status (so valgrind's --error-exitcode, a crash after the
last line, or a runtime error after correct output would pass).

  run_check.py [--name N] [--status S] --stdout TEXT [--stderr TEXT] -- CMD ARG...

--status: the expected exit status (default 0); death by a signal never
matches. --stderr: the expected stderr (default empty). Prints one line,
`PASS N` or `FAIL N: <every mismatch>`, then on failure what the command
printed; exits 0 on PASS, 1 on FAIL. N defaults to CMD's file name.
Python 3 standard library only. Not for: golden files (tests/run_golden.py).
"""
import argparse
import os
import subprocess
import sys

SHOW = 2000     # characters of each stream shown after a FAIL line


def describe_status(rc):
    return f"killed by signal {-rc}" if rc < 0 else f"exit status {rc}"


def mismatches(a, rc, out, err):
    """The list of ways the run differs from the expectation."""
    why = []
    if rc != a.status:
        why.append(f"{describe_status(rc)}, expected {a.status}")
    if out != a.stdout:
        why.append(f"stdout {out[:200]!r}, expected {a.stdout[:200]!r}")
    if err != a.stderr:
        want = "empty" if a.stderr == "" else repr(a.stderr[:200])
        why.append(f"stderr {err[:200]!r}, expected {want}")
    return why


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--name")
    ap.add_argument("--status", type=int, default=0)
    ap.add_argument("--stdout", required=True)
    ap.add_argument("--stderr", default="")
    ap.add_argument("cmd", nargs=argparse.REMAINDER)
    a = ap.parse_args()
    cmd = a.cmd[1:] if a.cmd[:1] == ["--"] else a.cmd
    if not cmd:
        ap.error("no command after --")
    name = a.name or os.path.basename(cmd[0])
    p = subprocess.run(cmd, capture_output=True)
    out = p.stdout.decode("utf-8", "replace")
    err = p.stderr.decode("utf-8", "replace")
    why = mismatches(a, p.returncode, out, err)
    if not why:
        print(f"PASS {name}")
        return 0
    print(f"FAIL {name}: " + "; ".join(why))
    print(f"--- stdout\n{out[-SHOW:]}--- stderr\n{err[-SHOW:]}---")
    return 1


if __name__ == "__main__":
    sys.exit(main())
