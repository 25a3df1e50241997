// expect runtime error: tests/golden/rterr/abort_share_slice.gs:9:13: runtime error: slice start 3 greater than end 2
// At -O2 the end checks and the start checks of both slices in cut share
// one abort block per kind; the second slice's start check fails, so the
// message carries its site (line 9) and values (start 3, end 2), not the first
// slice's.
fn cut(xs: []int, lo: int, hi: int) -> int {
    let a = xs[1:hi]
    println(a.len)
    let b = xs[lo:hi]
    return b.len
}

fn main() {
    var xs = make([]int, 5)
    println(cut(xs, 3, 2))
}
