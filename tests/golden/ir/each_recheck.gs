// for x in xs: a body that may change xs's header (here a push) gets the
// rechecked loop: the length at loop start as the bound, each element read
// through xs's current header with CHECK_INDEX at the loop. A body that
// cannot keeps the plain loop over a copy of the header (no check).
fn main() {
    var xs = make([]int, 0)
    xs.push(1)
    var s = 0
    for x in xs {
        s += x
        xs.push(x + 1)
    }
    for x in xs {
        s += x
    }
    println(s)
}
