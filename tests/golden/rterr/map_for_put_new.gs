// expect runtime error: tests/golden/rterr/map_for_put_new.gs:12:9: runtime error: map put of a new key while the map is being iterated
// A put of a key the map does not hold, inside a for over the map, stops
// at the put (a put of a present key before it is allowed).
import "map"

fn main() {
    var m = map.Map[int, int]{}
    m.put(1, 10)
    m.put(2, 20)
    for k, v in m {
        m.put(k, v + 1)
        m.put(k + 100, v)
    }
}
