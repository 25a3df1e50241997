#!/usr/bin/env python3
"""run.py — bigint multiplication against GMP: the product of two
10,000-digit numbers (3^20959 and 7^11833), Goose's z.set_mul(a, b)
(mul.gs, goose build -O2 --cc clang) against mpz_mul (mul_gmp.c, clang
-O2 -lgmp), with bench/harness: warm-ups, interleaved rounds from renamed
copies, GMP measured at both ends of each round (drift), CPU time from
wait4, medians, noise floor, distinct-binary and checksum guards, and a
positive control (mul_gmp.c built with -DCONTROL: two products per
round), which must be told apart from GMP or the run proves nothing.
Each arm also runs with 0 rounds (the set-up: two powers) right after its
measured run; the net time per product is (median - median set-up) /
products.

    python3 bench/stdlib/bigint/run.py --goose build/goose [--rounds 9]
        [--products 2000] [--out DIR] [--quick]

Prints a Markdown table; writes results.json (every sample) to --out.
--callgrind adds each arm's instructions per product under valgrind
(runs of --products minus runs of 0; exact whatever the load).
"""
import argparse
import json
import os
import platform
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(os.path.dirname(HERE)))
from harness import build, guards, runner, stats  # noqa: E402

COPIES = 3


def build_arms(goose, out):
    """{arm: (copies, identity)}; exits when a build fails."""
    exes = {"goose": os.path.join(out, "mul_goose"), "gmp": os.path.join(out, "mul_gmp"),
            "control": os.path.join(out, "mul_gmp_control")}
    cmds = {"goose": [goose, "build", os.path.join(HERE, "mul.gs"), "-O2", "--cc", "clang",
                      "-o", exes["goose"]],
            "gmp": ["clang"] + build.PEER_CFLAGS + ["-o", exes["gmp"], os.path.join(HERE, "mul_gmp.c"),
                                                   "-lgmp"],
            "control": ["clang"] + build.PEER_CFLAGS + ["-DCONTROL", "-o", exes["control"],
                                                       os.path.join(HERE, "mul_gmp.c"), "-lgmp"]}
    arms = {}
    for name, cmd in cmds.items():
        r = subprocess.run(cmd, capture_output=True, text=True)
        if r.returncode != 0:
            sys.exit(f"build of {name} failed:\n{r.stderr}")
        arms[name] = (build.copy_names(exes[name], COPIES), guards.sha256_file(exes[name]))
    return arms, cmds


def net_us(cell, arm, products):
    """Median net microseconds per product: measured minus set-up."""
    full = stats.median(cell.measured(arm))
    base = [s["cpu_s"] for s in cell.samples[arm] if s["phase"] == "base"]
    return (full - stats.median(base)) / products * 1e6, full, stats.median(base)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--goose", default="build/goose")
    ap.add_argument("--rounds", type=int, default=9)
    ap.add_argument("--warmup", type=int, default=2)
    ap.add_argument("--products", type=int, default=2000)
    ap.add_argument("--out", default=None)
    ap.add_argument("--quick", action="store_true", help="3 rounds of 300 products")
    ap.add_argument("--callgrind", action="store_true")
    a = ap.parse_args()
    if a.quick:
        a.rounds, a.products, a.warmup = 3, 300, 1
    out = a.out or tempfile.mkdtemp(prefix="bench_bigint_")
    os.makedirs(out, exist_ok=True)
    arms, build_cmds = build_arms(a.goose, out)
    guards.check_distinct({k: v[1] for k, v in arms.items()}, "bigint multiplication")
    cmds = {k: [[p, str(a.products)] for p in v[0]] for k, v in arms.items()}
    base = {k: [[p, "0"] for p in v[0]] for k, v in arms.items()}
    print(f"measuring {a.rounds} rounds x 3 arms, {a.products} products per run ...", file=sys.stderr)
    cell = runner.measure_cell(cmds, "gmp", a.rounds, a.warmup, base=base)
    if cell.errors:
        sys.exit("errors: " + json.dumps(cell.errors, indent=1))
    sums = {arm: {s["checksum"] for s in cell.samples[arm] if s["phase"] != "base"} for arm in cmds}
    bad = guards.check_checksums({k: min(v) if len(v) == 1 else None for k, v in sums.items()},
                                 ["gmp", "goose", "control"])
    if bad or any(len(v) != 1 for v in sums.values()):
        sys.exit(f"checksums disagree: {sums}")
    drift = stats.drift(cell.drift_pairs)
    ok, ctext, _ = guards.control_verdict(cell.measured("gmp"), cell.measured("control"), drift,
                                          "gmp", "control")
    cmp = stats.compare(cell.measured("gmp"), cell.measured("goose"), drift)
    net = {k: net_us(cell, k, a.products) for k in cmds}
    doc = {"arms": build_cmds, "products": a.products, "rounds": a.rounds, "samples": cell.samples,
           "drift_pairs": cell.drift_pairs, "control": ctext, "compare": cmp, "net_us": net,
           "machine": platform.platform(), "load": os.getloadavg()}
    with open(os.path.join(out, "results.json"), "w") as f:
        json.dump(doc, f, indent=1)
    print(f"10,000-digit x 10,000-digit product, {a.products} per run, {a.rounds} rounds "
          f"(+{a.warmup} warm-up), CPU time, medians")
    print("| arm | median run ms | set-up ms | net us per product |")
    print("|---|---:|---:|---:|")
    for k in ("goose", "gmp", "control"):
        u, full, b = net[k]
        print(f"| {k} | {full * 1e3:.1f} | {b * 1e3:.1f} | {u:.1f} |")
    print(f"goose/gmp: net {net['goose'][0] / net['gmp'][0]:.2f}x, whole runs {cmp['ratio']:.2f}x "
          f"({cmp['verdict']}, noise band +-{cmp['band']:.3f})")
    print(ctext)
    if a.callgrind:
        ir = {}
        for k, v in arms.items():
            full, _ = runner.callgrind([v[0][0], str(a.products)])
            base_ir, _ = runner.callgrind([v[0][0], "0"])
            ir[k] = (full - base_ir) / a.products
        print("instructions per product (callgrind): " +
              ", ".join(f"{k} {v:,.0f}" for k, v in ir.items()) +
              f"; goose/gmp {ir['goose'] / ir['gmp']:.2f}")
    print(f"samples: {out}/results.json")
    if not ok:
        sys.exit(guards.EXIT_CONTROL)


if __name__ == "__main__":
    main()
