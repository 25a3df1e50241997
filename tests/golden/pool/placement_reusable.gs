// goose-flags: --unsafe-no-lifetime-checks
// Placement in the builtin slice pool `reusable[] T`: the exact-size cache
// of freed spans, first fit in address order (not best fit), carving at
// the tail, coalescing of freed
// neighbours, a free span that reaches the tail returning to it, zeroed
// spans after reuse, and big spans whose pages were given back.
// placement_slice_pool.gs runs the same steps on pool.slice_pool and must
// print the same offsets.
//
// How an offset is seen: the pool's first span (the probe) is freed at
// once, and its view still shows the pool's storage from offset 0 (spans
// never move; the pool's memory stays mapped). A new span's first element
// gets a unique mark, and its offset is where the probe shows that mark.
// Reading through a dead view is a test device here, not a user idiom.
const PROBE: int = 40_000

var next_mark: int = 1_000_000

fn zero(x: []int) -> bool {
    for v in x {
        if v != 0 { return false }
    }
    return true
}

fn at(probe: []int, x: []int) -> int {
    if !zero(x) {
        println("not zeroed")
    }
    next_mark += 1
    x[0] = next_mark
    for k in 0..probe.len {
        if probe[k] == next_mark { return k }
    }
    return -1
}

fn main() {
    var s: reusable[] int
    let probe = s.alloc(PROBE)
    s.free(probe)

    let a = s.alloc(4)
    let b = s.alloc(8)
    let c = s.alloc(4)
    let d = s.alloc(2)
    println("carved at the tail", at(probe, a), at(probe, b), at(probe, c), at(probe, d))
    for j in 0..b.len { b[j] = -1 }

    s.free(b)
    // A span takes whole 16-byte granules: 3 ints take the room of 4.
    let e = s.alloc(3)
    println("first fit into the hole", at(probe, e))
    let f = s.alloc(6)
    println("hole too small: tail", at(probe, f))
    let g = s.alloc(4)
    println("rest of the hole", at(probe, g))

    s.free(a)
    s.free(e)
    let h = s.alloc(7)
    println("coalesced with the free neighbour", at(probe, h))

    s.free(d)
    s.free(f)
    let i = s.alloc(10)
    println("freed spans back to the tail", at(probe, i))

    // free: [0,8) and [12,16), both waiting in the exact-size cache (spans
    // of 4 and 2 granules). j (3 elements: 2 granules) takes the most
    // recent cached span of its size, c's at 12. k finds none of its size
    // and no fit in the tree: the cache goes to the tree and k takes the
    // first fit, 0 (best fit would have taken 12); l the rest of that
    // hole; m (1 granule) finds nothing free: the tail.
    s.free(h)
    s.free(c)
    let j = s.alloc(3)
    let k = s.alloc(4)
    let l = s.alloc(4)
    let m = s.alloc(1)
    println("cache, then first fit in address order", at(probe, j), at(probe, k), at(probe, l), at(probe, m))

    // Free everything, in an order that leaves holes first; all of it
    // returns to the tail, so the next span starts at 0.
    s.free(i)
    s.free(k)
    s.free(m)
    s.free(g)
    s.free(l)
    s.free(j)
    let n = s.alloc(5)
    println("all freed: back to offset", at(probe, n))
    s.free(n)

    // Big spans: 10,000 ints (80 KB) give their pages back when freed; a
    // span placed in them later still reads zero.
    let x = s.alloc(10_000)
    let y = s.alloc(10)
    println("big", at(probe, x), at(probe, y))
    for q in 0..x.len { x[q] = q + 1 }
    s.free(x)
    let z = s.alloc(20_000)
    let w = s.alloc(9_000)
    println("big hole", at(probe, z), at(probe, w))
    let v = s.alloc(1_000)
    println("rest of the big hole", at(probe, v))
    let u = s.alloc(1)
    println("after it", at(probe, u))

    // A zero-length alloc takes no span: the next span is where it would be.
    let empty = s.alloc(0)
    let t = s.alloc(2)
    println("empty", empty.len, at(probe, t))
    s.free(empty)
}
