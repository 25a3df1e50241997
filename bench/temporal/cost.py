#!/usr/bin/env python3
"""The cost of the lifetime checks as the compiler makes them (issue 27):
each bench/apps port built by goose -O2 twice, with the checks and with
--unsafe-no-lifetime-checks (no checks, no notes, and the heap keeps no
storage tags), and measured side by side:

  Ir   valgrind --tool=callgrind instructions, run.json inputs with the
       iterations divided by --ir-div (both builds must print the same
       line: run.py's ir_args and ir);
  cpu  user+sys CPU of the child at run.json sizes, the two builds
       interleaved, median of --reps (skipped with --reps 0).

  python3 bench/temporal/cost.py [--only a,b] [--reps N] [--ir-div N]
  (--ir-div 0: no instruction counts, CPU only)

Prints a Markdown table (ratio = checked / unchecked), the geometric mean
and the maximum, the date and the load (uptime) before and after.
"""
import argparse
import math
import os
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(ROOT, "bench", "apps"))
import run as proto  # noqa: E402  (ir_args, ir, cpu)
import run_apps  # noqa: E402

BUILDS = [("on", []), ("off", ["--unsafe-no-lifetime-checks"])]


def uptime():
    return subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip()


def build(goose, port, work):
    exes = {}
    for name, flags in BUILDS:
        exe = os.path.join(work, "%s_%s" % (port.slug, name))
        subprocess.run([goose, "build", "-O2"] + flags + [port.path, "-o", exe], check=True,
                       capture_output=True, text=True)
        exes[name] = exe
    return exes


def geomean(xs):
    xs = [x for x in xs if x]
    return math.exp(sum(math.log(x) for x in xs) / len(xs)) if xs else float("nan")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--goose", default=os.path.join(ROOT, "build", "goose"))
    ap.add_argument("--only", default="")
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--ir-div", type=int, default=30)
    ap.add_argument("--work", default="/tmp/temporal_cost")
    a = ap.parse_args()
    os.makedirs(a.work, exist_ok=True)
    ports = run_apps.find_ports(os.path.join(ROOT, "bench", "apps"))
    if a.only:
        ports = [p for p in ports if p.slug in a.only.split(",")]
    full = run_apps.load_entries(os.path.join(ROOT, "bench", "apps", "langarena"), "run")
    print("measured %s; load before: %s" % (time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()), uptime()))
    print("| port | Ir on / off | cpu on / off | Ir off |")
    print("|---|---:|---:|---:|")
    ratios, cpus = [], []
    for p in ports:
        exes = build(a.goose, p, a.work)
        r, ir_off = None, "-"
        if a.ir_div > 0:
            targs = proto.ir_args(p, full[p.name], a.ir_div)
            res = {n: proto.ir(exes[n], targs, a.work) for n in exes}
            ok = res["on"][0] and res["off"][0] and res["on"][1] == res["off"][1]
            r = res["on"][0] / res["off"][0] if ok else None
            ratios.append(r)
            ir_off = res["off"][0]
        c = None
        if a.reps > 0:
            fargs = run_apps.program_args(p, full[p.name])
            t = {n: [] for n in exes}
            for _ in range(a.reps):
                for n in exes:
                    t[n].append(proto.cpu(exes[n], fargs))
            c = statistics.median(t["on"]) / statistics.median(t["off"])
            cpus.append(c)
        ir_cell = "%.3f" % r if r else ("FAIL (outputs differ)" if a.ir_div > 0 else "-")
        print("| %s | %s | %s | %s |" % (p.slug, ir_cell, "%.3f" % c if c else "-", ir_off), flush=True)
    ok_ratios = [x for x in ratios if x]
    print("| **geomean** | %s | %s | |" % ("**%.3f**" % geomean(ratios) if ok_ratios else "-",
                                         "**%.3f**" % geomean(cpus) if cpus else "-"))
    print("| max | %s | %s | |" % ("%.3f" % max(ok_ratios) if ok_ratios else "-", "%.3f" % max(cpus) if cpus else "-"))
    print("load after: %s" % uptime())
    return 0 if all(ratios) else 1


if __name__ == "__main__":
    sys.exit(main())
