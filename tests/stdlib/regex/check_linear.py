#!/usr/bin/env python3
"""check_linear.py — regex search time is linear in the input: patterns that
make a backtracking engine take exponential or quadratic time, such as
`(a*)*b` on a run of a's (on the DFAs, and with an assertion on the Pike
VM), are run on N0 (1000), n and 2n bytes, and the instruction counts
(valgrind --tool=callgrind, exact and independent of the machine's load)
less that of the run on N0 bytes (start-up, compile, and the DFA states a
short input already builds) must be in the ratio of the sizes less N0,
(2n - N0) / (n - N0), within 10%. Without valgrind, CPU time is used with
a looser bound (30%) and the line says so. Each run also checks what find returns.

usage: check_linear.py [--goose build/goose] [--n 30000]
"""
import argparse
import os
import resource
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
N0 = 1000

# (pattern, byte repeated, suffix, expected output for n, as a function of n)
CASES = [
    ("(a*)*b", "a", "b", lambda n: "find -1 -1 is_match false\nfind 0 %d is_match true\n" % (n + 1)),
    ("(a|aa)*c", "a", "", lambda n: "find -1 -1 is_match false\n"),
    ("(x+x+)+y", "x", "", lambda n: "find -1 -1 is_match false\n"),
    ("a*a*a*a*a*b", "a", "", lambda n: "find -1 -1 is_match false\n"),
    ("(?:a{1,5}){1,5}z", "a", "", lambda n: "find -1 -1 is_match false\n"),
    # an assertion keeps these on the Pike VM (the others run on the DFAs)
    ("(a*)*b\\b", "a", "b", lambda n: "find -1 -1 is_match false\nfind 0 %d is_match true\n" % (n + 1)),
    ("\\b(a|aa)*c", "a", "", lambda n: "find -1 -1 is_match false\n"),
]


def measure(exe, args, tmp, use_cg):
    if use_cg:
        log = os.path.join(tmp, "cg.log")
        r = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
                            "--log-file=" + log, exe] + args, capture_output=True, text=True)
        if r.returncode != 0:
            sys.exit("valgrind failed (status %d): %s" % (r.returncode, r.stderr))
        for line in open(log):
            if "Collected :" in line:
                return int(line.split(":")[-1].strip()), r.stdout
        sys.exit("valgrind printed no instruction count")
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    r = subprocess.run([exe] + args, capture_output=True, text=True, timeout=300)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime, r.stdout


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--goose", default=os.environ.get("GOOSE", "build/goose"))
    ap.add_argument("--n", type=int, default=30000)
    a = ap.parse_args()
    use_cg = shutil.which("valgrind") is not None
    lo, hi = (0.9, 1.1) if use_cg else (0.7, 1.3)
    bad = []
    notes = []
    with tempfile.TemporaryDirectory() as tmp:
        exe = os.path.join(tmp, "linear")
        b = subprocess.run([a.goose, "build", os.path.join(HERE, "linear.gs"), "-o", exe],
                           capture_output=True, text=True)
        if b.returncode != 0:
            print("FAIL stdlib/regex/linear: build failed\n" + b.stderr)
            return 1
        for pat, byte, suffix, want in CASES:
            costs = []
            for n in (N0, a.n, 2 * a.n):
                args = [pat, str(n), byte] + ([suffix] if suffix else [])
                cost, out = measure(exe, args, tmp, use_cg)
                if out != want(n):
                    bad.append("%s on %d: printed %r, want %r" % (pat, n, out, want(n)))
                costs.append(cost)
            # the cost of N0 bytes (start-up, compile, the first states) taken off both
            ratio = (costs[2] - costs[0]) / (costs[1] - costs[0]) if costs[1] > costs[0] else float("inf")
            want_ratio = (2 * a.n - N0) / (a.n - N0)
            notes.append("%s %.3f" % (pat, ratio))
            if not lo <= ratio / want_ratio <= hi:
                bad.append("%s: cost %s at n=%d, %s at n=%d and %s at n=%d, ratio %.3f, not within %.1f..%.1f of %.3f"
                           % (pat, costs[0], N0, costs[1], a.n, costs[2], 2 * a.n, ratio, lo, hi, want_ratio))
    unit = "instructions (callgrind)" if use_cg else "CPU time (no valgrind)"
    if bad:
        print("FAIL stdlib/regex/linear: " + "; ".join(bad))
        return 1
    print("PASS stdlib/regex/linear: (cost(2n) - cost(N0)) / (cost(n) - cost(N0)) in %s, n=%d: %s" % (unit, a.n, ", ".join(notes)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
