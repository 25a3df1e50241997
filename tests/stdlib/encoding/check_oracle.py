#!/usr/bin/env python3
"""check_oracle.py — encoding against Python's base64 and binascii.

Random bytes (fixed seed) of every length 0..300 and of a few large sizes
(--big, default 3 MiB) are encoded by base64_encode and hex_encode and
compared with base64.b64encode and binascii.hexlify; the encodings (hex
also in upper and mixed case) are decoded back by base64_decode and
hex_decode and compared with the original bytes. Runs oracle.gs built
with goose's default C compiler. GOOSE names the goose binary.
Prints one PASS/FAIL line.
"""
import argparse
import base64
import binascii
import os
import random
import sys
import tempfile

import common


def records_for(data, rng):
    b64 = base64.b64encode(data)
    hx = binascii.hexlify(data)
    mixed = bytes(c - 32 if 0x61 <= c <= 0x66 and rng.random() < 0.5 else c for c in hx)
    return [
        (("b64e", data), b64),
        (("hexe", data), hx),
        (("b64d", b64), b"ok " + hx),
        (("hexd", hx), b"ok " + hx),
        (("hexd", hx.upper()), b"ok " + hx),
        (("hexd", mixed), b"ok " + hx),
    ]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--max-len", type=int, default=300)
    ap.add_argument("--big", type=int, default=3 << 20)
    ap.add_argument("--seed", type=int, default=20261206)
    a = ap.parse_args()
    goose = os.environ.get("GOOSE", "build/goose")
    rng = random.Random(a.seed)
    cases = []
    for n in range(a.max_len + 1):
        cases += records_for(rng.randbytes(n), rng)
    for n in (a.big, a.big + 1, a.big + 2):
        cases += records_for(rng.randbytes(n), rng)
    with tempfile.TemporaryDirectory() as tmp:
        exe = os.path.join(tmp, "oracle")
        common.build(goose, exe)
        try:
            got = common.run(exe, [rec for rec, _ in cases], os.path.join(tmp, "in.bin"))
        except RuntimeError as e:
            print("FAIL stdlib/encoding/oracle: %s" % e)
            return 1
    for i, ((op, data), want) in enumerate(cases):
        line = got[i] if i < len(got) else b"<nothing>"
        if line != want:
            print("FAIL stdlib/encoding/oracle: %s of %d bytes %.60r: got %.120r want %.120r"
                  % (op, len(data), data, line, want))
            return 1
    print("PASS stdlib/encoding/oracle: %d records, lengths 0..%d and %d bytes"
          % (len(cases), a.max_len, a.big))
    return 0


if __name__ == "__main__":
    sys.exit(main())
