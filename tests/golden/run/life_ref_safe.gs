// Programs near the lifetime errors that are correct and must run to the
// end: nothing is given back while a ref into it lives (pass_borrow.c).
import "map"
import "pool"

struct P {
    x: int
    tags: []int
}

var g: []int
var arr: [4]int
var sp = pool.slot_pool[P]{}

fn set_then_grow(r: ref int, xs: ref []int) {
    r = 5
    xs.push(9) // within capacity: nothing moves
}

fn grow_other(r: ref int, ys: ref []int) {
    ys.push(1) // another slice's storage moves
    r += 1
}

fn bump_global(r: ref int) {
    g.push(r) // g moves; r points into a local
    r += 100
}

fn touch(r: ref int) {
    r += 1 // frees nothing: no note (see --stats)
}

fn (p: ref P) add_tag(t: int) {
    p.tags.push(t) // moves p.tags, not the slice p lives in
    p.x += t
}

// a binding whose last use comes before the map grows
fn last_use_first(m: ref map.Map[int, int]) -> int {
    let r = m.get_ref(1)
    r += 1
    let seen: int = r
    for i in 10..30 {
        m.put(i, i)
    }
    return seen + m.len
}

// continue and break leave a binding's statement before its note is
// forgotten; the loop's resets drop it, so the later growth is not
// stopped by a stale note
fn early_exits(m: ref map.Map[int, int], xs: ref []int) -> int {
    var sum = 0
    for i in 0..6 {
        let r = m.get_ref(1)
        if i % 2 == 0 {
            continue
        }
        m.put(1, r + i) // a key already there: nothing moves
        sum += r
        if i == 5 {
            break
        }
    }
    for i in 0..40 {
        m.put(2000 + i, i)
        xs.push(i)
    }
    return sum + m.len
}

fn early_return(m: ref map.Map[int, int]) -> int {
    let r = m.get_ref(1)
    if r > 0 {
        return r
    }
    m.put(7, 7)
    return r
}

fn main() {
    var xs = make([]int, 2, 8)
    set_then_grow(xs[0], xs)
    println(xs[0], xs.len)

    var ys = make([]int, 1)
    grow_other(xs[1], ys)
    println(xs[1], ys.len)

    var local = 3
    for _i in 0..10 {
        bump_global(local)
    }
    println(local, g.len)

    for i in 0..3 {
        touch(xs[i])
    }
    println(xs[0], xs[1], xs[2])

    arr[2] = 1
    for i in 0..5 {
        g.push(i)
        touch(arr[2])
    }
    println(arr[2])

    var ps = make([]P, 2)
    ps[1].add_tag(4)
    ps[1].add_tag(6)
    println(ps[1].x, ps[1].tags.len)

    let h = sp.alloc(P{x: 1})
    for i in 0..100 {
        _ = sp.alloc(P{x: i})
    }
    sp.get(h).add_tag(2)
    println(sp.get(h).x)

    var m = map.Map[int, int]{}
    m.put(1, 1)
    println(last_use_first(m))
    var zs = make([]int, 0)
    println(early_exits(m, zs), zs.len)
    println(early_return(m))
    for i in 0..100 {
        m.put(5000 + i, i)
    }
    println(m.len)
}
