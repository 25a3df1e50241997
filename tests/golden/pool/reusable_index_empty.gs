// expect runtime error: tests/golden/pool/reusable_index_empty.gs:7:13: runtime error: index 0 out of range for length 0
// r[0] of an empty `reusable T`: nothing was allocated.
struct Node { key: int }

fn main() {
    var r: reusable Node
    println(r[0].key)
}
