// expect runtime error: tests/golden/pool/slot_free_ref_int.gs:10:5: runtime error: pool free_ref of a reference that does not point into this pool
// free_ref checks the reference, not just the value: a local
// int equal to a slot's value is not in the pool.
import "pool"

fn main() {
    var p = pool.slot_pool[int]{}
    let a = p.alloc(5)
    var five = p.get(a)
    p.free_ref(five)
}
