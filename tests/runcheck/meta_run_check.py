#!/usr/bin/env python3
"""meta_run_check.py — checks run_check.py (beside this file) on planted
runs: each case runs a small command through it and passes only when
run_check.py gives the expected verdict with the expected reason. The
planted faults are the ones PASS_REGULAR_EXPRESSION would let through:
the right output with a non-zero status (valgrind's --error-exitcode), a
crash after the right output, a report on stderr. `control` is the positive control:
a correct run must pass, so the FAILs come from the faults alone.

  meta_run_check.py CASE            one case (ctest runs each on its own)
  meta_run_check.py list            the case names
  meta_run_check.py --cc CC valgrind_uninit   (needs valgrind and a C compiler)

Python 3 standard library only. Not for: the tests that use run_check.py.
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
RUN_CHECK = os.path.join(HERE, "run_check.py")

# name -> (run_check.py options, command, expected verdict, regex its line must match)
CASES = {
    "control": (["--stdout", "ok\n"], ["sh", "-c", "echo ok"], "PASS", r"^PASS sh$"),
    "status_after_output": (["--stdout", "ok\n"], ["sh", "-c", "echo ok; exit 99"], "FAIL",
                            r"^FAIL sh: exit status 99, expected 0$"),
    "signal_after_output": (["--stdout", "ok\n"], ["sh", "-c", "echo ok; kill -SEGV $$"], "FAIL",
                            r"^FAIL sh: killed by signal 11, expected 0$"),
    "stderr_report": (["--stdout", "ok\n"], ["sh", "-c", "echo ok; echo '==1== Invalid read' >&2"], "FAIL",
                      r"^FAIL sh: stderr '==1== Invalid read\\n', expected empty$"),
    "wrong_stdout": (["--stdout", "ok\n"], ["sh", "-c", "echo ko"], "FAIL",
                     r"^FAIL sh: stdout 'ko\\n', expected 'ok\\n'$"),
    "expected_status_missing": (["--status", "101", "--stdout", "x\n", "--stderr", "boom\n"],
                                ["sh", "-c", "echo x; echo boom >&2"], "FAIL",
                                r"^FAIL sh: exit status 0, expected 101$"),
    "expected_stderr_wrong": (["--status", "101", "--stdout", "x\n", "--stderr", "boom\n"],
                              ["sh", "-c", "echo x; echo bang >&2; exit 101"], "FAIL",
                              r"^FAIL sh: stderr 'bang\\n', expected 'boom\\n'$"),
}

# A C program that prints `ok` and exits 0 after a read of uninitialised
# memory: only valgrind's --error-exitcode (and its report) tells.
UNINIT_C = r"""#include <stdio.h>
#include <stdlib.h>
int main(void) {
    int *p = malloc(sizeof *p);
    if (*p == 12345)
        puts("unlikely");
    puts("ok");
    return 0;
}
"""
VALGRIND_CASE = (["--stdout", "ok\n"], None, "FAIL", r"^FAIL valgrind: exit status 99, expected 0; stderr '==\d+== ")


def valgrind_command(cc, work):
    src, exe = os.path.join(work, "uninit.c"), os.path.join(work, "uninit")
    with open(src, "w") as f:
        f.write(UNINIT_C)
    subprocess.run([cc, "-O0", "-g", src, "-o", exe], check=True)
    return [shutil.which("valgrind"), "-q", "--error-exitcode=99", exe]


def run_case(opts, cmd, verdict, line_re):
    """None when run_check.py answers as expected, else what went wrong."""
    p = subprocess.run([sys.executable, RUN_CHECK] + opts + ["--"] + cmd, capture_output=True, text=True)
    first = p.stdout.splitlines()[0] if p.stdout else ""
    want_rc = 0 if verdict == "PASS" else 1
    if p.returncode != want_rc:
        return f"run_check.py exited {p.returncode}, expected {want_rc} ({verdict})\n{p.stdout}{p.stderr}"
    if not re.search(line_re, first):
        return f"run_check.py said {first!r}, expected a line matching {line_re!r}\n{p.stdout}{p.stderr}"
    return None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cc", default="cc")
    ap.add_argument("case")
    a = ap.parse_args()
    if a.case == "list":
        print("\n".join(CASES))
        return 0
    with tempfile.TemporaryDirectory() as work:
        if a.case == "valgrind_uninit":
            opts, _, verdict, line_re = VALGRIND_CASE
            why = run_case(opts, valgrind_command(a.cc, work), verdict, line_re)
        elif a.case in CASES:
            why = run_case(*CASES[a.case])
        else:
            why = "no such case"
    print(f"FAIL runcheck/meta/{a.case}: {why}" if why else f"PASS runcheck/meta/{a.case}")
    return 1 if why else 0


if __name__ == "__main__":
    sys.exit(main())
