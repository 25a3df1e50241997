#!/usr/bin/env python3
"""check_bad_input.py — base64_decode and hex_decode on random and mutated
text: each input must decode to exactly Python's bytes
(base64.b64decode(s, validate=True), binascii.unhexlify) or fail with the
offset b64model.py gives (the first byte where the input goes wrong) and a
message ending in "at offset N"; never a crash, a runtime error or a
sanitizer report. b64model.py is itself checked against Python on every
input: it must accept exactly what Python accepts.

Inputs (fixed seed): valid encodings of random bytes with one to three
mutations (a byte replaced by a random byte, '=', an alphabet character
or white space; inserted; deleted; the text cut; '=' or data appended),
short strings over the alphabet and '=', and random bytes. oracle.gs is
built twice, as goose builds it and with clang's AddressSanitizer and
UBSan (GOOSE_CFLAGS, as tests/run_golden.py --sanitize does), and both
must print the same. --cases N (default 20000 per decoder); --no-sanitize
skips the sanitized build. GOOSE names the goose binary.
Prints one PASS/FAIL line.
"""
import argparse
import base64
import binascii
import os
import random
import sys
import tempfile

import b64model
import common

B64 = b64model.ALPHABET
HEX = b"0123456789abcdefABCDEF"


def mutate(s, alphabet, rng):
    s = bytearray(s)
    for _ in range(rng.randint(1, 3)):
        r = rng.random()
        pos = rng.randint(0, len(s))
        pick = rng.choice([bytes([rng.randrange(256)]), b"=", bytes([rng.choice(alphabet)]),
                           rng.choice([b" ", b"\n", b"\r", b"\t", b"\x00", b"\xff"])])
        if r < 0.35 and pos < len(s):
            s[pos:pos + 1] = pick
        elif r < 0.55:
            s[pos:pos] = pick
        elif r < 0.70 and pos < len(s):
            del s[pos]
        elif r < 0.80:
            del s[pos:]
        elif r < 0.90:
            s += b"=" * rng.randint(1, 3)
        else:
            s += bytes(rng.choice(alphabet) for _ in range(rng.randint(1, 3)))
    return bytes(s)


def b64_inputs(rng, n):
    out = []
    for _ in range(n):
        r = rng.random()
        if r < 0.6:
            out.append(mutate(base64.b64encode(rng.randbytes(rng.randint(0, 40))), B64, rng))
        elif r < 0.9:
            out.append(bytes(rng.choice(B64[:6] + b"====") for _ in range(rng.randint(0, 14))))
        else:
            out.append(rng.randbytes(rng.randint(0, 20)))
    return out


def hex_inputs(rng, n):
    out = []
    for _ in range(n):
        r = rng.random()
        if r < 0.7:
            out.append(mutate(binascii.hexlify(rng.randbytes(rng.randint(0, 30))), HEX, rng))
        elif r < 0.9:
            out.append(bytes(rng.choice(HEX + b"gG") for _ in range(rng.randint(0, 12))))
        else:
            out.append(rng.randbytes(rng.randint(0, 20)))
    return out


def python_decode(op, s):
    try:
        if op == "b64d":
            return base64.b64decode(s, validate=True)
        return binascii.unhexlify(s)
    except (binascii.Error, ValueError):
        return None


def expected(op, s):
    """The line oracle.gs must print for s, or raises AssertionError when
    the model and Python disagree."""
    got = python_decode(op, s)
    off = b64model.b64_error_offset(s) if op == "b64d" else b64model.hex_error_offset(s)
    if (got is None) != (off is not None):
        raise AssertionError("model and Python %s disagree on %s %r: Python %r, model offset %r"
                             % (sys.version.split()[0], op, s, got, off))
    if got is not None:
        return b"ok " + binascii.hexlify(got), None
    return None, off


def check(lines, cases, tag):
    for i, (op, s) in enumerate(cases):
        want, off = expected(op, s)
        line = lines[i] if i < len(lines) else b"<nothing>"
        if want is not None:
            ok = line == want
        else:
            parts = line.split(b" ", 2)
            ok = (len(parts) == 3 and parts[0] == b"err" and parts[1] == b"%d" % off
                  and parts[2].endswith(b" at offset %d" % off))
        if not ok:
            raise AssertionError("%s%s %r: got %.120r want %r" % (tag, op, s, line, want or "err %d" % off))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cases", type=int, default=20000)
    ap.add_argument("--seed", type=int, default=20261206)
    ap.add_argument("--no-sanitize", action="store_true")
    a = ap.parse_args()
    goose = os.environ.get("GOOSE", "build/goose")
    rng = random.Random(a.seed)
    cases = [("b64d", s) for s in b64_inputs(rng, a.cases)]
    cases += [("hexd", s) for s in hex_inputs(rng, a.cases)]
    rejected = sum(1 for op, s in cases if python_decode(op, s) is None)
    with tempfile.TemporaryDirectory() as tmp:
        builds = [("", False)] + ([] if a.no_sanitize else [("sanitized: ", True)])
        for tag, san in builds:
            exe = os.path.join(tmp, "oracle" + ("_san" if san else ""))
            try:
                common.build(goose, exe, sanitize=san)
                check(common.run(exe, cases, os.path.join(tmp, "in.bin")), cases, tag)
            except (RuntimeError, AssertionError) as e:
                print("FAIL stdlib/encoding/bad_input: %s%s" % (tag, e))
                return 1
    print("PASS stdlib/encoding/bad_input: %d inputs (%d rejected)%s"
          % (len(cases), rejected, "" if a.no_sanitize else ", also under ASan+UBSan"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
