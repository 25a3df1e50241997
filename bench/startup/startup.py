#!/usr/bin/env python3
"""startup.py — how long it takes from source to output: `goose run` (libtcc
in memory) against `goose build` with tcc and clang followed by running the
executable, on a tiny program and on a real one (examples/calc.gs).

Follows docs BENCH.md where it applies: arms interleaved after warm-up,
child CPU (user + sys, from wait4) and wall time, medians, a noise floor
(the wider of the within-arm spread and the drift of the first arm measured
at the start and the end of every round), and a positive control: `goose
check` must be clearly faster than `goose run`, or the instrument proved
nothing and the script exits 1. Every sample and the tool versions go to
<out>/startup.json, the table to <out>/startup.md.

Usage: bench/startup/startup.py [--goose build/goose] [--quick] [--out bench/out]
Python 3 standard library only. Not for: run-time performance (bench/*).
"""
import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PROGRAMS = {
    "hello": ("bench/startup/hello.gs", []),
    "calc": ("examples/calc.gs", ["let x = 6; x * 7"]),
}


def timed(cmd):
    """Runs cmd from the repo root; returns (wall ms, child cpu ms, status)."""
    t0 = time.perf_counter()
    p = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, ru = os.wait4(p.pid, 0)
    wall = (time.perf_counter() - t0) * 1e3
    p.returncode = os.waitstatus_to_exitcode(status)
    return wall, (ru.ru_utime + ru.ru_stime) * 1e3, p.returncode


def arms_for(goose, src, args, tmp):
    exe = os.path.join(tmp, "prog")
    return {
        "check": [[goose, "check", src]],
        "jit": [[goose, "run", src, "--"] + args],
        "tcc build+run": [[goose, "build", src, "--cc", "tcc", "-o", exe], [exe] + args],
        "clang -O0 build+run": [[goose, "build", src, "--cc", "clang", "-O0", "-o", exe], [exe] + args],
        "clang -O2 build+run": [[goose, "build", src, "--cc", "clang", "-O2", "-o", exe], [exe] + args],
    }


def sample(steps):
    wall = cpu = 0.0
    for cmd in steps:
        w, c, st = timed(cmd)
        if st != 0:
            sys.exit(f"startup.py: {' '.join(cmd)} exited {st}")
        wall += w
        cpu += c
    return wall, cpu


def measure(arms, rounds, warmup):
    names = list(arms)
    samples = {n: [] for n in names}
    drift = []
    for _ in range(warmup):
        for n in names:
            sample(arms[n])
    for r in range(rounds):
        first = sample(arms[names[0]])[1]
        for n in names:
            samples[n].append(sample(arms[n]))
        drift.append(abs(sample(arms[names[0]])[1] - first))
        print(f"  round {r + 1}/{rounds}", file=sys.stderr, end="\r")
    print(file=sys.stderr)
    return samples, drift


def spread(xs):
    q = statistics.quantiles(xs, n=4) if len(xs) >= 4 else [min(xs), 0, max(xs)]
    return q[2] - q[0]


def report(name, samples, drift):
    """The table; each comparison with jit has its own noise floor: the
    wider of the two arms' spreads and the drift."""
    cpu = {n: [s[1] for s in v] for n, v in samples.items()}
    drift_ms = statistics.median(drift)
    jit = statistics.median(cpu["jit"])
    rows = [f"### {name}\n", f"{len(drift)} samples per arm; drift {drift_ms:.2f} ms cpu\n",
            "| arm | cpu ms (median) | wall ms (median) | noise floor | vs jit |",
            "|---|---:|---:|---:|---:|"]
    floors = {}
    for n, v in samples.items():
        floors[n] = max(drift_ms, spread(cpu[n]), spread(cpu["jit"]))
        c, w = statistics.median(cpu[n]), statistics.median([s[0] for s in v])
        same = n != "jit" and abs(c - jit) < 2 * floors[n]
        verdict = "indistinguishable" if same else f"{c / jit:.2f}x"
        rows.append(f"| {n} | {c:.2f} | {w:.2f} | {floors[n]:.2f} | {verdict} |")
    control = jit - statistics.median(cpu["check"]) > 2 * floors["check"]
    return "\n".join(rows) + "\n", control, floors


def versions(goose):
    out = {}
    for tool in ([goose, "--version"], ["clang", "--version"], ["tcc", "-v"]):
        try:
            out[tool[0]] = subprocess.run(tool, capture_output=True, text=True).stdout.splitlines()[0]
        except (OSError, IndexError):
            out[tool[0]] = "unavailable"
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--goose", default=os.path.join(ROOT, "build", "goose"))
    ap.add_argument("--quick", action="store_true", help="few samples: a smoke run, not a decision")
    ap.add_argument("--out", default=os.path.join(ROOT, "bench", "out"))
    a = ap.parse_args()
    goose = os.path.abspath(a.goose)
    rounds, warmup = (3, 1) if a.quick else (15, 3)
    os.makedirs(a.out, exist_ok=True)
    tmp = tempfile.mkdtemp(prefix="goose-startup-")
    md, data, ok = [], {"versions": versions(goose), "samples": {}}, True
    try:
        for name, (src, args) in PROGRAMS.items():
            print(f"{name}: {src}", file=sys.stderr)
            samples, drift = measure(arms_for(goose, src, args, tmp), rounds, warmup)
            text, control, floor = report(name, samples, drift)
            md.append(text if control else text + "\n**the instrument proved nothing** (control failed)\n")
            data["samples"][name] = {"arms": samples, "drift": drift, "floor": floor, "control": control}
            ok = ok and control
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    with open(os.path.join(a.out, "startup.json"), "w") as f:
        json.dump(data, f, indent=1)
    with open(os.path.join(a.out, "startup.md"), "w") as f:
        f.write("\n".join(md))
    print("\n".join(md))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
