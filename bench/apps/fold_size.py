#!/usr/bin/env python3
"""fold_size.py — what folding functions whose C is the same saves on the
ports (docs/internals.md, "Emitted C"; emit-c/cemit_fold.c): each port in
bench/apps/*.gs is emitted (`goose emit-c -O2`) and built (`goose build -O2
--cc clang`) once as -O2 does it and once with `--no-fold`, and one row per
port gives the functions defined in each C file, the C bytes and the
executable's bytes, a last row the totals.

  python3 bench/apps/fold_size.py [--goose build/goose] [--cc clang] [--only slug ...]

Folding is decided from the C alone, so where nothing folds the two C
files must be the same bytes and the two executables too: a difference
there is reported as a failure, as is a build that fails. Exit status: 0
done; 1 a build failed or an unfolded pair differs. Python 3 standard
library only. Not for: timing (the folded code is the same code; a
timed comparison belongs to bench/harness).
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
# A function definition's first line in the emitted C (prototypes end in ';').
DEFINITION = re.compile(r"^(?:GS_NORETURN GS_COLD GS_NOINLINE )?(?:static|GS_INLINE) [^;=]*\)$", re.M)


def arm(goose, cc, port, work, flags):
    """(functions, C bytes, executable bytes, C text) of one arm, or None."""
    base = os.path.join(work, os.path.basename(port)[:-3] + ("_nofold" if flags else ""))
    c_file, exe = base + ".c", base + ".exe"
    for cmd in ([goose, "emit-c", "-O2", port, "-o", c_file] + flags,
                [goose, "build", "-O2", "--cc", cc, port, "-o", exe] + flags):
        p = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
        if p.returncode != 0:
            sys.stderr.write(" ".join(cmd) + ":\n" + p.stderr)
            return None
    with open(c_file, encoding="utf-8", errors="replace") as f:
        text = f.read()
    return len(DEFINITION.findall(text)), os.path.getsize(c_file), os.path.getsize(exe), text


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--goose", default=os.path.join(ROOT, "build", "goose"))
    ap.add_argument("--cc", default="clang")
    ap.add_argument("--only", nargs="*", default=None, help="slugs (file names without .gs)")
    args = ap.parse_args()
    goose = os.path.abspath(args.goose)
    ports = sorted(glob.glob(os.path.join(HERE, "*.gs")))
    if args.only:
        ports = [p for p in ports if os.path.basename(p)[:-3] in args.only]
    ok = True
    tot = [0] * 7
    print("| port | functions | folded | C bytes | C bytes folded | binary bytes | binary bytes folded |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    with tempfile.TemporaryDirectory(prefix="goose-fold-") as work:
        for port in ports:
            rel = os.path.relpath(port, ROOT)
            off, on = arm(goose, args.cc, rel, work, ["--no-fold"]), arm(goose, args.cc, rel, work, [])
            if not off or not on:
                print(f"FAIL {rel}: build failed")
                ok = False
                continue
            row = [off[0], off[0] - on[0], off[1], on[1], off[2], on[2]]
            if row[1] == 0 and (off[3] != on[3] or off[2] != on[2]):
                print(f"FAIL {rel}: nothing folded, yet the C or the executable differs")
                ok = False
            tot = [t + v for t, v in zip(tot, [1] + row)]
            print(f"| {os.path.basename(port)[:-3]} | " + " | ".join(str(v) for v in row) + " |")
    print(f"| total ({tot[0]} ports) | " + " | ".join(str(v) for v in tot[1:]) + " |")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
