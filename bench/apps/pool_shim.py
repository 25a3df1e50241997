#!/usr/bin/env python3
"""pool_shim.py — how much of a port's Goose/C instruction ratio is the
slice pool's placement policy: the builtin variant's emitted C, unchanged,
linked once with the Goose runtime as it is and once with `reusable[] T`'s
alloc and free sent to glibc malloc (zeroed, as a pool span is) and free,
each against the hand-written C (bench/apps/c/<slug>.c).

  python3 bench/apps/pool_shim.py --goose build/goose                  # cache_simulation, lzw_encode
  python3 bench/apps/pool_shim.py --goose build/goose --only lzw_encode

The shim keeps the emitted C's calls (gs_spans_alloc, gs_spans_free) and
replaces their bodies at link time (ld --wrap), so the compiled Goose code
is byte for byte the same in both arms; it drops the pool's exact-span
check and its first fit, so it is an experiment, never a way to run Goose.
Instructions: valgrind --tool=callgrind, one whole-process run at
c_ratio.py's CALLGRIND inputs; every arm must print the C's checksum.
Python 3 standard library only. Exit status: 0 done; 1 a build or a
checksum failed.
"""
import argparse
import glob
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
import c_ratio  # noqa: E402

RUNTIME = os.path.join(ROOT, "runtime")
PORTS = ["cache_simulation", "lzw_encode"]     # the ports whose strings are pool spans
SHIM = r"""
#include <stdlib.h>
#include <string.h>
#include "goose_rt.h"
#include "gs_pool.h"
/* Out of line, so clang cannot fold malloc + memset into calloc (which
 * glibc serves without its thread cache). */
__attribute__((noinline)) static void shim_zero(void *q, size_t n) { memset(q, 0, n); }
void *__wrap_gs_spans_alloc(const gs_site *s, gs_spans *p, int64_t n, size_t esz) {
    (void)s; (void)p;
    if (n <= 0) return NULL;
    void *q = malloc((size_t)n * esz);
    if (q == NULL) abort();
    shim_zero(q, (size_t)n * esz);
    return q;
}
void __wrap_gs_spans_free(const gs_site *s, gs_spans *p, const void *ptr, int64_t len, int64_t cap,
                          size_t esz) {
    (void)s; (void)p; (void)cap; (void)esz;
    if (len > 0) free((void *)ptr);
}
"""
ACTUAL_RE = re.compile(r"actual=(\d+)")


def run(cmd, ok=(0,)):
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode not in ok:
        raise SystemExit(f"pool_shim: {' '.join(cmd)} failed:\n{r.stderr[-800:]}")
    return r.stdout


def build_arms(goose, slug, d):
    """{arm: executable}: the C twin, Goose as built, Goose with the shim."""
    c_src = os.path.join(HERE, "c", slug + ".c")
    exe = {"C": os.path.join(d, slug + "-c")}
    run(["clang"] + c_ratio.C_FLAGS + ["-I", os.path.dirname(c_src), c_src, "-o", exe["C"], "-lm"])
    gen = os.path.join(d, slug + ".c")
    run([goose, "emit-c", "-O2", os.path.join(HERE, slug + "_builtin.gs"), "-o", gen])
    shim = os.path.join(d, "shim.c")
    with open(shim, "w") as f:
        f.write(SHIM)
    rt = sorted(glob.glob(os.path.join(RUNTIME, "*.c")))     # the runtime goose embeds
    base = ["clang"] + c_ratio.C_FLAGS + ["-I", RUNTIME, gen] + rt
    exe["Goose"] = os.path.join(d, slug + "-goose")
    run(base + ["-o", exe["Goose"], "-lm"])
    exe["Goose, pool -> malloc"] = os.path.join(d, slug + "-shim")
    run(base + [shim, "-Wl,--wrap=gs_spans_alloc,--wrap=gs_spans_free", "-o",
                exe["Goose, pool -> malloc"], "-lm"])
    return exe


def measure(goose, slug):
    inputs = [str(v) for v in c_ratio.CALLGRIND[slug].values()]
    rows = []
    with tempfile.TemporaryDirectory(prefix="pool_shim-") as d:
        exe = build_arms(goose, slug, d)
        want = ACTUAL_RE.search(run([exe["C"]] + inputs + ["0"], ok=(0, 1))).group(1)  # 1: ERR, expected 0
        for arm, path in exe.items():
            if "OK in" not in run([path] + inputs + [want]):
                raise SystemExit(f"pool_shim: {slug} {arm}: not the C's checksum {want}")
            ir, _ = c_ratio.callgrind_split([path] + inputs + [want])
            rows.append((arm, ir))
    return inputs, rows


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--goose", required=True, help="the goose binary")
    ap.add_argument("--only", nargs="+", choices=PORTS, default=PORTS)
    a = ap.parse_args()
    print("| port | inputs | arm | Ir | / C |")
    print("|---|---|---|---:|---:|")
    for slug in a.only:
        inputs, rows = measure(os.path.abspath(a.goose), slug)
        c_ir = rows[0][1]
        for arm, ir in rows:
            print(f"| {slug} | {' '.join(inputs)} | {arm} | {ir:,} | {ir / c_ir:.3f} |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
