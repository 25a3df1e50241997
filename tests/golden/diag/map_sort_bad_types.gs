// Key and element types the modules do not take: a map key needs hash
// (an integer or a string), sort.sort needs != and < (integers, f64,
// strings; sort_by takes any type). Each is reported once, in the module,
// with the chain of instantiations back to the user's call.
import "map"
import "sort"

struct P { x: int }

fn main() {
    var m = map.Map[f64, int]{}
    m.put(1.5, 2)
    var ps: []P
    sort.sort(ps)
    sort.sort_by(ps, fn(a: P, b: P) -> bool { return a.x < b.x })
}
