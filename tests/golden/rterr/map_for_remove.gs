// expect runtime error: tests/golden/rterr/map_for_remove.gs:10:9: runtime error: map remove while the map is being iterated
// remove inside a for over the map stops at the remove.
import "map"

fn main() {
    var m = map.Map[string, int]{}
    m.put("a", 1)
    m.put("b", 2)
    for k in m {
        m.remove(k)
    }
}
