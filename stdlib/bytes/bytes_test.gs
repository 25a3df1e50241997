// The bytes module's own tests (goose test stdlib/bytes); this file joins
// the module, so its functions are called unqualified.

fn sign(x: int) -> int {
    if x < 0 {
        return -1
    }
    if x > 0 {
        return 1
    }
    return 0
}

fn test_equal() {
    let a = "abracadabra".bytes()
    let b = "abracadabra".bytes()
    let e: []u8 = make([]u8, 0)
    var z: []u8
    assert equal(a, b) && equal(a, a) && equal(a[0:4], b[7:11])
    assert !equal(a, b[0:10])
    assert equal(e, z) && equal(e, a[3:3])
    b[10] = 98
    assert !equal(a, b)
    delete(a)
    delete(b)
    delete(e)
}

// compare agrees with < and == on strings, byte 255 included.
fn test_compare_agrees_with_strings() {
    let words = ["", "a", "ab", "abc", "b", "\xff", "\xffa", "a\x00"]
    for s in words {
        for t in words {
            var want = 0
            if s < t {
                want = -1
            }
            if s > t {
                want = 1
            }
            assert compare(s.bytes(), t.bytes()) == want
            assert equal(s.bytes(), t.bytes()) == (s == t)
        }
    }
}

fn test_has_prefix_and_index_byte() {
    let a = "abracadabra".bytes()
    assert has_prefix(a, "abra".bytes()) && !has_prefix(a, "abc".bytes())
    assert has_prefix(a, []u8{}) && !has_prefix(a[0:2], a)
    assert index_byte(a, 'c') == 4 && index_byte(a, 'z') == -1
    assert index_byte(a[5:], 'a') == 0
    delete(a)
}
