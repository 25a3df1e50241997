// Slice-pool spans used as the reference allows, none of which may stop
// with a lifetime error: small u8 spans side by side (each takes its own
// 16-byte granule, so freeing one leaves its neighbours' tags alone),
// views of live spans, the header a resize returns (in place and moved),
// a span freed and handed out again through a fresh header, and churn
// past many reuses of one place.
import "pool"

fn sum(xs: []u8) -> int {
    var s = 0
    for x in xs { s += x as int }
    return s
}

fn main() {
    var q = pool.slice_pool[u8]{}
    var spans: [][]u8
    for i in 0..8 {
        let s = q.alloc_slice(1 + i % 3)
        s[0] = i as u8
        spans.push(s)
    }
    q.free(spans[3])
    q.free(spans[5])
    var total = 0
    for i in 0..8 {
        if i != 3 && i != 5 { total += sum(spans[i]) }
    }
    println("neighbours", total)

    let v = spans[6][0:1]
    let r = q.resize(spans[7], 40)
    r[39] = 9
    println("view", v[0], "resized", r.len, r[0], r[39])

    var ints = pool.slice_pool[int]{}
    var a = ints.alloc_slice(4)
    a[3] = 3
    a = ints.resize(a, 6)
    a[5] = 5
    let block = ints.alloc_slice(2)
    a = ints.resize(a, 64)
    println("grown", a.len, a[3], a[5], block.len)

    var churn = 0
    for k in 0..40_000 {
        let s = q.alloc_slice(5)
        s[4] = (k % 200) as u8
        churn += s[4] as int
        q.free(s)
    }
    println("churn", churn)

    var b: reusable[] i32
    var last = 0
    for k in 0..1000 {
        let s = b.alloc(3)
        s[2] = k as i32
        last = s[2] as int
        b.free(s)
    }
    println("reusable", last)
}
