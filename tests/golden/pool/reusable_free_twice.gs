// expect runtime error: tests/golden/pool/reusable_free_twice.gs:15:5: runtime error: pool free of index 1 that is already free
// Freeing a slot of `reusable T` twice (after the slot
// next to it was freed and reused, so the free stack is not empty).
struct Node { key: int }

fn main() {
    var r: reusable Node
    let a = r.alloc(Node{key: 1})
    let b = r.alloc(Node{key: 2})
    let c = r.alloc(Node{key: 3})
    r.free(c)
    let d = r.alloc(Node{key: 4})
    r.free(b)
    println(a, b, c, d)
    r.free(b)
}
