// The builtin slice pool `reusable[] T`: alloc (length n, zeroed), writes
// through the slice and its sub-slices, free, zero-length spans (no span;
// freeing any empty slice is a no-op, also twice), zeroed reuse, big
// spans, spans that never overlap while live, element types, pools in
// fields and globals.
struct Pt { x: int, y: u8 }
struct Holder { bytes: reusable[] u8, count: int }

var global_spans: reusable[] int

fn sum_u8(xs: []u8) -> int {
    var s = 0
    for v in xs { s += v as int }
    return s
}

fn sum(xs: []int) -> int {
    var s = 0
    for v in xs { s += v }
    return s
}

fn main() {
    var s: reusable[] u8
    let a = s.alloc(10)
    println("alloc", a.len, a.cap, sum_u8(a))
    for j in 0..a.len { a[j] = (j * 3) as u8 }
    println("written", a[0], a[9], sum_u8(a))
    let b = s.alloc(100)
    let part = b[10:20]
    part[0] = 7
    b[99] = 255
    println("sub-slice writes the span", b[10], b[99], sum_u8(b), sum_u8(a))
    for j in 0..a.len { a[j] = 0xff }
    s.free(a)
    let c = s.alloc(10)
    println("reused span zeroed", c.len, sum_u8(c))
    let c2 = s.alloc(7)
    println("other spans untouched", sum_u8(b), sum_u8(c2))

    // Zero length: an empty slice and no span.
    let e = s.alloc(0)
    println("empty", e.len, e.cap)
    s.free(e)
    s.free(e)
    var none_yet: []u8
    s.free(none_yet)
    s.free(c[3:3])

    // A big span (1 MiB) filled, freed and allocated again: zero.
    let big = s.alloc(1 << 20)
    for j in 0..big.len { big[j] = 0xab }
    println("big", big.len, sum_u8(big[0:1000]))
    s.free(big)
    let big2 = s.alloc(1 << 20)
    println("big again", big2.len, sum_u8(big2))
    s.free(big2)

    // 1000 live spans of different lengths each hold their own values;
    // freeing every other one and filling the holes leaves the rest intact.
    var ints: reusable[] int
    var spans: [][]int
    for k in 0..1000 {
        let x = ints.alloc(k % 37 + 1)
        for j in 0..x.len { x[j] = k }
        spans.push(x)
    }
    var bad = 0
    for k in 0..1000 {
        if sum(spans[k]) != k * (k % 37 + 1) { bad += 1 }
    }
    for k in 0..1000 {
        if k % 2 == 1 { ints.free(spans[k]) }
    }
    for k in 0..1000 {
        if k % 2 == 1 {
            let x = ints.alloc(k % 37 + 1)
            if sum(x) != 0 { bad += 1 }
            for j in 0..x.len { x[j] = -k }
            spans[k] = x
        }
    }
    var total = 0
    for k in 0..1000 {
        total += sum(spans[k])
    }
    println("1000 spans, bad", bad, "total", total)
    for x in spans { ints.free(x) }

    // A struct element type.
    var ps: reusable[] Pt
    let p = ps.alloc(3)
    p[1].x = 5
    p[2].y = 9
    println("pts", p.len, p[0].x, p[1].x, p[2].y)
    ps.free(p)
    let p2 = ps.alloc(3)
    println("pts reused", p2[1].x, p2[2].y)

    // Pools in a field and a global.
    var hold: Holder
    let h = hold.bytes.alloc(4)
    h[3] = 4
    hold.bytes.free(h)
    let h2 = hold.bytes.alloc(4)
    let gs = global_spans.alloc(3)
    gs[2] = 12
    println("field and global", h2[3], gs[2], sum(gs))
    global_spans.free(gs)
}
