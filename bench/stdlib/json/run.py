#!/usr/bin/env python3
"""run.py — json.parse against cJSON (libcjson-dev, cJSON_ParseWithLength):
each arm parses one document N times, walks the tree for a checksum and
frees it (parse_goose.gs, parse_cjson.c); the documents come from
gen_inputs.py (numbers, records, mixed; fixed seed). The metric is the
CPU time (user + sys) of the whole process, medians of interleaved runs
(bench/harness/runner.py: warm-ups, rounds cJSON goose control cJSON,
renamed copies); the ratio goose/cJSON below 1 means Goose is faster.
Target: at most 2.0 for every document.
Guards: both arms print the same checksum; their binaries differ; the
positive control (cJSON parsing twice as many times) must be told apart
from cJSON, else the cell's times prove nothing and the run exits 3.
Load-independent figure: instructions per parse from valgrind
--tool=callgrind (a run of 3 parses less a run of 0: start-up and reading
the file cancel), for both arms, on every run unless --no-callgrind.

  python3 bench/stdlib/json/run.py --quick      # smoke run, 3 rounds
  python3 bench/stdlib/json/run.py              # 11 rounds
Writes results.json and results.md under --out (default bench/out/json).
Not for: Reader or to_string speed."""
import argparse
import datetime
import json
import os
import platform
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))
sys.path.insert(0, os.path.join(ROOT, "bench"))
from harness import build, guards, runner, stats  # noqa: E402

DOCS = {"numbers": 16, "records": 24, "mixed": 12}   # parses per run
CONTROL_SCALE = 2.0
CALLGRIND_PARSES = 3
TARGET = 2.0


def c_arm(out_dir, copies):
    a = build.Artifact("parse_cjson-clang-O2")
    src = os.path.join(HERE, "parse_cjson.c")
    with open(src) as f:
        a.source = f.read()
    exe = os.path.join(out_dir, a.key)
    cmd = ["clang", "-std=c11", "-O2", src, "-lcjson", "-o", exe]
    a.commands.append(cmd)
    ok, msg = build._run(cmd)
    if not ok:
        raise SystemExit("clang failed on parse_cjson.c:\n" + msg)
    a.identity = guards.sha256_file(exe)
    a.copies = [[p] for p in build.copy_names(exe, copies)]
    return a


def goose_arm(goose, out_dir, copies):
    with open(os.path.join(HERE, "parse_goose.gs")) as f:
        text = f.read()
    src = os.path.join(out_dir, "src", "parse_goose.gs")
    a = build.goose_arm(goose, src, text, "clang", 2, out_dir, copies)
    if a.error:
        raise SystemExit(a.error)
    return a


def cell(doc_path, n, arts, rounds, warmup):
    arms = {"cjson": [c + [doc_path, str(n)] for c in arts["cjson"].copies],
            "goose": [c + [doc_path, str(n)] for c in arts["goose"].copies],
            "control": [c + [doc_path, str(int(n * CONTROL_SCALE))] for c in arts["cjson"].copies]}
    cr = runner.measure_cell(arms, "cjson", rounds, warmup)
    if cr.errors:
        raise SystemExit("an arm failed: %s" % cr.errors)
    sums = {a: cr.samples[a][0]["checksum"] for a in ("cjson", "goose")}
    bad = guards.check_checksums(sums, ["cjson"])
    if bad:
        raise SystemExit(bad[0][1])
    d = stats.drift(cr.drift_pairs)
    ref, got, ctl = cr.measured("cjson"), cr.measured("goose"), cr.measured("control")
    cmp = stats.compare(ref, got, d)
    ok, ctl_text, _ = guards.control_verdict(ref, ctl, d, "cjson", "control")
    return {"parses": n, "cmp": cmp, "control_ok": ok, "control": ctl_text,
            "samples": {a: cr.samples[a] for a in arms}, "drift": d, "checksum": sums["goose"]}


def ir_per_parse(copy, doc_path):
    ir_n, _ = runner.callgrind(copy + [doc_path, str(CALLGRIND_PARSES)])
    ir_0, _ = runner.callgrind(copy + [doc_path, "0"])
    return (ir_n - ir_0) / CALLGRIND_PARSES


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--goose", default=os.path.join(ROOT, "build", "goose"))
    ap.add_argument("--out", default=os.path.join(ROOT, "bench", "out", "json"))
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--no-callgrind", action="store_true")
    a = ap.parse_args()
    rounds, warmup, copies = (3, 1, 2) if a.quick else (11, 2, 3)
    os.makedirs(a.out, exist_ok=True)
    subprocess.run([sys.executable, os.path.join(HERE, "gen_inputs.py"), a.out], check=True)
    arts = {"cjson": c_arm(a.out, copies), "goose": goose_arm(a.goose, a.out, copies)}
    guards.check_distinct({k: v.identity for k, v in arts.items()})
    results = {}
    for name, n in DOCS.items():
        print(f"[{len(results) + 1}/{len(DOCS)}] {name}", file=sys.stderr, flush=True)
        if a.quick:
            n = max(2, n // 4)
        doc = os.path.join(a.out, name + ".json")
        results[name] = cell(doc, n, arts, rounds, warmup)
        results[name]["bytes"] = os.path.getsize(doc)
        if not a.no_callgrind:
            results[name]["ir"] = {k: ir_per_parse(arts[k].copies[0], doc) for k in ("cjson", "goose")}
    lines = ["| document | size | parses/run | cJSON CPU s | Goose CPU s | Goose/cJSON | noise band | verdict | control |",
             "|---|---|---|---|---|---|---|---|---|"]
    proved = True
    for name, r in results.items():
        c = r["cmp"]
        proved &= r["control_ok"]
        lines.append(f"| {name} | {r['bytes'] / 1e6:.2f} MB | {r['parses']} | {c['median_ref']:.3f} | "
                     f"{c['median_other']:.3f} | {c['ratio']:.2f} | +-{c['band']:.3f} | {c['verdict']} | "
                     f"{'separated' if r['control_ok'] else 'NOT separated'} |")
    if not a.no_callgrind:
        lines += ["", "| document | cJSON Ir/parse | Goose Ir/parse | Goose/cJSON (Ir) |", "|---|---|---|---|"]
        for name, r in results.items():
            ir = r["ir"]
            lines.append(f"| {name} | {ir['cjson'] / 1e6:.1f} M | {ir['goose'] / 1e6:.1f} M | "
                         f"{ir['goose'] / ir['cjson']:.2f} |")
    md = "\n".join(lines) + f"\n\n{rounds} rounds, {warmup} warm-up(s), {copies} copies per arm; " \
        f"{datetime.datetime.utcnow():%Y-%m-%d %H:%M} UTC; {platform.node()}; load {os.getloadavg()}\n"
    print(md)
    with open(os.path.join(a.out, "results.md"), "w") as f:
        f.write(md)
    with open(os.path.join(a.out, "results.json"), "w") as f:
        json.dump({"results": results, "tools": build.tool_versions(a.goose),
                   "artifacts": {k: {"commands": v.commands, "identity": v.identity,
                                     "source": v.source, "emitted_c": getattr(v, "emitted_c", None)}
                                 for k, v in arts.items()}}, f, indent=1, default=str)
    if not proved:
        print("the instrument proved nothing: a control was not separated", file=sys.stderr)
        return 3
    return 0


if __name__ == "__main__":
    sys.exit(main())
