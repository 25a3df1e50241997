#!/usr/bin/env python3
"""pool_footprint.py — peak resident memory of every port that keeps spans
in a slice pool (`reusable[] T` or pool.slice_pool[T]), built by two goose
binaries side by side: how a change to the pools' placement moves their
footprint.

  python3 bench/apps/pool_footprint.py --base <goose> --goose <goose>
  python3 bench/apps/pool_footprint.py --base A --goose B --only lzw_encode_builtin --runs 3

Each port runs at its run.json inputs (the checksum must match), each
build --runs times; the table gives the smallest peak RSS (ru_maxrss of
the child) of each and their ratio. Python 3 standard
library only. Exit status: 0 done; 1 a build or a run failed.
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(os.path.dirname(HERE)))
import run_apps  # noqa: E402
from harness import runner  # noqa: E402

POOL_RE = re.compile(r"reusable\[\]|slice_pool")


def pool_ports():
    """The ports whose source names a slice pool."""
    out = []
    for port in run_apps.find_ports(HERE):
        with open(port.path, encoding="utf-8") as f:
            if POOL_RE.search(f.read()):
                out.append(port)
    return out


def build(goose, port, exe):
    cmd = [goose, "build", port.path, "-o", exe, "-O2", "--cc", "clang"]
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0:
        raise SystemExit(f"pool_footprint: {' '.join(cmd)} failed:\n{r.stderr[-800:]}")


def peak_kb(exe, args):
    status, out, err, _, _, rss = runner.run_raw([exe] + args, timeout=600)
    if status != 0 or ": OK in " not in out:
        raise SystemExit(f"pool_footprint: {exe} {' '.join(args)}: status {status}\n{(out + err)[-600:]}")
    return rss


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--base", required=True, help="the goose binary measured first (before)")
    ap.add_argument("--goose", required=True, help="the goose binary compared with it (after)")
    ap.add_argument("--only", nargs="+", help="port slugs (default: every slice-pool port)")
    ap.add_argument("--runs", type=int, default=2)
    a = ap.parse_args()
    entries = run_apps.load_entries(run_apps.DEFAULT_LANGARENA, "run")
    ports = [p for p in pool_ports() if not a.only or p.slug in a.only]
    print("| port | inputs | before KiB | after KiB | after/before |")
    print("|---|---|---:|---:|---:|")
    worst = 0.0
    with tempfile.TemporaryDirectory(prefix="pool_footprint-") as d:
        for port in ports:
            args = run_apps.program_args(port, entries[port.name])
            exes = [os.path.join(d, port.slug + "-" + k) for k in ("before", "after")]
            build(os.path.abspath(a.base), port, exes[0])
            build(os.path.abspath(a.goose), port, exes[1])
            best = [min(peak_kb(e, args) for _ in range(a.runs)) for e in exes]
            r = best[1] / best[0]
            worst = max(worst, r)
            shown = " ".join(x if len(x) <= 24 else f"<{len(x)} chars>" for x in args[:-1])
            print(f"| {port.slug} | {shown} | {best[0]:,} | {best[1]:,} | {r:.3f} |", flush=True)
    print(f"\nworst after/before: {worst:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
