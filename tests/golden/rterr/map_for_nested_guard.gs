// expect runtime error: tests/golden/rterr/map_for_nested_guard.gs:18:9: runtime error: map put of a new key while the map is being iterated
// Nested loops over one map: when the inner loop ends, by break or at
// its end, the outer one still holds the map, so a put of a new key in
// the outer body stops.
import "map"

fn main() {
    var m = map.Map[int, int]{}
    m.put(1, 1)
    m.put(2, 2)
    for a in m {
        for _b in m {
            break
        }
        for b in m {
            m.put(b, a)
        }
        m.put(a + 10, 0)
    }
}
