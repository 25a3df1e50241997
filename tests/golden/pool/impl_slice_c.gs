// expect runtime error: tests/golden/pool/impl_slice_c.gs:33:5: runtime error: pool free of a span already freed
// The C of the slice pools' calls: `reusable[] T`'s alloc and free call
// the runtime's span functions directly, and so does pool.slice_pool[T]'s
// alloc_slice and free at -O2: their bodies (one runtime primitive each)
// replace the calls in the IR (lower/pass_inline.c), so TinyCC and the JIT
// pay no wrapper call and no copy of the returned slice; -O0 calls them,
// with the call's site as their site_ parameter. A misuse still reports
// at the user's call (the last line frees a span twice).
import "pool"

fn builtin(r: ref reusable[] u64, n: int) -> u64 {
    let a = r.alloc(n)
    a[0] = 5
    let v = a[0]
    r.free(a)
    return v
}

fn library(p: ref pool.slice_pool[u64], n: int) -> u64 {
    let a = p.alloc_slice(n)
    a[0] = 6
    let v = a[0]
    p.free(a)
    return v
}

fn main() {
    var r: reusable[] u64
    var p = pool.slice_pool[u64]{}
    println(builtin(r, 3), library(p, 4))
    let b = p.alloc_slice(2)
    p.free(b)
    p.free(b)
}
