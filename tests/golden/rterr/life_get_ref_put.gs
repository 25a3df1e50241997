// expect runtime error: tests/golden/rterr/life_get_ref_put.gs:18:9: runtime error: map change moved storage that a live ref points into: use of freed storage
// A get_ref reference lives until its last use; a put that grows the map
// meanwhile would move the entry it points into: the put stops.
import "map"

struct V {
    x: int
}

fn main() {
    var m = map.Map[int, V]{}
    m.put(1, V{x: 1})
    let r = m.get_ref(1)
    r.x = 5
    println(m.get(1).unwrap().x)
    for i in 2..20 {
        // the ninth key grows the table (8 slots, at most 3/4 full)
        m.put(i, V{x: i})
    }
    r.x = 9
    println(m.get(1).unwrap().x)
}
