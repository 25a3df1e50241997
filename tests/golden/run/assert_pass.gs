// assert with and without a message; passing asserts do nothing (also at -O2).
fn main() {
    let c = 5
    assert c > 0
    assert c == 5, "c must be five"
    assert true
    var xs = make([]int, 3)
    assert xs.len == 3, "len " + to_string(xs.len)
    var n = 0
    for i in 0..10 {
        assert i < 10
        n += 1
    }
    println("asserts passed", n)
}
