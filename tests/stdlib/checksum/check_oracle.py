#!/usr/bin/env python3
"""check_oracle.py — checksum against Python's hashlib.sha256 and
zlib.crc32, and FNV-1a 64 computed here from its definition.

Random bytes (fixed seed) of every length 0..300 and a few large sizes
(--big, default 3 MiB, and the sizes just past it: every tail length of
the 8- and 40-byte steps of crc32 and of SHA-256's 64-byte blocks):
sha256, crc32 and fnv1a64 of each. Streaming: a checksum.Sha256 is fed
each input in random chunks (empty ones, single bytes, block-sized and
block-straddling ones, large ones) with sum() after every chunk, which
must give the digest of everything written so far (sum does not change
the state). Runs oracle.gs built with goose's default C compiler twice:
as it is (whole blocks through the runtime's SHA-extension code when the
CPU has them) and with GOOSE_NO_SHA_NI=1 (the portable Goose rounds);
each run must match. GOOSE names the goose binary. Prints one PASS/FAIL
line.
"""
import argparse
import hashlib
import os
import random
import subprocess
import sys
import tempfile
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
FNV_OFFSET, FNV_PRIME = 0xcbf29ce484222325, 0x100000001b3


def fnv1a64(data):
    h = FNV_OFFSET
    for b in data:
        h = ((h ^ b) * FNV_PRIME) & 0xffffffffffffffff
    return h


def chunking(n, rng):
    sizes, left = [], n
    while left > 0 and len(sizes) < 400:
        r = rng.random()
        if r < 0.1:
            c = 0
        elif r < 0.3:
            c = 1
        elif r < 0.6:
            c = rng.choice([55, 56, 63, 64, 65, 127, 128, 129])
        elif r < 0.9:
            c = rng.randint(0, 300)
        else:
            c = rng.randint(0, max(1, n // 4))
        c = min(c, left)
        sizes.append(c)
        left -= c
    return sizes


def streamed(data, sizes):
    h, at, out = hashlib.sha256(), 0, []
    for c in sizes + [len(data) - sum(sizes)]:
        h.update(data[at:at + c])
        at += c
        out.append(h.copy().hexdigest())
    return " ".join(out)


def records(data, rng, fnv=True):
    recs = [("sha", [], data, hashlib.sha256(data).hexdigest()),
            ("crc", [], data, "%08x" % zlib.crc32(data))]
    if fnv:
        recs.append(("fnv", [], data, "%016x" % fnv1a64(data)))
    sizes = chunking(len(data), rng)
    recs.append(("shas", sizes, data, streamed(data, sizes)))
    return recs


# (name, GOOSE_NO_SHA_NI set): the runtime's choice, then the portable one.
PATHS = [("default", False), ("GOOSE_NO_SHA_NI=1", True)]


def cpu_has_sha_ni():
    try:
        with open("/proc/cpuinfo") as f:
            return any(line.startswith("flags") and " sha_ni" in line for line in f)
    except OSError:
        return False


def run_and_compare(exe, path, cases, path_name, no_sha_ni):
    """Runs exe on the records with or without GOOSE_NO_SHA_NI; True when
    every line matches, else prints the FAIL line."""
    env = dict(os.environ)
    env.pop("GOOSE_NO_SHA_NI", None)
    if no_sha_ni:
        env["GOOSE_NO_SHA_NI"] = "1"
    p = subprocess.run([exe, path], capture_output=True, timeout=600, env=env)
    if p.returncode != 0 or p.stderr:
        print("FAIL stdlib/checksum/oracle (%s): status %d: %s"
              % (path_name, p.returncode, p.stderr.decode(errors="replace")[:600]))
        return False
    got = p.stdout.decode().split("\n")
    for i, (op, sizes, data, want) in enumerate(cases):
        line = got[i] if i < len(got) else "<nothing>"
        if line != want:
            print("FAIL stdlib/checksum/oracle (%s): %s of %d bytes (chunks %s): got %.200s want %.200s"
                  % (path_name, op, len(data), sizes[:20], line, want))
            return False
    return True


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
        cases += records(rng.randbytes(n), rng)
    big = rng.randbytes(a.big + 128)
    cases += records(big[:a.big], rng)
    for extra in range(1, 128):  # every tail of the 8-, 40- and 64-byte steps, crc and sha only
        d = big[:a.big + extra]
        cases += [("sha", [], d, hashlib.sha256(d).hexdigest()), ("crc", [], d, "%08x" % zlib.crc32(d))]
    with tempfile.TemporaryDirectory() as tmp:
        exe = os.path.join(tmp, "oracle")
        subprocess.run([goose, "build", os.path.join(HERE, "oracle.gs"), "-o", exe], check=True)
        path = os.path.join(tmp, "in.bin")
        with open(path, "wb") as f:
            for op, sizes, data, _ in cases:
                f.write(" ".join([op, str(len(data))] + [str(c) for c in sizes]).encode() + b"\n")
                f.write(data)
                f.write(b"\n")
        for path_name, no_sha_ni in PATHS:
            if not run_and_compare(exe, path, cases, path_name, no_sha_ni):
                return 1
    print("PASS stdlib/checksum/oracle: %d records, lengths 0..%d and %d..%d bytes, streamed sha256 in random chunks;"
          " sha256 paths: %s (CPU SHA extensions: %s)"
          % (len(cases), a.max_len, a.big, a.big + 127, ", ".join(n for n, _ in PATHS),
             "yes" if cpu_has_sha_ni() else "no, both runs portable"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
