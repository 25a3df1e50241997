// expect runtime error: tests/golden/rterr/map_get_ref_absent.gs:14:5: runtime error: map get_ref of a key that is not in the map
// get_ref of a key that is not in the map is a runtime error reported at
// the user's call (the receiver's first token), not inside stdlib/map;
// output printed before it is kept.
import "map"

fn main() {
    var m = map.Map[string, int]{}
    m.put("a", 1)
    m.get_ref("a") += 1
    println(m.get("a").unwrap())
    let removed = m.remove("a")
    println(removed)
    m.get_ref("a") += 1
}
