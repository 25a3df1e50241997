// expect runtime error: tests/golden/rterr/facts_pop_twice.gs:7:17: runtime error: pop from empty slice
// A length test covers the first pop only: the pop changes the length.
fn main() {
    var xs = make([]int, 1)
    if xs.len > 0 {
        let a = xs.pop()
        let b = xs.pop()
        println(a + b)
    }
}
