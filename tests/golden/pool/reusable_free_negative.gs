// expect runtime error: tests/golden/pool/reusable_free_negative.gs:11:5: runtime error: pool free of index -1 out of range for length 3
// Freeing a negative index of `reusable T`.
struct Node { key: int }

fn main() {
    var r: reusable Node
    for k in 0..3 {
        let _ = r.alloc(Node{key: k})
    }
    let i = -1
    r.free(i)
}
