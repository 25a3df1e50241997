// Lifetime notes (pass_borrow.c): a ref into a slice's storage is noted on
// the runtime's live-ref stack only while something that may give storage
// back runs. touch frees nothing (no note, `--stats` counts it proven
// safe); grow pushes, so its ref argument is noted for the call; the
// get_ref binding in sum_then_grow is used only before the put, so it
// needs no note, while the one in hold_over_put lives across a put and
// is noted until its last use.
import "map"

fn touch(r: ref int) {
    r += 1
}

fn grow(r: ref int, xs: ref []int) {
    r += 1
    xs.push(r)
}

fn sum_then_grow(m: ref map.Map[int, int]) -> int {
    let r = m.get_ref(1)
    let v: int = r
    m.put(2, 2)
    return v
}

fn hold_over_put(m: ref map.Map[int, int]) -> int {
    let r = m.get_ref(1)
    m.put(1, 5)
    return r
}

fn main() {
    var xs = make([]int, 3, 8)
    for i in 0..3 {
        touch(xs[i])
    }
    grow(xs[0], xs)
    var m = map.Map[int, int]{}
    m.put(1, 1)
    println(xs[0], xs.len, sum_then_grow(m), hold_over_put(m))
}
