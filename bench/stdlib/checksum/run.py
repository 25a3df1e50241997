#!/usr/bin/env python3
"""run.py — checksum.sha256 and checksum.crc32 against OpenSSL's libcrypto
SHA256() and zlib's crc32(), with bench/harness.

One program per side (checksum_bench.gs built by goose build -O2 --cc
clang; checksum_bench.c by clang -std=c11 -O2 with -lcrypto -lz) takes the
checksum of a 1 MiB buffer REPS times; both fold the results into the
same printed checksum, which must agree. Cells and arms:
  sha256: openssl (its default choice: the SHA extensions on this CPU),
          openssl_avx2 (OPENSSL_ia32cap masks the SHA extensions),
          openssl_x86_64 (also masks AVX and SSSE3: its plain integer
          code, the fair peer of portable C), goose (whole blocks
          through the runtime's SHA-extension code), goose_portable
          (GOOSE_NO_SHA_NI=1: checksum.gs's own rounds), and control;
  crc32:  zlib, goose, control.
control is the Goose program doing twice the work: the positive control
(if the harness cannot tell it from goose, it says "the instrument proved
nothing" and exits 3). Each arm also runs with REPS 0 (set-up only), and
the figures are net: (CPU - set-up CPU) / bytes, in ns per byte and MB/s.
Ratios are goose / C on those net medians (below 1: goose is faster);
--callgrind adds instruction counts (exact, independent of the load; of
goose_portable only, as valgrind hides the SHA extensions).

    python3 bench/stdlib/checksum/run.py [--goose build/goose] [--quick]
        [--out DIR] [--callgrind]

Writes results.json (every sample, the sources, the binaries' hashes, the
tool versions) and results.md under --out (default bench/out/checksum).
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

SIZE = 1 << 20
# Reps of the buffer per run: (full, --quick). About 0.2-0.5 s per run.
REPS = {"sha256": (96, 32), "crc32": (1024, 256)}
ROUNDS = {False: (9, 2, 3), True: (3, 1, 2)}   # rounds, warm-ups, copies
# OpenSSL's capability masks (OPENSSL_ia32cap "word0:word2"): ~bit 29 of
# word 2 is the SHA extensions; ~bits 3, 5, 8 BMI1, AVX2, BMI2; word 0
# bits 60 and 41 are AVX and SSSE3.
NO_SHA_EXT = ":~0x20000000"
# Goose's runtime: the portable SHA-256 rounds of checksum.gs.
GOOSE_PORTABLE = {"GOOSE_NO_SHA_NI": "1"}
PLAIN_X86_64 = "~0x1000020000000000:~0x20000128"


def build_all(goose, out, copies):
    gexe, cexe = os.path.join(out, "checksum_goose"), os.path.join(out, "checksum_c")
    gsrc, csrc = os.path.join(HERE, "checksum_bench.gs"), os.path.join(HERE, "checksum_bench.c")
    cmds = [[goose, "build", gsrc, "-O2", "--cc", "clang", "-o", gexe],
            ["clang"] + build.PEER_CFLAGS + [csrc, "-lcrypto", "-lz", "-o", cexe]]
    for c in cmds:
        subprocess.run(c, check=True)
    emitted = subprocess.run([goose, "emit-c", gsrc, "-O2"], check=True, capture_output=True,
                             text=True).stdout
    return {"goose": build.copy_names(gexe, copies), "c": build.copy_names(cexe, copies)}, cmds, {
        "goose_source": open(gsrc).read(), "c_source": open(csrc).read(), "emitted_c": emitted,
        "goose_sha256": guards.sha256_file(gexe), "c_sha256": guards.sha256_file(cexe)}


def arms_of(algo, exes, reps):
    """{arm: [command per copy]} for the measured runs, and the set-up runs."""
    def cmd(side, n, env=None):
        out = [[p, algo, str(SIZE), str(n)] for p in exes[side]]
        return [(c, env) for c in out] if env else out
    if algo == "sha256":
        peers = {"openssl": cmd("c", reps), "openssl_avx2": cmd("c", reps, {"OPENSSL_ia32cap": NO_SHA_EXT}),
                 "openssl_x86_64": cmd("c", reps, {"OPENSSL_ia32cap": PLAIN_X86_64})}
        base = {"openssl": cmd("c", 0), "openssl_avx2": cmd("c", 0, {"OPENSSL_ia32cap": NO_SHA_EXT}),
                "openssl_x86_64": cmd("c", 0, {"OPENSSL_ia32cap": PLAIN_X86_64})}
    else:
        peers, base = {"zlib": cmd("c", reps)}, {"zlib": cmd("c", 0)}
    arms = dict(peers, goose=cmd("goose", reps), control=cmd("goose", 2 * reps))
    base.update(goose=cmd("goose", 0), control=cmd("goose", 0))
    if algo == "sha256":
        arms["goose_portable"] = cmd("goose", reps, GOOSE_PORTABLE)
        base["goose_portable"] = cmd("goose", 0, GOOSE_PORTABLE)
    return arms, base


def net(cell, arm, reps):
    """Net ns per byte of each measured run: its CPU minus the median CPU
    of the arm's set-up runs, over the bytes it checksummed."""
    base = [s["cpu_s"] for s in cell.samples[arm] if s["phase"] == "base"]
    b = stats.median(base) if base else 0.0
    return [(s["cpu_s"] - b) * 1e9 / (reps * SIZE) for s in cell.samples[arm] if s["phase"] == "measure"]


def measure(algo, exes, quick, log):
    rounds, warm, _ = ROUNDS[quick]
    reps = REPS[algo][1 if quick else 0]
    arms, base = arms_of(algo, exes, reps)
    ref = "openssl" if algo == "sha256" else "zlib"
    log(f"cell {algo}: {len(arms)} arms x {rounds} rounds, {reps} x {SIZE} bytes per run")
    cell = runner.measure_cell(arms, ref, rounds, warm, base=base)
    if cell.errors:
        raise guards.GuardError(f"{algo}: arm errors: {cell.errors}")
    sums = {a: [x["checksum"] for x in cell.samples[a] if x["phase"] == "measure"][-1] for a in arms}
    bad = guards.check_checksums({a: c for a, c in sums.items() if a != "control"}, [ref, "goose"])
    if bad:
        raise guards.GuardError("; ".join(m for _, m in bad))
    nets = {a: net(cell, a, reps * (2 if a == "control" else 1)) for a in arms}
    # drift of the reference, in the same net unit
    dr = stats.drift([(x * 1e9 / (reps * SIZE), y * 1e9 / (reps * SIZE)) for x, y in cell.drift_pairs])
    ok, text, _ = guards.control_verdict(
        [v * reps for v in nets["goose"]], [v * 2 * reps for v in nets["control"]], dr * reps,
        "goose", "control")
    rows = {}
    for a in arms:
        if a in ("control",):
            continue
        cmp = stats.compare(nets[ref], nets[a], dr)
        rows[a] = {"ns_per_byte": stats.median(nets[a]), "mb_s": 1e3 / stats.median(nets[a]),
                   "ratio_to_ref": cmp["ratio"], "band": cmp["band"], "verdict": cmp["verdict"],
                   "samples": len(nets[a])}
    for a in arms:
        if a not in ("goose", "goose_portable", "control", ref):
            rows[a]["goose_over_this"] = stats.median(nets["goose"]) / stats.median(nets[a])
            if "goose_portable" in nets:
                rows[a]["portable_over_this"] = stats.median(nets["goose_portable"]) / stats.median(nets[a])
    return {"algo": algo, "reps": reps, "size": SIZE, "ref": ref, "control": text, "control_ok": ok,
            "rows": rows, "samples": cell.samples, "drift_ns_per_byte": dr}


def callgrind_counts(algo, exes):
    """Instructions per byte of each side, from runs at reps r and 2r."""
    out = {}
    r = 4 if algo == "sha256" else 32
    sides = {"goose": (exes["goose"][0], None)}
    if algo == "sha256":
        sides = {"goose_portable": (exes["goose"][0], GOOSE_PORTABLE)}
        sides["openssl_x86_64"] = (exes["c"][0], {"OPENSSL_ia32cap": PLAIN_X86_64})
        # valgrind hides the SHA extensions, so OpenSSL's default there is its AVX2 code
        sides["openssl_avx2"] = (exes["c"][0], {"OPENSSL_ia32cap": NO_SHA_EXT})
    else:
        sides["zlib"] = (exes["c"][0], None)
    for name, (exe, env) in sides.items():
        counts = []
        for n in (r, 2 * r):
            argv = [exe, algo, str(SIZE), str(n)]
            counts.append(runner.callgrind((argv, env) if env else argv)[0])
        out[name] = (counts[1] - counts[0]) / (r * SIZE)
    return out


def markdown(doc):
    lines = [f"{doc['date']}, load before: {doc['load']}; {doc['rounds']} rounds, medians of net CPU "
             f"per byte ({doc['size'] >> 20} MiB buffer)", ""]
    for c in doc["cells"]:
        lines += [f"**{c['algo']}** (reference {c['ref']}; {c['control']})", "",
                  "| arm | ns/byte | MB/s | ratio to " + c["ref"] + " | noise band | verdict |",
                  "|---|---:|---:|---:|---:|---|"]
        for a, r in c["rows"].items():
            lines.append(f"| {a} | {r['ns_per_byte']:.3f} | {r['mb_s']:.0f} | {r['ratio_to_ref']:.2f} | "
                         f"+-{r['band']:.3f} | {r['verdict']} |")
        others = {a: r["goose_over_this"] for a, r in c["rows"].items() if "goose_over_this" in r}
        if others:
            lines.append("")
            lines.append("goose / " + ", goose / ".join(f"{a} = {v:.2f}" for a, v in others.items()))
        portable = {a: r["portable_over_this"] for a, r in c["rows"].items() if "portable_over_this" in r}
        if portable:
            lines.append("")
            lines.append("goose_portable / " + ", goose_portable / ".join(
                f"{a} = {v:.2f}" for a, v in portable.items()))
        if c.get("callgrind"):
            lines.append("")
            lines.append("instructions per byte (callgrind): " +
                         ", ".join(f"{a} {v:.2f}" for a, v in c["callgrind"].items()))
        lines.append("")
    return "\n".join(lines)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--goose", default="build/goose")
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--callgrind", action="store_true")
    ap.add_argument("--out", default="bench/out/checksum")
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    log = lambda m: print(m, file=sys.stderr, flush=True)  # noqa: E731
    load = open("/proc/loadavg").read().strip()
    rounds, _, copies = ROUNDS[a.quick]
    exes, cmds, snap = build_all(a.goose, a.out, copies)
    try:
        guards.check_distinct({"goose": snap["goose_sha256"], "c": snap["c_sha256"]})
        cells = [measure(algo, exes, a.quick, log) for algo in ("sha256", "crc32")]
    except guards.GuardError as e:
        print(f"run.py: {e}", file=sys.stderr)
        return 2
    if a.callgrind:
        for c in cells:
            log(f"callgrind {c['algo']}")
            c["callgrind"] = callgrind_counts(c["algo"], exes)
    doc = {"date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
           "load": load, "machine": platform.processor() or platform.machine(), "rounds": rounds,
           "size": SIZE, "commands": cmds, "versions": build.tool_versions(a.goose), "cells": cells,
           **snap}
    with open(os.path.join(a.out, "results.json"), "w") as f:
        json.dump(doc, f, indent=1, default=str)
    md = markdown(doc)
    with open(os.path.join(a.out, "results.md"), "w") as f:
        f.write(md + "\n")
    print(md)
    if not all(c["control_ok"] for c in cells):
        print(guards.PROVED_NOTHING, file=sys.stderr)
        return 3
    return 0


if __name__ == "__main__":
    sys.exit(main())
