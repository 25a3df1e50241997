#!/usr/bin/env python3
"""warnings_test.py — goose's warnings on the command line (the goldens of
tests/golden/diag check each warning's text under -Werror): the layout of
a warning and its exit status 0, -Werror, the flags that turn warnings
off, `goose run` warning then running, an unknown -W flag, --help listing
every warning flag, and the standard library without warnings (under
GOOSE_WARN_STDLIB=1, with a planted one found as a control).

  warnings_test.py --goose build/goose CASE

Prints one line, PASS or FAIL with the reason; exits 0 on PASS.
Not for: which warnings a program gets (tests/golden/diag/warn_*.gs)."""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
STDLIB = os.path.join(HERE, "..", "..", "stdlib")
ALL = os.path.relpath(os.path.join(HERE, "stdlib_all.gs"))
SRC = os.path.relpath(os.path.join(HERE, "unused.gs"))
WARNING = (f"{SRC}:4:9: warning: unused variable a [-Wunused-variable]\n"
           "    let a = 1\n"
           "        ^\n"
           f"{SRC}:4:9: hint: if it is meant to be unused, name it _a (or _)\n")
# base/include/util.h, DIAG_WARNINGS
NAMES = ["unused-variable", "unused-import", "unused-result", "unreachable-code", "shadow"]


def goose(g, *args, env_extra=None):
    env = dict(os.environ)
    env.pop("NO_COLOR", None)       # no colour anyway: stderr is a pipe
    env.pop("GOOSE_WARN_STDLIB", None)
    env.update(env_extra or {})
    p = subprocess.run([g] + list(args), capture_output=True, text=True, timeout=60, env=env)
    return p.returncode, p.stdout, p.stderr


def expect(got, want):
    st, out, err = got
    wst, wout, werr = want
    why = []
    if st != wst:
        why.append(f"exit status {st}, expected {wst}")
    if wout is not None and out != wout:
        why.append(f"stdout {out!r}, expected {wout!r}")
    if callable(werr):
        if not werr(err):
            why.append(f"stderr {err!r} is not as expected")
    elif err != werr:
        why.append(f"stderr {err!r}, expected {werr!r}")
    return why


def case_layout(g):
    return expect(goose(g, "check", SRC), (0, "", WARNING))


def case_werror(g):
    want = WARNING.replace("warning: unused variable a [-W", "error: unused variable a [-Werror,-W")
    return expect(goose(g, "check", "-Werror", SRC), (1, "", want))


def case_off(g):
    why = []
    for flags in (["-w"], ["-Wno-all"], ["-Wno-unused-variable"], ["-Wno-unused-variable", "-Werror"]):
        why += [f"{' '.join(flags)}: {w}" for w in expect(goose(g, "check", *flags, SRC), (0, "", ""))]
    why += [f"-Wno-all -Wunused-variable: {w}"
            for w in expect(goose(g, "check", "-Wno-all", "-Wunused-variable", SRC), (0, "", WARNING))]
    return why


def case_run(g):
    return expect(goose(g, "run", SRC), (0, "3\n", WARNING))


def case_bad_flag(g):
    return expect(goose(g, "check", "-Wunused-varable", SRC),
                  (2, "", lambda e: e.startswith("goose: unknown warning flag '-Wunused-varable'")))


def case_help(g):
    st, out, err = goose(g, "--help")
    missing = [n for n in NAMES + ["-Werror", "-Wno-NAME", "-w"] if n not in out]
    return ([f"exit status {st}"] if st else []) + [f"--help does not name {n}" for n in missing]


def case_stdlib(g):
    """Every module imported and every generic instantiated: no warning
    anywhere in the library; a copy of it with an unused variable planted
    in strings gets that warning, and only under GOOSE_WARN_STDLIB."""
    on = {"GOOSE_WARN_STDLIB": "1"}
    why = expect(goose(g, "check", "-Werror", ALL, env_extra=on), (0, "", ""))
    with tempfile.TemporaryDirectory() as tmp:
        lib = os.path.join(tmp, "stdlib")
        shutil.copytree(STDLIB, lib)
        with open(os.path.join(lib, "strings", "strings.gs"), "a") as f:
            f.write("\nfn planted() {\n    let planted = 1\n}\n")
        planted = {"GOOSE_STDLIB": lib}
        found = lambda e: "strings.gs:" in e and "unused variable planted [-Wunused-variable]" in e
        why += [f"planted: {w}" for w in expect(goose(g, "check", ALL, env_extra={**planted, **on}), (0, "", found))]
        why += [f"planted, not asked for: {w}" for w in expect(goose(g, "check", ALL, env_extra=planted), (0, "", ""))]
    return why


CASES = {name[5:]: fn for name, fn in globals().items() if name.startswith("case_")}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--goose", required=True)
    ap.add_argument("case", choices=sorted(CASES))
    a = ap.parse_args()
    why = CASES[a.case](a.goose)
    print(f"{'FAIL' if why else 'PASS'} warnings/{a.case}{': ' + '; '.join(why) if why else ''}")
    return 1 if why else 0


if __name__ == "__main__":
    sys.exit(main())
