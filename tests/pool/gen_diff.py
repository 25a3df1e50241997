#!/usr/bin/env python3
"""gen_diff.py — writes the differential pool programs: one
seeded random sequence of pool operations, run by a Goose program against
the builtin and the library pool in lockstep and checked at every step
against the plain models of model.py, with the expected output.

Kinds:
  slot    `reusable Item` and pool.slot_pool[Item]: alloc, alloc_ref,
          alloc_index_with, free, free_ref, writes, reads, len. Every index
          both pools hand out must be the model's (LIFO reuse, else len).
  slice   `reusable[] E` and pool.slice_pool[E]: alloc/alloc_slice,
          alloc_copy (the builtin: alloc + copy_into), free, writes, reads,
          sizes 0..1024 and some up to 70,000 elements (past the region's
          64 KiB give-back threshold), many of them small enough for the
          exact-size cache. Every span's placement must be the model's.
  resize  pool.slice_pool[E] alone (the builtin has no resize) with the
          slice operations plus resize (shrink, grow in place, grow at the
          tail, grow by moving), placements checked against the model.

How placements are seen without a user-visible address: each pool's first
span (PROBE elements) is allocated and freed at once; its view keeps
pointing at offset 0 of the pool's region, which stays mapped (spans never
move and the region is reserved up front). A new span is filled with
values unique to it (id << 20 | j), and the probe must show them at the
model's offset: probe[off] and probe[off + n - 1]. This reads pool memory
through a dead view on purpose; it is a test device, not a user idiom.

The operations are one string of integers inside the program (cheap for
every C compiler), interpreted by a fixed loop. The program prints one
line with the operation count and a checksum of everything read (the
model computes the same); on the first disagreement it prints MISMATCH
with the operation number and exits 1.

Usage: gen_diff.py --kind slice --seed 3 --ops 4000 -o dir/   (writes
dir/<kind>_<seed>.gs and .out). Python 3 standard library only.
Not for: running them (diff.py), timing (bench/).
"""
import argparse
import os
import random
import sys

sys.dont_write_bytecode = True   # keep the source tree clean
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from model import GRANULE, SlotModel, SpanModel  # noqa: E402

M64 = (1 << 64) - 1
PROBE = 1 << 20          # elements: the probe view, and the model's tail limit
HANDLES = 64             # live slices at most
PAT = 1 << 20            # pat(id, j) = id * PAT + j, j < PAT

COMMON = r'''
fn parse_ops(s: string) -> []int {
    var out: []int
    var v = 0
    var neg = false
    var have = false
    for c in s {
        if c == '-' {
            neg = true
        } else if c >= '0' && c <= '9' {
            v = v * 10 + (c - '0') as int
            have = true
        } else {
            if have {
                if neg { v = -v }
                out.push(v)
            }
            v = 0
            neg = false
            have = false
        }
    }
    if have {
        if neg { v = -v }
        out.push(v)
    }
    return out
}

fn fail(what: string, op: int, got: int, want: int) {
    println("MISMATCH", what, "at op", op, "got", got, "want", want)
    exit(1)
}
'''

SLOT_MAIN = r'''
struct Item { a: int, b: int, c: u8 }

fn item(v: int) -> Item { return Item{a: v, b: -v, c: v as u8} }

fn mix(acc: u64, it: Item) -> u64 {
    return acc * 31 + (it.a as u64) * 7 + (it.b as u64) * 3 + it.c as u64
}

fn same(x: Item, y: Item, op: int) {
    if x.a != y.a { fail("field a", op, y.a, x.a) }
    if x.b != y.b { fail("field b", op, y.b, x.b) }
    if x.c != y.c { fail("field c", op, y.c as int, x.c as int) }
}

fn main() {
    let ops = parse_ops(OPS)
    var r: reusable Item
    var p = pool.slot_pool[Item]{}
    var acc: u64 = 0
    var pc = 0
    var n = 0
    while pc < ops.len {
        let op = ops[pc]
        n += 1
        if op == 1 {
            let v = ops[pc + 1]
            let want = ops[pc + 2]
            pc += 3
            let i = r.alloc(item(v))
            let k = p.alloc(item(v))
            if i != want { fail("reusable alloc index", n, i, want) }
            if k != want { fail("slot_pool alloc index", n, k, want) }
        } else if op == 2 {
            let v = ops[pc + 1]
            let want = ops[pc + 2]
            pc += 3
            let i = r.alloc(item(v))
            let rf = p.alloc_ref(item(v))
            rf.b += 1
            r[i].b += 1
            if i != want { fail("reusable alloc index", n, i, want) }
            if p.get(want).b != 1 - v { fail("alloc_ref slot", n, p.get(want).b, 1 - v) }
        } else if op == 3 {
            let want = ops[pc + 1]
            pc += 2
            let i = r.alloc(item(want * 7 + 1))
            var seen = -1
            let k = p.alloc_index_with(fn(x: int) -> Item {
                seen = x
                return item(x * 7 + 1)
            })
            if i != want { fail("reusable alloc index", n, i, want) }
            if k != want { fail("alloc_index_with index", n, k, want) }
            if seen != want { fail("alloc_index_with argument", n, seen, want) }
        } else if op == 4 {
            let i = ops[pc + 1]
            pc += 2
            r.free(i)
            p.free(i)
        } else if op == 5 {
            let i = ops[pc + 1]
            pc += 2
            r.free(i)
            p.free_ref(p.get(i))
        } else if op == 6 {
            let i = ops[pc + 1]
            let v = ops[pc + 2]
            pc += 3
            r[i].b = v
            p.get(i).b = v
            r[i].c ^= 0x5a
            p.get(i).c ^= 0x5a
        } else if op == 7 {
            let i = ops[pc + 1]
            pc += 2
            let x: Item = r[i]
            let y: Item = p.get(i)
            same(x, y, n)
            acc = mix(acc, y)
        } else if op == 8 {
            let want = ops[pc + 1]
            pc += 2
            if r.len != want { fail("reusable len", n, r.len, want) }
            if p.len != want { fail("slot_pool len", n, p.len, want) }
        } else {
            fail("bad op", n, op, 0)
        }
    }
    println("slot ok:", n, "ops, len", p.len, "checksum", acc)
}
'''

ELEM_INT = r'''
fn mk(v: int) -> int { return v }
fn val(e: int) -> int { return e }
'''

ELEM_WIDE = r'''
struct Wide { v: int, w: i32 }

fn mk(v: int) -> Wide { return Wide{v: v, w: (v & 0xffff) as i32} }

// -1 (never a stored value) when the two fields disagree.
fn val(e: Wide) -> int {
    if e.w != (e.v & 0xffff) as i32 { return -1 }
    return e.v
}
'''

SLICE_HELPERS = r'''
fn pat(id: int, j: int) -> int { return id * 1048576 + j }

fn check_zero(x: []E, what: string, op: int) {
    for j in 0..x.len {
        if val(x[j]) != 0 { fail(what + " not zeroed at element", op, j, 0) }
    }
}

fn fill(x: []E, id: int) {
    for j in 0..x.len { x[j] = mk(pat(id, j)) }
}

// The span just filled with id must sit at the model's offset.
fn check_at(probe: []E, off: int, x: []E, id: int, what: string, op: int) {
    if x.len == 0 { return }
    let first = val(probe[off])
    if first != pat(id, 0) { fail(what + " placement (first element)", op, first, pat(id, 0)) }
    let last = val(probe[off + x.len - 1])
    if last != pat(id, x.len - 1) { fail(what + " placement (last element)", op, last, pat(id, x.len - 1)) }
}

fn check_same(x: []E, y: []E, what: string, op: int) {
    if x.len != y.len { fail(what + " length", op, x.len, y.len) }
    for j in 0..x.len {
        if val(x[j]) != val(y[j]) { fail(what + " element", op, val(x[j]), val(y[j])) }
    }
}

fn check_len(x: []E, want: int, what: string, op: int) {
    if x.len != want { fail(what + " length", op, x.len, want) }
}

fn mix(acc: u64, v: int) -> u64 { return acc * 31 + v as u64 }
'''

SLICE_MAIN = r'''
fn main() {
    let ops = parse_ops(OPS)
    var q = pool.slice_pool[E]{}
    let pq = q.alloc_slice(PROBE)
    q.free(pq)
@B  var s: reusable[] E
@B  let ps = s.alloc(PROBE)
@B  s.free(ps)
@B  var hs = make([][]E, HANDLES)
    var hq = make([][]E, HANDLES)
    var acc: u64 = 0
    var pc = 0
    var n = 0
    while pc < ops.len {
        let op = ops[pc]
        n += 1
        if op == 1 {
            let h = ops[pc + 1]
            let size = ops[pc + 2]
            let off = ops[pc + 3]
            let id = ops[pc + 4]
            pc += 5
            hq[h] = q.alloc_slice(size)
            check_len(hq[h], size, "alloc_slice", n)
            check_zero(hq[h], "alloc_slice", n)
            fill(hq[h], id)
            check_at(pq, off, hq[h], id, "alloc_slice", n)
@B          hs[h] = s.alloc(size)
@B          check_len(hs[h], size, "reusable alloc", n)
@B          check_zero(hs[h], "reusable alloc", n)
@B          fill(hs[h], id)
@B          check_at(ps, off, hs[h], id, "reusable alloc", n)
        } else if op == 2 {
            let h = ops[pc + 1]
            pc += 2
            q.free(hq[h])
@B          s.free(hs[h])
        } else if op == 3 {
            let h = ops[pc + 1]
            let src = ops[pc + 2]
            let off = ops[pc + 3]
            let id = ops[pc + 4]
            pc += 5
            hq[h] = q.alloc_copy(hq[src])
            check_same(hq[h], hq[src], "alloc_copy", n)
            fill(hq[h], id)
            check_at(pq, off, hq[h], id, "alloc_copy", n)
@B          hs[h] = s.alloc(hs[src].len)
@B          copy_into(hs[h], hs[src])
@B          check_same(hs[h], hs[src], "reusable alloc + copy_into", n)
@B          fill(hs[h], id)
@B          check_at(ps, off, hs[h], id, "reusable alloc + copy_into", n)
        } else if op == 4 {
            let h = ops[pc + 1]
            let j = ops[pc + 2]
            let v = ops[pc + 3]
            pc += 4
            hq[h][j] = mk(v)
@B          hs[h][j] = mk(v)
        } else if op == 5 {
            let h = ops[pc + 1]
            let j = ops[pc + 2]
            pc += 3
            let v = val(hq[h][j])
@B          if val(hs[h][j]) != v { fail("read: reusable vs slice_pool", n, val(hs[h][j]), v) }
            acc = mix(acc, v)
        } else if op == 6 {
            let h = ops[pc + 1]
            let m = ops[pc + 2]
            let off = ops[pc + 3]
            let id = ops[pc + 4]
            pc += 5
            let old = hq[h]
            var saved = make([]E, old.len)
            copy_into(saved, old)
            hq[h] = q.resize(old, m)
            check_len(hq[h], m, "resize", n)
            let keep = min(m, saved.len)
            check_same(hq[h][0:keep], saved[0:keep], "resize kept", n)
            check_zero(hq[h][keep:m], "resize", n)
            delete(saved)
            fill(hq[h], id)
            check_at(pq, off, hq[h], id, "resize", n)
        } else if op == 7 {
            let h = ops[pc + 1]
            pc += 2
@B          check_same(hs[h], hq[h], "final contents: reusable vs slice_pool", n)
            for e in hq[h] { acc = mix(acc, val(e)) }
        } else {
            fail("bad op", n, op, 0)
        }
    }
    println("KIND ok:", n, "ops, checksum", acc)
}
'''


def pat(i, j):
    return i * PAT + j


# ---- slot programs ----
def gen_slot(rng, nops):
    """Returns (ops as a list of ints, expected output)."""
    m = SlotModel()
    vals = {}          # index -> [a, b, c]
    ops, acc, count = [], 0, 0

    def item(v):
        return [v, -v, v & 255]

    for _ in range(nops):
        live = sorted(m.live)
        x = rng.random()
        # keep a few hundred live slots, with bursts of frees so indices recycle
        target = 300 if (count // 500) % 2 == 0 else 40
        if not live or (x < 0.40 and len(live) < target * 2):
            kind = rng.choice((1, 1, 2, 3))
            v = rng.randint(-1_000_000, 1_000_000)
            i = m.alloc()
            if kind == 1:
                ops += [1, v, i]
                vals[i] = item(v)
            elif kind == 2:
                ops += [2, v, i]
                vals[i] = item(v)
                vals[i][1] += 1
            else:
                ops += [3, i]
                vals[i] = item(i * 7 + 1)
        elif x < 0.62 or len(live) > target * 2:
            i = rng.choice(live)
            m.free(i)
            ops += [rng.choice((4, 4, 5)), i]
        elif x < 0.78:
            i = rng.choice(live)
            v = rng.randint(-1_000_000, 1_000_000)
            ops += [6, i, v]
            vals[i][1] = v
            vals[i][2] ^= 0x5A
        elif x < 0.97:
            i = rng.choice(live)
            ops += [7, i]
            a, b, c = vals[i]
            acc = (acc * 31 + (a & M64) * 7 + (b & M64) * 3 + c) & M64
        else:
            ops += [8, m.len]
        count += 1
    for i in sorted(m.live):
        ops += [7, i]
        a, b, c = vals[i]
        acc = (acc * 31 + (a & M64) * 7 + (b & M64) * 3 + c) & M64
        count += 1
    ops += [8, m.len]
    count += 1
    return ops, f"slot ok: {count} ops, len {m.len} checksum {acc}\n"


# ---- slice programs ----
class Handle:
    """A live slice: its offset (None when empty), length, fill id, writes."""

    def __init__(self, off, n, ident):
        self.off, self.n, self.id, self.over = off, n, ident, {}

    def get(self, j):
        return self.over.get(j, pat(self.id, j))


def pick_size(rng):
    """A few sizes often (the exact-size cache fills past its depth), sizes
    around the cache's largest (32 granules: 64 ints, 32 Wide), then any."""
    x = rng.random()
    if x < 0.04:
        return 0
    if x < 0.25:
        return rng.choice((1, 2, 3, 13, 60, 62, 64))
    if x < 0.40:
        return rng.randint(1, 70)
    if x < 0.96:
        return rng.randint(1, 1024)
    return rng.randint(1025, 70_000)


def gen_slice(rng, nops, with_resize, esz):
    m = SpanModel(esz)
    hs = [None] * HANDLES
    ops, acc, count, next_id = [], 0, 0, 1

    def make_room(n, keep):
        """Frees live spans other than keep while the model's tail could
        pass half the probe (first fit may still place lower)."""
        while m.tail + n > PROBE // 2:
            live = [h for h in range(HANDLES)
                    if h != keep and hs[h] is not None and hs[h].off is not None]
            if not live:
                return False
            free_handle(rng.choice(live))
        return True

    def free_handle(h):
        nonlocal count
        if hs[h].off is not None:
            m.free(hs[h].off)
        hs[h] = None
        ops.extend([2, h])
        count += 1

    def alloc_handle(h, n):
        nonlocal next_id, count
        off = m.alloc(n) if n else None
        hs[h] = Handle(off, n, next_id)
        ops.extend([1, h, n, -1 if off is None else off, next_id])
        next_id += 1
        count += 1

    # A prelude past every bound of the exact-size cache: 12 spans of one
    # granule and 20 of 29-32 granules; the big ones freed in a burst (more
    # than 512 granules) and taken again, then the small ones (more than 8
    # of one size); then every other one freed and the span behind them
    # last (the tail comes back over spans the cache holds).
    def big(h):
        return (29 + h % 4) * GRANULE // esz
    one = max(1, GRANULE // esz)
    for h in range(33):
        alloc_handle(h, one if h < 12 else big(h) if h < 32 else 1)
    for hs_ in (range(12, 32), range(12)):
        for h in hs_:
            free_handle(h)
        for h in hs_:
            alloc_handle(h, one if h < 12 else big(h))
    for h in range(31, -1, -2):
        free_handle(h)
    free_handle(32)
    for _ in range(nops):
        live = [h for h in range(HANDLES) if hs[h] is not None]
        dead = [h for h in range(HANDLES) if hs[h] is None]
        sized = [h for h in live if hs[h].n > 0]
        x = rng.random()
        if x < 0.02:   # a burst: every small span freed (the cache passes its bounds)
            for h in live:
                if hs[h].n <= 70:
                    free_handle(h)
            continue
        if not live or (x < 0.28 and dead):
            h = rng.choice(dead)
            n = pick_size(rng)
            make_room(n, None)
            off = m.alloc(n) if n else None
            hs[h] = Handle(off, n, next_id)
            ops += [1, h, n, -1 if off is None else off, next_id]
            next_id += 1
        elif x < 0.38 and dead:
            h = rng.choice(dead)
            src = rng.choice(live)
            n = hs[src].n
            make_room(n, src)
            off = m.alloc(n) if n else None
            hs[h] = Handle(off, n, next_id)
            ops += [3, h, src, -1 if off is None else off, next_id]
            next_id += 1
        elif x < 0.58 or not sized:
            free_handle(rng.choice(live))
            continue
        elif x < 0.70:
            h = rng.choice(sized)
            j = rng.randrange(hs[h].n)
            v = rng.randint(1, 1 << 40)
            hs[h].over[j] = v
            ops += [4, h, j, v]
        elif x < 0.85 or not with_resize:
            h = rng.choice(sized)
            j = rng.randrange(hs[h].n)
            ops += [5, h, j]
            acc = (acc * 31 + hs[h].get(j)) & M64
        else:
            h = rng.choice(sized)
            old = hs[h].n
            y = rng.random()
            if y < 0.35:
                mm = rng.randint(1, old)                    # shrink (or same)
            elif y < 0.9:
                mm = old + rng.randint(1, 512)              # a small grow
            else:
                mm = old + rng.randint(513, 40_000)         # a big grow
            if not make_room(mm, h):
                mm = old
            off = m.resize(hs[h].off, mm)
            hs[h] = Handle(off, mm, next_id)
            ops += [6, h, mm, off, next_id]
            next_id += 1
        count += 1
    for h in range(HANDLES):
        if hs[h] is not None:
            ops += [7, h]
            for j in range(hs[h].n):
                acc = (acc * 31 + hs[h].get(j)) & M64
            count += 1
    kind = "resize" if with_resize else "slice"
    return ops, f"{kind} ok: {count} ops, checksum {acc}\n"


def program(kind, seed, nops, elem):
    rng = random.Random(seed * 1_000_003 + {"slot": 1, "slice": 2, "resize": 3}[kind])
    if kind == "slot":
        ops, out = gen_slot(rng, nops)
        body = SLOT_MAIN
    else:
        ops, out = gen_slice(rng, nops, kind == "resize", 8 if elem == "int" else 16)
        body = (ELEM_INT if elem == "int" else ELEM_WIDE) + SLICE_HELPERS + SLICE_MAIN
        lines = []
        for line in body.split("\n"):
            if line.startswith("@B"):
                if kind == "resize":
                    continue
                line = "  " + line[2:]
            lines.append(line)
        body = "\n".join(lines).replace("[]E", "[]" + elem).replace("[E]", f"[{elem}]")
        body = body.replace("reusable[] E", "reusable[] " + elem)
        body = body.replace("KIND", kind).replace("HANDLES", str(HANDLES))
        body = body.replace("PROBE", str(PROBE))
    head = (f"// generated by tests/pool/gen_diff.py --kind {kind} --seed {seed} --ops {nops}"
            f"{' --elem ' + elem if kind != 'slot' else ''}: do not edit\n"
            "import \"pool\"\n\n"
            f"const OPS: string = \"{' '.join(map(str, ops))}\"\n")
    return head + COMMON + body, out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--kind", choices=("slot", "slice", "resize"), required=True)
    ap.add_argument("--seed", type=int, required=True)
    ap.add_argument("--ops", type=int, default=4000)
    ap.add_argument("--elem", choices=("int", "Wide"), default=None,
                    help="slice element type (default: int for even seeds, Wide for odd)")
    ap.add_argument("-o", "--out-dir", default=".")
    a = ap.parse_args()
    elem = a.elem or ("int" if a.seed % 2 == 0 else "Wide")
    src, out = program(a.kind, a.seed, a.ops, elem)
    base = os.path.join(a.out_dir, f"{a.kind}_{a.seed}")
    os.makedirs(a.out_dir, exist_ok=True)
    with open(base + ".gs", "w") as f:
        f.write(src)
    with open(base + ".out", "w") as f:
        f.write(out)
    print(base + ".gs")


if __name__ == "__main__":
    main()
