// expect runtime error: tests/golden/rterr/map_for_clear.gs:9:5: runtime error: map clear while the map is being iterated
// clear inside a for over the map stops at the clear, reached through a
// ref parameter.
import "map"

struct Cache { m: map.Map[int, string] }

fn reset(c: ref Cache) {
    c.m.clear()
}

fn main() {
    var c = Cache{}
    c.m.put(7, "seven")
    for _k, _v in c.m {
        reset(c)
    }
}
