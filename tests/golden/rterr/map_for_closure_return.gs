// expect runtime error: tests/golden/rterr/map_for_closure_return.gs:14:9: runtime error: map clear while the map is being iterated
// A return inside a closure in the loop body leaves the closure, not
// the loop: the map is still being iterated after the call.
import "map"

fn main() {
    var m = map.Map[int, int]{}
    m.put(1, 1)
    for k in m {
        let f = fn(x: int) -> int {
            return x + 1
        }
        println(f(k))
        m.clear()
    }
}
