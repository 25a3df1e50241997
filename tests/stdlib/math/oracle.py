#!/usr/bin/env python3
"""oracle.py — the math module against the C library's libm, called through
ctypes, on random and special arguments (zeros of both signs, infinities,
NaN, subnormals, huge and tiny values): every result must have the same
bits (any NaN matches any NaN), and is_nan / is_inf must agree with
Python's math.isnan / math.isinf.

  oracle.py [--cases N] [--seed S] [--cc clang|gcc|tcc] [--sanitize]   (GOOSE: the goose binary)
Prints one PASS/FAIL line.
Not for: libm's own accuracy."""
import argparse
import ctypes
import ctypes.util
import math
import os
import random
import struct
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
import oracle_util  # noqa: E402
ONE = ["sqrt", "cbrt", "exp", "exp2", "log", "log2", "log10", "sin", "cos", "tan", "asin", "acos", "atan",
       "sinh", "cosh", "tanh", "floor", "ceil", "round", "trunc"]
TWO = ["pow", "atan2", "hypot", "fmod", "copysign"]
SPECIAL = [0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 2.5, -2.5, 0.49999999999999994, math.inf, -math.inf, math.nan,
           5e-324, -5e-324, 2.2250738585072014e-308, 1.7976931348623157e308, -1.7976931348623157e308,
           math.pi, 1e300, 1e-300, 710.0, -745.2, 4503599627370496.5]


def bits(x):
    return struct.unpack("<Q", struct.pack("<d", x))[0]


def rand_f64(rng):
    k = rng.random()
    if k < 0.2:
        return rng.choice(SPECIAL)
    if k < 0.4:
        return struct.unpack("<d", struct.pack("<Q", rng.getrandbits(64)))[0]
    if k < 0.7:
        return rng.uniform(-10, 10)
    return rng.uniform(-1, 1) * 10.0 ** rng.randint(-30, 30)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cases", type=int, default=30000)
    oracle_util.add_args(ap)
    ap.add_argument("--seed", type=int, default=7)
    a = ap.parse_args()
    libm = ctypes.CDLL(ctypes.util.find_library("m"))
    rng = random.Random(a.seed)
    cases = []
    for _ in range(a.cases):
        name = rng.choice(ONE + TWO + ["is_nan", "is_inf"])
        cases.append((name, rand_f64(rng), rand_f64(rng)))
    want = []
    for name, x, y in cases:
        if name == "is_nan":
            want.append(1.0 if math.isnan(x) else 0.0)
        elif name == "is_inf":
            want.append(1.0 if math.isinf(x) else 0.0)
        else:
            f = getattr(libm, name)
            f.restype = ctypes.c_double
            f.argtypes = [ctypes.c_double] * (2 if name in TWO else 1)
            want.append(f(x, y) if name in TWO else f(x))
    inp = "".join(f"{n} {bits(x)} {bits(y)}\n" for n, x, y in cases).encode()
    try:
        out = oracle_util.run_driver(os.path.join(HERE, "driver.gs"), inp, a)
    except oracle_util.DriverError as e:
        print(f"FAIL stdlib/math/oracle ({oracle_util.label(a)}): {e}")
        return 1
    got = [int(v) for v in out.split()]
    bad = []
    for (name, x, y), w, g in zip(cases, want, got):
        gx = struct.unpack("<d", struct.pack("<Q", g))[0]
        if not (bits(w) == g or (math.isnan(w) and math.isnan(gx))):
            bad.append(f"{name}({x!r}, {y!r}): goose {gx!r}, libm {w!r}")
    if len(got) != len(cases):
        bad.append(f"{len(got)} results for {len(cases)} cases")
    for m in bad[:5]:
        print("  " + m)
    if bad:
        print(f"FAIL stdlib/math/oracle: {len(bad)} of {len(cases)} results differ from libm")
        return 1
    print(f"PASS stdlib/math/oracle ({oracle_util.label(a)}): {len(cases)} results (seed {a.seed}) have libm's bits")
    return 0


if __name__ == "__main__":
    sys.exit(main())
