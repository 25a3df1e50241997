// expect runtime error: tests/golden/rterr/map_get_ref_in_function.gs:7:12: runtime error: map get_ref of a key that is not in the map
// A map error raised in a function of the user's is reported at the
// user's call inside that function; a freed map holds no keys.
import "map"

fn bump(m: ref map.Map[int, int], k: int) -> int {
    return m.get_ref(k) + 1
}

fn main() {
    var m = map.Map[int, int]{}
    m.put(3, 30)
    println(bump(m, 3))
    m.free()
    println(bump(m, 3))
}
