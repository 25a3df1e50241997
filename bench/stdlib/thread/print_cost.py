#!/usr/bin/env python3
"""print_cost.py — what making output thread-safe costs a program that
starts no thread: print_cost.gs (println, printf and format, LINES times)
emitted once (goose emit-c -O2), then compiled by clang -O2 against the
runtime of this tree and against the runtime of BASE (a git revision
before thread.parallel), each linked alone (runtime/*.c of its tree).
Both must write the same bytes. Measured: instructions of one run under
callgrind (exact, independent of the machine's load) and, with
bench/harness, CPU time over interleaved rounds (medians, noise band,
verdict; the positive control is this tree's program printing twice the
lines: it must be told apart).

    python3 bench/stdlib/thread/print_cost.py --base ce5e932 [--goose build/goose]
        [--lines 300000] [--rounds 9]
"""
import argparse
import glob
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))
sys.path.insert(0, os.path.join(HERE, "..", ".."))

from harness import guards, runner, stats  # noqa: E402


def runtime_of(rev, dest):
    """runtime/ of git revision rev (None: this tree) under dest."""
    os.makedirs(dest)
    if rev is None:
        for f in glob.glob(os.path.join(ROOT, "runtime", "*.[ch]")):
            with open(f, "rb") as src, open(os.path.join(dest, os.path.basename(f)), "wb") as d:
                d.write(src.read())
        return dest
    tar = subprocess.run(["git", "-C", ROOT, "archive", rev, "runtime"], check=True, capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", dest, "--strip-components=1"], input=tar, check=True)
    return dest


def build(c_file, rt, exe):
    srcs = sorted(glob.glob(os.path.join(rt, "*.c")))
    subprocess.run(["clang", "-std=c11", "-O2", "-I" + rt, c_file] + srcs + ["-lm", "-pthread", "-o", exe],
                   check=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--goose", default="build/goose")
    ap.add_argument("--base", required=True)
    ap.add_argument("--lines", type=int, default=300000)
    ap.add_argument("--rounds", type=int, default=9)
    a = ap.parse_args()
    load = open("/proc/loadavg").read().strip()
    with tempfile.TemporaryDirectory() as tmp:
        c_file = os.path.join(tmp, "prog.c")
        subprocess.run([a.goose, "emit-c", os.path.join(HERE, "print_cost.gs"), "-O2", "-o", c_file], check=True)
        exes = {}
        for name, rev in (("base", a.base), ("now", None)):
            exes[name] = os.path.join(tmp, "print_" + name)
            build(c_file, runtime_of(rev, os.path.join(tmp, "rt_" + name)), exes[name])
        guards.check_distinct({k: guards.sha256_file(v) for k, v in exes.items()})
        outs = {k: subprocess.run([v, str(a.lines)], capture_output=True, check=True).stdout for k, v in exes.items()}
        if outs["base"] != outs["now"]:
            sys.exit("print_cost: the two programs wrote different bytes")
        arms = {"base": [[exes["base"], str(a.lines)]], "now": [[exes["now"], str(a.lines)]],
                "control": [[exes["now"], str(2 * a.lines)]]}
        # stdout to a file, as a program's output usually goes
        cell = runner.measure_cell(arms, "base", a.rounds, 2)
        if cell.errors:
            sys.exit(f"print_cost: {cell.errors}")
        dr = stats.drift(cell.drift_pairs)
        cmp = stats.compare(cell.measured("base"), cell.measured("now"), dr)
        ok, ctext, _ = guards.control_verdict(cell.measured("now"), cell.measured("control"), dr, "now", "control")
        ir = {k: runner.callgrind([exes[k], str(a.lines)])[0] for k in ("base", "now")}
    print(f"load before: {load}; {a.lines} iterations (2 lines and a format each), {a.rounds} rounds")
    print("| runtime | median cpu ms | instructions (callgrind) |")
    print("|---|---:|---:|")
    for k in ("base", "now"):
        print(f"| {k} | {stats.median(cell.measured(k)) * 1e3:.1f} | {ir[k]:,} |")
    print(f"cpu now/base {cmp['ratio']:.3f}, noise band +-{cmp['band']:.3f}: {cmp['verdict']}; "
          f"instructions now/base {ir['now'] / ir['base']:.4f}; {ctext}")
    return 0 if ok else 3


if __name__ == "__main__":
    sys.exit(main())
