// expect runtime error: tests/golden/rterr/len_equal_unknown.gs:11:20: runtime error: index 2 out of range for length 2
// Twin of c/len_equal.gs: a test that says nothing about b.len keeps b[i]'s
// check (it fires once i reaches b.len).
fn count_same(a: []u8, b: []u8) -> int {
    if a.len == 0 {
        return 0
    }
    var n = 0
    for i in 0..a.len {
        println(i)
        if a[i] == b[i] {
            n += 1
        }
    }
    return n
}

fn main() {
    println(count_same(make([]u8, 3), make([]u8, 2)))
}
