// map.Map with string keys: put keeps its own copy of the key, so the
// caller may delete (and the allocator reuse) its string afterwards, or
// pass a sub-string of storage it later overwrites; get/has/remove of
// absent keys; the empty string as a key; each sees the map's copies.
import "map"

fn main() {
    var m = map.Map[string, int]{}
    for i in 0..50 {
        let k = "key" + to_string(i)
        m.put(k, i)
        delete(k) // the map must not need k's bytes
    }
    // The freed key storage is likely reused by these strings.
    var junk: []string
    for i in 0..50 { junk.push("zzz" + to_string(i + 100)) }
    println("len", m.len)
    var sum = 0
    var lens = 0
    m.each(fn(k: string, v: int) {
        assert k == "key" + to_string(v)
        sum += v
        lens += k.len
    })
    println("each", sum, lens)
    println("get", m.get("key7").or(-1), m.get("key49").or(-1), m.get("key50").or(-1), m.get("").or(-1))
    println("has", m.has("key0"), m.has("key"), m.has("zzz100"))
    // A key that is a sub-string of a string the caller then deletes and
    // replaces (likely in the same storage) with other bytes.
    var buf = make([]u8, 6)
    copy_into(buf, "abcdef".bytes())
    let s = from_bytes(buf)
    m.put(s[1:4], 1000) // "bcd", a sub-string of s
    delete(s)
    buf[2] = 'X'
    let t = from_bytes(buf) // same length: may take s's storage
    println("sub", m.get("bcd").or(-1), m.has(t[1:4]), m.has("bXd"), t)
    delete(t)
    m.put("", 5)
    println("empty key", m.get("").unwrap(), m.len)
    println("remove", m.remove("key3"), m.remove("key3"), m.remove("nope"), m.has("key3"), m.len)
    m.put("key3", 33)
    m.put("key3", 34) // replaces the value, keeps one copy
    println("reput", m.get("key3").unwrap(), m.len)
    m.get_ref("bcd") += 1
    println("get_ref", m.get("bcd").unwrap())
    m.clear()
    println("clear", m.len, m.has("key3"))
    m.put("x", 1)
    m.free()
    println("free", m.len, m.has("x"))
    m.put("y", 2)
    println("reuse", m.len, m.get("y").unwrap())
    m.free()
    for j in junk { delete(j) }
    delete(junk)
}
