#!/usr/bin/env python3
"""run.py — printf against C's printf: builds bench/printf/printf_lines.gs
(goose build -O2, clang) and printf_lines.c (clang -O2), checks that both
write the same bytes, then runs them in alternation (--rounds times each,
stdout to a file), and prints each side's median wall and CPU time and the
ratio goose / C (below 1: goose is faster). --callgrind also counts each
program's instructions under valgrind (exact and independent of the load;
valgrind's exit status is checked).

    python3 bench/printf/run.py --goose build/goose [--rounds 11] [--callgrind]
"""
import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def build(goose, out):
    gexe = os.path.join(out, "printf_goose")
    cexe = os.path.join(out, "printf_c")
    subprocess.run([goose, "build", os.path.join(HERE, "printf_lines.gs"), "-O2", "--cc", "clang",
                    "-o", gexe], check=True)
    subprocess.run(["clang", "-O2", "-o", cexe, os.path.join(HERE, "printf_lines.c")], check=True)
    return gexe, cexe


def run_once(exe, sink):
    """Wall and child CPU seconds of one run writing to the file sink."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    with open(sink, "wb") as f:
        subprocess.run([exe], stdout=f, check=True)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def instructions(exe, out):
    """Instructions one run executes (callgrind's total), stdout to a file."""
    log = os.path.join(out, "cg.log")
    with open(os.path.join(out, "cg.txt"), "wb") as f:
        r = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
                            "--log-file=" + log, exe], stdout=f)
    if r.returncode != 0:
        sys.exit(f"valgrind failed on {exe} (status {r.returncode})")
    for line in open(log):
        if "Collected :" in line:
            return int(line.split(":")[-1].strip())
    sys.exit(f"valgrind printed no instruction count for {exe}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--goose", default="build/goose")
    ap.add_argument("--rounds", type=int, default=11)
    ap.add_argument("--callgrind", action="store_true")
    a = ap.parse_args()
    with tempfile.TemporaryDirectory() as out:
        gexe, cexe = build(a.goose, out)
        gsink, csink = os.path.join(out, "g.txt"), os.path.join(out, "c.txt")
        run_once(gexe, gsink)   # warm-up, and the output check
        run_once(cexe, csink)
        if open(gsink, "rb").read() != open(csink, "rb").read():
            sys.exit("printf_lines: goose and C wrote different bytes")
        times = {"goose": [], "c": []}
        for r in range(a.rounds):
            order = [("goose", gexe, gsink), ("c", cexe, csink)]
            for name, exe, sink in (order if r % 2 == 0 else order[::-1]):
                times[name].append(run_once(exe, sink))
        ir = {"goose": instructions(gexe, out), "c": instructions(cexe, out)} if a.callgrind else None
    med = {k: (statistics.median(w for w, _ in v), statistics.median(c for _, c in v))
           for k, v in times.items()}
    print(f"rounds: {a.rounds} each, alternating; 1,000,000 lines to a file")
    print("| program | median wall ms | median cpu ms |")
    print("|---|---:|---:|")
    for k in ("goose", "c"):
        print(f"| {k} | {med[k][0] * 1e3:.1f} | {med[k][1] * 1e3:.1f} |")
    print(f"ratio goose/C: wall {med['goose'][0] / med['c'][0]:.3f}, "
          f"cpu {med['goose'][1] / med['c'][1]:.3f}")
    if ir:
        print(f"instructions (callgrind): goose {ir['goose']:,}, c {ir['c']:,}, "
              f"ratio {ir['goose'] / ir['c']:.3f}")


if __name__ == "__main__":
    main()
