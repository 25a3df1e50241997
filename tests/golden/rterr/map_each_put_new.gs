// expect runtime error: tests/golden/rterr/map_each_put_new.gs:11:9: runtime error: map put of a new key while the map is being iterated
// Inside m.each, as inside a for, a put of a present key is allowed and
// a put of a new key stops at the put.
import "map"

fn main() {
    var m = map.Map[int, int]{}
    m.put(1, 10)
    m.each(fn(k: int, v: int) {
        m.put(k, v + 1)
        m.put(k + 1, v)
    })
}
