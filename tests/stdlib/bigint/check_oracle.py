#!/usr/bin/env python3
"""check_oracle.py — bigint against Python's int on random operations.

Python generates operations (fixed seed) on operands of 0 to --max-digits
decimal digits (log-uniform sizes, both signs, zero, +-1 and values at
limb boundaries mixed in; some divisions given a dividend with a small
quotient, some products a one-limb factor), writes them in a random base from 2 to 36 (hex
half the time), runs tests/stdlib/bigint/oracle.gs on them in batches and
compares every printed result with Python's.

Default (ctest): 3,000 operations, operands up to 20,000 digits.
--ops 100000 is the full run (minutes). GOOSE names the goose binary;
--cc tcc builds the program by TinyCC (ctest's oracle_tcc, 1,000
operations), whose limb products take runtime's fallback without
unsigned __int128.
Prints one PASS/FAIL line.
"""
import argparse
import math
import os
import random
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz"
BINARY = ["add", "sub", "mul", "div", "rem", "divmod", "cmp",
          "sadd_zx", "sadd_zy", "ssub_zx", "ssub_zy", "smul_zx",
          "sdivmod_qx", "sdivmod_ry", "sreuse"]
UNARY = ["neg", "to_int", "conv", "smul_zz"]
SHIFTS = ["shl", "shr", "sshl_zz", "sshr_zz"]
DIVIDES = {"div", "rem", "divmod", "sdivmod_qx", "sdivmod_ry", "sreuse"}


def to_base(v, base):
    if v == 0:
        return "0"
    s, neg = [], v < 0
    v = abs(v)
    if base == 16:
        t = "%x" % v
    elif base == 10:
        t = str(v)
    else:
        while v:
            v, d = divmod(v, base)
            s.append(DIGITS[d])
        t = "".join(reversed(s))
    return ("-" if neg else "") + t


def operand(rng, max_digits):
    r = rng.random()
    if r < 0.05:
        return 0
    if r < 0.10:
        return rng.choice([1, -1, 2, -2])
    if r < 0.20:  # limb and half-limb boundaries: +-(2^(32k) + d)
        k = rng.randint(1, max(1, int(max_digits * 3.32 / 32)))
        return rng.choice([1, -1]) * ((1 << (32 * k)) + rng.randint(-2, 2))
    digits = int(math.exp(rng.uniform(0, math.log(max_digits))))
    v = rng.randrange(10 ** (digits - 1), 10 ** digits)
    if rng.random() < 0.1:  # runs of all-one limbs stress the carries
        v = (1 << v.bit_length()) - 1 - (v & 0xffff)
    return -v if rng.random() < 0.5 else v


def small_quotient(rng, y):
    """x = q * y + r with a small quotient q (the library's estimate-and-
    correct path below 2^31, its edges 2^30 and 2^31 and the quotient
    limbs around them) and r anywhere in 0..|y|-1 (at 0, |y| - 1 the
    corrections are most and fewest), signs mixed."""
    q = rng.choice([0, 1, 2, 3, rng.randint(4, 1000), rng.randint(0, 1 << 31),
                    (1 << 30) + rng.randint(-2, 2), (1 << 31) + rng.randint(-2, 2),
                    rng.randint(0, 1 << 64)])
    m = abs(y)
    r = rng.choice([0, 1, m - 1, rng.randrange(m)])
    x = q * m + max(r, 0)
    return -x if rng.random() < 0.5 else x


def one_limb(rng):
    """A one-limb multiplier: small, the largest limb, or around 2^32."""
    v = rng.choice([rng.randint(1, 100), (1 << 64) - 1, (1 << 63) + rng.randint(-2, 2),
                    (1 << 32) + rng.randint(-2, 2), rng.randint(1, (1 << 64) - 1)])
    return -v if rng.random() < 0.5 else v


def trunc_divmod(x, y):
    q = abs(x) // abs(y)
    if (x < 0) != (y < 0):
        q = -q
    return q, x - q * y


def expected(op, x, y, k, base):
    """The lines the Goose program prints for one operation."""
    b = lambda v: to_base(v, base)
    if op in ("add", "sadd_zx", "sadd_zy"):
        return [b(x + y)]
    if op in ("sub", "ssub_zx", "ssub_zy"):
        return [b(x - y)]
    if op in ("mul", "smul_zx"):
        return [b(x * y)]
    if op == "smul_zz":
        return [b(x * x)]
    q, r = trunc_divmod(x, y) if y else (0, 0)
    if op == "div":
        return [b(q)]
    if op == "rem":
        return [b(r)]
    if op in ("divmod", "sdivmod_qx", "sdivmod_ry"):
        return [b(q), b(r)]
    if op == "sreuse":
        return [b(x * y), b(q), b(r)]
    if op == "neg":
        return [b(-x)]
    if op == "cmp":
        return [str((x > y) - (x < y))]
    if op in ("shl", "sshl_zz"):
        return [b(x << k)]
    if op in ("shr", "sshr_zz"):
        return [b(x >> k)]
    if op == "pow":
        return [b(x ** k)]
    if op == "to_int":
        return ["some(%d)" % x if -(1 << 63) <= x < (1 << 63) else "none"]
    if op == "conv":
        return [to_base(x, k)]
    raise ValueError(op)


def gen_op(rng, max_digits):
    r = rng.random()
    x, y, k = operand(rng, max_digits), operand(rng, max_digits), 0
    if r < 0.70:
        op = rng.choice(BINARY)
        if op in DIVIDES:
            while y == 0:
                y = operand(rng, max_digits)
            if rng.random() < 0.3:
                x = small_quotient(rng, y)
        elif op in ("mul", "smul_zx") and rng.random() < 0.2:
            y = one_limb(rng)
    elif r < 0.85:
        op = rng.choice(UNARY)
        if op == "to_int" and rng.random() < 0.7:
            x = rng.choice([rng.randint(-(1 << 64), 1 << 64), (1 << 63) - 1,
                            -(1 << 63), 1 << 63, -(1 << 63) - 1, 0])
        if op == "conv":
            k = rng.randint(2, 36)
    elif r < 0.95:
        op = rng.choice(SHIFTS)
        k = rng.choice([0, 1, 31, 32, 33, 63, 64, 65, rng.randint(0, 3000)])
    else:
        op, x, k = "pow", rng.randint(-10 ** 12, 10 ** 12), rng.randint(0, 60)
    base = 16 if rng.random() < 0.5 else rng.randint(2, 36)
    if base != 16 and max(abs(x), abs(y)).bit_length() > 30000 and rng.random() < 0.7:
        base = 16  # keep Python's quadratic base conversion affordable
    return op, base, x, y, k


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--ops", type=int, default=3000)
    ap.add_argument("--max-digits", type=int, default=20000)
    ap.add_argument("--batch", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=20261206)
    ap.add_argument("--cc", default=None,
                    help="goose build --cc (tcc: the 64-bit limb products' high "
                         "halves without a 128-bit type)")
    a = ap.parse_args()
    if hasattr(sys, "set_int_max_str_digits"):
        sys.set_int_max_str_digits(0)
    goose = os.environ.get("GOOSE", "build/goose")
    rng = random.Random(a.seed)
    with tempfile.TemporaryDirectory() as tmp:
        exe = os.path.join(tmp, "oracle")
        cc = ["--cc", a.cc] if a.cc else []
        subprocess.run([goose, "build", os.path.join(HERE, "oracle.gs"), "-o", exe] + cc,
                       check=True)
        done = 0
        while done < a.ops:
            n = min(a.batch, a.ops - done)
            ops = [gen_op(rng, a.max_digits) for _ in range(n)]
            path = os.path.join(tmp, "ops.txt")
            with open(path, "w") as f:
                for op, base, x, y, k in ops:
                    f.write("%s %d %s %s %d\n" % (op, base, to_base(x, base), to_base(y, base), k))
            p = subprocess.run([exe, path], capture_output=True, text=True)
            if p.returncode != 0:
                print("FAIL stdlib/bigint/oracle: status %d: %s" % (p.returncode, p.stderr.strip()[:400]))
                return 1
            got = p.stdout.split("\n")
            i = 0
            for op, base, x, y, k in ops:
                for want in expected(op, x, y, k, base):
                    if i >= len(got) or got[i] != want:
                        print("FAIL stdlib/bigint/oracle: %s base %d x=%s y=%s k=%d: got %.200s want %.200s"
                              % (op, base, to_base(x, 16), to_base(y, 16), k,
                                 got[i] if i < len(got) else "<nothing>", want))
                        return 1
                    i += 1
            done += n
    print("PASS stdlib/bigint/oracle: %d operations, operands up to %d digits%s"
          % (a.ops, a.max_digits, " (--cc %s)" % a.cc if a.cc else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
