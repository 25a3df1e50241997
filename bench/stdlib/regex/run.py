#!/usr/bin/env python3
"""run.py — regex against PCRE2 on LangArena's log-parser workload
(Etc::LogParser: 13 patterns, each one's find_all over a generated log).

Arms (bench/harness/runner.py protocol: warm-ups, interleaved rounds with
the reference measured again at the end of each for the A/B/A drift,
renamed copies, child CPU time from wait4):
  pcre2       logparser_pcre2.c with pcre2_match, no JIT (the reference;
              clang -O2, -lpcre2-8)
  goose       logparser.gs with regex (goose build -O2 --cc clang)
  pcre2-jit   the same C with pcre2_jit_compile / pcre2_jit_match
  control     pcre2 doing CONTROL_SCALE times the iterations: the positive
              control, which must be told apart from pcre2
Every arm must print the same checksum per pass (LangArena's: 203286
matches at 52000 lines); the arms' binaries must differ (sha256). Each arm
is also run with 0 iterations (log building and compiling only) right
after its measured run; the net time per pass is (run - base) /
iterations. Cells: `all` (the 13 patterns) and, with --per-pattern, each
pattern alone (PER_PATTERN_SCALE times the iterations). --callgrind adds instruction counts (goose and pcre2, one
run each, net of the 0-iteration run).

  python3 bench/stdlib/regex/run.py --goose build/goose             # full
  python3 bench/stdlib/regex/run.py --goose build/goose --quick     # smoke
  python3 bench/stdlib/regex/run.py --per-pattern --callgrind

Writes results.json and results.md under --out (default
bench/out/regex). Exit status: 0 done, 2 identical binaries, 3 the control
was not separated, 4 an arm failed or checksums differ.
"""
import argparse
import datetime
import json
import os
import platform
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
BENCH = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, BENCH)
from harness import build, guards, runner, stats  # noqa: E402
import log_patterns  # noqa: E402  (beside this file)

PATTERNS = log_patterns.PATTERNS
CONTROL_SCALE = 2.0
PER_PATTERN_SCALE = 8     # a pattern alone is about 1/13 of a pass: more passes
ARMS = ["pcre2", "goose", "pcre2-jit", "control"]


def log(msg):
    print(msg, file=sys.stderr, flush=True)


def build_arms(goose, out, copies):
    """{arm: executable copies}, {arm: sha256}."""
    os.makedirs(out, exist_ok=True)
    exes = {
        "goose": os.path.join(out, "logparser_goose"),
        "pcre2": os.path.join(out, "logparser_pcre2"),
        "pcre2-jit": os.path.join(out, "logparser_pcre2_jit"),
    }
    src = os.path.join(HERE, "logparser_pcre2.c")
    cmds = [
        [goose, "build", os.path.join(HERE, "logparser.gs"), "-O2", "--cc", "clang", "-o", exes["goose"]],
        ["clang", "-O2", src, "-lpcre2-8", "-o", exes["pcre2"]],
        ["clang", "-O2", "-DUSE_JIT", src, "-lpcre2-8", "-o", exes["pcre2-jit"]],
    ]
    for c in cmds:
        subprocess.run(c, check=True)
    ids = {a: guards.sha256_file(e) for a, e in exes.items()}
    guards.check_distinct(ids)
    copies_of = {a: build.copy_names(e, copies) for a, e in exes.items()}
    copies_of["control"] = copies_of["pcre2"]
    return copies_of, ids, cmds


def cell_commands(copies_of, lines, iters, only):
    extra = [] if only is None else [str(only)]
    arms, base = {}, {}
    for a in ARMS:
        n = int(iters * CONTROL_SCALE) if a == "control" else iters
        arms[a] = [[c, str(lines), str(n)] + extra for c in copies_of[a]]
        base[a] = [[c, str(lines), "0"] + extra for c in copies_of[a]]
    return arms, base


def net_per_pass(cell, arm, iters):
    """Net CPU seconds per pass of each round: (run - base) / iterations
    (the control's over the others' iterations, so it costs CONTROL_SCALE
    times the reference)."""
    runs = {s["round"]: s["cpu_s"] for s in cell.samples[arm] if s["phase"] == "measure"}
    bases = {s["round"]: s["cpu_s"] for s in cell.samples[arm] if s["phase"] == "base"}
    return [(runs[r] - bases[r]) / iters for r in sorted(runs) if r in bases]


def measure(name, copies_of, a, only):
    iters = a.iterations if only is None else a.iterations * PER_PATTERN_SCALE
    arms, base = cell_commands(copies_of, a.lines, iters, only)
    cell = runner.measure_cell(arms, "pcre2", a.rounds, a.warmup, base=base)
    if cell.errors:
        for arm, msg in cell.errors.items():
            log(f"{name}: {arm} failed: {msg}")
        sys.exit(4)
    sums = {}
    for arm in ARMS:
        s = [x for x in cell.samples[arm] if x["phase"] == "measure"]
        sums[arm] = str(int(s[0]["checksum"]) * (1 if only is not None else len(PATTERNS))
                        // int(s[0]["pairs"]))
    bad = guards.check_checksums(sums, ["pcre2"])
    if bad:
        log(f"{name}: " + "; ".join(m for _, m in bad))
        sys.exit(4)
    net = {arm: net_per_pass(cell, arm, iters) for arm in ARMS}
    dr = stats.drift([(x / iters, y / iters) for x, y in cell.drift_pairs])
    ok, ctl, _ = guards.control_verdict(net["pcre2"], net["control"], dr, "pcre2",
                                        f"pcre2 x{CONTROL_SCALE}")
    res = {"cell": name, "checksum_per_pass": sums["pcre2"], "net_s_per_pass": net,
           "control_ok": ok, "control": ctl,
           "samples": {arm: cell.samples[arm] for arm in ARMS}}
    for arm in ("goose", "pcre2-jit"):
        res[arm] = stats.compare(net["pcre2"], net[arm], dr)
    return res


def instructions(copies_of, a, only):
    extra = [] if only is None else [str(only)]
    out = {}
    for arm in ("goose", "pcre2"):
        exe = copies_of[arm][0]
        full, _ = runner.callgrind([exe, str(a.cg_lines), str(a.cg_iterations)] + extra)
        zero, _ = runner.callgrind([exe, str(a.cg_lines), "0"] + extra)
        out[arm] = (full - zero) / a.cg_iterations
    return out


def markdown(doc):
    rows = ["| cell | pcre2 ms/pass | goose ms/pass | goose/pcre2 | pcre2-jit ms/pass | jit/pcre2 "
            "| verdict (goose) | control |",
            "|---|---:|---:|---:|---:|---:|---|---|"]
    for r in doc["cells"]:
        g, j = r["goose"], r["pcre2-jit"]
        rows.append("| %s | %.2f | %.2f | %.2f | %.2f | %.2f | %s | %s |" % (
            r["cell"], g["median_ref"] * 1e3, g["median_other"] * 1e3, g["ratio"],
            j["median_other"] * 1e3, j["ratio"], g["verdict"] + " (band +-%.3f)" % g["band"],
            "separated" if r["control_ok"] else "NOT separated"))
    if doc.get("callgrind"):
        rows += ["", "| cell | goose Ir/pass | pcre2 Ir/pass | goose/pcre2 |", "|---|---:|---:|---:|"]
        for name, c in doc["callgrind"].items():
            rows.append("| %s | %s | %s | %.2f |" % (name, f"{int(c['goose']):,}",
                                                     f"{int(c['pcre2']):,}", c["goose"] / c["pcre2"]))
    return "\n".join(rows) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--goose", default="build/goose")
    ap.add_argument("--out", default="bench/out/regex")
    ap.add_argument("--lines", type=int, default=52000)
    ap.add_argument("--iterations", type=int, default=4)
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--warmup", type=int, default=1)
    ap.add_argument("--copies", type=int, default=3)
    ap.add_argument("--quick", action="store_true", help="3 rounds, 2 iterations, 20000 lines")
    ap.add_argument("--per-pattern", action="store_true")
    ap.add_argument("--callgrind", action="store_true")
    ap.add_argument("--cg-lines", type=int, default=10000)
    ap.add_argument("--cg-iterations", type=int, default=2)
    a = ap.parse_args()
    if a.quick:
        a.rounds, a.iterations, a.lines = 3, 2, 20000
    copies_of, ids, cmds = build_arms(a.goose, a.out, a.copies)
    cells = [("all", None)]
    if a.per_pattern:
        cells += [("%d %s" % (k, p), k) for k, p in enumerate(PATTERNS)]
    doc = {"date": datetime.datetime.utcnow().strftime("%Y-%m-%d %H:%M UTC"),
           "load": os.getloadavg(), "machine": platform.platform(), "args": vars(a),
           "builds": cmds, "sha256": ids, "cells": [], "callgrind": {}}
    for i, (name, only) in enumerate(cells):
        log(f"[{i + 1}/{len(cells)}] {name}")
        doc["cells"].append(measure(name, copies_of, a, only))
        if a.callgrind:
            doc["callgrind"][name] = instructions(copies_of, a, only)
    with open(os.path.join(a.out, "results.json"), "w") as f:
        json.dump(doc, f, indent=1, default=str)
    md = markdown(doc)
    with open(os.path.join(a.out, "results.md"), "w") as f:
        f.write(md)
    print(md)
    print("load average at the start: %.2f %.2f %.2f" % tuple(doc["load"]))
    if not all(r["control_ok"] for r in doc["cells"]):
        print(guards.PROVED_NOTHING + " (a control was not separated)")
        return guards.EXIT_CONTROL
    return 0


if __name__ == "__main__":
    sys.exit(main())
