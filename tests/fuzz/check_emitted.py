#!/usr/bin/env python3
"""check_emitted.py — the slow second mode of tests/fuzz: replays a corpus
through `goose emit-c` at -O0 and -O2 and compiles every C file goose
produces with `clang -fsyntax-only` and `tcc -c` (TinyCC also compiles the
C of `goose run`). The libFuzzer harness cannot run a C compiler per input,
so this is where "goose accepted the program but emitted C that the C
compiler rejects" is found. Also a finding: goose exiting with anything but
0 (C emitted) or 1 (compile errors), e.g. an internal error (2) or a crash.

  check_emitted.py --goose build/goose [--root .] [-j 2] [--out DIR]
                   [--max N] corpus_dir_or_file...

Each finding is printed and, with --out, saved as DIR/<name>.gs beside the
compiler's messages. Exit status 1 when there is a finding.
Python 3 standard library only. See tests/fuzz/README.
"""
import argparse
import concurrent.futures
import os
import shutil
import subprocess
import sys
import tempfile

TIMEOUT = 60
LEVELS = ("-O0", "-O2")


def compilers(root):
    """(name, argv prefix) of the C compilers to try; the C file goes last."""
    inc = "-I" + os.path.join(root, "runtime")
    out = []
    if shutil.which("clang"):
        out.append(("clang", ["clang", "-std=c11", "-fsyntax-only", "-w", inc]))
    if shutil.which("tcc"):
        out.append(("tcc", ["tcc", "-w", inc, "-c", "-o", "/dev/null"]))
    return out


def run(cmd, cwd):
    try:
        p = subprocess.run(cmd, cwd=cwd, capture_output=True, timeout=TIMEOUT,
                           env=dict(os.environ, NO_COLOR="1"))
        return p.returncode, p.stderr.decode("utf-8", "replace")
    except subprocess.TimeoutExpired:
        return None, "timeout"


def check_one(args):
    """Returns (path, [finding texts], number of C files compiled)."""
    path, goose, root, ccs = args
    tmp = tempfile.mkdtemp(prefix="goose-emitted-")
    fails, compiled = [], 0
    try:
        # Inside tests/golden/run like the harness's input (fuzz_frontend.c), so
        # relative imports resolve the same way; a leading _ keeps the golden
        # runner and ctest away from it (a scratch file, run_golden.py).
        src = os.path.join(root, "tests", "golden", "run", "_fuzz_" + os.path.basename(tmp) + ".gs")
        shutil.copyfile(path, src)
        for opt in LEVELS:
            c = os.path.join(tmp, f"out{opt}.c")
            st, err = run([goose, "emit-c", src, opt, "-o", c], root)
            if st == 1:
                return path, fails, compiled        # compile errors: fine, and the same at -O2
            if st != 0:
                fails.append(f"goose emit-c {opt}: status {st}\n{err[-1500:]}")
                continue
            for name, argv in ccs:
                compiled += 1
                cst, cerr = run(argv + [c], root)
                if cst != 0:
                    fails.append(f"{name} rejects the C of emit-c {opt} (status {cst})\n{cerr[:1500]}")
    finally:
        os.unlink(src)
        shutil.rmtree(tmp, ignore_errors=True)
    return path, fails, compiled


def inputs(paths, limit):
    files = []
    for p in paths:
        if os.path.isdir(p):
            files += [os.path.join(p, n) for n in sorted(os.listdir(p))
                      if os.path.isfile(os.path.join(p, n))]
        else:
            files.append(p)
    return files[:limit] if limit else files


def main():
    ap = argparse.ArgumentParser(description="replay a corpus through goose emit-c and a C compiler")
    ap.add_argument("--goose", required=True)
    ap.add_argument("--root", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
    ap.add_argument("-j", type=int, default=2)
    ap.add_argument("--out", default=None, help="save each finding's input here")
    ap.add_argument("--max", type=int, default=0, help="only the first N inputs")
    ap.add_argument("paths", nargs="+")
    a = ap.parse_args()
    root = os.path.abspath(a.root)
    goose = os.path.abspath(a.goose)
    ccs = compilers(root)
    files = inputs(a.paths, a.max)
    nfind = ncompiled = 0
    jobs = [(f, goose, root, ccs) for f in files]
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, a.j)) as pool:
        for done, (path, fails, compiled) in enumerate(pool.map(check_one, jobs), 1):
            ncompiled += compiled
            if done % 200 == 0:
                print(f"... {done}/{len(files)} inputs, {ncompiled} C files, {nfind} with findings",
                      flush=True)
            if not fails:
                continue
            nfind += 1
            print(f"FINDING {path}")
            for f in fails:
                print("  " + f.rstrip("\n").replace("\n", "\n    "))
            if a.out:
                os.makedirs(a.out, exist_ok=True)
                base = os.path.join(a.out, os.path.basename(path))
                shutil.copyfile(path, base + ".gs")
                with open(base + ".txt", "w") as fh:
                    fh.write("\n".join(fails) + "\n")
            sys.stdout.flush()
    names = "+".join(n for n, _ in ccs) or "no C compiler"
    print(f"{len(files)} inputs, {ncompiled} C files compiled ({names}), {nfind} with findings")
    return 1 if nfind else 0


if __name__ == "__main__":
    sys.exit(main())
