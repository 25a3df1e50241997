// expect runtime error: tests/golden/rterr/map_for_remove_absent.gs:12:17: runtime error: map remove while the map is being iterated
// Inside a for over the map even a remove of a key the map does not
// hold is an error: which removes would change the map is not for the
// program to find out at run time.
import "map"

fn main() {
    var m = map.Map[int, int]{}
    m.put(1, 1)
    println("before")
    for k in m {
        let r = m.remove(k + 1)
        println(r)
    }
}
