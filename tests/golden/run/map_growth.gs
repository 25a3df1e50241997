// map.Map grown to 100k entries (int and string keys), half removed,
// the removed half put back with new values; each visits every entry once
// (count and sum checksums), and lookups of every key agree.
import "map"

fn key(i: int) -> int { return i * 2654435761 + 17 } // spread, distinct

fn checksum(m: ref map.Map[int, int]) {
    var n = 0
    var ks = 0
    var vs = 0
    m.each(fn(k: int, v: int) {
        n += 1
        ks += k
        vs += v
    })
    println("entries", n, "len", m.len, "keysum", ks, "valsum", vs)
}

fn ints() {
    let n = 100_000
    var m = map.Map[int, int]{}
    for i in 0..n { m.put(key(i), i) }
    checksum(m)
    var removed = 0
    for i in 0..n {
        if i % 2 == 1 && m.remove(key(i)) { removed += 1 }
    }
    println("removed", removed)
    checksum(m)
    var wrong = 0
    for i in 0..n {
        if m.has(key(i)) != (i % 2 == 0) { wrong += 1 }
    }
    for i in 0..n {
        if i % 2 == 1 { m.put(key(i), -i) }
    }
    checksum(m)
    for i in 0..n {
        let v = m.get(key(i)).or(1 << 40)
        if (i % 2 == 0 && v != i) || (i % 2 == 1 && v != -i) { wrong += 1 }
    }
    println("wrong", wrong)
    m.free()
}

fn strings() {
    let n = 100_000
    var m = map.Map[string, int]{}
    for i in 0..n {
        let k = to_string(i)
        m.put(k, i)
        delete(k)
    }
    for i in 0..n {
        if i % 2 == 1 {
            let k = to_string(i)
            assert m.remove(k)
            delete(k)
        }
    }
    println("strings len", m.len)
    for i in 0..n {
        if i % 2 == 1 {
            let k = to_string(i)
            m.put(k, i * 3)
            delete(k)
        }
    }
    var n2 = 0
    var vs = 0
    var bytes = 0
    m.each(fn(k: string, v: int) {
        n2 += 1
        vs += v
        bytes += k.len
    })
    println("strings entries", n2, m.len, "valsum", vs, "bytes", bytes)
    m.free()
}

fn main() {
    ints()
    strings()
}
