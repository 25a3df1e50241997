#!/usr/bin/env python3
"""Each print, println and printf writes its line whole, and a thread's
lines come out in its order: lines.gs runs N bodies that each write COUNT
lines (println of several arguments, printf, print in four pieces) at
once; the output must be exactly `start`, every expected line once with
each body's lines in order, then `end`. Built by clang -O2 and tcc, and
under `goose run` (the JIT). Default N=4 COUNT=20000; --count for more.
Prints one PASS/FAIL line."""
import argparse
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
PROG = os.path.join(HERE, "lines.gs")
KINDS = ("println", "printf", "print")


def check(out, n, count):
    lines = out.split("\n")
    if lines[-1] != "":
        return "output does not end with a newline"
    lines = lines[:-1]
    if len(lines) != n * count + 2 or lines[0] != "start" or lines[-1] != "end":
        return f"{len(lines)} lines, first {lines[:1]!r}, last {lines[-1:]!r}"
    nxt = [0] * n
    for ln in lines[1:-1]:
        parts = ln.split(" ")
        if len(parts) != 5 or parts[0] != "t" or parts[2] != "line":
            return f"a broken line: {ln!r}"
        i, k = int(parts[1]), int(parts[3])
        if not 0 <= i < n or k != nxt[i] or parts[4] != KINDS[k % 3]:
            return f"line {ln!r} out of order or wrong (expected k {nxt[i] if 0 <= i < n else '?'})"
        nxt[i] += 1
    return None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--threads", type=int, default=4)
    ap.add_argument("--count", type=int, default=20000)
    a = ap.parse_args()
    goose = os.environ.get("GOOSE", "build/goose")
    args = [str(a.threads), str(a.count)]
    failures = []
    with tempfile.TemporaryDirectory() as tmp:
        runs = []
        for cc in ("clang", "tcc"):
            exe = os.path.join(tmp, "lines-" + cc)
            b = subprocess.run([goose, "build", PROG, "-o", exe, "-O2", "--cc", cc],
                               capture_output=True, text=True)
            if b.returncode != 0:
                failures.append(f"{cc}: build failed: {b.stderr[:300]}")
                continue
            runs.append((cc, [exe] + args))
        runs.append(("jit", [goose, "run", PROG, "--"] + args))
        for name, cmd in runs:
            r = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
            bad = f"status {r.returncode}" if r.returncode != 0 else check(r.stdout, a.threads, a.count)
            if bad:
                failures.append(f"{name}: {bad}")
    if failures:
        print("FAIL thread/check_lines: " + "; ".join(failures))
        return 1
    print(f"PASS thread/check_lines: {a.threads} threads x {a.count} lines whole and in order "
          "(clang, tcc, jit)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
