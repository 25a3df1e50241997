#!/usr/bin/env python3
"""check_skips.py — tests that need a tool the machine may lack are
reported skipped there, not dropped: (1) a scratch CMake project that
registers one test through goose_skip_test (cmake/skip_test.cmake) and one
ordinary test: ctest reports the first skipped, prints its SKIP line, and
the run passes; (2) this build registers every such test whether or not its
tool was found (ctest -N). One PASS/FAIL line.

  check_skips.py --root . --build build --cmake cmake --ctest ctest \\
                 --generator Ninja --make ninja
Not for: the tests themselves (their own folders)."""
import argparse
import os
import re
import subprocess
import sys
import tempfile

# registered through goose_skip_test when their tool is missing
TOOL_TESTS = ("fuzz/smoke", "apps/valgrind/heap", "spantree/tcc", "spantree/unit-asan", "spantree/diff-asan",
              "pool/asan-golden", "pool/asan-diff-slot", "pool/asan-diff-slice", "pool/asan-diff-resize",
              *(f"runtime_{t}compiles_{cc}" for t in ("", "heap_") for cc in ("clang", "gcc", "tcc")))
REASON = "the widget tool (Debian package widget) is not installed"
PROJECT = """cmake_minimum_required(VERSION 3.20)
project(skipcheck NONE)
enable_testing()
include({root}/cmake/skip_test.cmake)
goose_skip_test(tool/missing "{reason}" lab1 lab2)
add_test(NAME tool/present COMMAND sh -c "exit 0")
"""


def run(argv, cwd=None):
    p = subprocess.run(argv, cwd=cwd, capture_output=True, text=True, timeout=100)
    return p.returncode, p.stdout + p.stderr


def scratch_problems(a):
    with tempfile.TemporaryDirectory(prefix="check_skips-") as d:
        src, bld = os.path.join(d, "src"), os.path.join(d, "build")
        os.mkdir(src)
        with open(os.path.join(src, "CMakeLists.txt"), "w") as f:
            f.write(PROJECT.format(root=os.path.abspath(a.root), reason=REASON))
        code, out = run([a.cmake, "-S", src, "-B", bld, "-G", a.generator, f"-DCMAKE_MAKE_PROGRAM={a.make}"])
        if code != 0:
            return [f"scratch project does not configure:\n{out[-800:]}"]
        code, out = run([a.ctest, "--test-dir", bld, "-V"])
        labels_code, labels = run([a.ctest, "--test-dir", bld, "-N", "-L", "lab2"])
    ps = []
    if code != 0:
        ps.append(f"ctest failed (status {code}) where one test passes and one is skipped")
    if not re.search(r"tool/missing \.+\s*\*+Skipped", out):
        ps.append("tool/missing is not reported skipped")
    if not re.search(r"tool/present \.+\s+Passed", out):
        ps.append("tool/present is not reported passed")
    if f"SKIP tool/missing: {REASON}" not in out:
        ps.append("the SKIP line with the reason is missing")
    if labels_code != 0 or "tool/missing" not in labels:
        ps.append("the labels given to goose_skip_test are not set")
    return ps + (["ctest's output:\n" + out[-1500:]] if ps else [])


def build_problems(a):
    code, out = run([a.ctest, "--test-dir", a.build, "-N"])
    if code != 0:
        return [f"ctest -N in {a.build}: status {code}"]
    names = set(re.findall(r"Test\s+#\d+: (\S+)", out))
    return [f"{t} is not registered in {a.build}" for t in TOOL_TESTS if t not in names]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--root", required=True, help="the repository")
    ap.add_argument("--build", required=True, help="the configured build folder")
    ap.add_argument("--cmake", default="cmake")
    ap.add_argument("--ctest", default="ctest")
    ap.add_argument("--generator", default="Ninja", help="CMake generator of the scratch project")
    ap.add_argument("--make", default="ninja", help="its build program")
    a = ap.parse_args()
    ps = scratch_problems(a) + build_problems(a)
    for p in ps:
        print("  " + p)
    print(("FAIL" if ps else "PASS") + " fuzz/skips")
    return 1 if ps else 0


if __name__ == "__main__":
    sys.exit(main())
