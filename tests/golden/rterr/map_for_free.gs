// expect runtime error: tests/golden/rterr/map_for_free.gs:12:13: runtime error: map free while the map is being iterated
// free inside a for over the map stops at the free.
import "map"

fn main() {
    var m = map.Map[int, int]{}
    for i in 0..20 {
        m.put(i, i)
    }
    for _, v in m {
        if v == 13 {
            m.free()
        }
    }
}
