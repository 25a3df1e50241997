#!/usr/bin/env python3
"""parse_oracle.py — the builtins parse_f64 and parse_int on random and
mutated number-like text: each result must be what the reference's rules
give, computed here from Python (float() for the value, correctly rounded;
the syntax checked by the regular expressions below, written from
docs/language.md: decimal and exponent forms with an optional sign,
[+-]inf, [+-]infinity and nan in any case, no hex floats, underscores or
spaces; none on overflow; parse_int: an optional sign and decimal digits,
none when out of range). Malformed text must give none, never a crash.

  parse_oracle.py [--cases N] [--seed S] [--cc clang|tcc] [--sanitize]   (GOOSE: goose)
Prints one PASS/FAIL line.
Not for: the formatting of numbers (tests/golden/run/fmt_*)."""
import argparse
import math
import os
import random
import re
import struct
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
import oracle_util  # noqa: E402
FLOAT = re.compile(r"[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\Z")
SPECIAL = re.compile(r"[+-]?(inf|infinity)\Z|nan\Z", re.I)
INT = re.compile(r"[+-]?\d+\Z")
PIECES = ["0", "1", "9", "12345678901234567890", ".", "e", "E", "-", "+", "e-", "e+400", "e-400", "inf", "Inf",
          "infinity", "nan", "NaN", "_", " ", "x", "0x1p3", "1e308", "1.7976931348623159e308",
          "4.9e-324", "2.4703282292062327e-324", "9223372036854775807", "9223372036854775808",
          "-9223372036854775808", "-9223372036854775809", "00", "\t", "\u00e9", "\x00", "ab"]


def want_f64(s):
    if SPECIAL.match(s):
        return float(s)
    if not FLOAT.match(s):
        return None
    x = float(s)
    return None if math.isinf(x) else x


def want_int(s):
    if not INT.match(s):
        return None
    n = int(s)
    return n if -2**63 <= n < 2**63 else None


def gen(rng):
    k = rng.random()
    if k < 0.3:
        return "".join(rng.choice(PIECES) for _ in range(rng.randint(1, 4)))
    if k < 0.6:
        m = rng.choice(["", "-", "+"]) + str(rng.randint(0, 10**rng.randint(1, 25)))
        if rng.random() < 0.5:
            m += "." + str(rng.randint(0, 10**rng.randint(0, 20)))
        if rng.random() < 0.5:
            m += rng.choice("eE") + rng.choice(["", "-", "+"]) + str(rng.randint(0, 400))
        return m
    if k < 0.8:
        x = struct.unpack("<d", struct.pack("<Q", rng.getrandbits(64)))[0]
        return repr(x) if rng.random() < 0.5 else f"{x:.{rng.randint(0, 25)}e}"
    s = list(repr(rng.uniform(-1e6, 1e6)))
    for _ in range(rng.randint(1, 3)):
        op = rng.randrange(3)
        i = rng.randrange(len(s) + 1)
        if op == 0:
            s.insert(i, rng.choice("0123456789.eE+-_ xn"))
        elif op == 1 and s:
            del s[min(i, len(s) - 1)]
        elif s:
            s[min(i, len(s) - 1)] = rng.choice("0123456789.eE+-")
    return "".join(s)


def bits(x):
    return struct.unpack("<Q", struct.pack("<d", x))[0]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cases", type=int, default=50000)
    ap.add_argument("--seed", type=int, default=11)
    oracle_util.add_args(ap)
    a = ap.parse_args()
    rng = random.Random(a.seed)
    cases = [gen(rng).replace("\n", "").replace("\r", "") for _ in range(a.cases)]
    try:
        out = oracle_util.run_driver(os.path.join(HERE, "parse_driver.gs"),
                                     "".join(c + "\n" for c in cases).encode(), a)
    except oracle_util.DriverError as e:
        print(f"FAIL stdlib/builtins/parse_oracle ({oracle_util.label(a)}): {e}")
        return 1
    lines = out.decode().split("\n")
    bad = []
    for k, s in enumerate(cases):
        f, i = lines[2 * k].split()[1], lines[2 * k + 1].split()[1]
        wf, wi = want_f64(s), want_int(s)
        if wf is None:
            okf = f == "none"
        elif math.isnan(wf):
            okf = f != "none" and math.isnan(struct.unpack("<d", struct.pack("<Q", int(f)))[0])
        else:
            okf = f != "none" and int(f) == bits(wf)
        oki = (i == "none") if wi is None else (i != "none" and int(i) == wi)
        if not (okf and oki):
            bad.append(f"{s!r}: goose f {f} i {i}, want f {wf!r} i {wi!r}")
    for m in bad[:6]:
        print("  " + m)
    if bad:
        print(f"FAIL stdlib/builtins/parse_oracle ({oracle_util.label(a)}): {len(bad)} of {len(cases)} differ")
        return 1
    print(f"PASS stdlib/builtins/parse_oracle ({oracle_util.label(a)}): {len(cases)} texts (seed {a.seed}) parsed as the rules say")
    return 0


if __name__ == "__main__":
    sys.exit(main())
