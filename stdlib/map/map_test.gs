// The map module's own tests (goose test stdlib/map); this file joins the
// module, so Map is named unqualified and the slots may be looked at.

fn test_int_keys_put_get_remove() {
    var m = Map[int, int]{}
    for i in 0..1000 {
        m.put(i * 7, i)
    }
    assert m.len == 1000
    for i in 0..1000 {
        assert m.get(i * 7).or(-1) == i
    }
    assert m.get(1).or(-1) == -1
    assert !m.has(-7)
    for i in 0..500 {
        assert m.remove(i * 14)
    }
    assert !m.remove(0)
    assert m.len == 500
    assert m.has(7) && !m.has(14)
    m.free()
    assert m.len == 0
}

// At most 3/4 full, the capacity a power of two.
fn test_growth_keeps_the_load_factor() {
    var m = Map[int, bool]{}
    for i in 0..10_000 {
        m.put(i, true)
        let cap = m.slots.len
        assert cap & (cap - 1) == 0
        assert m.len * 4 <= cap * 3
    }
    m.free()
}

// put keeps its own copy of a string key: the caller may delete its string.
fn test_string_keys_are_copied() {
    var m = Map[string, int]{}
    for i in 0..50 {
        let k = "key" + to_string(i)
        m.put(k, i)
        delete(k)
    }
    var junk: []string
    for i in 0..50 {
        junk.push("zzz" + to_string(i + 100))
    }
    var sum = 0
    m.each(fn(k: string, v: int) {
        assert k == "key" + to_string(v)
        sum += v
    })
    assert sum == 1225
    assert m.get("key7").or(-1) == 7 && m.get("key50").or(-1) == -1
    m.free()
    for j in junk {
        delete(j)
    }
    delete(junk)
}

fn test_empty_key_reput_and_get_ref() {
    var m = Map[string, int]{}
    m.put("", 5)
    assert m.get("").unwrap() == 5
    m.put("k", 33)
    m.put("k", 34)
    assert m.get("k").unwrap() == 34 && m.len == 2
    m.get_ref("k") += 1
    assert m.get("k").unwrap() == 35
    m.clear()
    assert m.len == 0 && !m.has("k")
    m.put("y", 2)
    assert m.len == 1
    m.free()
}

fn test_for_loop_sees_every_entry() {
    var m = Map[int, int]{}
    for i in 1..101 {
        m.put(i, i * i)
    }
    var keys = 0
    var vals = 0
    for k, v in m {
        keys += k
        vals += v
        assert v == k * k
    }
    assert keys == 5050 && vals == 338350
    m.free()
}
