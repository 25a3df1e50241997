#!/usr/bin/env python3
"""oracle.py — the strings module against Python's bytes methods on random
inputs (empty strings, separators at the ends, bytes >= 0x80), through
driver.gs. Where Goose follows Go rather than Python (an empty separator
or pattern steps through UTF-8 sequences; replace_n's count; repeat), the
expected value comes from the small models below, written from Go's
documentation.

  oracle.py [--cases N] [--seed S] [--cc clang|gcc|tcc] [--sanitize]   (GOOSE: the goose binary)
Prints one PASS/FAIL line; on a mismatch, the first few cases that differ.
Not for: the Builder's growth policy (bench/stdlib/strings)."""
import argparse
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
import oracle_util  # noqa: E402
WS = b" \t\n\x0b\x0c\r"


def go_step(s, i):
    """The length of the UTF-8 sequence at s[i] as Go's utf8.DecodeRune
    reads it (1 for a byte that starts no valid sequence)."""
    c = s[i]
    if c < 0x80:
        return 1
    table = [(0xC2, 0xDF, 2, 0x80, 0xBF), (0xE0, 0xE0, 3, 0xA0, 0xBF), (0xE1, 0xEC, 3, 0x80, 0xBF),
             (0xED, 0xED, 3, 0x80, 0x9F), (0xEE, 0xEF, 3, 0x80, 0xBF), (0xF0, 0xF0, 4, 0x90, 0xBF),
             (0xF1, 0xF3, 4, 0x80, 0xBF), (0xF4, 0xF4, 4, 0x80, 0x8F)]
    for lo_c, hi_c, n, lo, hi in table:
        if lo_c <= c <= hi_c:
            if i + n > len(s) or not lo <= s[i + 1] <= hi:
                return 1
            if any(not 0x80 <= s[i + k] <= 0xBF for k in range(2, n)):
                return 1
            return n
    return 1


def go_steps(s):
    out, i = [], 0
    while i < len(s):
        n = go_step(s, i)
        out.append(s[i:i + n])
        i += n
    return out


def go_replace(s, old, new, n):
    if n < 0:
        n = sys.maxsize
    if old:
        return s.replace(old, new, n)
    steps, out = go_steps(s), b""
    for k, st in enumerate(steps):
        if n == 0:
            return out + b"".join(steps[k:])
        out += new + st
        n -= 1
    return out + (new if n > 0 else b"")


def frame(x):
    return b"%d\n%s\n" % (len(x), x)


def expect(op, a, b, c, n):
    """The framed result Goose must print."""
    num = lambda v: b"%d\n" % v
    many = lambda xs: b"%d\n" % len(xs) + b"".join(frame(x) for x in xs)
    if op == "contains": return num(int(b in a))
    if op == "index": return num(a.find(b))
    if op == "last_index": return num(a.rfind(b))
    if op == "index_byte": return num(a.find(b[:1]))
    if op == "has_prefix": return num(int(a.startswith(b)))
    if op == "has_suffix": return num(int(a.endswith(b)))
    if op == "count": return num(a.count(b) if b else len(go_steps(a)) + 1)
    if op == "compare": return num((a > b) - (a < b))
    if op == "split": return many(a.split(b) if b else go_steps(a))
    if op == "fields": return many(a.split())
    if op == "join": return frame(b.join(a.split(b"\x00")))
    if op == "replace": return frame(go_replace(a, b, c, -1))
    if op == "replace_n": return frame(go_replace(a, b, c, n))
    if op == "repeat": return frame(a * n)
    if op == "to_lower": return frame(a.lower())
    if op == "to_upper": return frame(a.upper())
    if op == "from_byte": return frame(a[:1])
    if op == "trim": return frame(a.strip(b))
    if op == "trim_left": return frame(a.lstrip(b))
    if op == "trim_right": return frame(a.rstrip(b))
    if op == "trim_space": return frame(a.strip(WS))
    if op == "builder":
        acc = b""
        for piece in a.split(b"\x00"):
            acc += piece
            acc += acc[:n]
        return frame(acc)
    raise ValueError(op)


ALPHABETS = [b"ab", b"ab,", b"abc \t\n", b"aA,\x00", bytes(range(256)), b"\xc3\xa9\xe2\x82\xac\xf0\x9f\xa6\xa2\xff\x80a",
             b"xyz" + bytes([0xed, 0xa0, 0x80, 0xf4, 0x90])]


def rand_bytes(rng, alpha, hi):
    return bytes(rng.choice(alpha) for _ in range(rng.randint(0, hi)))


def gen(rng):
    op = rng.choice(["contains", "index", "last_index", "index_byte", "has_prefix", "has_suffix", "count",
                     "compare", "split", "fields", "join", "replace", "replace_n", "repeat", "to_lower",
                     "to_upper", "from_byte", "trim", "trim_left", "trim_right", "trim_space", "builder"])
    alpha = rng.choice(ALPHABETS)
    a = rand_bytes(rng, alpha, rng.choice([0, 3, 12, 40, 200]))
    b = rand_bytes(rng, alpha, rng.choice([0, 1, 2, 3]))
    if rng.random() < 0.3 and a:            # a pattern taken from the text, at its ends too
        i = rng.choice([0, len(a) - 1, rng.randrange(len(a))])
        b = a[i:i + rng.randint(1, rng.choice([3, 20]))]
    c = rand_bytes(rng, alpha, rng.choice([0, 2]))
    n = rng.randint(-2, 5)
    if op in ("index_byte", "from_byte") and not b:
        b = bytes([rng.randrange(256)])
    if op == "from_byte":
        a = b
    if op == "repeat":
        n = abs(n)
    if op == "builder":
        a = b"\x00".join(rand_bytes(rng, alpha, 5) for _ in range(rng.randint(0, 6)))
        n = rng.randint(0, 8)
    return op, a, b, c, n


# index and contains over texts longer than the runtime's 16-byte blocks:
# needles whose first and last bytes agree almost everywhere (the search
# hands over to memmem after too many comparisons), and a match in the
# last positions, past the last whole block.
LONG_CASES = [(op, a, b, b"", 0) for op in ("index", "contains") for a, b in [
    (b"a" * 5000 + b"abbba", b"abbba"),
    (b"a" * 5000, b"abba"),
    (b"ab" * 3000 + b"abc", b"abc"),
    (b"x" * 100 + b"needle", b"needle"),
    (b"x" * 31 + b"yz", b"yz"),
    (b"x" * 40, b"xxxxxxxxxxxxxxxxxxxxy"),
]]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cases", type=int, default=20000)
    oracle_util.add_args(ap)
    ap.add_argument("--seed", type=int, default=2026)
    a = ap.parse_args()
    goose = os.environ.get("GOOSE", "build/goose")
    rng = random.Random(a.seed)
    cases = [gen(rng) for _ in range(a.cases)] + LONG_CASES
    inp = b"".join(op.encode() + b"\n" + frame(x) + frame(y) + frame(z) + frame(b"%d" % n)
                   for op, x, y, z, n in cases)
    try:
        out = oracle_util.run_driver(os.path.join(HERE, "driver.gs"), inp, a)
    except oracle_util.DriverError as e:
        print(f"FAIL stdlib/strings/oracle ({oracle_util.label(a)}): {e}")
        return 1
    want = b"".join(expect(*c) for c in cases)
    if out == want:
        print(f"PASS stdlib/strings/oracle ({oracle_util.label(a)}): {a.cases} cases (seed {a.seed}) and "
              f"{len(LONG_CASES)} long searches agree with Python's bytes")
        return 0
    at, shown = 0, 0                          # find the first cases that differ
    got = out
    for case in cases:
        w = expect(*case)
        if got[at:at + len(w)] != w:
            print(f"  {case!r}: goose {got[at:at + len(w) + 20]!r}, want {w!r}")
            shown += 1
            break
        at += len(w)
    print("FAIL stdlib/strings/oracle: the driver's output differs")
    return 1


if __name__ == "__main__":
    sys.exit(main())
