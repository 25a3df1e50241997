// expect runtime error: tests/golden/rterr/facts_near_i32_wrap.gs:11:18: runtime error: index -2147483648 out of range for length 3
// i + 1 wraps in i32 (i is the largest i32), so j < 3 with i >= 0 does not
// make j >= 0: xs[j] keeps its check.
fn main() {
    let xs = make([]int, 3)
    var s = 0
    let i: i32 = 2147483647
    if i >= 0 {
        let j = i + 1
        if j < 3 {
            s += xs[j]
        }
    }
    println(s)
}
