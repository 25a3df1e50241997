// expect runtime error: tests/golden/pool/slot_error_in_function.gs:10:9: runtime error: pool free of index 9 out of range for length 1
// A library error raised in a function of the user's is reported at
// the user's call inside that function.
import "pool"

struct Node { key: int }

fn release(p: ref pool.slot_pool[Node], i: int) {
    if i >= 0 {
        p.free(i)
    }
}

fn main() {
    var p = pool.slot_pool[Node]{}
    let a = p.alloc(Node{key: 1})
    release(p, a)
    let b = p.alloc(Node{key: 1})
    release(p, b + 9)
}
