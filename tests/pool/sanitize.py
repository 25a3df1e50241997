#!/usr/bin/env python3
"""sanitize.py — the pool golden programs under AddressSanitizer and
UndefinedBehaviorSanitizer: each test of tests/golden/pool is
emitted as C (goose emit-c), compiled with runtime/*.c by clang
-fsanitize=address,undefined, run, and held to the same expectations as
the golden runner: stdout equal to X.out (or the `// expect:` lines) and
status 0, or for a `// expect runtime error:` test status 101 and that
first stderr line. A sanitizer report fails the test.

  sanitize.py --goose build/goose [--configs asan-O0,asan-O2]
              [--rterr-configs asan-O2] [-j 4] [paths...]

Default paths: tests/golden/pool. Python 3 standard library only.
Not for: the generated differential programs (diff.py --configs asan-O2).
"""
import argparse
import concurrent.futures
import os
import re
import shutil
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.dont_write_bytecode = True   # keep the source tree clean
sys.path.insert(0, HERE)
import common  # noqa: E402

RTERR_RE = re.compile(rb"^\s*//\s*expect runtime error:\s?(.*?)\s*$", re.M)
EXPECT_RE = re.compile(rb"^\s*//\s*expect: ?(.*)$", re.M)
UBSAN_RE = re.compile(rb"\.[ch]:\d+:\d+: runtime error:")
FLAGS_RE = re.compile(rb"^\s*//\s*goose-flags:(.*)$", re.M)   # as tests/run_golden.py


def expectations(path):
    """(stdout or None, runtime error line or None); None, None: not a test."""
    with open(path, "rb") as f:
        src = f.read()
    base = path[:-3]
    out = None
    if os.path.exists(base + ".out"):
        with open(base + ".out", "rb") as f:
            out = f.read()
    elif EXPECT_RE.search(src) and not RTERR_RE.search(src):
        out = b"".join(l + b"\n" for l in EXPECT_RE.findall(src))
    m = RTERR_RE.search(src)
    return out, (m.group(1) if m else None)


def goose_flags(path):
    with open(path, "rb") as f:
        m = FLAGS_RE.search(f.read())
    return m.group(1).decode().split() if m else []


def check(goose, root, rel, configs, rterr_configs, rt_tmp):
    want_out, want_err = expectations(os.path.join(root, rel))
    if want_err is not None:
        configs = rterr_configs
    fails = []
    tmp = tempfile.mkdtemp(prefix="goose-pool-san-")
    try:
        for cfg in configs:
            st, out, err, msg = common.execute(goose, root, rel, cfg, tmp, rt_tmp,
                                               flags=goose_flags(os.path.join(root, rel)))
            if msg:
                fails.append(f"[{cfg}] {msg}")
                continue
            first = err.split(b"\n")[0]
            report = b"Sanitizer" in err or UBSAN_RE.search(err) is not None
            if want_err is not None:
                if st != 101 or not first.startswith(want_err) or report:
                    fails.append(f"[{cfg}] expected status 101 and\n  {want_err.decode()}\n"
                                 f"got status {st}:\n  " + err.decode("utf-8", "replace")[:3000])
            elif st != 0 or report:
                fails.append(f"[{cfg}] status {st}\n  " + err.decode("utf-8", "replace")[:3000])
            if want_out is not None and out != want_out:
                fails.append(f"[{cfg}] stdout differs from the expected output")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return fails


def discover(root, paths):
    files = []
    for p in paths:
        ap = os.path.join(root, p)
        if os.path.isfile(ap):
            files.append(os.path.relpath(ap, root))
            continue
        for d, dirs, names in os.walk(ap):
            dirs.sort()
            for n in sorted(names):
                if n.endswith(".gs") and not n.startswith(("_", ".")):
                    f = os.path.join(d, n)
                    if expectations(f) != (None, None):
                        files.append(os.path.relpath(f, root))
    return files


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--goose", required=True)
    ap.add_argument("--root", default=os.path.normpath(os.path.join(HERE, "..", "..")))
    ap.add_argument("--configs", default="asan-O0,asan-O2", help="for run tests")
    ap.add_argument("--rterr-configs", default="asan-O2", help="for runtime-error tests")
    ap.add_argument("-j", type=int, default=2)
    ap.add_argument("paths", nargs="*")
    a = ap.parse_args()
    goose, root = os.path.abspath(a.goose), os.path.abspath(a.root)
    files = discover(root, a.paths or ["tests/golden/pool"])
    configs, rterr_configs = a.configs.split(","), a.rterr_configs.split(",")
    rt_tmp = tempfile.mkdtemp(prefix="goose-pool-san-rt-")
    failed = 0
    try:
        common.runtime_objects(root, rt_tmp, "-O1")   # once, before the threads
        with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, a.j)) as ex:
            for rel, fails in zip(files, ex.map(lambda f: check(goose, root, f, configs, rterr_configs, rt_tmp), files)):
                if fails:
                    failed += 1
                    print(f"FAIL {rel}")
                    for f in fails:
                        print("  " + f.rstrip().replace("\n", "\n    "))
                else:
                    print(f"PASS {rel}")
                sys.stdout.flush()
    finally:
        shutil.rmtree(rt_tmp, ignore_errors=True)
    print(f"{len(files) - failed} passed, {failed} failed")
    return 1 if failed or not files else 0


if __name__ == "__main__":
    sys.exit(main())
