// expect runtime error: tests/golden/rterr/make_cap.gs:4:14: runtime error: make: length 5 greater than capacity 3
fn main() {
    let n = 5
    let xs = make([]int, n, 3)
    println(xs.len)
}
