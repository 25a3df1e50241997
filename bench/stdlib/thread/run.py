#!/usr/bin/env python3
"""run.py — thread.parallel on a matrix product, with bench/harness: the
wall time of C = A * B (n x n f64, default 400) on 1 and 2 threads, Goose
(matmul.gs, goose build -O2 --cc clang) against C with pthreads
(matmul.c, clang -std=c11 -O2 -pthread: the same loops and row split).

Arms (each run does REPS products; args n threads reps):
  goose_seq  matmul.gs on the calling thread (no thread.parallel)
  goose_t1   thread.parallel(1, ...): one thread started per product
  goose_t2   thread.parallel(2, ...): rows split in two halves
  c_t1, c_t2 matmul.c with 1 and 2 pthreads
  control    goose_t1 doing twice the products: the positive control (if
             the harness cannot tell it from goose_t1 it says "the
             instrument proved nothing" and exits 3)
Every arm also runs with reps 0 (set-up only: the matrices filled), and
the figures are net wall milliseconds per product (wall - set-up wall) /
reps, medians; CPU ms per product beside them (two threads: the sum of
both). Ratios are to goose_t1 (below 1: faster); the noise band is twice
the floor (A/B/A drift of goose_t1, within-arm spreads). The checksums of
every arm must agree. Wall time is what threads change, so the machine's
load (uptime, before and after) is part of the result.

    python3 bench/stdlib/thread/run.py [--goose build/goose] [--n 400]
        [--quick] [--out DIR]

Writes results.json (every sample, sources, hashes, tool versions) and
results.md under --out (default bench/out/thread).
Exit status: 0 done, 2 a guard stopped the run, 3 control not separated.
"""
import argparse
import datetime
import json
import os
import platform
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", ".."))

from harness import build, guards, runner, stats  # noqa: E402

ROUNDS = {False: (11, 2, 3), True: (3, 1, 2)}   # rounds, warm-ups, copies
REPS = {False: 20, True: 6}
ARMS = [("goose_seq", "goose", 0, 1), ("goose_t1", "goose", 1, 1), ("goose_t2", "goose", 2, 1),
        ("c_t1", "c", 1, 1), ("c_t2", "c", 2, 1), ("control", "goose", 1, 2)]
REF = "goose_t1"


def build_all(goose, out, copies):
    gexe, cexe = os.path.join(out, "matmul_goose"), os.path.join(out, "matmul_c")
    gsrc, csrc = os.path.join(HERE, "matmul.gs"), os.path.join(HERE, "matmul.c")
    cmds = [[goose, "build", gsrc, "-O2", "--cc", "clang", "-o", gexe],
            ["clang"] + build.PEER_CFLAGS + ["-pthread", csrc, "-o", cexe]]
    for c in cmds:
        subprocess.run(c, check=True)
    emitted = subprocess.run([goose, "emit-c", gsrc, "-O2"], check=True, capture_output=True,
                             text=True).stdout
    return {"goose": build.copy_names(gexe, copies), "c": build.copy_names(cexe, copies)}, cmds, {
        "goose_source": open(gsrc).read(), "c_source": open(csrc).read(), "emitted_c": emitted,
        "goose_sha256": guards.sha256_file(gexe), "c_sha256": guards.sha256_file(cexe)}


def net(cell, arm, key, reps):
    """Net ms per product of each measured run: key (wall_s or cpu_s)
    minus the arm's median set-up run, over the products it did."""
    base = [s[key] for s in cell.samples[arm] if s["phase"] == "base"]
    b = stats.median(base) if base else 0.0
    return [(s[key] - b) * 1e3 / reps for s in cell.samples[arm] if s["phase"] == "measure"]


def wall_drift(cell, reps):
    """A/B/A drift of the reference in wall ms per product."""
    by_round = {}
    for s in cell.samples[REF]:
        if s["phase"] in ("measure", "drift"):
            by_round.setdefault(s["round"], {})[s["phase"]] = s["wall_s"]
    pairs = [(r["measure"] * 1e3 / reps, r["drift"] * 1e3 / reps) for r in by_round.values()
             if "measure" in r and "drift" in r]
    return stats.drift(pairs)


def measure(exes, n, quick, log):
    rounds, warm, _ = ROUNDS[quick]
    reps = REPS[quick]
    arms = {a: [[p, str(n), str(t), str(reps * k)] for p in exes[side]] for a, side, t, k in ARMS}
    base = {a: [[p, str(n), str(t), "0"] for p in exes[side]] for a, side, t, _ in ARMS}
    log(f"{len(arms)} arms x {rounds} rounds, {reps} products of {n}x{n} per run")
    cell = runner.measure_cell(arms, REF, rounds, warm, base=base)
    if cell.errors:
        raise guards.GuardError(f"arm errors: {cell.errors}")
    sums = {a: [x["checksum"] for x in cell.samples[a] if x["phase"] == "measure"][-1] for a, *_ in ARMS}
    bad = guards.check_checksums(sums, [REF, "c_t1"])
    if bad:
        raise guards.GuardError("; ".join(m for _, m in bad))
    k_of = {a: k for a, _, _, k in ARMS}
    walls = {a: net(cell, a, "wall_s", reps * k_of[a]) for a in arms}
    cpus = {a: net(cell, a, "cpu_s", reps * k_of[a]) for a in arms}
    dr = wall_drift(cell, reps)
    ok, text, _ = guards.control_verdict(walls[REF], [2 * v for v in walls["control"]], dr, REF, "control")
    rows = {}
    for a, *_ in ARMS:
        if a == "control":
            continue
        cmp = stats.compare(walls[REF], walls[a], dr)
        rows[a] = {"wall_ms": stats.median(walls[a]), "cpu_ms": stats.median(cpus[a]),
                   "ratio": cmp["ratio"], "band": cmp["band"], "verdict": cmp["verdict"],
                   "samples": len(walls[a])}
    vs_c = {t: stats.median(walls[f"goose_t{t}"]) / stats.median(walls[f"c_t{t}"]) for t in (1, 2)}
    return {"n": n, "reps": reps, "rounds": rounds, "control": text, "control_ok": ok, "rows": rows,
            "goose_over_c": vs_c, "drift_wall_ms": dr, "samples": cell.samples}


def markdown(doc):
    c = doc["cell"]
    lines = [f"{doc['date']}; load before: {doc['load_before']}, after: {doc['load_after']}; "
             f"{c['rounds']} rounds, {c['reps']} products of {c['n']}x{c['n']} f64 per run, "
             f"medians of net time per product; {c['control']}", "",
             f"| arm | wall ms | cpu ms | wall ratio to {REF} | noise band | verdict |",
             "|---|---:|---:|---:|---:|---|"]
    for a, r in c["rows"].items():
        lines.append(f"| {a} | {r['wall_ms']:.2f} | {r['cpu_ms']:.2f} | {r['ratio']:.2f} | "
                     f"+-{r['band']:.3f} | {r['verdict']} |")
    lines += ["", "goose / C (wall): " + ", ".join(f"{t} thread{'s' if t > 1 else ''} {v:.2f}"
                                                  for t, v in c["goose_over_c"].items())]
    return "\n".join(lines)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--goose", default="build/goose")
    ap.add_argument("--n", type=int, default=400)
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--out", default="bench/out/thread")
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    log = lambda m: print(m, file=sys.stderr, flush=True)  # noqa: E731
    load_before = open("/proc/loadavg").read().strip()
    _, _, copies = ROUNDS[a.quick]
    exes, cmds, snap = build_all(a.goose, a.out, copies)
    try:
        guards.check_distinct({"goose": snap["goose_sha256"], "c": snap["c_sha256"]})
        cell = measure(exes, a.n, a.quick, log)
    except guards.GuardError as e:
        print(f"run.py: {e}", file=sys.stderr)
        return 2
    doc = {"date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
           "load_before": load_before, "load_after": open("/proc/loadavg").read().strip(),
           "cpus": os.cpu_count(), "machine": platform.processor() or platform.machine(),
           "commands": cmds, "versions": build.tool_versions(a.goose), "cell": cell, **snap}
    with open(os.path.join(a.out, "results.json"), "w") as f:
        json.dump(doc, f, indent=1, default=str)
    md = markdown(doc)
    with open(os.path.join(a.out, "results.md"), "w") as f:
        f.write(md + "\n")
    print(md)
    if not cell["control_ok"]:
        print(guards.PROVED_NOTHING, file=sys.stderr)
        return 3
    return 0


if __name__ == "__main__":
    sys.exit(main())
