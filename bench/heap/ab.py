#!/usr/bin/env python3
"""ab.py — the heap's load-independent A/B: two goose compilers (so two
runtimes, each embeds its own) on the workloads of bench/heap, the goose
arm (GOOSE_HEAP unset) and the glibc arm (GOOSE_HEAP=system) of each
binary. Timing-free, for a machine that is shared or loaded:

  python3 bench/heap/ab.py --base /tmp/goose-before --new build-heap/goose
  python3 bench/heap/ab.py --base A --new B --only strings --runs 21 --no-callgrind

Per workload: peak RSS and minor faults (GNU time "%M %R", the program's
own), medians of --runs rounds that run base goose, base glibc, new goose,
new glibc in turn (peak RSS of one binary moves by +-150 KiB from run to
run: the C library's file pages, where ASLR puts them, so alternate and
take many); anonymous memory at exit (smaps_rollup Anonymous printed by a
-DGS_HEAP_STATS build, median of 5; the heap's own share of RSS); and
callgrind Ir of both arms at run.py's --callgrind sizes. Warns when the
two compilers emit different C for a workload (then the Ir difference is
not the runtime's alone). Work files under --out (default bench/out/heap-ab).
"""
import argparse
import os
import re
import statistics
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from run import WORKLOADS, arm_env  # noqa: E402  (the sizes and arms: one definition)

ARMS = [("base", "goose"), ("base", "glibc"), ("new", "goose"), ("new", "glibc")]


def env_for(arm, extra=None):
    """run.py's environment for the arm ("glibc" is its "system")."""
    e = dict(os.environ)
    e.update(arm_env("system" if arm == "glibc" else arm))
    e.update(extra or {})
    return e


def build(goose, name, out, stats):
    exe = os.path.join(out, name + ("_stats" if stats else ""))
    e = env_for("goose", {"XDG_CACHE_HOME": os.path.join(out, "cache")})
    if stats:
        e["GOOSE_CFLAGS"] = "-DGS_HEAP_STATS"
    subprocess.run([goose, "build", "-O2", "--cc", "clang", os.path.join(HERE, name + ".gs"), "-o", exe],
                   check=True, env=e)
    return exe


def emitted(goose, name):
    return subprocess.run([goose, "emit-c", "-O2", os.path.join(HERE, name + ".gs")], check=True,
                          capture_output=True, text=True).stdout


def peak(exe, args, arm):
    r = subprocess.run(["/usr/bin/time", "-f", "%M %R", exe] + args, env=env_for(arm), capture_output=True,
                       text=True, check=True)
    m, f = r.stderr.strip().split("\n")[-1].split()
    return int(m), int(f)


def anon(exe, args, arm):
    v = []
    for _ in range(5):
        r = subprocess.run([exe] + args, env=env_for(arm), capture_output=True, text=True, check=True)
        v.append(int(re.search(r"heapstats: Anonymous: *(\d+)", r.stderr).group(1)))
    return statistics.median(v)


def ir(exe, args, arm, out):
    r = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=" + os.path.join(out, "cg.out"), exe]
                       + args, env=env_for(arm), capture_output=True, text=True, check=True)
    return int(re.search(r"Collected : *(\d+)", r.stderr).group(1))


def main(argv):
    ap = argparse.ArgumentParser(prog="bench/heap/ab.py", description=__doc__.split("\n\n")[0])
    ap.add_argument("--base", required=True, help="goose compiler before")
    ap.add_argument("--new", required=True, help="goose compiler after")
    ap.add_argument("--only", nargs="+", choices=list(WORKLOADS), default=list(WORKLOADS))
    ap.add_argument("--runs", type=int, default=11, help="alternating rounds of peak RSS")
    ap.add_argument("--no-callgrind", action="store_true")
    ap.add_argument("--no-anon", action="store_true")
    ap.add_argument("--out", default=os.path.join(HERE, "..", "out", "heap-ab"))
    a = ap.parse_args(argv)
    gooses = {"base": os.path.abspath(a.base), "new": os.path.abspath(a.new)}
    for name in a.only:
        full = [str(x) for x in WORKLOADS[name]["full"]]
        cg = [str(x) for x in WORKLOADS[name]["callgrind"]]
        dirs = {v: os.path.join(a.out, v) for v in gooses}
        for d in dirs.values():
            os.makedirs(d, exist_ok=True)
        exe = {v: build(g, name, dirs[v], False) for v, g in gooses.items()}
        if emitted(gooses["base"], name) != emitted(gooses["new"], name):
            print(f"{name}: warning: the two compilers emit different C", flush=True)
        samples = {k: [] for k in ARMS}
        for _ in range(a.runs):
            for v, arm in ARMS:
                samples[(v, arm)].append(peak(exe[v], full, arm))
        print(f"{name} {' '.join(full)}: peak RSS KiB (minor faults), medians of {a.runs} alternating runs", flush=True)
        for v, arm in ARMS:
            s = samples[(v, arm)]
            print(f"  {v:4} {arm:5} {statistics.median(x[0] for x in s):>9,.0f} ({statistics.median(x[1] for x in s):,.0f})"
                  f"  min/max {min(x[0] for x in s):,}/{max(x[0] for x in s):,}", flush=True)
        if not a.no_anon:
            st = {v: build(g, name, dirs[v], True) for v, g in gooses.items()}
            print("  anonymous KiB at exit: " + ", ".join(f"{v} {arm} {anon(st[v], full, arm):,.0f}" for v, arm in ARMS),
                  flush=True)
        if not a.no_callgrind:
            print(f"  Ir ({' '.join(cg)}): " + ", ".join(f"{v} {arm} {ir(exe[v], cg, arm, a.out):,}" for v, arm in ARMS),
                  flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
