// expect runtime error: tests/golden/pool/reusable_free_too_large.gs:10:5: runtime error: pool free of index 3 out of range for length 3
// Freeing an index at r.len of `reusable T`.
struct Node { key: int }

fn main() {
    var r: reusable Node
    for k in 0..3 {
        let _ = r.alloc(Node{key: k})
    }
    r.free(r.len)
}
