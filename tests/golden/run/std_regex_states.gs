// regex: a pattern whose DFA needs more states than it keeps (2000):
// (a|b)*a(a|b){11} over 4000 pseudo-random a's and b's; the search goes on
// with the Pike VM (python3's re gives the same spans). Then the same
// Regex again, now on the Pike VM from the start, and a lazy pattern.
import "regex"

fn main() {
    var b: []u8
    var x: u64 = 88172645463325252
    for _ in 0..4000 {
        x ^= x << 13
        x ^= x >> 7
        x ^= x << 17
        b.push('a' + (x % 2) as u8)
    }
    let s = from_bytes(b)
    let (r, _) = regex.compile("(a|b)*a(a|b){11}")
    let cs = r.captures(s)
    println(cs)
    let (p, q) = r.find(s[0:100])
    println(p, q)
    let (lazy, _) = regex.compile("(?:a|b)*?b(a)(a|b){3}")
    let ms = lazy.find_all(s)
    println(ms.len, ms[0], ms[ms.len - 1])
    delete(ms)
    delete(cs)
    lazy.free()
    r.free()
    delete(s)
    delete(b)
}
