#!/usr/bin/env python3
"""relocate_api.py — the negative half of the libtcc relocate-API check
(CMakeLists.txt beside this file): jit/jit.c compiled against the stub
libtcc.h of one TinyCC release with the other release's
GOOSE_TCC_RELOCATE_1ARG choice must fail, and fail only at the
tcc_relocate call, with the expected argument-count error. Any other
failure (a missing header, an error elsewhere in jit.c, a crash) or a
clean compile is a FAIL: the stubs must differ in tcc_relocate alone.

  relocate_api.py --jit jit/jit.c --expect 'too many arguments' -- CC ARGS...

--expect: a regex one of the errors must match. Errors are read in the
`file:line:col: error: msg` form gcc and clang share. Prints one PASS/FAIL
line; exits 0 on PASS. Not for: the matching choice (a plain compile).
"""
import argparse
import os
import re
import subprocess
import sys

ERROR = re.compile(r"^(?P<file>[^:\n]+):(?P<line>\d+):\d+: (?:fatal )?error: (?P<msg>.*)$", re.M)


def relocate_lines(jit_c):
    """Line numbers of jit.c that call tcc_relocate."""
    with open(jit_c) as f:
        return {i for i, line in enumerate(f, 1) if "tcc_relocate(" in line}


def verdict(p, jit_c, expect):
    """None when the compile failed at tcc_relocate alone as expected, else why not."""
    if p.returncode == 0:
        return "jit.c compiled: the stub does not reject the wrong relocate API"
    if p.returncode < 0:
        return f"the compiler was killed by signal {-p.returncode}"
    errors = list(ERROR.finditer(p.stderr))
    if not errors:
        return f"exit status {p.returncode} without a file:line:col: error line"
    calls = relocate_lines(jit_c)
    for e in errors:
        if os.path.realpath(e["file"]) != os.path.realpath(jit_c) or int(e["line"]) not in calls:
            return f"an error away from the tcc_relocate call (jit.c lines {sorted(calls)}): {e[0]}"
    if not any(re.search(expect, e["msg"]) for e in errors):
        return f"no error matches {expect!r}"
    return None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--jit", required=True, help="path of jit/jit.c, as the command names it")
    ap.add_argument("--expect", required=True)
    ap.add_argument("cmd", nargs=argparse.REMAINDER)
    a = ap.parse_args()
    cmd = a.cmd[1:] if a.cmd[:1] == ["--"] else a.cmd
    if not cmd:
        ap.error("no compile command after --")
    p = subprocess.run(cmd, capture_output=True, text=True, env=dict(os.environ, LC_ALL="C"))
    why = verdict(p, a.jit, a.expect)
    if why:
        print(f"FAIL relocate_api: {why}\n--- compiler stderr\n{p.stderr[-3000:]}---")
        return 1
    print(f"PASS relocate_api: jit.c fails at tcc_relocate only ({a.expect})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
