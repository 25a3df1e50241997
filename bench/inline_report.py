#!/usr/bin/env python3
"""inline_report.py — does Clang inline each checked library pool function
wherever it inlines the builtin twin? The checks' abort-site shaping
(emit-c/cemit_abort.c) is there to keep small checked functions under
Clang's inlining threshold; this measures that instead of assuming it.

For the slot and slice matrices' exercise programs (the same text the
benchmarks run, rendered per pool arm), this emits the C at -O2, compiles it
with `clang -O2 -Rpass=inline -Rpass-missed=inline`, and counts, per pool
function, the call sites Clang inlined and the ones it did not. The cold
failure functions (noinline on purpose: they only print and exit) are
listed apart.

  python3 bench/inline_report.py [--goose build/goose] [--clang clang]

Prints a Markdown table (docs/benchmarks.md keeps a copy); exits 1 when a
library pool function is left out of line at a call site of the user's code
while its builtin twin is inlined everywhere.
Python 3 standard library only. Not for: timing (slot_pool.py, slice_pool.py).
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
from harness import template  # noqa: E402
import slice_pool  # noqa: E402
import slot_pool  # noqa: E402

MATRICES = [
    ("slot", "slot_exercise.gs.in", slot_pool.macros, [8, 128]),
    ("slice", "slice_exercise.gs.in", slice_pool.macros, [8]),
]
# What a pool function is called in the emitted C: the builtin's runtime
# helpers and the library's methods.
POOL_FN = re.compile(r"^(gs_slots_\w+|gs_spans_\w+|gsm_pool_slot_pool__\w+|gsm_pool_slice_pool__\w+)$")
COLD_FN = re.compile(r"_fail")
REMARK = re.compile(r"remark: '(\w+)' (inlined|not inlined) into '(\w+)'")


def remarks(goose, clang, src, tmp):
    """(callee, inlined?, caller) for every inlining remark of src."""
    gs = os.path.join(tmp, "prog.gs")
    c = os.path.join(tmp, "prog.c")
    with open(gs, "w") as f:
        f.write(src)
    subprocess.run([goose, "emit-c", "-O2", gs, "-o", c], check=True)
    r = subprocess.run([clang, "-std=c11", "-O2", "-c", "-I", os.path.join(ROOT, "runtime"),
                        "-Rpass=inline", "-Rpass-missed=inline", c, "-o", os.devnull],
                       capture_output=True, text=True, check=True)
    return [(m.group(1), m.group(2) == "inlined", m.group(3)) for m in REMARK.finditer(r.stderr)]


def tally(rems):
    """{callee: [inlined sites, out-of-line sites]} for pool functions called
    from the user's code (callers that are not pool functions themselves)."""
    out = {}
    for callee, inl, caller in rems:
        if not POOL_FN.match(callee) or POOL_FN.match(caller):
            continue
        t = out.setdefault(callee, [0, 0])
        t[0 if inl else 1] += 1
    return out


def short(name):
    return re.sub(r"__main_\w+?_(\w+)$", r"_\1", name).replace("__u64_", "_")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--goose", default=os.path.join(ROOT, "build", "goose"))
    ap.add_argument("--clang", default="clang")
    a = ap.parse_args()
    bad = []
    print("| matrix | size | arm | function | inlined sites | out of line |")
    print("|---|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as tmp:
        for name, tpl, macros, sizes in MATRICES:
            with open(os.path.join(HERE, "workloads", tpl)) as f:
                text = f.read()
            for size in sizes:
                seen = {}
                for arm in ("builtin", "library"):
                    src = template.render(text, macros(arm, size))
                    t = tally(remarks(a.goose, a.clang, src, tmp))
                    seen[arm] = t
                    for fn in sorted(t):
                        cold = " (cold)" if COLD_FN.search(fn) else ""
                        print(f"| {name} | {size} | {arm} | `{short(fn)}`{cold} | {t[fn][0]} | {t[fn][1]} |")
                builtin_all_inlined = all(v[1] == 0 for k, v in seen["builtin"].items() if not COLD_FN.search(k))
                for fn, (_, out) in seen["library"].items():
                    if out and not COLD_FN.search(fn) and builtin_all_inlined:
                        bad.append(f"{name}/{size}: {fn} left out of line at {out} sites")
    for b in bad:
        print("FAIL " + b)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
