// goose-flags: --unsafe-no-lifetime-checks
// Placement in the library slice pool pool.slice_pool[T]: the same steps as
// placement_reusable.gs, which must print the same offsets (slice_pool
// places spans exactly as `reusable[] T` does): the exact-size cache,
// first fit in address order, carving at the tail, coalescing, return to
// the tail, zeroed reuse, big spans whose pages were given back.
//
// How an offset is seen: the pool's first span (the probe) is freed at
// once, and its view still shows the pool's storage from offset 0 (spans
// never move; the pool's memory stays mapped). A new span's first element
// gets a unique mark, and its offset is where the probe shows that mark.
// Reading through a dead view is a test device here, not a user idiom.
import "pool"

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
    var s = pool.slice_pool[int]{}
    let probe = s.alloc_slice(PROBE)
    s.free(probe)

    let a = s.alloc_slice(4)
    let b = s.alloc_slice(8)
    let c = s.alloc_slice(4)
    let d = s.alloc_slice(2)
    println("carved at the tail", at(probe, a), at(probe, b), at(probe, c), at(probe, d))
    for j in 0..b.len { b[j] = -1 }

    s.free(b)
    // A span takes whole 16-byte granules: 3 ints take the room of 4.
    let e = s.alloc_slice(3)
    println("first fit into the hole", at(probe, e))
    let f = s.alloc_slice(6)
    println("hole too small: tail", at(probe, f))
    let g = s.alloc_slice(4)
    println("rest of the hole", at(probe, g))

    s.free(a)
    s.free(e)
    let h = s.alloc_slice(7)
    println("coalesced with the free neighbour", at(probe, h))

    s.free(d)
    s.free(f)
    let i = s.alloc_slice(10)
    println("freed spans back to the tail", at(probe, i))

    // free: [0,8) and [12,16), both waiting in the exact-size cache (spans
    // of 4 and 2 granules). j (3 elements: 2 granules) takes the most
    // recent cached span of its size, c's at 12. k finds none of its size
    // and no fit in the tree: the cache goes to the tree and k takes the
    // first fit, 0 (best fit would have taken 12); l the rest of that
    // hole; m (1 granule) finds nothing free: the tail.
    s.free(h)
    s.free(c)
    let j = s.alloc_slice(3)
    let k = s.alloc_slice(4)
    let l = s.alloc_slice(4)
    let m = s.alloc_slice(1)
    println("cache, then first fit in address order", at(probe, j), at(probe, k), at(probe, l), at(probe, m))

    // Free everything, in an order that leaves holes first; all of it
    // returns to the tail, so the next span starts at 0.
    s.free(i)
    s.free(k)
    s.free(m)
    s.free(g)
    s.free(l)
    s.free(j)
    let n = s.alloc_slice(5)
    println("all freed: back to offset", at(probe, n))
    s.free(n)

    // Big spans: 10,000 ints (80 KB) give their pages back when freed; a
    // span placed in them later still reads zero.
    let x = s.alloc_slice(10_000)
    let y = s.alloc_slice(10)
    println("big", at(probe, x), at(probe, y))
    for q in 0..x.len { x[q] = q + 1 }
    s.free(x)
    let z = s.alloc_slice(20_000)
    let w = s.alloc_slice(9_000)
    println("big hole", at(probe, z), at(probe, w))
    let v = s.alloc_slice(1_000)
    println("rest of the big hole", at(probe, v))
    let u = s.alloc_slice(1)
    println("after it", at(probe, u))

    // A zero-length alloc takes no span: the next span is where it would be.
    let empty = s.alloc_slice(0)
    let t = s.alloc_slice(2)
    println("empty", empty.len, at(probe, t))
    s.free(empty)
}
