// map.Map with integer keys: put/get/has/remove (present and absent),
// replacing a value, get_ref mutation, len, clear, free then reuse, and
// every integer key type (extreme values included).
import "map"

fn show(m: ref map.Map[int, int], k: int) {
    println("get", k, m.get(k).or(-1), "has", m.has(k))
}

fn keys_i8() {
    var m = map.Map[i8, int]{}
    for i in -128..128 { m.put(i as i8, i) }
    var sum = 0
    m.each(fn(k: i8, v: int) {
        assert k as int == v
        sum += v
    })
    println("i8", m.len, sum, m.get(-128).unwrap(), m.get(127).unwrap())
    m.free()
}

fn keys_u8() {
    var m = map.Map[u8, u8]{}
    for i in 0..256 { m.put(i as u8, (255 - i) as u8) }
    println("u8", m.len, m.get(0).unwrap(), m.get(255).unwrap(), m.remove(7), m.has(7), m.len)
    m.free()
}

fn keys_i16() {
    var m = map.Map[i16, i16]{}
    m.put(-32768, 1)
    m.put(32767, 2)
    m.put(0, 3)
    println("i16", m.len, m.get(-32768).unwrap(), m.get(32767).unwrap(), m.get(1).or(-1))
    m.free()
}

fn keys_u16() {
    var m = map.Map[u16, int]{}
    m.put(65535, 1)
    m.put(0, 2)
    println("u16", m.len, m.get(65535).unwrap(), m.get(0).unwrap(), m.has(1))
    m.free()
}

fn keys_i32() {
    var m = map.Map[i32, int]{}
    m.put(-2147483648, 1)
    m.put(2147483647, 2)
    m.put(-1, 3)
    println("i32", m.len, m.get(-2147483648).unwrap(), m.get(2147483647).unwrap(), m.get(-1).unwrap())
    m.free()
}

fn keys_u32() {
    var m = map.Map[u32, int]{}
    m.put(4294967295, 1)
    m.put(0, 2)
    println("u32", m.len, m.get(4294967295).unwrap(), m.get(0).unwrap())
    m.free()
}

fn keys_i64() {
    var m = map.Map[i64, int]{}
    m.put(-9223372036854775807 - 1, 1)
    m.put(9223372036854775807, 2)
    println("i64", m.len, m.get(-9223372036854775807 - 1).unwrap(), m.get(9223372036854775807).unwrap())
    m.free()
}

fn keys_u64() {
    var m = map.Map[u64, string]{}
    m.put(18446744073709551615, "max")
    m.put(0, "zero")
    m.put(1_u64 << 63, "top")
    println("u64", m.len, m.get(18446744073709551615).unwrap(), m.get(0).unwrap(), m.get(1_u64 << 63).unwrap())
    m.free()
}

fn main() {
    var m = map.Map[int, int]{}
    println("empty", m.len, m.has(0), m.remove(0), m.get(5).is_some())
    for i in 0..10 { m.put(i * 3, i * i) }
    println("len", m.len)
    show(m, 9)
    show(m, 10)
    show(m, -3)
    m.put(9, 1000)
    println("replaced", m.len, m.get(9).unwrap())
    m.get_ref(12) += 5
    let r = m.get_ref(15)
    r = r * 2
    println("get_ref", m.get(12).unwrap(), m.get(15).unwrap())
    println("remove", m.remove(12), m.remove(12), m.remove(13), m.len)
    show(m, 12)
    m.clear()
    println("cleared", m.len, m.has(0), m.get(3).or(-1))
    m.put(1, 1)
    println("after clear", m.len, m.get(1).unwrap())
    m.free()
    println("freed", m.len, m.has(1))
    m.free()
    m.put(2, 22)
    println("after free", m.len, m.get(2).unwrap())
    m.free()
    keys_i8()
    keys_u8()
    keys_i16()
    keys_u16()
    keys_i32()
    keys_u32()
    keys_i64()
    keys_u64()
}
