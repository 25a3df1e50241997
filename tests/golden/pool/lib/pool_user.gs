// A helper module for slot_error_in_module.gs (not itself a test): it calls
// into stdlib/pool, so a pool error here is reported in this file.
import "pool"

struct Item { v: int }

fn fill(p: ref pool.slot_pool[Item], n: int) {
    for k in 0..n {
        let _ = p.alloc(Item{v: k})
    }
}

fn drop_twice(p: ref pool.slot_pool[Item], i: int) {
    p.free(i)
    p.free(i)
}
