// -O1+: `i < 0 || i >= p.len` (i a signed 64-bit local, p a path of locals
// and fields) is one unsigned compare, since a length is never negative;
// against a bound that may be negative (n) it stays two compares.
struct Bag { xs: []int }

fn in_range(b: ref Bag, i: int) -> bool {
    if i < 0 || i >= b.xs.len { return false }
    return true
}

fn in_n(i: int, n: int) -> bool {
    if i < 0 || i >= n { return false }
    return true
}

fn main() {
    var b = Bag{xs: make([]int, 3)}
    println(in_range(b, -1), in_range(b, 0), in_range(b, 2), in_range(b, 3))
    println(in_range(b, -9223372036854775807 - 1), in_range(b, 9223372036854775807))
    println(in_n(3, -5), in_n(-1, 4), in_n(2, 4), in_n(-9223372036854775807 - 1, 4))
}
