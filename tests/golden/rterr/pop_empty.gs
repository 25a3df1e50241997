// expect runtime error: tests/golden/rterr/pop_empty.gs:6:13: runtime error: pop from empty slice
fn main() {
    var xs: []int
    xs.push(1)
    println(xs.pop())
    println(xs.pop())
}
