#!/usr/bin/env python3
"""run.py — builds bench.c at several span-tree node orders and measures
random free+alloc pairs at several live-span counts, interleaving the arms
(tree at each order, the O(1) offset allocator of offset_alloc.h, the null
harness, glibc malloc) run by run and reporting medians.

  python3 bench/spantree/run.py                      # orders 8 16 32 64, 1k..1M live
  python3 bench/spantree/run.py --orders 32 --reps 9
  python3 bench/spantree/run.py --callgrind          # instructions per pair instead
  python3 bench/spantree/run.py --sse2               # also the AVX-512 and SSE2 variants, beside the dispatched one

The binary picks the tree's AVX2 variant at run time when the CPU has it
(the runtime's default build); --sse2 adds arms built with
-DGS_SPAN_WITH_AVX512 (the opt-in AVX-512 variant, chosen where the CPU runs
it) and with -DGS_SPAN_NO_AVX2 (the SSE2 variant: what CPUs without AVX2
run). valgrind hides AVX-512 from the program, so --callgrind counts the
AVX2 variant (with --sse2, the SSE2 one beside it).

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


def build(cc, orders, out, cflags, sse2):
    """One binary per (order, variant): variant "" is the dispatched build
    (AVX2), "avx512" the build with the opt-in AVX-512 variant, "sse2" the
    build without AVX2."""
    os.makedirs(out, exist_ok=True)
    bins = {}
    for o in orders:
        for v in ["", "avx512", "sse2"] if sse2 else [""]:
            exe = os.path.join(out, f"bench_o{o}{'_' + v if v else ''}")
            extra = {"sse2": ["-DGS_SPAN_NO_AVX2"], "avx512": ["-DGS_SPAN_WITH_AVX512"]}.get(v, [])
            cmd = [cc, "-std=c11", "-O2", "-gdwarf-4", *cflags, *extra, f"-DGS_SPAN_CAP={o}",
                   "-I", os.path.join(ROOT, "runtime"),
                   os.path.join(HERE, "bench.c"), os.path.join(ROOT, "runtime", "gs_span_tree.c"),
                   "-o", exe]
            subprocess.run(cmd, check=True)
            bins[(o, v)] = exe
    return bins


def arms_of(args):
    """(arm, order, variant) triples; the offset allocator after the trees
    (a reference point: O(1), not first fit), null (the harness alone) next
    to last, malloc last (it is the reference)."""
    vs = ["", "avx512", "sse2"] if args.sse2 else [""]
    return ([("tree", o, v) for o in args.orders for v in vs] + [("offset", args.orders[0], ""),
            ("null", args.orders[0], ""), ("malloc", args.orders[0], "")])


def arm_name(arm, o, v):
    if arm == "tree":
        return f"tree o{o}{' ' + v if v else ''}"
    return {"offset": "offset (O(1))", "null": "null (harness)"}.get(arm, "glibc malloc")


def parse(out):
    m = re.search(r"ns_per_pair=([0-9.]+).*free_spans=(\d+) height=(\d+)", out)
    return float(m.group(1)), int(m.group(2)), int(m.group(3))


def run_timed(args, bins):
    arms = arms_of(args)
    for live in args.lives:
        pairs = max(args.pairs, live)
        samples = {a: [] for a in arms}
        info = {}
        for rep in range(args.reps + 1):  # rep 0 is a warm-up, not kept
            order = arms[:]
            random.shuffle(order)
            for arm, o, v in order:
                print(f"  live {live} rep {rep}/{args.reps} {arm_name(arm, o, v)}", file=sys.stderr, end="\r")
                r = subprocess.run([bins[(o, v)], arm, str(live), str(pairs), str(rep + 1)],
                                   capture_output=True, text=True, check=True)
                ns, spans, height = parse(r.stdout)
                if rep:
                    samples[(arm, o, v)].append(ns)
                info[(arm, o, v)] = (spans, height)
        mal = statistics.median(samples[arms[-1]])
        null = statistics.median(samples[arms[-2]])
        for arm, o, v in arms:
            s = samples[(arm, o, v)]
            med = statistics.median(s)
            spans, height = info[(arm, o, v)]
            extra = (f"{spans} free spans, {height} levels, minus null {med - null:.1f} ns" if arm == "tree" else
                     f"{spans} free spans, minus null {med - null:.1f} ns" if arm == "offset" else "")
            print(f"{live:>8} {arm_name(arm, o, v):<18} median {med:7.1f} ns  min {min(s):7.1f}  max {max(s):7.1f}"
                  f"  x malloc {med / mal:5.2f}  n={len(s)}  {extra}")
        sys.stdout.flush()


def run_callgrind(args, bins):
    if not shutil.which("valgrind"):
        sys.exit("valgrind not found")
    arms = [a for a in arms_of(args) if a[2] != "avx512"]  # valgrind hides AVX-512: it would run AVX2
    for live in args.lives:
        counts = {}
        for arm, o, v in arms[::-1]:  # null first: trees are reported minus it
            pairs = args.pairs
            r = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
                                "--toggle-collect=bench_pairs_*", bins[(o, v)], arm, str(live), str(pairs)],
                               capture_output=True, text=True, check=True)
            m = re.search(r"Collected\s*:\s*(\d+)", r.stderr)
            counts[arm + v] = int(m.group(1)) / pairs
            name = arm_name(arm, o, v) + (" (avx2)" if arm == "tree" and not v else "")
            extra = f"  minus null {counts[arm + v] - counts['null']:8.1f}" if arm in ("tree", "offset") else ""
            print(f"{live:>8} {name:<18} {counts[arm + v]:8.1f} instructions per pair{extra}")
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
    ap.add_argument("--sse2", action="store_true",
                    help="also the AVX-512 (-DGS_SPAN_WITH_AVX512) and SSE2 (-DGS_SPAN_NO_AVX2) variants")
    args = ap.parse_args()
    args.orders = [int(x) for x in args.orders.split(",")]
    args.lives = [int(x) for x in args.lives.split(",")]
    if args.pairs is None:
        args.pairs = 100000 if args.callgrind else 1000000
    bins = build(args.cc, args.orders, args.out, args.cflags.split(), args.sse2)
    if args.callgrind:
        run_callgrind(args, bins)
    else:
        run_timed(args, bins)


if __name__ == "__main__":
    main()
