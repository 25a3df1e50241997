// -O1+ length equality (lower/pass_facts.c): after `if a.len != b.len
// { return }` the loop over a.len indexes b without a check (the a[i]
// check goes by the range-loop rule). Adversarial twins:
// rterr/len_equal_unknown.gs, rterr/len_equal_falls_through.gs.
fn same(a: []u8, b: []u8) -> bool {
    if a.len != b.len {
        return false
    }
    for i in 0..a.len {
        if a[i] != b[i] {
            return false
        }
    }
    return true
}

fn dot(a: []int, b: []int) -> int {
    var s = 0
    if a.len == b.len {
        for i in 0..a.len {
            s += a[i] * b[i]
        }
    }
    return s
}

fn main() {
    let x = make([]u8, 3)
    var y = make([]u8, 3)
    y[1] = 7
    let z = make([]u8, 2)
    println(same(x, x), same(x, y), same(x, z))
    var p = make([]int, 4)
    for i in 0..4 { p[i] = i + 1 }
    println(dot(p, p), dot(p, make([]int, 2)))
}
