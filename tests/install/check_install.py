#!/usr/bin/env python3
"""tests/install: `cmake --install` into a temporary prefix, the prefix moved
elsewhere, then the moved goose used with no GOOSE_* variable set, from a
folder outside the source tree. One case per run, one PASS/FAIL/SKIP line:

  layout  the files are where docs/tools.md says (bin/goose, lib/goose/std,
          lib/goose/runtime) and `goose env` names the moved tree's folders
          (not the source tree's, which goose could reach through the path
          compiled in as a last fallback)
  clang   goose build --cc clang of prog.gs (json, strings), run: expected.txt
  tcc     the same with --cc tcc
  run     goose run prog.gs: expected.txt

Exit 0 pass, 1 fail, 77 skip (the C compiler of the case is not installed).
"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))


def fail(case, msg):
    print(f"FAIL install/{case}: {msg}")
    sys.exit(1)


def clean_env():
    return {k: v for k, v in os.environ.items() if not k.startswith("GOOSE_")}


def install_moved(cmake, build, tmp, case):
    """Installs into tmp/p, moves it to tmp/moved/prefix; returns the new prefix."""
    first = os.path.join(tmp, "p")
    r = subprocess.run([cmake, "--install", build, "--prefix", first],
                       capture_output=True, text=True)
    if r.returncode != 0:
        fail(case, f"cmake --install failed:\n{r.stdout}{r.stderr}")
    moved = os.path.join(tmp, "moved", "prefix")
    os.makedirs(os.path.dirname(moved))
    shutil.move(first, moved)
    return moved


def goose(prefix, args, cwd):
    return subprocess.run([os.path.join(prefix, "bin", "goose")] + args, cwd=cwd,
                          env=clean_env(), capture_output=True, text=True, timeout=300)


def check_layout(prefix, cwd):
    for rel in ("bin/goose", "lib/goose/std/json", "lib/goose/std/strings/strings.gs",
                "lib/goose/runtime/goose_rt.h", "lib/goose/runtime/goose_rt.c",
                "lib/goose/runtime/goose_gdb.py"):
        if not os.path.exists(os.path.join(prefix, rel)):
            fail("layout", f"{rel} is not installed")
    want = {
        "GOOSE_EXE": os.path.join(prefix, "bin", "goose"),
        "GOOSE_STDLIB": os.path.join(prefix, "lib", "goose", "std"),
        "GOOSE_RUNTIME": os.path.join(prefix, "lib", "goose", "runtime"),
    }
    for name, path in want.items():
        r = goose(prefix, ["env", name], cwd)
        got = r.stdout.strip()
        if r.returncode != 0 or got != os.path.realpath(path):
            fail("layout", f"goose env {name}: {got!r} (status {r.returncode}), want {path!r}")


def check_program(case, prefix, cwd):
    shutil.copy(os.path.join(HERE, "prog.gs"), cwd)
    with open(os.path.join(HERE, "expected.txt")) as f:
        want = f.read()
    if case == "run":
        r = goose(prefix, ["run", "prog.gs"], cwd)
        what = "goose run"
    else:
        if shutil.which(case) is None:
            print(f"SKIP install/{case}: {case} is not installed")
            sys.exit(77)
        r = goose(prefix, ["build", "--cc", case, "prog.gs", "-o", "prog"], cwd)
        if r.returncode != 0:
            fail(case, f"goose build --cc {case}: status {r.returncode}\n{r.stderr}")
        r = subprocess.run([os.path.join(cwd, "prog")], cwd=cwd, capture_output=True, text=True)
        what = f"the program built by {case}"
    if r.returncode != 0 or r.stdout != want:
        fail(case, f"{what}: status {r.returncode}, stdout {r.stdout!r}, want {want!r}\n{r.stderr}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cmake", required=True)
    ap.add_argument("--build", required=True, help="the build folder to install from")
    ap.add_argument("case", choices=["layout", "clang", "tcc", "run"])
    a = ap.parse_args()
    tmp = tempfile.mkdtemp(prefix="goose-install-")
    try:
        prefix = install_moved(a.cmake, a.build, tmp, a.case)
        work = os.path.join(tmp, "work")
        os.makedirs(work)
        if a.case == "layout":
            check_layout(prefix, work)
        else:
            check_program(a.case, prefix, work)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print(f"PASS install/{a.case}")


if __name__ == "__main__":
    main()
