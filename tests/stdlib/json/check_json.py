#!/usr/bin/env python3
"""check_json: json.parse, json.to_string and json.Reader against Python's
json (made strict as RFC 8259 is; see common.py), with a fixed seed.

1. corpus: hand-written accept and reject cases, one or more per RFC 8259
   rule; each case's expected verdict is written here, Python's oracle
   must agree with it, and so must Goose (parse and Reader, with the same
   error offset); some reject cases pin the offset.
2. round trips: random documents written with random whitespace, escapes
   and number forms; Goose parses and re-serialises, Python compares the
   values.
3. numbers: random doubles (random bits and edge ranges) and long decimal
   strings; Goose's to_string must equal a Python re-implementation of
   JavaScript's String(n) of the correctly rounded value.
Usage: check_json.py [--count N] [--cc clang|gcc|tcc]
       (default 10000 documents, 70000 numbers, clang)"""
import argparse
import os
import random
import struct
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import common  # noqa: E402

D = 1000
# (text, valid?, offset of the error or None); text is bytes.
CORPUS = [
    # values and whitespace (RFC 8259 sections 2, 3)
    (b"null", True, None), (b"true", True, None), (b"false", True, None),
    (b' \t\r\n"x" \t\r\n', True, None), (b"0", True, None), (b"[]", True, None),
    (b"{}", True, None), (b'{"a":1,"a":2}', True, None),
    (b"", False, 0), (b"   ", False, 3), (b"nul", False, 3), (b"nulL", False, 3),
    (b"True", False, 0), (b"NaN", False, 0), (b"Infinity", False, 0),
    (b"-Infinity", False, 1), (b"\xef\xbb\xbf[]", False, 0), (b"\x0b1", False, 0),
    (b"\x0c1", False, 0), (b"1 2", False, 2), (b"[] []", False, 3), (b"\x00", False, 0),
    # arrays and objects (sections 4, 5)
    (b"[1,]", False, 3), (b"[,1]", False, 1), (b"[1 2]", False, 3), (b"[1", False, 2),
    (b"[", False, 1), (b"]", False, 0), (b'{"a":1,}', False, 7), (b'{"a" 1}', False, 5),
    (b"{1:2}", False, 1), (b"{'a':1}", False, 1), (b'{"a":}', False, 5),
    (b'{"a"', False, 4), (b'{"a":1', False, 6), (b'{,}', False, 1), (b'[1:2]', False, 2),
    (b'{"a":1 "b":2}', False, 7), (b'[[[]]]', True, None), (b'{"":[{}]}', True, None),
    # numbers (section 6)
    (b"-0", True, None), (b"0.0", True, None), (b"1e5", True, None), (b"1E+5", True, None),
    (b"1e-5", True, None), (b"-1.5e-0", True, None), (b"123.456e78", True, None),
    (b"1.7976931348623157e308", True, None), (b"4.9e-324", True, None), (b"1e-400", True, None),
    (b"123456789012345678901234567890", True, None),
    (b"0." + b"0" * 400 + b"1", True, None),
    (b"01", False, 1), (b"-01", False, 2), (b"00", False, 1), (b"+1", False, 0),
    (b".5", False, 0), (b"5.", False, 2), (b"1.e5", False, 2), (b"1e", False, 2),
    (b"1e+", False, 3), (b"1E-x", False, 3), (b"-", False, 1), (b"-a", False, 1),
    (b"0x10", False, 1), (b"1_000", False, 1), (b"1e309", False, 0), (b"-1e309", False, 0),
    (b"[2e308]", False, 1), (b"1" * 400, False, 0),
    # strings (section 7)
    (b'"\\"\\\\\\/\\b\\f\\n\\r\\t"', True, None), (b'"\\u0000"', True, None),
    (b'"\\u00e9\\u00E9"', True, None), (b'"\\ud83d\\ude00"', True, None),
    (b'"\\uD834\\uDD1E"', True, None), (b'"\\uffff"', True, None), (b'"\x7f"', True, None),
    ("\"é😀€\"".encode(), True, None), (b'"\\ud800"', False, 1), (b'"\\udc00"', False, 1),
    (b'"\\ud800\\u0041"', False, 1), (b'"\\ud800x"', False, 1), (b'"\\udc00\\ud800"', False, 1),
    (b'"\\ud83d\\ud83d"', False, 1), (b'"\\x41"', False, 1), (b'"\\a"', False, 1),
    (b'"\\u12"', False, 5), (b'"\\u12g4"', False, 5), (b'"\\U0041"', False, 1),
    (b'"\\', False, 2), (b'"abc', False, 4), (b'"\x01"', False, 1), (b'"a\nb"', False, 2),
    (b'"\t"', False, 1), (b"'a'", False, 0),
    # UTF-8 (section 8.1): raw bytes must be well-formed
    (b'"\x80"', False, 1), (b'"\xc0\xaf"', False, 1), (b'"\xc3"', False, 1),
    (b'"\xe0\x80\xaf"', False, 1), (b'"\xed\xa0\x80"', False, 1),
    (b'"\xf4\x90\x80\x80"', False, 1), (b'"\xf5\x80\x80\x80"', False, 1),
    (b'"\xff"', False, 1), (b'"\xf0\x9f\x98"', False, 1), (b'"\xf0\x9f\x98\x80"', True, None),
    (b'"\xef\xbf\xbf"', True, None), (b'"\xf4\x8f\xbf\xbf"', True, None),
    (b'"\xe2\x80\xa8"', True, None),
    # nesting: 1000 is allowed, 1001 is not
    (b"[" * D + b"]" * D, True, None), (b"[" * (D + 1) + b"]" * (D + 1), False, D),
    (b'{"a":' * D + b"1" + b"}" * D, True, None),
    (b'{"a":' * D + b"[1]" + b"}" * D, False, 5 * D),
    (b"[{" * (D // 2) + b"}]" * (D // 2), False, None),
    (b"[" * 5000, False, D),
]


def check_corpus(exe):
    fails = 0
    docs = [c[0] for c in CORPUS]
    outs = common.run_driver(exe, docs, reader=True)
    for (doc, valid, off), out in zip(CORPUS, outs):
        if (common.oracle(doc) is not common.INVALID) != valid:
            print("corpus: Python's oracle disagrees with the case:", doc[:60])
            fails += 1
        why = common.compare(doc, out)
        if not why and not valid and off is not None and out[0].split(b" ")[1] != b"%d" % off:
            why = "offset %s, expected %d" % (out[0].split(b" ")[1].decode(), off)
        if why:
            print("corpus:", doc[:60], why)
            fails += 1
    # [{ x 500 is valid at depth exactly 1000.
    return fails, len(CORPUS)


def check_round_trips(exe, rng, count):
    docs = [common.rand_doc(rng) for _ in range(count)]
    fails = 0
    for doc, out in zip(docs, common.run_driver(exe, docs, reader=True)):
        why = common.compare(doc, out)
        if why:
            fails += 1
            if fails <= 5:
                print("round trip:", doc[:120], why)
    return fails, count


def rand_double(rng):
    r = rng.random()
    if r < 0.4:
        x = struct.unpack("<d", rng.getrandbits(64).to_bytes(8, "little"))[0]
    elif r < 0.6:
        x = rng.uniform(-1, 1) * 10.0 ** rng.randrange(-8, 23)
    elif r < 0.7:
        x = float(rng.randrange(-2**54, 2**54))
    elif r < 0.8:
        x = rng.choice([1e21, 1e-6, 1e-7, 9.999999999999999e20, 5e-324, 2.2250738585072014e-308,
                        1.7976931348623157e308, 2.0**53, 2.0**53 + 2, 0.1, 1 / 3])
        x = x * rng.choice([1, -1])
    else:
        x = round(rng.uniform(-1e6, 1e6), rng.randrange(0, 8))
    return x if x == x and abs(x) != float("inf") else 1.0


def rand_decimal(rng):
    s = str(rng.randrange(1, 10)) + "".join(str(rng.randrange(10)) for _ in range(rng.randrange(40)))
    if rng.random() < 0.7:
        k = rng.randrange(1, len(s) + 1)
        s = s[:k] + "." + s[k:] if k < len(s) else s
    if rng.random() < 0.7:
        s += "e%d" % rng.randrange(-340, 300)
    return s


def check_numbers(exe, rng, count):
    xs = [rand_double(rng) for _ in range(count)]
    texts = [repr(x) for x in xs] + [rand_decimal(rng) for _ in range(count // 2)]
    values = xs + [float(t) for t in texts[count:]]
    texts = [t for t, v in zip(texts, values) if abs(v) != float("inf")]
    values = [v for v in values if abs(v) != float("inf")]
    docs = [("[" + ",".join(texts[i:i + 100]) + "]").encode() for i in range(0, len(texts), 100)]
    fails = 0
    got = []
    for out in common.run_driver(exe, docs):
        line = out[0]
        if not line.startswith(b"OK ["):
            print("numbers: driver said", line[:100])
            return 1, len(texts)
        got += line[4:-1].decode().split(",")
    for t, v, g in zip(texts, values, got):
        want = common.js_string(v)
        if g != want:
            fails += 1
            if fails <= 5:
                print("numbers: %s -> Goose %s, JavaScript %s" % (t, g, want))
    return fails, len(texts)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--count", type=int, default=10000)
    ap.add_argument("--seed", type=int, default=8259)
    ap.add_argument("--cc", default="clang")
    a = ap.parse_args()
    exe = common.build_driver(os.environ.get("GOOSE", "build/goose"), cc=a.cc)
    rng = random.Random(a.seed)
    total_fail = 0
    for name, (f, n) in [("corpus", check_corpus(exe)),
                         ("round trips", check_round_trips(exe, rng, a.count)),
                         ("numbers", check_numbers(exe, rng, a.count * 7))]:
        print("  %s: %d cases, %d failed" % (name, n, f))
        total_fail += f
    print("%s: stdlib/json/check_json (%s)" % ("PASS" if total_fail == 0 else "FAIL", a.cc))
    return 1 if total_fail else 0


if __name__ == "__main__":
    sys.exit(main())
