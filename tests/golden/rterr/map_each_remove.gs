// expect runtime error: tests/golden/rterr/map_each_remove.gs:9:9: runtime error: map remove while the map is being iterated
// remove inside m.each stops at the remove.
import "map"

fn main() {
    var m = map.Map[int, int]{}
    m.put(1, 10)
    m.each(fn(k: int, v: int) {
        m.remove(k)
    })
}
