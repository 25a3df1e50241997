#!/usr/bin/env python3
"""pool_timed.py — the timed window of the ports whose strings are
slice-pool spans, built by two goose binaries (before, after), beside the
hand-written C, interleaved in one run.

  python3 bench/apps/pool_timed.py --base <goose before> --goose build/goose
  python3 bench/apps/pool_timed.py --base A --goose B --rounds 11 --only lzw_encode

Each round runs C, then the builtin and library variants of each build
(one warm-up round first); the table gives medians (min, max) of the
seconds each program prints, Goose/C and after/before. The arms' binaries
must differ (their hashes are compared) and print the C's checksum. An
indicator for a change's size, not the full protocol of bench/harness
(no noise band): c_ratio.py is that, one build at a time. Python 3
standard library only. Exit status: 0 done; 1 a build or a run failed.
"""
import argparse
import hashlib
import os
import re
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
from harness import runner  # noqa: E402

PORTS = {"cache_simulation": ["5000", "2500", "5000"], "lzw_encode": ["200006", "40"]}  # pool_workloads.py sizes
TIME_RE = re.compile(r"OK in ([0-9.]+)s")


def run(cmd):
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode not in (0, 1):
        raise SystemExit(f"pool_timed: {' '.join(cmd)} failed:\n{r.stderr[-800:]}")
    return r.stdout


def build(port, gooses, d):
    """{arm: executable}: C, then <variant> <before|after>."""
    exes = {"C": os.path.join(d, port + "-c")}
    run(["clang", "-std=c11", "-O2", "-I", os.path.join(HERE, "c"), os.path.join(HERE, "c", port + ".c"),
         "-o", exes["C"], "-lm"])
    for when, goose in gooses.items():
        for var in ("builtin", "library"):
            exe = os.path.join(d, f"{port}_{var}-{when}")
            run([goose, "build", os.path.join(HERE, f"{port}_{var}.gs"), "-O2", "--cc", "clang", "-o", exe])
            exes[f"{var} {when}"] = exe
    hashes = {hashlib.sha256(open(e, "rb").read()).hexdigest() for e in exes.values()}
    if len(hashes) != len(exes):
        raise SystemExit(f"pool_timed: {port}: two arms are the same binary")
    return exes


def measure(port, args, exes, rounds):
    want = re.search(r"actual=(\d+)", run([exes["C"]] + args + ["0"])).group(1)
    samples = {k: [] for k in exes}
    for r in range(rounds + 1):
        for k, exe in exes.items():
            status, out, err, _, _, _ = runner.run_raw([exe] + args + [want], timeout=600)
            m = TIME_RE.search(out)
            if status != 0 or not m:
                raise SystemExit(f"pool_timed: {port} {k}: status {status}\n{(out + err)[-600:]}")
            if r > 0:
                samples[k].append(float(m.group(1)))
    return samples


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--base", required=True, help="the goose binary before the change")
    ap.add_argument("--goose", required=True, help="the goose binary after it")
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--only", nargs="+", choices=sorted(PORTS), default=sorted(PORTS))
    a = ap.parse_args()
    gooses = {"before": os.path.abspath(a.base), "after": os.path.abspath(a.goose)}
    print(f"load average {os.getloadavg()[0]:.1f} at the start; {a.rounds} rounds after one warm-up")
    print("| port | arm | median s (min, max) | / C | after / before |")
    print("|---|---|---:|---:|---:|")
    with tempfile.TemporaryDirectory(prefix="pool_timed-") as d:
        for port in a.only:
            exes = build(port, gooses, d)
            samples = measure(port, PORTS[port], exes, a.rounds)
            med = {k: statistics.median(v) for k, v in samples.items()}
            for k, v in samples.items():
                var = k.split()[0]
                ab = f"{med[k] / med[var + ' before']:.3f}" if k.endswith("after") else ""
                print(f"| {port} | {k} | {med[k]:.3f} ({min(v):.3f}, {max(v):.3f}) | {med[k] / med['C']:.3f} | {ab} |",
                      flush=True)
    print(f"load average {os.getloadavg()[0]:.1f} at the end")
    return 0


if __name__ == "__main__":
    sys.exit(main())
