#!/usr/bin/env python3
"""meta_relocate_api.py — checks relocate_api.py (beside this file) on
planted stubs: each case copies one of the stub headers (libtcc-0.9.27,
libtcc-mob), plants a fault in it, compiles jit.c against it through
relocate_api.py and passes only when relocate_api.py gives the expected
verdict with the expected reason. The faults are compile failures for
another reason than the relocate API, which WILL_FAIL alone would accept;
the controls (each real stub with the other release's call) must pass, so
the FAILs come from the faults alone.

  meta_relocate_api.py --jit jit/jit.c CASE -- CC ARGS...   (ARGS without -I
                                                             for the stub or jit.c)
  meta_relocate_api.py list

Python 3 standard library only. Not for: the real API tests (CMakeLists.txt).
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
CHECKER = os.path.join(HERE, "relocate_api.py")
TOO_MANY = "too many arguments to function|TCC_RELOCATE_AUTO"
TOO_FEW = "too few arguments to function"
COMPILE_STRING = "LIBTCCAPI int tcc_compile_string(TCCState *s, const char *buf);\n"
DROP_COMPILE_STRING = (COMPILE_STRING, "")
MISSING_INCLUDE = (COMPILE_STRING, COMPILE_STRING + '#include "libtcc_part_that_is_missing.h"\n')

# name -> (stub, planted edit (old, new) or None, jit.c's choice is 1-arg,
#          --expect, verdict, regex its line must match)
CASES = {
    "control": ("libtcc-mob", None, False, TOO_MANY, "PASS", r"^PASS relocate_api: "),
    "control_one_arg": ("libtcc-0.9.27", None, True, TOO_FEW, "PASS", r"^PASS relocate_api: "),
    "other_error_one_arg": ("libtcc-0.9.27", DROP_COMPILE_STRING, True, TOO_FEW, "FAIL",
                            r"^FAIL relocate_api: an error away from the tcc_relocate call "),
    "other_error_only": ("libtcc-0.9.27", DROP_COMPILE_STRING, False, TOO_MANY, "FAIL",
                         r"^FAIL relocate_api: an error away from the tcc_relocate call "),
    "other_error_too": ("libtcc-mob", DROP_COMPILE_STRING, False, TOO_MANY, "FAIL",
                        r"^FAIL relocate_api: an error away from the tcc_relocate call "),
    "missing_include": ("libtcc-mob", MISSING_INCLUDE, False, TOO_MANY, "FAIL",
                        r"^FAIL relocate_api: an error away from the tcc_relocate call .*libtcc\.h:"),
    "compiles": ("libtcc-0.9.27", None, False, TOO_MANY, "FAIL",
                 r"^FAIL relocate_api: jit\.c compiled"),
    "other_relocate_error": ("libtcc-0.9.27", ("LIBTCCAPI int tcc_relocate(", "LIBTCCAPI void tcc_relocate("),
                             False, TOO_MANY, "FAIL", r"^FAIL relocate_api: no error matches "),
}


def plant(case, stubs):
    """The include folder holding the case's libtcc.h."""
    stub, edit, _, _, _, _ = CASES[case]
    with open(os.path.join(HERE, stub, "libtcc.h")) as f:
        text = f.read()
    if edit:
        if edit[0] not in text:
            sys.exit(f"FAIL jit/meta/{case}: the stub no longer has {edit[0]!r} to plant a fault in")
        text = text.replace(edit[0], edit[1])
    with open(os.path.join(stubs, "libtcc.h"), "w") as f:
        f.write(text)
    return stubs


def run_case(case, jit_c, cc, stubs):
    """None when relocate_api.py answers as expected, else what went wrong."""
    _, _, one_arg, expect, verdict, line_re = CASES[case]
    cmd = cc + ["-I" + plant(case, stubs)]
    cmd += ["-DGOOSE_TCC_RELOCATE_1ARG=1"] * one_arg + [jit_c]
    p = subprocess.run([sys.executable, CHECKER, "--jit", jit_c, "--expect", expect, "--"] + cmd,
                       capture_output=True, text=True)
    first = p.stdout.splitlines()[0] if p.stdout else ""
    want_rc = 0 if verdict == "PASS" else 1
    if p.returncode != want_rc or not re.search(line_re, first):
        return (f"relocate_api.py exited {p.returncode} saying {first!r}; expected {verdict} "
                f"matching {line_re!r}\n{p.stdout}{p.stderr}")
    return None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--jit")
    ap.add_argument("case")
    ap.add_argument("cc", nargs=argparse.REMAINDER)
    a = ap.parse_args()
    if a.case == "list":
        print("\n".join(CASES))
        return 0
    cc = a.cc[1:] if a.cc[:1] == ["--"] else a.cc
    if a.case not in CASES or not a.jit or not cc:
        ap.error("a known case, --jit and a compile command after -- are needed")
    with tempfile.TemporaryDirectory() as stubs:
        why = run_case(a.case, a.jit, cc, stubs)
    print(f"FAIL jit/meta/{a.case}: {why}" if why else f"PASS jit/meta/{a.case}")
    return 1 if why else 0


if __name__ == "__main__":
    sys.exit(main())
