"""Shared pieces of the json oracle tests: the strict Python oracle, the
Goose driver (built once per run), record files, JavaScript's String(n)
and random documents. Python 3's json module is the reference, made strict
where RFC 8259 is: UTF-8 input, no NaN/Infinity, no lone surrogates,
numbers that fit in f64, nesting up to 1000.
Not for: running on its own (check_json.py and fuzz_json.py use it)."""
import json
import math
import os
import subprocess
import sys
import tempfile
from decimal import Decimal

HERE = os.path.dirname(os.path.abspath(__file__))
DRIVER = os.path.join(HERE, "json_driver.gs")
SAN_CFLAGS = "-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer"
MAX_DEPTH = 1000
sys.setrecursionlimit(20000)


class Reject(Exception):
    pass


def _no_const(name):
    raise Reject(name)


def _check(v, depth):
    """v (as the hooks build it) within the RFC's rules, in canonical form:
    arrays as ("a", items), objects as ("o", pairs), numbers as float."""
    if isinstance(v, list):
        if depth >= MAX_DEPTH:
            raise Reject("depth")
        return ("a", tuple(_check(x, depth + 1) for x in v))
    if isinstance(v, tuple) and v and v[0] == "o":
        if depth >= MAX_DEPTH:
            raise Reject("depth")
        return ("o", tuple((_check(k, depth), _check(x, depth + 1)) for k, x in v[1]))
    if isinstance(v, str):
        try:
            v.encode("utf-8")
        except UnicodeEncodeError:
            raise Reject("lone surrogate")
        return v
    if isinstance(v, float):
        if math.isinf(v):
            raise Reject("out of range")
        return v
    return v


def _loads(s):
    return json.loads(s, parse_constant=_no_const, parse_int=float, parse_float=float,
                      object_pairs_hook=lambda pairs: ("o", pairs))


INVALID = object()


def oracle(b):
    """The canonical value of the JSON text b (bytes), or INVALID."""
    try:
        s = b.decode("utf-8")
        return _check(_loads(s), 0)
    except (UnicodeDecodeError, ValueError, Reject, RecursionError):
        return INVALID


def goose_value(text):
    """The canonical value of what the Goose side printed (must be valid)."""
    return _check(_loads(text), 0)


def build_driver(goose, sanitize=False, cc="clang"):
    """The driver built once, natively by cc (clang under the sanitizers);
    returns its path."""
    exe = os.path.join(tempfile.mkdtemp(prefix="json_oracle_"), "json_driver")
    env = dict(os.environ)
    cmd = [goose, "build", DRIVER, "-o", exe, "-O2", "--cc", "clang" if sanitize else cc]
    if sanitize:
        env["GOOSE_CFLAGS"] = SAN_CFLAGS
    subprocess.run(cmd, check=True, env=env)
    return exe


def run_driver(exe, docs, reader=False, timeout=600):
    """One output line (two with reader) per document; raises on a crash."""
    with tempfile.NamedTemporaryFile(delete=False, suffix=".rec") as f:
        for d in docs:
            f.write(b"%d\n" % len(d) + d + b"\n")
        path = f.name
    try:
        env = dict(os.environ, ASAN_OPTIONS="detect_leaks=0")
        p = subprocess.run([exe, path] + (["reader"] if reader else []),
                           capture_output=True, timeout=timeout, env=env)
    finally:
        os.unlink(path)
    if p.returncode != 0 or p.stderr:
        raise RuntimeError("driver failed (status %d): %s" % (p.returncode, p.stderr[-2000:]))
    lines = p.stdout.split(b"\n")[:-1]
    per = 2 if reader else 1
    if len(lines) != per * len(docs):
        raise RuntimeError("driver printed %d lines for %d documents" % (len(lines), len(docs)))
    return [lines[i * per:(i + 1) * per] for i in range(len(docs))]


def compare(doc, out):
    """'' when the Goose verdict (out: the driver's lines) agrees with the
    oracle on doc, else what differs."""
    want = oracle(doc)
    line = out[0]
    if line.startswith(b"OK "):
        if want is INVALID:
            return "Goose accepted, Python rejects"
        try:
            got = goose_value(line[3:].decode("utf-8"))
        except (UnicodeDecodeError, ValueError, Reject) as e:
            return "Goose wrote text Python cannot read back (%s): %r" % (e, line[3:200])
        if got != want:
            return "values differ: %r" % line[3:200]
        verdict = "ok"
    elif line.startswith(b"ERR "):
        if want is not INVALID:
            return "Goose rejected (%r), Python accepts" % line[:200]
        off = int(line.split(b" ")[1])
        if not 0 <= off <= len(doc):
            return "error offset %d outside 0..%d" % (off, len(doc))
        verdict = "err"
    else:
        return "bad driver line %r" % line[:200]
    if len(out) > 1:
        rd = out[1]
        if verdict == "ok" and rd != b"RD OK":
            return "Reader disagrees with parse: %r" % rd
        if verdict == "err" and rd != b"RD ERR " + line.split(b" ")[1]:
            return "Reader error %r, parse error %r" % (rd, line[:80])
    return ""


def js_string(x):
    """JavaScript's String(x) for a float (ECMAScript Number::toString)."""
    if math.isnan(x) or math.isinf(x):
        return "null"
    if x == 0:
        return "0"
    if x < 0:
        return "-" + js_string(-x)
    sign, digs, exp = Decimal(repr(x)).as_tuple()
    digs = list(digs)
    while len(digs) > 1 and digs[-1] == 0:
        digs.pop()
        exp += 1
    d = "".join(map(str, digs))
    k = len(d)
    n = k + exp
    if k <= n <= 21:
        return d + "0" * (n - k)
    if 0 < n <= 21:
        return d[:n] + "." + d[n:]
    if -6 < n <= 0:
        return "0." + "0" * (-n) + d
    e = n - 1
    es = ("+" if e >= 0 else "-") + str(abs(e))
    if k == 1:
        return d + "e" + es
    return d[0] + "." + d[1:] + "e" + es


# ---- random documents, written as text with random forms ----

WS = [" ", "\t", "\n", "\r", "", "", "", ""]


def ws(rng):
    return "".join(rng.choice(WS) for _ in range(rng.randrange(3)))


def rand_char(rng):
    r = rng.random()
    if r < 0.6:
        return chr(rng.randrange(0x20, 0x7f))
    if r < 0.7:
        return chr(rng.randrange(0, 0x20))
    if r < 0.8:
        return chr(rng.randrange(0x80, 0x800))
    if r < 0.9:
        c = rng.randrange(0x800, 0x10000)
        return chr(c) if not 0xD800 <= c < 0xE000 else "\u2028"
    return chr(rng.randrange(0x10000, 0x110000))


def enc_char(rng, c):
    """One character as JSON string text, escaped at random."""
    o = ord(c)
    short = {'"': '\\"', "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t",
             "\b": "\\b", "\f": "\\f"}
    if c in short and (o < 0x20 or c in '"\\' or rng.random() < 0.5):
        return short[c]
    if o < 0x20 or rng.random() < 0.1:
        if o >= 0x10000:
            v = o - 0x10000
            hi, lo = 0xD800 + (v >> 10), 0xDC00 + (v & 0x3FF)
            return "\\u%04x\\u%04X" % (hi, lo)
        return ("\\u%04x" if rng.random() < 0.5 else "\\u%04X") % o
    if c == "/" and rng.random() < 0.5:
        return "\\/"
    return c


def rand_string(rng):
    n = rng.choice([0, 1, 2, 5, 10, 30])
    return '"' + "".join(enc_char(rng, rand_char(rng)) for _ in range(n)) + '"'


def rand_number(rng):
    r = rng.random()
    if r < 0.3:
        return str(rng.randrange(-10**6, 10**6))
    if r < 0.5:
        return repr(rng.uniform(-1e6, 1e6))
    if r < 0.6:
        return str(rng.randrange(-10**30, 10**30))
    s = "-" if rng.random() < 0.3 else ""
    nd = rng.choice([1, 2, 5, 15, 17, 20, 30])
    s += str(rng.randrange(1, 10)) + "".join(str(rng.randrange(10)) for _ in range(nd - 1))
    if rng.random() < 0.1:
        s = s.replace(s.lstrip("-"), "0")
    if rng.random() < 0.6:
        s += "." + "".join(str(rng.randrange(10)) for _ in range(rng.choice([1, 3, 10, 25])))
    if rng.random() < 0.6:
        s += rng.choice("eE") + rng.choice(["", "+", "-"]) + str(rng.randrange(0, 330))
    return s


def rand_value(rng, depth=0):
    r = rng.random()
    if depth > 6 or r < 0.45:
        k = rng.randrange(6)
        return ["null", "true", "false", rand_number(rng), rand_string(rng), rand_number(rng)][k]
    n = rng.choice([0, 1, 2, 3, 5])
    if r < 0.7:
        return "[" + ws(rng) + ",".join(ws(rng) + rand_value(rng, depth + 1) + ws(rng)
                                        for _ in range(n)) + "]"
    return "{" + ws(rng) + ",".join(ws(rng) + rand_string(rng) + ws(rng) + ":" + ws(rng) +
                                    rand_value(rng, depth + 1) + ws(rng)
                                    for _ in range(n)) + "}"


def rand_doc(rng):
    return (ws(rng) + rand_value(rng) + ws(rng)).encode("utf-8")
