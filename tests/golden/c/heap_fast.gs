// Constant-size make at -O1+: the emitter folds the size
// class from the runtime's own table (gs_heap.h) and emits
// gs_alloc_cls(site, class, bytes), whose fast path (a pop from the
// thread's cache, a live bit set, a constant-size memset) clang and gcc
// inline; TinyCC and the JIT call it. Sizes not known at compile time,
// above 4 KiB, or at -O0 keep gs_slice_make. Every block behaves as any
// other: delete, push growth (gs_slice_grow frees the old block) and
// reuse of dirty cached blocks (zeroed again). Run at every back end, and
// under GOOSE_HEAP=system (tests/runtime: runtime_heap_fast_system).
struct Rec { on: bool, n: i32, name: string, o: ?i32, ws: [3]u16 }

const N: int = 48

fn fill(xs: []u8, v: u8) {
    for i in 0..xs.len { xs[i] = v }
}

fn zeros(xs: []u8) -> bool {
    for i in 0..xs.len {
        if xs[i] != 0 { return false }
    }
    return true
}

fn main() {
    // dirty blocks come back zeroed, across refills of the cache
    var ok = true
    var held = make([][]u8, 0, 300)
    for _round in 0..3 {
        for _i in 0..300 {
            let b = make([]u8, 32)
            ok = ok && zeros(b) && b.len == 32
            fill(b, 255)
            held.push(b)
        }
        while held.len > 0 {
            let b = held.pop()
            delete(b)
        }
    }
    println("reuse zeroed:", ok)

    // len < cap, zero length, the largest small class, above it, a const
    var a = make([]int, 0, 8)
    a.push(7)
    let z = make([]u8, 0)
    let big = make([]u8, 4096)
    let huge = make([]u8, 4097)
    let c = make([]u8, N)
    println(a.len, a.cap, a[0], z.len, big.len, big[4095], huge.len, c.len)
    delete(a)
    delete(z)
    delete(big)
    delete(huge)
    delete(c)

    // push growth from a constant-size block: the old block is freed
    var xs = make([]int, 4)
    for i in 0..100 { xs.push(i) }
    println(xs.len, xs.cap, xs[4], xs[103])
    delete(xs)

    // element types the emitter sizes itself
    var rs = make([]Rec, 3)
    rs[2].name = "r"
    rs[2].o = 5 as i32
    rs[1].ws[2] = 9
    println(rs[0].on, rs[0].n, rs[0].o == none, rs[2].name, rs[2].o.unwrap(), rs[1].ws[2])
    delete(rs)
    let ss = make([]string, 2)
    let sl = make([][]int, 2)
    let os = make([]?int, 5)
    println(ss[1].len, sl[1].len, os[4] == none)
    delete(ss)
    delete(sl)
    delete(os)

    // a size known only at run time: the plain call
    let n = a.len + 10
    let v = make([]u8, n)
    println(v.len)
    delete(v)
}
