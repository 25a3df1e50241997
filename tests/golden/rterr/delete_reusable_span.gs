// expect runtime error: tests/golden/rterr/delete_reusable_span.gs:6:5: runtime error: delete of a pool span
// A reusable[] span is freed with its pool, never with delete.
fn main() {
    var r: reusable[] int
    let xs = r.alloc(100)
    delete(xs)
}
