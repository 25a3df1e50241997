#!/usr/bin/env python3
"""gen_big.py — writes a deterministic Goose program of about N lines (default
10,000) for the startup benchmark: what `goose run` costs on a program the
size of a real application rather than on hello.

The program is made of units, each about 100 lines, rotating through three
shapes so the front end and TinyCC see the mix a real program has:
  records  structs, a generic struct with ref-receiver methods, a generic
           function, slices grown by push, string building, closures
           capturing by reference, optionals, f64, fixed arrays, delete;
  numeric  u32/u64 wrapping arithmetic, shifts, while loops, fixed arrays,
           a generic pair struct, a closure passed to a higher-order fn;
  text     string slicing and comparison, bytes() and from_bytes, a
           hand-written byte scanner, a small stack machine over a slice.
Constants come from a seeded generator, so the same N gives the same bytes.

`main` first prints `start <clock_ns()>`: the moment the program's first
statement runs (CLOCK_MONOTONIC, the clock the harness reads before it
spawns goose), then one line per tenth of the units and a final checksum.
The run itself is short (a few ms natively) because startup is the point.

Usage: bench/startup/gen_big.py [--lines 10000] [--seed 1] [-o big.gs]
Python 3 standard library only. Not for: measuring (startup.py does that).
"""
import argparse
import random
import sys

RECORDS = """\
// ---- unit {k}: records ----
struct Rec{k} {{
    id: int
    name: string
    vals: []int
    weight: f64
}}

struct Box{k}[T] {{
    items: []T
    total: int
}}

const LIMIT{k}: int = {limit}

fn (b: ref Box{k}[T]) put(v: T, w: int) {{
    b.items.push(v)
    b.total += w
}}

fn (b: Box{k}[T]) size() -> int {{ return b.items.len }}

fn pick{k}[T](a: T, b: T, first: bool) -> T {{
    if first {{ return a }}
    return b
}}

fn new_rec{k}(id: int, name: string) -> Rec{k} {{
    var r = Rec{k}{{id: id, name: name, weight: (id as f64) * {wf}}}
    for i in 0..(id % 5 + 3) {{
        r.vals.push((i * {c1} + id) % {c2})
    }}
    return r
}}

fn (r: Rec{k}) score() -> int {{
    var s = r.id
    for i, v in r.vals {{
        if v % 2 == 0 {{
            s += v * i
        }} else {{
            s -= v
        }}
    }}
    return s
}}

fn (r: ref Rec{k}) bump(d: int) {{
    for i in 0..r.vals.len {{
        r.vals[i] = (r.vals[i] + d) & 1023
    }}
}}

fn text{k}(n: int) -> string {{
    var s = "u{k}"
    for i in 0..n {{
        s = s + "-" + to_string(i * {c3} % 97)
    }}
    return s
}}

fn count_bytes{k}(s: string, c: u8) -> int {{
    var n = 0
    for b in s {{
        if b == c {{ n += 1 }}
    }}
    return n
}}

fn fold{k}(xs: []int, f: fn(int, int) -> int, init: int) -> int {{
    var acc = init
    for x in xs {{ acc = f(acc, x) }}
    return acc
}}

fn run{k}(seed: int) -> int {{
    var b = Box{k}[Rec{k}]{{}}
    for i in 0..LIMIT{k} {{
        let r = new_rec{k}(seed + i, text{k}(i % 4))
        b.put(r, r.score())
    }}
    var total = b.total + b.size()
    var scale = {c4}
    let mix = fn(a: int, x: int) -> int {{ return (a * 31 + x * scale) % 1000003 }}
    var arr: [8]int
    for i, r in b.items {{
        var m = r
        m.bump(i)
        total += fold{k}(m.vals, mix, i)
        total += count_bytes{k}(m.name, '-')
        total += pick{k}(m.id, m.vals.len, i % 2 == 0)
        total += (m.weight * 2.0) as int
        var o: ?int = none
        if i % 3 == 0 {{ o = i * {c5} }}
        total += o.or({c6})
        arr[i % 8] += total & 255
        scale += 1
    }}
    for x in arr {{ total = total * 7 + x }}
    for r in b.items {{ delete(r.vals) }}
    delete(b.items)
    return total
}}
"""

NUMERIC = """\
// ---- unit {k}: numeric ----
struct Pair{k}[A, B] {{
    first: A
    second: B
}}

fn (p: Pair{k}[A, B]) swap() -> Pair{k}[B, A] {{
    return Pair{k}[B, A]{{first: p.second, second: p.first}}
}}

struct Acc{k} {{
    lo: u32
    hi: u64
    steps: int
}}

fn (a: ref Acc{k}) feed(x: u32) {{
    a.lo = a.lo * {m1}_u32 + x
    a.hi = (a.hi << 3) ^ (a.lo as u64) ^ (a.hi >> 7)
    a.steps += 1
}}

fn (a: Acc{k}) digest() -> int {{
    return ((a.hi ^ (a.lo as u64)) & 0xffffff) as int + a.steps
}}

fn collatz{k}(n: int) -> int {{
    var x = n
    var steps = 0
    while x != 1 && steps < {cap} {{
        if x % 2 == 0 {{
            x = x / 2
        }} else {{
            x = 3 * x + 1
        }}
        steps += 1
    }}
    return steps
}}

fn table{k}() -> [16]int {{
    var t: [16]int
    for i in 0..16 {{
        t[i] = (i * i * {c1} + {c2}) % 251
    }}
    return t
}}

fn apply{k}(xs: []int, f: fn(int) -> int) -> []int {{
    var out = make([]int, 0, xs.len)
    for x in xs {{ out.push(f(x)) }}
    return out
}}

fn gcd{k}(a: int, b: int) -> int {{
    var x = abs(a)
    var y = abs(b)
    while y != 0 {{
        let t = x % y
        x = y
        y = t
    }}
    return x
}}

fn run{k}(seed: int) -> int {{
    var acc = Acc{k}{{lo: {s1}_u32}}
    let t = table{k}()
    var xs = make([]int, 0)
    for i in 0..{n} {{
        acc.feed((t[i % 16] + seed + i) as u32)
        xs.push(collatz{k}(i + seed % 13 + 1))
    }}
    var bias = {c3}
    let shift = fn(x: int) -> int {{ return x * 3 + bias }}
    let ys = apply{k}(xs, shift)
    bias += 1
    var total = acc.digest()
    for i, y in ys {{
        total += y ^ (i << 2)
        total += gcd{k}(y, xs[i] + 1)
    }}
    let p = Pair{k}[int, u8]{{first: total, second: {b1}}}
    let q = p.swap()
    total += (q.first as int) + max(q.second, 3)
    let f = (total % 1000) as f64 / {fd}
    total += (f * 100.0) as int
    delete(xs)
    delete(ys)
    return total
}}
"""

TEXT = """\
// ---- unit {k}: text ----
struct Tok{k} {{
    kind: u8
    text: string
    value: int
}}

fn words{k}(s: string) -> []string {{
    var out: []string
    var start = 0
    for i in 0..s.len {{
        if s[i] == ' ' {{
            if i > start {{ out.push(s[start:i]) }}
            start = i + 1
        }}
    }}
    if start < s.len {{ out.push(s[start:]) }}
    return out
}}

fn classify{k}(w: string) -> Tok{k} {{
    let n = parse_int(w)
    if n.is_some() {{
        return Tok{k}{{kind: 'n', text: w, value: n.unwrap()}}
    }}
    if w == "+" || w == "*" || w == "-" {{
        return Tok{k}{{kind: 'o', text: w, value: w[0] as int}}
    }}
    return Tok{k}{{kind: 'w', text: w, value: w.len}}
}}

fn eval{k}(toks: []Tok{k}) -> int {{
    var stack: []int
    for t in toks {{
        if t.kind == 'n' {{
            stack.push(t.value)
        }} else if t.kind == 'o' && stack.len >= 2 {{
            let b = stack.pop()
            let a = stack.pop()
            if t.text == "+" {{
                stack.push(a + b)
            }} else if t.text == "*" {{
                stack.push(a * b % 100003)
            }} else {{
                stack.push(a - b)
            }}
        }} else {{
            stack.push(t.value)
        }}
    }}
    var r = 0
    while stack.len > 0 {{ r = r * 3 + stack.pop() }}
    delete(stack)
    return r
}}

fn upper{k}(s: string) -> string {{
    var bs = s.bytes()
    for i in 0..bs.len {{
        if bs[i] >= 'a' && bs[i] <= 'z' {{ bs[i] = bs[i] - 32 }}
    }}
    let out = from_bytes(bs)
    delete(bs)
    return out
}}

fn least{k}(ws: []string) -> string {{
    var best = ws[0]
    for w in ws {{
        if w < best {{ best = w }}
    }}
    return best
}}

fn run{k}(seed: int) -> int {{
    let src = "{words} " + to_string(seed) + " {ops}"
    let ws = words{k}(src)
    var toks: []Tok{k}
    for w in ws {{ toks.push(classify{k}(w)) }}
    var total = eval{k}(toks)
    let up = upper{k}(src)
    total += hash(up) as int & 0xffff
    total += least{k}(ws).len * {c1}
    var seen = 0
    let note = fn(w: string) {{ seen += w.len }}
    for w in ws {{ note(w) }}
    total += seen
    delete(toks)
    delete(ws)
    return total
}}
"""

SHAPES = [RECORDS, NUMERIC, TEXT]
VOCAB = ["alpha", "beta", "gamma", "delta", "tree", "node", "leaf", "span",
         "pool", "slot", "goose", "river", "stone", "cloud", "ember", "frost"]


def unit(k, rnd):
    shape = SHAPES[k % len(SHAPES)]
    words = " ".join(rnd.choice(VOCAB) if rnd.random() < 0.6 else str(rnd.randint(1, 999))
                     for _ in range(rnd.randint(5, 9)))
    ops = " ".join(rnd.choice(["+", "*", "-", "3", "17"]) for _ in range(5))
    return shape.format(
        k=k, limit=rnd.randint(6, 14), wf=rnd.choice(["0.5", "0.25", "1.5", "0.125"]),
        c1=rnd.randint(3, 97), c2=rnd.randint(100, 999), c3=rnd.randint(3, 61),
        c4=rnd.randint(2, 9), c5=rnd.randint(2, 50), c6=rnd.randint(1, 9),
        m1=rnd.choice([1664525, 22695477, 69069, 134775813]), cap=rnd.randint(40, 120),
        s1=rnd.randint(1, 1 << 30), n=rnd.randint(12, 30), b1=rnd.randint(0, 255),
        fd=rnd.choice(["7.0", "3.5", "11.25"]), words=words, ops=ops)


def program(lines, seed):
    rnd = random.Random(seed)
    parts = [f"// big.gs — generated by bench/startup/gen_big.py --lines {lines} --seed {seed};\n"
             "// do not edit. A startup benchmark input: many small units, one checksum.\n"]
    units, count = [], 2
    while count < lines - 30:
        u = unit(len(units), rnd)
        units.append(u)
        parts.append(u)
        count += u.count("\n")
    n = len(units)
    body = ["fn main() {",
            "    println(\"start\", clock_ns())",
            "    var sum: u64 = 0"]
    for k in range(n):
        body.append(f"    sum = sum * 1000003_u64 + (run{k}({k + 1}) as u64)")
        if (k + 1) % max(1, n // 10) == 0 or k == n - 1:
            body.append(f"    println(\"units {k + 1}\", sum & 0xffff)")
    body += ["    println(\"checksum\", sum)", "}"]
    parts.append("\n".join(body) + "\n")
    return "\n".join(parts)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--lines", type=int, default=10000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("-o", "--out", default="-")
    a = ap.parse_args()
    text = program(a.lines, a.seed)
    if a.out == "-":
        sys.stdout.write(text)
    else:
        with open(a.out, "w") as f:
            f.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
