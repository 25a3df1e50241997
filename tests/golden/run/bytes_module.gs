// import "bytes": equal, compare, has_prefix, index_byte, on whole slices,
// sub-slices, empty slices and slices of different storage.
import "bytes"

fn sign(x: int) -> int {
    if x < 0 { return -1 }
    if x > 0 { return 1 }
    return 0
}

fn main() {
    let a = "abracadabra".bytes()
    let b = "abracadabra".bytes()
    let e: []u8 = make([]u8, 0)
    var z: []u8
    println(bytes.equal(a, b), bytes.equal(a, a), bytes.equal(a[0:4], b[7:11]))
    println(bytes.equal(a, b[0:10]), bytes.equal(e, z), bytes.equal(e, a[3:3]))
    b[10] = 98
    println(bytes.equal(a, b), bytes.compare(a, b), bytes.compare(b, a))
    println(bytes.compare(a, a), bytes.compare(a[0:4], a), bytes.compare(a, a[0:4]))
    println(bytes.compare(e, a), bytes.compare(a, e), bytes.compare(e, z))
    // compare agrees with < on strings, byte 255 included
    let words = ["", "a", "ab", "abc", "b", "\xff", "\xffa", "a\x00"]
    var bad = 0
    for i in 0..words.len {
        for j in 0..words.len {
            let s = words[i]
            let t = words[j]
            var want = 0
            if s < t { want = -1 }
            if s > t { want = 1 }
            if sign(bytes.compare(s.bytes(), t.bytes())) != want || bytes.compare(s.bytes(), t.bytes()) != want {
                bad += 1
            }
            if bytes.equal(s.bytes(), t.bytes()) != (s == t) {
                bad += 1
            }
        }
    }
    println("mismatches", bad)
    println(bytes.has_prefix(a, a[0:3]), bytes.has_prefix(a, e), bytes.has_prefix(a[0:3], a))
    println(bytes.has_prefix(a, "abd".bytes()))
    println(bytes.index_byte(a, 99), bytes.index_byte(a, 122), bytes.index_byte(e, 97), bytes.index_byte(a[1:11], 97))
}
