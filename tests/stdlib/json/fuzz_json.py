#!/usr/bin/env python3
"""fuzz_json: the bad-input tester of json.parse and json.Reader. Random
documents (common.rand_doc) mutated 1 to 4 times (bytes deleted, inserted,
replaced, a span duplicated, the end cut), and random byte strings, go
through the Goose driver: each must give an error with an offset inside
the input or a value equal to Python's (strict oracle), the Reader the
same verdict and offset, and the driver must never crash, hang or stop
with a runtime error. --sanitize builds the driver with clang under
AddressSanitizer and UBSan (any report fails).
Usage: fuzz_json.py [--count N] [--seed S] [--sanitize]  (default 20000)"""
import argparse
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import common  # noqa: E402

INTERESTING = b'[]{}",:\\/0123456789eE+-.tfnlu \t\n\r\x00\x1f\x7f\x80\xbf\xc2\xe0\xed\xf0\xf4\xff'


def mutate(rng, b):
    b = bytearray(b)
    for _ in range(rng.randrange(1, 5)):
        k = rng.randrange(5)
        i = rng.randrange(len(b) + 1)
        if k == 0 and b:
            del b[min(i, len(b) - 1)]
        elif k == 1:
            b.insert(i, rng.choice(INTERESTING))
        elif k == 2 and b:
            b[min(i, len(b) - 1)] = rng.choice(INTERESTING) if rng.random() < 0.8 else rng.randrange(256)
        elif k == 3 and b:
            j = rng.randrange(len(b))
            lo, hi = min(i, j), max(i, j)
            b[i:i] = b[lo:hi][:64]
        else:
            b = b[:i]
    return bytes(b)


def rand_bytes(rng):
    n = rng.randrange(12)
    return bytes(rng.choice(INTERESTING) for _ in range(n))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--count", type=int, default=20000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--sanitize", action="store_true")
    a = ap.parse_args()
    exe = common.build_driver(os.environ.get("GOOSE", "build/goose"), a.sanitize)
    rng = random.Random(a.seed)
    docs = []
    for _ in range(a.count):
        docs.append(rand_bytes(rng) if rng.random() < 0.1 else mutate(rng, common.rand_doc(rng)))
    fails = 0
    valid = 0
    for doc, out in zip(docs, common.run_driver(exe, docs, reader=True)):
        why = common.compare(doc, out)
        valid += out[0].startswith(b"OK ")
        if why:
            fails += 1
            if fails <= 10:
                print("  %r: %s" % (doc[:120], why))
    print("  %d inputs (%d valid), %d failed" % (len(docs), valid, fails))
    name = "fuzz_json_sanitized" if a.sanitize else "fuzz_json"
    print("%s: stdlib/json/%s" % ("PASS" if fails == 0 else "FAIL", name))
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
