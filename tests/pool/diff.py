#!/usr/bin/env python3
"""diff.py — one differential pool test: generates the program of
gen_diff.py for a kind and seed, builds and runs it in each configuration,
and compares its output with the model's. The program checks every index
and placement against the model as it runs, so a failure names the first
operation that disagreed.

  diff.py --goose build/goose --kind slice --seed 3 [--ops 4000]
          [--configs clang-O2,tcc-O0,jit-O2] [--work DIR]

The generated .gs and .out stay in --work (default: a folder in the
system temp dir) so a failure can be rerun by hand:
  goose run DIR/slice_3.gs
Python 3 standard library only. Not for: timing, the golden files.
"""
import argparse
import os
import shutil
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.dont_write_bytecode = True   # keep the source tree clean
sys.path.insert(0, HERE)
import common  # noqa: E402
import gen_diff  # noqa: E402

# The programs read placements through a freed probe view (gen_diff.py),
# which the lifetime checks stop: they are built without them.
UNSAFE = ("--unsafe-no-lifetime-checks",)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--goose", required=True)
    ap.add_argument("--root", default=os.path.normpath(os.path.join(HERE, "..", "..")))
    ap.add_argument("--kind", choices=("slot", "slice", "resize"), required=True)
    ap.add_argument("--seed", type=int, required=True)
    ap.add_argument("--ops", type=int, default=4000)
    ap.add_argument("--elem", choices=("int", "Wide"), default=None)
    ap.add_argument("--configs", default="clang-O2,tcc-O0,jit-O2")
    ap.add_argument("--work", default=None, help="where the generated program is kept")
    a = ap.parse_args()
    goose = os.path.abspath(a.goose)
    root = os.path.abspath(a.root)
    work = os.path.abspath(a.work or os.path.join(tempfile.gettempdir(), "goose-pool-diff"))
    os.makedirs(work, exist_ok=True)

    elem = a.elem or ("int" if a.seed % 2 == 0 else "Wide")
    src, want = gen_diff.program(a.kind, a.seed, a.ops, elem)
    base = os.path.join(work, f"{a.kind}_{a.seed}_{a.ops}_{elem}")
    with open(base + ".gs", "w") as f:
        f.write(src)
    with open(base + ".out", "w") as f:
        f.write(want)

    failed = 0
    tmp = tempfile.mkdtemp(prefix="goose-pool-diff-")
    try:
        for cfg in a.configs.split(","):
            t0 = time.monotonic()
            st, out, err, msg = common.execute(goose, root, base + ".gs", cfg, tmp, flags=UNSAFE)
            dt = time.monotonic() - t0
            what = f"{a.ops} ops" + ("" if a.kind == "slot" else f", {elem}")
            label = f"{a.kind} seed {a.seed} ({what}) [{cfg}]"
            if msg:
                print(f"FAIL {label}: {msg}")
                failed += 1
            elif st != 0 or out.decode("utf-8", "replace") != want:
                print(f"FAIL {label}: status {st}\n  expected: {want.strip()}\n"
                      f"  actual:   {out.decode('utf-8', 'replace').strip()}\n"
                      f"  stderr:   {err.decode('utf-8', 'replace')[:1500].strip()}\n"
                      f"  program:  {base}.gs")
                failed += 1
            else:
                print(f"PASS {label} {dt:.1f}s")
            sys.stdout.flush()
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
