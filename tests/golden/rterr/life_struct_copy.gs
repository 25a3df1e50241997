// expect runtime error: tests/golden/rterr/life_struct_copy.gs:15:13: runtime error: use of freed storage
// A struct copy holding a slice whose storage was deleted through another
// copy of the header.
struct Holder {
    xs: []int
    n: int
}

fn main() {
    var xs = make([]int, 3)
    xs[2] = 7
    let h = Holder{xs: xs, n: 1}
    println(h.xs[2])
    delete(xs)
    println(h.xs[2])
}
