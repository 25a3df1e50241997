// An imported module named slice with functions make and grow: the
// runtime's C functions gs_slice_make and gs_slice_grow (used here by make
// and push) must stay distinct from the module's, whose C names are
// gsm_slice_make and gsm_slice_grow.
import "./lib/slice"

fn main() {
    var xs = make([]int, 3)
    for i in 0..100 {
        xs.push(i)
    }
    let s = slice.i64s{v: 5}
    println(slice.make(2), slice.grow(3), xs.len, s.v)
}
