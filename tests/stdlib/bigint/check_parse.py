#!/usr/bin/env python3
"""check_parse.py — bad-input tester for bigint.parse.

Random and mutated strings (valid numbers in a random base 2..36 with bytes
inserted, deleted or replaced: signs, underscores, spaces, prefixes, NUL,
bytes >= 0x80, digits beyond the base) are given to bigint.parse. The
page's rule: an optional + or -, then one or more digits of the base,
letters in either case, nothing else. Where the rule accepts, the value
must be Python's int(s, base); everywhere else the result must be none;
never a crash, hang or runtime error. The program runs built normally and
built with AddressSanitizer + UBSan (clang).

Default: 20,000 strings (--count for more). GOOSE names the goose binary.
Prints one PASS/FAIL line.
"""
import argparse
import os
import random
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz"
SAN_CFLAGS = "-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer"
SHAPE = re.compile(rb"[+-]?[0-9A-Za-z]+\Z")
NOISE = [b"+", b"-", b"_", b" ", b"0x", b"0b", b"\x00", b"\xff", b"\n", b"\t",
         b"9", b"z", b"Z", b"g", b"G", b".", b"e", b"--", b"+-", b"\xc3\xa9", b"\xd9\xa3"]


def accepts(s, base):
    """The page's rule; Python's int agrees with the value."""
    if not SHAPE.match(s):
        return None
    body = s.lstrip(b"+-")
    if any(DIGITS.index(chr(c).lower()) >= base for c in body):
        return None
    return int(s.decode(), base)


def valid(rng, base):
    n = int(2 ** rng.uniform(0, 11))
    s = "".join(rng.choice(DIGITS[:base]) for _ in range(n))
    if rng.random() < 0.3:
        s = s.upper()
    return (rng.choice(["", "", "+", "-"]) + s).encode()


def mutate(rng, s):
    s = bytearray(s)
    for _ in range(rng.randint(1, 3)):
        r = rng.random()
        at = rng.randint(0, len(s))
        if r < 0.4:
            s[at:at] = rng.choice(NOISE) if rng.random() < 0.7 else bytes([rng.randrange(256)])
        elif r < 0.7 and s:
            del s[min(at, len(s) - 1)]
        elif s:
            s[min(at, len(s) - 1)] = rng.randrange(256)
    return bytes(s)


def gen(rng):
    base = rng.randint(2, 36)
    r = rng.random()
    if r < 0.1:
        s = bytes(rng.randrange(256) for _ in range(rng.randint(0, 12)))
    elif r < 0.15:
        s = rng.choice([b"", b"+", b"-", b"++1", b"-0", b"+0", b"00", b" 1", b"1 ", b"1_0"])
    elif r < 0.45:
        s = valid(rng, base)
    else:
        s = mutate(rng, valid(rng, base))
    return base, s


def run(exe, path, cases):
    p = subprocess.run([exe, path], capture_output=True, text=True, timeout=300,
                       env=dict(os.environ, ASAN_OPTIONS="detect_leaks=0"))
    if p.returncode != 0:
        return "status %d: %s" % (p.returncode, p.stderr.strip()[:400])
    got = p.stdout.split("\n")
    for i, (base, s) in enumerate(cases):
        v = accepts(s, base)
        want = "none" if v is None else ("-" if v < 0 else "") + "%x" % abs(v)
        if got[i] != want:
            return "base %d %r: got %.100s want %.100s" % (base, s, got[i], want)
    return None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--count", type=int, default=20000)
    ap.add_argument("--seed", type=int, default=26)
    a = ap.parse_args()
    goose = os.environ.get("GOOSE", "build/goose")
    rng = random.Random(a.seed)
    cases = [gen(rng) for _ in range(a.count)]
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "in.txt")
        with open(path, "w") as f:
            for base, s in cases:
                f.write("%d %s\n" % (base, s.hex()))
        for name, cflags in (("plain", ""), ("asan+ubsan", SAN_CFLAGS)):
            exe = os.path.join(tmp, "parse_" + name.replace("+", "_"))
            env = dict(os.environ, GOOSE_CFLAGS=cflags)
            subprocess.run([goose, "build", os.path.join(HERE, "parse_fuzz.gs"), "--cc", "clang",
                            "-o", exe], check=True, env=env)
            err = run(exe, path, cases)
            if err:
                print("FAIL stdlib/bigint/parse_fuzz (%s): %s" % (name, err))
                return 1
    accepted = sum(accepts(s, b) is not None for b, s in cases)
    print("PASS stdlib/bigint/parse_fuzz: %d strings (%d accepted), plain and asan+ubsan"
          % (a.count, accepted))
    return 0


if __name__ == "__main__":
    sys.exit(main())
