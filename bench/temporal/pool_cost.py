#!/usr/bin/env python3
"""The cost of the lifetime checks on the pool matrices (issue 27): every
cell of the slot matrix (bench/slot_pool.py: builtin `reusable T` and
library `pool.slot_pool[T]`, elements of 8 and 128 bytes) and of the slice
matrix (bench/slice_pool.py: `reusable[] u64` and `pool.slice_pool[u64]`),
each arm rendered from its workload template as the matrix renders it and
built by goose -O2 (clang) twice: with the checks and with
--unsafe-no-lifetime-checks (no checks, and no storage tags: a span pool
stamps nothing). Measured: callgrind instructions per alloc+free pair, as
the matrices' --callgrind does (two runs, r and 2r rounds; the difference
over the extra pairs, so start-up cancels), and with --reps N the child
CPU time of a run at the matrix's full rounds, the two builds interleaved,
median of N (bench/harness/runner.run_rusage).

  python3 bench/temporal/pool_cost.py [--only slot|slice] [--reps N] [--goose G]

Prints a Markdown table (ratio = checked / unchecked per pair; cpu =
checked / unchecked CPU time), the maxima, the date and the load (uptime)
before and after.
"""
import argparse
import os
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "bench"))
import slice_pool  # noqa: E402
import slot_pool  # noqa: E402
from harness import runner, template  # noqa: E402
from harness.matrix import Workload  # noqa: E402

BUILDS = [("on", []), ("off", ["--unsafe-no-lifetime-checks"])]
MATRICES = {"slot": slot_pool.SPEC, "slice": slice_pool.SPEC}
ARMS = ("builtin", "library")


def uptime():
    return subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip()


def build(goose, spec, arm, size, work):
    """{build name: executable} of one arm at one element size."""
    text = template.render(open(os.path.join(ROOT, "bench", "workloads", spec.template)).read(),
                           spec.macros(arm, size))
    src = os.path.join(work, "%s_%s_%d.gs" % (spec.name, arm, size))
    with open(src, "w") as f:
        f.write(text)
    exes = {}
    for name, flags in BUILDS:
        exe = src[:-3] + "_" + name
        subprocess.run([goose, "build", "-O2", "--cc", "clang"] + flags + [src, "-o", exe], check=True,
                       capture_output=True, text=True)
        exes[name] = exe
    return exes


def per_pair(exe, workload, n, r1):
    i1, p1 = runner.callgrind([exe, workload, str(n), str(r1)])
    i2, p2 = runner.callgrind([exe, workload, str(n), str(2 * r1)])
    return (i2 - i1) / (p2 - p1)


def cpu_ratio(exes, workload, n, rounds, reps):
    """Median CPU time on / off of runs at full rounds, interleaved."""
    t = {"on": [], "off": []}
    for _ in range(reps):
        for name in ("on", "off"):
            st, out, err, ru = runner.run_rusage([exes[name], workload, str(n), str(rounds)], timeout=600)
            if st != 0:
                raise runner.RunError("%s %s: status %d %s" % (exes[name], workload, st, err[-200:]))
            t[name].append(ru["cpu_s"])
    return statistics.median(t["on"]) / statistics.median(t["off"])


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--goose", default=os.path.join(ROOT, "build", "goose"))
    ap.add_argument("--only", default="slot,slice")
    ap.add_argument("--work", default="/tmp/temporal_pool_cost")
    ap.add_argument("--reps", type=int, default=0, help="CPU runs per build and cell (0: instructions only)")
    a = ap.parse_args()
    os.makedirs(a.work, exist_ok=True)
    print("date: %s\nload before: %s\n" % (time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()), uptime()))
    print("| matrix | arm | elem | workload | Ir/pair on | Ir/pair off | on/off | cpu on/off |")
    print("|---|---|---:|---|---:|---:|---:|---:|")
    worst, worst_cpu = 0.0, 0.0
    for m in a.only.split(","):
        spec = MATRICES[m]
        for size in spec.sizes:
            for arm in ARMS:
                exes = build(a.goose, spec, arm, size, a.work)
                for w, wl in spec.workloads.items():
                    n, r1 = Workload.pick(wl.n, size), max(1, Workload.pick(wl.cg_rounds, size))
                    on = per_pair(exes["on"], w, n, r1)
                    off = per_pair(exes["off"], w, n, r1)
                    worst = max(worst, on / off)
                    c = "-"
                    if a.reps > 0:
                        r = cpu_ratio(exes, w, n, Workload.pick(wl.rounds, size), a.reps)
                        worst_cpu = max(worst_cpu, r)
                        c = "%.3f" % r
                    print("| %s | %s | %d | %s | %.1f | %.1f | %.3f | %s |" % (m, arm, size, w, on, off, on / off, c),
                          flush=True)
    print("\nmax on/off: Ir %.3f, cpu %s\nload after: %s" % (worst, "%.3f" % worst_cpu if a.reps else "-", uptime()))


if __name__ == "__main__":
    main()
