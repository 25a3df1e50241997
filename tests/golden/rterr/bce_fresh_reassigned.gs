// c is assigned again after its make: its length is not m any more, and the
// span check of defaults(c[0:m]) stays. Twin of ir/fresh_defaults.gs.
// expect runtime error: tests/golden/rterr/bce_fresh_reassigned.gs:8:18: runtime error: slice end 4 out of range for length 1
fn fresh(m: int) -> []int {
    var c = make([]int, m)
    c = make([]int, 1)
    if m >= 0 {
        defaults(c[0:m])
    }
    return c
}

fn main() {
    println(fresh(4).len)
}
