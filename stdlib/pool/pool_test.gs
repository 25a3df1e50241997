// The pool module's own tests (goose test stdlib/pool); this file joins the
// module, so slot_pool and slice_pool are named unqualified.

struct Node {
    val: int
    next: int
}

// LIFO reuse, as the builtin `reusable T`: the last freed index first.
fn test_slot_pool_reuses_the_last_freed_index() {
    var p = slot_pool[Node]{}
    let a = p.alloc(Node{val: 1, next: -1})
    let b = p.alloc(Node{val: 2, next: a})
    let c = p.alloc(Node{val: 3, next: b})
    assert a == 0 && b == 1 && c == 2 && p.len == 3
    p.free(a)
    p.free(c)
    assert p.alloc(Node{val: 4, next: -1}) == c
    assert p.alloc(Node{val: 5, next: -1}) == a
    assert p.alloc(Node{val: 6, next: -1}) == 3
    assert p.get(b).val == 2 && p.get(b).next == a
}

fn test_slot_pool_get_is_a_reference() {
    var p = slot_pool[Node]{}
    let i = p.alloc(Node{val: 1, next: -1})
    p.get(i).val += 41
    assert p.get(i).val == 42
    let r = p.alloc_ref(Node{val: 7, next: i})
    r.val = 8
    assert p.get(1).val == 8
}

// A slot never moves: a reference taken early still reads the same slot
// after many more allocations.
fn test_slots_are_stable() {
    var p = slot_pool[int]{}
    let first = p.alloc(10)
    for k in 0..100_000 {
        p.alloc(k)
    }
    assert p.get(first) == 10 && p.get(100_000) == 99_999
}

fn test_slice_pool_alloc_resize_free() {
    var q = slice_pool[int]{}
    let a = q.alloc_slice(4)
    assert a.len == 4 && a[0] == 0 && a[3] == 0
    a[0] = 7
    let b = q.alloc_copy(a)
    assert b.len == 4 && b[0] == 7
    let c = q.resize(b, 10)
    assert c.len == 10 && c[0] == 7 && c[9] == 0
    let d = q.resize(c, 2)
    assert d.len == 2 && d[0] == 7
    q.free(d)
    q.free(a)
    assert q.alloc_slice(0).len == 0
}
