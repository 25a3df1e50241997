#!/usr/bin/env python3
"""run.py — the heap benchmark: allocation-heavy Goose
programs (bench/heap/*.gs) run with the Goose heap and with the C library's
malloc behind GOOSE_HEAP=system — glibc, and mimalloc / jemalloc
LD_PRELOADed (with GOOSE_HEAP=system the runtime calls malloc, which is
then the preloaded one). One binary per workload; the four arms differ in
their environment only.

  python3 bench/heap/run.py --quick          # smoke run (well under a minute of runs)
  python3 bench/heap/run.py                  # full sizes (each run 0.5-3 s on a quiet machine)
  python3 bench/heap/run.py --callgrind      # + instructions (valgrind, load-independent)
  python3 bench/heap/run.py --keep-ab        # + the Goose heap without its release policy
  python3 bench/heap/run.py --profiles       # + the Goose heap at GOOSE_HEAP_PROFILE=1 and 10
  python3 bench/heap/run.py --only short_lived working_set --arms goose,system

Workloads (WORKLOADS below): strings (string building with +), push_growth
(slices grown by push from empty, up to 2 MiB), short_lived (churn: a ring
of 64 slices of mixed sizes, 16 B - 64 KiB), working_set (churn: a
long-lived set of mixed-size slices, random ones replaced).

Protocol (bench/harness/runner.py, docs/benchmarking.md): `goose build -O2
--cc clang`, renamed copies, warm-up, rounds of goose, the other arms rotated,
goose again (A/B/A drift). Per arm: median child CPU (user+sys), its ratio to
the goose arm with noise floor and verdict (stats.compare), net-free ns per
allocation (median CPU / allocations), median peak RSS (ru_maxrss) and minor
page faults (pages the kernel supplied; a count, not a time, so it does not
move with the load), both the program's own through GNU time (run_fn). All
four arms must print the same checksum. Positive control: the goose arm of
short_lived with 1.5x the steps (--quick: 2x) must be told apart from the
goose arm (slower); if not, the run reports "the instrument proved nothing"
and no ratios.

Targets: on the churn workloads the Goose heap is at least 1.5x
faster than glibc (system / goose CPU >= 1.5) and within 5% of mimalloc
(goose / mimalloc CPU <= 1.05); on every workload its peak RSS is no
higher than glibc's. results.md says met / not met for each, and "(within
noise)" when the noise band covers the threshold.

Writes results.json (every sample, sources, emitted C, tool versions,
command, load average) and results.md under --out (default
bench/out/heap). Exit status: 0 done; 1 bad usage; 2 identical arms;
3 control not separated; 4 some arm failed (build, crash, checksum).
Python 3 standard library only.
Not for: the per-pair instruction count of the fast path (bench/heap/pair.sh).
"""
import argparse
import datetime
import hashlib
import os
import platform
import shutil
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
BENCH = os.path.dirname(HERE)
sys.path.insert(0, BENCH)
from harness import build, guards, matrix, output, runner, stats  # noqa: E402

ARMS = ("goose", "system", "mimalloc", "jemalloc")
# --keep-ab: the Goose heap built without its keep-for-a-while release
# policy (runtime/gs_heap.c, GS_HEAP_KEEP=0 through GOOSE_CFLAGS): before
# and after the policy in one run.
KEEP0 = "goose_keep0"
# --profiles: the Goose heap at the two ends of its memory dial
# (GOOSE_HEAP_PROFILE=1 keeps the least freed memory resident, 10 the
# most); the goose arm is the default rung.
PROFILES = {"goose_p1": "1", "goose_p10": "10"}
OPTIONAL = (KEEP0,) + tuple(PROFILES)
ALL_ARMS = ARMS + OPTIONAL
PRELOAD = {"mimalloc": "libmimalloc.so.2", "jemalloc": build.JEMALLOC_SO}
CHURN = ("short_lived", "working_set")
# name: program arguments at the full size, --quick, --callgrind; `work` is
# the index of the argument that only repeats work (the control scales it).
WORKLOADS = {
    "strings": {"full": [500000, 1], "quick": [50000, 1], "callgrind": [20000, 1], "work": 0},
    "push_growth": {"full": [1000, 1], "quick": [100, 1], "callgrind": [40, 1], "work": 0},
    "short_lived": {"full": [1000000, 1], "quick": [150000, 1], "callgrind": [50000, 1], "work": 0},
    "working_set": {"full": [100000, 4], "quick": [30000, 2], "callgrind": [10000, 2], "work": 1},
}
CONTROL = "short_lived"
CONTROL_SCALE = (1.5, 2.0)   # full, --quick
TARGET_SYSTEM = 1.5          # system / goose CPU, at least (churn)
TARGET_MIMALLOC = 1 / 1.05   # mimalloc / goose CPU, at least (goose within 5% of mimalloc)
TARGET_RSS = 1.0             # system / goose peak RSS, at least
FULL_PLAN = (7, 1, 3)        # rounds, warm-ups, copies
QUICK_PLAN = (3, 1, 2)
QUICK_CONTROL_ROUNDS = 5


def log(msg):
    print(msg, file=sys.stderr, flush=True)


def arm_env(arm, find_lib=build._find_lib):
    """The environment an arm adds, or raises runner.RunError when its
    library is not installed."""
    if arm in ("goose", KEEP0):
        return {"GOOSE_HEAP": "goose"}   # any value but "system": the Goose heap
    if arm in PROFILES:
        return {"GOOSE_HEAP": "goose", "GOOSE_HEAP_PROFILE": PROFILES[arm]}
    env = {"GOOSE_HEAP": "system"}
    if arm in PRELOAD:
        path = find_lib(PRELOAD[arm])
        if not os.path.isabs(path) or not os.path.exists(path):
            raise runner.RunError(f"{arm}: {PRELOAD[arm]} not found (Debian: lib{arm}2 / lib{arm}-dev)")
        env["LD_PRELOAD"] = path
    return env


def identity(binary_sha, env):
    """An arm's identity: its binary and its environment (the arms share the
    binary on purpose; two arms with the same environment would measure one
    program twice, which the distinct-arm guard refuses)."""
    h = hashlib.sha256(binary_sha.encode())
    for k in sorted(env):
        h.update(f"\0{k}={env[k]}".encode())
    return h.hexdigest()


def scaled_args(args, work, factor):
    out = list(args)
    out[work] = max(1, round(args[work] * factor))
    return out


TIME = shutil.which("time")   # GNU time (Debian package time) on PATH; None without it


def run_fn(cmd, timeout):
    """runner.run_once through GNU time, whose %M and %R are the program's
    own peak RSS and minor faults. (os.wait4 on a child Python started has
    a peak RSS of at least the Python parent's, ~14-25 MiB: the kernel
    counts the memory the child had when it called exec.) Without GNU time,
    run_once's numbers, marked rss_floored."""
    if TIME is None:
        return dict(runner.run_once(cmd, timeout), rss_floored=True)
    argv, env = runner.split_cmd(cmd)
    with tempfile.NamedTemporaryFile("r") as t:
        s = runner.run_once(([TIME, "-q", "-o", t.name, "-f", "%M %R"] + argv, env or {}), timeout)
        t.seek(0)
        last = t.read().strip().splitlines()[-1].split()
    s["maxrss_kb"], s["minflt"] = int(last[0]), int(last[1])
    return s


def measured(samples, key):
    return [s[key] for s in samples if s["phase"] == "measure"]


def summarize_arm(samples):
    cpu = measured(samples, "cpu_s")
    pairs = next(s["pairs"] for s in samples if s["phase"] == "measure")
    m = stats.median(cpu)
    return {"median_cpu_s": m, "spread_cpu_s": stats.spread(cpu), "n_samples": len(cpu), "pairs": pairs,
            "ns_per_alloc": m / pairs * 1e9 if pairs else None,
            "median_wall_s": stats.median(measured(samples, "wall_s")),
            "median_maxrss_kb": stats.median(measured(samples, "maxrss_kb")),
            "median_minflt": stats.median(measured(samples, "minflt"))}


def analyze(cell, arms):
    """Per-arm summaries, checksum agreement, and each arm against goose
    (ratio arm / goose of CPU and of peak RSS)."""
    out = {"arms": {}, "errors": dict(cell.errors), "drift_s": stats.drift(cell.drift_pairs)}
    for a in arms:
        if a in cell.errors or not measured(cell.samples.get(a, []), "cpu_s"):
            out["errors"].setdefault(a, "no measured sample")
            continue
        sums = {s["checksum"] for s in cell.samples[a]}
        if len(sums) > 1:
            out["errors"][a] = f"checksum changes from run to run: {sorted(sums)}"
            continue
        out["arms"][a] = dict(summarize_arm(cell.samples[a]), checksum=sums.pop())
    for bad, msg in guards.check_checksums({a: e["checksum"] for a, e in out["arms"].items()}, ["goose"]):
        out["errors"][bad] = msg
        del out["arms"][bad]
    g = out["arms"].get("goose")
    if g and cell.ref == "goose":
        ref = measured(cell.samples["goose"], "cpu_s")
        for a, e in out["arms"].items():
            if a != "goose":
                e["vs_goose"] = stats.compare(ref, measured(cell.samples[a], "cpu_s"), out["drift_s"])
                e["rss_vs_goose"] = e["median_maxrss_kb"] / g["median_maxrss_kb"]
    return out


def _judge(ratio, band, threshold):
    if ratio is None:
        return "not measured"
    word = "met" if ratio >= threshold else "not met"
    return word + (" (within noise)" if band is not None and abs(ratio - threshold) < band else "")


def targets(name, res):
    """{target: verdict text} of one workload's analysed cell."""
    arms = res["arms"]
    out = {}
    if name in CHURN:
        for arm, thr, label in (("system", TARGET_SYSTEM, "1.5x faster than glibc"),
                                ("mimalloc", TARGET_MIMALLOC, "within 5% of mimalloc")):
            v = arms.get(arm, {}).get("vs_goose")
            out[label] = _judge(v["ratio"] if v else None, v["band"] if v else None, thr)
    s = arms.get("system", {}).get("rss_vs_goose")
    out["peak RSS <= glibc"] = _judge(s, None, TARGET_RSS)
    return out


def control_verdict(cmp):
    if cmp is None:
        return False, f"{guards.PROVED_NOTHING}: the control did not run"
    ok = stats.separated(cmp) and cmp["ratio"] > 1
    text = f"{CONTROL} goose with more steps / goose = {cmp['ratio']:.3f} +-{cmp['band']:.3f} {cmp['verdict']}"
    return ok, ("control separated: " if ok else f"{guards.PROVED_NOTHING}: ") + text


def _cell_line(name, res):
    parts = []
    for a in ALL_ARMS:
        e = res["arms"].get(a)
        if e is None:
            if a in OPTIONAL:
                continue
            parts.append(f"{a} ERROR" if a in res["errors"] else f"{a} -")
            continue
        v = e.get("vs_goose")
        parts.append(f"{a} {e['median_cpu_s']:.3f}s" + (f" x{v['ratio']:.2f}" if v else "")
                     + f" {e['median_maxrss_kb'] / 1024:.0f}MiB")
    return f"{name}: " + ", ".join(parts)


def markdown(doc):
    """results.md: how it was run, the control, one table row per
    (workload, arm), the targets."""
    p, h = doc["protocol"], doc["host"]
    lines = ["# Heap benchmark: the Goose heap against malloc (glibc, mimalloc, jemalloc)\n",
             f"- date: {doc['date']} ({doc['duration_s']:.0f} s); {h['cpus']} CPUs; load average "
             f"{h['loadavg_start'][0]:.2f} at the start, {h['loadavg_end'][0]:.2f} at the end",
             f"- command: `{' '.join(doc['command'])}`; build: goose build -O2 --cc clang",
             f"- samples: {p['rounds']} measured runs per arm after {p['warmup']} warm-up round, "
             f"{p['copies']} renamed copies, interleaved goose, others rotated, goose"
             + (" (--quick: a smoke run, not a decision)" if p["quick"] else ""),
             "- arms: goose = the Goose heap; system = GOOSE_HEAP=system (glibc malloc); mimalloc, jemalloc = "
             "GOOSE_HEAP=system with the library LD_PRELOADed"
             + (f"; {KEEP0} = the Goose heap without its keep-for-a-while release policy "
                "(GOOSE_CFLAGS=-DGS_HEAP_KEEP=0)" if doc["protocol"].get("keep_ab") else "")
             + ("; goose_p1, goose_p10 = the Goose heap at GOOSE_HEAP_PROFILE=1 and 10 (goose: the default rung, 5)"
                if doc["protocol"].get("profiles") else ""),
             "- CPU = child user+sys, median; vs goose = arm / goose (above 1: goose is faster), band = 2 noise "
             "floors; ns/op = median CPU / operations (allocations; push_growth: slices grown); RSS = peak, "
             "the program's own (GNU time); faults = minor page faults",
             f"- control: {doc['verdict']}\n"]
    cg = any(c.get("callgrind") for c in doc["cells"].values())
    head = ["workload", "args", "arm", "CPU s", "vs goose", "band", "verdict", "ns/op", "peak RSS MiB",
            "RSS vs goose", "minor faults"] + (["Ir", "Ir vs goose"] if cg else [])
    rows = ["| " + " | ".join(head) + " |", "|---|---|---|" + "---:|" * (len(head) - 3)]
    for name, c in doc["cells"].items():
        for a in ALL_ARMS:
            e = c["arms"].get(a)
            args = " ".join(map(str, c["args"]))
            if e is None:
                if a in c["errors"]:
                    rows.append(f"| {name} | {args} | {a} | error |" + " |" * (len(head) - 4))
                continue
            v = e.get("vs_goose")
            ratio = "—" if not doc["control_ok"] else (f"{v['ratio']:.2f}" if v else "(ref)")
            row = [name, args, a, f"{e['median_cpu_s']:.3f}", ratio,
                   f"+-{v['band']:.2f}" if v and doc["control_ok"] else "",
                   v["verdict"] if v and doc["control_ok"] else "",
                   f"{e['ns_per_alloc']:.1f}", f"{e['median_maxrss_kb'] / 1024:.1f}",
                   f"{e['rss_vs_goose']:.2f}" if "rss_vs_goose" in e else "(ref)", f"{e['median_minflt']:,.0f}"]
            if cg:
                g = (c.get("callgrind") or {}).get(a, {})
                gg = (c.get("callgrind") or {}).get("goose", {})
                row += [f"{g['ir']:,}" if "ir" in g else "",
                        f"{g['ir'] / gg['ir']:.2f}" if "ir" in g and "ir" in gg else ""]
            rows.append("| " + " | ".join(row) + " |")
    tl = ["\n## Targets\n", "| workload | target | verdict |", "|---|---|---|"]
    for name, c in doc["cells"].items():
        for t, v in c.get("targets", {}).items():
            tl.append(f"| {name} | {t} | {v if doc['control_ok'] or t.startswith('peak') else 'control not separated'} |")
    notes = []
    if cg:
        notes.append("\nIr: valgrind --tool=callgrind, whole process, one run at the --callgrind arguments "
                     + ", ".join(f"{n} {' '.join(map(str, w['callgrind']))}" for n, w in WORKLOADS.items()
                                 if n in doc["cells"]) + " (user-space instructions only: page faults and "
                     "madvise are kernel time, which the minor-fault count shows instead)")
    errs = [f"- {n} {a}: `{m.strip().splitlines()[-1][:200] if m.strip() else m}`"
            for n, c in doc["cells"].items() for a, m in c["errors"].items()]
    return "\n".join(lines + rows + tl + notes) + ("\n\n## Errors\n\n" + "\n".join(errs) if errs else "") + "\n"


class Bench:
    def __init__(self, a):
        self.a = a
        self.rounds, self.warmup, self.copies = QUICK_PLAN if a.quick else FULL_PLAN
        self.rounds = a.rounds or self.rounds
        self.copies = a.copies or self.copies
        self.out = os.path.abspath(a.out)
        self.bdir = os.path.join(self.out, "build")

    def build(self, name, cflags=None):
        """The workload's executable; with cflags, built with GOOSE_CFLAGS
        set to them (and named apart)."""
        with open(os.path.join(HERE, name + ".gs"), encoding="utf-8") as f:
            text = f.read()
        src = os.path.join(self.bdir, "src", name + (".gs" if cflags is None else "_keep0.gs"))
        saved = os.environ.get("GOOSE_CFLAGS")
        if cflags is not None:
            os.environ["GOOSE_CFLAGS"] = cflags
        try:
            return build.goose_arm(self.a.goose, src, text, "clang", 2, os.path.join(self.bdir, "bin"),
                                   self.copies)
        finally:
            if saved is None:
                os.environ.pop("GOOSE_CFLAGS", None)
            else:
                os.environ["GOOSE_CFLAGS"] = saved

    def cell(self, name):
        wl = WORKLOADS[name]
        args = wl["quick" if self.a.quick else "full"]
        res = {"args": args, "arms": {}, "errors": {}}
        art = self.build(name)
        res["binary"] = art.to_json()
        res["source"], res["emitted_c"] = art.source, art.emitted_c
        if art.error:
            res["errors"] = {a: art.error for a in self.a.arms}
            return res
        envs = {}
        for a in self.a.arms:
            try:
                envs[a] = arm_env(a)
            except runner.RunError as e:
                res["errors"][a] = str(e)
        arts = {a: art for a in envs}
        if self.a.keep_ab:
            k0 = self.build(name, "-DGS_HEAP_KEEP=0")
            res["binary_keep0"] = k0.to_json()
            if k0.error:
                res["errors"][KEEP0] = k0.error
            else:
                envs[KEEP0], arts[KEEP0] = arm_env(KEEP0), k0
        if self.a.profiles:
            for a in PROFILES:
                envs[a], arts[a] = arm_env(a), art
        guards.check_distinct({a: identity(arts[a].identity, e) for a, e in envs.items()}, name)
        argv = [str(x) for x in args]
        cmds = {a: [(cp + argv, env) for cp in arts[a].copies] for a, env in envs.items()}
        rounds = self.rounds
        if name == CONTROL and "goose" in cmds:
            f = CONTROL_SCALE[1 if self.a.quick else 0]
            cargs = [str(x) for x in scaled_args(args, wl["work"], f)]
            cmds["control"] = [(cp + cargs, envs["goose"]) for cp in art.copies]
            res["control_args"] = cargs
            if self.a.quick:
                rounds = max(rounds, QUICK_CONTROL_ROUNDS)
        cell = runner.measure_cell(cmds, "goose", rounds, self.warmup, self.a.timeout, run_fn=run_fn)
        res["samples"], res["drift_pairs"] = cell.samples, cell.drift_pairs
        an = analyze(cell, [a for a in envs])
        res["arms"], res["drift_s"] = an["arms"], an["drift_s"]
        res["errors"].update(an["errors"])
        if "control" in cmds and cell.ref == "goose" and "control" not in cell.errors:
            res["control"] = stats.compare(measured(cell.samples["goose"], "cpu_s"),
                                           measured(cell.samples["control"], "cpu_s"), an["drift_s"])
        res["targets"] = targets(name, res)
        if self.a.callgrind:
            res["callgrind"] = self.callgrind(arts, envs, wl)
        return res

    def callgrind(self, arts, envs, wl):
        out = {"args": wl["callgrind"]}
        argv = [str(x) for x in wl["callgrind"]]
        for a, env in envs.items():
            try:
                ir, pairs = runner.callgrind((arts[a].copies[0] + argv, env))
                out[a] = {"ir": ir, "pairs": pairs}
            except runner.RunError as e:
                out[a] = {"error": str(e)}
        return out


def parse_args(argv):
    ap = argparse.ArgumentParser(prog="bench/heap/run.py", description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--only", nargs="+", metavar="NAME", choices=list(WORKLOADS), help="workloads to run")
    ap.add_argument("--arms", default=",".join(ARMS), help="arms (goose always runs: it is the reference)")
    ap.add_argument("--quick", action="store_true", help="small sizes and few samples: a smoke run")
    ap.add_argument("--callgrind", action="store_true", help="add instruction counts (--callgrind sizes)")
    ap.add_argument("--profiles", action="store_true",
                    help="+ the Goose heap at GOOSE_HEAP_PROFILE=1 and 10 (the memory dial's ends)")
    ap.add_argument("--keep-ab", action="store_true",
                    help=f"add the arm {KEEP0}: the Goose heap without its keep-for-a-while release policy")
    ap.add_argument("--out", default=os.path.join(BENCH, "out", "heap"))
    ap.add_argument("--goose", default=None, help="goose binary (default $GOOSE, build/goose, build-lead/goose)")
    ap.add_argument("--rounds", type=int, help="measured runs per arm")
    ap.add_argument("--copies", type=int, help="renamed copies of each executable")
    ap.add_argument("--timeout", type=float, default=300, help="seconds before one run is killed")
    a = ap.parse_args(argv)
    arms = [x for x in a.arms.split(",") if x]
    bad = [x for x in arms if x not in ARMS]
    if bad:
        ap.error(f"unknown arm(s) {bad}; expected some of {list(ARMS)}")
    a.arms = ["goose"] + [x for x in ARMS if x in arms and x != "goose"]
    return a


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    a = parse_args(argv)
    names = a.only or list(WORKLOADS)
    if CONTROL not in names:
        names.append(CONTROL)   # the control's cell always runs
    a.goose = matrix.find_goose(a.goose)
    b = Bench(a)
    os.makedirs(b.out, exist_ok=True)
    started, load0 = datetime.datetime.now().astimezone(), os.getloadavg()
    log(f"heap benchmark: {len(names)} workloads x {len(a.arms)} arms, {b.rounds} rounds, {b.copies} copies"
        + (" (quick)" if a.quick else "") + f"; load average {load0[0]:.2f} on {os.cpu_count()} CPUs")
    cells = {}
    try:
        for i, n in enumerate(names):
            log(f"[{i + 1}/{len(names)}] {n}{' (with the control)' if n == CONTROL else ''} ...")
            cells[n] = b.cell(n)
            log("    " + _cell_line(n, cells[n]))
    except guards.GuardError as e:
        log(f"abort: {e}")
        return guards.EXIT_GUARD
    ok, verdict = control_verdict(cells[CONTROL].get("control"))
    log(verdict)
    doc = {"date": started.isoformat(timespec="seconds"),
           "duration_s": (datetime.datetime.now().astimezone() - started).total_seconds(),
           "command": ["bench/heap/run.py"] + argv,
           "host": {"cpus": os.cpu_count(), "machine": platform.machine(), "kernel": platform.release(),
                    "loadavg_start": load0, "loadavg_end": os.getloadavg()},
           "protocol": {"rounds": b.rounds, "warmup": b.warmup, "copies": b.copies, "quick": a.quick,
                        "keep_ab": a.keep_ab,
                        "profiles": a.profiles,
                        "control_scale": CONTROL_SCALE[1 if a.quick else 0]},
           "workloads": WORKLOADS, "tools": build.tool_versions(a.goose), "cells": cells,
           "control_ok": ok, "verdict": verdict}
    log(f"wrote {output.write_doc(b.out, doc, markdown)} and results.md")
    for n, c in cells.items():
        for t, v in c.get("targets", {}).items():
            log(f"  target {n}: {t}: {v}")
    if not ok:
        return guards.EXIT_CONTROL
    return 4 if any(c["errors"] for c in cells.values()) else 0


if __name__ == "__main__":
    sys.exit(main())
