// expect runtime error: tests/golden/rterr/len_equal_falls_through.gs:11:21: runtime error: index 2 out of range for length 2
// Twin of c/len_equal.gs: the length test does not leave the function, so
// after it the lengths may differ and b[i] keeps its check.
fn sum_both(a: []int, b: []int) -> int {
    if a.len != b.len {
        println("lengths differ")
    }
    var s = 0
    for i in 0..a.len {
        println(i)
        s += a[i] + b[i]
    }
    return s
}

fn main() {
    println(sum_both(make([]int, 3), make([]int, 2)))
}
