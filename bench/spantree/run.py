#!/usr/bin/env python3
"""run.py — builds bench.c at several span-tree node orders and measures
random free+alloc pairs at several live-span counts, interleaving the arms
(tree at each order, glibc malloc) run by run and reporting medians.

  python3 bench/spantree/run.py                      # orders 8 16 32 64, 1k..1M live
  python3 bench/spantree/run.py --orders 32 --reps 9
  python3 bench/spantree/run.py --callgrind          # instructions per pair instead

Python standard library only. Not for: the pool matrices (bench/*.py).
"""
import argparse
import os
import random
import re
import shutil
import statistics
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def build(cc, orders, out, cflags):
    os.makedirs(out, exist_ok=True)
    bins = {}
    for o in orders:
        exe = os.path.join(out, f"bench_o{o}")
        cmd = [cc, "-std=c11", "-O2", "-gdwarf-4", *cflags, f"-DGS_SPAN_CAP={o}",
               "-I", os.path.join(ROOT, "runtime"),
               os.path.join(HERE, "bench.c"), os.path.join(ROOT, "runtime", "gs_span_tree.c"),
               "-o", exe]
        subprocess.run(cmd, check=True)
        bins[o] = exe
    return bins


def parse(out):
    m = re.search(r"ns_per_pair=([0-9.]+).*free_spans=(\d+) height=(\d+)", out)
    return float(m.group(1)), int(m.group(2)), int(m.group(3))


def run_timed(args, bins):
    arms = [("tree", o) for o in args.orders] + [("malloc", args.orders[0])]
    for live in args.lives:
        pairs = max(args.pairs, live)
        samples = {a: [] for a in arms}
        info = {}
        for rep in range(args.reps + 1):  # rep 0 is a warm-up, not kept
            order = arms[:]
            random.shuffle(order)
            for arm, o in order:
                print(f"  live {live} rep {rep}/{args.reps} {arm} o{o}", file=sys.stderr, end="\r")
                r = subprocess.run([bins[o], arm, str(live), str(pairs), str(rep + 1)],
                                   capture_output=True, text=True, check=True)
                ns, spans, height = parse(r.stdout)
                if rep:
                    samples[(arm, o)].append(ns)
                info[(arm, o)] = (spans, height)
        mal = statistics.median(samples[arms[-1]])
        for arm, o in arms:
            s = samples[(arm, o)]
            med = statistics.median(s)
            name = f"tree o{o}" if arm == "tree" else "glibc malloc"
            spans, height = info[(arm, o)]
            extra = f"{spans} free spans, {height} levels" if arm == "tree" else ""
            print(f"{live:>8} {name:<13} median {med:7.1f} ns  min {min(s):7.1f}  max {max(s):7.1f}"
                  f"  x malloc {med / mal:5.2f}  n={len(s)}  {extra}")
        sys.stdout.flush()


def run_callgrind(args, bins):
    if not shutil.which("valgrind"):
        sys.exit("valgrind not found")
    arms = [("tree", o) for o in args.orders] + [("malloc", args.orders[0])]
    for live in args.lives:
        for arm, o in arms:
            pairs = args.pairs
            r = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
                                "--toggle-collect=bench_pairs_*", bins[o], arm, str(live), str(pairs)],
                               capture_output=True, text=True, check=True)
            m = re.search(r"Collected\s*:\s*(\d+)", r.stderr)
            name = f"tree o{o}" if arm == "tree" else "glibc malloc"
            print(f"{live:>8} {name:<13} {int(m.group(1)) / pairs:8.1f} instructions per pair")
            sys.stdout.flush()


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--orders", default="8,16,32,64")
    ap.add_argument("--lives", default="1000,10000,100000,1000000")
    ap.add_argument("--reps", type=int, default=7)
    ap.add_argument("--pairs", type=int, default=None)
    ap.add_argument("--cc", default=os.environ.get("CC", "cc"))
    ap.add_argument("--cflags", default="", help="extra flags, e.g. -march=native")
    ap.add_argument("--out", default="/tmp/spantree-bench")
    ap.add_argument("--callgrind", action="store_true", help="instructions per pair under callgrind")
    args = ap.parse_args()
    args.orders = [int(x) for x in args.orders.split(",")]
    args.lives = [int(x) for x in args.lives.split(",")]
    if args.pairs is None:
        args.pairs = 100000 if args.callgrind else 1000000
    bins = build(args.cc, args.orders, args.out, args.cflags.split())
    if args.callgrind:
        run_callgrind(args, bins)
    else:
        run_timed(args, bins)


if __name__ == "__main__":
    main()
