// expect runtime error: tests/golden/rterr/heap_fast_delete_twice.gs:8:5: runtime error: delete of storage already deleted
// A constant-size make takes the inline fast path at -O2 (clang, gcc): its
// block is marked live like any other, so a second delete is caught.
fn main() {
    let xs = make([]u8, 32)
    let ys = xs
    delete(xs)
    delete(ys)
}
