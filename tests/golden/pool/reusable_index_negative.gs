// expect runtime error: tests/golden/pool/reusable_index_negative.gs:10:5: runtime error: index -1 out of range for length 2
// A negative r[i] of `reusable T`, written to.
struct Node { key: int }

fn main() {
    var r: reusable Node
    let a = r.alloc(Node{key: 1})
    let b = r.alloc(Node{key: 2})
    let i = a - b
    r[i].key = 5
}
