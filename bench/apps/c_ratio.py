#!/usr/bin/env python3
"""c_ratio.py — "does Goose cost anything over C?": every LangArena port in
bench/apps/ against the hand-written C version of the same algorithm in
bench/apps/c/<slug>.c. The C is compiled with `clang -std=c11 -O2` (the
flags `goose build` gives clang), the Goose port with `goose build -O2 --cc
clang`; each Goose program (both variants of a port with pools) is one row,
its ratio Goose/C of the medians of
  - timed window: the seconds the program prints (`<Name>: OK in <s>s`,
    the LangArena timed runs),
  - CPU: the whole process, user + sys (start-up, input building and
    warm-up runs included),
  - Ir (--callgrind): instructions of one whole-process run under
    valgrind --tool=callgrind at the CALLGRIND inputs, which do not depend
    on the machine's load.
The target: at most 1.15 for every program (docs/benchmarks.md).

  python3 bench/apps/c_ratio.py --quick                 # smoke run, small sizes
  python3 bench/apps/c_ratio.py                         # full sizes (SIZES)
  python3 bench/apps/c_ratio.py --callgrind-only        # Ir ratios only (no timing)
  python3 bench/apps/c_ratio.py --callgrind --only sieve lzw_encode
  python3 bench/apps/c_ratio.py --list

Protocol (bench/harness/runner.py, as bench/pool_workloads.py): renamed
copies, warm-ups, interleaved rounds C, Goose..., C (the A/B/A drift), with
the distinct-binary guard. Every arm must print OK for the same expected
checksum (the JSON one when the inputs are a test.json/run.json entry's,
else the one a calibration run of the C version reports). Positive control:
the C version of sieve (else the first port run) with 25% more iterations
(--quick: twice as many, 5 rounds) must be told apart from the C (slower);
a metric whose control is not separated reports no ratios, and when
neither separates the run exits 3.

Writes results.json and results.md under --out (default
bench/out/c_ratio). Exit status: 0 done; 1 bad usage; 2 identical binaries;
3 control not separated; 4 some arm failed. Python 3 standard library only.
Not for: checking answers at the JSON sizes (run_apps.py --c) or
builtin/library pools (bench/pool_workloads.py).
"""
import argparse
import datetime
import glob
import os
import platform
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
BENCH = os.path.dirname(HERE)
sys.path.insert(0, BENCH)
from harness import build, guards, matrix, output, runner, stats  # noqa: E402
import pool_workloads as pw  # noqa: E402  (header, checksum and run helpers)

C_DIR = os.path.join(HERE, "c")
C_FLAGS = ["-std=c11", "-O2"]
METRICS = pw.METRICS
TARGET = 1.15
# libc's string functions: valgrind counts every iteration of their
# `rep movsb` / `rep stosb` as one instruction, so a few hundred KiB of
# memset or memcpy weigh millions of Ir for microseconds of time. The
# Ir table also shows the ratio without them.
MEM_FN = re.compile(r"__mem(set|cpy|move)\w*|\bmem(set|cpy|move)\b")
ANNOT_LINE = re.compile(r"^\s*([\d,]+)\s+(?:\([^)]*\)\s+)?(\S.*)$")
CONTROL_SCALE = 1.25
QUICK_CONTROL = (2.0, 5)
CONTROL_PORT = "sieve"

# Inputs per port: pool_workloads.py's tables for the ports with pools (one
# run 0.5-3 s of CPU), and these for the others. A port missing from a
# table runs at its run.json inputs (full) or test.json inputs (the others).
SIZES = dict(pw.SIZES, **{
    "sieve": {"limit": 3000000, "iterations": 270},                 # = run.json
    "binarytrees_arena": {"depth": 20, "iterations": 30},           # = run.json
    "sort_quick": {"size": 400000, "iterations": 50},               # = run.json
    "sort_merge": {"size": 400000, "iterations": 50},
    "sort_self": {"size": 400000, "iterations": 50},
})
QUICK = dict(pw.QUICK, **{
    "sieve": {"limit": 3000000, "iterations": 20},
    "binarytrees_arena": {"depth": 16, "iterations": 30},
    "sort_quick": {"size": 100000, "iterations": 20},
    "sort_merge": {"size": 100000, "iterations": 20},
    "sort_self": {"size": 100000, "iterations": 20},
})
CALLGRIND = dict(pw.CALLGRIND, **{
    "sieve": {"limit": 1000000, "iterations": 10},
    "binarytrees_arena": {"depth": 14, "iterations": 10},
    "sort_quick": {"size": 100000, "iterations": 5},
    "sort_merge": {"size": 100000, "iterations": 5},
    "sort_self": {"size": 100000, "iterations": 5},
})


class Port:
    """One algorithm: its C source and its Goose programs {row: path}."""

    def __init__(self, slug, name, inputs, c_path, goose):
        self.slug, self.name, self.inputs = slug, name, inputs
        self.c_path, self.goose = c_path, goose


def find_ports(c_dir=C_DIR, apps_dir=HERE):
    """Every bench/apps/c/<slug>.c with a Goose twin (<slug>.gs, or
    <slug>_builtin.gs and <slug>_library.gs) whose headers agree."""
    ports = []
    for c in sorted(glob.glob(os.path.join(c_dir, "*.c"))):
        slug = os.path.basename(c)[:-2]
        hc = pw.read_header(c)
        if hc is None or slug[0] in "_.":
            continue
        goose = {}
        for row in (slug, slug + "_builtin", slug + "_library"):
            p = os.path.join(apps_dir, row + ".gs")
            if os.path.exists(p):
                if pw.read_header(p) != hc:
                    raise SystemExit(f"{row}.gs and c/{slug}.c have different headers")
                goose[row] = p
        if not goose:
            raise SystemExit(f"c/{slug}.c has no Goose twin in {apps_dir}")
        ports.append(Port(slug, hc[0], hc[1], c, goose))
    return ports


def c_arm(src, out_dir, copies):
    """The C arm: clang -std=c11 -O2 of src (its folder on the include path)."""
    a = build.Artifact(os.path.basename(src)[:-2] + "-c-clang-O2")
    os.makedirs(out_dir, exist_ok=True)
    with open(src) as f:
        a.source = f.read()
    exe = os.path.join(out_dir, a.key)
    cmd = ["clang"] + C_FLAGS + ["-I", os.path.dirname(src), src, "-o", exe]
    a.commands.append(cmd)
    ok, msg = build._run(cmd)
    if not ok:
        a.error = "clang failed:\n" + msg
        return a
    a.identity = guards.sha256_file(exe)
    a.copies = [[p] for p in build.copy_names(exe, copies)]
    return a


def mem_ir(listing):
    """Instructions inside libc's mem{set,cpy,move} in a callgrind_annotate
    listing (one `Ir (share) file:function [object]` line per function); a
    listing without any function line is an error, not zero."""
    mem, lines = 0, 0
    for line in listing.splitlines():
        lm = ANNOT_LINE.match(line)
        if not lm:
            continue
        lines += 1
        if MEM_FN.search(lm.group(2).split(" [")[0]):
            mem += int(lm.group(1).replace(",", ""))
    if lines == 0:
        raise runner.RunError("callgrind_annotate listed no functions:\n" + listing[-600:])
    return mem


def _tool(argv, timeout):
    """A finished subprocess of argv; RunError when it failed or could not start."""
    try:
        p = subprocess.run(argv, capture_output=True, text=True, timeout=timeout)
    except (OSError, subprocess.TimeoutExpired) as e:
        raise runner.RunError(f"{argv[0]}: {e}") from e
    if p.returncode != 0:
        raise runner.RunError(f"{' '.join(argv)}: status {p.returncode}\n{p.stderr[-600:]}")
    return p


def callgrind_split(cmd, timeout=1800, valgrind="valgrind", annotate="callgrind_annotate"):
    """(instructions of one whole-process run, those inside libc's
    mem{set,cpy,move}) under valgrind --tool=callgrind; RunError when
    valgrind or callgrind_annotate fails or prints no counts."""
    with tempfile.TemporaryDirectory(prefix="c_ratio-cg-") as d:
        out = os.path.join(d, "cg.out")
        r = _tool([valgrind, "--tool=callgrind", f"--callgrind-out-file={out}"] + list(cmd), timeout)
        m = runner.COLLECTED_RE.search(r.stderr)
        if not m:
            raise runner.RunError(f"callgrind of {' '.join(cmd)}: no instruction count\n{r.stderr[-600:]}")
        a = _tool([annotate, "--threshold=100", out], timeout)
    return int(m.group(1)), mem_ir(a.stdout)


def runs_ir(cg, arm):
    """Instructions of the runs alone, without mem*: the run at the
    CALLGRIND inputs less the same program at iterations=0 (start-up,
    prepare and one warm-up run), so W + iterations - 1 runs."""
    return (cg["ir"][arm] - cg["ir_mem"][arm]) - (cg["ir_base"][arm] - cg["ir_base_mem"][arm])


def log(msg):
    print(msg, file=sys.stderr, flush=True)


class Bench(pw.Bench):
    """pool_workloads' run plan and inputs with this script's sizes; the C arm beside Goose."""
    SIZES, QUICK = SIZES, QUICK

    def build(self, port):
        arts = {"c": c_arm(port.c_path, os.path.join(self.bdir, "bin"), self.copies)}
        for row, path in port.goose.items():
            with open(path, encoding="utf-8") as f:
                text = f.read()
            arts[row] = build.goose_arm(self.a.goose, os.path.join(self.bdir, "src", row + ".gs"), text,
                                        "clang", 2, os.path.join(self.bdir, "bin"), self.copies)
        return arts

    def expected(self, port, c_art, inputs):
        js = pw.json_checksum(port, inputs, self.jsons)
        if js is not None:
            return js, "langarena json"
        return pw.calibrate(c_art.copies[0], port, inputs, self.a.timeout), "calibrated (C run)"

    def cell(self, port, with_control):
        res = {"slug": port.slug, "name": port.name, "rows": list(port.goose), "error": None,
               "control_cell": with_control}
        arts = self.build(port)
        res["binaries"] = {k: a.to_json() for k, a in arts.items()}
        res["emitted_c"] = {k: a.emitted_c for k, a in arts.items() if k != "c"}
        bad = [f"{k}: {a.error}" for k, a in arts.items() if a.error]
        if bad:
            res["error"] = "\n".join(bad)
            return res
        guards.check_distinct({k: a.identity for k, a in arts.items()}, port.slug)
        if not self.a.callgrind_only:
            self.timed(port, res, arts, with_control)
        if self.a.callgrind or self.a.callgrind_only:
            res["callgrind"] = self.callgrind(port, arts)
        return res

    def timed(self, port, res, arts, with_control):
        inputs, note = self.inputs(port, self.table)
        res.update(inputs=inputs, note=note)
        try:
            expected, source = self.expected(port, arts["c"], inputs)
            res.update(checksum=expected, checksum_source=source)
            cmds = {k: [c + pw.argv_inputs(port, inputs) + [str(expected)] for c in a.copies]
                    for k, a in arts.items()}
            if with_control:
                cin = pw.scaled(inputs, QUICK_CONTROL[0] if self.a.quick else CONTROL_SCALE)
                cexp = pw.calibrate(arts["c"].copies[0], port, cin, self.a.timeout)
                cmds["control"] = [c + pw.argv_inputs(port, cin) + [str(cexp)] for c in arts["c"].copies]
                res["control_inputs"], res["control_checksum"] = cin, cexp
        except runner.RunError as e:
            res["error"] = str(e)
            return
        fns = {arm: pw.make_run_fn(port.name, cs[0][-1]) for arm, cs in cmds.items()}

        def run_fn(argv, timeout):
            arm = next(a for a, cs in cmds.items() if any(argv == c for c in cs))
            return fns[arm](argv, timeout)
        rounds = max(self.rounds, QUICK_CONTROL[1]) if self.a.quick and "control" in cmds else self.rounds
        cell = runner.measure_cell(cmds, "c", rounds, self.warmup, self.a.timeout, run_fn=run_fn)
        res["samples"], res["drift_pairs"], res["arm_errors"] = cell.samples, cell.drift_pairs, cell.errors
        if cell.errors:
            res["error"] = "\n".join(f"{k}: {v}" for k, v in cell.errors.items())
        if cell.ref != "c":
            return
        res["comparison"] = {row: pw.compare_cell(cell, "c", row) for row in port.goose
                             if row not in cell.errors}
        if "control" in cmds and "control" not in cell.errors:
            res["control"] = pw.compare_cell(cell, "c", "control")
        res["medians"] = {arm: {k: stats.median(pw.measured(s, k)) for k in ("timed_s", "cpu_s", "maxrss_kb")}
                          for arm, s in cell.samples.items() if pw.measured(s, "cpu_s")}

    def callgrind(self, port, arts):
        inputs, _ = self.inputs(port, CALLGRIND)
        base = dict(inputs, iterations=0)
        out = {"inputs": inputs, "ir": {}, "ir_mem": {}, "ir_base": {}, "ir_base_mem": {},
               "ratio": {}, "ratio_nomem": {}, "ratio_runs": {}}
        try:
            exp, _ = self.expected(port, arts["c"], inputs)
            exp0 = pw.calibrate(arts["c"].copies[0], port, base, self.a.timeout)
            for k, a in arts.items():
                ir, mem = callgrind_split(a.copies[0] + pw.argv_inputs(port, inputs) + [str(exp)])
                ir0, mem0 = callgrind_split(a.copies[0] + pw.argv_inputs(port, base) + [str(exp0)])
                out["ir"][k], out["ir_mem"][k] = ir, mem
                out["ir_base"][k], out["ir_base_mem"][k] = ir0, mem0
            c_rest = out["ir"]["c"] - out["ir_mem"]["c"]
            c_runs = runs_ir(out, "c")
            for row in port.goose:
                out["ratio"][row] = out["ir"][row] / out["ir"]["c"]
                out["ratio_nomem"][row] = (out["ir"][row] - out["ir_mem"][row]) / c_rest
                out["ratio_runs"][row] = runs_ir(out, row) / c_runs
        except runner.RunError as e:
            out["error"] = str(e)
        return out


def control_verdict(cells, callgrind_only):
    """({metric: separated}, text) of the positive control (pool_workloads'
    rule, the C arm as the reference)."""
    if callgrind_only:
        return {k: False for k, _ in METRICS}, "no timing (--callgrind-only): instruction counts only"
    return pw.control_verdict(cells, arm="C")


def rows(cells):
    """One dict per Goose program: slug, row, comparisons, Ir."""
    out = []
    for c in cells:
        for row in c["rows"]:
            g = c.get("callgrind") or {}
            out.append({"slug": c["slug"], "row": row, "inputs": c.get("inputs"),
                        "cmp": (c.get("comparison") or {}).get(row),
                        "ir_c": g.get("ir", {}).get("c"), "ir": g.get("ir", {}).get(row),
                        "ir_ratio": g.get("ratio", {}).get(row),
                        "ir_mem_c": g.get("ir_mem", {}).get("c"), "ir_mem": g.get("ir_mem", {}).get(row),
                        "ir_ratio_nomem": g.get("ratio_nomem", {}).get(row),
                        "ir_ratio_runs": g.get("ratio_runs", {}).get(row), "error": c.get("error")})
    return out


def _mark(r):
    return "" if r is None else (" ok" if r <= TARGET else " **over**")


def markdown(doc):
    p = doc["protocol"]
    h = doc["host"]
    lines = ["# Goose vs hand-written C on the LangArena ports\n",
             f"- date: {doc['date']} ({doc['duration_s']:.0f} s); {h['cpus']} CPUs; load average "
             f"{h['loadavg_start'][0]:.1f} at the start, {h['loadavg_end'][0]:.1f} at the end",
             f"- command: `{' '.join(doc['command'])}`",
             f"- build: C `clang {' '.join(C_FLAGS)}`; Goose `goose build -O2 --cc clang`",
             f"- target: Goose/C <= {TARGET} for every program",
             f"- control: {doc['verdict']}"]
    if not p["callgrind_only"]:
        lines.append(f"- samples: {p['rounds']} measured runs per arm (after {p['warmup']} warm-up round), "
                     f"{p['copies']} renamed copies, interleaved C, Goose..., C"
                     + (" (--quick: a smoke run, not a decision)" if p["quick"] else ""))
    lines.append("")
    ctl = doc["control_ok"]
    timed = any(ctl.values())
    cg = any(r["ir_ratio"] is not None for r in doc["rows"])
    head = ["program"]
    if timed:
        head += ["inputs", "C timed s", "Goose timed s", "timed Goose/C", "band", "C CPU s", "Goose CPU s",
                 "CPU Goose/C", "band"]
    if cg:
        head += ["Ir C", "Ir Goose", "Ir Goose/C", "of which mem* C / Goose", "Ir Goose/C without mem*",
                 "Ir Goose/C runs only, without mem*"]
    out = ["| " + " | ".join(head) + " |", "|---|" + "---:|" * (len(head) - 1)]
    for r in doc["rows"]:
        cells = [r["row"]]
        if timed:
            if r["cmp"]:
                t, u = r["cmp"]["timed_s"], r["cmp"]["cpu_s"]
                ins = " ".join(f"{k}={v}" for k, v in (r["inputs"] or {}).items())
                tv = f"{t['ratio']:.3f}{_mark(t['ratio'])}" if ctl["timed_s"] else "—"
                uv = f"{u['ratio']:.3f}{_mark(u['ratio'])}" if ctl["cpu_s"] else "—"
                cells += [ins, f"{t['median_ref']:.3f}", f"{t['median_other']:.3f}", tv, f"+-{t['band']:.3f}",
                          f"{u['median_ref']:.3f}", f"{u['median_other']:.3f}", uv, f"+-{u['band']:.3f}"]
            else:
                cells += ["error"] + [""] * 8
        if cg:
            if r["ir_ratio"] is not None:
                nm = r["ir_ratio_nomem"]
                cells += [f"{r['ir_c']:,}", f"{r['ir']:,}", f"{r['ir_ratio']:.3f}{_mark(r['ir_ratio'])}",
                          f"{r['ir_mem_c'] / r['ir_c']:.0%} / {r['ir_mem'] / r['ir']:.0%}",
                          f"{nm:.3f}{_mark(nm)}", f"{r['ir_ratio_runs']:.3f}{_mark(r['ir_ratio_runs'])}"]
            else:
                cells += ["error", "", "", "", "", ""]
        out.append("| " + " | ".join(cells) + " |")
    if not timed and not p["callgrind_only"]:
        out.insert(0, f"**{guards.PROVED_NOTHING}** for the timings: none reported.\n")
    notes = []
    if cg:
        irs = [r["ir_ratio"] for r in doc["rows"] if r["ir_ratio"] is not None]
        nms = [r["ir_ratio_nomem"] for r in doc["rows"] if r["ir_ratio_nomem"] is not None]
        notes.append(f"- Ir: valgrind --tool=callgrind, whole process, one run at the CALLGRIND inputs; "
                     f"geometric mean Goose/C {stats.geomean(irs):.3f}, without mem* {stats.geomean(nms):.3f}")
        rr = [r["ir_ratio_runs"] for r in doc["rows"] if r["ir_ratio_runs"] is not None]
        notes.append(f"- runs only: Ir at the CALLGRIND inputs less Ir at iterations=0 (start-up, prepare, "
                     f"one warm-up run), both without mem*: the timed window's work; geometric mean "
                     f"{stats.geomean(rr):.3f}")
        notes.append("- mem*: libc memset/memcpy/memmove, whose `rep stosb`/`rep movsb` valgrind counts one "
                     "instruction per iteration (millions of Ir for microseconds): the last two columns leave "
                     "them out of both sides")
        notes += [f"- {c['slug']} Ir inputs: " + " ".join(f"{k}={v}" for k, v in c["callgrind"]["inputs"].items())
                  for c in doc["cells"] if c.get("callgrind")]
    errs = [f"- {c['slug']}:\n\n```\n{c['error'].strip()[:1500]}\n```\n" for c in doc["cells"] if c.get("error")]
    text = "\n".join(lines + out) + "\n\n" + "\n".join(notes) + "\n"
    return text + ("\n## Errors\n\n" + "\n".join(errs) if errs else "")


def parse_args(argv):
    ap = argparse.ArgumentParser(prog="bench/apps/c_ratio.py", description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--only", nargs="+", metavar="SLUG", help="ports to run (C slugs, e.g. graph_bfs)")
    ap.add_argument("--quick", action="store_true", help="QUICK sizes and few samples: a smoke run")
    ap.add_argument("--callgrind", action="store_true", help="add instruction counts (CALLGRIND inputs)")
    ap.add_argument("--callgrind-only", action="store_true", help="instruction counts only, no timing")
    ap.add_argument("--list", action="store_true", help="print the ports and their sizes, and stop")
    ap.add_argument("--out", default=os.path.join(BENCH, "out", "c_ratio"))
    ap.add_argument("--goose", default=None, help="goose binary (default $GOOSE, build/goose, build-lead/goose)")
    ap.add_argument("--rounds", type=int, help="measured runs per arm")
    ap.add_argument("--copies", type=int, help="renamed copies per executable")
    ap.add_argument("--timeout", type=float, default=300, help="seconds before one run is killed")
    return ap.parse_args(argv)


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    a = parse_args(argv)
    ports = find_ports()
    if a.only:
        known = {p.slug: p for p in ports}
        bad = [s for s in a.only if s not in known]
        if bad:
            log(f"c_ratio.py: no port {bad}; known: {sorted(known)}")
            return 1
        ports = [known[s] for s in a.only]
    if a.list:
        for p in ports:
            print(p.slug, p.name, "goose:", " ".join(p.goose), "full:", SIZES.get(p.slug, "run.json"),
                  "quick:", QUICK.get(p.slug, "test.json"), "callgrind:", CALLGRIND.get(p.slug, "test.json"))
        return 0
    if not ports:
        log("c_ratio.py: no ports")
        return 1
    a.goose = matrix.find_goose(a.goose)
    b = Bench(a)
    os.makedirs(b.out, exist_ok=True)
    started, load0 = datetime.datetime.now().astimezone(), os.getloadavg()
    log(f"c_ratio: {len(ports)} ports; load average {load0[0]:.1f} on {os.cpu_count()} CPUs")
    ctl = next((p.slug for p in ports if p.slug == CONTROL_PORT), ports[0].slug)
    cells = []
    try:
        for i, p in enumerate(ports):
            log(f"[{i + 1}/{len(ports)}] {p.slug} ...")
            cells.append(b.cell(p, p.slug == ctl and not a.callgrind_only))
            log("    " + _describe(cells[-1]))
    except guards.GuardError as e:
        log(f"abort: {e}")
        return guards.EXIT_GUARD
    ok, verdict = control_verdict(cells, a.callgrind_only)
    log(verdict)
    doc = {"date": started.isoformat(timespec="seconds"),
           "duration_s": (datetime.datetime.now().astimezone() - started).total_seconds(),
           "command": ["bench/apps/c_ratio.py"] + argv,
           "host": {"cpus": os.cpu_count(), "machine": platform.machine(), "kernel": platform.release(),
                    "loadavg_start": load0, "loadavg_end": os.getloadavg()},
           "protocol": {"rounds": b.rounds, "warmup": b.warmup, "copies": b.copies, "quick": a.quick,
                        "callgrind_only": a.callgrind_only, "control_scale": CONTROL_SCALE},
           "tools": build.tool_versions(a.goose), "cells": cells, "rows": rows(cells),
           "control_ok": ok, "verdict": verdict}
    log(f"wrote {output.write_doc(b.out, doc, markdown)} and results.md")
    if any(c.get("error") for c in cells):
        return 4
    if not a.callgrind_only and not any(ok.values()):
        return guards.EXIT_CONTROL
    return 0


def _describe(c):
    parts = []
    for row in c["rows"]:
        cmp = (c.get("comparison") or {}).get(row)
        s = row + ":"
        if cmp:
            s += f" timed {cmp['timed_s']['ratio']:.3f} CPU {cmp['cpu_s']['ratio']:.3f}"
        r = ((c.get("callgrind") or {}).get("ratio") or {}).get(row)
        if r is not None:
            s += (f" Ir {r:.3f} (without mem* {c['callgrind']['ratio_nomem'][row]:.3f},"
                  f" runs only {c['callgrind']['ratio_runs'][row]:.3f})")
        parts.append(s)
    if c.get("error"):
        parts.append("error: " + c["error"].strip().splitlines()[-1][:120])
    return "; ".join(parts)


if __name__ == "__main__":
    sys.exit(main())
