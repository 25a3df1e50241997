// -O2 (lower/pass_licm.c): a global's header that a loop cannot change is
// read once, before the loop. `seen` below is only indexed in `walk` (an
// element store is not a write of the header), the loop pushes onto
// another global (`out`) and calls `note`, which writes a third one, so
// seen's header moves before the outer loop and its inner loop reads it
// from a local. `out` is pushed in the loop: its loads stay. In `shrinks`
// the called function reassigns the global, in `through_fn` the call is
// through a fn value: nothing moves. Adversarial twins:
// rterr/licm_call_writes.gs, rterr/licm_nested_write.gs,
// run/licm_writes_seen.gs.
var seen: []bool
var out: []int
var notes: int = 0
var data: []int

fn note(v: int) {
    notes += v
}

fn walk(n: int) -> int {
    var i = 0
    while i < n {
        for k in 0..3 {
            let v = (i * 3 + k) % 7
            if !seen[v] {
                seen[v] = true
                out.push(v)
                note(v)
            }
        }
        i += 1
    }
    return out.len
}

fn shrink() {
    data = make([]int, 2)
}

fn shrinks(n: int) -> int {
    var s = 0
    for i in 0..n {
        s += data[i]
        shrink()
    }
    return s
}

fn through_fn(f: fn(), n: int) -> int {
    var s = 0
    for _i in 0..n {
        s += data.len
        f()
    }
    return s
}

fn main() {
    seen = make([]bool, 7)
    data = make([]int, 5)
    println(walk(4), notes, out.len)
    println(shrinks(2))
    println(through_fn(shrink, 2))
}
