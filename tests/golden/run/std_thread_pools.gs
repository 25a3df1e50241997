// Pools, maps, sort and builtin pools on several threads at once, each
// thread with its own (a pool or a map is one thread's at a time). The
// runtime's registry of live span pools is shared: under ThreadSanitizer
// (run_golden.py --sanitize) this pins that it is locked once threads run.
import "thread"
import "pool"
import "map"
import "sort"
struct Node { k: int }
fn main() {
    let sums = make([]int, 2)
    thread.parallel(2, fn(t: int) {
        var p: pool.slice_pool[int]
        var q: pool.slot_pool[Node]
        var r: reusable Node
        var rs: reusable[] int
        var m = map.Map[string, int]{}
        var xs: []int
        for k in 0..200 {
            let s = p.alloc_slice(1 + k % 7)
            s[0] = k
            sums[t] += s[0]
            m.put(to_string(k), k)
            let i = q.alloc(Node{k: k})
            sums[t] += q.get(i).k
            let j = r.alloc(Node{k: k})
            sums[t] += r[j].k
            let b = rs.alloc(3)
            b[0] = k
            sums[t] += b[0]
            xs.push((k * 37) % 101)
        }
        sort.sort(xs)
        sums[t] += m.len + xs[0]
        m.free()
    })
    println(sums)
}
