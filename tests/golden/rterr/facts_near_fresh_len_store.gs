// expect runtime error: tests/golden/rterr/facts_near_fresh_len_store.gs:8:16: runtime error: index 2 out of range for length 1
// c's length is not m after `c = make([]int, 1)`: k < m proves nothing
// about c[k] (the store ends the window: the check reads c).
fn at(m: int, k: int) -> int {
    var c = make([]int, m)
    c = make([]int, 1)
    if k >= 0 && k < m {
        return c[k]
    }
    return 0
}

fn main() {
    println(at(4, 2))
}
