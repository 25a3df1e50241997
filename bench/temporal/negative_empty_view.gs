// Negative control for the prototype: a correct program. An empty view at
// the end of its storage (ptr one past the block) passed to a loop whose
// check is hoisted: a generation check passes (the gref is the block's);
// a packed-tag check reads the granule after the block (another block's
// tag) unless it is guarded by len > 0. Every variant must print 0.
// (transform.py leaves a view at a constant offset untracked; the test
// in check_control.sh adds the tag by hand, as an implementation would.)
fn sum(v: []int) -> int {
    var s = 0
    for i in 0..v.len {
        s += v[i]
    }
    return s
}

fn main() {
    var c = make([]int, 4)
    delete(c)
    var a = make([]int, 4) // c's block again: its tag is now above a fresh block's

    var b = make([]int, 4)
    b[0] = 1
    let v = a[4:4]
    println(sum(v))
}
