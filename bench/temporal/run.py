#!/usr/bin/env python3
"""Issue 27 measurements: each bench/apps port built four ways from the same
`goose emit-c -O2` output, all with clang -std=c11 -O2 and the runtime:
  base   the emitted C and runtime/ as they are (checks off)
  wide   headers widened with a gref word, cells kept (transform.py wide,
         prototype runtime with -DGS_GCHK_OFF)
  all    a generation check before every indexing statement
  hoist  as all, checks hoisted out of loops that call nothing that frees
  region as hoist, plus a check dropped where an earlier check of the same
         gref dominates it with nothing that may free in between
  owner  as region, minus the checks on globals and fields whose header
         never escapes (transform.py unaliased_roots), and on temps copied
         from them with nothing that may free in between
  typed  as owner, a growing push of []T invalidating only []T headers
  count  wide plus a count on the cell for each local view while its C
         variable lives (Swift-like, lower bound: views in fields and
         arguments are not counted); conflicts are reported, not stopped
  tagwide packed tags (headers keep their size; 15-bit tag in cap/len,
         a uint16 shadow tag per 16-byte granule kept by the heap and the
         span pools; rt_patch.py DIR tag), no checks: compare with wide
  tag    tagwide plus typed's checks (the same GS_GCHK statements): compare
         with typed
  tagnz  tag without the test for tag 0 (-DGS_TAG_NOZERO)
Instructions: valgrind --tool=callgrind (Ir, whole program, run.json
inputs with iterations / --ir-div, same output line as base required). Time: interleaved runs at run.json sizes, user+sys CPU, median.

  python3 bench/temporal/run.py [--only a,b] [--reps N] [--no-time] [--no-ir]
"""
import argparse
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "bench", "apps"))
import run_apps  # noqa: E402

VARIANTS = ["base", "wide", "all", "hoist", "region", "owner", "typed", "count", "tagwide", "tag", "tagnz"]


def sh(cmd, **kw):
    return subprocess.run(cmd, check=True, capture_output=True, text=True, **kw)


def runtimes(work):
    base = os.path.join(work, "rt_base")
    gen = os.path.join(work, "rt_gen")
    tag = os.path.join(work, "rt_tag")
    for d in (base, gen, tag):
        if os.path.isdir(d):
            shutil.rmtree(d)
        shutil.copytree(os.path.join(ROOT, "runtime"), d)
    sh([sys.executable, os.path.join(HERE, "rt_patch.py"), gen])
    sh([sys.executable, os.path.join(HERE, "rt_patch.py"), tag, "tag"])
    return base, gen, tag


def build(goose, port, work, rts, variants):
    c = os.path.join(work, port.slug + ".c")
    sh([goose, "emit-c", port.path, "-O2", "-o", c])
    exes = {}
    for v in variants:
        src, rt, extra = c, rts[0], []
        if v != "base":
            src = os.path.join(work, "%s_%s.c" % (port.slug, v))
            r = sh([sys.executable, os.path.join(HERE, "transform.py"), "tag" if v == "tagnz" else v, c, src])
            print("  " + r.stderr.strip(), file=sys.stderr)
            rt = rts[2] if v.startswith("tag") else rts[1]
            if v in ("wide", "count", "tagwide"):
                extra = ["-DGS_GCHK_OFF"]
            if v == "tagnz":
                extra = ["-DGS_TAG_NOZERO"]
        exe = os.path.join(work, "%s_%s" % (port.slug, v))
        rtc = sorted(os.path.join(rt, f) for f in os.listdir(rt) if f.endswith(".c"))
        sh(["clang", "-std=c11", "-O2"] + extra + ["-I", rt, src] + rtc + ["-lm", "-pthread", "-o", exe])
        exes[v] = exe
    return exes


def ir(exe, args, work):
    out = os.path.join(work, "cg.out")
    r = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=" + out, exe] + args,
                       capture_output=True, text=True)
    if "prototype:" in r.stderr:
        print("  %s: %s" % (os.path.basename(exe), r.stderr.split("prototype:")[1].strip()), file=sys.stderr)
    line = re.sub(r" in [0-9.]+s", "", r.stdout.strip())
    if r.returncode not in (0, 1) or not (": OK" in line or "ERR[actual=" in line):
        return None, line
    m = re.search(r"Collected : (\d+)", r.stderr)
    return int(m.group(1)), line


# The innermost level of the Brainfuck benchmarks' nest of ten-fold loops
# (`[>++++++++++[-]<-]`, clear the next cell ten times), and the loop
# that stands for it (clear this cell).
BF_LEVEL, BF_FLAT = "[>++++++++++[-]<-]", "[-]"


def ir_args(port, entry, div):
    """run.json inputs with iterations divided by div: the checksum then
    differs (the program prints ERR[actual=...]); every variant must print
    the same actual value as base. The Brainfuck benchmarks run their
    program once (iterations 1), 10^7 steps of the innermost loop: there
    the two innermost levels of the nest are flattened (10^5 steps, the
    same interpreter paths)."""
    e = dict(entry)
    if "iterations" in e:
        e["iterations"] = max(1, e["iterations"] // div)
    if "warmup_iterations" in e:
        e["warmup_iterations"] = max(1, e["warmup_iterations"] // div)
    if e.get("iterations") == 1 and BF_LEVEL in e.get("program", ""):
        e["program"] = e["program"].replace(BF_LEVEL, BF_FLAT, 1).replace(BF_LEVEL, BF_FLAT, 1)
    return run_apps.program_args(port, e)


def cpu(exe, args):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    r = subprocess.run([exe] + args, capture_output=True, text=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if r.returncode != 0 or ": OK in" not in r.stdout:
        print("FAIL %s: %s %s" % (exe, r.stdout, r.stderr.strip()[-200:]), file=sys.stderr)
        return float("nan")
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--goose", default=os.path.join(ROOT, "build", "goose"))
    ap.add_argument("--only", default="")
    ap.add_argument("--reps", type=int, default=5)
    ap.add_argument("--work", default="/tmp/temporal_bench")
    ap.add_argument("--ir-div", type=int, default=10, help="callgrind: run.json iterations / this")
    ap.add_argument("--no-time", action="store_true")
    ap.add_argument("--no-ir", action="store_true")
    ap.add_argument("--variants", default=",".join(VARIANTS[1:]), help="besides base")
    ap.add_argument("--time-variants", default="wide,region", help="timed besides base")
    a = ap.parse_args()
    variants = ["base"] + [v for v in a.variants.split(",") if v != "base"]
    os.makedirs(a.work, exist_ok=True)
    rts = runtimes(a.work)
    ports = run_apps.find_ports(os.path.join(ROOT, "bench", "apps"))
    if a.only:
        ports = [p for p in ports if p.slug in a.only.split(",")]
    la = os.path.join(ROOT, "bench", "apps", "langarena")
    full = run_apps.load_entries(la, "run")
    timed = ["base"] + ([] if a.no_time else [v for v in a.time_variants.split(",") if v in variants and v != "base"])
    print("port | " + " | ".join("Ir %s" % v for v in variants[1:]) + " | " +
          " | ".join("cpu %s" % v for v in timed[1:]) + " | base Ir, base cpu s")
    for p in ports:
        print(p.slug, file=sys.stderr)
        try:
            exes = build(a.goose, p, a.work, rts, variants)
        except subprocess.CalledProcessError as e:
            print("%s | build failed: %s" % (p.slug, (e.stderr or "")[-300:].replace("\n", " ")), flush=True)
            continue
        row = [p.slug]
        if not a.no_ir:
            targs = ir_args(p, full[p.name], a.ir_div)
            res = {v: ir(exes[v], targs, a.work) for v in variants}
            irs = {v: res[v][0] if res[v][1] == res["base"][1] else None for v in variants}
            row += ["%.3f" % (irs[v] / irs["base"]) if irs[v] else "fail" for v in variants[1:]]
        if not a.no_time:
            fargs = run_apps.program_args(p, full[p.name])
            t = {v: [] for v in timed}
            for _ in range(a.reps):
                for v in timed:
                    t[v].append(cpu(exes[v], fargs))
            med = {v: statistics.median(t[v]) for v in timed}
            row += ["%.3f" % (med[v] / med["base"]) for v in timed[1:]]
        row.append("%s, %s" % (irs["base"] if not a.no_ir else "-", "%.3f" % med["base"] if not a.no_time else "-"))
        print(" | ".join(row), flush=True)


if __name__ == "__main__":
    main()
