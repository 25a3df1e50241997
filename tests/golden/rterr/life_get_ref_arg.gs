// expect runtime error: tests/golden/rterr/life_get_ref_arg.gs:9:9: runtime error: map change moved storage that a live ref points into: use of freed storage
// A reference returned by get_ref and passed straight to a function lives
// for that call; the function grows the map it points into.
import "map"

fn fill(v: ref int, m: ref map.Map[int, int]) {
    v = 7
    for i in 100..120 {
        m.put(i, i)
    }
    v = 8
}

fn main() {
    var m = map.Map[int, int]{}
    m.put(1, 1)
    fill(m.get_ref(1), m)
    println(m.len)
}
