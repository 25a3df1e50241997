// The sort module's own tests (goose test stdlib/sort); this file joins the
// module, so sort and sort_by are called unqualified.

struct Rec { key: int, id: int }

var seed: u64 = 12345

fn rnd() -> u64 {
    seed = seed * 6364136223846793005 + 1442695040888963407
    return seed >> 20
}

fn is_ascending(xs: []int) -> bool {
    for i in 1..xs.len {
        if xs[i - 1] > xs[i] {
            return false
        }
    }
    return true
}

fn test_random_ints_are_a_sorted_permutation() {
    let k = 3000
    var count = make([]int, k)
    var xs: []int
    for i in 0..10_000 {
        let v = (rnd() % (k as u64)) as int
        xs.push(v)
        count[v] += 1
    }
    sort(xs)
    assert is_ascending(xs)
    for x in xs {
        count[x] -= 1
    }
    for c in count {
        assert c == 0
    }
    delete(xs)
    delete(count)
}

// Sizes around the insertion-run length, sorted, reversed and all equal.
fn test_shapes() {
    for n in [0, 1, 2, 23, 24, 25, 47, 48, 49, 100, 1000, 1025] {
        var up: []int
        var down: []int
        var flat: []int
        for i in 0..n {
            up.push(i)
            down.push(n - i)
            flat.push(7)
        }
        sort(up)
        sort(down)
        sort(flat)
        for i in 0..n {
            assert up[i] == i && down[i] == i + 1 && flat[i] == 7
        }
        delete(up)
        delete(down)
        delete(flat)
    }
}

fn test_integer_types_and_extremes() {
    var a: []i8
    for v in [5, -128, 127, 0, -1] {
        a.push(v as i8)
    }
    sort(a)
    assert a[0] == -128 && a[1] == -1 && a[2] == 0 && a[3] == 5 && a[4] == 127
    var d: []u64
    d.push(18446744073709551615)
    d.push(0)
    d.push(1_u64 << 63)
    d.push(5)
    sort(d)
    assert d[0] == 0 && d[1] == 5 && d[2] == 1_u64 << 63 && d[3] == 18446744073709551615
    var e: []i64
    e.push(9223372036854775807)
    e.push(-9223372036854775807 - 1)
    e.push(0)
    sort(e)
    assert e[0] == -9223372036854775807 - 1 && e[1] == 0 && e[2] == 9223372036854775807
}

fn test_sub_slice_only() {
    var some = make([]int, 5)
    some[0] = 9
    some[1] = 3
    some[2] = 7
    some[3] = 1
    some[4] = 5
    sort(some[1:4])
    assert some[0] == 9 && some[1] == 1 && some[2] == 3 && some[3] == 7 && some[4] == 5
    delete(some)
}

fn test_strings_and_f64() {
    var ss: []string
    for w in ["pear", "fig", "apple"] {
        ss.push(w)
    }
    sort(ss)
    assert ss[0] == "apple" && ss[1] == "fig" && ss[2] == "pear"
    var fs: []f64
    for f in [2.5, -1.0, 0.0, 10.0] {
        fs.push(f)
    }
    sort(fs)
    assert fs[0] == -1.0 && fs[1] == 0.0 && fs[2] == 2.5 && fs[3] == 10.0
}

fn is_stable(n: int, groups: int) -> bool {
    var xs: []Rec
    for i in 0..n {
        xs.push(Rec{key: (i * 7919) % groups, id: i})
    }
    sort_by(xs, fn(a: Rec, b: Rec) -> bool { return a.key < b.key })
    var ok = true
    for i in 1..xs.len {
        let p = xs[i - 1]
        let q = xs[i]
        if p.key > q.key || (p.key == q.key && p.id > q.id) {
            ok = false
        }
    }
    delete(xs)
    return ok
}

fn test_sort_by_is_stable() {
    for n in [0, 1, 5, 24, 25, 48, 49, 97, 1000, 3000] {
        assert is_stable(n, 3) && is_stable(n, 50)
    }
}

fn test_sort_by_descending_with_a_closure() {
    var xs: []Rec
    for i in 0..12 {
        xs.push(Rec{key: i % 4, id: i})
    }
    var calls = 0
    sort_by(xs, fn(a: Rec, b: Rec) -> bool {
        calls += 1
        return a.key > b.key
    })
    assert calls > 0
    assert xs[0].key == 3 && xs[0].id == 3 && xs[2].id == 11
    assert xs[11].key == 0 && xs[11].id == 8
    delete(xs)
}
