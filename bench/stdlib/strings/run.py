#!/usr/bin/env python3
"""run.py — strings.Builder appending 64-byte pieces, against a C buffer
that doubles with realloc and copies with memcpy (builder.c), measured by
bench/harness: warm-ups, interleaved rounds with the Goose arm at both ends
(drift), two renamed copies of each executable, CPU time from wait4, the
start-up subtracted (each arm run again with 0 rounds), medians, the noise
floor, and a positive control (the Goose builder fed a byte at a time,
which must be told apart from the piecewise arm). Prints a Markdown table:
net CPU per 64 MiB round, GB/s (10^9 bytes per CPU second) and the ratio
to C.

    python3 bench/stdlib/strings/run.py [--goose build/goose] [--rounds 9] [--work 16]
"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", ".."))
from harness import guards, runner, stats  # noqa: E402

ROUND_BYTES = 64 * 1048576


def build(goose, out):
    g, c = os.path.join(out, "builder_goose"), os.path.join(out, "builder_c")
    subprocess.run([goose, "build", "-O2", "--cc", "clang", os.path.join(HERE, "builder.gs"), "-o", g], check=True)
    subprocess.run(["clang", "-O2", os.path.join(HERE, "builder.c"), "-o", c], check=True)
    copies = {}
    for name, exe in (("goose", g), ("c", c)):
        copies[name] = [exe] + [shutil.copy(exe, f"{exe}_{k}") for k in (1,)]
    return copies


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--goose", default="build/goose")
    ap.add_argument("--rounds", type=int, default=9)
    ap.add_argument("--work", type=int, default=16, help="64 MiB rounds per run")
    a = ap.parse_args()
    with tempfile.TemporaryDirectory() as out:
        exes = build(a.goose, out)
        guards.check_distinct({k: guards.sha256_file(v[0]) for k, v in exes.items()})
        w = str(a.work)
        arms = {"goose": [[e, w] for e in exes["goose"]], "c": [[e, w] for e in exes["c"]],
                "control": [[e, w, "bytes"] for e in exes["goose"]]}
        base = {"goose": [[e, "0"] for e in exes["goose"]], "c": [[e, "0"] for e in exes["c"]]}
        cell = runner.measure_cell(arms, "goose", a.rounds, 2, base=base)
    if cell.errors:
        sys.exit(f"run.py: {cell.errors}")
    sums = {k: {s["checksum"] for s in v if s["phase"] != "base"} for k, v in cell.samples.items()}
    if sums["goose"] != sums["c"] or len(sums["goose"]) != 1:
        sys.exit(f"run.py: checksums differ: {sums}")
    dr = stats.drift(cell.drift_pairs)
    ok, text, _ = guards.control_verdict(cell.measured("goose"), cell.measured("control"), dr, "goose",
                                         "control (the same bytes, a byte at a time)")
    print(text)
    if not ok:
        sys.exit(1)
    net = {}
    for k in ("goose", "c"):
        b = stats.median([s["cpu_s"] for s in cell.samples[k] if s["phase"] == "base"])
        net[k] = [x - b for x in cell.measured(k)]
    cmp = stats.compare(net["c"], net["goose"], dr)
    print(f"rounds {a.rounds} (+2 warm-ups), {a.work} x 64 MiB per run, noise floor {cmp['floor'] * 1e3:.2f} ms")
    print("| arm | net cpu per 64 MiB, ms | GB/s |")
    print("|---|---:|---:|")
    for k in ("goose", "c"):
        per = stats.median(net[k]) / a.work
        print(f"| {k} | {per * 1e3:.2f} | {ROUND_BYTES / per / 1e9:.2f} |")
    print(f"goose / C: {cmp['ratio']:.3f} ({cmp['verdict']})")


if __name__ == "__main__":
    main()
