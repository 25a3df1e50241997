// The C of the pools' hot paths: r[i] of `reusable T` and p.get(i) of
// pool.slot_pool[T] are both one unsigned compare against the length and
// an access, reported at the user's call (at -O2 p.get's body replaces
// the call in the IR, lower/pass_inline.c, so TinyCC pays no call either;
// -O0 calls it, with the call's site as its site_ parameter); alloc and
// free are inline runtime fast paths.
import "pool"

struct Node { key: int }

fn sum_builtin(r: ref reusable Node, i: int) -> int { return r[i].key }

fn sum_library(p: ref pool.slot_pool[Node], i: int) -> int { return p.get(i).key }

fn main() {
    var r: reusable Node
    var p = pool.slot_pool[Node]{}
    let i = r.alloc(Node{key: 3})
    let j = p.alloc(Node{key: 4})
    println(sum_builtin(r, i), sum_library(p, j))
    r.free(i)
    p.free(j)
}
