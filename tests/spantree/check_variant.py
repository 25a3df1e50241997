#!/usr/bin/env python3
"""check_variant.py — the span-tree tests' --want verdict (variant.h) on
the real test binaries: a test that ran another variant than it wants is
a skip where the CPU cannot run the wanted one and a failure where it can,
never a pass; the last line names the variant that ran. The CPU's answer
comes from /proc/cpuinfo (independent of variant.c's), and
SPANTREE_CPU_LACKS=avx512 stands in for a CPU without AVX-512, so the skip
path is taken on every machine. One PASS/FAIL line.

  check_variant.py --avx2 build/tests/spantree/spantree_diff_avx2 \\
                   --avx512 build/tests/spantree/spantree_diff_avx512
Not for: the span tree's own checks (unit.c, diff.c)."""
import argparse
import os
import re
import subprocess
import sys

SKIP = 77
QUICK = ["--seeds", "1", "--ops", "2000"]
# the runtime's conditions (gs_span_isa_init), as /proc/cpuinfo names them
NEEDS = {"avx2": {"avx", "avx2", "bmi1", "bmi2"},
         "avx512": {"avx512f", "avx512bw", "avx512dq", "avx512vl", "bmi1", "bmi2"}}


def cpu_flags():
    with open("/proc/cpuinfo") as f:
        m = re.search(r"^flags\s*:(.*)$", f.read(), re.M)
    return set(m.group(1).split()) if m else set()


def run(exe, args, lacks=None):
    env = dict(os.environ)
    env.pop("SPANTREE_CPU_LACKS", None)
    if lacks:
        env["SPANTREE_CPU_LACKS"] = lacks
    p = subprocess.run([exe] + args, capture_output=True, text=True, timeout=120, env=env)
    lines = p.stdout.strip().splitlines()
    return p.returncode, lines[-1] if lines else ""


def expect(problems, what, got, code, pattern):
    """Records a problem unless got (status, last line) is code and matches pattern."""
    status, line = got
    if status != code or not re.fullmatch(pattern, line):
        problems.append(f"{what}: status {status}, line {line!r}; expected {code} and /{pattern}/")


def problems(a):
    has = {v: need <= cpu_flags() for v, need in NEEDS.items()}
    top = "avx512" if has["avx512"] else "avx2" if has["avx2"] else "sse2"
    below = "avx2" if has["avx2"] else "sse2"   # what an AVX-512 build runs without AVX-512
    out = []
    if has["avx512"]:
        expect(out, "avx512 build, --want avx512", run(a.avx512, QUICK + ["--want", "avx512"]), 0,
               r"PASS spantree differential: .* \(variant avx512\)")
        expect(out, "avx2 build, --want avx512 on a CPU with it", run(a.avx2, QUICK + ["--want", "avx512"]), 1,
               r"FAIL spantree differential: .*wanted the avx512 variant, which this CPU runs, but avx2 ran.*")
    else:
        expect(out, "avx512 build, --want avx512 on a CPU without it",
               run(a.avx512, QUICK + ["--want", "avx512"]), SKIP,
               rf"SKIP spantree differential: .*wanted the avx512 variant.*; ran {below}, whose checks held")
    # the old hollow path: an AVX-512 test that ran AVX2 on a CPU without AVX-512
    expect(out, "an AVX-512 test on a CPU without it (the avx2 build, SPANTREE_CPU_LACKS=avx512)",
           run(a.avx2, QUICK + ["--want", "avx512"], lacks="avx512"), SKIP,
           rf"SKIP spantree differential: .*wanted the avx512 variant.*; ran {below}, whose checks held")
    expect(out, "avx512 build without --want", run(a.avx512, QUICK), 0,
           rf"PASS spantree differential: .* \(variant {top}\)")
    expect(out, "--want of no variant", run(a.avx2, QUICK + ["--want", "avx3"]), 2, r"")
    expect(out, "an unknown flag", run(a.avx2, ["--seed", "1"]), 2, r"")
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--avx2", required=True, help="spantree_diff_avx2 (AVX-512 vetoed)")
    ap.add_argument("--avx512", required=True, help="spantree_diff_avx512 (AVX-512 opted in)")
    ps = problems(ap.parse_args())
    for p in ps:
        print("  " + p)
    print(("FAIL" if ps else "PASS") + " spantree/variant")
    return 1 if ps else 0


if __name__ == "__main__":
    sys.exit(main())
