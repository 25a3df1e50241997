// expect runtime error: tests/golden/rterr/life_get_ref_remove.gs:16:9: runtime error: map change moved storage that a live ref points into: use of freed storage
// remove shifts entries back over the removed one, so a reference from
// get_ref could end up naming another key's value: a remove while one is
// live stops. A remove of an absent key changes nothing and is fine.
import "map"

fn main() {
    var m = map.Map[string, int]{}
    m.put("a", 1)
    m.put("b", 2)
    let r = m.get_ref("a")
    r += 10
    let absent = m.remove("zzz")
    println(absent, m.get("a").unwrap())
    // a key that is present: entries may shift
    _ = m.remove("b")
    r += 1
}
