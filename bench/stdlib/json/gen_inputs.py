#!/usr/bin/env python3
"""gen_inputs.py — the documents bench/stdlib/json/run.py parses, made
with a fixed seed (so every run parses the same bytes), about 2 MB each:
  numbers.json  coordinate arrays of floats, like canada.json
  records.json  an array of objects with string, integer, boolean and
                null members and some escapes and non-ASCII, like
                twitter.json
  mixed.json    the random documents of the oracle tests (the valid
                ones), nested
Usage: gen_inputs.py OUTDIR"""
import json
import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "..", "..", "tests", "stdlib", "json"))
import common  # noqa: E402


def numbers(rng):
    rings = [[[round(rng.uniform(-180, 180), rng.randrange(6, 15)),
               round(rng.uniform(-90, 90), rng.randrange(6, 15))] for _ in range(200)]
             for _ in range(280)]
    return json.dumps({"type": "Polygon", "coordinates": rings}, separators=(",", ":"))


WORDS = "the quick brown fox jumps over lazy dog json parse value string número ñ 日本語 \"quoted\" line\nbreak".split(" ")


def records(rng):
    recs = []
    for i in range(5000):
        recs.append({
            "id": rng.randrange(10**17, 10**18), "id_str": str(rng.randrange(10**17, 10**18)),
            "text": " ".join(rng.choice(WORDS) for _ in range(rng.randrange(5, 30))),
            "user": {"name": rng.choice(WORDS), "followers": rng.randrange(100000),
                     "verified": rng.random() < 0.1, "url": None},
            "retweets": rng.randrange(1000), "lang": rng.choice(["en", "ja", "es"]),
            "tags": [rng.choice(WORDS) for _ in range(rng.randrange(4))],
        })
    return json.dumps(recs, ensure_ascii=rng.random() < 0.5)


def mixed(rng):
    docs, size = [], 0
    while size < 2_000_000:
        b = common.rand_doc(rng)
        # out-of-range numbers; NUL in strings (cJSON's strings end at it)
        if common.oracle(b) is common.INVALID or b"\\u0000" in b:
            continue
        d = b.decode()
        docs.append(d)
        size += len(d)
    return "[" + ",".join(docs) + "]"


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    rng = random.Random(2026)
    for name, fn in [("numbers", numbers), ("records", records), ("mixed", mixed)]:
        with open(os.path.join(out, name + ".json"), "w", encoding="utf-8") as f:
            f.write(fn(rng))


if __name__ == "__main__":
    main()
