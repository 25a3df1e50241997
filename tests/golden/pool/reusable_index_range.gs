// expect runtime error: tests/golden/pool/reusable_index_range.gs:11:13: runtime error: index 7 out of range for length 3
// r[i] of `reusable T` is checked against r.len.
struct Node { key: int }

fn main() {
    var r: reusable Node
    for k in 0..3 {
        let _ = r.alloc(Node{key: k})
    }
    let i = 7
    println(r[i].key)
}
