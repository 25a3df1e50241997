// expect runtime error: tests/golden/rterr/licm_ref_write.gs:20:14: runtime error: index 2 out of range for length 2
// Twin of ir/licm_globals.gs: the loop writes the global through a
// reference bound before it (no store in the loop names the global), so
// its header is read at every step: data[2] fails against the new length.
var data: []int

fn gref() -> ref []int {
    return data
}

fn main() {
    data = make([]int, 5)
    for i in 0..5 {
        data[i] = i + 1
    }
    let r = gref()
    var s = 0
    for i in 0..4 {
        println(i, s)
        s += data[i]
        if i == 1 {
            r = make([]int, 2)
        }
    }
    println(s)
}
